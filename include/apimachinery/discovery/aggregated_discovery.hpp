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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit AggregatedDiscovery(const APIGroupDiscoveryList& list);

  // FromFile reads and decodes one aggregated document.
  APIMACHINERY_DECL static std::shared_ptr<AggregatedDiscovery> FromFile(const std::filesystem::path& file);

  // Add converts `list` and serves its groups; a group already served under the same name is
  // replaced in place (so the /api document's core group can be added before or after /apis).
  APIMACHINERY_DECL void Add(const APIGroupDiscoveryList& list);
  // AddLegacyGroup serves a group given in the legacy shapes (for example the core group of a
  // server whose /api is not aggregated): `group` and one list per version, replacing a group of
  // the same name.
  APIMACHINERY_DECL void AddLegacyGroup(APIGroup group, std::vector<APIResourceList> lists);

  // The groups in document order, the core group (named "") first.
  APIMACHINERY_DECL std::vector<APIGroup> ServerGroups() override;
  // Throws NotFoundError, or StaleGroupVersionError for a stale group-version.
  APIMACHINERY_DECL APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;

 private:
  APIMACHINERY_DECL void PutGroupLocked(APIGroup group);

  std::mutex mu_;
  std::vector<APIGroup> groups_;
  std::map<std::string, APIResourceList, std::less<>> resources_;
  std::map<std::string, schema::GroupVersion, std::less<>> stale_;
};

// Implementation details follow.

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/aggregated_discovery.ipp"
#endif
