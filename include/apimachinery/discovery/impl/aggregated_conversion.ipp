// Definitions of the non-template functions declared in <apimachinery/discovery/aggregated_conversion.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/aggregated_conversion.hpp"

namespace apimachinery::discovery {

APIMACHINERY_DECL StaleGroupVersionError::StaleGroupVersionError(schema::GroupVersion gv)
    : Error(fmt::format("stale GroupVersion discovery: {}", gv.String())), group_version(std::move(gv)) {}

}  // namespace apimachinery::discovery

namespace apimachinery::discovery::internal {

APIMACHINERY_DECL bool HasKind(const std::optional<schema::GroupVersionKind>& k) {
  return k.has_value() && !k->Empty();
}

}  // namespace apimachinery::discovery::internal

namespace apimachinery::discovery {

APIMACHINERY_DECL std::optional<APIResource> ConvertAPIResource(const APIResourceDiscovery& in) {
  if (!internal::HasKind(in.response_kind)) return std::nullopt;
  APIResource r;
  r.name = in.resource;
  r.singular_name = in.singular_resource;
  r.namespaced = in.scope == kScopeNamespace;
  r.group = in.response_kind->group;
  r.version = in.response_kind->version;
  r.kind = in.response_kind->kind;
  r.verbs = in.verbs;
  r.short_names = in.short_names;
  r.categories = in.categories;
  return r;
}

APIMACHINERY_DECL std::optional<APIResource> ConvertAPISubresource(const APIResource& parent,
                                                                   const APISubresourceDiscovery& in) {
  if (!internal::HasKind(in.response_kind)) return std::nullopt;
  APIResource r;
  r.name = parent.name + "/" + in.subresource;
  r.singular_name = parent.singular_name;
  r.namespaced = parent.namespaced;
  r.group = in.response_kind->group;
  r.version = in.response_kind->version;
  r.kind = in.response_kind->kind;
  r.verbs = in.verbs;
  return r;
}

APIMACHINERY_DECL SplitDiscovery SplitGroupsAndResources(const APIGroupDiscoveryList& list) {
  SplitDiscovery out;
  out.groups.groups.reserve(list.items.size());
  for (const auto& g : list.items) {
    APIGroup group;
    group.name = g.name;
    for (const auto& v : g.versions) {
      schema::GroupVersion gv{g.name, v.version};
      if (v.freshness == kDiscoveryFreshnessStale) {
        out.failed.emplace_back(gv, std::make_exception_ptr(StaleGroupVersionError(gv)));
        continue;
      }
      GroupVersionForDiscovery version{gv.String(), v.version};
      // The preferred version is the first non-stale one.
      if (group.versions.empty()) group.preferred_version = version;
      group.versions.push_back(version);

      APIResourceList resources;
      resources.group_version = version.group_version;
      resources.resources.reserve(v.resources.size());
      for (const auto& r : v.resources) {
        // A resource without a kind is left out, but still names its subresources (upstream
        // converts it partially and uses that as the parent).
        APIResource parent;
        if (std::optional<APIResource> converted = ConvertAPIResource(r)) {
          resources.resources.push_back(*converted);
          parent = std::move(*converted);
        } else {
          parent.name = r.resource;
          parent.singular_name = r.singular_resource;
          parent.namespaced = r.scope == kScopeNamespace;
        }
        for (const auto& sub : r.subresources) {
          if (std::optional<APIResource> s = ConvertAPISubresource(parent, sub)) {
            resources.resources.push_back(std::move(*s));
          }
        }
      }
      out.resources.push_back(std::move(resources));
    }
    out.groups.groups.push_back(std::move(group));
  }
  return out;
}

}  // namespace apimachinery::discovery
