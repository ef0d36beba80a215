// restmapper/discovery.hpp: RESTMappers built from discovery (k8s.io/client-go/restmapper,
// discovery.go): APIGroupResources, GetAPIGroupResources, NewDiscoveryRESTMapper and
// DeferredDiscoveryRESTMapper.
//
// Example:
//   auto client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   std::shared_ptr<meta::RESTMapper> mapper =
//       restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
//   mapper->RESTMapping({"apps", "Deployment"});   // apps/v1 deployments, namespaced
//   mapper->KindFor({"", "", "pods"});             // /v1, Kind=Pod
//
//   auto cached_client = discovery::disk::NewCachedDiscoveryClient(client, "/tmp/discovery-cache",
//                                                                  std::chrono::minutes(10));
//   restmapper::DeferredDiscoveryRESTMapper lazy(cached_client);  // no discovery call yet
//   lazy.KindFor({"", "", "widgets"});   // builds on first use; rebuilds after Reset()
//
// NewDiscoveryRESTMapper answers exactly as upstream's PriorityRESTMapper over a MultiRESTMapper of
// one DefaultRESTMapper per group-version (k8s.io/client-go/restmapper/discovery.go:
// NewDiscoveryRESTMapper): core v1 first, then each
// group's preferred version, its other versions in discovery order, then the groups in order;
// lower-cased kinds, <Kind>List and List kinds registered; subresources skipped; a group given as
// a prefix of another group's name matches it ("apps" also matches "apps.example.com"). It does so
// from an index compiled once (restmapper/internal/compiled_mapper.hpp): a lookup is one hash probe
// instead of a walk over every group-version and pattern.
//
// Throws: the mappers throw the meta errors upstream returns (meta::NoResourceMatchError,
// meta::NoKindMatchError, meta::AmbiguousResourceError, meta::AmbiguousKindError; plain
// apimachinery::Error for `a resource must be present, got: ...` and the singularizer's errors).
// GetAPIGroupResources propagates what ServerGroups() throws. DeferredDiscoveryRESTMapper also
// propagates what building the mapper throws (discovery errors), and does not cache that failure.
// Thread-safety: the mapper NewDiscoveryRESTMapper returns is immutable; DeferredDiscoveryRESTMapper
// may be used from many threads at once, including Reset(); it serialises its calls into the
// discovery client (so the client need not be thread-safe itself).
//
// Differences from upstream:
// - NewDiscoveryRESTMapper returns an opaque meta::RESTMapper (upstream: *PriorityRESTMapper whose
//   fields can be inspected); its String() is a summary.
// - DeferredDiscoveryRESTMapper retries at most once per call (upstream recurses until the cache
//   reports fresh), and for the plural methods retries on a throw (upstream: on an empty result;
//   the delegate returns an empty result exactly when it fails).
// - GetAPIGroupResources: a group-version whose fetch throws is left out (upstream's partial
//   discovery tolerance); a call cannot return a partial list together with an error.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/restmapper/internal/compiled_mapper.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::restmapper {

// APIGroupResources: a group with the resources of each of its versions (keyed by the short
// version, "v1").
struct APIGroupResources {
  discovery::APIGroup group;
  std::map<std::string, std::vector<discovery::APIResource>> version_resources;

  friend bool operator==(const APIGroupResources&, const APIGroupResources&) = default;
};

// GetAPIGroupResources asks `client` for its groups (once) and for the resources of every listed
// version (once per version, by its full group-version). A version whose call throws is left out;
// a group whose versions all failed is kept with an empty map.
// Throws: what ServerGroups() throws.
std::vector<APIGroupResources> GetAPIGroupResources(discovery::DiscoveryInterface& client);

// NewDiscoveryRESTMapper builds the RESTMapper for these groups (see the file comment). The groups
// are copied into the mapper's index; the argument can be dropped afterwards.
// Throws: std::bad_alloc only.
std::shared_ptr<meta::RESTMapper> NewDiscoveryRESTMapper(const std::vector<APIGroupResources>& groups);

// DeferredDiscoveryRESTMapper: a RESTMapper that builds its discovery mapper on first use and
// rebuilds it after Reset().
//
// - No discovery call happens before the first lookup. Threads making the first lookup at once
//   share one build (the others wait for it); a failed build is not cached: the next call retries.
// - A lookup that fails while the client is not Fresh() Resets (invalidating the client's cache)
//   and retries once, with freshly discovered data.
// - Reset() never fails a lookup in flight: each lookup holds the mapper it started with.
class DeferredDiscoveryRESTMapper final : public meta::ResettableRESTMapper {
 public:
  APIMACHINERY_DECL explicit DeferredDiscoveryRESTMapper(
      std::shared_ptr<discovery::CachedDiscoveryInterface> client);

  // Reset invalidates the client's cache and forgets the built mapper.
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

  // Builds the mapper if needed: `DeferredDiscoveryRESTMapper{<error>}` when that fails, else
  // `DeferredDiscoveryRESTMapper{\n\t<mapper>\n}`.
  APIMACHINERY_DECL std::string String() const override;

 private:
  // The current mapper, built under the lock if there is none. Throws what the build throws.
  APIMACHINERY_DECL std::shared_ptr<const meta::RESTMapper> Delegate() const;
  APIMACHINERY_DECL bool Fresh() const;
  APIMACHINERY_DECL void ResetLocked() const;

  // Runs `call` on the delegate; a build failure becomes the result's error; a lookup error while
  // not fresh Resets and retries once.
  template <typename T, typename Call>
  meta::MapperResult<T> WithRetry(Call&& call) const;

  std::shared_ptr<discovery::CachedDiscoveryInterface> client_;
  mutable std::mutex mu_;  // guards delegate_ and every call into client_
  mutable std::shared_ptr<const meta::RESTMapper> delegate_;
};

// Implementation details follow.

template <typename T, typename Call>
meta::MapperResult<T> DeferredDiscoveryRESTMapper::WithRetry(Call&& call) const {
  for (int attempt = 0;; ++attempt) {
    std::shared_ptr<const meta::RESTMapper> delegate;
    try {
      delegate = Delegate();
    } catch (...) {
      // Upstream returns a build error as is (no retry).
      return meta::MapperResult<T>::Err(meta::MapperError::FromCurrentException());
    }
    meta::MapperResult<T> result = call(*delegate);
    const bool throws = !result.value.has_value() && result.error;
    if (!throws || attempt > 0 || Fresh()) return result;
    {
      std::lock_guard<std::mutex> lock(mu_);
      // Only drop the mapper this lookup used: another thread may already have rebuilt it.
      if (delegate_ == delegate || !delegate_) ResetLocked();
    }
  }
}

}  // namespace apimachinery::restmapper

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/impl/discovery.ipp"
#endif
