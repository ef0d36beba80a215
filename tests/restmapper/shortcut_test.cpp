// Tests for restmapper/shortcut.hpp: upstream's cases (client-go restmapper/shortcut_test.go:
// TestReplaceAliases, TestKindFor, TestKindForWithNewCRDs) and the cases observed against kubectl,
// pass-through, Reset, failures, the short-name table's cache, threads.
#include "apimachinery/restmapper/shortcut.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/restmapper/discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_shortcut_test {

namespace discovery = apimachinery::discovery;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

namespace {

using GVR = schema::GroupVersionResource;

discovery::APIResource Resource(std::string name, std::vector<std::string> short_names,
                                std::string singular = "", std::string kind = "") {
  discovery::APIResource r;
  r.name = std::move(name);
  r.short_names = std::move(short_names);
  r.singular_name = std::move(singular);
  r.kind = std::move(kind);
  r.namespaced = true;
  return r;
}

// Serves exactly these resource lists, in this order, through ServerGroupsAndResources (one group
// entry per list, so the same group-version may appear twice, as in upstream's fake).
class ListsDiscovery : public discovery::DiscoveryInterface {
 public:
  explicit ListsDiscovery(std::vector<discovery::APIResourceList> lists) : lists_(std::move(lists)) {}

  std::vector<discovery::APIGroup> ServerGroups() override {
    std::lock_guard<std::mutex> lock(mu_);
    ++groups_calls;
    if (fail) throw apimachinery::Error("discovery is down");
    served_.clear();
    std::vector<discovery::APIGroup> groups;
    for (const auto& l : lists_) {
      discovery::APIGroup g;
      g.name = l.group_version;
      g.versions.push_back({l.group_version, l.group_version});
      g.preferred_version = g.versions.front();
      groups.push_back(std::move(g));
    }
    return groups;
  }

  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    std::lock_guard<std::mutex> lock(mu_);
    // The next list with this group-version that was not served yet in this round.
    for (std::size_t i = 0; i < lists_.size(); ++i) {
      if (lists_[i].group_version != gv || served_.count(i)) continue;
      served_.insert({i, true});
      return lists_[i];
    }
    throw discovery::NotFoundError();
  }

  int groups_calls = 0;
  bool fail = false;

 private:
  std::mutex mu_;
  std::vector<discovery::APIResourceList> lists_;
  std::map<std::size_t, bool> served_;
};

// A delegate mapper recording what it is asked.
class RecordingMapper : public meta::ResettableRESTMapper {
 public:
  mutable std::mutex mu;
  mutable std::vector<GVR> resources;
  mutable std::vector<std::string> singularized;
  mutable std::vector<schema::GroupKind> kinds;
  int resets = 0;

  meta::MapperResult<schema::GroupVersionKind> TryKindFor(const GVR& r) const override {
    Record(r);
    return meta::MapperResult<schema::GroupVersionKind>::Ok({r.group, r.version, "Kind:" + r.resource});
  }
  meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(const GVR& r) const override {
    Record(r);
    return meta::MapperResult<std::vector<schema::GroupVersionKind>>::Ok({{r.group, r.version, r.resource}});
  }
  meta::MapperResult<GVR> TryResourceFor(const GVR& r) const override {
    Record(r);
    return meta::MapperResult<GVR>::Ok(r);
  }
  meta::MapperResult<std::vector<GVR>> TryResourcesFor(const GVR& r) const override {
    Record(r);
    return meta::MapperResult<std::vector<GVR>>::Ok({r});
  }
  meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override {
    std::lock_guard<std::mutex> lock(mu);
    kinds.push_back(gk);
    return meta::MapperResult<meta::RESTMapping>::Ok({{gk.group, versions.empty() ? "" : versions[0], "r"},
                                                      {gk.group, "", gk.kind},
                                                      meta::RESTScopeName::kRoot});
  }
  meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>&) const override {
    std::lock_guard<std::mutex> lock(mu);
    kinds.push_back(gk);
    return meta::MapperResult<std::vector<meta::RESTMapping>>::Ok({});
  }
  meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override {
    std::lock_guard<std::mutex> lock(mu);
    singularized.emplace_back(resource);
    return meta::MapperResult<std::string>::Ok("singular:" + std::string(resource));
  }
  void Reset() override { ++resets; }

 private:
  void Record(const GVR& r) const {
    std::lock_guard<std::mutex> lock(mu);
    resources.push_back(r);
  }
};

struct Expanded {
  GVR result;
  std::vector<std::string> warnings;
};

Expanded Expand(std::vector<discovery::APIResourceList> lists, const GVR& request) {
  Expanded out;
  auto expander = restmapper::ShortcutExpander(std::make_shared<RecordingMapper>(),
                                               std::make_shared<ListsDiscovery>(std::move(lists)),
                                               [&out](const std::string& w) { out.warnings.push_back(w); });
  out.result = expander.ExpandResourceShortcut(request);
  return out;
}

std::string Warn(const std::string& short_name, const std::string& long_form) {
  return "short name \"" + short_name + "\" could also match lower priority resource " + long_form;
}

// The lists of the cases observed by running the Go code.
std::vector<discovery::APIResourceList> ObservedLists() {
  return {
      {"v1", {Resource("pods", {"po"}, "pod", "Pod"), Resource("services", {"svc"}, "service", "Service")}},
      {"storage.k8s.io/v1", {Resource("storageclasses", {"sc"}, "storageclass", "StorageClass")}},
      {"apps/v1", {Resource("deployments", {"deploy"}, "deployment", "Deployment")}},
      {"apps/v1beta1", {Resource("deployments", {"deploy"}, "deployment", "Deployment")}},
      {"acme.com/v1", {Resource("poddlers", {"po", "deploy"}, "poddler", "Poddler")}},
      {"bad/gv/x", {Resource("bads", {"bd"}, "bad", "Bad")}},
  };
}

}  // namespace

// Upstream TestReplaceAliases and TestKindFor cases (shortcut_test.go).
TEST_CASE("ShortcutExpander: upstream cases", "[restmapper][shortcut]") {
  SECTION("storageclasses-no-replacement") {
    auto e = Expand({}, {"", "", "storageclasses"});
    CHECK(e.result == GVR{"", "", "storageclasses"});
    CHECK(e.warnings.empty());
  }
  SECTION("hpa-priority") {
    auto e = Expand({{"autoscaling/v1", {Resource("superhorizontalpodautoscalers", {"hpa"})}},
                     {"autoscaling/v1", {Resource("horizontalpodautoscalers", {"hpa"})}}},
                    {"", "", "hpa"});
    CHECK(e.result == GVR{"autoscaling", "", "superhorizontalpodautoscalers"});
    CHECK(e.warnings == std::vector<std::string>{Warn("hpa", "horizontalpodautoscalers.autoscaling")});
  }
  SECTION("resource-override") {
    auto e = Expand({{"foo/v1", {Resource("deployments", {"dpl"})}},
                     {"extension/v1beta1", {Resource("deployments", {"deploy"})}}},
                    {"", "", "dpl"});
    CHECK(e.result == GVR{"foo", "", "deployments"});
    CHECK(e.warnings.empty());
  }
  const std::vector<discovery::APIResourceList> poddlers{
      {"v1", {Resource("pods", {}, "pod")}},
      {"acme.com/v1", {Resource("poddlers", {"pods", "pod"})}},
  };
  SECTION("resource-match-preferred") {
    auto e = Expand(poddlers, {"", "", "pods"});
    CHECK(e.result == GVR{"", "", "pods"});
    CHECK(e.warnings.empty());
  }
  SECTION("resource-match-singular-preferred") {
    auto e = Expand(poddlers, {"", "", "pod"});
    CHECK(e.result == GVR{"", "", "pod"});
    CHECK(e.warnings.empty());
  }
  SECTION("warn-builtin-shortname") {
    auto e = Expand({{"v1", {Resource("pods", {"po"})}}, {"acme.com/v1", {Resource("poddlers", {"po"})}}},
                    {"", "", "po"});
    CHECK(e.result == GVR{"", "", "pods"});
    CHECK(e.warnings == std::vector<std::string>{Warn("po", "poddlers.acme.com")});
  }
  SECTION("warn-builtin-shortname, poddlers in two versions: exactly one warning") {
    auto e = Expand({{"v1", {Resource("pods", {"po"})}},
                     {"acme.com/v1", {Resource("poddlers", {"po"})}},
                     {"acme.com/v1beta1", {Resource("poddlers", {"po"})}}},
                    {"", "", "po"});
    CHECK(e.result == GVR{"", "", "pods"});
    CHECK(e.warnings == std::vector<std::string>{Warn("po", "poddlers.acme.com")});
  }
  const std::vector<discovery::APIResourceList> hpa_versions{
      {"autoscaling/v1alphav1", {Resource("horizontalpodautoscalers", {"hpa"})}},
      {"autoscaling/v1", {Resource("horizontalpodautoscalers", {"hpa"})}},
  };
  SECTION("multiple versions of the same resource: no warning") {
    auto e = Expand(hpa_versions, {"", "", "hpa"});
    CHECK(e.result == GVR{"autoscaling", "", "horizontalpodautoscalers"});
    CHECK(e.warnings.empty());
  }
  SECTION("multiple resources in multiple versions: one warning per distinct resource, in order") {
    auto lists = hpa_versions;
    lists.push_back({"foo/v1", {Resource("foo", {"hpa"})}});
    lists.push_back({"foo/v1beta1", {Resource("foo", {"hpa"})}});
    lists.push_back({"bar/v1", {Resource("bar", {"hpa"})}});
    auto e = Expand(lists, {"", "", "hpa"});
    CHECK(e.result == GVR{"autoscaling", "", "horizontalpodautoscalers"});
    CHECK(e.warnings == std::vector<std::string>{Warn("hpa", "foo.foo"), Warn("hpa", "bar.bar")});
  }
  SECTION("KindFor: the delegate receives the expanded resource, without version") {
    auto delegate = std::make_shared<RecordingMapper>();
    auto client = std::make_shared<ListsDiscovery>(
        std::vector<discovery::APIResourceList>{{"storage.k8s.io/v1", {Resource("storageclasses", {"sc"})}}});
    std::vector<std::string> warnings;
    restmapper::ShortcutExpander expander(delegate, client,
                                          [&](const std::string& w) { warnings.push_back(w); });
    expander.KindFor({"storage.k8s.io", "", "sc"});
    expander.KindFor({"", "", "sc"});
    REQUIRE(delegate->resources.size() == 2);
    CHECK(delegate->resources[0] == GVR{"storage.k8s.io", "", "storageclasses"});
    CHECK(delegate->resources[1] == GVR{"storage.k8s.io", "", "storageclasses"});
    CHECK(warnings.empty());
  }
}

// Upstream TestKindForWithNewCRDs: discovery is empty until invalidated; the delegate is a
// Deferred mapper over the same client. The first answer is no-match; the expander expands again
// (discovery was refreshed meanwhile) and succeeds.
TEST_CASE("ShortcutExpander: KindFor with new CRDs", "[restmapper][shortcut]") {
  class NewCRDDiscovery : public discovery::CachedDiscoveryInterface {
   public:
    std::vector<discovery::APIGroup> ServerGroups() override {
      std::lock_guard<std::mutex> lock(mu_);
      if (!invalidated_) return {};
      return {discovery::APIGroup{"a", {{"a/v1", "v1"}}, {"a/v1", "v1"}}};
    }
    discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
      std::lock_guard<std::mutex> lock(mu_);
      if (!invalidated_ || gv != "a/v1") throw discovery::NotFoundError();
      return {"a/v1", {Resource("storageclasses", {"sc"}, "", "StorageClass")}};
    }
    bool Fresh() override {
      std::lock_guard<std::mutex> lock(mu_);
      return fresh_;
    }
    void Invalidate() override {
      std::lock_guard<std::mutex> lock(mu_);
      ++invalidations;
      invalidated_ = true;
      fresh_ = true;
    }
    int invalidations = 0;

   private:
    std::mutex mu_;
    bool invalidated_ = false;
    bool fresh_ = false;
  };
  auto client = std::make_shared<NewCRDDiscovery>();
  auto deferred = std::make_shared<restmapper::DeferredDiscoveryRESTMapper>(client);
  restmapper::ShortcutExpander expander(deferred, client);
  CHECK(expander.KindFor({"a", "", "sc"}) == schema::GroupVersionKind{"a", "v1", "StorageClass"});
  CHECK(client->invalidations == 1);
  // Now everything is known: ResourceFor expands directly.
  CHECK(expander.ResourceFor({"", "", "sc"}) == GVR{"a", "v1", "storageclasses"});
}

// The cases observed by running the Go code.
TEST_CASE("ShortcutExpander: observed cases", "[restmapper][shortcut]") {
  struct Case {
    GVR request;
    GVR expanded;
    std::vector<std::string> warnings;
  };
  const std::vector<Case> cases{
      // Version dropped on a short-name hit.
      {{"", "v1", "sc"}, {"storage.k8s.io", "", "storageclasses"}, {}},
      {{"storage.k8s.io", "v1", "sc"}, {"storage.k8s.io", "", "storageclasses"}, {}},
      // Group-prefix path keeps the version.
      {{"storage", "v1", "sc"}, {"storage.k8s.io", "v1", "storageclasses"}, {}},
      // The prefix path only looks at short names.
      {{"storage", "", "storageclasses"}, {"storage", "", "storageclasses"}, {}},
      // Case-sensitive.
      {{"", "", "SC"}, {"", "", "SC"}, {}},
      {{"", "", "deploy"}, {"apps", "", "deployments"}, {Warn("deploy", "poddlers.acme.com")}},
      {{"", "", "po"}, {"", "", "pods"}, {Warn("po", "poddlers.acme.com")}},
      {{"acme.com", "", "deploy"}, {"acme.com", "", "poddlers"}, {}},
      {{"acme", "", "deploy"}, {"acme.com", "", "poddlers"}, {}},
      // No prefix matching of names.
      {{"", "", "deployments"}, {"", "", "deployments"}, {}},
      {{"", "", "deployment"}, {"", "", "deployment"}, {}},
      {{"", "", "deploym"}, {"", "", "deploym"}, {}},
      {{"apps", "", "pods"}, {"apps", "", "pods"}, {}},
      // The list with an unparsable group-version is skipped.
      {{"", "", "bd"}, {"", "", "bd"}, {}},
      {{"", "", "svc"}, {"", "", "services"}, {}},
  };
  for (const auto& c : cases) {
    INFO(c.request.String());
    auto e = Expand(ObservedLists(), c.request);
    CHECK(e.result == c.expanded);
    CHECK(e.warnings == c.warnings);
  }
}

TEST_CASE("ShortcutExpander: which calls expand, pass-through and Reset", "[restmapper][shortcut]") {
  auto delegate = std::make_shared<RecordingMapper>();
  auto client = std::make_shared<ListsDiscovery>(ObservedLists());
  int warnings = 0;
  auto expander = restmapper::NewShortcutExpander(delegate, client, [&](const std::string&) { ++warnings; });

  CHECK(expander->ResourceFor({"", "v1", "po"}) == GVR{"", "", "pods"});
  CHECK(expander->ResourcesFor({"", "", "svc"}) == std::vector<GVR>{{"", "", "services"}});
  CHECK(expander->KindsFor({"", "", "sc"}) ==
        std::vector<schema::GroupVersionKind>{{"storage.k8s.io", "", "storageclasses"}});
  CHECK(expander->KindFor({"", "", "deploy"}) == schema::GroupVersionKind{"apps", "", "Kind:deployments"});
  // ResourceSingularizer expands {Resource: name} and passes only the resource on.
  CHECK(expander->ResourceSingularizer("sc") == "singular:storageclasses");
  CHECK(delegate->singularized == std::vector<std::string>{"storageclasses"});
  // RESTMapping / RESTMappings are not expanded.
  CHECK(expander->RESTMapping({"", "po"}).group_version_kind.kind == "po");
  expander->RESTMappings({"apps", "deploy"}, {"v1"});
  CHECK(delegate->kinds == std::vector<schema::GroupKind>{{"", "po"}, {"apps", "deploy"}});
  CHECK(warnings == 2);  // po and deploy both also match poddlers

  // One discovery round for all six expansions: the short-name table is kept (a plain client).
  CHECK(client->groups_calls == 1);
  expander->Reset();
  CHECK(delegate->resets == 1);
  CHECK(client->groups_calls == 1);  // Reset drops the table; the next expansion reads discovery

  // Discovery failing: nothing is expanded, nothing is thrown, and the failure is not kept.
  client->fail = true;
  CHECK(expander->ResourceFor({"", "", "po"}) == GVR{"", "", "po"});
  CHECK(client->groups_calls == 2);
  CHECK(expander->ResourceFor({"", "", "po"}) == GVR{"", "", "po"});
  CHECK(client->groups_calls == 3);
  client->fail = false;
  CHECK(expander->ResourceFor({"", "", "po"}) == GVR{"", "", "pods"});
  CHECK(expander->ResourceFor({"", "", "svc"}) == GVR{"", "", "services"});
  CHECK(client->groups_calls == 4);

  CHECK_THROWS_AS(restmapper::ShortcutExpander(nullptr, client), apimachinery::Error);
  CHECK_THROWS_AS(restmapper::ShortcutExpander(delegate, nullptr), apimachinery::Error);
}

TEST_CASE("ShortcutExpander: KindFor retries once after no-match; errors reach the caller",
          "[restmapper][shortcut]") {
  // A delegate that never matches: KindFor asks it twice (expand, ask, expand again, ask again).
  class NoMatch : public RecordingMapper {
   public:
    meta::MapperResult<schema::GroupVersionKind> TryKindFor(const GVR& r) const override {
      RecordingMapper::TryKindFor(r);
      return meta::MapperResult<schema::GroupVersionKind>::Err(meta::MapperError::NoResourceMatch(r));
    }
    meta::MapperResult<GVR> TryResourceFor(const GVR& r) const override {
      RecordingMapper::TryResourceFor(r);
      return meta::MapperResult<GVR>::Err(meta::MapperError::NoResourceMatch(r));
    }
  };
  auto delegate = std::make_shared<NoMatch>();
  auto client = std::make_shared<ListsDiscovery>(ObservedLists());
  restmapper::ShortcutExpander expander(delegate, client);
  CHECK_THROWS_AS(expander.KindFor({"", "", "sc"}), meta::NoResourceMatchError);
  CHECK(delegate->resources.size() == 2);
  CHECK(client->groups_calls == 2);  // the retry reads discovery again, as upstream's does
  CHECK_THROWS_WITH(expander.ResourceFor({"", "", "sc"}),
                    "no matches for storage.k8s.io/, Resource=storageclasses");
  CHECK(delegate->resources.size() == 3);  // no retry outside KindFor
}

TEST_CASE("ShortcutExpander: concurrent lookups and handler changes", "[restmapper][shortcut][concurrency]") {
  auto delegate = std::make_shared<RecordingMapper>();
  auto client = std::make_shared<ListsDiscovery>(ObservedLists());
  std::atomic<int> warned{0};
  restmapper::ShortcutExpander expander(delegate, client, [&](const std::string&) { warned.fetch_add(1); });
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        if (t == 0 && i % 50 == 0) {
          expander.SetWarningHandler([&](const std::string&) { warned.fetch_add(1); });
        }
        if (expander.ResourceFor({"", "", "deploy"}) != GVR{"apps", "", "deployments"}) wrong.fetch_add(1);
        if (expander.ResourceFor({"", "", "svc"}) != GVR{"", "", "services"}) wrong.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(wrong.load() == 0);
  CHECK(warned.load() == 800);
}

}  // namespace restmapper_shortcut_test
