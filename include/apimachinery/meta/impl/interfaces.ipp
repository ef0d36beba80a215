// Definitions of the non-template functions declared in <apimachinery/meta/interfaces.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/interfaces.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL std::string String(const RESTMapping& m) {
  return "{" + m.resource.String() + " " + m.group_version_kind.String() + " " +
         std::string(String(m.scope)) + "}";
}

APIMACHINERY_DECL schema::GroupVersionKind RESTMapper::KindFor(
    const schema::GroupVersionResource& resource) const {
  return DoKindFor(resource);
}

APIMACHINERY_DECL std::vector<schema::GroupVersionKind> RESTMapper::KindsFor(
    const schema::GroupVersionResource& resource) const {
  return TryKindsFor(resource).ValueOrThrow();
}

APIMACHINERY_DECL schema::GroupVersionResource RESTMapper::ResourceFor(
    const schema::GroupVersionResource& input) const {
  return DoResourceFor(input);
}

APIMACHINERY_DECL std::vector<schema::GroupVersionResource> RESTMapper::ResourcesFor(
    const schema::GroupVersionResource& input) const {
  return DoResourcesFor(input);
}

APIMACHINERY_DECL std::vector<schema::GroupVersionResource> RESTMapper::DoResourcesFor(
    const schema::GroupVersionResource& input) const {
  return TryResourcesFor(input).ValueOrThrow();
}

APIMACHINERY_DECL meta::RESTMapping RESTMapper::RESTMapping(const schema::GroupKind& gk,
                                                            const std::vector<std::string>& versions) const {
  return DoRESTMapping(gk, versions);
}

APIMACHINERY_DECL std::vector<meta::RESTMapping> RESTMapper::RESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return TryRESTMappings(gk, versions).ValueOrThrow();
}

APIMACHINERY_DECL std::string RESTMapper::ResourceSingularizer(std::string_view resource) const {
  return TryResourceSingularizer(resource).ValueOrThrow();
}

APIMACHINERY_DECL std::string RESTMapper::String() const { return "RESTMapper"; }

APIMACHINERY_DECL schema::GroupVersionKind RESTMapper::DoKindFor(
    const schema::GroupVersionResource& resource) const {
  return TryKindFor(resource).ValueOrThrow();
}

APIMACHINERY_DECL schema::GroupVersionResource RESTMapper::DoResourceFor(
    const schema::GroupVersionResource& input) const {
  return TryResourceFor(input).ValueOrThrow();
}

APIMACHINERY_DECL meta::RESTMapping RESTMapper::DoRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return TryRESTMapping(gk, versions).ValueOrThrow();
}

APIMACHINERY_DECL void MaybeResetRESTMapper(RESTMapper& mapper) {
  if (auto* r = dynamic_cast<ResettableRESTMapper*>(&mapper)) r->Reset();
}

}  // namespace apimachinery::meta
