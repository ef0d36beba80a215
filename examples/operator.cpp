// A complete small operator, as one writes it with controller-runtime: Widgets (a custom resource
// with a status subresource) each own a ConfigMap that carries the Widget's spec; the Widget's
// status says what was done; a finalizer cleans up before the Widget goes. It runs against the
// in-memory testing::FakeAPIServer; against a real API server only the dynamic client changes.
//
//   reconcile(ns/name):
//     Widget gone                      -> nothing to do
//     Widget being deleted             -> delete its ConfigMap, remove the finalizer
//     no finalizer yet                 -> add it (the update brings the next reconcile)
//     ConfigMap missing or out of date -> create / update it, controlled by the Widget
//     status behind the spec           -> Status().Update(observedGeneration, configMap)
//
// The reconciler reads through the manager's client (the cache: shared, read-only objects) and
// copies what it changes; writes go to the server. Conflicts from a stale cache read are errors:
// the controller retries them with backoff, as controller-runtime does.
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apimachinery.hpp"

namespace example {

namespace ctrl = apimachinery::ctrl;
namespace controllerutil = apimachinery::ctrl::controllerutil;
namespace errors = apimachinery::errors;
namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;

inline constexpr std::string_view kFinalizer = "widgets.example.com/cleanup";

// The Widget custom resource (example.com/v1, namespaced, status subresource).
struct WidgetSpec {
  int size = 0;
  std::string message;
};
APIMACHINERY_FIELDS(WidgetSpec, size, (message, "message,omitempty"))
APIMACHINERY_JSON_FIELDS(WidgetSpec)

struct WidgetStatus {
  std::int64_t observed_generation = 0;
  std::string config_map;
};
APIMACHINERY_FIELDS(WidgetStatus, (observed_generation, "observedGeneration,omitempty"),
                    (config_map, "configMap,omitempty"))
APIMACHINERY_JSON_FIELDS(WidgetStatus)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)

// The part of core/v1 ConfigMap the operator uses.
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

// The object, or null when the server has no such object.
template <typename T>
std::shared_ptr<const T> GetOrNull(const ctrl::Reader& reader, const ctrl::ObjectKey& key) {
  try {
    return reader.Get<T>(key);
  } catch (const std::exception& e) {
    if (errors::IsNotFound(e)) return nullptr;
    throw;
  }
}

class WidgetReconciler : public ctrl::Reconciler {
 public:
  explicit WidgetReconciler(ctrl::Manager& mgr) : mgr_(mgr) {}

  ctrl::Result Reconcile(const ctrl::Request& req) override {
    ctrl::Client& client = *mgr_.GetClient();
    std::shared_ptr<const Widget> widget = GetOrNull<Widget>(client, req.Key());
    if (!widget) return {};
    const std::string cm_name = req.name + "-config";

    if (widget->metadata.deletion_timestamp) {
      if (!controllerutil::ContainsFinalizer(*widget, kFinalizer)) return {};
      if (auto cm = GetOrNull<ConfigMap>(client, {req.namespace_, cm_name})) {
        try {
          client.Delete(*cm);
        } catch (const std::exception& e) {
          if (!errors::IsNotFound(e)) throw;
        }
      }
      Widget copy = *widget;
      controllerutil::RemoveFinalizer(copy, kFinalizer);
      client.Update(copy);
      return {};
    }

    if (!controllerutil::ContainsFinalizer(*widget, kFinalizer)) {
      Widget copy = *widget;  // the cached object is shared and read-only: copy to change it
      controllerutil::AddFinalizer(copy, kFinalizer);
      client.Update(copy);
      return {};
    }

    const std::map<std::string, std::string> want{{"size", std::to_string(widget->spec.size)},
                                                  {"message", widget->spec.message}};
    std::shared_ptr<const ConfigMap> cm = GetOrNull<ConfigMap>(client, {req.namespace_, cm_name});
    if (!cm) {
      ConfigMap fresh;
      fresh.metadata.namespace_ = req.namespace_;
      fresh.metadata.name = cm_name;
      fresh.data = want;
      controllerutil::SetControllerReference(*widget, fresh, mgr_.GetScheme());
      client.Create(fresh);
    } else if (cm->data != want) {
      ConfigMap copy = *cm;
      copy.data = want;
      client.Update(copy);
    }

    if (widget->status.observed_generation != widget->metadata.generation ||
        widget->status.config_map != cm_name) {
      Widget copy = *widget;
      copy.status.observed_generation = widget->metadata.generation;
      copy.status.config_map = cm_name;
      client.Status().Update(copy);
    }
    return {};
  }

 private:
  ctrl::Manager& mgr_;
};

// WaitUntil polls the server (the example's observer, not part of the operator) until `done`.
bool WaitUntil(const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

nlohmann::json GetOrNullJSON(testing::FakeAPIServer& server, const schema::GroupVersionResource& gvr,
                             std::string_view name) {
  try {
    return server.Get(gvr, "demo", name);
  } catch (const std::exception& e) {
    if (errors::IsNotFound(e)) return nullptr;
    throw;
  }
}

int Run() {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, {.status = true});
  server.AddResource(kConfigMaps, "ConfigMap", meta::RESTScopeName::kNamespace);

  auto scheme = std::make_shared<runtime::Scheme>("operator");
  scheme->AddKnownTypes<Widget>({"example.com", "v1"});
  scheme->AddKnownTypes<ConfigMap>({"", "v1"});
  auto mapper = std::make_shared<meta::DefaultRESTMapper>();
  mapper->Add({"example.com", "v1", "Widget"}, meta::RESTScopeName::kNamespace);
  mapper->Add({"", "v1", "ConfigMap"}, meta::RESTScopeName::kNamespace);

  ctrl::Manager mgr(scheme, mapper, server.Dynamic(), {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  ctrl::NewControllerManagedBy(mgr)
      .For<Widget>()
      .Owns<ConfigMap>()  // a change to an owned ConfigMap reconciles its Widget
      .WithOptions({.max_concurrent_reconciles = 2})
      .Complete(std::make_shared<WidgetReconciler>(mgr));
  std::jthread manager([&](const std::stop_token& stop) { mgr.Start(stop); });

  // A user creates a Widget (through any client; here the manager's).
  Widget hello;
  hello.metadata.namespace_ = "demo";
  hello.metadata.name = "hello";
  hello.spec = {.size = 3, .message = "hi"};
  mgr.GetClient()->Create(hello);
  fmt::print("created widget demo/hello, resourceVersion set: {}\n",
             !hello.metadata.resource_version.empty());

  auto observed = [&](std::int64_t generation) {
    return WaitUntil([&] {
      nlohmann::json w = GetOrNullJSON(server, kWidgets, "hello");
      nlohmann::json cm = GetOrNullJSON(server, kConfigMaps, "hello-config");
      using P = nlohmann::json::json_pointer;
      return !w.is_null() && !cm.is_null() && w.value(P("/status/observedGeneration"), 0) == generation &&
             cm.value(P("/data/size"), "") == std::to_string(w.value(P("/spec/size"), 0));
    });
  };
  auto show = [&] {
    nlohmann::json w = server.Get(kWidgets, "demo", "hello");
    nlohmann::json cm = server.Get(kConfigMaps, "demo", "hello-config");
    fmt::print("  widget: generation {}, finalizers {}, status {}\n", w["metadata"]["generation"].dump(),
               w["metadata"]["finalizers"].dump(), w["status"].dump());
    fmt::print("  configmap {}: data {}, controller {}/{}\n", cm["metadata"]["name"].get<std::string>(),
               cm["data"].dump(), cm["metadata"]["ownerReferences"][0]["kind"].get<std::string>(),
               cm["metadata"]["ownerReferences"][0]["name"].get<std::string>());
  };

  if (!observed(1)) return fmt::print(stderr, "the operator did not reconcile the new widget\n"), 1;
  fmt::print("reconciled:\n");
  show();

  // The user changes the spec: generation 2, the ConfigMap follows, the status says so.
  nlohmann::json w = server.Get(kWidgets, "demo", "hello");
  w["spec"]["size"] = 5;
  server.Update(kWidgets, "demo", w);
  if (!observed(2)) return fmt::print(stderr, "the operator did not follow the spec change\n"), 1;
  fmt::print("after a spec change:\n");
  show();

  // Someone edits the owned ConfigMap: Owns() brings it back.
  nlohmann::json cm = server.Get(kConfigMaps, "demo", "hello-config");
  cm["data"]["size"] = "tampered";
  server.Update(kConfigMaps, "demo", cm);
  if (!observed(2)) return fmt::print(stderr, "the operator did not repair the ConfigMap\n"), 1;
  fmt::print("after tampering with the ConfigMap: data {}\n",
             server.Get(kConfigMaps, "demo", "hello-config")["data"].dump());

  // The user deletes the Widget: the finalizer keeps it until the operator cleaned up.
  server.Delete(kWidgets, "demo", "hello");
  const bool gone = WaitUntil([&] {
    return GetOrNullJSON(server, kWidgets, "hello").is_null() &&
           GetOrNullJSON(server, kConfigMaps, "hello-config").is_null();
  });
  if (!gone) return fmt::print(stderr, "the operator did not clean up\n"), 1;
  fmt::print("after deleting the widget: widget and configmap are gone\n");

  manager.request_stop();
  manager.join();
  fmt::print("manager stopped\n");
  return 0;
}

}  // namespace example

int main() {
  try {
    return example::Run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "operator: %s\n", e.what());
    return 1;
  }
}
