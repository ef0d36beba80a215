// ctrl::Controller: a work queue of requests fed by sources and drained by worker threads that
// call a Reconciler (sigs.k8s.io/controller-runtime pkg/internal/controller/controller.go:
// Controller.Start, Watch, processNextWorkItem, reconcileHandler; pkg/controller/controller.go:
// Options, NewTypedUnmanaged).
//
// Example:
//   testing::FakeAPIServer server;
//   schema::GroupVersionResource widgets{"example.com", "v1", "widgets"};
//   server.AddResource(widgets, "Widget", meta::RESTScopeName::kNamespace);
//   cache::SharedIndexInformer informer(server.ListerWatcher(widgets), std::chrono::minutes(10));
//   auto reconciler = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//   ctrl::Controller c("widget", reconciler, {.max_concurrent_reconciles = 2});
//   c.Watch(std::make_shared<ctrl::KindSource>(informer, std::make_shared<ctrl::EnqueueRequestForObject>()));
//   std::jthread t([&](std::stop_token stop) { c.Start(stop); });   // blocks until stop
//
// Start makes the queue (workqueue::RateLimitingQueue over the options' rate limiter, by default
// workqueue::DefaultControllerRateLimiter: per request 5ms*2^failures up to 1000s, overall
// 10 qps burst 100), starts every source, waits (up to cache_sync_timeout) for the syncing ones,
// then runs max_concurrent_reconciles workers until `stop`: it then shuts the queue down, waits
// for the workers (a worker finishes its reconcile; queued requests are still handed out, as
// upstream's queue does) and stops the sources. A source watched after Start is started at once.
// Each worker takes a request, calls the reconciler and then, as upstream's reconcileHandler:
// - the reconciler threw ctrl::TerminalError: logged (`Reconciler error`) and counted, not
//   requeued (its backoff is not reset either, as upstream);
// - it threw anything else: logged and counted, requeued with AddRateLimited (the Result is
//   ignored);
// - result.requeue_after > 0: Forget (the backoff is reset), then AddAfter(requeue_after);
// - result.requeue: AddRateLimited;
// - otherwise: Forget.
// The queue never hands one request to two workers at once (workqueue::Queue's exclusivity), so
// two reconciles of one request never overlap; different requests run in parallel.
//
// Throws:
// - constructor: apimachinery::Error `must specify Reconciler`, `must specify Name for Controller`.
// - Start: `controller was started more than once. This is likely to be caused by being added to
//   a manager multiple times`; a source's Start exception; `failed to wait for <name> caches to
//   sync <source>: <cause>` when a syncing source timed out (the controller is then stopped).
// - Watch after Start: the source's Start exception.
// Thread-safety: Watch, Start, Reconcile and the accessors may be called from any thread. The
// reconciler is called from up to max_concurrent_reconciles threads at once. The Controller must
// outlive Start's return; destroying it while Start runs is undefined.
// Differences from upstream: no priority queue (Result has no priority; initial-list events are
// not low priority); no context: a reconcile cannot be cancelled and there is no
// ReconciliationTimeout; every exception of the reconciler is its error (Go's panics and
// errors are both C++ exceptions: RecoverPanic is always on, the error text is what()); the
// reconcileID is a per-controller sequence number, not a UUID; sources are started one after the
// other (upstream: in parallel) and their sync waits share one deadline; no leader election or
// warm-up (every controller runs at once); controller name uniqueness is checked by the Manager,
// not process-wide.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/ctrl/metrics.hpp"
#include "apimachinery/ctrl/reconcile.hpp"
#include "apimachinery/ctrl/source.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/duration.hpp"
#include "apimachinery/workqueue/default_rate_limiters.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

namespace apimachinery::ctrl {

using RateLimiter = workqueue::TypedRateLimiter<Request>;

// ControllerOptions (controller.Options). Every member has a default: designated initializers
// may name any of them, in declaration order.
struct ControllerOptions {
  // max_concurrent_reconciles: worker threads (<= 0: 1).
  int max_concurrent_reconciles = 1;
  // rate_limiter: the queue's limiter (null: workqueue::DefaultControllerRateLimiter).
  std::shared_ptr<RateLimiter> rate_limiter = {};
  // new_queue: makes the queue at Start from the controller's name and the limiter (null: a
  // workqueue::RateLimitingQueue named after the controller, on `clock`).
  std::function<std::shared_ptr<Queue>(const std::string& name, std::shared_ptr<RateLimiter>)> new_queue = {};
  // cache_sync_timeout: how long Start waits for the syncing sources (0: 2 minutes).
  std::chrono::milliseconds cache_sync_timeout{0};
  // log_sink: where the controller logs (null: stderr, verbosity 0).
  std::shared_ptr<LogSink> log_sink = {};
  // metrics: the hooks (null: NoopMetrics).
  std::shared_ptr<Metrics> metrics = {};
  // clock: the default queue's clock (null: the real clock).
  std::shared_ptr<util::clock::Clock> clock = {};
};

class Controller {
 public:
  Controller(std::string name, std::shared_ptr<Reconciler> reconciler, ControllerOptions options = {})
      : name_(std::move(name)), reconciler_(std::move(reconciler)), options_(std::move(options)) {
    if (!reconciler_) throw Error("must specify Reconciler");
    if (name_.empty()) throw Error("must specify Name for Controller");
    if (options_.max_concurrent_reconciles <= 0) options_.max_concurrent_reconciles = 1;
    if (options_.cache_sync_timeout <= std::chrono::milliseconds::zero()) {
      options_.cache_sync_timeout = std::chrono::minutes(2);
    }
    if (!options_.rate_limiter) options_.rate_limiter = workqueue::DefaultControllerRateLimiter<Request>();
    if (!options_.metrics) options_.metrics = std::make_shared<NoopMetrics>();
    log_ = Logger(options_.log_sink ? options_.log_sink : NewStderrLogSink(), {{"controller", name_}});
  }
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;
  ~Controller() = default;

  const std::string& Name() const noexcept { return name_; }
  const ControllerOptions& Options() const noexcept { return options_; }
  const Logger& GetLogger() const noexcept { return log_; }

  // Watch adds a source: kept until Start, started at once after it.
  void Watch(SourcePtr src) {
    if (!src) throw Error("must specify a non-nil source");
    std::unique_lock lock(mu_);
    if (!sources_started_) {
      watches_.push_back(std::move(src));
      return;
    }
    auto q = queue_;
    auto stop = stop_;
    started_sources_.push_back(src);
    lock.unlock();
    log_.Info("Starting EventSource", {{"source", src->String()}});
    src->Start(stop, std::move(q));
  }

  // Start runs the controller until `stop` is requested (see the top comment). Blocks.
  void Start(const std::stop_token& stop);

  // Reconcile calls the reconciler (exceptions propagate).
  Result Reconcile(const Request& request) { return reconciler_->Reconcile(request); }

  // GetQueue: the queue (null before Start).
  std::shared_ptr<Queue> GetQueue() const {
    std::lock_guard lock(mu_);
    return queue_;
  }

 private:
  bool ProcessNextWorkItem();
  void ReconcileHandler(const Request& req);
  void StopSources() {
    std::vector<SourcePtr> srcs;
    {
      std::lock_guard lock(mu_);
      srcs = started_sources_;
    }
    for (auto& s : srcs) s->Stop();
  }

  std::string name_;
  std::shared_ptr<Reconciler> reconciler_;
  ControllerOptions options_;
  Logger log_;
  std::atomic<std::uint64_t> reconcile_ids_{0};

  mutable std::mutex mu_;
  bool started_ = false;
  bool sources_started_ = false;
  std::stop_token stop_;
  std::shared_ptr<Queue> queue_;
  std::vector<SourcePtr> watches_;
  std::vector<SourcePtr> started_sources_;
};

// Implementation details follow.

inline void Controller::Start(const std::stop_token& stop) {
  std::vector<SourcePtr> watches;
  std::shared_ptr<Queue> queue;
  {
    std::lock_guard lock(mu_);
    if (started_) {
      throw Error(
          "controller was started more than once. This is likely to be caused by being added to a manager "
          "multiple times");
    }
    started_ = true;
    stop_ = stop;
    if (options_.new_queue) {
      queue_ = options_.new_queue(name_, options_.rate_limiter);
    } else {
      workqueue::RateLimitingQueueConfig<Request> config;
      config.name = name_;
      config.clock = options_.clock;
      queue_ =
          std::make_shared<workqueue::RateLimitingQueue<Request>>(options_.rate_limiter, std::move(config));
    }
    queue = queue_;
    watches.swap(watches_);
    started_sources_ = watches;
  }
  std::stop_callback shut_down(stop, [queue] { queue->ShutDown(); });
  options_.metrics->WorkerCount(name_, options_.max_concurrent_reconciles);

  try {
    for (const auto& src : watches) {
      log_.Info("Starting EventSource", {{"source", src->String()}});
      src->Start(stop, queue);
    }
    const auto deadline = std::chrono::steady_clock::now() + options_.cache_sync_timeout;
    for (const auto& src : watches) {
      auto* syncing = dynamic_cast<SyncingSource*>(src.get());
      if (syncing == nullptr) continue;
      auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      try {
        syncing->WaitForSync(stop, std::max(left, std::chrono::milliseconds::zero()));
      } catch (const std::exception& e) {
        std::string err =
            fmt::format("failed to wait for {} caches to sync {}: {}", name_, src->String(), e.what());
        log_.Error(err, "Could not wait for Cache to sync", {{"source", src->String()}});
        throw Error(err);
      }
    }
  } catch (...) {
    queue->ShutDown();
    StopSources();
    throw;
  }
  for (;;) {  // sources watched while the first ones were starting
    std::vector<SourcePtr> late;
    {
      std::lock_guard lock(mu_);
      if (watches_.empty()) {
        sources_started_ = true;
        break;
      }
      late.swap(watches_);
      started_sources_.insert(started_sources_.end(), late.begin(), late.end());
    }
    for (const auto& src : late) {
      log_.Info("Starting EventSource", {{"source", src->String()}});
      src->Start(stop, queue);
    }
  }

  log_.Info("Starting Controller");
  log_.Info("Starting workers", {{"worker count", std::to_string(options_.max_concurrent_reconciles)}});
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(options_.max_concurrent_reconciles));
  for (int i = 0; i < options_.max_concurrent_reconciles; ++i) {
    workers.emplace_back([this] {
      while (ProcessNextWorkItem()) {
      }
    });
  }
  {
    std::mutex m;
    std::condition_variable_any cv;
    std::unique_lock lock(m);
    cv.wait(lock, stop, [] { return false; });
  }
  log_.Info("Shutdown signal received, waiting for all workers to finish");
  queue->ShutDown();
  for (auto& w : workers) w.join();
  log_.Info("All workers finished");
  StopSources();
}

inline bool Controller::ProcessNextWorkItem() {
  std::optional<Request> req = queue_->Get();
  if (!req) return false;
  // Done: the metrics and the queue's Done, however ReconcileHandler ends.
  class Done {
   public:
    Done(Queue& q, const Request& r, Metrics& m, const std::string& name) : q_(q), r_(r), m_(m), name_(name) {
      m_.ActiveWorkers(name_, 1);
    }
    Done(const Done&) = delete;
    Done& operator=(const Done&) = delete;
    Done(Done&&) = delete;
    Done& operator=(Done&&) = delete;
    ~Done() {
      m_.ActiveWorkers(name_, -1);
      q_.Done(r_);
    }

   private:
    Queue& q_;
    const Request& r_;
    Metrics& m_;
    const std::string& name_;
  };
  Done done(*queue_, *req, *options_.metrics, name_);
  ReconcileHandler(*req);
  return true;
}

inline void Controller::ReconcileHandler(const Request& req) {
  const auto start = std::chrono::steady_clock::now();
  Metrics& m = *options_.metrics;
  Queue& q = *queue_;
  const std::string object = req.namespace_.empty() ? req.name : req.namespace_ + "/" + req.name;
  Logger log = log_.WithValues({{"object", object},
                                {"namespace", req.namespace_},
                                {"name", req.name},
                                {"reconcileID", std::to_string(++reconcile_ids_)}});
  log.V(5, "Reconciling");
  Result result;
  std::string err;
  bool failed = false;
  bool terminal = false;
  try {
    result = reconciler_->Reconcile(req);
  } catch (const TerminalError& e) {
    failed = terminal = true;
    err = e.what();
  } catch (const std::exception& e) {
    failed = true;
    err = e.what();
  } catch (...) {
    failed = true;
    err = "unknown exception";
  }
  if (failed) {
    if (terminal) {
      m.TerminalReconcileError(name_);
    } else {
      q.AddRateLimited(req);
    }
    m.ReconcileError(name_);
    m.ReconcileResult(name_, kResultError);
    log.Error(err, "Reconciler error");
  } else if (result.requeue_after > std::chrono::milliseconds::zero()) {
    log.V(5, "Reconcile done, requeueing after " + util::FormatDuration(result.requeue_after));
    q.Forget(req);
    q.AddAfter(req, result.requeue_after);
    m.ReconcileResult(name_, kResultRequeueAfter);
  } else if (result.requeue) {
    log.V(5, "Reconcile done, requeueing");
    q.AddRateLimited(req);
    m.ReconcileResult(name_, kResultRequeue);
  } else {
    log.V(5, "Reconcile successful");
    q.Forget(req);
    m.ReconcileResult(name_, kResultSuccess);
  }
  m.ReconcileTime(name_, std::chrono::steady_clock::now() - start);
}

}  // namespace apimachinery::ctrl
