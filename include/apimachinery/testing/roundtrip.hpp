// testing::CheckRoundTrip / RoundTripDifference: round-trip checking for conversion tests: an
// external object converted to the hub (the internal version) and back must come back unchanged.
// Package testing holds test utilities; no other package includes it (the umbrella
// apimachinery.hpp does, through "apimachinery/testing/testing.hpp").
//
// Example (namespace scope):
//   namespace v1beta1 {
//   struct WidgetSpec { int replicas = 0; std::string legacy_note; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, legacy_note)
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   }  // namespace v1beta1
// Example:
//   runtime::Scheme scheme;   // the widget versions, the hub and their conversions
//   scheme.AddKnownTypes<v1beta1::Widget>({"widgets.example.com", "v1beta1"});
//   v1beta1::Widget v1beta1_widget;
//   const runtime::Object& obj = v1beta1_widget;
//   testing::CheckRoundTrip(scheme, v1beta1_widget);      // throws RoundTripError on loss
//   auto field = testing::RoundTripDifference(scheme, obj);   // "spec.legacyNote" on loss
//
// The comparison ignores apiVersion/kind (the conversion stamps them) and walks the object's
// APIMACHINERY_FIELDS list (conversion/fields.hpp), reporting the first differing field by its
// JSON path, the wire keys a Go user sees ("spec.template.containers[1].ports[0].containerPort",
// map entries as "spec.selector[zone]"; the Scheme's TypeInfo::diff); types without a field list
// are compared with == and reported as a whole ("" = the object).
//
// Throws: RoundTripError (CheckRoundTrip); whatever the conversions throw (NotRegisteredError,
// UnknownConversionError); apimachinery::Error when the object's type has neither a field list
// nor operator==.
// Thread-safety: uses only const Scheme operations.
// Differences from upstream: Go's k8s.io/apimachinery/pkg/api/apitesting/roundtrip/roundtrip.go
// (RoundTripTypes, roundTripOfExternalType) fuzzes objects and compares with reflect.DeepEqual
// through the codec; this checks one given object, without serialisation. The old spellings
// runtime::CheckRoundTrip, runtime::RoundTripDifference and runtime::RoundTripError remain in
// runtime/roundtrip.hpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/group_versioner.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::testing {

// RoundTripError: a round trip lost or changed a field.
class RoundTripError : public Error {
 public:
  APIMACHINERY_DECL RoundTripError(const std::string& msg, std::string field_);
  std::string field;  // the first differing field path ("" = the whole object)
};

// RoundTripDifference converts obj to `hub` and back to obj's own GVK (its apiVersion/kind, or its
// first registered kind when unset) and returns the first differing field, or nullopt.
std::optional<std::string> RoundTripDifference(
    const runtime::Scheme& scheme, const runtime::Object& obj,
    const runtime::GroupVersioner& hub = runtime::InternalGroupVersioner);

// CheckRoundTrip: RoundTripDifference, throwing RoundTripError
// `round trip <gvk> -> <hub> -> <gvk> is lossy: first difference at "<field>"`.
void CheckRoundTrip(const runtime::Scheme& scheme, const runtime::Object& obj,
                    const runtime::GroupVersioner& hub = runtime::InternalGroupVersioner);

// Implementation details follow.
namespace internal {
struct FixedKindVersioner {
  schema::GroupVersionKind gvk;
  APIMACHINERY_DECL std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>&) const;
  APIMACHINERY_DECL std::string Identifier() const;
};

APIMACHINERY_DECL schema::GroupVersionKind OwnKind(const runtime::Scheme& scheme, const runtime::Object& obj);
}  // namespace internal

}  // namespace apimachinery::testing

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/testing/impl/roundtrip.ipp"
#endif
