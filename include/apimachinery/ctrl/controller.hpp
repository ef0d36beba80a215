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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL Controller(std::string name, std::shared_ptr<Reconciler> reconciler,
                               ControllerOptions options = {});
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;
  ~Controller() = default;

  APIMACHINERY_DECL const std::string& Name() const noexcept;
  APIMACHINERY_DECL const ControllerOptions& Options() const noexcept;
  APIMACHINERY_DECL const Logger& GetLogger() const noexcept;

  // Watch adds a source: kept until Start, started at once after it.
  APIMACHINERY_DECL void Watch(SourcePtr src);

  // Start runs the controller until `stop` is requested (see the top comment). Blocks.
  APIMACHINERY_DECL void Start(const std::stop_token& stop);

  // Reconcile calls the reconciler (exceptions propagate).
  APIMACHINERY_DECL Result Reconcile(const Request& request);

  // GetQueue: the queue (null before Start).
  APIMACHINERY_DECL std::shared_ptr<Queue> GetQueue() const;

 private:
  APIMACHINERY_DECL bool ProcessNextWorkItem();
  APIMACHINERY_DECL void ReconcileHandler(const Request& req);
  APIMACHINERY_DECL void StopSources();

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

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/controller.ipp"
#endif
