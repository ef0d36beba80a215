// What the cache tests share: the test types (a Pod with spec.nodeName, a cluster-scoped Node),
// their Scheme and RESTMapper, a FakeAPIServer serving them, and a running ctrl::Cache.
#pragma once

#include <chrono>
#include <memory>
#include <set>
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

// Names: the "<namespace>/<name>" of each listed pod.
inline std::set<std::string> Names(const ctrl::ObjectList<Pod>& list) {
  std::set<std::string> out;
  for (const auto& p : list.items) out.insert(p->metadata.namespace_ + "/" + p->metadata.name);
  return out;
}

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

// Env: a server with the test resources, the Scheme and mapper, and helpers to run a cache.
struct Env {
  testing::FakeAPIServer server;
  std::shared_ptr<runtime::Scheme> scheme = NewScheme();
  std::shared_ptr<meta::DefaultRESTMapper> mapper = NewMapper();

  Env() { AddResources(server); }

  std::unique_ptr<ctrl::Cache> NewCache(ctrl::CacheOptions options = {}) {
    return std::make_unique<ctrl::Cache>(*scheme, mapper, server.Dynamic(), std::move(options));
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
