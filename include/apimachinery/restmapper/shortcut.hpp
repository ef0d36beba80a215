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

  ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                   std::shared_ptr<discovery::DiscoveryInterface> client,
                   WarningHandler warning_handler = {});

  // SetWarningHandler replaces the handler told about lower-priority short-name matches (empty:
  // none).
  void SetWarningHandler(WarningHandler handler);

  // ExpandResourceShortcut returns the request with a short name expanded (see the file comment),
  // calling the warning handler for each lower-priority match.
  schema::GroupVersionResource ExpandResourceShortcut(const schema::GroupVersionResource& resource) const;

  // Reset resets the delegate if it is resettable, then drops the short-name table: the next
  // expansion reads discovery again.
  inline void Reset() override;

  inline meta::MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;

  std::string String() const override { return "ShortcutExpander{" + delegate_->String() + "}"; }

  const std::shared_ptr<meta::RESTMapper>& delegate() const noexcept { return delegate_; }

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
  void RebuildLocked() const;
  // Expands from the table, rebuilding it first when it cannot be used (or `refresh`).
  schema::GroupVersionResource Expand(const schema::GroupVersionResource& resource, bool refresh) const;
  static Expansion Lookup(const Table& table, const schema::GroupVersionResource& resource);
  static std::string Warning(const std::string& short_name, const schema::GroupResource& also);
  void Warn(const std::vector<std::string>& warnings) const;

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

inline ShortcutExpander::ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                                          std::shared_ptr<discovery::DiscoveryInterface> client,
                                          WarningHandler warning_handler)
    : delegate_(std::move(delegate)),
      client_(std::move(client)),
      warning_handler_(std::move(warning_handler)) {
  if (!delegate_) throw Error("restmapper: ShortcutExpander needs a delegate RESTMapper");
  if (!client_) throw Error("restmapper: ShortcutExpander needs a discovery client");
  cached_ = dynamic_cast<discovery::CachedDiscoveryInterface*>(client_.get());
}

inline std::shared_ptr<meta::ResettableRESTMapper> NewShortcutExpander(
    std::shared_ptr<meta::RESTMapper> delegate, std::shared_ptr<discovery::DiscoveryInterface> client,
    ShortcutExpander::WarningHandler warning_handler) {
  return std::make_shared<ShortcutExpander>(std::move(delegate), std::move(client),
                                            std::move(warning_handler));
}

inline void ShortcutExpander::SetWarningHandler(WarningHandler handler) {
  std::lock_guard<std::mutex> lock(handler_mu_);
  warning_handler_ = std::move(handler);
}

inline std::string ShortcutExpander::Warning(const std::string& short_name,
                                             const schema::GroupResource& also) {
  return fmt::format("short name {} could also match lower priority resource {}", util::Quote(short_name),
                     also.String());
}

inline void ShortcutExpander::RebuildLocked() const {
  table_.names.clear();
  table_valid_ = false;
  discovery::GroupsAndResources all;
  try {
    all = discovery::ServerGroupsAndResources(*client_);
  } catch (...) {
    // Upstream logs the discovery error and expands nothing; the next expansion asks again.
    return;
  }
  for (const auto& list : all.resources) {
    schema::GroupVersion gv;
    try {
      gv = schema::ParseGroupVersion(list.group_version);
    } catch (const schema::ParseError&) {
      continue;  // upstream skips lists whose group-version does not parse
    }
    const auto exact = [&](const std::string& name) {
      auto& groups = table_.names[name].exact_groups;
      for (const auto& g : groups) {
        if (g == gv.group) return;
      }
      groups.push_back(gv.group);
    };
    for (const auto& r : list.resources) {
      exact(r.name);
      exact(r.singular_name);
      for (const auto& short_name : r.short_names) {
        table_.names[short_name].shortcuts.push_back(schema::GroupResource{gv.group, r.name});
      }
    }
  }
  // A request without a group: the first shortcut wins unless the name is exact somewhere; every
  // later distinct group-resource is warned about.
  for (auto& [short_name, names] : table_.names) {
    if (!names.exact_groups.empty() || names.shortcuts.empty()) continue;
    const schema::GroupResource& found = names.shortcuts.front();
    std::vector<const schema::GroupResource*> warned;
    for (const auto& s : names.shortcuts) {
      if (s == found) continue;  // another version of the winner
      bool seen = false;
      for (const auto* w : warned) seen = seen || *w == s;
      if (seen) continue;
      warned.push_back(&s);
      names.any_group_warnings.push_back(Warning(short_name, s));
    }
  }
  // Only a complete round from a client with nothing newer to say may answer later expansions. A
  // group-version the server says it does not serve (NotFoundError) is an answer; any other
  // failure may be transient and is retried by the next expansion, as upstream's next call does.
  bool complete = true;
  for (const auto& [gv, error] : all.failed) {
    try {
      std::rethrow_exception(error);
    } catch (const discovery::NotFoundError&) {
      continue;
    } catch (...) {
      complete = false;
    }
  }
  table_valid_ = complete && (cached_ == nullptr || cached_->Fresh());
}

inline ShortcutExpander::Expansion ShortcutExpander::Lookup(const Table& table,
                                                            const schema::GroupVersionResource& resource) {
  const auto it = table.names.find(resource.resource);
  // Neither a name nor a short name anywhere: nothing to expand (the prefix path needs a short name).
  if (it == table.names.end()) return {resource, {}};
  const Names& names = it->second;
  if (resource.group.empty()) {
    // Exact full (or singular) names are never expanded.
    if (!names.exact_groups.empty() || names.shortcuts.empty()) return {resource, {}};
    const auto& found = names.shortcuts.front();
    return {schema::GroupVersionResource{found.group, "", found.resource}, names.any_group_warnings};
  }
  for (const auto& g : names.exact_groups) {
    if (g == resource.group) return {resource, {}};
  }
  // Short names in the requested group, in discovery order; the first wins, later distinct ones
  // are reported.
  const schema::GroupResource* found = nullptr;
  std::vector<const schema::GroupResource*> warned;
  Expansion out;
  for (const auto& s : names.shortcuts) {
    if (s.group != resource.group) continue;
    if (found == nullptr) {
      found = &s;
      continue;
    }
    if (s == *found) continue;  // another version
    bool seen = false;
    for (const auto* w : warned) seen = seen || *w == s;
    if (seen) continue;
    warned.push_back(&s);
    out.warnings.push_back(Warning(resource.resource, s));
  }
  if (found != nullptr) {
    out.resource = schema::GroupVersionResource{found->group, "", found->resource};
    return out;
  }
  // No exact short-name hit: match the group as a prefix ("autoscal" finds autoscaling).
  for (const auto& s : names.shortcuts) {
    if (s.group.compare(0, resource.group.size(), resource.group) != 0) continue;
    return {schema::GroupVersionResource{s.group, resource.version, s.resource}, {}};
  }
  return {resource, {}};
}

inline void ShortcutExpander::Warn(const std::vector<std::string>& warnings) const {
  if (warnings.empty()) return;
  WarningHandler handler;
  {
    std::lock_guard<std::mutex> lock(handler_mu_);
    handler = warning_handler_;
  }
  if (!handler) return;
  for (const auto& w : warnings) handler(w);
}

inline schema::GroupVersionResource ShortcutExpander::Expand(const schema::GroupVersionResource& resource,
                                                             bool refresh) const {
  Expansion out;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (refresh || !table_valid_ || (cached_ != nullptr && !cached_->Fresh())) RebuildLocked();
    out = Lookup(table_, resource);
  }
  Warn(out.warnings);
  return std::move(out.resource);
}

inline schema::GroupVersionResource ShortcutExpander::ExpandResourceShortcut(
    const schema::GroupVersionResource& resource) const {
  return Expand(resource, false);
}

inline void ShortcutExpander::Reset() {
  // The delegate first: a Deferred delegate invalidates the client, and a table built between the
  // two steps would otherwise survive from the old answers.
  meta::MaybeResetRESTMapper(*delegate_);
  std::lock_guard<std::mutex> lock(mu_);
  table_valid_ = false;
}

inline meta::MapperResult<schema::GroupVersionKind> ShortcutExpander::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  auto result = delegate_->TryKindFor(ExpandResourceShortcut(resource));
  // Discovery may have been refreshed by the delegate (a Deferred mapper): expand again.
  if (result.error && result.error.IsNoMatch()) return delegate_->TryKindFor(Expand(resource, true));
  return result;
}

inline meta::MapperResult<std::vector<schema::GroupVersionKind>> ShortcutExpander::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  return delegate_->TryKindsFor(ExpandResourceShortcut(resource));
}

inline meta::MapperResult<schema::GroupVersionResource> ShortcutExpander::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourceFor(ExpandResourceShortcut(input));
}

inline meta::MapperResult<std::vector<schema::GroupVersionResource>> ShortcutExpander::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourcesFor(ExpandResourceShortcut(input));
}

inline meta::MapperResult<meta::RESTMapping> ShortcutExpander::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMapping(gk, versions);
}

inline meta::MapperResult<std::vector<meta::RESTMapping>> ShortcutExpander::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMappings(gk, versions);
}

inline meta::MapperResult<std::string> ShortcutExpander::TryResourceSingularizer(
    std::string_view resource) const {
  return delegate_->TryResourceSingularizer(
      ExpandResourceShortcut(schema::GroupVersionResource{"", "", std::string(resource)}).resource);
}

}  // namespace apimachinery::restmapper
