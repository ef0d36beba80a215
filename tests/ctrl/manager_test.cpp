#include "apimachinery/ctrl/manager.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/controller_ref.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/ctrl/builder.hpp"
#include "apimachinery/ctrl/controllerutil/controllerutil.hpp"
#include "apimachinery/ctrl/metrics.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

namespace ctrl_manager_test {

namespace ctrl = apimachinery::ctrl;
namespace errors = apimachinery::errors;
namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
using namespace std::chrono_literals;
using apimachinery::Error;

// The custom type: a Widget owning one ConfigMap "<name>-cm" whose data.size is its spec.size.
struct WidgetSpec {
  int size = 0;
};
APIMACHINERY_FIELDS(WidgetSpec, size)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
};
APIMACHINERY_FIELDS(Widget, metadata, spec)
APIMACHINERY_JSON_FIELDS(Widget)

struct ConfigMap : runtime::ObjectBase<ConfigMap> {
  static constexpr std::string_view kKind = "ConfigMap";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  std::map<std::string, std::string> data;
};
APIMACHINERY_FIELDS(ConfigMap, metadata, (data, "data,omitempty"))
APIMACHINERY_JSON_FIELDS(ConfigMap)

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};
const schema::GroupVersionResource kConfigMaps{"", "v1", "configmaps"};

std::shared_ptr<const runtime::Scheme> NewScheme() {
  auto s = std::make_shared<runtime::Scheme>("manager-test");
  s->AddKnownTypes<Widget>({"example.com", "v1"});
  s->AddKnownTypes<ConfigMap>({"", "v1"});
  return s;
}

std::shared_ptr<const meta::RESTMapper> NewMapper() {
  auto m = std::make_shared<meta::DefaultRESTMapper>();
  m->Add({"example.com", "v1", "Widget"}, meta::RESTScopeName::kNamespace);
  m->Add({"", "v1", "ConfigMap"}, meta::RESTScopeName::kNamespace);
  return m;
}

nlohmann::json WidgetJSON(const std::string& name, int size) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}, {"namespace", "ns"}}},
          {"spec", {{"size", size}}}};
}

// State: what the reconciler did, under one lock; waits are condition waits.
struct State {
  std::mutex mu;
  std::condition_variable cv;
  std::map<std::string, int> calls, creates, repairs, gone, thrown;
  std::set<std::string> in_flight;
  int overlaps = 0;

  template <typename F>
  void Change(F f) {
    {
      std::lock_guard lock(mu);
      f();
    }
    cv.notify_all();
  }
  bool Wait(const std::function<bool()>& pred) {
    std::unique_lock lock(mu);
    return cv.wait_for(lock, 30s, pred);
  }
  int Get(std::map<std::string, int>& m, const std::string& k) {
    std::lock_guard lock(mu);
    return m[k];
  }
};

// WidgetReconciler: makes "<name>-cm" exist with data.size = spec.size, controlled by the
// Widget, through the manager's split client (reads from the cache, writes to the server).
class WidgetReconciler : public ctrl::Reconciler {
 public:
  WidgetReconciler(ctrl::Manager& mgr, State& st) : mgr_(mgr), st_(st) {}

  ctrl::Result Reconcile(const ctrl::Request& req) override {
    const std::string key = req.String();
    int call = 0;
    st_.Change([&] {
      if (!st_.in_flight.insert(key).second) ++st_.overlaps;
      call = ++st_.calls[key];
    });
    struct Leave {
      State& st;
      std::string key;
      ~Leave() {
        st.Change([&] { st.in_flight.erase(key); });
      }
    } leave{st_, key};

    if (req.name == "flaky" && call <= 2) {
      st_.Change([&] { ++st_.thrown[key]; });
      throw Error("flaky failure " + std::to_string(call));
    }
    auto client = mgr_.GetClient();  // reads: the cache; writes: the server
    std::shared_ptr<const Widget> w;
    try {
      w = client->Get<Widget>(req.Key());
    } catch (const std::exception& e) {
      if (!errors::IsNotFound(e)) throw;
      st_.Change([&] { ++st_.gone[key]; });
      return {};
    }
    const std::string want = std::to_string(w->spec.size);
    std::shared_ptr<const ConfigMap> cm;
    try {
      cm = client->Get<ConfigMap>({req.namespace_, req.name + "-cm"});
    } catch (const std::exception& e) {
      if (!errors::IsNotFound(e)) throw;
    }
    if (!cm) {
      ConfigMap fresh;
      fresh.metadata.namespace_ = req.namespace_;
      fresh.metadata.name = req.name + "-cm";
      fresh.data["size"] = want;
      ctrl::controllerutil::SetControllerReference(*w, fresh, mgr_.GetScheme());
      client->Create(fresh);
      st_.Change([&] { ++st_.creates[key]; });
    } else if (cm->data.count("size") == 0 || cm->data.at("size") != want) {
      ConfigMap copy = *cm;  // cached objects are shared: copy to modify
      copy.data["size"] = want;
      client->Update(copy);
      st_.Change([&] { ++st_.repairs[key]; });
    }
    if (req.name == "periodic" && call <= 2) return {.requeue_after = 20ms};
    return {};
  }

 private:
  ctrl::Manager& mgr_;
  State& st_;
};

struct Env {
  testing::FakeAPIServer server;
  std::shared_ptr<apimachinery::dynamic::Interface> api;
  Env() {
    server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
    server.AddResource(kConfigMaps, "ConfigMap", meta::RESTScopeName::kNamespace);
    api = server.Dynamic();
  }
  std::string CMSize(const std::string& name) {
    try {
      return server.Get(kConfigMaps, "ns", name + "-cm")["data"].value("size", "");
    } catch (const std::exception&) {
      return "<none>";
    }
  }
};

TEST_CASE(
    "Manager + Builder: a Widget controller owning ConfigMaps (create, update, delete, owned changes)") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("a", 1));  // exists before the manager starts
  State st;
  auto metrics = std::make_shared<ctrl::CountingMetrics>();
  ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                    {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  auto rec = std::make_shared<WidgetReconciler>(mgr, st);
  auto c = ctrl::NewControllerManagedBy(mgr)
               .For<Widget>()
               .Owns<ConfigMap>()
               .WithOptions(
                   {.max_concurrent_reconciles = 3,
                    .rate_limiter =
                        apimachinery::workqueue::NewItemExponentialFailureRateLimiter<ctrl::Request>(1ms, 1s),
                    .log_sink = std::make_shared<ctrl::DiscardLogSink>(),
                    .metrics = metrics})
               .Complete(rec);
  CHECK(c->Name() == "widget");  // the lower-cased kind of the For type
  std::jthread run([&](std::stop_token stop) { mgr.Start(stop); });

  // The initial list reconciles a: its ConfigMap is made.
  REQUIRE(st.Wait([&] { return st.creates["ns/a"] == 1; }));
  CHECK(env.CMSize("a") == "1");

  // A spec change: the ConfigMap follows.
  auto a = env.server.Get(kWidgets, "ns", "a");
  a["spec"]["size"] = 2;
  env.server.Update(kWidgets, "ns", a);
  REQUIRE(st.Wait([&] { return st.repairs["ns/a"] == 1; }));
  CHECK(env.CMSize("a") == "2");

  // Someone edits the owned ConfigMap: Owns maps it to its Widget, which repairs it.
  auto cm = env.server.Get(kConfigMaps, "ns", "a-cm");
  cm["data"]["size"] = "tampered";
  env.server.Update(kConfigMaps, "ns", cm);
  REQUIRE(st.Wait([&] { return st.repairs["ns/a"] == 2; }));
  CHECK(env.CMSize("a") == "2");

  // The owned ConfigMap is deleted: it is made again.
  env.server.Delete(kConfigMaps, "ns", "a-cm");
  REQUIRE(st.Wait([&] { return st.creates["ns/a"] == 2; }));
  CHECK(env.CMSize("a") == "2");

  // A failing reconcile is retried with backoff until it succeeds.
  env.server.Create(kWidgets, "ns", WidgetJSON("flaky", 5));
  REQUIRE(st.Wait([&] { return st.creates["ns/flaky"] == 1; }));
  CHECK(st.Get(st.calls, "ns/flaky") >= 3);
  CHECK(st.Get(st.thrown, "ns/flaky") == 2);
  // Every failure is counted: the two above, and any conflict a stale cache read caused (the
  // reconciler then fails and is retried, as with controller-runtime).
  CHECK(metrics->ReconcileErrors("widget") >= 2);

  // RequeueAfter: reconciled again without any event, twice.
  env.server.Create(kWidgets, "ns", WidgetJSON("periodic", 1));
  REQUIRE(st.Wait([&] { return st.calls["ns/periodic"] >= 3; }));

  // The Widget is deleted: the reconcile sees it gone.
  env.server.Delete(kWidgets, "ns", "a");
  REQUIRE(st.Wait([&] { return st.gone["ns/a"] >= 1; }));

  // A ConfigMap nobody controls maps to nothing; the next reconcile is the next Widget's.
  env.server.Create(
      kConfigMaps, "ns",
      {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", {{"name", "loose"}, {"namespace", "ns"}}}});
  env.server.Create(kWidgets, "ns", WidgetJSON("last", 1));
  REQUIRE(st.Wait([&] { return st.creates["ns/last"] == 1; }));
  CHECK(st.Get(st.calls, "ns/loose") == 0);

  CHECK(st.overlaps == 0);
  run.request_stop();
  run.join();
  CHECK(metrics->Active("widget") == 0);
}

TEST_CASE("Manager: runnables start after the cache synced and stop first; errors and double starts") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("a", 1));
  ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                    {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  mgr.GetCache().GetInformer<Widget>();  // made before Start: Start waits for it
  std::promise<std::size_t> seen;
  std::promise<void> stopped;
  mgr.Add(std::make_shared<ctrl::RunnableFunc>([&](std::stop_token stop) {
    seen.set_value(mgr.GetCache().List<Widget>().items.size());  // synced: the cache has a
    std::mutex m;
    std::condition_variable_any cv;
    std::unique_lock lock(m);
    cv.wait(lock, stop, [] { return false; });
    stopped.set_value();
  }));
  // Before Start: the cache refuses reads, the API reader goes to the server.
  CHECK_THROWS_AS(mgr.GetCache().Get<Widget>({"ns", "a"}), ctrl::ErrCacheNotStarted);
  CHECK(mgr.GetAPIReader()->Get<Widget>({"ns", "a"})->spec.size == 1);
  std::jthread run([&](std::stop_token stop) { mgr.Start(stop); });
  CHECK(seen.get_future().get() == 1);

  // Added while running: started at once.
  std::promise<void> late;
  mgr.Add(std::make_shared<ctrl::RunnableFunc>([&](std::stop_token) { late.set_value(); }));
  late.get_future().get();

  std::stop_source s;
  CHECK_THROWS_WITH(mgr.Start(s.get_token()), "manager already started");
  run.request_stop();
  run.join();
  stopped.get_future().get();
  CHECK_THROWS_WITH(mgr.Add(std::make_shared<ctrl::RunnableFunc>([](std::stop_token) {})),
                    "can't accept new runnable as stop procedure is already engaged");
}

TEST_CASE("Manager: a runnable's exception stops the manager and is rethrown; the grace period") {
  Env env;
  {
    ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                      {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
    mgr.Add(std::make_shared<ctrl::RunnableFunc>([](std::stop_token) { throw Error("runnable failed"); }));
    std::stop_source never;
    CHECK_THROWS_WITH(mgr.Start(never.get_token()), "runnable failed");
  }
  {
    // A runnable that ignores its stop token overruns a short grace period; the destructor
    // joins it once it returns.
    ctrl::Manager mgr(
        NewScheme(), NewMapper(), env.api,
        {.graceful_shutdown_timeout = 10ms, .log_sink = std::make_shared<ctrl::DiscardLogSink>()});
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::promise<void> running;
    mgr.Add(std::make_shared<ctrl::RunnableFunc>([&, released](std::stop_token) {
      running.set_value();
      released.wait();
    }));
    std::stop_source stop;
    std::string error;  // asserted on this thread: Catch2's assertions are not thread-safe
    std::jthread run([&] {
      try {
        mgr.Start(stop.get_token());
      } catch (const std::exception& e) {
        error = e.what();
      }
    });
    running.get_future().get();
    stop.request_stop();
    run.join();
    CHECK(error ==
          "failed waiting for all runnables to end within grace period of 10ms: context deadline exceeded");
    release.set_value();
  }
  // Controller names are unique per manager.
  ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                    {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  auto r = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
  ctrl::NewControllerManagedBy(mgr).For<Widget>().Complete(r);
  CHECK_THROWS_WITH(
      ctrl::NewControllerManagedBy(mgr).For<Widget>().Complete(r),
      Catch::StartsWith("controller with name widget already exists. Controller names must be unique"));
}

TEST_CASE("Builder: upstream's errors") {
  Env env;
  ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                    {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  auto r = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
  CHECK_THROWS_WITH(ctrl::NewControllerManagedBy(mgr).For<Widget>().Complete(nullptr),
                    "must provide a non-nil Reconciler");
  CHECK_THROWS_WITH(
      ctrl::NewControllerManagedBy(mgr).For<Widget>().For<ConfigMap>().Complete(r),
      "For(...) should only be called once, could not assign multiple objects for reconciliation");
  CHECK_THROWS_WITH(ctrl::NewControllerManagedBy(mgr).Named("x").Owns<ConfigMap>().Complete(r),
                    "Owns() can only be used together with For()");
  CHECK_THROWS_WITH(
      ctrl::NewControllerManagedBy(mgr).Named("y").Complete(r),
      "there are no watches configured, controller will never get triggered. Use For(), Owns(), "
      "Watches() or WatchesRawSource() to set them up");
  CHECK_THROWS_WITH(ctrl::NewControllerManagedBy(mgr)
                        .Watches<ConfigMap>(std::make_shared<ctrl::EnqueueRequestForObject>())
                        .Complete(r),
                    "one of For() or Named() must be called");
  auto c = ctrl::NewControllerManagedBy(mgr)
               .Named("cms")
               .Watches<ConfigMap>(std::make_shared<ctrl::EnqueueRequestForObject>())
               .Complete(r);
  CHECK(c->Name() == "cms");
  CHECK(c->Options().log_sink == mgr.GetLogger().Sink());  // the manager's sink by default
}

TEST_CASE("Builder: OnlyMetadata watches the For and owned types as PartialObjectMetadata") {
  Env env;
  ctrl::Manager mgr(NewScheme(), NewMapper(), env.api,
                    {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::string> seen;
  auto r = ctrl::ReconcileFunc([&](const ctrl::Request& req) {
    std::lock_guard lock(mu);
    seen.push_back(req.namespace_ + "/" + req.name);
    cv.notify_all();
    return ctrl::Result{};
  });
  auto c = ctrl::NewControllerManagedBy(mgr)
               .For<Widget>(ctrl::OnlyMetadata)
               .Owns<ConfigMap>(ctrl::OnlyMetadata)
               .WithOptions({.log_sink = std::make_shared<ctrl::DiscardLogSink>()})
               .Complete(r);
  CHECK(c->Name() == "widget");
  std::jthread run([&](std::stop_token stop) { mgr.Start(stop); });
  auto wait_for = [&](std::size_t n) {
    std::unique_lock lock(mu);
    return cv.wait_for(lock, 10s, [&] { return seen.size() >= n; });
  };
  const nlohmann::json w = env.server.Create(kWidgets, "ns", WidgetJSON("a", 1));
  REQUIRE(wait_for(1));
  // A ConfigMap the widget controls: mapped to its owner through the metadata alone.
  env.server.Create(kConfigMaps, "ns",
                    {{"apiVersion", "v1"},
                     {"kind", "ConfigMap"},
                     {"metadata",
                      {{"name", "a-cm"},
                       {"namespace", "ns"},
                       {"ownerReferences",
                        {{{"apiVersion", "example.com/v1"},
                          {"kind", "Widget"},
                          {"name", "a"},
                          {"uid", w["metadata"]["uid"]},
                          {"controller", true}}}}}}});
  REQUIRE(wait_for(2));
  {
    std::lock_guard lock(mu);
    CHECK(seen == std::vector<std::string>{"ns/a", "ns/a"});
  }
  // Only metadata informers were made.
  auto& cache = mgr.GetCache();
  CHECK(cache.HasInformer(ctrl::ObjectType::Of<metav1::PartialObjectMetadata>(
      schema::GroupVersionKind{"example.com", "v1", "Widget"})));
  CHECK_FALSE(cache.HasInformer(ctrl::ObjectType::Of<Widget>()));
  CHECK_FALSE(cache.HasInformer(ctrl::ObjectType::Of<ConfigMap>()));
  run.request_stop();
}

}  // namespace ctrl_manager_test
