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

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::discovery {

// StaleGroupVersionError: a group-version the aggregated document marks "Stale" (its aggregated
// server did not answer). Text: `stale GroupVersion discovery: <group-version>`.
class StaleGroupVersionError : public Error {
 public:
  APIMACHINERY_DECL explicit StaleGroupVersionError(schema::GroupVersion gv);

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

APIMACHINERY_DECL bool HasKind(const std::optional<schema::GroupVersionKind>& k);

}  // namespace internal

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/aggregated_conversion.ipp"
#endif
