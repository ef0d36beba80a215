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
  MemoryDiscovery(std::vector<APIGroup> groups, std::vector<APIResourceList> resources);

  // FromDirectory loads every discovery document of `dir` (see the file comment).
  static std::shared_ptr<MemoryDiscovery> FromDirectory(const std::filesystem::path& dir);

  // AddGroup adds a group, or replaces the group of the same name (keeping its position).
  void AddGroup(APIGroup group);
  // AddResources adds (or replaces) the resources of `list.group_version`.
  void AddResources(APIResourceList list);
  // AddDocument decodes one document named like its file ("apis__apps__v1.json") and adds it.
  void AddDocument(std::string_view file_name, std::string_view json_text);
  // LoadDirectory adds every document of `dir`, in file-name order.
  void LoadDirectory(const std::filesystem::path& dir);

  inline std::vector<APIGroup> ServerGroups() override;
  inline APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;
  bool Fresh() override { return true; }
  void Invalidate() override { invalidate_calls_.fetch_add(1, std::memory_order_relaxed); }

  // Call counters, for tests.
  std::size_t server_groups_calls() const noexcept {
    return server_groups_calls_.load(std::memory_order_relaxed);
  }
  std::size_t resources_calls() const noexcept { return resources_calls_.load(std::memory_order_relaxed); }
  std::size_t invalidate_calls() const noexcept { return invalidate_calls_.load(std::memory_order_relaxed); }

 private:
  void AddGroupLocked(APIGroup group, bool replace);

  mutable std::mutex mu_;
  std::vector<APIGroup> groups_;
  std::map<std::string, APIResourceList, std::less<>> resources_;
  std::atomic<std::size_t> server_groups_calls_{0};
  std::atomic<std::size_t> resources_calls_{0};
  std::atomic<std::size_t> invalidate_calls_{0};
};

// Implementation details follow.

inline MemoryDiscovery::MemoryDiscovery(std::vector<APIGroup> groups,
                                        std::vector<APIResourceList> resources) {
  for (auto& g : groups) AddGroupLocked(std::move(g), true);
  for (auto& r : resources) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
}

inline std::shared_ptr<MemoryDiscovery> MemoryDiscovery::FromDirectory(const std::filesystem::path& dir) {
  auto client = std::make_shared<MemoryDiscovery>();
  client->LoadDirectory(dir);
  return client;
}

inline void MemoryDiscovery::AddGroupLocked(APIGroup group, bool replace) {
  for (auto& existing : groups_) {
    if (existing.name == group.name) {
      if (replace) existing = std::move(group);
      return;
    }
  }
  groups_.push_back(std::move(group));
}

inline void MemoryDiscovery::AddGroup(APIGroup group) {
  std::lock_guard<std::mutex> lock(mu_);
  AddGroupLocked(std::move(group), true);
}

inline void MemoryDiscovery::AddResources(APIResourceList list) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string key = list.group_version;
  resources_.insert_or_assign(std::move(key), std::move(list));
}

inline void MemoryDiscovery::AddDocument(std::string_view file_name, std::string_view json_text) {
  std::string_view stem = file_name;
  if (stem.size() < 5 || stem.substr(stem.size() - 5) != ".json") {
    throw Error(fmt::format("discovery: {} is not a discovery document name (want api*.json)", file_name));
  }
  stem.remove_suffix(5);
  std::vector<std::string_view> parts;
  for (std::size_t pos = 0;;) {
    std::size_t sep = stem.find("__", pos);
    parts.push_back(stem.substr(pos, sep == std::string_view::npos ? std::string_view::npos : sep - pos));
    if (sep == std::string_view::npos) break;
    pos = sep + 2;
  }
  const std::string doc(file_name);
  auto add_list = [&](std::string expected_gv) {
    APIResourceList list = ParseAPIResourceList(json_text, doc);
    if (list.group_version.empty()) {
      list.group_version = expected_gv;
    } else if (list.group_version != expected_gv) {
      throw DecodeError(
          doc, "groupVersion",
          fmt::format("expected {} (from the file name), got {}", expected_gv, list.group_version));
    }
    AddResources(std::move(list));
  };
  auto non_empty = [&](std::string_view p) {
    if (p.empty()) throw Error(fmt::format("discovery: {} is not a discovery document name", file_name));
    return std::string(p);
  };

  if (parts.size() == 1 && parts[0] == "api") {
    APIVersions versions = ParseAPIVersions(json_text, doc);
    // Upstream prepends the core group only when /api lists versions.
    if (!versions.versions.empty()) AddGroup(APIVersionsToAPIGroup(versions));
  } else if (parts.size() == 1 && parts[0] == "apis") {
    APIGroupList list = ParseAPIGroupList(json_text, doc);
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& g : list.groups) AddGroupLocked(std::move(g), true);
  } else if (parts.size() == 2 && parts[0] == "api") {
    add_list(non_empty(parts[1]));
  } else if (parts.size() == 2 && parts[0] == "apis") {
    non_empty(parts[1]);
    APIGroup group = ParseAPIGroup(json_text, doc);
    if (group.name.empty()) group.name = std::string(parts[1]);
    std::lock_guard<std::mutex> lock(mu_);
    AddGroupLocked(std::move(group), false);  // the /apis list, when present, is authoritative
  } else if (parts.size() == 3 && parts[0] == "apis") {
    add_list(non_empty(parts[1]) + "/" + non_empty(parts[2]));
  } else {
    throw Error(fmt::format("discovery: {} is not a discovery document name", file_name));
  }
}

inline void MemoryDiscovery::LoadDirectory(const std::filesystem::path& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const bool is_doc = name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0 &&
                        (name == "api.json" || name == "apis.json" || name.rfind("api__", 0) == 0 ||
                         name.rfind("apis__", 0) == 0);
    if (is_doc) files.push_back(it->path());
  }
  if (ec) throw Error(fmt::format("discovery: cannot read directory {}: {}", dir.string(), ec.message()));
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in.is_open()) throw Error(fmt::format("discovery: cannot read {}", file.string()));
    std::ostringstream text;
    text << in.rdbuf();
    AddDocument(file.filename().string(), text.str());
  }
}

inline std::vector<APIGroup> MemoryDiscovery::ServerGroups() {
  server_groups_calls_.fetch_add(1, std::memory_order_relaxed);
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

inline APIResourceList MemoryDiscovery::ServerResourcesForGroupVersion(std::string_view group_version) {
  resources_calls_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = resources_.find(group_version);
  if (it != resources_.end()) return it->second;
  if (group_version == "v1") return APIResourceList{"v1", {}};
  throw NotFoundError();
}

}  // namespace apimachinery::discovery
