// Definitions of the non-template functions declared in
// <apimachinery/discovery/cached/disk/cached_discovery.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"

namespace apimachinery::discovery::disk {

APIMACHINERY_DECL const std::filesystem::path& CachedDiscoveryClient::cache_directory() const noexcept {
  return dir_;
}

APIMACHINERY_DECL std::filesystem::path CachedDiscoveryClient::GroupsFile() const {
  return dir_ / "servergroups.json";
}

APIMACHINERY_DECL std::size_t CachedDiscoveryClient::cache_hits() const noexcept {
  return hits_.load(std::memory_order_relaxed);
}

APIMACHINERY_DECL std::size_t CachedDiscoveryClient::delegate_calls() const noexcept {
  return delegate_calls_.load(std::memory_order_relaxed);
}

}  // namespace apimachinery::discovery::disk

namespace apimachinery::discovery::disk::internal {

APIMACHINERY_DECL bool SafePathComponent(std::string_view s) {
  if (s.empty() || s == "." || s == "..") return false;
  for (char c : s) {
    if (c == '/' || c == '\\' || c == '\0') return false;
  }
  return true;
}

APIMACHINERY_DECL std::filesystem::path TempNameFor(const std::filesystem::path& file) {
  static std::atomic<std::uint64_t> counter{0};
  thread_local std::mt19937_64 rng{[] {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }()};
  const std::uint64_t n = rng() ^ (counter.fetch_add(1, std::memory_order_relaxed) * 0x9E3779B97F4A7C15ULL);
  std::filesystem::path tmp = file;
  tmp += fmt::format(".{:016x}", n);
  return tmp;
}

APIMACHINERY_DECL std::optional<std::string> ReadWholeFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

}  // namespace apimachinery::discovery::disk::internal

namespace apimachinery::discovery::disk {

APIMACHINERY_DECL CachedDiscoveryClient::CachedDiscoveryClient(std::shared_ptr<DiscoveryInterface> delegate,
                                                               std::filesystem::path cache_directory,
                                                               std::chrono::nanoseconds ttl, Clock now)
    : delegate_(std::move(delegate)), dir_(std::move(cache_directory)), ttl_(ttl), now_(std::move(now)) {
  if (!delegate_) throw Error("discovery: CachedDiscoveryClient needs a delegate discovery client");
  if (!now_) now_ = [] { return std::filesystem::file_time_type::clock::now(); };
}

APIMACHINERY_DECL std::shared_ptr<CachedDiscoveryClient> NewCachedDiscoveryClient(
    std::shared_ptr<DiscoveryInterface> delegate, std::filesystem::path cache_directory,
    std::chrono::nanoseconds ttl) {
  return std::make_shared<CachedDiscoveryClient>(std::move(delegate), std::move(cache_directory), ttl);
}

APIMACHINERY_DECL std::optional<std::filesystem::path> CachedDiscoveryClient::ResourcesFile(
    std::string_view group_version) const {
  std::filesystem::path p = dir_;
  std::size_t slashes = 0;
  for (std::size_t pos = 0;;) {
    const std::size_t slash = group_version.find('/', pos);
    const std::string_view part =
        group_version.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
    if (!internal::SafePathComponent(part)) return std::nullopt;
    p /= std::string(part);
    if (slash == std::string_view::npos) break;
    if (++slashes > 1) return std::nullopt;
    pos = slash + 1;
  }
  return p / "serverresources.json";
}

APIMACHINERY_DECL std::optional<std::string> CachedDiscoveryClient::ReadCachedFile(
    const std::filesystem::path& file) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    // After an invalidation, only files this client wrote since are trusted.
    if (invalidated_ && our_files_.count(file) == 0) return std::nullopt;
  }
  std::error_code ec;
  const auto mtime = std::filesystem::last_write_time(file, ec);
  if (ec) return std::nullopt;
  const auto ttl = std::chrono::duration_cast<std::filesystem::file_time_type::duration>(ttl_);
  if (now_() > mtime + ttl) return std::nullopt;  // expired
  return internal::ReadWholeFile(file);
}

APIMACHINERY_DECL void CachedDiscoveryClient::MarkUsed(const std::filesystem::path& file) {
  hits_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  fresh_ = fresh_ && our_files_.count(file) != 0;
}

APIMACHINERY_DECL void CachedDiscoveryClient::WriteCachedFile(const std::filesystem::path& file,
                                                              const nlohmann::json& doc) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path parent = file.parent_path();
  fs::create_directories(parent, ec);
  if (ec) return;
  fs::permissions(parent, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec,
                  fs::perm_options::replace, ec);
  ec.clear();

  const std::string bytes = util::json::Marshal(doc);
  const fs::path tmp = internal::TempNameFor(file);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out.is_open()) return;
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      out.close();
      fs::remove(tmp, ec);
      return;
    }
  }
  fs::permissions(
      tmp, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::group_write,
      fs::perm_options::replace, ec);
  ec.clear();
  // The rename is atomic: readers see the old file or the new one, never a partial one.
  std::lock_guard<std::mutex> lock(mu_);
  fs::rename(tmp, file, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    return;
  }
  our_files_.insert(file);
}

APIMACHINERY_DECL std::vector<APIGroup> CachedDiscoveryClient::ServerGroups() {
  const std::filesystem::path file = GroupsFile();
  if (std::optional<std::string> bytes = ReadCachedFile(file)) {
    try {
      APIGroupList list = ParseAPIGroupList(*bytes, file.string());
      MarkUsed(file);
      // Core group first, whatever wrote the file.
      std::vector<APIGroup> out;
      out.reserve(list.groups.size());
      for (auto& g : list.groups) {
        if (g.name.empty()) out.push_back(std::move(g));
      }
      for (auto& g : list.groups) {
        if (!g.name.empty()) out.push_back(std::move(g));
      }
      return out;
    } catch (const Error&) {
      // Corrupt or truncated: treated as missing.
    }
  }

  std::vector<APIGroup> live;
  {
    std::lock_guard<std::mutex> lock(delegate_mu_);
    delegate_calls_.fetch_add(1, std::memory_order_relaxed);
    live = delegate_->ServerGroups();
  }
  if (live.empty()) return live;  // upstream: "no groups found", not cached
  nlohmann::json doc = APIGroupList{live};
  doc["kind"] = "APIGroupList";
  doc["apiVersion"] = "v1";
  WriteCachedFile(file, doc);
  return live;
}

APIMACHINERY_DECL APIResourceList
CachedDiscoveryClient::ServerResourcesForGroupVersion(std::string_view group_version) {
  const std::optional<std::filesystem::path> file = ResourcesFile(group_version);
  if (file) {
    if (std::optional<std::string> bytes = ReadCachedFile(*file)) {
      try {
        APIResourceList list = ParseAPIResourceList(*bytes, file->string());
        if (list.group_version == group_version) {
          MarkUsed(*file);
          return list;
        }
      } catch (const Error&) {
        // Corrupt or truncated: treated as missing.
      }
    }
  }

  APIResourceList live;
  {
    std::lock_guard<std::mutex> lock(delegate_mu_);
    delegate_calls_.fetch_add(1, std::memory_order_relaxed);
    live = delegate_->ServerResourcesForGroupVersion(group_version);
  }
  if (live.resources.empty() || !file) return live;  // upstream: "no resources found", not cached
  nlohmann::json doc = live;
  if (live.group_version.empty()) doc["groupVersion"] = std::string(group_version);
  doc["kind"] = "APIResourceList";
  doc["apiVersion"] = "v1";
  WriteCachedFile(*file, doc);
  return live;
}

APIMACHINERY_DECL bool CachedDiscoveryClient::Fresh() {
  std::lock_guard<std::mutex> lock(mu_);
  return fresh_;
}

APIMACHINERY_DECL void CachedDiscoveryClient::Invalidate() {
  std::lock_guard<std::mutex> lock(mu_);
  our_files_.clear();
  fresh_ = true;
  invalidated_ = true;
}

}  // namespace apimachinery::discovery::disk
