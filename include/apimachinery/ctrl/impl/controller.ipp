// Definitions of the non-template functions declared in <apimachinery/ctrl/controller.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/controller.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL Controller::Controller(std::string name, std::shared_ptr<Reconciler> reconciler,
                                         ControllerOptions options)
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

APIMACHINERY_DECL const std::string& Controller::Name() const noexcept { return name_; }

APIMACHINERY_DECL const ControllerOptions& Controller::Options() const noexcept { return options_; }

APIMACHINERY_DECL const Logger& Controller::GetLogger() const noexcept { return log_; }

APIMACHINERY_DECL void Controller::Watch(SourcePtr src) {
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

APIMACHINERY_DECL Result Controller::Reconcile(const Request& request) {
  return reconciler_->Reconcile(request);
}

APIMACHINERY_DECL std::shared_ptr<Queue> Controller::GetQueue() const {
  std::lock_guard lock(mu_);
  return queue_;
}

APIMACHINERY_DECL void Controller::StopSources() {
  std::vector<SourcePtr> srcs;
  {
    std::lock_guard lock(mu_);
    srcs = started_sources_;
  }
  for (auto& s : srcs) s->Stop();
}

APIMACHINERY_DECL void Controller::Start(const std::stop_token& stop) {
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

APIMACHINERY_DECL bool Controller::ProcessNextWorkItem() {
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

APIMACHINERY_DECL void Controller::ReconcileHandler(const Request& req) {
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
