// restmapper/internal/priority_patterns.hpp: the discovery mapper's input (GroupInput, one
// discovery group) and its resource/kind priority patterns, built as upstream's
// NewDiscoveryRESTMapper builds ResourcePriority and KindPriority
// (k8s.io/client-go/restmapper/discovery.go: NewDiscoveryRESTMapper).
//
// Throws: std::bad_alloc only. Cost: O(groups + versions).
// Thread-safety: stateless free functions; the GroupInput pointers must stay valid during the call.
// Differences from upstream: the trailing `*` resource or kind of each pattern is left implicit.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/types.hpp"

namespace apimachinery::restmapper::internal {

// One group's discovery data, as NewDiscoveryRESTMapper receives it (pointers into the caller's
// APIGroupResources; only used during construction).
struct GroupInput {
  const discovery::APIGroup* group = nullptr;
  const std::map<std::string, std::vector<discovery::APIResource>>* version_resources = nullptr;
};

// The wildcard of priority patterns (meta::kAnyGroup, kAnyVersion).
inline constexpr std::string_view kWildcard = "*";

// A priority pattern of the discovery mapper: {group, version, *}. `*` is a wildcard.
struct PriorityPattern {
  std::string group;
  std::string version;
};

// DiscoveryPriorityPatterns builds upstream's resource/kind priority list (both have this shape):
// core v1; then per group its preferred version (if it has resources) and its other versions with
// resources, in discovery order; then {group, *} per group.
std::vector<PriorityPattern> DiscoveryPriorityPatterns(const std::vector<GroupInput>& groups);

}  // namespace apimachinery::restmapper::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/internal/impl/priority_patterns.ipp"
#endif
