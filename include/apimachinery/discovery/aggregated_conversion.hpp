// discovery/aggregated_conversion.hpp: the conversion of an aggregated discovery document
// (aggregated_types.hpp) to the legacy shapes, APIGroup and APIResourceList
// (k8s.io/client-go/discovery/aggregated_discovery.go: SplitGroupsAndResources, convertAPIGroup,
// convertAPIResource, convertAPISubresource, StaleGroupVersionError).
//
// Example:
//   std::ifstream in("testdata/discovery/aggregated_v2.json");
//   std::string text{std::istreambuf_iterator<char>(in), {}};
//   discovery::APIGroupDiscoveryList doc = discovery::ParseAPIGroupDiscoveryList(text);
//   discovery::SplitDiscovery split = discovery::SplitGroupsAndResources(doc);
//   // split.groups.groups: legacy APIGroups; split.resources: one APIResourceList per version
//
// Conversion, as upstream: resource -> name, singularResource -> singularName, scope
// "Namespaced" -> namespaced (anything else is cluster-scoped), responseKind -> group/version/kind,
// verbs, shortNames and categories copied. Each subresource becomes its own APIResource named
// "<parent>/<sub>" with the parent's singular name and scope and its own responseKind and verbs.
// A resource without a responseKind (absent, null or all-empty) is left out but its subresources
// are still listed; a subresource without one is left out. A version marked "Stale" is not listed
// in its group and is reported in SplitDiscovery::failed as StaleGroupVersionError. The preferred
// version of a group is its first non-stale version.
//
// Throws: std::bad_alloc only. Cost: one copy of every converted entry. Thread-safety: pure
// functions over plain values.
//
// Differences from upstream: SplitGroupsAndResources returns the resource lists in document order
// (a vector) and the stale group-versions as a vector of (group-version, exception); upstream
// returns Go maps. ConvertAPIResource / ConvertAPISubresource are public and return nullopt where
// upstream's unexported functions return an error.
#pragma once

#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::discovery {

// StaleGroupVersionError: a group-version the aggregated document marks "Stale" (its aggregated
// server did not answer). Text: `stale GroupVersion discovery: <group-version>`.
class StaleGroupVersionError : public Error {
 public:
  explicit StaleGroupVersionError(schema::GroupVersion gv)
      : Error(fmt::format("stale GroupVersion discovery: {}", gv.String())), group_version(std::move(gv)) {}

  schema::GroupVersion group_version;
};

// SplitDiscovery: an aggregated document in the legacy shapes.
struct SplitDiscovery {
  APIGroupList groups;
  // One list per non-stale group-version, in document order (group, then version).
  std::vector<APIResourceList> resources;
  // The stale group-versions, each with a StaleGroupVersionError.
  std::vector<std::pair<schema::GroupVersion, std::exception_ptr>> failed;
};

// SplitGroupsAndResources converts an aggregated document to the legacy groups and resource lists
// (see the file comment). Throws: std::bad_alloc only.
SplitDiscovery SplitGroupsAndResources(const APIGroupDiscoveryList& list);

// ConvertAPIResource / ConvertAPISubresource convert one entry; nullopt when it has no
// responseKind (upstream returns an error and leaves the entry out).
std::optional<APIResource> ConvertAPIResource(const APIResourceDiscovery& in);
std::optional<APIResource> ConvertAPISubresource(const APIResource& parent,
                                                 const APISubresourceDiscovery& in);

// Implementation details follow.

namespace internal {

inline bool HasKind(const std::optional<schema::GroupVersionKind>& k) { return k.has_value() && !k->Empty(); }

}  // namespace internal

inline std::optional<APIResource> ConvertAPIResource(const APIResourceDiscovery& in) {
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

inline std::optional<APIResource> ConvertAPISubresource(const APIResource& parent,
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

inline SplitDiscovery SplitGroupsAndResources(const APIGroupDiscoveryList& list) {
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
