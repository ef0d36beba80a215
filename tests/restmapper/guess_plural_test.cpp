// The discovery mapper's generated `<Kind>List` resources come from meta::UnsafeGuessKindToResource
// (client-go restmapper/discover.go: NewDiscoveryRESTMapper calls DefaultRESTMapper.Add, which
// guesses with apimachinery pkg/api/meta/restmapper.go: UnsafeGuessKindToResource).
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/restmapper/discovery.hpp"

#include "restmapper/fake_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_guess_plural_test {

using apimachinery::schema::GroupVersionKind;
using apimachinery::schema::GroupVersionResource;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
using namespace restmapper_test;

TEST_CASE("Discovery mapper List resources follow UnsafeGuessKindToResource", "[restmapper][discovery]") {
  std::vector<restmapper::APIGroupResources> groups;
  // Kinds ending in "s", "y", "endpoints" and a kind upstream does not special-case.
  groups.push_back({Group("x.io", {"v1"}, "v1"),
                    {{"v1",
                      {Res("endpoints", "Endpoints", true, "endpoints"),
                       Res("policies", "Policy", true, "policy"), Res("statuses", "Status", true, "status"),
                       Res("securitycontextconstraints", "SecurityContextConstraints", false,
                           "securitycontextconstraints")}}}});
  auto m = restmapper::NewDiscoveryRESTMapper(groups);
  for (const std::string kind : {"Endpoints", "Policy", "Status", "SecurityContextConstraints"}) {
    CAPTURE(kind);
    const GroupVersionKind list{"x.io", "v1", kind + "List"};
    const auto [plural, singular] = meta::UnsafeGuessKindToResource(list);
    CHECK(m->KindFor(GroupVersionResource{"", "", plural.resource}) == list);
    CHECK(m->KindFor(GroupVersionResource{"", "", singular.resource}) == list);
    CHECK(m->ResourceFor(GroupVersionResource{"", "", singular.resource}) == plural);
  }
  // The literal texts, so a change in the guess shows here too.
  CHECK(m->KindFor({"", "", "endpointslists"}) == GroupVersionKind{"x.io", "v1", "EndpointsList"});
  CHECK(m->KindFor({"", "", "policylists"}) == GroupVersionKind{"x.io", "v1", "PolicyList"});
  CHECK(m->ResourceFor({"", "", "list"}) == GroupVersionResource{"x.io", "v1", "lists"});
  // The real resources keep their discovery names (no guessing).
  CHECK(m->ResourceFor({"", "", "endpoints"}) == GroupVersionResource{"x.io", "v1", "endpoints"});
  CHECK(m->ResourceFor({"", "", "securitycontextconstraints"}) ==
        GroupVersionResource{"x.io", "v1", "securitycontextconstraints"});
}

}  // namespace restmapper_guess_plural_test
