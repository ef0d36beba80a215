// discovery/memory_discovery.hpp: MemoryDiscovery, a discovery client over documents held in
// memory.
//
// For tests, and for operators that ship the discovery documents of the clusters they target: the
// documents are given as values, as JSON texts, or as a directory of files named after their URL
// path (the layout of kubernetes/kubernetes `api/discovery/`):
//
//   api.json                   /api            APIVersions (the core group)
//   api__v1.json               /api/v1         APIResourceList
//   apis.json                  /apis           APIGroupList
//   apis__apps.json            /apis/apps      APIGroup (used for groups apis.json does not list)
//   apis__apps__v1.json        /apis/apps/v1   APIResourceList
//
// Example:
//   auto client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
//
// Other files in the directory (aggregated_v2.json, README) are ignored.
//
// Throws: AddDocument / LoadDirectory / FromDirectory throw discovery::DecodeError for a document
// that cannot be decoded (the file name is in the message) and apimachinery::Error for an unknown
// document name or an unreadable file or directory; on a throw, documents loaded before the bad
// one stay loaded (basic guarantee). ServerResourcesForGroupVersion throws discovery::NotFoundError
// for a group-version that has no document.
// Thread-safety: every method may be called from many threads at once (one internal mutex).
//
// Differences from upstream: no direct counterpart (client-go has discovery/fake.FakeDiscovery,
// which is built on the testing object tracker, and the disk cache used by kubectl). As a
// CachedDiscoveryInterface it is always Fresh (its documents are the truth it was given) and
// Invalidate only counts calls. Like upstream's client, a missing core "v1" document yields an
// empty list instead of NotFoundError.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"

namespace apimachinery::discovery {

// MemoryDiscovery: a CachedDiscoveryInterface serving documents held in memory.
class MemoryDiscovery : public CachedDiscoveryInterface {
 public:
  MemoryDiscovery() = default;
  // Serves `groups` (the core group, named "", is served first wherever it is in the list) and
  // `resources` (keyed by their group_version).
  APIMACHINERY_DECL MemoryDiscovery(std::vector<APIGroup> groups, std::vector<APIResourceList> resources);

  // FromDirectory loads every discovery document of `dir` (see the file comment).
  APIMACHINERY_DECL static std::shared_ptr<MemoryDiscovery> FromDirectory(const std::filesystem::path& dir);

  // AddGroup adds a group, or replaces the group of the same name (keeping its position).
  APIMACHINERY_DECL void AddGroup(APIGroup group);
  // AddResources adds (or replaces) the resources of `list.group_version`.
  APIMACHINERY_DECL void AddResources(APIResourceList list);
  // AddDocument decodes one document named like its file ("apis__apps__v1.json") and adds it.
  APIMACHINERY_DECL void AddDocument(std::string_view file_name, std::string_view json_text);
  // LoadDirectory adds every document of `dir`, in file-name order.
  APIMACHINERY_DECL void LoadDirectory(const std::filesystem::path& dir);

  APIMACHINERY_DECL std::vector<APIGroup> ServerGroups() override;
  APIMACHINERY_DECL APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;
  APIMACHINERY_DECL bool Fresh() override;
  APIMACHINERY_DECL void Invalidate() override;

  // Call counters, for tests.
  APIMACHINERY_DECL std::size_t server_groups_calls() const noexcept;
  APIMACHINERY_DECL std::size_t resources_calls() const noexcept;
  APIMACHINERY_DECL std::size_t invalidate_calls() const noexcept;

 private:
  APIMACHINERY_DECL void AddGroupLocked(APIGroup group, bool replace);

  mutable std::mutex mu_;
  std::vector<APIGroup> groups_;
  std::map<std::string, APIResourceList, std::less<>> resources_;
  std::atomic<std::size_t> server_groups_calls_{0};
  std::atomic<std::size_t> resources_calls_{0};
  std::atomic<std::size_t> invalidate_calls_{0};
};

// Implementation details follow.

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/memory_discovery.ipp"
#endif
