// Tests for meta/priority.hpp: every row of k8s.io/apimachinery/pkg/api/meta/priority.go (priority_test.go
// plus rows observed by running the Go code), including a result returned together with an error.
//
// Adapted from Go-only shapes:
// - upstream's fixedRESTMapper stub (returns fixed values together with a fixed error) is
//   FixedRESTMapper below, implemented on the Try... protocol so it can return both;
// - rows that expect "a result together with an error" are checked twice: through the Try...
//   method (value and error both present) and through the public method (the value is returned,
//   MapperResult::ValueOrThrow in meta/interfaces.hpp);
// - "zero result + error" rows become REQUIRE_THROWS_AS/WITH.
#include "apimachinery/meta/priority.hpp"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/meta/restmapper.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_priority_test {

using namespace apimachinery;
using meta::MapperError;
using meta::MapperResult;
using schema::GroupKind;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

namespace {

// Returns its fields together with `err`, like upstream's fixedRESTMapper.
class FixedRESTMapper final : public meta::ResettableRESTMapper {
 public:
  std::vector<GroupVersionResource> resources_for;
  std::vector<GroupVersionKind> kinds_for;
  GroupVersionResource resource_for;
  GroupVersionKind kind_for;
  std::vector<meta::RESTMapping> mappings;
  std::optional<meta::RESTMapping> mapping;
  std::string singular;
  MapperError err;
  std::atomic<int>* resets = nullptr;

  MapperResult<GroupVersionKind> TryKindFor(const GroupVersionResource&) const override {
    return MapperResult<GroupVersionKind>::Both(kind_for, err);
  }
  MapperResult<std::vector<GroupVersionKind>> TryKindsFor(const GroupVersionResource&) const override {
    return MapperResult<std::vector<GroupVersionKind>>::Both(kinds_for, err);
  }
  MapperResult<GroupVersionResource> TryResourceFor(const GroupVersionResource&) const override {
    return MapperResult<GroupVersionResource>::Both(resource_for, err);
  }
  MapperResult<std::vector<GroupVersionResource>> TryResourcesFor(
      const GroupVersionResource&) const override {
    return MapperResult<std::vector<GroupVersionResource>>::Both(resources_for, err);
  }
  MapperResult<meta::RESTMapping> TryRESTMapping(const GroupKind&,
                                                 const std::vector<std::string>&) const override {
    return MapperResult<meta::RESTMapping>{mapping, err};
  }
  MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const GroupKind&, const std::vector<std::string>&) const override {
    return MapperResult<std::vector<meta::RESTMapping>>::Both(mappings, err);
  }
  MapperResult<std::string> TryResourceSingularizer(std::string_view) const override {
    return MapperResult<std::string>::Both(singular, err);
  }
  void Reset() override {
    if (resets) ++*resets;
  }
  std::string String() const override { return "fixed"; }
};

std::shared_ptr<FixedRESTMapper> Fixed() { return std::make_shared<FixedRESTMapper>(); }

const MapperError kDelegateError = MapperError::Plain("delegateError");

}  // namespace

TEST_CASE("TestPriorityRESTMapperResourceForErrorHandling", "[meta][priority]") {
  const GroupVersionResource one_a_first{"one", "a", "first"};
  const GroupVersionResource two_b_second{"two", "b", "second"};
  const GroupVersionResource one_c_third{"one", "c", "third"};
  const GroupVersionResource one_a_second{"one", "a", "second"};
  const GroupVersionResource single_hit{"single", "hit", "resource"};
  struct Row {
    std::string name;
    std::vector<GroupVersionResource> delegate_list;
    MapperError delegate_err;
    std::vector<GroupVersionResource> patterns;
    std::optional<GroupVersionResource> result;
    std::string error;  // exact text, or substring when contains
    bool contains;
  };
  const std::vector<Row> rows = {
      {"error", {}, kDelegateError, {}, std::nullopt, "delegateError", false},
      {"single hit + error", {single_hit}, kDelegateError, {}, single_hit, "delegateError", false},
      {"group selection + error",
       {one_a_first, two_b_second},
       kDelegateError,
       {{"one", "*", "*"}},
       one_a_first,
       "delegateError",
       false},
      {"single hit", {single_hit}, {}, {}, single_hit, "", false},
      {"ambiguous match",
       {one_a_first, two_b_second},
       {},
       {},
       std::nullopt,
       "matches multiple resources",
       true},
      {"group selection", {one_a_first, two_b_second}, {}, {{"one", "*", "*"}}, one_a_first, "", false},
      {"empty match continues",
       {one_a_first, two_b_second},
       {},
       {{"fail", "*", "*"}, {"one", "*", "*"}},
       one_a_first,
       "",
       false},
      {"group followed by version selection",
       {one_a_first, two_b_second, one_c_third},
       {},
       {{"one", "*", "*"}, {"*", "a", "*"}},
       one_a_first,
       "",
       false},
      {"resource selection",
       {one_a_first, one_a_second},
       {},
       {{"*", "*", "second"}},
       one_a_second,
       "",
       false},
  };
  for (const auto& row : rows) {
    DYNAMIC_SECTION(row.name) {
      auto fixed = Fixed();
      fixed->resources_for = row.delegate_list;
      fixed->err = row.delegate_err;
      const meta::PriorityRESTMapper m(fixed, row.patterns, {});
      const auto got = m.TryResourceFor(GroupVersionResource{});
      CHECK(got.value == row.result);
      if (row.error.empty()) {
        CHECK_FALSE(got.error);
      } else if (row.contains) {
        CHECK_THAT(got.error.Message(), Catch::Contains(row.error));
      } else {
        CHECK(got.error.Message() == row.error);
      }
      // The public method: the value if any, else the error.
      if (row.result) {
        CHECK(m.ResourceFor(GroupVersionResource{}) == *row.result);
      } else if (row.contains) {
        REQUIRE_THROWS_AS(m.ResourceFor(GroupVersionResource{}), meta::AmbiguousResourceError);
        REQUIRE_THROWS_WITH(m.ResourceFor(GroupVersionResource{}), Catch::Contains(row.error));
      } else {
        REQUIRE_THROWS_AS(m.ResourceFor(GroupVersionResource{}), Error);
        REQUIRE_THROWS_WITH(m.ResourceFor(GroupVersionResource{}), row.error);
      }
    }
  }
}

TEST_CASE("TestPriorityRESTMapperKindForErrorHandling", "[meta][priority]") {
  const GroupVersionKind one_a_first{"one", "a", "first"};
  const GroupVersionKind two_b_second{"two", "b", "second"};
  const GroupVersionKind one_c_third{"one", "c", "third"};
  const GroupVersionKind one_a_second{"one", "a", "second"};
  const GroupVersionKind single_hit{"single", "hit", "resource"};
  struct Row {
    std::string name;
    std::vector<GroupVersionKind> delegate_list;
    MapperError delegate_err;
    std::vector<GroupVersionKind> patterns;
    std::optional<GroupVersionKind> result;
    std::string error;
    bool contains;
  };
  const std::vector<Row> rows = {
      {"error", {}, kDelegateError, {}, std::nullopt, "delegateError", false},
      {"single hit + error", {single_hit}, kDelegateError, {}, single_hit, "delegateError", false},
      {"group selection + error",
       {one_a_first, two_b_second},
       kDelegateError,
       {{"one", "*", "*"}},
       one_a_first,
       "delegateError",
       false},
      {"single hit", {single_hit}, {}, {}, single_hit, "", false},
      {"ambiguous match", {one_a_first, two_b_second}, {}, {}, std::nullopt, "matches multiple kinds", true},
      {"group selection", {one_a_first, two_b_second}, {}, {{"one", "*", "*"}}, one_a_first, "", false},
      {"empty match continues",
       {one_a_first, two_b_second},
       {},
       {{"fail", "*", "*"}, {"one", "*", "*"}},
       one_a_first,
       "",
       false},
      {"group followed by version selection",
       {one_a_first, two_b_second, one_c_third},
       {},
       {{"one", "*", "*"}, {"*", "a", "*"}},
       one_a_first,
       "",
       false},
      {"kind selection", {one_a_first, one_a_second}, {}, {{"*", "*", "second"}}, one_a_second, "", false},
  };
  for (const auto& row : rows) {
    DYNAMIC_SECTION(row.name) {
      auto fixed = Fixed();
      fixed->kinds_for = row.delegate_list;
      fixed->err = row.delegate_err;
      const meta::PriorityRESTMapper m(fixed, {}, row.patterns);
      const auto got = m.TryKindFor(GroupVersionResource{});
      CHECK(got.value == row.result);
      if (row.error.empty()) {
        CHECK_FALSE(got.error);
      } else if (row.contains) {
        CHECK_THAT(got.error.Message(), Catch::Contains(row.error));
      } else {
        CHECK(got.error.Message() == row.error);
      }
      if (row.result) {
        CHECK(m.KindFor(GroupVersionResource{}) == *row.result);
      } else if (row.contains) {
        // KindFor's ambiguity is an AmbiguousResourceError with matching_kinds.
        REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{}), meta::AmbiguousResourceError);
        REQUIRE_THROWS_WITH(m.KindFor(GroupVersionResource{}),
                            "/, Resource= matches multiple kinds [one/a, Kind=first two/b, Kind=second]");
      } else {
        REQUIRE_THROWS_WITH(m.KindFor(GroupVersionResource{}), row.error);
      }
    }
  }
}

TEST_CASE("Priority ambiguity reports the ORIGINAL full list", "[meta][priority]") {
  auto fixed = Fixed();
  fixed->resources_for = {{"one", "a", "first"}, {"one", "b", "first"}, {"two", "a", "first"}};
  fixed->kinds_for = {{"one", "a", "First"}, {"one", "b", "First"}, {"two", "a", "First"}};
  // The pattern narrows to two, then nothing singles one out.
  const meta::PriorityRESTMapper m(fixed, {{"one", "*", "*"}}, {{"one", "*", "*"}});
  try {
    m.ResourceFor(GroupVersionResource{"", "", "first"});
    FAIL("no throw");
  } catch (const meta::AmbiguousResourceError& e) {
    CHECK(e.matching_resources == fixed->resources_for);
    CHECK(e.partial_resource == GroupVersionResource{"", "", "first"});
  }
  try {
    m.KindFor(GroupVersionResource{"", "", "first"});
    FAIL("no throw");
  } catch (const meta::AmbiguousResourceError& e) {
    CHECK(e.matching_kinds == fixed->kinds_for);
    CHECK(e.matching_resources.empty());
  }
  // An empty delegate list without error also ends as ambiguity.
  const meta::PriorityRESTMapper empty(Fixed());
  REQUIRE_THROWS_AS(empty.ResourceFor(GroupVersionResource{"", "", "x"}), meta::AmbiguousResourceError);
  REQUIRE_THROWS_WITH(empty.ResourceFor(GroupVersionResource{"", "", "x"}),
                      "/, Resource=x matches multiple resources or kinds");
  REQUIRE_THROWS_WITH(empty.KindFor(GroupVersionResource{"", "", "x"}),
                      "/, Resource=x matches multiple resources or kinds");
  // An empty pattern field matches only the empty string.
  auto core = Fixed();
  core->kinds_for = {{"apps", "v1", "Pod"}, {"", "v1", "Pod"}};
  const meta::PriorityRESTMapper by_core(core, {}, {{"", "v1", "*"}});
  CHECK(by_core.KindFor(GroupVersionResource{}) == GroupVersionKind{"", "v1", "Pod"});
}

TEST_CASE("TestPriorityRESTMapperRESTMapping", "[meta][priority]") {
  const meta::RESTMapping mapping1{{}, {"", "v1alpha1", "Foo"}, meta::RESTScopeName::kNamespace};
  const meta::RESTMapping mapping2{{}, {"", "v1", "Foo"}, meta::RESTScopeName::kNamespace};
  const meta::RESTMapping mapping3{{}, {"other", "v1", "Foo"}, meta::RESTScopeName::kNamespace};
  auto with = [](std::vector<meta::RESTMapping> ms, MapperError err = {}) {
    auto f = Fixed();
    f->mappings = std::move(ms);
    f->err = std::move(err);
    return f;
  };
  auto all_mappers = [&] {
    return std::make_shared<meta::MultiRESTMapper>(
        std::vector<std::shared_ptr<meta::RESTMapper>>{with({mapping1}), with({mapping2}), with({mapping3})});
  };
  const GroupKind foo{"", "Foo"};

  SECTION("empty") {
    const meta::PriorityRESTMapper m(
        std::make_shared<meta::MultiRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{}));
    REQUIRE_THROWS_AS(m.RESTMapping(foo), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo), "no matches for kind \"Foo\" in group \"\"");
  }
  SECTION("ignore not found") {
    const meta::PriorityRESTMapper m(
        std::make_shared<meta::MultiRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{
            with({}, MapperError::NoKindMatch(GroupKind{"", "IGNORE_THIS"}, {}))}));
    REQUIRE_THROWS_AS(m.RESTMapping(foo), meta::NoKindMatchError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo), "no matches for kind \"Foo\" in group \"\"");
  }
  SECTION("accept first failure") {
    const meta::PriorityRESTMapper m(
        std::make_shared<meta::MultiRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{
            with({}, MapperError::Plain("fail on this")), with({mapping1})}));
    REQUIRE_THROWS_AS(m.RESTMapping(foo), AggregateError);
    REQUIRE_THROWS_WITH(m.RESTMapping(foo), "fail on this");
  }
  SECTION("result + error") {
    const meta::PriorityRESTMapper m(with({mapping1}, MapperError::Plain("fail on this")));
    const auto got = m.TryRESTMapping(foo, {});
    CHECK(got.value == mapping1);
    CHECK(got.error.Message() == "fail on this");
    CHECK(m.RESTMapping(foo) == mapping1);
  }
  SECTION("return error for ambiguous") {
    const meta::PriorityRESTMapper m(all_mappers());
    REQUIRE_THROWS_AS(m.RESTMapping(foo), meta::AmbiguousKindError);
    REQUIRE_THROWS_WITH(
        m.RESTMapping(foo),
        "/, Kind=Foo matches multiple kinds [/v1alpha1, Kind=Foo /v1, Kind=Foo other/v1, Kind=Foo]");
    try {
      m.RESTMapping(foo);
    } catch (const meta::AmbiguousKindError& e) {
      CHECK(e.partial_kind == GroupVersionKind{"", "", "Foo"});
      CHECK(e.matching_kinds == std::vector<GroupVersionKind>{mapping1.group_version_kind,
                                                              mapping2.group_version_kind,
                                                              mapping3.group_version_kind});
      CHECK(e.matching_resources.empty());
    }
  }
  SECTION("accept only item") {
    const meta::PriorityRESTMapper m(with({mapping1}));
    CHECK(m.RESTMapping(foo) == mapping1);
  }
  SECTION("return single priority") {
    const meta::PriorityRESTMapper m(all_mappers(), {}, {{"", "v1", "*"}, {"", "v1alpha1", "*"}});
    CHECK(m.RESTMapping(foo) == mapping2);
  }
  SECTION("return out of group match") {
    const meta::PriorityRESTMapper m(all_mappers(), {}, {{"*", "v1", "*"}, {"other", "*", "*"}});
    CHECK(m.RESTMapping(foo) == mapping3);
  }
  SECTION("honors user version") {
    const meta::RESTMapping bar_v2alpha1{{}, {"Bar", "v2alpha1", "Foo"}, meta::RESTScopeName::kNamespace};
    const meta::RESTMapping bar_v1{{}, {"Bar", "v1", "Foo"}, meta::RESTScopeName::kNamespace};
    const meta::PriorityRESTMapper m(
        std::make_shared<meta::MultiRESTMapper>(
            std::vector<std::shared_ptr<meta::RESTMapper>>{with({bar_v2alpha1}), with({bar_v1})}),
        {}, {{"Bar", "v2alpha1", "*"}, {"Bar", "*", "*"}});
    CHECK(m.RESTMapping(GroupKind{"Bar", "Foo"}, {"v1"}) == bar_v1);
    CHECK(m.RESTMapping(GroupKind{"Bar", "Foo"}, {"v2alpha1"}) == bar_v2alpha1);
    CHECK(m.RESTMapping(GroupKind{"Bar", "Foo"}) == bar_v2alpha1);
  }
}

TEST_CASE("Priority observed rows, pass-through, Reset, String", "[meta][priority]") {
  SECTION("Priority over empty Multi: KindFor → NoResourceMatchError") {
    const meta::PriorityRESTMapper m(
        std::make_shared<meta::MultiRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{}));
    REQUIRE_THROWS_AS(m.KindFor(GroupVersionResource{"", "", "x"}), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.KindFor(GroupVersionResource{"", "", "x"}), "no matches for /, Resource=x");
  }
  SECTION("Priority over a default mapper with Thing in g1..g4") {
    auto d = std::make_shared<meta::DefaultRESTMapper>(
        std::vector<schema::GroupVersion>{{"g2", "v1"}, {"g1", "v1"}});
    for (const char* g : {"g1", "g2", "g3", "g4"}) {
      d->Add(GroupVersionKind{g, "v1", "Thing"}, meta::RESTScopeName::kNamespace);
    }
    const meta::PriorityRESTMapper m(d, {{"g4", "*", "*"}}, {{"g3", "*", "*"}});
    CHECK(m.KindFor(GroupVersionResource{"", "", "things"}) == GroupVersionKind{"g3", "v1", "Thing"});
    CHECK(m.ResourceFor(GroupVersionResource{"", "", "things"}) ==
          GroupVersionResource{"g4", "v1", "things"});
    // Pass-through methods are the delegate's.
    CHECK(m.KindsFor(GroupVersionResource{"", "", "things"}) ==
          d->KindsFor(GroupVersionResource{"", "", "things"}));
    CHECK(m.ResourcesFor(GroupVersionResource{"", "", "thing"}) ==
          d->ResourcesFor(GroupVersionResource{"", "", "thing"}));
    CHECK(m.RESTMappings(GroupKind{"g1", "Thing"}) == d->RESTMappings(GroupKind{"g1", "Thing"}));
    CHECK(m.ResourceSingularizer("things") == "thing");
    REQUIRE_THROWS_AS(m.KindsFor(GroupVersionResource{"", "", "nope"}), meta::NoResourceMatchError);
    REQUIRE_THROWS_WITH(m.ResourcesFor(GroupVersionResource{}),
                        "a resource must be present, got: /, Resource=");
  }
  SECTION("Reset forwards to a resettable delegate") {
    std::atomic<int> resets{0};
    auto f = Fixed();
    f->resets = &resets;
    meta::PriorityRESTMapper m(f);
    m.Reset();
    meta::MaybeResetRESTMapper(m);
    CHECK(resets == 2);
  }
  SECTION("String") {
    const meta::PriorityRESTMapper m(Fixed(), {{"g", "v", "r"}}, {{"g", "v", "K"}, {"*", "*", "*"}});
    CHECK(m.String() == "PriorityRESTMapper{\n\t[g/v, Resource=r]\n\t[g/v, Kind=K */*, Kind=*]\n\tfixed\n}");
    const meta::PriorityRESTMapper empty(Fixed());
    CHECK(empty.String() == "PriorityRESTMapper{\n\t[]\n\t[]\n\tfixed\n}");
  }
  SECTION("null delegate is rejected") { REQUIRE_THROWS_AS(meta::PriorityRESTMapper(nullptr), Error); }
  SECTION("wildcards") {
    STATIC_REQUIRE(meta::kAnyGroup == "*");
    STATIC_REQUIRE(meta::kAnyVersion == "*");
    STATIC_REQUIRE(meta::kAnyResource == "*");
    STATIC_REQUIRE(meta::kAnyKind == "*");
  }
}

}  // namespace meta_priority_test
