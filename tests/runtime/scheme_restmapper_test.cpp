// Tests for runtime/scheme_restmapper.hpp: a DefaultRESTMapper built from the Scheme's known types.
#include "apimachinery/runtime/scheme_restmapper.hpp"

#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/meta/errors.hpp"

#include "../../examples/widgets/widgets.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_scheme_restmapper_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;

namespace {
struct Gadget : runtime::ObjectBase<Gadget> {
  static constexpr std::string_view kKind = "Gadget";
  apimachinery::metav1::TypeMeta type_meta;
  apimachinery::metav1::ObjectMeta metadata;
  friend void to_json(nlohmann::json& j, const Gadget&) { j = nlohmann::json::object(); }
  friend void from_json(const nlohmann::json&, Gadget&) {}
};
struct Status : runtime::ObjectBase<Status> {
  static constexpr std::string_view kKind = "Status";
  apimachinery::metav1::TypeMeta type_meta;
  friend void to_json(nlohmann::json& j, const Status&) { j = nlohmann::json::object(); }
  friend void from_json(const nlohmann::json&, Status&) {}
};
}  // namespace

TEST_CASE("NewRESTMapperFromScheme: preferred versions, scopes, skipped kinds",
          "[runtime][scheme][restmapper]") {
  runtime::Scheme s("mapper");
  widgets::AddToScheme(s);
  s.AddKnownTypes<Gadget>({"gadgets.example.com", "v1"});
  s.AddUnversionedTypes<Status>({"", "v1"});

  auto mapper = runtime::NewRESTMapperFromScheme(s, {.root_kinds = {"Gadget"}});

  // Unversioned request -> the preferred version (v2 > v1 > v1beta1).
  meta::RESTMapping m = mapper->RESTMapping({"widgets.example.com", "Widget"});
  CHECK(m.group_version_kind == schema::GroupVersionKind{"widgets.example.com", "v2", "Widget"});
  CHECK(m.resource == schema::GroupVersionResource{"widgets.example.com", "v2", "widgets"});
  CHECK(m.scope == meta::RESTScopeName::kNamespace);
  // A pinned version.
  meta::RESTMapping pinned = mapper->RESTMapping({"widgets.example.com", "Widget"}, {"v1beta1"});
  CHECK(pinned.group_version_kind.version == "v1beta1");
  // All versions, in priority order.
  auto all = mapper->RESTMappings({"widgets.example.com", "Widget"});
  REQUIRE(all.size() == 3);
  CHECK(all[0].resource.version == "v2");
  CHECK(all[1].resource.version == "v1");
  CHECK(all[2].resource.version == "v1beta1");

  CHECK(mapper->KindFor({"", "v1", "widgets"}) ==
        schema::GroupVersionKind{"widgets.example.com", "v1", "Widget"});
  // KindFor without a version matches every version: ambiguous, as upstream's DefaultRESTMapper
  // (a PriorityRESTMapper on top picks one); KindsFor lists them in priority order.
  REQUIRE_THROWS_AS(mapper->KindFor({"", "", "widgets"}), meta::AmbiguousResourceError);
  auto kinds = mapper->KindsFor({"", "", "widgets"});
  REQUIRE(kinds.size() == 3);
  CHECK(kinds.front().version == "v2");
  CHECK(mapper->RESTMapping({"gadgets.example.com", "Gadget"}).scope == meta::RESTScopeName::kRoot);

  // Internal versions, lists and unversioned types are not resources.
  REQUIRE_THROWS(mapper->RESTMapping({"widgets.example.com", "WidgetList"}));
  REQUIRE_THROWS(mapper->ResourceFor({"widgets.example.com", "__internal", "widgets"}));
  REQUIRE_THROWS(mapper->RESTMapping({"", "Status"}));

  // scope_of overrides root_kinds.
  auto all_root = runtime::NewRESTMapperFromScheme(
      s, {.scope_of = [](const schema::GroupVersionKind&) { return meta::RESTScopeName::kRoot; }});
  CHECK(all_root->RESTMapping({"widgets.example.com", "Widget"}).scope == meta::RESTScopeName::kRoot);
  auto ignoring = runtime::NewRESTMapperFromScheme(s, {.ignored_kinds = {"Gadget"}});
  REQUIRE_THROWS(ignoring->RESTMapping({"gadgets.example.com", "Gadget"}));
}

}  // namespace runtime_scheme_restmapper_test
