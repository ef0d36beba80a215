// A tour of apimachinery-cpp:
// 1. build a RESTMapper from a cluster's discovery documents and resolve kubectl-style resource
//    arguments to their kind, scope and REST path;
// 2. expand kubectl's short names (`deploy`, `po`) and the `all` category;
// 3. decode a manifest into a registered type, convert it to another version through the hub,
//    and encode it again;
// 4. keep decoded objects in an indexed cache, as an informer does, and query it by namespace,
//    by an indexed field and by labels in one read;
// 5. run a controller: a Manager, its cache and a reconciler of widgets, over the in-memory API
//    server (examples/operator.cpp is a complete operator).
//
//   ./tour [discovery-dir]     (default: the fixture documents shipped with the tests)
#include <chrono>
#include <exception>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <apimachinery/apimachinery.hpp>

#include "widgets/widgets.hpp"  // an example API group: widgets.example.com v1beta1, v1, v2

namespace cache = apimachinery::cache;
namespace ctrl = apimachinery::ctrl;
namespace discovery = apimachinery::discovery;
namespace labels = apimachinery::labels;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;

// What kubectl does with "deployments.v1.apps" (resource.version.group) or "statefulset.apps"
// (resource.group): try the fully specified name first, then the partial one.
meta::RESTMapping MappingFor(const meta::RESTMapper& mapper, std::string_view arg) {
  auto [full, partial] = schema::ParseResourceArg(arg);
  if (full) {
    try {
      auto gvk = mapper.KindFor(*full);
      return mapper.RESTMapping(gvk.GroupKind(), {gvk.version});
    } catch (const apimachinery::Error&) {
      // not a resource.version.group after all: fall through
    }
  }
  auto gvk = mapper.KindFor(partial.WithVersion(""));
  return mapper.RESTMapping(gvk.GroupKind(), {gvk.version});
}

// The index function of the cache below: a widget's image, read in place (no allocation).
std::optional<std::string_view> WidgetImage(const runtime::Object& obj) {
  const auto* widget = dynamic_cast<const widgets::v1::Widget*>(&obj);
  if (widget == nullptr) return std::nullopt;
  return std::string_view(widget->spec.image);
}

// The URL path serving a mapping: /api/v1/nodes, /apis/apps/v1/namespaces/{ns}/deployments.
std::string RESTPath(const meta::RESTMapping& m) {
  const auto& r = m.resource;
  std::string path = r.group.empty() ? "/api/" + r.version : "/apis/" + r.group + "/" + r.version;
  if (m.scope == meta::RESTScopeName::kNamespace) path += "/namespaces/{ns}";
  return path + "/" + r.resource;
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : APIMACHINERY_TESTDATA_DIR "/discovery";
  try {
    auto client = discovery::MemoryDiscovery::FromDirectory(dir);
    auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));

    for (const char* arg : {"deployments.v1.apps", "statefulset.apps", "pods", "nodes"}) {
      meta::RESTMapping m = MappingFor(*mapper, arg);
      fmt::print("{}\n  resource {}\n  kind     {}\n  scope    {}\n  path     {}\n", arg, m.resource,
                 m.group_version_kind, m.scope, RESTPath(m));
    }

    // Errors are exceptions carrying upstream's text.
    try {
      mapper->RESTMapping({"apps", "Nope"});
    } catch (const meta::NoKindMatchError& e) {
      fmt::print("RESTMapping(Nope.apps): {}\n", e.what());
    }

    // kubectl's short names and categories come from discovery too.
    restmapper::ShortcutExpander expander(mapper, client);
    for (const char* name : {"deploy", "po", "svc", "hpa"}) {
      fmt::print("short name {:<7} -> {}\n", name, expander.ResourceFor({"", "", name}).GroupResource());
    }
    std::vector<std::string> all;
    // (The discovery expander lists a resource once per version serving it, as upstream; the union
    // expander removes the duplicates.)
    restmapper::UnionCategoryExpander categories({restmapper::NewDiscoveryCategoryExpander(client)});
    auto category = categories.Expand("all");
    for (const auto& gr : category.value_or(std::vector<schema::GroupResource>{})) all.push_back(gr.String());
    fmt::print("category all -> {}\n", fmt::join(all, ", "));

    // Decode a manifest into its registered type, convert it through the hub, encode it again.
    runtime::Scheme scheme("tour");
    widgets::AddToScheme(scheme);
    runtime::JSONSerializer codec(scheme);
    auto widget = codec.Decode(R"({"apiVersion": "widgets.example.com/v1beta1", "kind": "Widget",
        "metadata": {"name": "hello", "namespace": "demo"},
        "spec": {"replicas": 2, "imageName": "nginx:1.27"}})");
    fmt::print("decoded {} as {}\n", widget->GetObjectKind(), widget->GetTypeId().name());
    fmt::print("as v2: {}\n", codec.Encode(*widget, widgets::kV2));

    // An indexed cache of widgets: by namespace, by image, and by labels.
    cache::Indexer store(cache::MetaNamespaceKeyFunc,
                         {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc},
                          {"image", cache::FieldIndexFunc(&WidgetImage)}},
                         {.label_index = true});
    for (const char* manifest : {
             R"({"apiVersion": "widgets.example.com/v1", "kind": "Widget", "spec": {"image": "nginx:1.27"},
                 "metadata": {"name": "front", "namespace": "demo", "labels": {"tier": "web"}}})",
             R"({"apiVersion": "widgets.example.com/v1", "kind": "Widget", "spec": {"image": "redis:7"},
                 "metadata": {"name": "cache", "namespace": "demo", "labels": {"tier": "data"}}})",
             R"({"apiVersion": "widgets.example.com/v1", "kind": "Widget", "spec": {"image": "nginx:1.27"},
                 "metadata": {"name": "front", "namespace": "staging", "labels": {"tier": "web"}}})",
         }) {
      store.Add(codec.Decode(manifest));
    }
    fmt::print("cache: {} widgets, {} in demo, {} running nginx:1.27\n", store.Len(),
               store.ByIndex(cache::kNamespaceIndex, "demo").size(),
               store.ByIndex("image", "nginx:1.27").size());
    const auto selected = store.Select(cache::SelectQuery()
                                           .InNamespace("demo")
                                           .WhereIndex("image", cache::FieldOperator::kEquals, "nginx:1.27")
                                           .MatchingLabels(labels::Parse("tier in (web)")));
    for (const runtime::Object* obj : selected) {
      fmt::print("selected {}/{}\n", obj->GetObjectMeta()->namespace_, obj->GetObjectMeta()->name);
    }

    // A controller: a Manager runs the cache and a controller of widgets served by the in-memory
    // API server; a write through the manager's client reaches the reconciler as an event, and
    // the reconciler reads the widget from the cache (a shared, read-only object).
    testing::FakeAPIServer server;
    const schema::GroupVersionResource widget_resource{std::string(widgets::kGroup), "v1", "widgets"};
    server.AddResource(widget_resource, "Widget", meta::RESTScopeName::kNamespace);
    auto widget_mapper = std::make_shared<meta::DefaultRESTMapper>();
    widget_mapper->Add(widgets::kV1.WithKind("Widget"), meta::RESTScopeName::kNamespace);
    auto shared_scheme = std::make_shared<runtime::Scheme>("tour-controller");
    widgets::AddToScheme(*shared_scheme);
    ctrl::Manager mgr(shared_scheme, widget_mapper, server.Dynamic(),
                      {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
    std::promise<std::string> reconciled;
    std::once_flag first;
    ctrl::NewControllerManagedBy(mgr).For<widgets::v1::Widget>().Complete(
        ctrl::ReconcileFunc([&](const ctrl::Request& req) {
          auto cached = mgr.GetClient()->Get<widgets::v1::Widget>(req.Key());
          std::call_once(first, [&] {
            reconciled.set_value(fmt::format("{} (image {})", req.String(), cached->spec.image));
          });
          return ctrl::Result{};
        }));
    std::jthread manager([&](const std::stop_token& stop) { mgr.Start(stop); });
    widgets::v1::Widget created;
    created.metadata.namespace_ = "demo";
    created.metadata.name = "hello";
    created.spec.image = "nginx:1.27";
    mgr.GetClient()->Create(created);
    auto done = reconciled.get_future();
    if (done.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
      fmt::print(stderr, "tour: the controller did not reconcile\n");
      return 1;
    }
    fmt::print("controller reconciled {}\n", done.get());

    // Server-side apply: each field manager applies what it cares about; the server merges and
    // records who owns which field, and refuses a change to another manager's field (with
    // kube-apiserver's text) until the applier forces it.
    auto widgets_client = mgr.GetClient();
    auto replicas_config = [](int n) {
      return runtime::Unstructured(nlohmann::json{{"apiVersion", "widgets.example.com/v1"},
                                                  {"kind", "Widget"},
                                                  {"metadata", {{"name", "hello"}, {"namespace", "demo"}}},
                                                  {"spec", {{"replicas", n}}}});
    };
    runtime::Unstructured scaled = replicas_config(3);
    widgets_client->Apply(scaled, ctrl::FieldOwner{"autoscaler"}, ctrl::ForceOwnership{});
    runtime::Unstructured pinned = replicas_config(1);
    try {
      widgets_client->Apply(pinned, ctrl::FieldOwner{"operator"});
    } catch (const apimachinery::errors::StatusError& e) {
      fmt::print("apply refused: {}\n", e.what());
    }
    widgets_client->Apply(pinned, ctrl::FieldOwner{"operator"}, ctrl::ForceOwnership{});
    std::vector<std::string> owners;
    for (const auto& entry : pinned.GetObjectMeta()->managed_fields) {
      owners.push_back(fmt::format("{} ({})", entry.manager, entry.operation));
    }
    fmt::print("forced: replicas {}, managers {}\n", pinned.Body()["spec"]["replicas"].get<int>(),
               fmt::join(owners, ", "));
  } catch (const std::exception& e) {
    fmt::print(stderr, "tour: {}\n", e.what());
    return 1;
  }
  return 0;
}
