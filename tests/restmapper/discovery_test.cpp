// Tests for restmapper/discovery.hpp: every case of k8s.io/client-go/restmapper/discovery.go
// (discovery_test.go's TestRESTMapper, TestGetAPIGroupResources, TestDeferredDiscoveryRESTMapper_CacheMiss,
// and the observed rows), with exact error texts.
#include "apimachinery/restmapper/discovery.hpp"

#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "restmapper/fake_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_discovery_test {

using apimachinery::meta::RESTMapping;
using apimachinery::meta::RESTScopeName;
using apimachinery::schema::GroupKind;
using apimachinery::schema::GroupVersionKind;
using apimachinery::schema::GroupVersionResource;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace discovery = apimachinery::discovery;
using namespace restmapper_test;

namespace {

std::shared_ptr<meta::RESTMapper> Section71Mapper() {
  return restmapper::NewDiscoveryRESTMapper(Section71Groups());
}

}  // namespace

TEST_CASE("TestRESTMapper: KindFor", "[restmapper][discovery]") {
  auto m = Section71Mapper();
  CHECK(m->KindFor({"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(m->KindFor({"", "v1", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(m->KindFor({"", "v2", "pods"}) == GroupVersionKind{"", "v2", "Pod"});
  CHECK(m->KindFor({"", "", "jobs"}) == GroupVersionKind{"extensions", "v1beta", "Job"});
  CHECK(m->KindFor({"", "", "peas"}) == GroupVersionKind{"unpreferred", "v2beta1", "Pea"});
  // Rows observed by running the Go code.
  CHECK(m->KindFor({"", "", "pod"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(m->KindFor({"", "", "Pods"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(m->KindFor({"ext", "", "pods"}) == GroupVersionKind{"extensions", "v1beta", "Pod"});
  CHECK(m->KindFor({"", "", "broccoli"}) == GroupVersionKind{"unpreferred", "v1", "Broccoli"});
  REQUIRE_THROWS_AS(m->KindFor({"", "", "broccolis"}), meta::NoResourceMatchError);
  REQUIRE_THROWS_WITH(m->KindFor({"", "", "broccolis"}), "no matches for /, Resource=broccolis");
  CHECK(m->KindFor({"", "", "podlists"}) == GroupVersionKind{"", "v1", "PodList"});
  CHECK(m->KindFor({"", "", "podlist"}) == GroupVersionKind{"", "v1", "PodList"});
  CHECK(m->KindFor({"", "", "lists"}) == GroupVersionKind{"", "v1", "List"});
  CHECK(m->KindFor({"", "", "list"}) == GroupVersionKind{"", "v1", "List"});
  REQUIRE_THROWS_WITH(m->KindFor({"", "", "pods/status"}), "no matches for /, Resource=pods/status");
  REQUIRE_THROWS_AS(m->KindFor({"", "", "status"}), meta::NoResourceMatchError);
  CHECK(m->KindFor({"", "", "widgets"}) == GroupVersionKind{"nopref", "v1", "Widget"});
}

TEST_CASE("TestRESTMapper: ResourceFor", "[restmapper][discovery]") {
  auto m = Section71Mapper();
  CHECK(m->ResourceFor({"", "", "pods"}) == GroupVersionResource{"", "v1", "pods"});
  CHECK(m->ResourceFor({"", "v1", "pods"}) == GroupVersionResource{"", "v1", "pods"});
  CHECK(m->ResourceFor({"", "v2", "pods"}) == GroupVersionResource{"", "v2", "pods"});
  CHECK(m->ResourceFor({"", "", "pods"}) == GroupVersionResource{"", "v1", "pods"});
  CHECK(m->ResourceFor({"", "", "jobs"}) == GroupVersionResource{"extensions", "v1beta", "jobs"});
}

TEST_CASE("KindsFor / ResourcesFor lists", "[restmapper][discovery]") {
  auto m = Section71Mapper();
  // Multi union order = group then version order; lower-case kinds never appear.
  CHECK(m->KindsFor({"", "", "pods"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta", "Pod"}, {"", "v1", "Pod"}, {"", "v2", "Pod"}});
  CHECK(m->KindsFor({"", "", "list"}) == std::vector<GroupVersionKind>{{"extensions", "v1beta", "List"},
                                                                       {"", "v1", "List"},
                                                                       {"", "v2", "List"},
                                                                       {"unpreferred", "v1", "List"},
                                                                       {"unpreferred", "v2beta1", "List"},
                                                                       {"unpreferred", "v2alpha1", "List"},
                                                                       {"nopref", "v1", "List"}});
  // SingularName == Name: one entry (Multi de-duplicates).
  CHECK(m->KindsFor({"", "", "endpoints"}) == std::vector<GroupVersionKind>{{"", "v1", "Endpoints"}});
  CHECK(m->ResourcesFor({"", "", "endpoints"}) == std::vector<GroupVersionResource>{{"", "v1", "endpoints"}});
  CHECK(m->ResourceFor({"", "", "endpoints"}) == GroupVersionResource{"", "v1", "endpoints"});
  CHECK(m->ResourcesFor({"", "", "pod"}) ==
        std::vector<GroupVersionResource>{
            {"extensions", "v1beta", "pods"}, {"", "v1", "pods"}, {"", "v2", "pods"}});
}

TEST_CASE("RESTMapping / RESTMappings", "[restmapper][discovery]") {
  auto m = Section71Mapper();
  CHECK(m->RESTMapping({"", "Pod"}) ==
        RESTMapping{{"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace});
  CHECK(m->RESTMappings({"", "Pod"}) ==
        std::vector<RESTMapping>{{{"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace},
                                 {{"", "v2", "pods"}, {"", "v2", "Pod"}, RESTScopeName::kNamespace}});
  // The lower-cased kind is a registered kind of its own.
  CHECK(m->RESTMapping({"", "pod"}) ==
        RESTMapping{{"", "v1", "pods"}, {"", "v1", "pod"}, RESTScopeName::kNamespace});
  CHECK(m->RESTMapping({"", "Pod"}, {"v2"}).resource == GroupVersionResource{"", "v2", "pods"});
  CHECK(m->RESTMapping({"", "Pod"}, {"v3", "v2"}).group_version_kind == GroupVersionKind{"", "v2", "Pod"});
  CHECK(m->RESTMapping({"unpreferred", "Pea"}).group_version_kind ==
        GroupVersionKind{"unpreferred", "v2beta1", "Pea"});
  auto peas = m->RESTMappings({"unpreferred", "Pea"});
  REQUIRE(peas.size() == 2);
  CHECK(peas[0].group_version_kind.version == "v2beta1");
  CHECK(peas[1].group_version_kind.version == "v2alpha1");
  CHECK(m->RESTMapping({"unpreferred", "Broccoli"}).resource ==
        GroupVersionResource{"unpreferred", "v1", "broccoli"});
  CHECK(m->RESTMapping({"", "PodList"}) ==
        RESTMapping{{"", "v1", "podlists"}, {"", "v1", "PodList"}, RESTScopeName::kNamespace});
  CHECK(m->RESTMapping({"", "List"}) ==
        RESTMapping{{"", "v1", "lists"}, {"", "v1", "List"}, RESTScopeName::kRoot});
  CHECK(m->RESTMapping({"", "Node"}).scope == RESTScopeName::kRoot);
  REQUIRE_THROWS_AS(m->RESTMapping({"", "Nope"}), meta::NoKindMatchError);
  REQUIRE_THROWS_WITH(m->RESTMapping({"", "Nope"}), R"(no matches for kind "Nope" in group "")");
  REQUIRE_THROWS_AS(m->RESTMapping({"", "Pod"}, {"v9"}), meta::NoKindMatchError);
  REQUIRE_THROWS_WITH(m->RESTMapping({"", "Pod"}, {"v9"}), R"(no matches for kind "Pod" in version "v9")");
}

TEST_CASE("ResourceSingularizer", "[restmapper][discovery]") {
  auto m = Section71Mapper();
  CHECK(m->ResourceSingularizer("pods") == "pod");
  CHECK(m->ResourceSingularizer("peas") == "pea");
  REQUIRE_THROWS_AS(m->ResourceSingularizer("nope"), meta::NoResourceMatchError);
  REQUIRE_THROWS_WITH(m->ResourceSingularizer("nope"), "no matches for /, Resource=nope");
}

TEST_CASE("priority patterns are upstream's exact list", "[restmapper][discovery]") {
  auto groups = Section71Groups();
  std::vector<restmapper::internal::GroupInput> inputs;
  for (const auto& g : groups) inputs.push_back({&g.group, &g.version_resources});
  std::vector<std::string> got;
  for (const auto& p : restmapper::internal::DiscoveryPriorityPatterns(inputs))
    got.push_back(p.group + "/" + p.version);
  CHECK(got == std::vector<std::string>{"/v1", "extensions/v1beta", "/v1", "/v2", "unpreferred/v1",
                                        "unpreferred/v2beta1", "unpreferred/v2alpha1", "nopref/v1",
                                        "extensions/*", "/*", "unpreferred/*", "nopref/*"});
}

TEST_CASE("TestGetAPIGroupResources", "[restmapper][discovery]") {
  const discovery::APIResource a_foo = Res("foo", "Foo", false);
  const discovery::APIResource b_bar = Res("bar", "Bar", true);
  const discovery::APIResourceList a_resources{"a/v1", {a_foo}};
  const discovery::APIResourceList b_resources{"b/v1", {b_bar}};
  const auto a_group = CachedDiscovery::AGroup();
  const auto b_group = CachedDiscovery::BGroup();
  const restmapper::APIGroupResources a_full{a_group, {{"v1", {a_foo}}}};
  const restmapper::APIGroupResources b_full{b_group, {{"v1", {b_bar}}}};

  SECTION("nil") {
    FailingDiscovery d;
    CHECK(restmapper::GetAPIGroupResources(d).empty());
  }
  SECTION("normal") {
    FailingDiscovery d;
    d.groups = {a_group, b_group};
    d.lists = {{"a/v1", a_resources}, {"b/v1", b_resources}};
    CHECK(restmapper::GetAPIGroupResources(d) == std::vector<restmapper::APIGroupResources>{a_full, b_full});
    CHECK(d.server_groups_calls == 1);
    CHECK(d.resources_calls == std::map<std::string, int, std::less<>>{{"a/v1", 1}, {"b/v1", 1}});
  }
  SECTION("groups failed, but has fallback with a only") {
    // C++ cannot return groups and an error together: the fallback list is what ServerGroups returns.
    FailingDiscovery d;
    d.groups = {a_group};
    d.lists = {{"a/v1", a_resources}, {"b/v1", b_resources}};
    CHECK(restmapper::GetAPIGroupResources(d) == std::vector<restmapper::APIGroupResources>{a_full});
  }
  SECTION("groups failed, but has no fallback") {
    FailingDiscovery d;
    d.groups_error = "error fetching groups";
    d.lists = {{"a/v1", a_resources}, {"b/v1", b_resources}};
    REQUIRE_THROWS_AS(restmapper::GetAPIGroupResources(d), apimachinery::Error);
    REQUIRE_THROWS_WITH(restmapper::GetAPIGroupResources(d), "error fetching groups");
  }
  SECTION("a failed, but has fallback") {
    // The fallback list is what the call returns (a throw carries no list).
    FailingDiscovery d;
    d.groups = {a_group, b_group};
    d.lists = {{"a/v1", a_resources}, {"b/v1", b_resources}};
    CHECK(restmapper::GetAPIGroupResources(d) == std::vector<restmapper::APIGroupResources>{a_full, b_full});
  }
  SECTION("a failed, but has no fallback") {
    FailingDiscovery d;
    d.groups = {a_group, b_group};
    d.lists = {{"b/v1", b_resources}};
    d.list_errors = {{"a/v1", "a failed"}};
    auto got = restmapper::GetAPIGroupResources(d);
    CHECK(got == std::vector<restmapper::APIGroupResources>{{a_group, {}}, b_full});
    REQUIRE(got.size() == 2);
    CHECK(got[0].version_resources.empty());
  }
  SECTION("a and b failed, but have fallbacks") {
    FailingDiscovery d;
    d.groups = {a_group, b_group};
    d.lists = {{"a/v1", a_resources}, {"b/v1", b_resources}};
    CHECK(restmapper::GetAPIGroupResources(d) == std::vector<restmapper::APIGroupResources>{a_full, b_full});
  }
  SECTION("a and b failed, no fallbacks: both kept, empty") {
    FailingDiscovery d;
    d.groups = {a_group, b_group};
    d.list_errors = {{"a/v1", "a failed"}, {"b/v1", "b failed"}};
    CHECK(restmapper::GetAPIGroupResources(d) ==
          std::vector<restmapper::APIGroupResources>{{a_group, {}}, {b_group, {}}});
  }
}

TEST_CASE("TestDeferredDiscoveryRESTMapper_CacheMiss", "[restmapper][deferred]") {
  auto cdc = std::make_shared<CachedDiscovery>();
  restmapper::DeferredDiscoveryRESTMapper m(cdc);
  // 0: constructed, nothing called.
  CHECK_FALSE(cdc->fresh);
  CHECK(cdc->invalidate_calls == 0);
  CHECK(cdc->server_groups_calls == 0);

  // 1: the first attempt misses while not fresh -> Reset -> retry finds Foo.
  auto gvk = m.KindFor({"a", "v1", "foo"});
  CHECK(gvk.kind == "Foo");
  CHECK(cdc->fresh);
  CHECK(cdc->invalidate_calls == 1);

  // 2: same again, no invalidation.
  CHECK(m.KindFor({"a", "v1", "foo"}).kind == "Foo");
  CHECK(cdc->invalidate_calls == 1);

  // 3: a miss while fresh: no invalidation.
  REQUIRE_THROWS_AS(m.KindFor({"a", "v1", "bar"}), meta::NoResourceMatchError);
  CHECK(cdc->invalidate_calls == 1);

  // 4: a miss while not fresh: invalidated once more (one retry, still a miss).
  cdc->fresh = false;
  REQUIRE_THROWS_WITH(m.KindFor({"a", "v1", "bar"}), "no matches for a/v1, Resource=bar");
  CHECK(cdc->invalidate_calls == 2);
}

TEST_CASE("DeferredDiscoveryRESTMapper: every method retries once when not fresh", "[restmapper][deferred]") {
  auto check = [](auto&& call) {
    auto cdc = std::make_shared<CachedDiscovery>();
    restmapper::DeferredDiscoveryRESTMapper m(cdc);
    call(m);
    CHECK(cdc->invalidate_calls == 1);
    CHECK(cdc->server_groups_calls == 2);
  };
  check([](auto& m) { CHECK(m.KindsFor({"", "", "foo"}).size() == 1); });
  check([](auto& m) { CHECK(m.ResourceFor({"", "", "foo"}) == GroupVersionResource{"a", "v1", "foo"}); });
  check([](auto& m) { CHECK(m.ResourcesFor({"a", "", "foo"}).size() == 1); });
  check([](auto& m) { CHECK(m.RESTMapping({"a", "Foo"}).scope == RESTScopeName::kRoot); });
  check([](auto& m) { CHECK(m.RESTMappings({"a", "Foo"}, {"v1"}).size() == 1); });

  // An empty discovery mapper (no group-versions) singularizes to "" without an error (upstream's
  // empty MultiRESTMapper), so nothing is retried.
  auto cdc = std::make_shared<CachedDiscovery>();
  restmapper::DeferredDiscoveryRESTMapper m(cdc);
  CHECK(m.ResourceSingularizer("foo").empty());
  CHECK(cdc->invalidate_calls == 0);
  cdc->Invalidate();
  CHECK(m.ResourceSingularizer("foo").empty());  // the built (empty) mapper is kept until Reset
  m.Reset();
  CHECK(m.ResourceSingularizer("foo") == "foo");
}

TEST_CASE("DeferredDiscoveryRESTMapper: build errors, Reset and String", "[restmapper][deferred]") {
  auto cdc = std::make_shared<CachedDiscovery>();
  cdc->groups_error = "discovery down";
  restmapper::DeferredDiscoveryRESTMapper m(cdc);
  // A build error is returned as is (no retry, not cached).
  REQUIRE_THROWS_WITH(m.KindFor({"", "", "foo"}), "discovery down");
  REQUIRE_THROWS_WITH(m.ResourceSingularizer("foo"), "discovery down");
  CHECK(cdc->invalidate_calls == 0);
  CHECK(cdc->server_groups_calls == 2);
  CHECK(m.String() == "DeferredDiscoveryRESTMapper{discovery down}");

  cdc->groups_error.clear();
  cdc->fresh = true;
  cdc->enabled_group_a = true;
  CHECK(m.KindFor({"", "", "foo"}).kind == "Foo");
  CHECK(cdc->server_groups_calls == 4);
  CHECK(m.String() ==
        "DeferredDiscoveryRESTMapper{\n\tDiscoveryRESTMapper{1 group-versions, 1 resources, 3 priority "
        "patterns}\n}");
  CHECK(m.KindFor({"", "", "foo"}).kind == "Foo");
  CHECK(cdc->server_groups_calls == 4);  // built once
  m.Reset();
  CHECK(cdc->invalidate_calls == 1);
  CHECK(cdc->server_groups_calls == 4);  // Reset does not rebuild by itself
  CHECK(m.KindFor({"", "", "foo"}).kind == "Foo");
  CHECK(cdc->server_groups_calls == 5);
  meta::MaybeResetRESTMapper(m);
  CHECK(cdc->invalidate_calls == 2);
  CHECK_THROWS_AS(restmapper::DeferredDiscoveryRESTMapper(nullptr), apimachinery::Error);
}

}  // namespace restmapper_discovery_test
