// Tests for ctrl/cache.hpp: selective caching (namespaces, all-but-some, label and field selectors
// pushed into list/watch, transforms, by_object over the defaults), read-your-own-writes (WaitFor,
// WaitForResourceVersion, MinResourceVersion, concurrent writers) and Stats.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "cache_support.hpp"

namespace ctrl_cache_options_test {

using namespace ctrl_cache_support;  // NOLINT(google-build-using-namespace): the shared test fixtures
namespace errors = apimachinery::errors;
namespace fields = apimachinery::fields;
namespace labels = apimachinery::labels;
namespace cache = apimachinery::cache;

void Seed(Env& env) {
  env.CreatePod("default", "a", "node-1", {{"app", "web"}});
  env.CreatePod("default", "b", "node-2", {{"app", "db"}});
  env.CreatePod("kube-system", "c", "node-1", {{"app", "web"}});
  env.CreatePod("kube-system", "d", "node-1", {{"app", "dns"}});
  env.CreatePod("other", "e", "node-3", {{"app", "web"}});
}

TEST_CASE("cache: one default namespace caches only it", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache({.default_namespaces = {{"default", {}}}});
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  CHECK(Names(c->List<Pod>()) == std::set<std::string>{"default/a", "default/b"});
  CHECK(c->List<Pod>(ctrl::InNamespace("default")).items.size() == 2);
  CHECK_THROWS_WITH(c->Get<Pod>({"other", "e"}),
                    "unable to get: other/e because of unknown namespace for the cache");
  CHECK_THROWS_WITH(c->List<Pod>(ctrl::InNamespace("other")),
                    "unable to list: other because of unknown namespace for the cache");
  CHECK(c->GetInformer<Pod>().HasSynced());
}

TEST_CASE("cache: several namespaces make one informer each behind one type", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache({.default_namespaces = {{"default", {}}, {"other", {}}}});
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  CHECK(Names(c->List<Pod>()) == std::set<std::string>{"default/a", "default/b", "other/e"});
  CHECK(Names(c->List<Pod>(ctrl::MatchingLabels{{{"app", "web"}}})) ==
        std::set<std::string>{"default/a", "other/e"});
  CHECK(c->List<Pod>(ctrl::Limit(2)).items.size() == 2);  // the limit spans the informers
  CHECK(c->Get<Pod>({"other", "e"})->spec.node_name == "node-3");
  CHECK(c->GetInformers(ctrl::ObjectType::Of<Pod>()).size() == 2);
  CHECK_THROWS_WITH(c->GetInformer<Pod>(), Catch::Matchers::Contains("is cached by 2 informers"));
  // IndexField reaches every informer of the type.
  c->IndexField<Pod>("spec.nodeName",
                     [](const Pod& p) { return std::vector<std::string>{p.spec.node_name}; });
  CHECK(Names(c->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-3"}}})) ==
        std::set<std::string>{"other/e"});
  // Cluster-scoped types ignore the namespaces.
  env.server.Create(kNodes, "", {{"apiVersion", "v1"}, {"kind", "Node"}, {"metadata", {{"name", "n1"}}}});
  CHECK(c->List<Node>().items.size() == 1);
}

TEST_CASE("cache: all namespaces but some, each with its own selectors", "[ctrl][cache]") {
  Env env;
  Seed(env);
  ctrl::NamespaceConfig system{.label_selector = labels::Parse("app=dns")};
  auto c = env.NewCache({.default_namespaces = {{"", {}}, {"kube-system", system}}});
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  CHECK(Names(c->List<Pod>()) == std::set<std::string>{"default/a", "default/b", "kube-system/d", "other/e"});
  CHECK(Names(c->List<Pod>(ctrl::InNamespace("kube-system"))) == std::set<std::string>{"kube-system/d"});
  CHECK(Names(c->List<Pod>(ctrl::InNamespace("other"))) ==
        std::set<std::string>{"other/e"});                                  // the "" informer
  CHECK_THROWS_AS(c->Get<Pod>({"kube-system", "c"}), errors::StatusError);  // filtered out, NotFound
  // New pods land in the informer of their namespace.
  auto created = env.CreatePod("kube-system", "f", "node-1", {{"app", "dns"}});
  Pod written;
  written.metadata.namespace_ = "kube-system";
  written.metadata.resource_version = created["metadata"]["resourceVersion"].get<std::string>();
  c->WaitFor(written, std::chrono::seconds(10));
  CHECK(c->List<Pod>(ctrl::InNamespace("kube-system")).items.size() == 2);
}

TEST_CASE("cache: label and field selectors are pushed into list and watch; by_object wins",
          "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache({
      .default_label_selector = labels::Parse("app=web"),
      .by_object = {{ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind),
                     ctrl::ByObject{.field_selector = fields::ParseSelector("metadata.name=b")}}},
  });
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  CHECK(Names(c->List<Pod>()) == std::set<std::string>{"default/a", "kube-system/c", "other/e"});
  // by_object's field selector, and the default label selector it did not override: nothing has
  // both app=web and name b.
  CHECK(c->List<runtime::Unstructured>(kPodKind).items.empty());
  // A pod that enters the selector later arrives by the watch.
  nlohmann::json b = env.server.Get(kPods, "default", "b");
  b["metadata"]["labels"]["app"] = "web";
  nlohmann::json updated = env.server.Update(kPods, "default", b);
  runtime::Unstructured written(updated);
  c->WaitFor(written, std::chrono::seconds(10));
  auto un = c->List<runtime::Unstructured>(kPodKind);
  REQUIRE(un.items.size() == 1);
  CHECK(un.items[0]->GetName() == "b");
}

TEST_CASE("cache: transforms, StripManagedFields included, run before storing", "[ctrl][cache]") {
  Env env;
  nlohmann::json pod = PodJSON("default", "a", "node-1");
  pod["metadata"]["managedFields"] = {{{"manager", "kubectl"}, {"operation", "Update"}}};
  env.server.Create(kPods, "default", pod);
  auto c = env.NewCache({
      .default_transform = cache::StripManagedFields,
      .by_object = {{ctrl::ObjectType::Of<Pod>(),
                     ctrl::ByObject{.transform =
                                        [](auto obj) {
                                          auto copy = std::make_shared<Pod>(static_cast<const Pod&>(*obj));
                                          copy->metadata.annotations["transformed"] = "yes";
                                          return std::shared_ptr<const runtime::Object>(copy);
                                        }}}},
  });
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  auto u = c->Get<runtime::Unstructured>(kPodKind, {"default", "a"});
  CHECK_FALSE(u->UnstructuredContent()["metadata"].contains("managedFields"));
  auto p = c->Get<Pod>({"default", "a"});
  CHECK(p->metadata.annotations.at("transformed") == "yes");
  CHECK_FALSE(p->metadata.managed_fields.empty());  // by_object's transform replaced the default
}

TEST_CASE("cache: read your own writes", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache();
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  c->GetInformer<Pod>();
  REQUIRE(Sync(*c));
  nlohmann::json a = env.server.Get(kPods, "default", "a");
  a["spec"]["nodeName"] = "node-9";
  const std::string rv = env.server.Update(kPods, "default", a)["metadata"]["resourceVersion"];
  // MinResourceVersion on Get and List.
  auto got = c->Get<Pod>({"default", "a"}, ctrl::MinResourceVersion(rv));
  CHECK(got->spec.node_name == "node-9");
  CHECK(got->metadata.resource_version == rv);
  CHECK(c->List<Pod>(ctrl::MinResourceVersion(rv)).items.size() == 5);
  c->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), rv, std::chrono::seconds(1));
  // A resourceVersion nothing has reached times out.
  const std::string future = std::to_string(std::stoull(rv) + 1000);
  try {
    c->Get<Pod>({"default", "a"}, ctrl::MinResourceVersion(future, std::chrono::milliseconds(50)));
    FAIL("no exception");
  } catch (const errors::StatusError& e) {
    CHECK(errors::IsTimeout(e));
    CHECK(std::string(e.what()) ==
          "Timeout: timed out waiting for the cache of /v1, Kind=Pod to observe resourceVersion " + future);
  }
  CHECK_THROWS_WITH(
      c->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), "abc", std::chrono::milliseconds(1)),
      "ctrl: resourceVersion \"abc\" is not a number the cache can compare");
  // Deletions count: the DELETED event carries the deletion's resourceVersion.
  env.server.Delete(kPods, "default", "b");
  const std::string after_delete = env.server.CurrentResourceVersion();
  c->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), after_delete, std::chrono::seconds(10));
  CHECK_THROWS_AS(c->Get<Pod>({"default", "b"}), errors::StatusError);
}

TEST_CASE("cache: the watermark starts at the initial list's resourceVersion", "[ctrl][cache]") {
  Env env;
  Seed(env);
  // Writes the Pod informer's list reflects but no listed Pod carries: a deletion, and a write of
  // another resource. The list's resourceVersion is newer than every listed object.
  env.server.Delete(kPods, "default", "b");
  env.server.Create(kNodes, "", {{"apiVersion", "v1"}, {"kind", "Node"}, {"metadata", {{"name", "n1"}}}});
  const std::string listed = env.server.CurrentResourceVersion();
  auto c = env.NewCache();
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  c->GetInformer<Pod>();
  REQUIRE(Sync(*c));
  std::uint64_t newest = 0;
  for (const auto& p : c->List<Pod>().items)
    newest = std::max<std::uint64_t>(newest, std::stoull(p->metadata.resource_version));
  REQUIRE(newest < std::stoull(listed));
  // No Pod event will come: only the list's own resourceVersion can satisfy these.
  c->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), listed, std::chrono::milliseconds(200));
  CHECK(c->List<Pod>(ctrl::MinResourceVersion(listed, std::chrono::milliseconds(200))).items.size() == 4);
  CHECK_THROWS_AS(
      c->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), std::to_string(std::stoull(listed) + 1),
                                std::chrono::milliseconds(50)),
      errors::StatusError);
}

TEST_CASE("cache: read your own writes under concurrent writers", "[ctrl][cache]") {
  Env env;
  auto c = env.NewCache();
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  c->GetInformer<Pod>();
  REQUIRE(Sync(*c));
  constexpr int kWriters = 4;
  constexpr int kWrites = 25;
  std::atomic<int> stale{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      const std::string name = "w" + std::to_string(w);
      nlohmann::json cur = env.CreatePod("default", name, "node-0");
      for (int i = 1; i <= kWrites; ++i) {
        cur["spec"]["nodeName"] = "node-" + std::to_string(i);
        cur = env.server.Update(kPods, "default", cur);
        const std::string rv = cur["metadata"]["resourceVersion"];
        auto p = c->Get<Pod>({"default", name}, ctrl::MinResourceVersion(rv));
        // Only this thread writes this pod: the cache holds exactly this write.
        if (p->metadata.resource_version != rv || p->spec.node_name != "node-" + std::to_string(i)) ++stale;
      }
    });
  }
  for (auto& t : writers) t.join();
  CHECK(stale == 0);
  CHECK(c->List<Pod>().items.size() == kWriters);
}

TEST_CASE("cache: Stats counts each informer's objects and the bytes they retain", "[ctrl][cache]") {
  Env env;
  Seed(env);
  nlohmann::json big = PodJSON("default", "big", "node-1");
  big["metadata"]["managedFields"] = nlohmann::json::array();
  for (int i = 0; i < 20; ++i)
    big["metadata"]["managedFields"].push_back(
        {{"manager", "a-rather-long-manager-name-" + std::to_string(i)}});
  env.server.Create(kPods, "default", big);
  auto plain = env.NewCache();
  auto stripped = env.NewCache({.default_transform = cache::StripManagedFields});
  std::jthread run1([&](std::stop_token s) { plain->Start(s); });
  std::jthread run2([&](std::stop_token s) { stripped->Start(s); });
  plain->GetInformer<Pod>();
  plain->GetInformer(ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind));
  stripped->GetInformer<Pod>();
  REQUIRE(Sync(*plain));
  REQUIRE(Sync(*stripped));

  const auto stats = plain->Stats();
  REQUIRE(stats.size() == 2);
  for (const auto& st : stats) {
    CHECK(st.objects == 6);
    CHECK(st.exact);
    CHECK(st.namespace_.empty());
    CHECK(st.gvk == kPodKind);
    // Bytes are the sum of the stored objects' measures.
    std::size_t sum = 0;
    const auto items = plain->GetInformer(st.type).GetIndexer().List();
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (st.type.IsUnstructured()) {
        sum += ctrl::internal::RetainedBytes(static_cast<const runtime::Unstructured&>(*items[i]));
      } else {
        sum += ctrl::internal::RetainedBytes(static_cast<const Pod&>(*items[i]));
      }
    }
    CHECK(st.bytes == sum);
    CHECK(st.bytes > 6 * sizeof(Pod));
  }
  // Stripping managedFields retains measurably less.
  const auto s2 = stripped->Stats();
  REQUIRE(s2.size() == 1);
  const auto typed = stats[0].type.IsUnstructured() ? stats[1] : stats[0];
  CHECK(s2[0].bytes + 20 * 40 < typed.bytes);
  // Deleting objects lowers the count.
  env.server.Delete(kPods, "default", "big");
  plain->WaitForResourceVersion(ctrl::ObjectType::Of<Pod>(), env.server.CurrentResourceVersion(),
                                std::chrono::seconds(10));
  for (const auto& st : plain->Stats()) {
    if (!st.type.IsUnstructured()) CHECK(st.objects == 5);
  }
}

TEST_CASE("cache: a type met only through the untyped Reader is measured by its metadata", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache();
  std::jthread run([&](std::stop_token s) { c->Start(s); });
  REQUIRE(Sync(*c));
  const ctrl::Reader& reader = *c;
  CHECK(reader.GetObject(ctrl::ObjectType{apimachinery::util::kTypeId<Pod>, {}}, {"default", "a"}, {}) !=
        nullptr);
  auto stats = c->Stats();
  REQUIRE(stats.size() == 1);
  CHECK_FALSE(stats[0].exact);
  CHECK(stats[0].objects == 5);
  c->GetInformer<Pod>();  // the template call teaches the cache Pod's measure
  CHECK(c->Stats()[0].exact);
  CHECK(c->Stats()[0].bytes > stats[0].bytes);
}

}  // namespace ctrl_cache_options_test

namespace ctrl_cache_options_test {

TEST_CASE("cache: each informer's resync period is sync_period with up to 10% jitter (calculateResyncPeriod)",
          "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto c = env.NewCache({.sync_period = std::chrono::milliseconds(100000)});
  std::vector<std::chrono::milliseconds> periods;
  periods.push_back(c->GetInformer<Pod>().ResyncCheckPeriod());
  periods.push_back(
      c->GetInformer(ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind)).ResyncCheckPeriod());
  periods.push_back(
      c->GetInformer(ctrl::ObjectType::Of<apimachinery::metav1::PartialObjectMetadata>(kPodKind))
          .ResyncCheckPeriod());
  periods.push_back(
      c->GetInformer(ctrl::ObjectType::Of<runtime::CompactUnstructured>(kPodKind)).ResyncCheckPeriod());
  bool jittered = false;
  for (const auto p : periods) {
    CHECK(p >= std::chrono::milliseconds(90000));
    CHECK(p < std::chrono::milliseconds(110000));
    jittered = jittered || p != std::chrono::milliseconds(100000);
  }
  CHECK(jittered);  // all four at exactly 100 s: one chance in 10^17
}

}  // namespace ctrl_cache_options_test
