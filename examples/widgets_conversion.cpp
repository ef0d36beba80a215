// Hub-and-spoke conversion of widgets.example.com (v1beta1, v1, v2, __internal).
//
// - Every external version converts through the internal hub.
// - Conversions are derived from field lists (APIMACHINERY_FIELDS) and registered as *generated*;
//   v1beta1 adds a manual function (field renamed: imageName -> image; field dropped: legacyNote,
//   kept on the hub as an annotation), which wins over the generated one.
// - v1beta1 -> v2 has no direct function: the Scheme runs the shortest chain (through the hub).
// - A round-trip check proves vX -> __internal -> vX is lossless for every version, and shows the
//   first differing field when it is not.
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/testing/testing.hpp"
#include "apimachinery/util/type_id.hpp"

#include "widgets/widgets.hpp"

namespace runtime = apimachinery::runtime;
namespace testing = apimachinery::testing;
namespace util = apimachinery::util;

namespace {
int failures = 0;
void Expect(bool ok, const char* what) {
  std::printf("  [%s] %s\n", ok ? "ok" : "FAIL", what);
  if (!ok) ++failures;
}
}  // namespace

int main() {
  try {
    runtime::Scheme scheme("widgets-example");
    widgets::AddToScheme(scheme);

    std::printf("preferred version order: ");
    for (const auto& gv : scheme.PrioritizedVersionsForGroup(widgets::kGroup)) {
      std::printf("%s ", gv.String().c_str());
    }
    std::printf("\n");

    widgets::v1beta1::Widget old = widgets::SampleV1beta1();

    // 1. v1beta1 -> hub (manual function: rename + dropped field as annotation).
    auto hub_obj = scheme.ConvertToVersion(old, runtime::InternalGroupVersioner);
    const auto& hub = static_cast<const widgets::hub::Widget&>(*hub_obj);
    std::printf("v1beta1 -> __internal\n");
    Expect(hub.spec.image == old.spec.image_name, "spec.imageName became spec.image");
    Expect(hub.metadata.annotations.count(std::string(widgets::kLegacyNoteAnnotation)) == 1,
           "spec.legacyNote kept as an annotation on the hub");
    Expect(hub.GetObjectKind().Empty(), "internal objects carry no apiVersion/kind");
    Expect(hub.spec.template_.containers.size() == 2 &&
               hub.spec.template_.containers[1].image == "registry.example.com/infra/proxy:2.3",
           "nested containers converted field by field");

    // 2. v1beta1 -> v2: no direct function; the shortest chain runs through the hub.
    auto chain = scheme.Converter().FindConversionChain(util::TypeIdOf<widgets::v1beta1::Widget>(),
                                                        util::TypeIdOf<widgets::v2::Widget>());
    std::printf("v1beta1 -> v2 chain:");
    for (const auto& t : chain) std::printf(" %.*s", static_cast<int>(t.name().size()), t.name().data());
    std::printf("\n");
    auto v2_obj = scheme.ConvertToVersion(old, widgets::kV2);
    auto& v2 = static_cast<widgets::v2::Widget&>(*v2_obj);
    Expect(v2.GetObjectKind() == widgets::kV2.WithKind("Widget"), "stamped widgets.example.com/v2");
    Expect(v2.spec.image == old.spec.image_name, "image carried over through the hub");
    Expect(v2.spec.color.empty(), "v2's new field color starts empty");
    scheme.Default(v2);
    Expect(v2.spec.color == "blue", "defaulting fills color");

    // 3. v2 -> v1 drops color (v1 has no such field), v1 -> v2 cannot bring it back.
    auto v1_obj = scheme.ConvertToVersion(v2, widgets::kV1);
    auto v2_again = scheme.ConvertToVersion(*v1_obj, widgets::kV2);
    Expect(static_cast<widgets::v2::Widget&>(*v2_again).spec.color.empty(),
           "color is lost on the way through v1 (field added in v2)");

    // 4. Round trips vX -> __internal -> vX.
    std::printf("round trips through the hub\n");
    auto check = [&](const runtime::Object& obj, const char* name) {
      auto diff = testing::RoundTripDifference(scheme, obj);
      std::printf("  %s: %s\n", name, diff ? ("lossy at " + *diff).c_str() : "lossless");
      if (diff) ++failures;
    };
    check(old, "v1beta1");
    check(*v1_obj, "v1");
    check(v2, "v2");

    // 5. The checker reports the first differing field when a conversion loses data.
    runtime::Scheme lossy("lossy");
    lossy.AddKnownTypes<widgets::hub::Widget>(widgets::kInternalGV);
    lossy.AddKnownTypes<widgets::v1beta1::Widget>(widgets::kV1beta1);
    // A manual pair that forgets the rename (a generated pair would not compile: imageName and
    // legacyNote have no peer in the hub).
    lossy.AddConversionFunc<widgets::v1beta1::Widget, widgets::hub::Widget>(
        [](const widgets::v1beta1::Widget& in, widgets::hub::Widget& out,
           apimachinery::conversion::Scope& scope) {
          apimachinery::conversion::AutoConvert(in, out, scope);
        });
    lossy.AddConversionFunc<widgets::hub::Widget, widgets::v1beta1::Widget>(
        [](const widgets::hub::Widget& in, widgets::v1beta1::Widget& out,
           apimachinery::conversion::Scope& scope) {
          apimachinery::conversion::AutoConvert(in, out, scope);
        });
    try {
      testing::CheckRoundTrip(lossy, old);
      Expect(false, "the conversion that forgets the rename should be lossy");
    } catch (const testing::RoundTripError& e) {
      std::printf("v1beta1 without the rename: %s\n", e.what());
      Expect(e.field == "spec.imageName", "first differing field reported");
    }
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 1;
  }
  if (failures == 0) {
    std::printf("all checks passed\n");
  } else {
    std::printf("%d checks failed\n", failures);
  }
  return failures == 0 ? 0 : 1;
}
