// Tests for meta/restmapper.hpp: every row of k8s.io/apimachinery/pkg/api/meta/restmapper.go
// (restmapper_test.go plus rows observed by running the Go code), including its less obvious behaviours.
//
// Adapted from Go-only shapes:
// - Go's `(value, error)` checks become REQUIRE_NOTHROW / REQUIRE_THROWS_AS + REQUIRE_THROWS_WITH;
//   "error containing X" rows use Catch::Contains, rows whose text the notes record use the full
//   text.
// - ResourceSingularizer's `("nopes", err)` becomes a throw (the value is not returned).
// - resourceByPreferredGroupVersion's unspecified order of group-versions missing from the defaults is
// checked against this
//   port's documented order (unlisted first, by group/version), and only the upstream-guaranteed
//   relative order of listed ones is what upstream asserts.
#include "apimachinery/meta/restmapper.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/interfaces.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_restmapper_test {

using namespace apimachinery;
using meta::RESTScopeName;
using schema::GroupKind;
using schema::GroupVersion;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

#define REQUIRE_THROWS_TYPED(expr, type, text) \
  do {                                         \
    REQUIRE_THROWS_AS(expr, type);             \
    REQUIRE_THROWS_WITH(expr, text);           \
  } while (false)

namespace {

meta::DefaultRESTMapper CoreMapper() {
  meta::DefaultRESTMapper m({GroupVersion{"", "v1"}});
  m.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  return m;
}

// Thing registered in g1..g4 (version v1), defaults [g2/v1, g1/v1] (restmapper_test.go's
// TestRESTMapperKindsFor setup).
meta::DefaultRESTMapper ThingMapper() {
  meta::DefaultRESTMapper m({GroupVersion{"g2", "v1"}, GroupVersion{"g1", "v1"}});
  for (const char* g : {"g1", "g2", "g3", "g4"}) {
    m.Add(GroupVersionKind{g, "v1", "Thing"}, RESTScopeName::kNamespace);
  }
  return m;
}

}  // namespace

TEST_CASE("TestKindToResource / UnsafeGuessKindToResource", "[meta][restmapper]") {
  struct Row {
    std::string kind, plural, singular;
  };
  const std::vector<Row> rows = {
      {"Pod", "pods", "pod"},
      {"ReplicationController", "replicationcontrollers", "replicationcontroller"},
      {"ImageRepository", "imagerepositories", "imagerepository"},
      {"miss", "misses", "miss"},
      {"lowercase", "lowercases", "lowercase"},
      {"Status", "statuses", "status"},
      {"lowercases", "lowercaseses", "lowercases"},
      {"Endpoints", "endpoints", "endpoints"},
      {"FooEndpoints", "fooendpoints", "fooendpoints"},
      {"ENDPOINTS", "endpoints", "endpoints"},
      {"Endpoint", "endpoints", "endpoint"},
      {"EndpointSlice", "endpointslices", "endpointslice"},
      {"Policy", "policies", "policy"},
      {"Gateway", "gatewaies", "gateway"},
      {"Key", "keies", "key"},
      {"Ingress", "ingresses", "ingress"},
      {"Class", "classes", "class"},
      {"Box", "boxs", "box"},
      {"NodeMetrics", "nodemetricses", "nodemetrics"},
      {"S", "ses", "s"},
      {"y", "ies", "y"},
      // "endpoints" is upstream's only unpluralised suffix (v0.37.2): other names ending in "s" get "es".
      {"SecurityContextConstraints", "securitycontextconstraintses", "securitycontextconstraints"},
      {"Endpointss", "endpointsses", "endpointss"},
      {"Xendpoints", "xendpoints", "xendpoints"},
      {"EndpointsList", "endpointslists", "endpointslist"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.kind);
    auto [plural, singular] = meta::UnsafeGuessKindToResource(GroupVersionKind{"", "", row.kind});
    CHECK(plural == GroupVersionResource{"", "", row.plural});
    CHECK(singular == GroupVersionResource{"", "", row.singular});
    // Group and version are carried over.
    auto [p2, s2] = meta::UnsafeGuessKindToResource(GroupVersionKind{"apps", "v1", row.kind});
    CHECK(p2 == GroupVersionResource{"apps", "v1", row.plural});
    CHECK(s2 == GroupVersionResource{"apps", "v1", row.singular});
  }
  // Empty kind: two zero GVRs (group and version are dropped too).
  auto [plural, singular] = meta::UnsafeGuessKindToResource(GroupVersionKind{"apps", "v1", ""});
  CHECK(plural == GroupVersionResource{});
  CHECK(singular == GroupVersionResource{});
}

TEST_CASE("ResourcesFor input shapes", "[meta][restmapper]") {
  meta::DefaultRESTMapper m(
      {GroupVersion{"", "v1"}, GroupVersion{"extensions", "v1beta1"}, GroupVersion{"extensions", "v1"}});
  m.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  m.Add(GroupVersionKind{"extensions", "v1beta1", "Ingress"}, RESTScopeName::kNamespace);
  m.Add(GroupVersionKind{"extensions", "v1", "Pod"}, RESTScopeName::kNamespace);

  SECTION("no resource: untyped error with the coerced request") {
    REQUIRE_THROWS_AS(m.ResourcesFor(GroupVersionResource{}), Error);
    REQUIRE_THROWS_WITH(m.ResourcesFor(GroupVersionResource{}),
                        "a resource must be present, got: /, Resource=");
    REQUIRE_THROWS_WITH(m.ResourcesFor(GroupVersionResource{"x", "__internal", ""}),
                        "a resource must be present, got: x/, Resource=");
    REQUIRE_THROWS_WITH(m.ResourceFor(GroupVersionResource{}),
                        "a resource must be present, got: /, Resource=");
    // Not a typed meta error.
    try {
      m.ResourcesFor(GroupVersionResource{});
      FAIL("no throw");
    } catch (const std::exception& e) {
      CHECK_FALSE(meta::IsNoMatchError(e));
      CHECK_FALSE(meta::IsAmbiguousError(e));
    }
  }
  SECTION("group + version + resource: exact plural or singular") {
    CHECK(m.ResourcesFor(GroupVersionResource{"extensions", "v1beta1", "ingresses"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1beta1", "ingresses"}});
    CHECK(m.ResourcesFor(GroupVersionResource{"extensions", "v1beta1", "ingress"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1beta1", "ingresses"}});
    CHECK(m.ResourcesFor(GroupVersionResource{"extensions", "v1beta1", "Ingress"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1beta1", "ingresses"}});
    REQUIRE_THROWS_TYPED(m.ResourcesFor(GroupVersionResource{"extensions", "v1", "ingresses"}),
                         meta::NoResourceMatchError, "no matches for extensions/v1, Resource=ingresses");
  }
  SECTION("group + resource: exact group, else raw group prefix") {
    CHECK(m.ResourcesFor(GroupVersionResource{"extensions", "", "ingress"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1beta1", "ingresses"}});
    CHECK(m.ResourcesFor(GroupVersionResource{"ext", "", "ingresses"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1beta1", "ingresses"}});
    CHECK(m.ResourcesFor(GroupVersionResource{"ext", "", "pod"}) ==
          std::vector<GroupVersionResource>{{"extensions", "v1", "pods"}});
    REQUIRE_THROWS_TYPED(m.ResourcesFor(GroupVersionResource{"x", "", "pods"}), meta::NoResourceMatchError,
                         "no matches for x/, Resource=pods");
  }
  SECTION("version + resource: any group (empty group is not the core group)") {
    CHECK(m.ResourcesFor(GroupVersionResource{"", "v1", "pods"}) ==
          std::vector<GroupVersionResource>{{"", "v1", "pods"}, {"extensions", "v1", "pods"}});
    CHECK(m.ResourcesFor(GroupVersionResource{"", "v1", "pod"}) ==
          std::vector<GroupVersionResource>{{"", "v1", "pods"}, {"extensions", "v1", "pods"}});
  }
  SECTION("resource only: any group and version") {
    CHECK(m.ResourcesFor(GroupVersionResource{"", "", "pods"}) ==
          std::vector<GroupVersionResource>{{"", "v1", "pods"}, {"extensions", "v1", "pods"}});
  }
  SECTION("nothing matched: NoResourceMatchError with the coerced request") {
    REQUIRE_THROWS_TYPED(m.ResourcesFor(GroupVersionResource{"", "__internal", "Nope"}),
                         meta::NoResourceMatchError, "no matches for /, Resource=nope");
    try {
      m.ResourcesFor(GroupVersionResource{"", "__internal", "Nope"});
    } catch (const meta::NoResourceMatchError& e) {
      CHECK(e.partial_resource == GroupVersionResource{"", "", "nope"});
    }
  }
}

TEST_CASE("ResourcesFor duplicates for singular == plural", "[meta][restmapper]") {
  meta::DefaultRESTMapper m;
  m.Add(GroupVersionKind{"", "v1", "Endpoints"}, RESTScopeName::kNamespace);
  const std::vector<GroupVersionResource> twice = {{"", "v1", "endpoints"}, {"", "v1", "endpoints"}};
  CHECK(m.ResourcesFor(GroupVersionResource{"", "", "endpoints"}) == twice);
  CHECK(m.ResourcesFor(GroupVersionResource{"", "v1", "endpoints"}) == twice);
  // Group-only shape: the core group cannot be asked for, so use a named group.
  meta::DefaultRESTMapper g;
  g.Add(GroupVersionKind{"x", "v1", "Endpoints"}, RESTScopeName::kNamespace);
  CHECK(g.ResourcesFor(GroupVersionResource{"x", "", "endpoints"}) ==
        std::vector<GroupVersionResource>{{"x", "v1", "endpoints"}, {"x", "v1", "endpoints"}});
  // Fully qualified: at most one.
  CHECK(m.ResourcesFor(GroupVersionResource{"", "v1", "endpoints"}).size() == 2);  // core group = no group
  CHECK(g.ResourcesFor(GroupVersionResource{"x", "v1", "endpoints"}) ==
        std::vector<GroupVersionResource>{{"x", "v1", "endpoints"}});

  REQUIRE_THROWS_TYPED(m.ResourceFor(GroupVersionResource{"", "", "endpoints"}), meta::AmbiguousResourceError,
                       "/, Resource=endpoints matches multiple resources [/v1, Resource=endpoints /v1, "
                       "Resource=endpoints]");
  // KindsFor has no duplicate (one map key).
  CHECK(m.KindsFor(GroupVersionResource{"", "", "endpoints"}) ==
        std::vector<GroupVersionKind>{{"", "v1", "Endpoints"}});
  CHECK(m.KindFor(GroupVersionResource{"", "", "endpoints"}) == GroupVersionKind{"", "v1", "Endpoints"});
}

TEST_CASE("KindsFor input shapes", "[meta][restmapper]") {
  meta::DefaultRESTMapper m({GroupVersion{"", "v1"}});
  m.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  m.Add(GroupVersionKind{"extensions", "v1beta1", "Ingress"}, RESTScopeName::kNamespace);

  REQUIRE_THROWS_AS(m.KindsFor(GroupVersionResource{"x", "v9", ""}), Error);
  REQUIRE_THROWS_WITH(m.KindsFor(GroupVersionResource{"x", "v9", ""}),
                      "a resource must be present, got: x/v9, Resource=");
  REQUIRE_THROWS_WITH(m.KindFor(GroupVersionResource{}), "a resource must be present, got: /, Resource=");

  // group + version + resource: direct lookup (singular or plural key).
  CHECK(m.KindsFor(GroupVersionResource{"extensions", "v1beta1", "ingress"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta1", "Ingress"}});
  CHECK(m.KindsFor(GroupVersionResource{"extensions", "v1beta1", "INGRESSES"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta1", "Ingress"}});
  REQUIRE_THROWS_TYPED(m.KindsFor(GroupVersionResource{"extensions", "v1", "ingresses"}),
                       meta::NoResourceMatchError, "no matches for extensions/v1, Resource=ingresses");
  // group + resource: exact, then prefix.
  CHECK(m.KindsFor(GroupVersionResource{"extensions", "", "ingresses"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta1", "Ingress"}});
  CHECK(m.KindsFor(GroupVersionResource{"ext", "", "ingresses"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta1", "Ingress"}});
  // version + resource and resource only.
  CHECK(m.KindsFor(GroupVersionResource{"", "v1beta1", "ingress"}) ==
        std::vector<GroupVersionKind>{{"extensions", "v1beta1", "Ingress"}});
  CHECK(m.KindsFor(GroupVersionResource{"", "", "pods"}) == std::vector<GroupVersionKind>{{"", "v1", "Pod"}});
  // nothing: NoResourceMatchError with the ORIGINAL request (restmapper.go: DefaultRESTMapper.KindsFor).
  REQUIRE_THROWS_TYPED(m.KindsFor(GroupVersionResource{"", "__internal", "Nope"}), meta::NoResourceMatchError,
                       "no matches for /__internal, Resource=Nope");
  REQUIRE_THROWS_TYPED(m.ResourcesFor(GroupVersionResource{"", "__internal", "Nope"}),
                       meta::NoResourceMatchError, "no matches for /, Resource=nope");
  REQUIRE_THROWS_TYPED(m.KindFor(GroupVersionResource{"", "__internal", "Nope"}), meta::NoResourceMatchError,
                       "no matches for /__internal, Resource=Nope");
}

TEST_CASE("TestRESTMapperKindsFor and TestRESTMapperResourcesFor", "[meta][restmapper]") {
  const GroupVersion g1{"first-group-1", "first-version"};
  const GroupVersion fg{"first-group", "first-version"};
  const GroupVersion sg{"second-group", "first-version"};
  const std::vector<GroupVersionKind> four = {fg.WithKind("my-kind"), fg.WithKind("your-kind"),
                                              sg.WithKind("my-kind"), sg.WithKind("your-kind")};
  // KindsFor table (request as in upstream's KindsFor test).
  struct KindRow {
    std::string name;
    std::vector<GroupVersion> preferred;
    std::vector<GroupVersionKind> kinds;
    GroupVersionResource request;
    std::vector<GroupVersionKind> expected;
    std::string error;
  };
  const std::vector<KindRow> kind_rows = {
      {"groups, with group exact",
       {g1, fg},
       {g1.WithKind("my-kind"), fg.WithKind("my-kind")},
       {"first-group", "", "my-kind"},
       {fg.WithKind("my-kind")},
       ""},
      {"groups, with group prefix",
       {sg, fg},
       {fg.WithKind("my-kind"), sg.WithKind("my-kind")},
       {"first", "", "my-kind"},
       {fg.WithKind("my-kind")},
       ""},
      {"groups, with ambiguous group prefix",
       {g1, fg},
       {g1.WithKind("my-kind"), fg.WithKind("my-kind")},
       {"first", "", "my-kind"},
       {g1.WithKind("my-kind"), fg.WithKind("my-kind")},
       " matches multiple kinds "},
      {"ambiguous groups, with preference order",
       {sg, fg},
       four,
       {"", "", "my-kinds"},
       {sg.WithKind("my-kind"), fg.WithKind("my-kind")},
       " matches multiple kinds "},
      {"ambiguous groups, with explicit group match",
       {sg, fg},
       four,
       {"first-group", "", "my-kinds"},
       {fg.WithKind("my-kind")},
       ""},
      {"ambiguous groups, with ambiguous version match",
       {fg, sg},
       four,
       {"", "first-version", "my-kinds"},
       {fg.WithKind("my-kind"), sg.WithKind("my-kind")},
       " matches multiple kinds "},
  };
  for (const auto& row : kind_rows) {
    DYNAMIC_SECTION("KindsFor " << row.name) {
      meta::DefaultRESTMapper m(row.preferred);
      for (const auto& k : row.kinds) m.Add(k, RESTScopeName::kNamespace);
      CHECK(m.KindsFor(row.request) == row.expected);
      if (row.error.empty()) {
        CHECK(m.KindFor(row.request) == row.expected.front());
      } else {
        // KindFor's ambiguity is an AmbiguousResourceError (restmapper.go: DefaultRESTMapper.KindFor).
        REQUIRE_THROWS_AS(m.KindFor(row.request), meta::AmbiguousResourceError);
        REQUIRE_THROWS_WITH(m.KindFor(row.request), Catch::Contains(row.error));
      }
    }
  }

  // ResourcesFor table: each scenario asked with the plural and the singular name.
  struct ResourceRow {
    std::string name;
    std::vector<GroupVersion> preferred;
    std::vector<GroupVersionKind> kinds;
    GroupVersionResource plural_request, singular_request;
    std::vector<GroupVersionResource> expected;
    std::string error;
  };
  const std::vector<ResourceRow> resource_rows = {
      {"groups, with group exact",
       {g1, fg},
       {g1.WithKind("my-kind"), fg.WithKind("my-kind")},
       {"first-group", "", "my-kinds"},
       {"first-group", "", "my-kind"},
       {fg.WithResource("my-kinds")},
       ""},
      {"groups, with group prefix",
       {sg, fg},
       {fg.WithKind("my-kind"), sg.WithKind("my-kind")},
       {"first", "", "my-kinds"},
       {"first", "", "my-kind"},
       {fg.WithResource("my-kinds")},
       ""},
      {"groups, with ambiguous group prefix",
       {g1, fg},
       {g1.WithKind("my-kind"), fg.WithKind("my-kind")},
       {"first", "", "my-kinds"},
       {"first", "", "my-kind"},
       {g1.WithResource("my-kinds"), fg.WithResource("my-kinds")},
       " matches multiple resources "},
      {"ambiguous groups, with preference order",
       {sg, fg},
       four,
       {"", "", "my-kinds"},
       {"", "", "my-kind"},
       {sg.WithResource("my-kinds"), fg.WithResource("my-kinds")},
       " matches multiple resources "},
      {"ambiguous groups, with explicit group match",
       {sg, fg},
       four,
       {"first-group", "", "my-kinds"},
       {"first-group", "", "my-kind"},
       {fg.WithResource("my-kinds")},
       ""},
      {"ambiguous groups, with ambiguous version match",
       {fg, sg},
       four,
       {"", "first-version", "my-kinds"},
       {"", "first-version", "my-kind"},
       {fg.WithResource("my-kinds"), sg.WithResource("my-kinds")},
       " matches multiple resources "},
  };
  for (const auto& row : resource_rows) {
    for (const auto& request : {row.plural_request, row.singular_request}) {
      DYNAMIC_SECTION("ResourcesFor " << row.name << " " << request) {
        meta::DefaultRESTMapper m(row.preferred);
        for (const auto& k : row.kinds) m.Add(k, RESTScopeName::kNamespace);
        CHECK(m.ResourcesFor(request) == row.expected);
        if (row.error.empty()) {
          CHECK(m.ResourceFor(request) == row.expected.front());
        } else {
          REQUIRE_THROWS_AS(m.ResourceFor(request), meta::AmbiguousResourceError);
          REQUIRE_THROWS_WITH(m.ResourceFor(request), Catch::Contains(row.error));
        }
      }
    }
  }
}

TEST_CASE("Ordering of group-versions outside the defaults", "[meta][restmapper]") {
  const auto m = ThingMapper();
  // Upstream guarantees only g2 before g1; this port puts unlisted GVs first, by group.
  const std::vector<GroupVersionKind> kinds = {
      {"g3", "v1", "Thing"}, {"g4", "v1", "Thing"}, {"g2", "v1", "Thing"}, {"g1", "v1", "Thing"}};
  for (int i = 0; i < 5; ++i) CHECK(m.KindsFor(GroupVersionResource{"", "", "thing"}) == kinds);
  CHECK(m.ResourcesFor(GroupVersionResource{"", "", "things"}) ==
        std::vector<GroupVersionResource>{
            {"g3", "v1", "things"}, {"g4", "v1", "things"}, {"g2", "v1", "things"}, {"g1", "v1", "things"}});
  // No defaults at all: by group, version, then name.
  meta::DefaultRESTMapper none;
  none.Add(GroupVersionKind{"b", "v1", "Thing"}, RESTScopeName::kNamespace);
  none.Add(GroupVersionKind{"a", "v2", "Thing"}, RESTScopeName::kNamespace);
  none.Add(GroupVersionKind{"a", "v1", "Thing"}, RESTScopeName::kNamespace);
  CHECK(none.KindsFor(GroupVersionResource{"", "", "things"}) ==
        std::vector<GroupVersionKind>{{"a", "v1", "Thing"}, {"a", "v2", "Thing"}, {"b", "v1", "Thing"}});
  // Same group-version: by name (only reachable through AddSpecific).
  meta::DefaultRESTMapper same({GroupVersion{"g", "v1"}});
  same.AddSpecific(GroupVersionKind{"g", "v1", "Zeta"}, {"g", "v1", "zetas"}, {"g", "v1", "thing"},
                   RESTScopeName::kNamespace);
  same.AddSpecific(GroupVersionKind{"g", "v1", "Alpha"}, {"g", "v1", "alphas"}, {"g2", "v9", "thing"},
                   RESTScopeName::kNamespace);
  CHECK(same.ResourcesFor(GroupVersionResource{"", "", "thing"}) ==
        std::vector<GroupVersionResource>{{"g", "v1", "alphas"}, {"g", "v1", "zetas"}});
}

TEST_CASE("ResourceFor / KindFor", "[meta][restmapper]") {
  SECTION("TestRESTMapperVersionAndKindForResource") {
    const GroupVersion tgv{"test.group", "test"};
    {
      meta::DefaultRESTMapper m({tgv});
      REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{"", "", "internalobjec"}), meta::NoResourceMatchError);
      REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{"", "", "internalObjec"}), meta::NoResourceMatchError);
    }
    for (const char* r : {"internalobject", "internalobjects"}) {
      meta::DefaultRESTMapper m({tgv});
      m.Add(tgv.WithKind("InternalObject"), RESTScopeName::kNamespace);
      CHECK(m.KindFor(GroupVersionResource{"", "", r}) == tgv.WithKind("InternalObject"));
    }
  }
  SECTION("TestRESTMapperGroupForResource") {
    struct Row {
      GroupVersionResource request;
      GroupVersionKind kind;
      bool err;
    };
    const std::vector<Row> rows = {
        {{"", "", "myObject"}, {"testapi", "test", "MyObject"}, false},
        {{"", "", "myobject"}, {"testapi2", "test", "MyObject"}, false},
        {{"", "", "myObje"}, {"testapi", "test", "MyObject"}, true},
        {{"", "", "myobje"}, {"testapi", "test", "MyObject"}, true},
    };
    for (const auto& row : rows) {
      CAPTURE(row.request);
      meta::DefaultRESTMapper m({row.kind.GroupVersion()});
      m.Add(row.kind, RESTScopeName::kNamespace);
      if (row.err) {
        REQUIRE_THROWS_AS(m.KindFor(row.request), meta::NoResourceMatchError);
      } else {
        CHECK(m.KindFor(row.request) == row.kind);
      }
    }
  }
  SECTION("observed rows") {
    const auto m = CoreMapper();
    CHECK(m.KindFor(GroupVersionResource{"", "", "PODS"}) == GroupVersionKind{"", "v1", "Pod"});
    CHECK(m.KindFor(GroupVersionResource{"", "__internal", "pod"}) == GroupVersionKind{"", "v1", "Pod"});
    CHECK(m.ResourceFor(GroupVersionResource{"", "__internal", "Pod"}) ==
          GroupVersionResource{"", "v1", "pods"});
    REQUIRE_THROWS_TYPED(m.ResourceFor(GroupVersionResource{"apps", "v1", "pods"}),
                         meta::NoResourceMatchError, "no matches for apps/v1, Resource=pods");
  }
  SECTION("KindFor ambiguity is AmbiguousResourceError with matching_kinds") {
    const auto m = ThingMapper();
    const GroupVersionResource req{"", "", "thing"};
    REQUIRE_THROWS_TYPED(
        m.KindFor(req), meta::AmbiguousResourceError,
        "/, Resource=thing matches multiple kinds [g3/v1, Kind=Thing g4/v1, Kind=Thing g2/v1, "
        "Kind=Thing g1/v1, Kind=Thing]");
    try {
      m.KindFor(req);
    } catch (const meta::AmbiguousResourceError& e) {
      CHECK(e.partial_resource == req);
      CHECK(e.matching_resources.empty());
      CHECK(e.matching_kinds.size() == 4);
      CHECK(meta::IsAmbiguousError(e));
    }
    // ResourceFor: matching_resources, with the original (uncoerced) request.
    const GroupVersionResource upper{"", "", "THINGS"};
    try {
      m.ResourceFor(upper);
      FAIL("no throw");
    } catch (const meta::AmbiguousResourceError& e) {
      CHECK(e.partial_resource == upper);
      CHECK(e.matching_kinds.empty());
      CHECK(e.matching_resources.size() == 4);
      CHECK(std::string(e.what()) ==
            "/, Resource=THINGS matches multiple resources [g3/v1, Resource=things g4/v1, Resource=things "
            "g2/v1, "
            "Resource=things g1/v1, Resource=things]");
    }
  }
}

TEST_CASE("RESTMapping / RESTMappings", "[meta][restmapper]") {
  SECTION("TestRESTMapperRESTMapping") {
    const GroupVersion tgv{"tgroup", "test"};
    const GroupVersionResource expected = tgv.WithResource("internalobjects");
    struct Row {
      std::string kind;
      std::vector<GroupVersion> defaults;
      std::vector<std::string> versions;
      bool err;
    };
    const std::vector<Row> rows = {
        {"Unknown", {}, {}, true},
        {"InternalObject", {}, {}, true},
        {"Unknown", {tgv}, {}, true},
        {"InternalObject", {tgv}, {"test"}, false},
        {"InternalObject", {tgv}, {"test"}, false},
        {"InternalObject", {tgv}, {"test"}, false},
        {"InternalObject", {tgv}, {}, false},
        {"InternalObject", {tgv}, {"test"}, false},
    };
    for (const auto& row : rows) {
      CAPTURE(row.kind, row.defaults.size(), row.versions);
      meta::DefaultRESTMapper m(row.defaults);
      m.Add(tgv.WithKind("InternalObject"), RESTScopeName::kNamespace);
      const GroupKind gk{"tgroup", row.kind};
      if (row.err) {
        REQUIRE_THROWS_AS(m.RESTMapping(gk, row.versions), meta::NoMatchError);
      } else {
        const auto mapping = m.RESTMapping(gk, row.versions);
        CHECK(mapping.resource == expected);
        CHECK(mapping.group_version_kind.GroupVersion() == tgv);
        CHECK(mapping.scope == RESTScopeName::kNamespace);
      }
    }
    // The first two rows: no defaults → NoKindMatchError; the third: NoResourceMatchError (restmapper.go:
    // DefaultRESTMapper.RESTMappings).
    meta::DefaultRESTMapper no_defaults;
    no_defaults.Add(tgv.WithKind("InternalObject"), RESTScopeName::kNamespace);
    REQUIRE_THROWS_TYPED(no_defaults.RESTMapping(GroupKind{"tgroup", "Unknown"}), meta::NoKindMatchError,
                         "no matches for kind \"Unknown\" in group \"tgroup\"");
    REQUIRE_THROWS_TYPED(no_defaults.RESTMapping(GroupKind{"tgroup", "InternalObject"}),
                         meta::NoKindMatchError,
                         "no matches for kind \"InternalObject\" in group \"tgroup\"");
    meta::DefaultRESTMapper with_defaults({tgv});
    with_defaults.Add(tgv.WithKind("InternalObject"), RESTScopeName::kNamespace);
    REQUIRE_THROWS_TYPED(with_defaults.RESTMapping(GroupKind{"tgroup", "Unknown"}),
                         meta::NoResourceMatchError, "no matches for tgroup/, Resource=Unknown");
  }
  SECTION("TestRESTMapperRESTMappingSelectsVersion and ReportsErrorOnBadVersion") {
    const GroupVersion v1{"tgroup", "test1"}, v2{"tgroup", "test2"};
    meta::DefaultRESTMapper m({v1, v2});
    m.Add(v1.WithKind("InternalObject"), RESTScopeName::kNamespace);
    m.Add(v2.WithKind("OtherObject"), RESTScopeName::kNamespace);
    const GroupKind internal{"tgroup", "InternalObject"}, other{"tgroup", "OtherObject"};

    auto mapping = m.RESTMapping(other);
    CHECK(mapping.resource == v2.WithResource("otherobjects"));
    CHECK(mapping.group_version_kind.GroupVersion() == v2);
    mapping = m.RESTMapping(internal);
    CHECK(mapping.resource == v1.WithResource("internalobjects"));
    CHECK(mapping.group_version_kind.GroupVersion() == v1);

    REQUIRE_THROWS_TYPED(m.RESTMapping(internal, {"test2"}), meta::NoKindMatchError,
                         "no matches for kind \"InternalObject\" in version \"tgroup/test2\"");
    REQUIRE_THROWS_TYPED(m.RESTMapping(other, {"test1"}), meta::NoKindMatchError,
                         "no matches for kind \"OtherObject\" in version \"tgroup/test1\"");
    REQUIRE_THROWS_TYPED(m.RESTMapping(other, {"test3"}), meta::NoKindMatchError,
                         "no matches for kind \"OtherObject\" in version \"tgroup/test3\"");
    REQUIRE_THROWS_TYPED(
        m.RESTMapping(other, {"test3", "test1"}), meta::NoKindMatchError,
        "no matches for kind \"OtherObject\" in versions [\"tgroup/test1\" \"tgroup/test3\"]");
    mapping = m.RESTMapping(other, {"test3", "test2"});
    CHECK(mapping.resource == v2.WithResource("otherobjects"));
    CHECK(mapping.group_version_kind.GroupVersion() == v2);

    meta::DefaultRESTMapper bad({v1, v2});
    bad.Add(v1.WithKind("InternalObject"), RESTScopeName::kNamespace);
    REQUIRE_THROWS_AS(bad.RESTMapping(internal, {"test3"}), meta::NoKindMatchError);
  }
  SECTION("TestRESTMapperRESTMappings") {
    const GroupVersion v1{"tgroup", "v1"};
    const GroupKind unknown{"tgroup", "Unknown"}, io{"tgroup", "InternalObject"};
    {
      meta::DefaultRESTMapper m;
      REQUIRE_THROWS_AS(m.RESTMappings(unknown), meta::NoKindMatchError);
      REQUIRE_THROWS_AS(m.RESTMappings(io), meta::NoKindMatchError);
    }
    {
      meta::DefaultRESTMapper m({v1});
      REQUIRE_THROWS_AS(m.RESTMappings(unknown), meta::NoResourceMatchError);
      REQUIRE_THROWS_TYPED(m.RESTMappings(io, {"v2"}), meta::NoKindMatchError,
                           "no matches for kind \"InternalObject\" in version \"tgroup/v2\"");
    }
    const meta::RESTMapping v2_mapping{
        {"tgroup", "v2", "internalobjects"}, {"tgroup", "v2", "InternalObject"}, RESTScopeName::kNamespace};
    {
      meta::DefaultRESTMapper m({v1});
      m.Add(GroupVersionKind{"tgroup", "v2", "InternalObject"}, RESTScopeName::kNamespace);
      CHECK(m.RESTMappings(io, {"v2"}) == std::vector<meta::RESTMapping>{v2_mapping});
      CHECK(m.RESTMappings(io, {"v3", "v2"}) == std::vector<meta::RESTMapping>{v2_mapping});
    }
    {
      meta::DefaultRESTMapper m({v1, GroupVersion{"tgroup", "v2"}});
      m.Add(GroupVersionKind{"tgroup", "v1", "InternalObject"}, RESTScopeName::kNamespace);
      m.Add(GroupVersionKind{"tgroup", "v2", "InternalObject"}, RESTScopeName::kNamespace);
      const meta::RESTMapping v1_mapping{
          {"tgroup", "v1", "internalobjects"}, {"tgroup", "v1", "InternalObject"}, RESTScopeName::kNamespace};
      CHECK(m.RESTMappings(io) == std::vector<meta::RESTMapping>{v1_mapping, v2_mapping});
      CHECK(m.RESTMapping(io) == v1_mapping);
    }
  }
  SECTION("observed rows with the core mapper") {
    const auto m = CoreMapper();
    const auto pod = m.RESTMapping(GroupKind{"", "Pod"});
    CHECK(pod.resource == GroupVersionResource{"", "v1", "pods"});
    CHECK(pod.group_version_kind == GroupVersionKind{"", "v1", "Pod"});
    CHECK(pod.scope == RESTScopeName::kNamespace);
    CHECK(fmt::format("{}", pod.scope) == "namespace");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"", "Nope"}), meta::NoResourceMatchError,
                         "no matches for /, Resource=Nope");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"", "pod"}), meta::NoResourceMatchError,
                         "no matches for /, Resource=pod");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"apps", "Deployment"}), meta::NoKindMatchError,
                         "no matches for kind \"Deployment\" in group \"apps\"");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"", "Pod"}, {"v2"}), meta::NoKindMatchError,
                         "no matches for kind \"Pod\" in version \"v2\"");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"", "Pod"}, {"v3", "v2", "v3"}), meta::NoKindMatchError,
                         "no matches for kind \"Pod\" in versions [\"v2\" \"v3\"]");
    REQUIRE_THROWS_TYPED(m.RESTMapping(GroupKind{"apps", "Pod"}, {"v3", "v2"}), meta::NoKindMatchError,
                         "no matches for kind \"Pod\" in versions [\"apps/v2\" \"apps/v3\"]");
    CHECK(m.RESTMapping(GroupKind{"", "Pod"}, {"", "__internal"}).group_version_kind ==
          GroupVersionKind{"", "v1", "Pod"});
    CHECK(m.RESTMapping(GroupKind{"", "Pod"}, {"v2", "v1"}).group_version_kind ==
          GroupVersionKind{"", "v1", "Pod"});
    // The NoKindMatchError keeps the raw versions as passed.
    try {
      m.RESTMapping(GroupKind{"", "Pod"}, {"v3", "v2", "v3"});
    } catch (const meta::NoKindMatchError& e) {
      CHECK(e.group_kind == GroupKind{"", "Pod"});
      CHECK(e.searched_versions == std::vector<std::string>{"v3", "v2", "v3"});
    }
    // Root scope is carried.
    meta::DefaultRESTMapper root({GroupVersion{"", "v1"}});
    root.Add(GroupVersionKind{"", "v1", "Node"}, RESTScopeName::kRoot);
    CHECK(root.RESTMapping(GroupKind{"", "Node"}).scope == RESTScopeName::kRoot);
  }
}

TEST_CASE("TestRESTMapperResourceSingularizer", "[meta][restmapper]") {
  const GroupVersion tgv{"tgroup", "test"};
  struct Row {
    std::string kind, plural, singular;
  };
  const std::vector<Row> rows = {
      {"Pod", "pods", "pod"},
      {"ReplicationController", "replicationcontrollers", "replicationcontroller"},
      {"ImageRepository", "imagerepositories", "imagerepository"},
      {"Status", "statuses", "status"},
      {"lowercase", "lowercases", "lowercase"},
      {"lowercases", "lowercaseses", "lowercases"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.kind);
    meta::DefaultRESTMapper m({tgv});
    m.Add(tgv.WithKind(row.kind), RESTScopeName::kNamespace);
    CHECK(m.ResourceSingularizer(row.plural) == row.singular);
  }
  const auto core = CoreMapper();
  CHECK(core.ResourceSingularizer("pod") == "pod");
  CHECK(core.ResourceSingularizer("PODS") == "pod");
  REQUIRE_THROWS_TYPED(core.ResourceSingularizer("nopes"), meta::NoResourceMatchError,
                       "no matches for /, Resource=nopes");
  REQUIRE_THROWS_WITH(core.ResourceSingularizer(""), "a resource must be present, got: /, Resource=");
  meta::DefaultRESTMapper ep;
  ep.Add(GroupVersionKind{"", "v1", "Endpoints"}, RESTScopeName::kNamespace);
  CHECK(ep.ResourceSingularizer("endpoints") == "endpoints");

  // Several different singulars: untyped error listing the plurals.
  meta::DefaultRESTMapper multi;
  multi.AddSpecific(GroupVersionKind{"a", "v1", "Foo"}, {"a", "v1", "foos"}, {"a", "v1", "foo"},
                    RESTScopeName::kNamespace);
  multi.AddSpecific(GroupVersionKind{"b", "v1", "Fooey"}, {"b", "v1", "foos"}, {"b", "v1", "fooey"},
                    RESTScopeName::kNamespace);
  REQUIRE_THROWS_AS(multi.ResourceSingularizer("foos"), Error);
  REQUIRE_THROWS_WITH(
      multi.ResourceSingularizer("foos"),
      "multiple possible singular resources ([a/v1, Resource=foos b/v1, Resource=foos]) found for foos");
  // Same singular name in several groups is fine.
  multi.Add(GroupVersionKind{"c", "v1", "Bar"}, RESTScopeName::kNamespace);
  multi.Add(GroupVersionKind{"d", "v1", "Bar"}, RESTScopeName::kNamespace);
  CHECK(multi.ResourceSingularizer("bars") == "bar");
  // An empty singular: "no singular of resource ... has been defined".
  meta::DefaultRESTMapper empty_singular;
  empty_singular.AddSpecific(GroupVersionKind{"", "v1", "Qux"}, {"", "v1", "quxes"}, {},
                             RESTScopeName::kNamespace);
  REQUIRE_THROWS_WITH(empty_singular.ResourceSingularizer("quxes"),
                      "no singular of resource quxes has been defined");
}

TEST_CASE("Registration overwrites", "[meta][restmapper]") {
  meta::DefaultRESTMapper m({GroupVersion{"g", "v1"}});
  m.AddSpecific(GroupVersionKind{"g", "v1", "Foo"}, {"g", "v1", "foos"}, {"g", "v1", "foo"},
                RESTScopeName::kNamespace);
  // Re-register the same plural with another singular and kind.
  m.AddSpecific(GroupVersionKind{"g", "v1", "Bar"}, {"g", "v1", "foos"}, {"g", "v1", "bar"},
                RESTScopeName::kRoot);
  // pluralToSingular now says bar; the old singular key still maps to Foo in resourceToKind.
  CHECK(m.ResourcesFor(GroupVersionResource{"", "", "bar"}) ==
        std::vector<GroupVersionResource>{{"g", "v1", "foos"}});
  REQUIRE_THROWS_AS(m.ResourcesFor(GroupVersionResource{"", "", "foo"}), meta::NoResourceMatchError);
  CHECK(m.KindFor(GroupVersionResource{"", "", "foo"}) == GroupVersionKind{"g", "v1", "Foo"});
  CHECK(m.KindFor(GroupVersionResource{"", "", "foos"}) == GroupVersionKind{"g", "v1", "Bar"});
  CHECK(m.ResourceSingularizer("foos") == "bar");
  CHECK(m.RESTMapping(GroupKind{"g", "Bar"}).scope == RESTScopeName::kRoot);
  CHECK(m.RESTMapping(GroupKind{"g", "Foo"}).resource == GroupVersionResource{"g", "v1", "foos"});
  // Same registration twice: no duplicates.
  meta::DefaultRESTMapper twice;
  twice.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  twice.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  CHECK(twice.ResourcesFor(GroupVersionResource{"", "", "pods"}).size() == 1);
  // Empty kind registers the zero GVR (upstream does the same).
  meta::DefaultRESTMapper zero;
  zero.Add(GroupVersionKind{"", "v1", ""}, RESTScopeName::kNamespace);
  REQUIRE_THROWS_WITH(zero.KindsFor(GroupVersionResource{}), "a resource must be present, got: /, Resource=");
}

TEST_CASE("String and MaybeResetRESTMapper", "[meta][restmapper]") {
  meta::DefaultRESTMapper empty;
  CHECK(empty.String() == "DefaultRESTMapper{kindToPluralResource=map[]}");
  meta::DefaultRESTMapper m;
  m.Add(GroupVersionKind{"apps", "v1", "Deployment"}, RESTScopeName::kNamespace);
  m.Add(GroupVersionKind{"", "v1", "Pod"}, RESTScopeName::kNamespace);
  CHECK(m.String() ==
        "DefaultRESTMapper{kindToPluralResource=map[/v1, Kind=Pod:/v1, Resource=pods apps/v1, "
        "Kind=Deployment:apps/v1, Resource=deployments]}");
  // A plain DefaultRESTMapper is not resettable: MaybeResetRESTMapper does nothing.
  meta::MaybeResetRESTMapper(m);
  CHECK(m.KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
}

TEST_CASE("RESTScopeName and RESTMapping printing", "[meta][interfaces]") {
  CHECK(fmt::format("{}", RESTScopeName::kNamespace) == "namespace");
  CHECK(fmt::format("{}", RESTScopeName::kRoot) == "root");
  CHECK(fmt::format("[{:>6}]", RESTScopeName::kRoot) == "[  root]");
  std::ostringstream os;
  os << RESTScopeName::kRoot << ' ' << RESTScopeName::kNamespace;
  CHECK(os.str() == "root namespace");
  const meta::RESTMapping mapping{{"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace};
  CHECK(fmt::format("{}", mapping) == "{/v1, Resource=pods /v1, Kind=Pod namespace}");
  // Calls without versions compile on the concrete type and through the base.
  const auto core = CoreMapper();
  const meta::RESTMapper& base = core;
  CHECK(core.RESTMapping(GroupKind{"", "Pod"}) == base.RESTMapping(GroupKind{"", "Pod"}));
  CHECK(core.RESTMappings(GroupKind{"", "Pod"}).size() == 1);
}

TEST_CASE("Try methods report without throwing", "[meta][restmapper]") {
  const auto m = CoreMapper();
  auto ok = m.TryKindFor(GroupVersionResource{"", "", "pods"});
  CHECK(ok.ok());
  CHECK(ok.value == GroupVersionKind{"", "v1", "Pod"});
  auto miss = m.TryKindFor(GroupVersionResource{"", "", "nope"});
  CHECK_FALSE(miss.value.has_value());
  CHECK(miss.error.code() == meta::MapperError::Code::kNoResourceMatch);
  CHECK(miss.error.IsNoMatch());
  CHECK(miss.error.Message() == "no matches for /, Resource=nope");
  auto bad = m.TryResourcesFor(GroupVersionResource{});
  CHECK(bad.error.code() == meta::MapperError::Code::kOther);
  CHECK_FALSE(bad.error.IsNoMatch());
  auto kinds = m.TryRESTMapping(GroupKind{"apps", "Deployment"}, {});
  CHECK(kinds.error.code() == meta::MapperError::Code::kNoKindMatch);
  CHECK(kinds.error.Message() == "no matches for kind \"Deployment\" in group \"apps\"");
}

}  // namespace meta_restmapper_test
