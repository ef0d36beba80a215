// Definitions of the non-template functions declared in
// <apimachinery/restmapper/internal/priority_patterns.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/internal/priority_patterns.hpp"

namespace apimachinery::restmapper::internal {

APIMACHINERY_DECL std::vector<PriorityPattern> DiscoveryPriorityPatterns(
    const std::vector<GroupInput>& groups) {
  std::vector<PriorityPattern> out;
  out.push_back({"", "v1"});  // core v1 always comes first
  for (const auto& in : groups) {
    const auto& g = *in.group;
    const auto& vr = *in.version_resources;
    const std::string& preferred = g.preferred_version.version;
    if (!preferred.empty() && vr.count(preferred) != 0) out.push_back({g.name, preferred});
    for (const auto& v : g.versions) {
      if (vr.count(v.version) == 0) continue;
      if (v.version != preferred) out.push_back({g.name, v.version});
    }
  }
  for (const auto& in : groups) out.push_back({in.group->name, "*"});
  return out;
}

}  // namespace apimachinery::restmapper::internal
