// restmapper/shortcut.hpp: ShortcutExpander, the RESTMapper layer that expands short names
// ("deploy", "po", "hpa") the way kubectl does (k8s.io/client-go/restmapper/shortcut.go).
//
// Example:
//   auto discovery_client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*discovery_client));
//   auto expander = std::make_shared<restmapper::ShortcutExpander>(mapper, discovery_client);
//   expander->SetWarningHandler([](const std::string& w) { fmt::print(stderr, "Warning: {}\n", w); });
//   expander->ResourceFor({"", "", "deploy"});   // apps/v1, Resource=deployments
//   expander->KindFor({"", "", "po"});           // /v1, Kind=Pod
//
// Every resource-based call (KindFor, KindsFor, ResourceFor, ResourcesFor, ResourceSingularizer)
// first expands the requested resource with what discovery serves, then asks the delegate.
// RESTMapping / RESTMappings pass through unchanged. The expansion (k8s.io/client-go/restmapper/
// shortcut.go: shortcutExpander.expandResourceShortcut, getShortcutMappings):
// 1. The resource lists come from discovery::ServerGroupsAndResources (a failing group-version is
//    skipped; if the group list itself cannot be fetched, nothing is expanded). Lists whose group
//    version does not parse are skipped.
// 2. An exact match wins: if any resource (in the requested group, or in any group when none is
//    requested) has the requested name as its name or singular name, the request is unchanged.
// 3. Otherwise the first resource (in discovery order) with the requested short name (in the
//    requested group, if one is given) wins: the result is {its group, "", its name}; the
//    requested version is dropped. Each later match naming a different group-resource calls the
//    warning handler once per distinct group-resource, on every expansion that finds it:
//      short name "hpa" could also match lower priority resource horizontalpodautoscalers.autoscaling
//    (the short name quoted as Go's %q quotes it). Later matches of the same group-resource
//    (another version) are silent.
// 4. With a group given and no short-name hit there, the first short name whose group starts with
//    the requested group ("autoscal" -> "autoscaling") replaces group and resource; the version is
//    kept.
// 5. Otherwise the request is unchanged. Matching is case-sensitive.
// KindFor: when the delegate answers no-match, the expansion is recomputed from a new discovery
// round (a Deferred delegate may have refreshed discovery meanwhile) and the delegate asked once
// more.
//
// The short-name table. Upstream re-reads all of discovery on every expansion (one
// ServerGroupsAndResources round: tens of microseconds on the fixture cluster from memory, far
// more from a disk cache or a server). This expander reads it once into a table keyed by name, singular name
// and short name, and answers from the table (one hash lookup) while the answers it was built from
// still hold. The results, warnings included, are upstream's for the same discovery answers. The
// table is rebuilt from a new discovery round:
// - after Reset() (which first resets the delegate: a Deferred delegate invalidates the client);
// - for the KindFor retry after a no-match (upstream's second expandResourceShortcut);
// - whenever the client is a CachedDiscoveryInterface that is not Fresh(): its answers may come
//   from an older cache and change under it (a disk cache written by another process, or a cache
//   just invalidated), so, as upstream, every expansion re-reads it; a table built while Fresh()
//   serves until Reset(), the KindFor retry, or Fresh() turning false;
// - whenever the last round did not complete (the group list or a group-version failed to come
//   for another reason than discovery::NotFoundError, the server's "not served", which client-go's
//   memory cache keeps too: discovery/cached/memory/memcache.go, isTransientError): upstream
//   retries on every call, and so does this expander.
// A plain DiscoveryInterface (not a CachedDiscoveryInterface) has no freshness signal. Upstream
// reads it on every expansion, which for a client talking to a server is a full discovery round
// trip per call (kubectl therefore always passes a cached client); every in-process client of this
// library (MemoryDiscovery, AggregatedDiscovery, the test fakes) answers the same until its owner
// changes it. Choice: its answers are taken as fixed until Reset() or a KindFor retry, the points
// where a RESTMapper chain expects discovery to have changed. A caller who changes what such a
// client serves calls Reset() afterwards; a client whose answers change by themselves should be a
// CachedDiscoveryInterface whose Fresh() says so.
//
// Cost: an expansion from a valid table is one mutex lock, one Fresh() call (cached clients), one
// hash lookup of the requested resource and the copy of the result; a rebuild is one discovery
// round plus O(resources) to index it. Memory: one entry per distinct name, singular and short
// name served.
// Throws: what the delegate throws (meta errors), at the public boundary only; discovery failures
// are swallowed (no expansion), as upstream logs and ignores them. The constructor throws
// apimachinery::Error for a null delegate or client. std::bad_alloc.
// Thread-safety: every method may be called from many threads at once. Calls into the discovery
// client (Fresh() included) and the table are serialised by one mutex (a client shared with other
// users must itself be thread-safe): a lookup from a valid table holds it for the hash lookup and
// the copy of the result, a rebuild for the whole discovery round (concurrent expansions wait).
// SetWarningHandler may be called concurrently with lookups; the handler is called outside any
// lock, possibly from several threads at once.
//
// Differences from upstream:
// - The short-name table is cached as described above (upstream: rebuilt on every call); for a
//   plain DiscoveryInterface whose answers change between Resets, the expansion follows the change
//   at the next Reset() (upstream: at the next call). Likewise for a CachedDiscoveryInterface that
//   changes its answers while staying Fresh(): a disk cache refetching an expired file, or an
//   Invalidate() by another holder of the client that leaves Fresh() true
//   (disk::CachedDiscoveryClient's does) or is followed by a refetch before this expander's next
//   call. Invalidating through this expander's Reset() always works.
// - The warning handler is a constructor argument or set later (upstream: NewShortcutExpander's
//   third argument only).
// - ExpandResourceShortcut (upstream: unexported expandResourceShortcut) is public.
// - None in the warning text: Go's %q is util::Quote.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::restmapper {

// ShortcutExpander: a RESTMapper that expands short names before asking its delegate.
class ShortcutExpander : public meta::ResettableRESTMapper {
 public:
  using WarningHandler = std::function<void(const std::string&)>;

  APIMACHINERY_DECL ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                                     std::shared_ptr<discovery::DiscoveryInterface> client,
                                     WarningHandler warning_handler = {});

  // SetWarningHandler replaces the handler told about lower-priority short-name matches (empty:
  // none).
  APIMACHINERY_DECL void SetWarningHandler(WarningHandler handler);

  // ExpandResourceShortcut returns the request with a short name expanded (see the file comment),
  // calling the warning handler for each lower-priority match.
  APIMACHINERY_DECL schema::GroupVersionResource ExpandResourceShortcut(
      const schema::GroupVersionResource& resource) const;

  // Reset resets the delegate if it is resettable, then drops the short-name table: the next
  // expansion reads discovery again.
  APIMACHINERY_DECL void Reset() override;

  APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL meta::MapperResult<std::string> TryResourceSingularizer(
      std::string_view resource) const override;

  APIMACHINERY_DECL std::string String() const override;

  APIMACHINERY_DECL const std::shared_ptr<meta::RESTMapper>& delegate() const noexcept;

 private:
  // What one discovery round says about one string: where it is a resource's name or singular
  // name, and which resources have it as a short name.
  struct Names {
    // The groups of the lists in which some resource has this name or singular name, each once,
    // in discovery order.
    std::vector<std::string> exact_groups;
    // Every resource with this short name, in discovery order, one per list it appears in
    // (upstream's resourceShortcuts with this ShortForm.Resource: {LongForm group, name}).
    std::vector<schema::GroupResource> shortcuts;
    // The warnings of a request without a group (computed once).
    std::vector<std::string> any_group_warnings;
  };
  // The short-name table of one discovery round.
  struct Table {
    std::unordered_map<std::string, Names, util::StringHash, util::StringEqual> names;
  };
  // An expansion and the warnings it owes the handler.
  struct Expansion {
    schema::GroupVersionResource resource;
    std::vector<std::string> warnings;
  };

  // Builds the table from a new discovery round (called with mu_ held); sets table_valid_.
  APIMACHINERY_DECL void RebuildLocked() const;
  // Expands from the table, rebuilding it first when it cannot be used (or `refresh`).
  APIMACHINERY_DECL schema::GroupVersionResource Expand(const schema::GroupVersionResource& resource,
                                                        bool refresh) const;
  APIMACHINERY_DECL static Expansion Lookup(const Table& table, const schema::GroupVersionResource& resource);
  APIMACHINERY_DECL static std::string Warning(const std::string& short_name,
                                               const schema::GroupResource& also);
  APIMACHINERY_DECL void Warn(const std::vector<std::string>& warnings) const;

  std::shared_ptr<meta::RESTMapper> delegate_;
  std::shared_ptr<discovery::DiscoveryInterface> client_;
  discovery::CachedDiscoveryInterface* cached_ = nullptr;  // client_, when it is one
  mutable std::mutex mu_;                                  // serialises calls into client_; guards:
  mutable Table table_;
  mutable bool table_valid_ = false;  // table_ may answer the next expansion
  mutable std::mutex handler_mu_;
  WarningHandler warning_handler_;
};

// NewShortcutExpander: upstream's constructor function.
std::shared_ptr<meta::ResettableRESTMapper> NewShortcutExpander(
    std::shared_ptr<meta::RESTMapper> delegate, std::shared_ptr<discovery::DiscoveryInterface> client,
    ShortcutExpander::WarningHandler warning_handler = {});

// Implementation details follow.

}  // namespace apimachinery::restmapper

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/impl/shortcut.ipp"
#endif
