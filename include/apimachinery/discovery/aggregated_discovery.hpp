// discovery/aggregated_discovery.hpp: AggregatedDiscovery, a DiscoveryInterface over aggregated
// discovery documents (apidiscovery.k8s.io/v2 and v2beta1 APIGroupDiscoveryList), converted to the
// legacy shapes. Includes aggregated_types.hpp (the wire types and their JSON,
// k8s.io/api/apidiscovery/v2/types.go) and aggregated_conversion.hpp (the conversion,
// k8s.io/client-go/discovery/aggregated_discovery.go: SplitGroupsAndResources).
//
// Clients convert the aggregated documents to the legacy documents (APIGroup, APIResourceList)
// and build their RESTMappers from those:
//
// Example:
//   std::filesystem::path dir = "testdata/discovery";
//   auto client = discovery::AggregatedDiscovery::FromFile(dir / "aggregated_v2.json");
//   auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
//
// Throws: AggregatedDiscovery::FromFile throws discovery::DecodeError for a bad document and
// apimachinery::Error for an unreadable file. ServerResourcesForGroupVersion throws NotFoundError
// for a group-version that is not in the documents and StaleGroupVersionError for a stale one.
// Thread-safety: AggregatedDiscovery may be used from many threads at once (one internal mutex).
//
// Differences from upstream: AggregatedDiscovery has no upstream counterpart (upstream's
// DiscoveryClient fetches and converts the documents internally). AddLegacyGroup lets a client
// combine an aggregated /apis document with a legacy /api core group.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/discovery/aggregated_conversion.hpp"
#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::discovery {

// AggregatedDiscovery: a DiscoveryInterface serving converted aggregated documents.
class AggregatedDiscovery : public DiscoveryInterface {
 public:
  AggregatedDiscovery() = default;
  // Serves the groups of `list` (see Add).
  explicit AggregatedDiscovery(const APIGroupDiscoveryList& list) { Add(list); }

  // FromFile reads and decodes one aggregated document.
  static std::shared_ptr<AggregatedDiscovery> FromFile(const std::filesystem::path& file);

  // Add converts `list` and serves its groups; a group already served under the same name is
  // replaced in place (so the /api document's core group can be added before or after /apis).
  void Add(const APIGroupDiscoveryList& list);
  // AddLegacyGroup serves a group given in the legacy shapes (for example the core group of a
  // server whose /api is not aggregated): `group` and one list per version, replacing a group of
  // the same name.
  void AddLegacyGroup(APIGroup group, std::vector<APIResourceList> lists);

  // The groups in document order, the core group (named "") first.
  inline std::vector<APIGroup> ServerGroups() override;
  // Throws NotFoundError, or StaleGroupVersionError for a stale group-version.
  inline APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;

 private:
  void PutGroupLocked(APIGroup group);

  std::mutex mu_;
  std::vector<APIGroup> groups_;
  std::map<std::string, APIResourceList, std::less<>> resources_;
  std::map<std::string, schema::GroupVersion, std::less<>> stale_;
};

// Implementation details follow.

inline std::shared_ptr<AggregatedDiscovery> AggregatedDiscovery::FromFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) throw Error(fmt::format("discovery: cannot read {}", file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  auto client = std::make_shared<AggregatedDiscovery>();
  client->Add(ParseAPIGroupDiscoveryList(text.str(), file.filename().string()));
  return client;
}

inline void AggregatedDiscovery::PutGroupLocked(APIGroup group) {
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

inline void AggregatedDiscovery::Add(const APIGroupDiscoveryList& list) {
  SplitDiscovery split = SplitGroupsAndResources(list);
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& g : split.groups.groups) PutGroupLocked(std::move(g));
  for (auto& r : split.resources) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
  for (auto& [gv, err] : split.failed) stale_.insert_or_assign(gv.String(), gv);
}

inline void AggregatedDiscovery::AddLegacyGroup(APIGroup group, std::vector<APIResourceList> lists) {
  std::lock_guard<std::mutex> lock(mu_);
  PutGroupLocked(std::move(group));
  for (auto& r : lists) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
}

inline std::vector<APIGroup> AggregatedDiscovery::ServerGroups() {
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

inline APIResourceList AggregatedDiscovery::ServerResourcesForGroupVersion(std::string_view group_version) {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = resources_.find(group_version); it != resources_.end()) return it->second;
  if (auto it = stale_.find(group_version); it != stale_.end()) throw StaleGroupVersionError(it->second);
  throw NotFoundError();
}

}  // namespace apimachinery::discovery
