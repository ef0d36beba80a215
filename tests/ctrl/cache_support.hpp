// What the cache tests share: the test types (a Pod with spec.nodeName, a cluster-scoped Node),
// their Scheme and RESTMapper, a FakeAPIServer serving them, and a running ctrl::Cache.
#pragma once

#include <chrono>
#include <memory>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

namespace ctrl_cache_support {

namespace ctrl = apimachinery::ctrl;
namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;

struct PodSpec {
  std::string node_name;
  std::vector<std::string> containers;
};
APIMACHINERY_FIELDS(PodSpec, (node_name, "nodeName,omitempty"), containers)

struct Pod : runtime::ObjectBase<Pod> {
  static constexpr std::string_view kKind = "Pod";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  PodSpec spec;
};
APIMACHINERY_FIELDS(Pod, metadata, spec)
APIMACHINERY_JSON_FIELDS(Pod)

struct PodList : runtime::ObjectBase<PodList> {
  static constexpr std::string_view kKind = "PodList";
  metav1::TypeMeta type_meta;
  metav1::ListMeta list_meta;
  std::vector<Pod> items;
};
APIMACHINERY_FIELDS(PodList, (list_meta, "metadata"), items)
APIMACHINERY_JSON_FIELDS(PodList)

struct Node : runtime::ObjectBase<Node> {
  static constexpr std::string_view kKind = "Node";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Node, metadata)
APIMACHINERY_JSON_FIELDS(Node)

inline const schema::GroupVersionResource kPods{"", "v1", "pods"};
inline const schema::GroupVersionResource kNodes{"", "v1", "nodes"};
inline const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};
inline const schema::GroupVersionKind kPodKind{"", "v1", "Pod"};
inline const schema::GroupVersionKind kWidgetKind{"example.com", "v1", "Widget"};

inline std::shared_ptr<runtime::Scheme> NewScheme() {
  auto s = std::make_shared<runtime::Scheme>("cache-test");
  s->AddKnownTypes<Pod, PodList, Node>({"", "v1"});
  return s;
}

inline std::shared_ptr<meta::DefaultRESTMapper> NewMapper() {
  auto m = std::make_shared<meta::DefaultRESTMapper>();
  m->Add(kPodKind, meta::RESTScopeName::kNamespace);
  m->Add({"", "v1", "Node"}, meta::RESTScopeName::kRoot);
  m->Add(kWidgetKind, meta::RESTScopeName::kNamespace);
  return m;
}

inline void AddResources(testing::FakeAPIServer& server) {
  server.AddResource(kPods, "Pod", meta::RESTScopeName::kNamespace);
  server.AddResource(kNodes, "Node", meta::RESTScopeName::kRoot);
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
}

inline nlohmann::json PodJSON(const std::string& ns, const std::string& name, const std::string& node,
                              nlohmann::json labels = nlohmann::json::object()) {
  return {{"apiVersion", "v1"},
          {"kind", "Pod"},
          {"metadata", {{"namespace", ns}, {"name", name}, {"labels", std::move(labels)}}},
          {"spec", {{"nodeName", node}, {"containers", {"app"}}}}};
}

// Adapter: dynamic::Interface over FakeAPIServer (temporary, until the server implements it).
class Adapter final : public apimachinery::dynamic::Interface {
 public:
  explicit Adapter(testing::FakeAPIServer& s) : s_(s) {}
  using Shape = apimachinery::dynamic::ResponseShape;
  nlohmann::json Get(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                     const metav1::GetOptions&, std::string_view, Shape) override {
    return s_.Get(gvr, ns, name);
  }
  nlohmann::json List(const schema::GroupVersionResource& gvr, std::string_view ns,
                      const metav1::ListOptions& o, Shape shape) override {
    nlohmann::json l = s_.List(gvr, ns, o);
    if (shape == Shape::kPartialObjectMetadata) {
      for (auto& item : l["items"])
        item = nlohmann::json{{"apiVersion", "meta.k8s.io/v1"},
                              {"kind", "PartialObjectMetadata"},
                              {"metadata", item["metadata"]}};
      l["kind"] = "PartialObjectMetadataList";
      l["apiVersion"] = "meta.k8s.io/v1";
    }
    return l;
  }
  std::unique_ptr<apimachinery::watch::Interface> Watch(const schema::GroupVersionResource& gvr,
                                                        std::string_view ns, const metav1::ListOptions& o,
                                                        Shape shape) override {
    auto w = s_.Watch(gvr, ns, o);
    if (shape != Shape::kPartialObjectMetadata) return w;
    struct Meta final : apimachinery::watch::Interface {
      std::unique_ptr<apimachinery::watch::Interface> in;
      std::optional<apimachinery::watch::Event> Next() override {
        auto ev = in->Next();
        if (!ev) return ev;
        if (auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get())) {
          auto p = std::make_shared<metav1::PartialObjectMetadata>();
          p->metadata = *u->GetObjectMeta();
          p->SetGroupVersionKind({"meta.k8s.io", "v1", "PartialObjectMetadata"});
          ev->object = p;
        }
        return ev;
      }
      void Stop() noexcept override { in->Stop(); }
    };
    auto m = std::make_unique<Meta>();
    m->in = std::move(w);
    return m;
  }
  nlohmann::json Create(const schema::GroupVersionResource& gvr, std::string_view ns, nlohmann::json obj,
                        const metav1::CreateOptions&, std::string_view) override {
    return s_.Create(gvr, ns, std::move(obj));
  }
  nlohmann::json Update(const schema::GroupVersionResource& gvr, std::string_view ns, nlohmann::json obj,
                        const metav1::UpdateOptions&, std::string_view) override {
    return s_.Update(gvr, ns, std::move(obj));
  }
  nlohmann::json Patch(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                       std::string_view type, const nlohmann::json& patch, const metav1::PatchOptions&,
                       std::string_view) override {
    return s_.Patch(gvr, ns, name, type, patch);
  }
  nlohmann::json Delete(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                        const metav1::DeleteOptions& o) override {
    return s_.Delete(gvr, ns, name, o);
  }
  nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr, std::string_view ns,
                                  const metav1::DeleteOptions&, const metav1::ListOptions& lo) override {
    return s_.DeleteCollection(gvr, ns, lo);
  }

 private:
  testing::FakeAPIServer& s_;
};

// Env: a server with the test resources, the Scheme and mapper, and helpers to run a cache.
struct Env {
  testing::FakeAPIServer server;
  std::shared_ptr<runtime::Scheme> scheme = NewScheme();
  std::shared_ptr<meta::DefaultRESTMapper> mapper = NewMapper();

  Env() { AddResources(server); }

  std::unique_ptr<ctrl::Cache> NewCache(ctrl::CacheOptions options = {}) {
    return std::make_unique<ctrl::Cache>(*scheme, mapper, std::make_shared<Adapter>(server),
                                         std::move(options));
  }
  nlohmann::json CreatePod(const std::string& ns, const std::string& name, const std::string& node,
                           nlohmann::json labels = nlohmann::json::object()) {
    return server.Create(kPods, ns, PodJSON(ns, name, node, std::move(labels)));
  }
};

// Sync: WaitForCacheSync with a token never stopped.
inline bool Sync(ctrl::Cache& c) {
  std::stop_source never;
  return c.WaitForCacheSync(never.get_token());
}

}  // namespace ctrl_cache_support
