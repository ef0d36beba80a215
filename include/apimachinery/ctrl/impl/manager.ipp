// Definitions of the non-template functions declared in <apimachinery/ctrl/manager.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/manager.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL RunnableFunc::RunnableFunc(std::function<void(std::stop_token)> fn) : fn_(std::move(fn)) {}

APIMACHINERY_DECL void RunnableFunc::Start(std::stop_token stop) { fn_(std::move(stop)); }

APIMACHINERY_DECL Manager::Manager(std::shared_ptr<const runtime::Scheme> scheme,
                                   std::shared_ptr<const meta::RESTMapper> mapper,
                                   std::shared_ptr<dynamic::Interface> api, ManagerOptions options)
    : scheme_(std::move(scheme)),
      mapper_(std::move(mapper)),
      api_(std::move(api)),
      options_(std::move(options)) {
  if (!scheme_) throw Error("manager: the Scheme is null");
  if (!mapper_) throw Error("manager: the RESTMapper is null");
  if (!api_) throw Error("manager: the dynamic client is null");
  std::shared_ptr<Client> server = NewClient(*scheme_, mapper_, api_, options_.client);
  if (!options_.api_reader) options_.api_reader = server;
  CacheOptions cache_options = options_.cache;
  if (!cache_options.disable_for.empty() && !cache_options.api_reader)
    cache_options.api_reader = options_.api_reader;
  cache_ = std::make_shared<Cache>(*scheme_, mapper_, api_, std::move(cache_options));
  client_ = options_.new_client ? options_.new_client(*scheme_, mapper_, api_, cache_)
                                : NewDelegatingClient(cache_, server, options_.uncached);
  if (!client_) throw Error("manager: new_client made no client");
  log_ = Logger(options_.log_sink ? options_.log_sink : NewStderrLogSink());
}

APIMACHINERY_DECL Manager::~Manager() { Shutdown(); }

APIMACHINERY_DECL const runtime::Scheme& Manager::GetScheme() const noexcept { return *scheme_; }

APIMACHINERY_DECL std::shared_ptr<const runtime::Scheme> Manager::GetSchemePtr() const noexcept {
  return scheme_;
}

APIMACHINERY_DECL const meta::RESTMapper& Manager::GetRESTMapper() const noexcept { return *mapper_; }

APIMACHINERY_DECL std::shared_ptr<const meta::RESTMapper> Manager::GetRESTMapperPtr() const noexcept {
  return mapper_;
}

APIMACHINERY_DECL Cache& Manager::GetCache() noexcept { return *cache_; }

APIMACHINERY_DECL Cache& Manager::GetFieldIndexer() noexcept { return *cache_; }

APIMACHINERY_DECL std::shared_ptr<dynamic::Interface> Manager::GetDynamic() const noexcept { return api_; }

APIMACHINERY_DECL std::shared_ptr<const Reader> Manager::GetAPIReader() const noexcept {
  return options_.api_reader;
}

APIMACHINERY_DECL std::shared_ptr<Client> Manager::GetClient() const noexcept { return client_; }

APIMACHINERY_DECL const Logger& Manager::GetLogger() const noexcept { return log_; }

APIMACHINERY_DECL void Manager::Add(std::shared_ptr<Runnable> r) {
  if (!r) throw Error("manager: a null runnable");
  std::lock_guard lock(mu_);
  if (stopping_) throw Error("can't accept new runnable as stop procedure is already engaged");
  if (running_) {
    Launch(std::move(r));
  } else {
    pending_.push_back(std::move(r));
  }
}

APIMACHINERY_DECL void Manager::Add(std::shared_ptr<Controller> c) {
  if (!c) throw Error("manager: a null controller");
  {
    std::lock_guard lock(mu_);
    if (!names_.insert(c->Name()).second) {
      throw Error(fmt::format(
          "controller with name {} already exists. Controller names must be unique to avoid multiple "
          "controllers reporting the same metric. This validation can be disabled via the "
          "SkipNameValidation "
          "option",
          c->Name()));
    }
  }
  Add(std::static_pointer_cast<Runnable>(std::make_shared<ControllerRunnable>(std::move(c))));
}

APIMACHINERY_DECL Manager::ControllerRunnable::ControllerRunnable(std::shared_ptr<Controller> ctl)
    : c(std::move(ctl)) {}

APIMACHINERY_DECL void Manager::ControllerRunnable::Start(std::stop_token stop) { c->Start(stop); }

APIMACHINERY_DECL void Manager::Launch(std::shared_ptr<Runnable> r) {
  ++running_count_;
  threads_.emplace_back([this, r = std::move(r)] {
    try {
      r->Start(internal_.get_token());
    } catch (...) {
      Fail(std::current_exception());
    }
    {
      std::lock_guard lock(mu_);
      --running_count_;
    }
    cv_.notify_all();
  });
}

APIMACHINERY_DECL void Manager::Fail(const std::exception_ptr& e) {
  {
    std::lock_guard lock(mu_);
    if (!error_) {
      error_ = e;
    } else {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        log_.Error(ex.what(), "error received after stop sequence was engaged");
      } catch (...) {
      }
    }
  }
  internal_.request_stop();
  cv_.notify_all();
}

APIMACHINERY_DECL void Manager::Shutdown() {
  internal_.request_stop();
  cache_stop_.request_stop();
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    threads.swap(threads_);
  }
  for (auto& t : threads) {
    if (t.joinable()) t.join();
  }
  if (cache_thread_.joinable()) cache_thread_.join();
}

APIMACHINERY_DECL void Manager::Start(const std::stop_token& stop) {
  {
    std::lock_guard lock(mu_);
    if (started_) throw Error("manager already started");
    started_ = true;
  }
  std::stop_callback link(stop, [this] { internal_.request_stop(); });
  cache_thread_ = std::thread([this] {
    try {
      cache_->Start(cache_stop_.get_token());
    } catch (...) {
      Fail(std::current_exception());
    }
  });
  const bool synced = cache_->WaitForCacheSync(internal_.get_token());
  {
    std::lock_guard lock(mu_);
    if (synced && !internal_.stop_requested()) {
      running_ = true;
      for (auto& r : pending_) Launch(std::move(r));
      pending_.clear();
    }
  }
  {
    std::mutex m;
    std::condition_variable_any cv;
    std::unique_lock lock(m);
    cv.wait(lock, internal_.get_token(), [] { return false; });
  }

  // engageStopProcedure: the runnables first, within the grace period, then the cache.
  log_.Info("Stopping and waiting for non leader election runnables");
  bool timed_out = false;
  std::vector<std::thread> finished;
  {
    std::unique_lock lock(mu_);
    stopping_ = true;
    auto done = [this] { return running_count_ == 0; };
    const auto grace = options_.graceful_shutdown_timeout;
    if (grace < std::chrono::milliseconds::zero()) {
      cv_.wait(lock, done);
    } else {
      timed_out = !cv_.wait_for(lock, grace, done);
    }
    if (!timed_out) finished.swap(threads_);
  }
  for (auto& t : finished) t.join();
  log_.Info("Stopping and waiting for caches");
  cache_stop_.request_stop();
  if (cache_thread_.joinable()) cache_thread_.join();
  log_.Info("Wait completed, proceeding to shutdown the manager");

  std::exception_ptr err;
  {
    std::lock_guard lock(mu_);
    err = error_;
  }
  if (err) std::rethrow_exception(err);
  if (timed_out && options_.graceful_shutdown_timeout > std::chrono::milliseconds::zero()) {
    throw Error(fmt::format(
        "failed waiting for all runnables to end within grace period of {}: context deadline exceeded",
        util::FormatDuration(options_.graceful_shutdown_timeout)));
  }
}

}  // namespace apimachinery::ctrl
