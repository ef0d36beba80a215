// Tests for meta/multirestmapper.hpp and meta/firsthit_restmapper.hpp: every row of
// k8s.io/apimachinery/pkg/api/meta/multirestmapper.go and firsthit_restmapper.go (multirestmapper_test.go
// plus rows observed by running the Go code).
//
// Adapted from Go-only shapes: upstream's fixedRESTMapper stub is FixedRESTMapper below (on the
// Try... protocol, so it can return values together with errors); "zero value + error" rows
// become REQUIRE_THROWS_AS/WITH; `nil` results with a nil error (empty FirstHit) become a returned
// zero value.
#include "apimachinery/meta/multirestmapper.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/firsthit_restmapper.hpp"
#include "apimachinery/meta/restmapper.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_multirestmapper_test {

using namespace apimachinery;
using meta::MapperError;
using meta::MapperResult;
using schema::GroupKind;
using schema::GroupVersion;
using schema::GroupVersionKind;
using schema::GroupVersionResource;
using Mappers = std::vector<std::shared_ptr<meta::RESTMapper>>;

namespace {

class FixedRESTMapper final : public meta::ResettableRESTMapper {
 public:
  std::vector<GroupVersionResource> resources_for;
  std::vector<GroupVersionKind> kinds_for;
  std::optional<GroupVersionResource> resource_for;
  std::optional<GroupVersionKind> kind_for;
  std::vector<meta::RESTMapping> mappings;
  std::optional<meta::RESTMapping> mapping;
  std::optional<std::string> singular;
  MapperError err;
  std::atomic<int>* resets = nullptr;

  MapperResult<GroupVersionKind> TryKindFor(const GroupVersionResource&) const override {
    return {kind_for, err};
  }
  MapperResult<std::vector<GroupVersionKind>> TryKindsFor(const GroupVersionResource&) const override {
    return MapperResult<std::vector<GroupVersionKind>>::Both(kinds_for, err);
  }
  MapperResult<GroupVersionResource> TryResourceFor(const GroupVersionResource&) const override {
    return {resource_for, err};
  }
  MapperResult<std::vector<GroupVersionResource>> TryResourcesFor(
      const GroupVersionResource&) const override {
    return MapperResult<std::vector<GroupVersionResource>>::Both(resources_for, err);
  }
  MapperResult<meta::RESTMapping> TryRESTMapping(const GroupKind&,
                                                 const std::vector<std::string>&) const override {
    return {mapping, err};
  }
  MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const GroupKind&, const std::vector<std::string>&) const override {
    return MapperResult<std::vector<meta::RESTMapping>>::Both(mappings, err);
  }
  MapperResult<std::string> TryResourceSingularizer(std::string_view) const override {
    return {singular, err};
  }
  void Reset() override {
    if (resets) ++*resets;
  }
  std::string String() const override { return "fixed\nsecond line"; }
};

std::shared_ptr<FixedRESTMapper> Fixed(MapperError err = {}) {
  auto f = std::make_shared<FixedRESTMapper>();
  f->err = std::move(err);
  return f;
}

std::shared_ptr<meta::DefaultRESTMapper> CoreMapper() {
  auto m = std::make_shared<meta::DefaultRESTMapper>(std::vector<GroupVersion>{{"", "v1"}});
  m->Add(GroupVersionKind{"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
  return m;
}

std::shared_ptr<meta::DefaultRESTMapper> ThingMapper() {
  auto m = std::make_shared<meta::DefaultRESTMapper>(std::vector<GroupVersion>{{"g2", "v1"}, {"g1", "v1"}});
  for (const char* g : {"g1", "g2", "g3", "g4"}) {
    m->Add(GroupVersionKind{g, "v1", "Thing"}, meta::RESTScopeName::kNamespace);
  }
  return m;
}

const GroupVersionResource kFoo{"", "", "foo"};
const MapperError kFail = MapperError::Plain("fail on this");
const MapperError kIgnoreResource = MapperError::NoResourceMatch(GroupVersionResource{"", "", "IGNORE_THIS"});

}  // namespace

TEST_CASE("TestMultiRESTMapperResourceFor / ResourcesFor", "[meta][multi]") {
  SECTION("empty") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_AS(m.ResourceFor(kFoo), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.ResourceFor(kFoo), "no matches for /, Resource=foo");
    REQUIRE_THROWS_AS(m.ResourcesFor(kFoo), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.ResourcesFor(kFoo), "no matches for /, Resource=foo");
  }
  SECTION("ignore not found") {
    const meta::MultiRESTMapper m(Mappers{Fixed(kIgnoreResource)});
    REQUIRE_THROWS_AS(m.ResourceFor(kFoo), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.ResourceFor(kFoo), "no matches for /, Resource=foo");
    REQUIRE_THROWS_WITH(m.ResourcesFor(kFoo), "no matches for /, Resource=foo");
  }
  SECTION("accept first failure") {
    auto ok = Fixed();
    ok->resources_for = {{"unused", "", ""}};
    const meta::MultiRESTMapper m(Mappers{Fixed(kFail), ok});
    REQUIRE_THROWS_AS(m.ResourceFor(kFoo), Error);
    REQUIRE_THROWS_WITH(m.ResourceFor(kFoo), "fail on this");
    REQUIRE_THROWS_WITH(m.ResourcesFor(kFoo), "fail on this");
    CHECK_FALSE(m.TryResourcesFor(kFoo).value.has_value());
  }
  SECTION("union and dedup") {
    auto a = Fixed(), b = Fixed();
    a->resources_for = {{"dupe", "", ""}, {"first", "", ""}};
    b->resources_for = {{"dupe", "", ""}, {"second", "", ""}};
    const meta::MultiRESTMapper m(Mappers{a, b});
    CHECK(m.ResourcesFor(kFoo) ==
          std::vector<GroupVersionResource>{{"dupe", "", ""}, {"first", "", ""}, {"second", "", ""}});
  }
  SECTION("skip not and continue") {
    auto miss = Fixed(kIgnoreResource);
    miss->resources_for = {{"thrown", "away", ""}};  // results that come with a no-match error are dropped
    auto ok = Fixed();
    ok->resources_for = {{"first", "", ""}, {"second", "", ""}};
    const meta::MultiRESTMapper m(Mappers{miss, ok});
    CHECK(m.ResourcesFor(kFoo) == std::vector<GroupVersionResource>{{"first", "", ""}, {"second", "", ""}});
    REQUIRE_THROWS_AS(m.ResourceFor(kFoo), meta::AmbiguousResourceError);
    REQUIRE_THROWS_WITH(m.ResourceFor(kFoo),
                        "/, Resource=foo matches multiple resources [first/, Resource= second/, "
                        "Resource=]");
  }
}

TEST_CASE("TestMultiRESTMapperKindFor / KindsFor", "[meta][multi]") {
  const MapperError ignore_kind = MapperError::NoKindMatch(GroupKind{"", "IGNORE_THIS"}, {});
  SECTION("empty") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_AS(m.KindFor(kFoo), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.KindFor(kFoo), "no matches for /, Resource=foo");
    REQUIRE_THROWS_WITH(m.KindsFor(kFoo), "no matches for /, Resource=foo");
  }
  SECTION("ignore not found") {
    const meta::MultiRESTMapper m(Mappers{Fixed(ignore_kind), Fixed(kIgnoreResource)});
    REQUIRE_THROWS_AS(m.KindFor(kFoo), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.KindFor(kFoo), "no matches for /, Resource=foo");
    REQUIRE_THROWS_AS(m.KindsFor(kFoo), meta::NoResourceMatchError);
  }
  SECTION("accept first failure") {
    auto ok = Fixed();
    ok->kinds_for = {{"unused", "", ""}};
    const meta::MultiRESTMapper m(Mappers{Fixed(kFail), ok});
    REQUIRE_THROWS_WITH(m.KindFor(kFoo), "fail on this");
    REQUIRE_THROWS_WITH(m.KindsFor(kFoo), "fail on this");
  }
  SECTION("union and dedup") {
    auto a = Fixed(), b = Fixed();
    a->kinds_for = {{"dupe", "", ""}, {"first", "", ""}};
    b->kinds_for = {{"dupe", "", ""}, {"second", "", ""}};
    const meta::MultiRESTMapper m(Mappers{a, b});
    CHECK(m.KindsFor(kFoo) ==
          std::vector<GroupVersionKind>{{"dupe", "", ""}, {"first", "", ""}, {"second", "", ""}});
    // KindFor ambiguity: AmbiguousResourceError with matching_kinds.
    REQUIRE_THROWS_AS(m.KindFor(kFoo), meta::AmbiguousResourceError);
    REQUIRE_THROWS_WITH(m.KindFor(kFoo),
                        "/, Resource=foo matches multiple kinds [dupe/, Kind= first/, Kind= second/, Kind=]");
  }
  SECTION("skip not and continue") {
    auto ok = Fixed();
    ok->kinds_for = {{"first", "", ""}, {"second", "", ""}};
    const meta::MultiRESTMapper m(Mappers{Fixed(ignore_kind), ok});
    CHECK(m.KindsFor(kFoo) == std::vector<GroupVersionKind>{{"first", "", ""}, {"second", "", ""}});
  }
  SECTION("single result") {
    auto ok = Fixed();
    ok->kinds_for = {{"only", "v1", "One"}};
    const meta::MultiRESTMapper m(Mappers{Fixed(kIgnoreResource), ok});
    CHECK(m.KindFor(kFoo) == GroupVersionKind{"only", "v1", "One"});
  }
}

TEST_CASE("TestMultiRESTMapperRESTMappings", "[meta][multi]") {
  const meta::RESTMapping mapping1{{}, {"", "v1", "Foo"}, meta::RESTScopeName::kNamespace};
  const meta::RESTMapping mapping2{{}, {"", "v2", "Foo"}, meta::RESTScopeName::kNamespace};
  const GroupKind foo{"", "Foo"};
  SECTION("empty with no versions") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_AS(m.RESTMappings(foo), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMappings(foo), "no matches for kind \"Foo\" in group \"\"");
  }
  SECTION("empty with one version") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_WITH(m.RESTMappings(foo, {"v1beta"}), "no matches for kind \"Foo\" in version \"v1beta\"");
  }
  SECTION("empty with multi(two) versions") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_WITH(m.RESTMappings(foo, {"v1beta", "v2"}),
                        "no matches for kind \"Foo\" in versions [\"v1beta\" \"v2\"]");
    try {
      m.RESTMappings(foo, {"v1beta", "v2"});
    } catch (const meta::NoKindMatchError& e) {
      CHECK(e.group_kind == foo);
      CHECK(e.searched_versions == std::vector<std::string>{"v1beta", "v2"});
    }
  }
  SECTION("ignore not found (kind)") {
    const meta::MultiRESTMapper m(Mappers{Fixed(MapperError::NoKindMatch(GroupKind{"", "IGNORE_THIS"}, {}))});
    REQUIRE_THROWS_AS(m.RESTMappings(foo), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMappings(foo), "no matches for kind \"Foo\" in group \"\"");
  }
  SECTION("ignore not found (version)") {
    const meta::MultiRESTMapper m(Mappers{Fixed(MapperError::NoKindMatch(foo, {"v1"}))});
    REQUIRE_THROWS_WITH(m.RESTMappings(foo, {"v1beta"}), "no matches for kind \"Foo\" in version \"v1beta\"");
  }
  SECTION("ignore not found (multi versions)") {
    const meta::MultiRESTMapper m(Mappers{Fixed(MapperError::NoKindMatch(foo, {"v1"}))});
    REQUIRE_THROWS_WITH(m.RESTMappings(foo, {"v1beta", "v2"}),
                        "no matches for kind \"Foo\" in versions [\"v1beta\" \"v2\"]");
  }
  SECTION("accept first failure") {
    auto ok = Fixed();
    ok->mappings = {mapping1};
    const meta::MultiRESTMapper m(Mappers{Fixed(kFail), ok});
    REQUIRE_THROWS_AS(m.RESTMappings(foo), AggregateError);
    REQUIRE_THROWS_WITH(m.RESTMappings(foo), "fail on this");
    // No mappings even though one delegate succeeded (multirestmapper.go: MultiRESTMapper.RESTMappings).
    CHECK_FALSE(m.TryRESTMappings(foo, {}).value.has_value());
  }
  SECTION("return both") {
    auto a = Fixed(), b = Fixed();
    a->mappings = {mapping1};
    b->mappings = {mapping2};
    const meta::MultiRESTMapper m(Mappers{a, b});
    CHECK(m.RESTMappings(foo) == std::vector<meta::RESTMapping>{mapping1, mapping2});
  }
  SECTION("no de-duplication, and several errors aggregate") {
    auto a = Fixed(), b = Fixed();
    a->mappings = {mapping1};
    b->mappings = {mapping1};
    CHECK(meta::MultiRESTMapper(Mappers{a, b}).RESTMappings(foo) ==
          std::vector<meta::RESTMapping>{mapping1, mapping1});
    const meta::MultiRESTMapper m(Mappers{Fixed(kFail), Fixed(MapperError::Plain("other")), Fixed(kFail)});
    REQUIRE_THROWS_WITH(m.RESTMappings(foo), "[fail on this, other]");
  }
}

TEST_CASE("MultiRESTMapper RESTMapping", "[meta][multi]") {
  const GroupKind foo{"", "Foo"};
  const meta::RESTMapping m1{{"", "v1", "foos"}, {"", "v1", "Foo"}, meta::RESTScopeName::kNamespace};
  const meta::RESTMapping m2{{"x", "v1", "foos"}, {"x", "v1", "Foo"}, meta::RESTScopeName::kRoot};
  auto with = [](std::optional<meta::RESTMapping> mapping, MapperError err = {}) {
    auto f = Fixed(std::move(err));
    f->mapping = std::move(mapping);
    return f;
  };
  SECTION("one mapping wins even if others failed") {
    const meta::MultiRESTMapper m(
        Mappers{with(std::nullopt, kFail), with(m1), with(std::nullopt, MapperError::NoKindMatch(foo, {}))});
    CHECK(m.RESTMapping(foo) == m1);
  }
  SECTION("several → AmbiguousKindError without version") {
    const meta::MultiRESTMapper m(Mappers{with(m1), with(m2)});
    REQUIRE_THROWS_AS(m.RESTMapping(foo, {"v1"}), meta::AmbiguousKindError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo, {"v1"}),
                        "/, Kind=Foo matches multiple kinds [/v1, Kind=Foo x/v1, Kind=Foo]");
  }
  SECTION("only errors → aggregate") {
    const meta::MultiRESTMapper m(
        Mappers{with(std::nullopt, kFail), with(std::nullopt, MapperError::Plain("two"))});
    REQUIRE_THROWS_AS(m.RESTMapping(foo), AggregateError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo), "[fail on this, two]");
  }
  SECTION("observed: empty Multi") {
    const meta::MultiRESTMapper m(Mappers{});
    REQUIRE_THROWS_AS(m.RESTMapping(foo, {"v1"}), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo, {"v1"}), "no matches for kind \"Foo\" in version \"v1\"");
  }
  SECTION("observed: delegates' NoResourceMatch errors are replaced by NoKindMatchError") {
    const meta::MultiRESTMapper m(Mappers{CoreMapper(), ThingMapper()});
    REQUIRE_THROWS_AS(m.RESTMapping(GroupKind{"", "Nope"}), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMapping(GroupKind{"", "Nope"}), "no matches for kind \"Nope\" in group \"\"");
    CHECK(m.RESTMapping(GroupKind{"", "Pod"}).resource == GroupVersionResource{"", "v1", "pods"});
    CHECK(m.RESTMapping(GroupKind{"g2", "Thing"}).resource == GroupVersionResource{"g2", "v1", "things"});
  }
}

TEST_CASE("MultiRESTMapper over DefaultRESTMappers", "[meta][multi]") {
  auto ep = std::make_shared<meta::DefaultRESTMapper>();
  ep->Add(GroupVersionKind{"", "v1", "Endpoints"}, meta::RESTScopeName::kNamespace);
  const meta::MultiRESTMapper m(Mappers{ep, CoreMapper()});
  // The bare mapper's duplicate is removed.
  CHECK(m.ResourcesFor(GroupVersionResource{"", "", "endpoints"}) ==
        std::vector<GroupVersionResource>{{"", "v1", "endpoints"}});
  CHECK(m.ResourceFor(GroupVersionResource{"", "", "endpoints"}) ==
        GroupVersionResource{"", "v1", "endpoints"});
  CHECK(m.KindFor(GroupVersionResource{"", "", "pod"}) == GroupVersionKind{"", "v1", "Pod"});
  // A delegate's untyped error percolates up at once.
  REQUIRE_THROWS_WITH(m.KindsFor(GroupVersionResource{}), "a resource must be present, got: /, Resource=");
}

TEST_CASE("MultiRESTMapper ResourceSingularizer, Reset, String", "[meta][multi]") {
  SECTION("empty Multi → \"\"") {
    const meta::MultiRESTMapper m(Mappers{});
    CHECK(m.ResourceSingularizer("pods").empty());
  }
  SECTION("first delegate without error wins") {
    auto a = Fixed(kFail), b = Fixed(), c = Fixed();
    b->singular = "from-b";
    c->singular = "from-c";
    CHECK(meta::MultiRESTMapper(Mappers{a, b, c}).ResourceSingularizer("x") == "from-b");
    const meta::MultiRESTMapper defaults(Mappers{ThingMapper(), CoreMapper()});
    CHECK(defaults.ResourceSingularizer("pods") == "pod");
  }
  SECTION("else the last delegate's error") {
    const meta::MultiRESTMapper m(Mappers{Fixed(kFail), Fixed(MapperError::Plain("last"))});
    REQUIRE_THROWS_WITH(m.ResourceSingularizer("x"), "last");
    const meta::MultiRESTMapper d(Mappers{CoreMapper()});
    REQUIRE_THROWS_AS(d.ResourceSingularizer("nopes"), meta::NoResourceMatchError);
  }
  SECTION("Reset resets every resettable delegate") {
    std::atomic<int> resets{0};
    auto a = Fixed(), b = Fixed();
    a->resets = &resets;
    b->resets = &resets;
    meta::MultiRESTMapper m(Mappers{a, CoreMapper(), b});
    m.Reset();
    CHECK(resets == 2);
    meta::MaybeResetRESTMapper(m);
    CHECK(resets == 4);
  }
  SECTION("String") {
    const meta::MultiRESTMapper m(Mappers{Fixed(), CoreMapper()});
    CHECK(m.String() ==
          "MultiRESTMapper{\n\tfixed\n\tsecond line\n\tDefaultRESTMapper{kindToPluralResource=map[/v1, "
          "Kind=Pod:/v1, "
          "Resource=pods]}\n}");
    CHECK(meta::MultiRESTMapper(Mappers{}).String() == "MultiRESTMapper{\n\t\n}");
  }
  SECTION("null delegate is rejected") { REQUIRE_THROWS_AS(meta::MultiRESTMapper(Mappers{nullptr}), Error); }
}

TEST_CASE("Throwing delegates written with CaptureMapperResult compose", "[meta][multi]") {
  // A user mapper whose logic throws: Multi still classifies its no-match errors.
  class Throwing final : public meta::RESTMapper {
   public:
    MapperResult<GroupVersionKind> TryKindFor(const GroupVersionResource& r) const override {
      return meta::CaptureMapperResult([&]() -> GroupVersionKind { throw meta::NoResourceMatchError(r); });
    }
    MapperResult<std::vector<GroupVersionKind>> TryKindsFor(const GroupVersionResource& r) const override {
      return meta::CaptureMapperResult(
          [&]() -> std::vector<GroupVersionKind> { throw meta::NoResourceMatchError(r); });
    }
    MapperResult<GroupVersionResource> TryResourceFor(const GroupVersionResource&) const override {
      return meta::CaptureMapperResult([]() -> GroupVersionResource { throw std::runtime_error("boom"); });
    }
    MapperResult<std::vector<GroupVersionResource>> TryResourcesFor(
        const GroupVersionResource&) const override {
      return meta::CaptureMapperResult(
          []() -> std::vector<GroupVersionResource> { throw std::runtime_error("boom"); });
    }
    MapperResult<meta::RESTMapping> TryRESTMapping(const GroupKind& gk,
                                                   const std::vector<std::string>& v) const override {
      return meta::CaptureMapperResult([&]() -> meta::RESTMapping { throw meta::NoKindMatchError(gk, v); });
    }
    MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
        const GroupKind& gk, const std::vector<std::string>& v) const override {
      return meta::CaptureMapperResult(
          [&]() -> std::vector<meta::RESTMapping> { throw meta::NoKindMatchError(gk, v); });
    }
    MapperResult<std::string> TryResourceSingularizer(std::string_view) const override {
      return meta::CaptureMapperResult([]() { return std::string("s"); });
    }
  };
  const meta::MultiRESTMapper m(Mappers{std::make_shared<Throwing>(), CoreMapper()});
  CHECK(m.KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(m.RESTMapping(GroupKind{"", "Pod"}).resource == GroupVersionResource{"", "v1", "pods"});
  REQUIRE_THROWS_AS(m.ResourcesFor(GroupVersionResource{"", "", "pods"}), std::runtime_error);
  REQUIRE_THROWS_WITH(m.ResourcesFor(GroupVersionResource{"", "", "pods"}), "boom");
  CHECK(m.ResourceSingularizer("pods") == "s");
}

TEST_CASE("FirstHitRESTMapper", "[meta][firsthit]") {
  const meta::FirstHitRESTMapper m(Mappers{CoreMapper(), ThingMapper()});
  SECTION("all no-match → the first error") {
    REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{"", "", "nope"}), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.KindFor(GroupVersionResource{"", "", "nope"}), "no matches for /, Resource=nope");
  }
  SECTION("first success wins") {
    CHECK(m.KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
    CHECK(m.ResourceFor(GroupVersionResource{"", "", "pod"}) == GroupVersionResource{"", "v1", "pods"});
    CHECK(m.RESTMapping(GroupKind{"g1", "Thing"}).resource == GroupVersionResource{"g1", "v1", "things"});
  }
  SECTION("mixed errors → aggregate") {
    REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{"", "", "things"}), AggregateError);
    REQUIRE_THROWS_WITH(
        m.KindFor(GroupVersionResource{"", "", "things"}),
        "[no matches for /, Resource=things, /, Resource=things matches multiple kinds [g3/v1, "
        "Kind=Thing g4/v1, Kind=Thing g2/v1, Kind=Thing g1/v1, Kind=Thing]]");
    try {
      m.KindFor(GroupVersionResource{"", "", "things"});
    } catch (const std::exception& e) {
      CHECK(meta::IsNoMatchError(e));
      CHECK(meta::IsAmbiguousError(e));
    }
  }
  SECTION("one delegate → its error as is") {
    const meta::FirstHitRESTMapper one(Mappers{ThingMapper()});
    REQUIRE_THROWS_AS(one.KindFor(GroupVersionResource{"", "", "things"}), meta::AmbiguousResourceError);
    REQUIRE_THROWS_AS(one.RESTMapping(GroupKind{"", "Pod"}), meta::NoKindMatchError);
  }
  SECTION("no delegates → zero value, no error") {
    const meta::FirstHitRESTMapper none(Mappers{});
    CHECK(none.KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{});
    CHECK(none.ResourceFor(GroupVersionResource{"", "", "pods"}) == GroupVersionResource{});
    CHECK(none.RESTMapping(GroupKind{"", "Pod"}) == meta::RESTMapping{});
    // The plural methods are the Multi ones.
    REQUIRE_THROWS_AS(none.KindsFor(GroupVersionResource{"", "", "pods"}), meta::NoResourceMatchError);
    CHECK(none.ResourceSingularizer("pods").empty());
  }
  SECTION("a result that comes with an error is a failure") {
    auto both = Fixed(kFail);
    both->kind_for = GroupVersionKind{"with", "error", "K"};
    const meta::FirstHitRESTMapper f(Mappers{both, CoreMapper()});
    CHECK(f.KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  }
  SECTION("plural methods, Reset and String are Multi's") {
    CHECK(m.KindsFor(GroupVersionResource{"", "", "things"}).size() == 4);
    std::atomic<int> resets{0};
    auto f = Fixed();
    f->resets = &resets;
    meta::FirstHitRESTMapper r(Mappers{f});
    r.Reset();
    CHECK(resets == 1);
    CHECK(r.String() == "FirstHitRESTMapper{\n\tMultiRESTMapper{\n\tfixed\n\tsecond line\n}\n}");
  }
}

TEST_CASE("MultiRESTMapper de-duplicates large unions like the linear scan", "[meta][multi]") {
  // Past 16 items the de-duplication switches to a hash index; the result must not change.
  std::vector<std::shared_ptr<meta::RESTMapper>> delegates;
  std::vector<GroupVersionKind> expected;
  for (int d = 0; d < 5; ++d) {
    auto f = Fixed();
    for (int i = 0; i < 12; ++i) {
      const int id = (d * 7 + i * 3) % 25;  // overlapping ids across and within delegates
      f->kinds_for.push_back(GroupVersionKind{"g" + std::to_string(id % 5), "v1", "K" + std::to_string(id)});
      f->kinds_for.push_back(f->kinds_for.back());  // a delegate's own duplicate
    }
    for (const auto& k : f->kinds_for) {
      if (std::find(expected.begin(), expected.end(), k) == expected.end()) expected.push_back(k);
    }
    delegates.push_back(f);
  }
  REQUIRE(expected.size() > 16);
  CHECK(meta::MultiRESTMapper(delegates).KindsFor(kFoo) == expected);
}

}  // namespace meta_multirestmapper_test
