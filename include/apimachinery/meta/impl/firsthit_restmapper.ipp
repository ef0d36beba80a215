// Definitions of the non-template functions declared in <apimachinery/meta/firsthit_restmapper.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/firsthit_restmapper.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL FirstHitRESTMapper::FirstHitRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates)
    : MultiRESTMapper(std::move(delegates)) {}

APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> FirstHitRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  return FirstHit([&](const RESTMapper& d) { return d.TryKindFor(resource); });
}

APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> FirstHitRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  return FirstHit([&](const RESTMapper& d) { return d.TryResourceFor(input); });
}

APIMACHINERY_DECL MapperResult<meta::RESTMapping> FirstHitRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return FirstHit([&](const RESTMapper& d) { return d.TryRESTMapping(gk, versions); });
}

APIMACHINERY_DECL std::string FirstHitRESTMapper::String() const {
  return "FirstHitRESTMapper{\n\t" + MultiRESTMapper::String() + "\n}";
}

APIMACHINERY_DECL MapperError FirstHitRESTMapper::CollapseAggregateErrors(std::vector<MapperError> errors) {
  if (errors.empty()) return MapperError();
  if (errors.size() == 1) return std::move(errors.front());
  bool all_no_match = true;
  for (const auto& e : errors) all_no_match = all_no_match && e.IsNoMatch();
  if (all_no_match) return std::move(errors.front());
  return MapperError::Aggregate(errors);
}

}  // namespace apimachinery::meta
