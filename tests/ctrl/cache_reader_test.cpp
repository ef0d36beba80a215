// Tests for ctrl/cache.hpp: the cache as a Reader (controller-runtime pkg/cache/cache_test.go and
// informer_cache_test.go behaviours, written as ours): not-started errors, Get and NotFound texts,
// List with namespace, label and field filters, Limit, IndexField before and after start,
// Unstructured and metadata-only types, lazy informers, reader_fails_on_missing_informer,
// disable_for.
#include <atomic>
#include <chrono>
#include <memory>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "cache_support.hpp"

namespace ctrl_cache_reader_test {

using namespace ctrl_cache_support;  // NOLINT(google-build-using-namespace): the shared test fixtures
namespace errors = apimachinery::errors;
namespace fields = apimachinery::fields;
namespace labels = apimachinery::labels;

// Three pods in two namespaces on two nodes.
void Seed(Env& env) {
  env.CreatePod("default", "a", "node-1", {{"app", "web"}});
  env.CreatePod("default", "b", "node-2", {{"app", "db"}});
  env.CreatePod("other", "c", "node-1", {{"app", "web"}});
}

TEST_CASE("cache: reads before Start fail with ErrCacheNotStarted", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  CHECK_THROWS_AS(cache->Get<Pod>({"default", "a"}), ctrl::ErrCacheNotStarted);
  CHECK_THROWS_WITH(cache->List<Pod>(), "the cache is not started, can not read objects");
  // The read made the informer (as upstream's Informers.Get), so Start runs it.
  CHECK(cache->HasInformer(ctrl::ObjectType::Of<Pod>()));
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(cache->Get<Pod>({"default", "a"})->spec.node_name == "node-1");
}

TEST_CASE("cache: Get returns the cached object itself, NotFound names the kind", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  cache->GetInformer<Pod>();
  REQUIRE(Sync(*cache));
  std::shared_ptr<const Pod> a1 = cache->Get<Pod>({"default", "a"});
  std::shared_ptr<const Pod> a2 = cache->Get<Pod>({"default", "a"});
  CHECK(a1.get() == a2.get());  // zero copies: the store's object
  CHECK(a1->GetObjectKind() == kPodKind);
  CHECK(a1->spec.containers == std::vector<std::string>{"app"});
  try {
    cache->Get<Pod>({"default", "missing"});
    FAIL("no exception");
  } catch (const errors::StatusError& e) {
    CHECK(errors::IsNotFound(e));
    CHECK(std::string(e.what()) == "Pod \"missing\" not found");
  }
  // Another namespace's pod of the same name is not found.
  CHECK_THROWS_WITH(cache->Get<Pod>({"other", "a"}), "Pod \"a\" not found");
  // A group's kind is qualified by the group.
  try {
    cache->Get<runtime::Unstructured>(kWidgetKind, {"default", "nope"});
    FAIL("no exception");
  } catch (const errors::StatusError& e) {
    CHECK(std::string(e.what()) == "Widget.example.com \"nope\" not found");
  }
}

TEST_CASE("cache: cluster-scoped Get ignores the namespace", "[ctrl][cache]") {
  Env env;
  env.server.Create(kNodes, "", {{"apiVersion", "v1"}, {"kind", "Node"}, {"metadata", {{"name", "n1"}}}});
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(cache->Get<Node>({"", "n1"})->metadata.name == "n1");
  CHECK(cache->Get<Node>({"default", "n1"})->metadata.name == "n1");  // cache_reader.go: Get
  CHECK(cache->List<Node>().items.size() == 1);
}

TEST_CASE("cache: List filters by namespace and labels in one Select, and stops at Limit", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(Names(cache->List<Pod>()) == std::set<std::string>{"default/a", "default/b", "other/c"});
  CHECK(Names(cache->List<Pod>(ctrl::InNamespace("default"))) ==
        std::set<std::string>{"default/a", "default/b"});
  CHECK(Names(cache->List<Pod>(ctrl::MatchingLabels{{{"app", "web"}}})) ==
        std::set<std::string>{"default/a", "other/c"});
  CHECK(Names(cache->List<Pod>(ctrl::InNamespace("default"), ctrl::MatchingLabels{{{"app", "web"}}})) ==
        std::set<std::string>{"default/a"});
  CHECK(Names(cache->List<Pod>(ctrl::MatchingLabelsSelector{labels::Parse("app!=web")})) ==
        std::set<std::string>{"default/b"});
  CHECK(cache->List<Pod>(ctrl::InNamespace("nowhere")).items.empty());
  CHECK(cache->List<Pod>(ctrl::Limit(2)).items.size() == 2);
  CHECK(cache->List<Pod>(ctrl::Limit(1), ctrl::MatchingLabels{{{"app", "web"}}}).items.size() == 1);
  CHECK(cache->List<Pod>(ctrl::Limit(0)).items.size() == 3);  // 0: no limit
  CHECK_THROWS_WITH(cache->List<Pod>(ctrl::Continue("abc")),
                    "continue list option is not supported by the cache");
}

TEST_CASE("cache: MatchingFields needs an index registered with IndexField", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK_THROWS_WITH(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-1"}}}),
                    "Index with name field:spec.nodeName does not exist");
  cache->IndexField<Pod>("spec.nodeName",
                         [](const Pod& p) { return std::vector<std::string>{p.spec.node_name}; });
  // A later unindexed term: cache_reader.go's own text.
  CHECK_THROWS_WITH(
      cache->List<Pod>(ctrl::MatchingFieldsSelector{fields::ParseSelector("spec.nodeName=node-1,spec.x=y")}),
      "index with name field:spec.x does not exist");
}

TEST_CASE("cache: IndexField after start back-fills; fields, labels and namespace combine", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  REQUIRE(cache->List<Pod>().items.size() == 3);  // the informer runs before the index exists
  cache->IndexField<Pod>("spec.nodeName",
                         [](const Pod& p) { return std::vector<std::string>{p.spec.node_name}; });
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-1"}}})) ==
        std::set<std::string>{"default/a", "other/c"});
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-1"}}},
                               ctrl::InNamespace("other"))) == std::set<std::string>{"other/c"});
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-1"}}},
                               ctrl::InNamespace("default"), ctrl::MatchingLabels{{{"app", "db"}}}))
            .empty());
  // `!=` is served (upstream refuses non-exact matches).
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFieldsSelector{
            fields::ParseSelector("spec.nodeName!=node-1")})) == std::set<std::string>{"default/b"});
  CHECK(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-9"}}}).items.empty());
  // New objects are indexed as they arrive.
  auto created = env.CreatePod("other", "d", "node-9");
  Pod written;
  written.metadata.namespace_ = "other";
  written.metadata.name = "d";
  written.metadata.resource_version = created["metadata"]["resourceVersion"].get<std::string>();
  cache->WaitFor(written, std::chrono::seconds(10));
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFields{{{"spec.nodeName", "node-9"}}})) ==
        std::set<std::string>{"other/d"});
  // Indexing the same field twice is the store's conflict.
  CHECK_THROWS_WITH(
      cache->IndexField<Pod>("spec.nodeName", [](const Pod&) { return std::vector<std::string>{}; }),
      Catch::Matchers::StartsWith("indexer conflict"));
}

TEST_CASE("cache: IndexField before start; multi-valued indexes", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  cache->IndexField<Pod>("letters", [](const Pod& p) {
    return std::vector<std::string>{p.metadata.name, "any"};
  });
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(Names(cache->List<Pod>(ctrl::MatchingFields{{{"letters", "b"}}})) ==
        std::set<std::string>{"default/b"});
  CHECK(cache->List<Pod>(ctrl::MatchingFields{{{"letters", "any"}}}).items.size() == 3);
}

TEST_CASE("cache: Unstructured and metadata-only types have informers of their own", "[ctrl][cache]") {
  Env env;
  Seed(env);
  env.server.Create(kWidgets, "default",
                    {{"apiVersion", "example.com/v1"},
                     {"kind", "Widget"},
                     {"metadata", {{"name", "w1"}, {"labels", {{"size", "big"}}}}},
                     {"spec", {{"size", 3}}}});
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  auto w = cache->Get<runtime::Unstructured>(kWidgetKind, {"default", "w1"});
  CHECK(w->GetObjectKind() == kWidgetKind);
  CHECK(w->UnstructuredContent()["spec"]["size"] == 3);
  auto pods = cache->List<runtime::Unstructured>(kPodKind, ctrl::MatchingLabels{{{"app", "web"}}});
  CHECK(pods.items.size() == 2);
  for (const auto& p : pods.items) CHECK(p->GetObjectKind() == kPodKind);

  auto m = cache->Get<metav1::PartialObjectMetadata>(kWidgetKind, {"default", "w1"});
  CHECK(m->GetObjectKind() == kWidgetKind);  // stamped with the kind asked for, as upstream
  CHECK(m->metadata.labels.at("size") == "big");
  auto metas = cache->List<metav1::PartialObjectMetadata>(kPodKind, ctrl::InNamespace("default"));
  CHECK(metas.items.size() == 2);

  // Three ObjectTypes of pods, three informers.
  CHECK(cache->HasInformer(ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind)));
  CHECK(cache->HasInformer(ctrl::ObjectType::Of<metav1::PartialObjectMetadata>(kPodKind)));
  CHECK_FALSE(cache->HasInformer(ctrl::ObjectType::Of<Pod>()));

  // The metadata informer follows changes.
  nlohmann::json live = env.server.Get(kWidgets, "default", "w1");
  live["metadata"]["labels"]["size"] = "small";
  nlohmann::json updated = env.server.Update(kWidgets, "default", live);
  metav1::PartialObjectMetadata written;
  written.SetGroupVersionKind(kWidgetKind);
  written.metadata.namespace_ = "default";
  written.metadata.resource_version = updated["metadata"]["resourceVersion"].get<std::string>();
  cache->WaitFor(written, std::chrono::seconds(10));
  CHECK(
      cache->Get<metav1::PartialObjectMetadata>(kWidgetKind, {"default", "w1"})->metadata.labels.at("size") ==
      "small");
}

TEST_CASE("cache: CompactUnstructured reads have an informer of immutable compact objects", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  const auto compact = ctrl::ObjectType::Of<runtime::CompactUnstructured>(kPodKind);
  cache->IndexField(compact, "spec.nodeName", [](const runtime::Object& o) {
    const auto node = static_cast<const runtime::CompactUnstructured&>(o).Root().FindPath("spec", "nodeName");
    return std::vector<std::string>{std::string(node.String())};
  });
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  const auto a = cache->Get<runtime::CompactUnstructured>(kPodKind, {"default", "a"});
  CHECK(a->GetObjectKind() == kPodKind);
  CHECK(a->Root().FindPath("spec", "nodeName").String() == "node-1");
  CHECK(nlohmann::json::parse(a->MarshalJSON()) == env.server.Get(kPods, "default", "a"));
  CHECK(cache->List<runtime::CompactUnstructured>(kPodKind, ctrl::MatchingLabels{{{"app", "web"}}})
            .items.size() == 2);
  const auto on_node1 = cache->List<runtime::CompactUnstructured>(
      kPodKind, ctrl::MatchingFields{{{"spec.nodeName", "node-1"}}}, ctrl::InNamespace("default"));
  REQUIRE(on_node1.items.size() == 1);
  CHECK(on_node1.items[0]->GetObjectMeta()->name == "a");
  CHECK_THROWS_WITH(cache->Get<runtime::CompactUnstructured>(kPodKind, {"default", "zz"}),
                    "Pod \"zz\" not found");  // as the other cached reads (cache_reader.go)
  CHECK(cache->HasInformer(compact));
  CHECK_FALSE(cache->HasInformer(ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind)));

  // Updates reach it; the stored object is replaced, never edited.
  nlohmann::json live = env.server.Get(kPods, "default", "a");
  live["metadata"]["labels"]["app"] = "db";
  const nlohmann::json updated = env.server.Update(kPods, "default", live);
  cache->WaitForResourceVersion(compact, updated["metadata"]["resourceVersion"].get<std::string>(),
                                std::chrono::seconds(10));
  CHECK(cache->Get<runtime::CompactUnstructured>(kPodKind, {"default", "a"})
            ->GetObjectMeta()
            ->labels.at("app") == "db");
  CHECK(a->GetObjectMeta()->labels.at("app") == "web");  // the object read earlier is unchanged

  // Stats measure the compact objects exactly, and they cost less than Unstructured ones.
  cache->GetInformer(ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind));
  REQUIRE(Sync(*cache));
  std::size_t compact_bytes = 0, unstructured_bytes = 0;
  const std::size_t pods = env.server.List(kPods, "", {})["items"].size();
  for (const auto& st : cache->Stats()) {
    CHECK(st.exact);
    CHECK(st.objects == pods);
    (st.type.IsCompact() ? compact_bytes : unstructured_bytes) = st.bytes;
  }
  CHECK(compact_bytes > pods * sizeof(runtime::CompactUnstructured));
  CHECK(compact_bytes < unstructured_bytes);
}

TEST_CASE("cache: CompactUnstructured informers intern their strings into one pool (intern_strings)",
          "[ctrl][cache][intern]") {
  for (const bool intern : {true, false}) {
    INFO("intern_strings " << intern);
    Env env;
    Seed(env);
    auto cache = env.NewCache(ctrl::CacheOptions{.intern_strings = intern});
    const auto pods = ctrl::ObjectType::Of<runtime::CompactUnstructured>(kPodKind);
    const auto widgets = ctrl::ObjectType::Of<runtime::CompactUnstructured>(kWidgetKind);
    cache->GetInformer(pods);
    cache->GetInformer(widgets);
    std::jthread run([&](std::stop_token s) { cache->Start(s); });
    REQUIRE(Sync(*cache));
    const auto listed = cache->Get<runtime::CompactUnstructured>(kPodKind, {"default", "a"});
    // Objects from the watch intern too. Each informer has its own watch: wait on each for the
    // object it is to see (a later resourceVersion seen by one says nothing of the other).
    const nlohmann::json late =
        env.server.Create(kPods, "default",
                          {{"apiVersion", "v1"},
                           {"kind", "Pod"},
                           {"metadata", {{"name", "late"}, {"labels", {{"app", "web"}}}}},
                           {"spec", {{"nodeName", "node-1"}}}});
    const nlohmann::json created = env.server.Create(kWidgets, "default",
                                                     {{"apiVersion", "example.com/v1"},
                                                      {"kind", "Widget"},
                                                      {"metadata", {{"name", "w9"}}},
                                                      {"spec", {{"size", 1}}}});
    cache->WaitForResourceVersion(pods, late["metadata"]["resourceVersion"].get<std::string>(),
                                  std::chrono::seconds(10));
    cache->WaitForResourceVersion(widgets, created["metadata"]["resourceVersion"].get<std::string>(),
                                  std::chrono::seconds(10));
    const auto watched = cache->Get<runtime::CompactUnstructured>(kPodKind, {"default", "late"});
    const auto widget = cache->Get<runtime::CompactUnstructured>(kWidgetKind, {"default", "w9"});
    CHECK(nlohmann::json::parse(listed->MarshalJSON()) == env.server.Get(kPods, "default", "a"));
    CHECK(nlohmann::json::parse(watched->MarshalJSON()) == env.server.Get(kPods, "default", "late"));
    CHECK(watched->GetObjectMeta()->labels.at("app") == "web");
    const ctrl::Cache::InternStats st = cache->InternedStrings();
    if (intern) {
      // One pool for every informer of the cache.
      REQUIRE(listed->Document()->Pool() != nullptr);
      CHECK(watched->Document()->Pool() == listed->Document()->Pool());
      CHECK(widget->Document()->Pool() == listed->Document()->Pool());
      CHECK(st.strings > 10);
      CHECK(st.bytes >= 16 * 1024);
      CHECK(listed->Document()->Pool()->Size() == st.strings);
    } else {
      CHECK(listed->Document()->Pool() == nullptr);
      CHECK(watched->Document()->Pool() == nullptr);
      CHECK(st.strings == 0);
      CHECK(st.bytes == 0);
    }
  }
}

TEST_CASE("cache: an informer made after Start starts at once and the read waits for its sync",
          "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache();
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));  // no informers yet
  CHECK_FALSE(cache->HasInformer(ctrl::ObjectType::Of<Pod>()));
  CHECK(env.server.RequestCount("list") == 0);
  CHECK(Names(cache->List<Pod>()).size() == 3);  // made, started and synced by this read
  CHECK(cache->GetInformer<Pod>().HasSynced());
  CHECK(env.server.RequestCount("list") == 1);
  CHECK(cache->List<Pod>().items.size() == 3);
  CHECK(env.server.RequestCount("list") == 1);  // one informer per type, shared by every read
}

TEST_CASE("cache: reader_fails_on_missing_informer refuses types without an informer", "[ctrl][cache]") {
  Env env;
  Seed(env);
  auto cache = env.NewCache({.reader_fails_on_missing_informer = true});
  CHECK_THROWS_AS(cache->Get<Pod>({"default", "a"}), ctrl::ErrResourceNotCached);
  CHECK_THROWS_WITH(cache->List<Pod>(), "/v1, Kind=Pod is not cached");
  CHECK_FALSE(cache->HasInformer(ctrl::ObjectType::Of<Pod>()));
  cache->GetInformer<Pod>();
  CHECK_THROWS_AS(cache->List<Pod>(), ctrl::ErrCacheNotStarted);  // now it exists, but nothing runs
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(cache->List<Pod>().items.size() == 3);
  CHECK_THROWS_WITH(cache->List<Node>(), "/v1, Kind=Node is not cached");
}

// CountingReader: an API reader that answers every read with one fixed pod.
class CountingReader final : public ctrl::Reader {
 public:
  std::shared_ptr<const runtime::Object> GetObject(const ctrl::ObjectType&, const ctrl::ObjectKey& key,
                                                   const ctrl::GetOptions&) const override {
    ++gets;
    auto p = std::make_shared<Pod>();
    p->metadata.namespace_ = key.namespace_;
    p->metadata.name = key.name;
    return p;
  }
  ctrl::ObjectList<runtime::Object> ListObjects(const ctrl::ObjectType&,
                                                const ctrl::ListOptions&) const override {
    ++lists;
    return {};
  }
  mutable std::atomic<int> gets{0};
  mutable std::atomic<int> lists{0};
};

TEST_CASE("cache: disable_for sends reads to the API reader and makes no informer", "[ctrl][cache]") {
  Env env;
  Seed(env);
  CHECK_THROWS_WITH(env.NewCache({.disable_for = {ctrl::ObjectType::Of<Pod>()}}),
                    "ctrl: CacheOptions.disable_for needs an api_reader");
  auto reader = std::make_shared<CountingReader>();
  auto cache = env.NewCache({.disable_for = {ctrl::ObjectType::Of<Pod>()}, .api_reader = reader});
  // Even before Start: the API reader does not need the cache.
  CHECK(cache->Get<Pod>({"x", "y"})->metadata.name == "y");
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  CHECK(cache->Get<Pod>({"default", "a"})->metadata.name == "a");
  CHECK(cache->List<Pod>().items.empty());
  CHECK(reader->gets == 2);
  CHECK(reader->lists == 1);
  CHECK_FALSE(cache->HasInformer(ctrl::ObjectType::Of<Pod>()));
  CHECK(env.server.RequestCount("list") == 0);
  // Other types are cached as usual.
  CHECK(cache->List<runtime::Unstructured>(kPodKind).items.size() == 3);
}

TEST_CASE("cache: Start twice fails; WaitForCacheSync returns false when stopped first", "[ctrl][cache]") {
  Env env;
  auto cache = env.NewCache();
  std::stop_source stopped;
  stopped.request_stop();
  CHECK_FALSE(cache->WaitForCacheSync(stopped.get_token()));  // never started
  std::jthread run([&](std::stop_token s) { cache->Start(s); });
  REQUIRE(Sync(*cache));
  std::stop_source other;
  CHECK_THROWS_WITH(cache->Start(other.get_token()), "Informer already started");
}

}  // namespace ctrl_cache_reader_test
