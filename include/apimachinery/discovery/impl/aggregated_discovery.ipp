// Definitions of the non-template functions declared in <apimachinery/discovery/aggregated_discovery.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/aggregated_discovery.hpp"

namespace apimachinery::discovery {

APIMACHINERY_DECL AggregatedDiscovery::AggregatedDiscovery(const APIGroupDiscoveryList& list) { Add(list); }

APIMACHINERY_DECL std::shared_ptr<AggregatedDiscovery> AggregatedDiscovery::FromFile(
    const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) throw Error(fmt::format("discovery: cannot read {}", file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  auto client = std::make_shared<AggregatedDiscovery>();
  client->Add(ParseAPIGroupDiscoveryList(text.str(), file.filename().string()));
  return client;
}

APIMACHINERY_DECL void AggregatedDiscovery::PutGroupLocked(APIGroup group) {
  // Forget what the replaced group served.
  for (auto it = groups_.begin(); it != groups_.end(); ++it) {
    if (it->name != group.name) continue;
    for (const auto& v : it->versions) resources_.erase(v.group_version);
    for (auto s = stale_.begin(); s != stale_.end();) {
      s = s->second.group == group.name ? stale_.erase(s) : std::next(s);
    }
    *it = std::move(group);
    return;
  }
  groups_.push_back(std::move(group));
}

APIMACHINERY_DECL void AggregatedDiscovery::Add(const APIGroupDiscoveryList& list) {
  SplitDiscovery split = SplitGroupsAndResources(list);
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& g : split.groups.groups) PutGroupLocked(std::move(g));
  for (auto& r : split.resources) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
  for (auto& [gv, err] : split.failed) stale_.insert_or_assign(gv.String(), gv);
}

APIMACHINERY_DECL void AggregatedDiscovery::AddLegacyGroup(APIGroup group,
                                                           std::vector<APIResourceList> lists) {
  std::lock_guard<std::mutex> lock(mu_);
  PutGroupLocked(std::move(group));
  for (auto& r : lists) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
}

APIMACHINERY_DECL std::vector<APIGroup> AggregatedDiscovery::ServerGroups() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<APIGroup> out;
  out.reserve(groups_.size());
  for (const auto& g : groups_) {
    if (g.name.empty()) out.push_back(g);
  }
  for (const auto& g : groups_) {
    if (!g.name.empty()) out.push_back(g);
  }
  return out;
}

APIMACHINERY_DECL APIResourceList
AggregatedDiscovery::ServerResourcesForGroupVersion(std::string_view group_version) {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = resources_.find(group_version); it != resources_.end()) return it->second;
  if (auto it = stale_.find(group_version); it != stale_.end()) throw StaleGroupVersionError(it->second);
  throw NotFoundError();
}

}  // namespace apimachinery::discovery
