// Definitions of the non-template functions declared in <apimachinery/discovery/memory_discovery.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/memory_discovery.hpp"

namespace apimachinery::discovery {

APIMACHINERY_DECL bool MemoryDiscovery::Fresh() { return true; }

APIMACHINERY_DECL void MemoryDiscovery::Invalidate() {
  invalidate_calls_.fetch_add(1, std::memory_order_relaxed);
}

APIMACHINERY_DECL std::size_t MemoryDiscovery::server_groups_calls() const noexcept {
  return server_groups_calls_.load(std::memory_order_relaxed);
}

APIMACHINERY_DECL std::size_t MemoryDiscovery::resources_calls() const noexcept {
  return resources_calls_.load(std::memory_order_relaxed);
}

APIMACHINERY_DECL std::size_t MemoryDiscovery::invalidate_calls() const noexcept {
  return invalidate_calls_.load(std::memory_order_relaxed);
}

APIMACHINERY_DECL MemoryDiscovery::MemoryDiscovery(std::vector<APIGroup> groups,
                                                   std::vector<APIResourceList> resources) {
  for (auto& g : groups) AddGroupLocked(std::move(g), true);
  for (auto& r : resources) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
}

APIMACHINERY_DECL std::shared_ptr<MemoryDiscovery> MemoryDiscovery::FromDirectory(
    const std::filesystem::path& dir) {
  auto client = std::make_shared<MemoryDiscovery>();
  client->LoadDirectory(dir);
  return client;
}

APIMACHINERY_DECL void MemoryDiscovery::AddGroupLocked(APIGroup group, bool replace) {
  for (auto& existing : groups_) {
    if (existing.name == group.name) {
      if (replace) existing = std::move(group);
      return;
    }
  }
  groups_.push_back(std::move(group));
}

APIMACHINERY_DECL void MemoryDiscovery::AddGroup(APIGroup group) {
  std::lock_guard<std::mutex> lock(mu_);
  AddGroupLocked(std::move(group), true);
}

APIMACHINERY_DECL void MemoryDiscovery::AddResources(APIResourceList list) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string key = list.group_version;
  resources_.insert_or_assign(std::move(key), std::move(list));
}

APIMACHINERY_DECL void MemoryDiscovery::AddDocument(std::string_view file_name, std::string_view json_text) {
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

APIMACHINERY_DECL void MemoryDiscovery::LoadDirectory(const std::filesystem::path& dir) {
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

APIMACHINERY_DECL std::vector<APIGroup> MemoryDiscovery::ServerGroups() {
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

APIMACHINERY_DECL APIResourceList
MemoryDiscovery::ServerResourcesForGroupVersion(std::string_view group_version) {
  resources_calls_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = resources_.find(group_version);
  if (it != resources_.end()) return it->second;
  if (group_version == "v1") return APIResourceList{"v1", {}};
  throw NotFoundError();
}

}  // namespace apimachinery::discovery
