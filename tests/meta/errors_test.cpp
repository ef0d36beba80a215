// Tests for meta/errors.hpp: every error of k8s.io/apimachinery/pkg/api/meta/errors.go (
// errors_test.go and the observed texts).
//
// Adapted from Go-only shapes: Go's `errors.Is(err, &T{})` (type matching, also through %w
// wrapping) becomes a `catch (const T&)` / dynamic_cast check, and "wrapped" becomes "inside an
// AggregateError" (the only wrapping this library does). `nil → false` has no C++ counterpart
// for references; the exception_ptr overloads return false for a null pointer.
#include "apimachinery/meta/errors.hpp"

#include <exception>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_errors_test {

using namespace apimachinery;
using schema::GroupKind;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

TEST_CASE("NoResourceMatchError text", "[meta][errors]") {
  meta::NoResourceMatchError e(GroupVersionResource{"", "", "foo"});
  CHECK(std::string(e.what()) == "no matches for /, Resource=foo");
  CHECK(e.partial_resource == GroupVersionResource{"", "", "foo"});
  CHECK(std::string(meta::NoResourceMatchError(GroupVersionResource{"apps", "v1", "deployments"}).what()) ==
        "no matches for apps/v1, Resource=deployments");
}

TEST_CASE("NoKindMatchError text", "[meta][errors]") {
  const GroupKind gk{"apps", "Foo"};
  CHECK(std::string(meta::NoKindMatchError(gk).what()) == "no matches for kind \"Foo\" in group \"apps\"");
  CHECK(std::string(meta::NoKindMatchError(gk, {"v2"}).what()) ==
        "no matches for kind \"Foo\" in version \"apps/v2\"");
  CHECK(std::string(meta::NoKindMatchError(gk, {"v1", "v2"}).what()) ==
        "no matches for kind \"Foo\" in versions [\"apps/v1\" \"apps/v2\"]");
  // Sorted set: deduplicated and byte-order sorted.
  CHECK(std::string(meta::NoKindMatchError(gk, {"v2", "v1", "v2"}).what()) ==
        "no matches for kind \"Foo\" in versions [\"apps/v1\" \"apps/v2\"]");
  CHECK(std::string(meta::NoKindMatchError(gk, {"v2", "v2"}).what()) ==
        "no matches for kind \"Foo\" in version \"apps/v2\"");
  // Core group: bare versions.
  CHECK(std::string(meta::NoKindMatchError(GroupKind{"", "Pod"}, {"v3", "v2", "v3"}).what()) ==
        "no matches for kind \"Pod\" in versions [\"v2\" \"v3\"]");
  CHECK(std::string(meta::NoKindMatchError(GroupKind{"", "Foo"}).what()) ==
        "no matches for kind \"Foo\" in group \"\"");
  // Go %q escaping.
  CHECK(std::string(meta::NoKindMatchError(GroupKind{"g\"x", "K\\\n"}).what()) ==
        "no matches for kind \"K\\\\\\n\" in group \"g\\\"x\"");
  meta::NoKindMatchError e(gk, {"v2", "v1", "v2"});
  CHECK(e.group_kind == gk);
  CHECK(e.searched_versions == std::vector<std::string>{"v2", "v1", "v2"});  // raw, as passed
}

TEST_CASE("AmbiguousResourceError / AmbiguousKindError texts", "[meta][errors]") {
  const GroupVersionResource r{"", "", "things"};
  const std::vector<GroupVersionResource> resources = {{"g2", "v1", "things"}, {"g1", "v1", "things"}};
  const std::vector<GroupVersionKind> kinds = {{"", "v1", "Foo"}, {"x", "v1", "Foo"}};
  CHECK(std::string(meta::AmbiguousResourceError(r, resources, kinds).what()) ==
        "/, Resource=things matches multiple resources [g2/v1, Resource=things g1/v1, Resource=things] and "
        "kinds "
        "[/v1, Kind=Foo x/v1, Kind=Foo]");
  CHECK(std::string(meta::AmbiguousResourceError(r, {}, kinds).what()) ==
        "/, Resource=things matches multiple kinds [/v1, Kind=Foo x/v1, Kind=Foo]");
  CHECK(std::string(meta::AmbiguousResourceError(r, resources, {}).what()) ==
        "/, Resource=things matches multiple resources [g2/v1, Resource=things g1/v1, Resource=things]");
  CHECK(std::string(meta::AmbiguousResourceError(r, {}, {}).what()) ==
        "/, Resource=things matches multiple resources or kinds");

  const GroupVersionKind k{"", "", "Foo"};
  CHECK(std::string(meta::AmbiguousKindError(k, {}, kinds).what()) ==
        "/, Kind=Foo matches multiple kinds [/v1, Kind=Foo x/v1, Kind=Foo]");
  CHECK(std::string(meta::AmbiguousKindError(k, resources, {}).what()) ==
        "/, Kind=Foo matches multiple resources [g2/v1, Resource=things g1/v1, Resource=things]");
  CHECK(std::string(meta::AmbiguousKindError(k, resources, kinds).what()) ==
        "/, Kind=Foo matches multiple resources [g2/v1, Resource=things g1/v1, Resource=things] and kinds "
        "[/v1, "
        "Kind=Foo x/v1, Kind=Foo]");
  CHECK(std::string(meta::AmbiguousKindError(k, {}, {}).what()) ==
        "/, Kind=Foo matches multiple resources or kinds");
  meta::AmbiguousKindError e(k, resources, kinds);
  CHECK(e.partial_kind == k);
  CHECK(e.matching_resources == resources);
  CHECK(e.matching_kinds == kinds);
}

TEST_CASE("Type matching and predicates", "[meta][errors]") {
  const meta::NoResourceMatchError nr(GroupVersionResource{"", "", "foo"});
  const meta::NoKindMatchError nk(GroupKind{"", "Foo"});
  const meta::AmbiguousResourceError ar(GroupVersionResource{}, {}, {});
  const meta::AmbiguousKindError ak(GroupVersionKind{}, {}, {});
  const Error other("foo");
  const std::runtime_error foreign("foo");

  CHECK(meta::IsNoMatchError(nr));
  CHECK(meta::IsNoMatchError(nk));
  CHECK_FALSE(meta::IsNoMatchError(ar));
  CHECK_FALSE(meta::IsNoMatchError(ak));
  CHECK_FALSE(meta::IsNoMatchError(other));
  CHECK_FALSE(meta::IsNoMatchError(foreign));

  CHECK(meta::IsAmbiguousError(ar));
  CHECK(meta::IsAmbiguousError(ak));
  CHECK_FALSE(meta::IsAmbiguousError(nr));
  CHECK_FALSE(meta::IsAmbiguousError(nk));
  CHECK_FALSE(meta::IsAmbiguousError(other));
  CHECK_FALSE(meta::IsAmbiguousError(foreign));

  // Hierarchy: all derive from apimachinery::Error; matching is by type, not by value.
  STATIC_REQUIRE(std::is_base_of_v<meta::NoMatchError, meta::NoResourceMatchError>);
  STATIC_REQUIRE(std::is_base_of_v<meta::NoMatchError, meta::NoKindMatchError>);
  STATIC_REQUIRE(std::is_base_of_v<meta::AmbiguousError, meta::AmbiguousResourceError>);
  STATIC_REQUIRE(std::is_base_of_v<meta::AmbiguousError, meta::AmbiguousKindError>);
  STATIC_REQUIRE(std::is_base_of_v<Error, meta::NoMatchError>);
  STATIC_REQUIRE(std::is_base_of_v<Error, meta::AmbiguousError>);
  REQUIRE_THROWS_AS(throw meta::NoKindMatchError(GroupKind{"x", "Y"}, {"v9"}), meta::NoKindMatchError);
  REQUIRE_THROWS_AS(throw meta::NoKindMatchError(GroupKind{"x", "Y"}, {"v9"}), meta::NoMatchError);

  // Inside aggregates (Go: errors.Is through wrapping), recursively.
  const AggregateError agg({std::make_exception_ptr(Error("a")), std::make_exception_ptr(nr)});
  CHECK(meta::IsNoMatchError(agg));
  CHECK_FALSE(meta::IsAmbiguousError(agg));
  const AggregateError nested(
      {std::make_exception_ptr(Error("b")), std::make_exception_ptr(agg), std::make_exception_ptr(ak)});
  CHECK(meta::IsNoMatchError(nested));
  CHECK(meta::IsAmbiguousError(nested));
  CHECK(std::string(agg.what()) == "[a, no matches for /, Resource=foo]");

  // exception_ptr overloads.
  CHECK(meta::IsNoMatchError(std::make_exception_ptr(nk)));
  CHECK(meta::IsAmbiguousError(std::make_exception_ptr(ar)));
  CHECK_FALSE(meta::IsNoMatchError(std::exception_ptr()));
  CHECK_FALSE(meta::IsAmbiguousError(std::exception_ptr()));
  CHECK_FALSE(meta::IsNoMatchError(std::make_exception_ptr(42)));
}

TEST_CASE("MapperError descriptor", "[meta][errors]") {
  const meta::MapperError none;
  CHECK_FALSE(none);
  CHECK(none.code() == meta::MapperError::Code::kNone);
  CHECK(none.Message().empty());
  CHECK(none.ToExceptionPtr() == nullptr);

  const auto nr = meta::MapperError::NoResourceMatch(GroupVersionResource{"", "", "foo"});
  CHECK(nr.IsNoMatch());
  CHECK_FALSE(nr.IsAmbiguous());
  CHECK(nr.Message() == "no matches for /, Resource=foo");
  REQUIRE_THROWS_AS(nr.Throw(), meta::NoResourceMatchError);
  REQUIRE_THROWS_WITH(nr.Throw(), "no matches for /, Resource=foo");

  const auto nk = meta::MapperError::NoKindMatch(GroupKind{"apps", "Foo"}, {"v1"});
  CHECK(nk.IsNoMatch());
  REQUIRE_THROWS_AS(nk.Throw(), meta::NoKindMatchError);
  REQUIRE_THROWS_WITH(nk.Throw(), "no matches for kind \"Foo\" in version \"apps/v1\"");

  const auto ar = meta::MapperError::AmbiguousResource(GroupVersionResource{"", "", "x"}, {}, {});
  CHECK(ar.IsAmbiguous());
  REQUIRE_THROWS_AS(ar.Throw(), meta::AmbiguousResourceError);
  const auto ak = meta::MapperError::AmbiguousKind(GroupVersionKind{"", "", "X"}, {}, {{"", "v1", "X"}});
  CHECK(ak.IsAmbiguous());
  REQUIRE_THROWS_AS(ak.Throw(), meta::AmbiguousKindError);
  REQUIRE_THROWS_WITH(ak.Throw(), "/, Kind=X matches multiple kinds [/v1, Kind=X]");
  CHECK(meta::IsAmbiguousError(ak.ToExceptionPtr()));

  const auto plain = meta::MapperError::Plain("fail on this");
  CHECK(plain.code() == meta::MapperError::Code::kOther);
  CHECK_FALSE(plain.IsNoMatch());
  REQUIRE_THROWS_AS(plain.Throw(), Error);
  REQUIRE_THROWS_WITH(plain.Throw(), "fail on this");

  // A foreign typed exception is classified once, and rethrown as itself.
  const auto foreign = meta::MapperError::FromException(std::make_exception_ptr(
      AggregateError({std::make_exception_ptr(meta::NoKindMatchError(GroupKind{"", "Foo"}))})));
  CHECK(foreign.IsNoMatch());
  REQUIRE_THROWS_AS(foreign.Throw(), AggregateError);

  // Aggregate: upstream's text.
  const auto agg = meta::MapperError::Aggregate({plain, nr});
  CHECK(agg.IsNoMatch());
  CHECK(agg.Message() == "[fail on this, no matches for /, Resource=foo]");
  CHECK_FALSE(meta::MapperError::Aggregate({}));
  const auto same = meta::MapperError::Aggregate({plain, plain});
  CHECK(same.Message() == "fail on this");
  REQUIRE_THROWS_AS(same.Throw(), AggregateError);
}

}  // namespace meta_errors_test
