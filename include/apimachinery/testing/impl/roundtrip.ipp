// Definitions of the non-template functions declared in <apimachinery/testing/roundtrip.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/testing/roundtrip.hpp"

namespace apimachinery::testing {

APIMACHINERY_DECL RoundTripError::RoundTripError(const std::string& msg, std::string field_)
    : Error(msg), field(std::move(field_)) {}

}  // namespace apimachinery::testing

namespace apimachinery::testing::internal {

APIMACHINERY_DECL std::optional<schema::GroupVersionKind> FixedKindVersioner::KindForGroupVersionKinds(
    const std::vector<schema::GroupVersionKind>&) const {
  return gvk;
}

APIMACHINERY_DECL std::string FixedKindVersioner::Identifier() const { return gvk.String(); }

APIMACHINERY_DECL schema::GroupVersionKind OwnKind(const runtime::Scheme& scheme,
                                                   const runtime::Object& obj) {
  schema::GroupVersionKind gvk = obj.GetObjectKind();
  if (gvk.kind.empty() || gvk.version.empty()) gvk = scheme.ObjectKinds(obj).first.front();
  return gvk;
}

}  // namespace apimachinery::testing::internal

namespace apimachinery::testing {

APIMACHINERY_DECL std::optional<std::string> RoundTripDifference(const runtime::Scheme& scheme,
                                                                 const runtime::Object& obj,
                                                                 const runtime::GroupVersioner& hub) {
  const schema::GroupVersionKind gvk = internal::OwnKind(scheme, obj);
  std::unique_ptr<runtime::Object> hub_obj = scheme.ConvertToVersion(obj, hub);
  std::unique_ptr<runtime::Object> back =
      scheme.ConvertToVersion(*hub_obj, runtime::GroupVersioner(internal::FixedKindVersioner{gvk}));
  if (!(back->GetTypeId() == obj.GetTypeId())) {
    return std::string("<type: ") + std::string(back->GetTypeId().name()) + ">";
  }
  const runtime::TypeInfo* info = scheme.TypeInfoFor(obj.GetTypeId());
  if (info == nullptr || info->diff == nullptr) {
    throw Error(fmt::format("cannot compare objects of type {}: no field list and no operator==",
                            obj.GetTypeId().name()));
  }
  return info->diff(obj, *back);
}

APIMACHINERY_DECL void CheckRoundTrip(const runtime::Scheme& scheme, const runtime::Object& obj,
                                      const runtime::GroupVersioner& hub) {
  if (auto field = RoundTripDifference(scheme, obj, hub)) {
    const schema::GroupVersionKind gvk = internal::OwnKind(scheme, obj);
    throw RoundTripError(fmt::format("round trip {} -> {} -> {} is lossy: first difference at \"{}\"",
                                     gvk.String(), hub.Identifier(), gvk.String(), *field),
                         *field);
  }
}

}  // namespace apimachinery::testing
