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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL CachedDiscoveryClient(std::shared_ptr<DiscoveryInterface> delegate,
                                          std::filesystem::path cache_directory, std::chrono::nanoseconds ttl,
                                          Clock now = {});

  APIMACHINERY_DECL std::vector<APIGroup> ServerGroups() override;
  APIMACHINERY_DECL APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;
  APIMACHINERY_DECL bool Fresh() override;
  APIMACHINERY_DECL void Invalidate() override;

  APIMACHINERY_DECL const std::filesystem::path& cache_directory() const noexcept;
  // The files ServerGroups / ServerResourcesForGroupVersion use.
  APIMACHINERY_DECL std::filesystem::path GroupsFile() const;
  // nullopt when `group_version` cannot be mapped below the directory.
  APIMACHINERY_DECL std::optional<std::filesystem::path> ResourcesFile(std::string_view group_version) const;

  // Counters, for tests and diagnostics: calls answered from disk / by the delegate.
  APIMACHINERY_DECL std::size_t cache_hits() const noexcept;
  APIMACHINERY_DECL std::size_t delegate_calls() const noexcept;

 private:
  // The bytes of `file` if it may be used (not invalidated away, not expired, readable); updates
  // fresh_ when it is used.
  APIMACHINERY_DECL std::optional<std::string> ReadCachedFile(const std::filesystem::path& file);
  // Writes `doc` to `file` atomically; failures are swallowed (upstream logs them).
  APIMACHINERY_DECL void WriteCachedFile(const std::filesystem::path& file, const nlohmann::json& doc);
  // Marks a file as used (after it decoded).
  APIMACHINERY_DECL void MarkUsed(const std::filesystem::path& file);

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

APIMACHINERY_DECL bool SafePathComponent(std::string_view s);

// A name for a temporary file next to `file`: "<name>.<16 hex digits>".
APIMACHINERY_DECL std::filesystem::path TempNameFor(const std::filesystem::path& file);

APIMACHINERY_DECL std::optional<std::string> ReadWholeFile(const std::filesystem::path& file);

}  // namespace internal

}  // namespace apimachinery::discovery::disk

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/cached/disk/impl/cached_discovery.ipp"
#endif
