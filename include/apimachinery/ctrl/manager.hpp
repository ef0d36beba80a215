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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit RunnableFunc(std::function<void(std::stop_token)> fn);
  APIMACHINERY_DECL void Start(std::stop_token stop) override;

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
  APIMACHINERY_DECL Manager(std::shared_ptr<const runtime::Scheme> scheme,
                            std::shared_ptr<const meta::RESTMapper> mapper,
                            std::shared_ptr<dynamic::Interface> api, ManagerOptions options = {});
  Manager(const Manager&) = delete;
  Manager& operator=(const Manager&) = delete;
  APIMACHINERY_DECL ~Manager();

  APIMACHINERY_DECL const runtime::Scheme& GetScheme() const noexcept;
  APIMACHINERY_DECL std::shared_ptr<const runtime::Scheme> GetSchemePtr() const noexcept;
  APIMACHINERY_DECL const meta::RESTMapper& GetRESTMapper() const noexcept;
  APIMACHINERY_DECL std::shared_ptr<const meta::RESTMapper> GetRESTMapperPtr() const noexcept;
  APIMACHINERY_DECL Cache& GetCache() noexcept;
  APIMACHINERY_DECL Cache& GetFieldIndexer() noexcept;
  APIMACHINERY_DECL std::shared_ptr<dynamic::Interface> GetDynamic() const noexcept;
  APIMACHINERY_DECL std::shared_ptr<const Reader> GetAPIReader() const noexcept;
  APIMACHINERY_DECL std::shared_ptr<Client> GetClient() const noexcept;
  APIMACHINERY_DECL const Logger& GetLogger() const noexcept;

  // Add: run `r` (now when the manager runs, else at Start).
  APIMACHINERY_DECL void Add(std::shared_ptr<Runnable> r);
  // Add a controller (its name must be unique in this manager).
  APIMACHINERY_DECL void Add(std::shared_ptr<Controller> c);

  // Start: see the top comment. Blocks.
  APIMACHINERY_DECL void Start(const std::stop_token& stop);

 private:
  struct ControllerRunnable final : Runnable {
    APIMACHINERY_DECL explicit ControllerRunnable(std::shared_ptr<Controller> ctl);
    APIMACHINERY_DECL void Start(std::stop_token stop) override;
    std::shared_ptr<Controller> c;
  };

  // Launch: a thread for `r` (mu_ held).
  APIMACHINERY_DECL void Launch(std::shared_ptr<Runnable> r);
  APIMACHINERY_DECL void Fail(const std::exception_ptr& e);
  // Shutdown: stop and join everything (the destructor's last resort).
  APIMACHINERY_DECL void Shutdown();

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

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/manager.ipp"
#endif
