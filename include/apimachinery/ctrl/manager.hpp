// ctrl::Manager: owns what controllers share (Scheme, RESTMapper, Cache, clients) and runs them
// (sigs.k8s.io/controller-runtime pkg/manager: manager.go Options/New, internal.go
// controllerManager.Start/Add/engageStopProcedure, runnable_group.go).
//
// Example (namespace scope):
//   struct WidgetSpec { int size = 0; };
//   APIMACHINERY_FIELDS(WidgetSpec, size)
//   struct Widget : runtime::ObjectBase<Widget> {   // a custom resource (runtime/interfaces.hpp)
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   struct ConfigMap : runtime::ObjectBase<ConfigMap> {   // the part of core/v1 ConfigMap used
//     static constexpr std::string_view kKind = "ConfigMap";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     std::map<std::string, std::string> data;
//   };
//   APIMACHINERY_FIELDS(ConfigMap, metadata, data)
//   APIMACHINERY_JSON_FIELDS(ConfigMap)
// Example:
//   auto scheme = std::make_shared<runtime::Scheme>();
//   scheme->AddKnownTypes<Widget>({"example.com", "v1"});
//   scheme->AddKnownTypes<ConfigMap>({"", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(*scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   std::shared_ptr<dynamic::Interface> dynamic_client = server.Dynamic();
//   auto reconciler = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//   ctrl::Manager mgr(scheme, mapper, dynamic_client, {.cache = {.sync_period = std::chrono::hours(1)}});
//   auto c = ctrl::NewControllerManagedBy(mgr).For<Widget>().Owns<ConfigMap>().Complete(reconciler);
//   std::jthread t([&](std::stop_token stop) { mgr.Start(stop); });   // blocks until stop
//
// Start runs the cache (one thread), waits until it has synced, then starts every runnable added
// (controllers included) on its own thread, each with the manager's internal stop token; a
// runnable added later starts at once. Start returns when `stop` is requested or a runnable
// throws (Start then rethrows that exception after the shutdown). Shutdown: the runnables'
// token is stopped and they get graceful_shutdown_timeout to return (negative: wait forever;
// 0: do not wait); then the cache is stopped and joined.
//
// GetClient: the split client: reads from the cache, writes (and reads of `uncached` types and of
// Unstructured objects) to the server: NewDelegatingClient(cache, NewClient(...)), or what
// ManagerOptions::new_client makes. GetAPIReader: a reader that always goes to the server
// (ManagerOptions::api_reader, else the server client); it also serves the cache's disable_for
// types when CacheOptions::api_reader is unset.
// GetFieldIndexer: the cache (Cache::IndexField). Controller names must be unique per manager.
//
// Throws:
// - constructor: Error for a null Scheme, RESTMapper or dynamic client, and what NewClient and
//   Cache's constructor throw.
// - Start twice: apimachinery::Error `manager already started`.
// - Start: a runnable's (or the cache's) exception, rethrown after the shutdown; after a shutdown
//   whose runnables did not all return within the grace period: Error `failed waiting for all
//   runnables to end within grace period of <d>: context deadline exceeded` (Go's duration text).
// - Add after the shutdown began: `can't accept new runnable as stop procedure is already engaged`;
//   a controller whose name is taken: `controller with name <n> already exists. Controller names
//   must be unique to avoid multiple controllers reporting the same metric. This validation can
//   be disabled via the SkipNameValidation option`.
// Thread-safety: every member function may be called from any thread. The Manager must outlive
// Start's return; its destructor stops and joins whatever still runs (runnables that overran the
// grace period included).
// Differences from upstream: no rest.Config (the caller brings the dynamic client and the
// RESTMapper); leader election, webhooks, metrics/health/pprof servers, warm-up runnables and the
// event recorder are out of scope (every runnable runs at once); threads stand in for goroutines,
// so a runnable that overruns the grace period is joined by the destructor instead of being
// abandoned.
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/ctrl/client.hpp"
#include "apimachinery/ctrl/controller.hpp"
#include "apimachinery/ctrl/interfaces.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/util/duration.hpp"

namespace apimachinery::ctrl {

// Runnable: something the manager runs (manager.Runnable). Start blocks until `stop` is requested
// (returning early is allowed); an exception stops the manager.
class Runnable {
 public:
  virtual ~Runnable() = default;
  virtual void Start(std::stop_token stop) = 0;

 protected:
  Runnable() = default;
  Runnable(const Runnable&) = default;
  Runnable& operator=(const Runnable&) = default;
  Runnable(Runnable&&) = default;
  Runnable& operator=(Runnable&&) = default;
};

// RunnableFunc: a Runnable from a function (manager.RunnableFunc).
class RunnableFunc final : public Runnable {
 public:
  explicit RunnableFunc(std::function<void(std::stop_token)> fn) : fn_(std::move(fn)) {}
  void Start(std::stop_token stop) override { fn_(std::move(stop)); }

 private:
  std::function<void(std::stop_token)> fn_;
};

class Manager;

// NewClientFunc: makes the manager's client (manager.Options.NewClient): reads through `cache`,
// writes through `api`.
using NewClientFunc = std::function<std::shared_ptr<Client>(
    const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
    std::shared_ptr<dynamic::Interface> api, std::shared_ptr<const Reader> cache)>;

// ManagerOptions (manager.Options, the parts in scope).
struct ManagerOptions {
  CacheOptions cache = {};
  // client: the options of the server client (field owner, dry run).
  ClientOptions client = {};
  // uncached: types the default client reads from the server (client.CacheOptions.DisableFor).
  std::vector<ObjectType> uncached = {};
  // new_client: makes the client instead of the default split client.
  NewClientFunc new_client = {};
  // api_reader: reads that bypass the cache (GetAPIReader).
  std::shared_ptr<const Reader> api_reader = {};
  // graceful_shutdown_timeout: how long Start waits for the runnables to return (30 s upstream;
  // negative: forever; 0: not at all).
  std::chrono::milliseconds graceful_shutdown_timeout = std::chrono::seconds(30);
  // log_sink: the manager's log (null: stderr).
  std::shared_ptr<LogSink> log_sink = {};
};

class Manager {
 public:
  Manager(std::shared_ptr<const runtime::Scheme> scheme, std::shared_ptr<const meta::RESTMapper> mapper,
          std::shared_ptr<dynamic::Interface> api, ManagerOptions options = {})
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
  Manager(const Manager&) = delete;
  Manager& operator=(const Manager&) = delete;
  ~Manager() { Shutdown(); }

  const runtime::Scheme& GetScheme() const noexcept { return *scheme_; }
  std::shared_ptr<const runtime::Scheme> GetSchemePtr() const noexcept { return scheme_; }
  const meta::RESTMapper& GetRESTMapper() const noexcept { return *mapper_; }
  std::shared_ptr<const meta::RESTMapper> GetRESTMapperPtr() const noexcept { return mapper_; }
  Cache& GetCache() noexcept { return *cache_; }
  Cache& GetFieldIndexer() noexcept { return *cache_; }
  std::shared_ptr<dynamic::Interface> GetDynamic() const noexcept { return api_; }
  std::shared_ptr<const Reader> GetAPIReader() const noexcept { return options_.api_reader; }
  std::shared_ptr<Client> GetClient() const noexcept { return client_; }
  const Logger& GetLogger() const noexcept { return log_; }

  // Add: run `r` (now when the manager runs, else at Start).
  void Add(std::shared_ptr<Runnable> r) {
    if (!r) throw Error("manager: a null runnable");
    std::lock_guard lock(mu_);
    if (stopping_) throw Error("can't accept new runnable as stop procedure is already engaged");
    if (running_) {
      Launch(std::move(r));
    } else {
      pending_.push_back(std::move(r));
    }
  }
  // Add a controller (its name must be unique in this manager).
  void Add(std::shared_ptr<Controller> c) {
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

  // Start: see the top comment. Blocks.
  void Start(const std::stop_token& stop);

 private:
  struct ControllerRunnable final : Runnable {
    explicit ControllerRunnable(std::shared_ptr<Controller> ctl) : c(std::move(ctl)) {}
    void Start(std::stop_token stop) override { c->Start(stop); }
    std::shared_ptr<Controller> c;
  };

  // Launch: a thread for `r` (mu_ held).
  void Launch(std::shared_ptr<Runnable> r) {
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
  void Fail(const std::exception_ptr& e) {
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
  // Shutdown: stop and join everything (the destructor's last resort).
  void Shutdown() {
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

  std::shared_ptr<const runtime::Scheme> scheme_;
  std::shared_ptr<const meta::RESTMapper> mapper_;
  std::shared_ptr<dynamic::Interface> api_;
  ManagerOptions options_;
  std::shared_ptr<Cache> cache_;
  std::shared_ptr<Client> client_;
  Logger log_;

  std::mutex mu_;
  std::condition_variable cv_;
  bool started_ = false;
  bool running_ = false;
  bool stopping_ = false;
  int running_count_ = 0;
  std::exception_ptr error_;
  std::set<std::string> names_;
  std::vector<std::shared_ptr<Runnable>> pending_;
  std::vector<std::thread> threads_;
  std::stop_source internal_;
  std::stop_source cache_stop_;
  std::thread cache_thread_;
};

// Implementation details follow.

inline void Manager::Start(const std::stop_token& stop) {
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
