// discovery/cached/disk/cached_discovery.hpp: a discovery client cached on disk in kubectl's layout
// (k8s.io/client-go/discovery/cached/disk, cached_discovery.go).
//
// disk::CachedDiscoveryClient wraps a delegate DiscoveryInterface (the server) and keeps what it
// answered in a directory, the way kubectl does under ~/.kube/cache/discovery/<host_port>/:
//
//   <dir>/servergroups.json                      APIGroupList, the core group ("") first
//   <dir>/v1/serverresources.json                APIResourceList of the core group
//   <dir>/<group>/<version>/serverresources.json APIResourceList of every other group-version
//
// Example:
//   std::shared_ptr<discovery::DiscoveryInterface> server =   // the live server's discovery
//       discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   std::filesystem::path dir = "/root/.kube/cache/discovery/example.com_6443";
//   auto client = discovery::disk::NewCachedDiscoveryClient(server, dir, std::chrono::minutes(10));
//   restmapper::DeferredDiscoveryRESTMapper mapper(client);   // retries through Invalidate()
//
// A call first looks for its file: when the file exists, is younger than the TTL (now <= mtime +
// ttl) and decodes, it is served from there. Otherwise the delegate is asked and its answer is
// written back (an empty answer is not written, as upstream). Files are written atomically: the
// document goes to a temporary file in the same directory which is then renamed over the target,
// so a crash or a concurrent reader never sees a half-written file. A cache file that is corrupt,
// truncated, of the wrong kind or unreadable is treated as missing, never reported.
//
// Fresh() and Invalidate() have upstream's meaning:
// - Fresh() is true while everything served since the last Invalidate() (or construction) was
//   fetched from the server by this client: either directly, or from a file this client wrote
//   itself after the last Invalidate(). Serving any other file (an older one, or one written by
//   another process) makes it false.
// - Invalidate() makes Fresh() true again and ignores every file this client did not write after
//   the invalidation, so the next calls go to the delegate and rewrite the files.
// The TTL decides whether a file may be used at all; the clock is injectable for tests.
//
// Throws: what the delegate throws (nothing is written then). Cache I/O and decode failures are
// never thrown: the cache is skipped or left unwritten. std::bad_alloc.
// Thread-safety: every method may be called from many threads at once; calls into the delegate are
// serialised, so the delegate need not be thread-safe. Several clients (in one process or in
// several processes) may share one directory: every file they read is complete.
//
// Differences from upstream:
// - The TTL clock is injectable (upstream: time.Now()); TTL expiry compares against file mtimes as
//   upstream does.
// - A group-version whose name cannot be a path below the directory (empty, ".", "..", a
//   backslash) bypasses the cache instead of writing outside it.
// - The files are written with `kind`/`apiVersion` as upstream's encoder writes them, compact JSON.
// - Only ServerGroups and ServerResourcesForGroupVersion are cached (the interface has no others);
//   the HTTP response cache (`--cache-dir` http/) and OpenAPI are not ported.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/json/json.hpp"

namespace apimachinery::discovery::disk {

// CachedDiscoveryClient: a CachedDiscoveryInterface over a delegate, cached in a directory.
class CachedDiscoveryClient : public CachedDiscoveryInterface {
 public:
  // Clock returns "now" in the file clock (compared with file mtimes).
  using Clock = std::function<std::filesystem::file_time_type()>;

  // `delegate` is the server; `cache_directory` must be unique per server (kubectl: one directory
  // per host:port); files older than `ttl` are not used. Throws apimachinery::Error for a null
  // delegate.
  CachedDiscoveryClient(std::shared_ptr<DiscoveryInterface> delegate, std::filesystem::path cache_directory,
                        std::chrono::nanoseconds ttl, Clock now = {});

  inline std::vector<APIGroup> ServerGroups() override;
  inline APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;
  inline bool Fresh() override;
  inline void Invalidate() override;

  const std::filesystem::path& cache_directory() const noexcept { return dir_; }
  // The files ServerGroups / ServerResourcesForGroupVersion use.
  std::filesystem::path GroupsFile() const { return dir_ / "servergroups.json"; }
  // nullopt when `group_version` cannot be mapped below the directory.
  std::optional<std::filesystem::path> ResourcesFile(std::string_view group_version) const;

  // Counters, for tests and diagnostics: calls answered from disk / by the delegate.
  std::size_t cache_hits() const noexcept { return hits_.load(std::memory_order_relaxed); }
  std::size_t delegate_calls() const noexcept { return delegate_calls_.load(std::memory_order_relaxed); }

 private:
  // The bytes of `file` if it may be used (not invalidated away, not expired, readable); updates
  // fresh_ when it is used.
  std::optional<std::string> ReadCachedFile(const std::filesystem::path& file);
  // Writes `doc` to `file` atomically; failures are swallowed (upstream logs them).
  void WriteCachedFile(const std::filesystem::path& file, const nlohmann::json& doc);
  // Marks a file as used (after it decoded).
  void MarkUsed(const std::filesystem::path& file);

  std::shared_ptr<DiscoveryInterface> delegate_;
  std::filesystem::path dir_;
  std::chrono::nanoseconds ttl_;
  Clock now_;

  std::mutex delegate_mu_;                     // serialises calls into delegate_
  std::mutex mu_;                              // guards the three below
  std::set<std::filesystem::path> our_files_;  // written by this client since the last Invalidate
  bool invalidated_ = false;
  bool fresh_ = true;

  std::atomic<std::size_t> hits_{0};
  std::atomic<std::size_t> delegate_calls_{0};
};

// NewCachedDiscoveryClient: upstream's constructor name (newCachedDiscoveryClient).
std::shared_ptr<CachedDiscoveryClient> NewCachedDiscoveryClient(std::shared_ptr<DiscoveryInterface> delegate,
                                                                std::filesystem::path cache_directory,
                                                                std::chrono::nanoseconds ttl);

// Implementation details follow.

namespace internal {

inline bool SafePathComponent(std::string_view s) {
  if (s.empty() || s == "." || s == "..") return false;
  for (char c : s) {
    if (c == '/' || c == '\\' || c == '\0') return false;
  }
  return true;
}

// A name for a temporary file next to `file`: "<name>.<16 hex digits>".
inline std::filesystem::path TempNameFor(const std::filesystem::path& file) {
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

inline std::optional<std::string> ReadWholeFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

}  // namespace internal

inline CachedDiscoveryClient::CachedDiscoveryClient(std::shared_ptr<DiscoveryInterface> delegate,
                                                    std::filesystem::path cache_directory,
                                                    std::chrono::nanoseconds ttl, Clock now)
    : delegate_(std::move(delegate)), dir_(std::move(cache_directory)), ttl_(ttl), now_(std::move(now)) {
  if (!delegate_) throw Error("discovery: CachedDiscoveryClient needs a delegate discovery client");
  if (!now_) now_ = [] { return std::filesystem::file_time_type::clock::now(); };
}

inline std::shared_ptr<CachedDiscoveryClient> NewCachedDiscoveryClient(
    std::shared_ptr<DiscoveryInterface> delegate, std::filesystem::path cache_directory,
    std::chrono::nanoseconds ttl) {
  return std::make_shared<CachedDiscoveryClient>(std::move(delegate), std::move(cache_directory), ttl);
}

inline std::optional<std::filesystem::path> CachedDiscoveryClient::ResourcesFile(
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

inline std::optional<std::string> CachedDiscoveryClient::ReadCachedFile(const std::filesystem::path& file) {
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

inline void CachedDiscoveryClient::MarkUsed(const std::filesystem::path& file) {
  hits_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mu_);
  fresh_ = fresh_ && our_files_.count(file) != 0;
}

inline void CachedDiscoveryClient::WriteCachedFile(const std::filesystem::path& file,
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

inline std::vector<APIGroup> CachedDiscoveryClient::ServerGroups() {
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

inline APIResourceList CachedDiscoveryClient::ServerResourcesForGroupVersion(std::string_view group_version) {
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

inline bool CachedDiscoveryClient::Fresh() {
  std::lock_guard<std::mutex> lock(mu_);
  return fresh_;
}

inline void CachedDiscoveryClient::Invalidate() {
  std::lock_guard<std::mutex> lock(mu_);
  our_files_.clear();
  fresh_ = true;
  invalidated_ = true;
}

}  // namespace apimachinery::discovery::disk
