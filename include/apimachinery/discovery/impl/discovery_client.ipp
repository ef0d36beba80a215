// Definitions of the non-template functions declared in <apimachinery/discovery/discovery_client.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/discovery_client.hpp"

namespace apimachinery::discovery {

APIMACHINERY_DECL NotFoundError::NotFoundError()
    : Error("the server could not find the requested resource") {}

APIMACHINERY_DECL GroupsAndResources ServerGroupsAndResources(DiscoveryInterface& client) {
  GroupsAndResources out;
  out.groups = client.ServerGroups();
  for (const auto& group : out.groups) {
    for (const auto& version : group.versions) {
      try {
        out.resources.push_back(client.ServerResourcesForGroupVersion(version.group_version));
      } catch (...) {
        out.failed.emplace_back(version.group_version, std::current_exception());
      }
    }
  }
  return out;
}

}  // namespace apimachinery::discovery
