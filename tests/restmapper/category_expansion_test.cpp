// Tests for restmapper/category_expansion.hpp: every case of
// k8s.io/client-go/restmapper/category_expansion.go (simple, discovery-based and union expanders).
#include "apimachinery/restmapper/category_expansion.hpp"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/discovery/memory_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_category_expansion_test {

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

namespace {

using GRs = std::vector<schema::GroupResource>;

discovery::APIResource WithCategories(std::string name, std::string kind,
                                      std::vector<std::string> categories) {
  discovery::APIResource r;
  r.name = std::move(name);
  r.kind = std::move(kind);
  r.namespaced = true;
  r.categories = std::move(categories);
  return r;
}

discovery::APIGroup Group(const std::string& name, const std::vector<std::string>& versions) {
  discovery::APIGroup g;
  g.name = name;
  for (const auto& v : versions) g.versions.push_back({name.empty() ? v : name + "/" + v, v});
  g.preferred_version = g.versions.front();
  return g;
}

class FailingGroups : public discovery::DiscoveryInterface {
 public:
  std::vector<discovery::APIGroup> ServerGroups() override { throw apimachinery::Error("down"); }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view) override {
    throw apimachinery::Error("down");
  }
};

}  // namespace

TEST_CASE("SimpleCategoryExpander", "[restmapper][category]") {
  restmapper::SimpleCategoryExpander expander(
      {{"all", {{"", "one"}, {"", "two"}, {"alpha", "three"}, {"bravo", "four"}}}});
  auto all = expander.Expand("all");
  REQUIRE(all.has_value());
  CHECK(*all == GRs{{"", "one"}, {"", "two"}, {"alpha", "three"}, {"bravo", "four"}});
  CHECK_FALSE(expander.Expand("service").has_value());
  // The map is the public Expansions field.
  expander.expansions["empty"] = {};
  auto empty = expander.Expand("empty");
  REQUIRE(empty.has_value());
  CHECK(empty->empty());
}

TEST_CASE("Discovery category expander", "[restmapper][category]") {
  SECTION("batch/v1 jobs in category all") {
    auto client = std::make_shared<discovery::MemoryDiscovery>(
        std::vector<discovery::APIGroup>{Group("batch", {"v1"})},
        std::vector<discovery::APIResourceList>{{"batch/v1", {WithCategories("jobs", "Job", {"all"})}}});
    auto expander = restmapper::NewDiscoveryCategoryExpander(client);
    auto all = expander->Expand("all");
    REQUIRE(all.has_value());
    CHECK(*all == GRs{{"batch", "jobs"}});
    CHECK_FALSE(expander->Expand("targaryens").has_value());
  }
  SECTION("jobs without categories") {
    auto client = std::make_shared<discovery::MemoryDiscovery>(
        std::vector<discovery::APIGroup>{Group("batch", {"v1"})},
        std::vector<discovery::APIResourceList>{{"batch/v1", {WithCategories("jobs", "Job", {})}}});
    restmapper::DiscoveryCategoryExpander expander(client);
    CHECK_FALSE(expander.Expand("all").has_value());
  }
  SECTION("no resource lists at all") {
    restmapper::DiscoveryCategoryExpander expander(std::make_shared<discovery::MemoryDiscovery>());
    CHECK_FALSE(expander.Expand("all").has_value());
    restmapper::DiscoveryCategoryExpander failing(std::make_shared<FailingGroups>());
    CHECK_FALSE(failing.Expand("all").has_value());
  }
  SECTION("no de-duplication: a resource in two versions appears twice") {
    auto client = std::make_shared<discovery::MemoryDiscovery>(
        std::vector<discovery::APIGroup>{Group("apps", {"v1", "v1beta1"}), Group("acme.com", {"v1"})},
        std::vector<discovery::APIResourceList>{
            {"apps/v1", {WithCategories("deployments", "Deployment", {"all"})}},
            {"apps/v1beta1", {WithCategories("deployments", "Deployment", {"all"})}},
            {"acme.com/v1", {WithCategories("poddlers", "Poddler", {"all", "acme"})}},
        });
    restmapper::DiscoveryCategoryExpander expander(client);
    auto all = expander.Expand("all");
    REQUIRE(all.has_value());
    CHECK(*all == GRs{{"apps", "deployments"}, {"apps", "deployments"}, {"acme.com", "poddlers"}});
    CHECK(expander.Expand("acme") == std::optional<GRs>(GRs{{"acme.com", "poddlers"}}));
    // Categories are case-sensitive.
    CHECK_FALSE(expander.Expand("All").has_value());
  }
  SECTION("a null client") {
    CHECK_THROWS_WITH(restmapper::NewDiscoveryCategoryExpander(nullptr),
                      "Please provide discovery client to shortcut expander");
    CHECK_THROWS_AS(restmapper::DiscoveryCategoryExpander(nullptr), apimachinery::Error);
  }
}

TEST_CASE("UnionCategoryExpander", "[restmapper][category]") {
  auto first = std::make_shared<restmapper::SimpleCategoryExpander>(restmapper::SimpleCategoryExpander(
      {{"all", {{"", "pods"}, {"apps", "deployments"}}}, {"mine", {{"", "configmaps"}}}}));
  auto second = std::make_shared<restmapper::SimpleCategoryExpander>(restmapper::SimpleCategoryExpander(
      {{"all", {{"apps", "deployments"}, {"batch", "jobs"}, {"", "pods"}}}, {"empty", {}}}));
  restmapper::UnionCategoryExpander u({first, second});
  // Concatenated, de-duplicated in first-seen order.
  CHECK(u.Expand("all") == std::optional<GRs>(GRs{{"", "pods"}, {"apps", "deployments"}, {"batch", "jobs"}}));
  // Found when any expander found it.
  CHECK(u.Expand("mine") == std::optional<GRs>(GRs{{"", "configmaps"}}));
  CHECK(u.Expand("empty") == std::optional<GRs>(GRs{}));
  CHECK_FALSE(u.Expand("nope").has_value());
  // An empty union finds nothing; a null member is ignored.
  CHECK_FALSE(restmapper::UnionCategoryExpander().Expand("all").has_value());
  restmapper::UnionCategoryExpander with_null({nullptr, first});
  CHECK(with_null.Expand("mine") == std::optional<GRs>(GRs{{"", "configmaps"}}));

  // A union over a discovery expander removes its duplicates.
  auto client = std::make_shared<discovery::MemoryDiscovery>(
      std::vector<discovery::APIGroup>{Group("apps", {"v1", "v1beta1"})},
      std::vector<discovery::APIResourceList>{
          {"apps/v1", {WithCategories("deployments", "Deployment", {"all"})}},
          {"apps/v1beta1", {WithCategories("deployments", "Deployment", {"all"})}}});
  restmapper::UnionCategoryExpander over_discovery({restmapper::NewDiscoveryCategoryExpander(client)});
  CHECK(over_discovery.Expand("all") == std::optional<GRs>(GRs{{"apps", "deployments"}}));
}

TEST_CASE("Category expanders from many threads", "[restmapper][category][concurrency]") {
  auto client =
      discovery::MemoryDiscovery::FromDirectory(std::string(APIMACHINERY_TESTDATA_DIR) + "/discovery");
  auto expander = restmapper::NewDiscoveryCategoryExpander(client);
  const auto expected = expander->Expand("all");
  REQUIRE(expected.has_value());
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        if (expander->Expand("all") != expected) wrong.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(wrong.load() == 0);
}

}  // namespace restmapper_category_expansion_test
