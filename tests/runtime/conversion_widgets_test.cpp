// Tests for the hub-and-spoke example group (examples/widgets/widgets.hpp): generated conversions
// from field lists, manual override, chains, round trips of every version, the round-trip checker
// (testing/roundtrip.hpp) and field-list JSON (runtime/fields_json.hpp).
#include <memory>
#include <string>
#include <type_traits>

#include <catch2/catch.hpp>

#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/roundtrip.hpp"  // the old spellings (forwarding header)
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/testing/roundtrip.hpp"

#include "../../examples/widgets/widgets.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_conversion_widgets_test {

namespace runtime = apimachinery::runtime;
namespace conversion = apimachinery::conversion;
namespace testing = apimachinery::testing;
using apimachinery::util::TypeIdOf;

namespace {
const runtime::Scheme& WidgetScheme() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("widgets");
    widgets::AddToScheme(*scheme);
    return scheme;
  }();
  return *s;
}

widgets::v1::Widget SampleV1() {
  auto hub = WidgetScheme().ConvertToVersion(widgets::SampleV1beta1(), runtime::InternalGroupVersioner);
  auto v1 = WidgetScheme().ConvertToVersion(*hub, widgets::kV1);
  return static_cast<widgets::v1::Widget&>(*v1);
}
}  // namespace

TEST_CASE("Widgets: every external version converts to the hub and back losslessly",
          "[runtime][widgets][roundtrip]") {
  const runtime::Scheme& s = WidgetScheme();
  widgets::v1beta1::Widget b = widgets::SampleV1beta1();
  widgets::v1::Widget v1 = SampleV1();
  auto v2_obj = s.ConvertToVersion(b, widgets::kV2);
  auto& v2 = static_cast<widgets::v2::Widget&>(*v2_obj);
  v2.spec.color = "red";  // a field only v2 and the hub have

  CHECK_FALSE(testing::RoundTripDifference(s, b));
  CHECK_FALSE(testing::RoundTripDifference(s, v1));
  CHECK_FALSE(testing::RoundTripDifference(s, v2));
  REQUIRE_NOTHROW(testing::CheckRoundTrip(s, b));
  REQUIRE_NOTHROW(testing::CheckRoundTrip(s, v2));
  // Unstamped objects use their first registered kind.
  widgets::v1::Widget unstamped = v1;
  unstamped.SetGroupVersionKind({});
  CHECK_FALSE(testing::RoundTripDifference(s, unstamped));
  // The old spellings (runtime/roundtrip.hpp) still name the same functions and type.
  CHECK_FALSE(runtime::RoundTripDifference(s, b));
  REQUIRE_NOTHROW(runtime::CheckRoundTrip(s, v2));
  STATIC_REQUIRE(std::is_same_v<runtime::RoundTripError, testing::RoundTripError>);
}

TEST_CASE("Widgets: field renamed, dropped and added between versions", "[runtime][widgets]") {
  const runtime::Scheme& s = WidgetScheme();
  widgets::v1beta1::Widget b = widgets::SampleV1beta1();
  auto hub_obj = s.ConvertToVersion(b, runtime::InternalGroupVersioner);
  const auto& hub = static_cast<const widgets::hub::Widget&>(*hub_obj);
  CHECK(hub.spec.image == b.spec.image_name);  // renamed
  CHECK(hub.metadata.annotations.at(std::string(widgets::kLegacyNoteAnnotation)) ==
        b.spec.legacy_note);  // dropped in v1, preserved on the hub
  CHECK(hub.GetObjectKind().Empty());

  auto v1_obj = s.ConvertToVersion(b, widgets::kV1);
  const auto& v1 = static_cast<const widgets::v1::Widget&>(*v1_obj);
  CHECK(v1.spec.image == b.spec.image_name);
  CHECK(v1.GetObjectKind() == widgets::kV1.WithKind("Widget"));

  // v2 adds color: lost through v1.
  widgets::v2::Widget v2;
  v2.spec.color = "green";
  v2.spec.image = "img";
  auto through_v1 = s.ConvertToVersion(*s.ConvertToVersion(v2, widgets::kV1), widgets::kV2);
  CHECK(static_cast<widgets::v2::Widget&>(*through_v1).spec.color.empty());
  CHECK(static_cast<widgets::v2::Widget&>(*through_v1).spec.image == "img");
  CHECK(testing::RoundTripDifference(s, v2, widgets::kV1) == std::optional<std::string>("spec.color"));
}

TEST_CASE("Widgets: chains run through the hub; a direct function wins", "[runtime][widgets][chain]") {
  runtime::Scheme s("chains");
  widgets::AddToScheme(s);
  auto chain = s.Converter().FindConversionChain(TypeIdOf<widgets::v1beta1::Widget>(),
                                                 TypeIdOf<widgets::v2::Widget>());
  REQUIRE(chain.size() == 3);
  CHECK(chain[1] == TypeIdOf<widgets::hub::Widget>());
  auto v2 = s.ConvertToVersion(widgets::SampleV1beta1(), widgets::kV2);
  CHECK(static_cast<widgets::v2::Widget&>(*v2).spec.image == "registry.example.com/shop/frontend:1.14.2");

  s.AddConversionFunc<widgets::v1beta1::Widget, widgets::v2::Widget>(
      [](const widgets::v1beta1::Widget&, widgets::v2::Widget& out, conversion::Scope&) {
        out.spec.color = "direct";
      });
  auto direct = s.ConvertToVersion(widgets::SampleV1beta1(), widgets::kV2);
  CHECK(static_cast<widgets::v2::Widget&>(*direct).spec.color == "direct");

  // Chains off: upstream behaviour, unknown conversion.
  runtime::Scheme off("off");
  widgets::AddToScheme(off);
  off.EnableConversionChains(false);
  REQUIRE_THROWS_AS(off.ConvertToVersion(widgets::SampleV1beta1(), widgets::kV2),
                    conversion::UnknownConversionError);
}

TEST_CASE("Widgets: manual v1beta1 function wins over the generated one", "[runtime][widgets]") {
  // The rename is lost, and the checker names the field by its JSON path.
  runtime::Scheme lossy("lossy");
  lossy.AddKnownTypes<widgets::hub::Widget>(widgets::kInternalGV);
  lossy.AddKnownTypes<widgets::v1beta1::Widget>(widgets::kV1beta1);
  // A manual pair that forgets the rename (a generated pair would not compile: imageName and
  // legacyNote have no peer in the hub).
  lossy.AddConversionFunc<widgets::v1beta1::Widget, widgets::hub::Widget>(
      [](const widgets::v1beta1::Widget& in, widgets::hub::Widget& out,
         apimachinery::conversion::Scope& scope) { apimachinery::conversion::AutoConvert(in, out, scope); });
  lossy.AddConversionFunc<widgets::hub::Widget, widgets::v1beta1::Widget>(
      [](const widgets::hub::Widget& in, widgets::v1beta1::Widget& out,
         apimachinery::conversion::Scope& scope) { apimachinery::conversion::AutoConvert(in, out, scope); });
  auto diff = testing::RoundTripDifference(lossy, widgets::SampleV1beta1());
  REQUIRE(diff);
  CHECK(*diff == "spec.imageName");
  try {
    testing::CheckRoundTrip(lossy, widgets::SampleV1beta1());
    FAIL("expected RoundTripError");
  } catch (const testing::RoundTripError& e) {
    CHECK(e.field == "spec.imageName");
    CHECK(std::string(e.what()) ==
          "round trip widgets.example.com/v1beta1, Kind=Widget -> internal -> "
          "widgets.example.com/v1beta1, Kind=Widget is lossy: first difference at "
          "\"spec.imageName\"");
  }
  // The full AddToScheme registers the manual pair after the generated one: lossless.
  CHECK_FALSE(testing::RoundTripDifference(WidgetScheme(), widgets::SampleV1beta1()));
}

TEST_CASE("FirstDifference paths", "[conversion][fields]") {
  widgets::v1beta1::Widget a = widgets::SampleV1beta1();
  widgets::v1beta1::Widget b = a;
  CHECK_FALSE(conversion::FirstDifference(a, b));
  b.spec.template_.containers[1].ports[0].container_port = 1;
  CHECK(conversion::FirstDifference(a, b) ==
        std::optional<std::string>("spec.template_.containers[1].ports[0].container_port"));
  b = a;
  b.spec.template_.containers.pop_back();
  CHECK(conversion::FirstDifference(a, b) ==
        std::optional<std::string>("spec.template_.containers (length 2 != 1)"));
  b = a;
  b.spec.selector["zone"] = "a";
  CHECK(conversion::FirstDifference(a, b) == std::optional<std::string>("spec.selector[zone]"));
  b = a;
  b.metadata.name = "other";
  CHECK(conversion::FirstDifference(a, b) == std::optional<std::string>("metadata"));
}

TEST_CASE("The Scheme's diff and the round-trip checker report JSON paths", "[runtime][widgets][roundtrip]") {
  const runtime::Scheme& s = WidgetScheme();
  const runtime::TypeInfo* info = s.TypeInfoFor(TypeIdOf<widgets::v1beta1::Widget>());
  REQUIRE(info != nullptr);
  widgets::v1beta1::Widget a = widgets::SampleV1beta1();
  widgets::v1beta1::Widget b = a;
  b.spec.template_.containers[1].ports[0].container_port = 1;
  CHECK(info->diff(a, b) == std::optional<std::string>("spec.template.containers[1].ports[0].containerPort"));
  b = a;
  b.spec.min_ready_seconds = 1;
  CHECK(info->diff(a, b) == std::optional<std::string>("spec.minReadySeconds"));
  b = a;
  b.spec.selector["zone"] = "a";
  CHECK(info->diff(a, b) == std::optional<std::string>("spec.selector[zone]"));
  b = a;
  b.status.ready_replicas = 0;
  CHECK(info->diff(a, b) == std::optional<std::string>("status.readyReplicas"));
  CHECK_FALSE(info->diff(a, a));
}

TEST_CASE("AutoConvert: nested registered functions win over derived ones", "[conversion][fields]") {
  conversion::Converter c;
  conversion::RegisterGeneratedFieldConversions<widgets::v1::Widget, widgets::hub::Widget>(c);
  c.RegisterConversionFunc<widgets::external::Container, widgets::hub::Container>(
      [](const widgets::external::Container& in, widgets::hub::Container& out, conversion::Scope&) {
        out.name = "custom-" + in.name;
      });
  widgets::v1::Widget v1 = SampleV1();
  widgets::hub::Widget hub;
  c.Convert(v1, hub);
  REQUIRE(hub.spec.template_.containers.size() == 2);
  CHECK(hub.spec.template_.containers[0].name == "custom-frontend");
  CHECK(hub.spec.template_.containers[0].image.empty());  // the custom function did not copy it
  CHECK(hub.spec.replicas == 3);
}

TEST_CASE("Field-list JSON: camelCase keys, omitempty, replace semantics, typed errors",
          "[runtime][fields_json]") {
  widgets::v1::Widget w = SampleV1();
  nlohmann::json j = w;
  CHECK(j.at("apiVersion") == "widgets.example.com/v1");
  CHECK(j.at("kind") == "Widget");
  CHECK(j.at("spec").at("minReadySeconds") == 10);
  CHECK(j.at("spec").at("template").at("serviceAccountName") == "frontend");
  CHECK(j.at("spec").at("template").at("containers")[0].at("ports")[0].at("containerPort") == 8080);
  CHECK_FALSE(j.at("spec").contains("paused"));  // omitempty
  CHECK(j.at("metadata").at("namespace") == "shop");

  widgets::v1::Widget back = j.get<widgets::v1::Widget>();
  CHECK_FALSE(conversion::FirstDifference(w, back));
  CHECK(back.type_meta == w.type_meta);

  // from_json replaces the whole value.
  widgets::v1::Widget partial = w;
  nlohmann::json small = {{"spec", {{"replicas", 1}}}};
  from_json(small, partial);
  CHECK(partial.spec.replicas == 1);
  CHECK(partial.spec.image.empty());
  CHECK(partial.metadata.name.empty());

  nlohmann::json bad = {{"spec", {{"replicas", "three"}}}};
  widgets::v1::Widget out;
  REQUIRE_THROWS_AS(from_json(bad, out), apimachinery::metav1::DecodeError);
  REQUIRE_THROWS_WITH(from_json(bad, out),
                      "json: cannot unmarshal string into Go struct field WidgetSpec.spec.replicas of "
                      "type int32");
  nlohmann::json not_object = {{"spec", 5}};
  REQUIRE_THROWS_WITH(from_json(not_object, out),
                      "json: cannot unmarshal number into Go struct field Widget.spec of type v1.WidgetSpec");

  // Strict form: unknown keys are recorded with their path; the two-argument form ignores them.
  nlohmann::json unknown = j;
  unknown["spec"]["bogus"] = 1;
  unknown["spec"]["template"]["containers"][1]["extra"] = true;
  unknown["topLevel"] = "x";
  runtime::StrictFieldErrors strict;
  from_json(unknown, out);
  CHECK(strict.errors().empty());
  from_json(unknown, out, &strict);
  CHECK(strict.errors() == std::vector<std::string>{"unknown field \"spec.bogus\"",
                                                    "unknown field \"spec.template.containers[1].extra\"",
                                                    "unknown field \"topLevel\""});

  // UnmarshalJSON's strict form (sigs.k8s.io/json UnmarshalStrict): unknown keys, then duplicate
  // keys; without a collector the same text decodes leniently. Each call has its own collector:
  // nothing carries over to the next decode on the thread.
  const std::string text = R"({"spec":{"replicas":1,"replicas":2,"bogus":0},"spec2":1})";
  runtime::StrictFieldErrors from_text;
  runtime::UnmarshalJSON(text, out, &from_text);
  CHECK(out.spec.replicas == 2);
  CHECK(from_text.errors() == std::vector<std::string>{"unknown field \"spec.bogus\"",
                                                       "unknown field \"spec2\"",
                                                       "duplicate field \"spec.replicas\""});
  runtime::UnmarshalJSON(text, out);
  CHECK(out.spec.replicas == 2);
  runtime::StrictFieldErrors clean;
  runtime::UnmarshalJSON(R"({"spec":{"replicas":3}})", out, &clean);
  CHECK(clean.errors().empty());
  CHECK(from_text.errors().size() == 3);
}

}  // namespace runtime_conversion_widgets_test
