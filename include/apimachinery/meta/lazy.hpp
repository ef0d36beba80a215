// meta/lazy.hpp: NewLazyRESTMapperLoader (k8s.io/apimachinery/pkg/api/meta/lazy.go).
//
// A RESTMapper that builds its real mapper on first use: `fn` runs once, on the first call of any
// lookup, and its outcome is cached FOREVER, including a failure: if `fn` throws (or returns null),
// every later call throws that same error and `fn` is never retried. (Contrast
// restmapper::DeferredDiscoveryRESTMapper, which retries.)
//
// Example:
//   auto client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   auto BuildMapperFromDiscovery = [](discovery::DiscoveryInterface& c) {
//     return restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(c));
//   };
//   auto mapper = meta::NewLazyRESTMapperLoader([&] { return BuildMapperFromDiscovery(*client); });
//   // nothing has run yet
//   mapper->KindFor({"", "", "pods"});   // runs the loader, then asks its mapper
//
// Throws: the loader's exception (as thrown; a null result becomes apimachinery::Error
// `meta: lazy RESTMapper loader returned no mapper`) from every lookup; otherwise whatever the
// loaded mapper throws.
//
// Thread-safety: all lookups may run concurrently; concurrent first callers wait for one run of
// `fn` (mutex-protected, as upstream). After loading, lookups take no lock. Reset() forwards to
// the loaded mapper (if loading succeeded and it is resettable); it never re-runs `fn`.
//
// Differences from upstream: upstream's KindsFor/ResourcesFor return an empty list together with
// the init error and ResourceSingularizer ("", err); here every method throws the init error (the
// empty value carries no information). Upstream's loader returns (mapper, error); here it returns
// the mapper or throws.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::meta {

// The loader: returns the mapper, or throws to report a (permanent) initialisation failure.
using RESTMapperLoader = std::function<std::shared_ptr<RESTMapper>()>;

// NewLazyRESTMapperLoader returns a mapper that runs `fn` on first use (see the file comment).
// The result is a ResettableRESTMapper (upstream returns the RESTMapper interface, backed by a
// resettable type).
std::shared_ptr<ResettableRESTMapper> NewLazyRESTMapperLoader(RESTMapperLoader fn);

namespace internal {

// The lazily loading mapper behind NewLazyRESTMapperLoader (upstream: lazyObject).
class LazyRESTMapper final : public ResettableRESTMapper {
 public:
  APIMACHINERY_DECL explicit LazyRESTMapper(RESTMapperLoader loader);

  APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL MapperResult<std::string> TryResourceSingularizer(
      std::string_view resource) const override;

  APIMACHINERY_DECL void Reset() override;

  // Whether the loader has run (for tests and diagnostics).
  APIMACHINERY_DECL bool Loaded() const noexcept;

  APIMACHINERY_DECL std::string String() const override;

 private:
  // Runs the loader once; returns the cached init error, or null when the mapper is available.
  APIMACHINERY_DECL const MapperError* Init() const;

  RESTMapperLoader loader_;
  mutable std::mutex mu_;
  mutable std::atomic<bool> loaded_{false};
  // Written once under mu_ before loaded_ is released; read-only afterwards.
  mutable std::shared_ptr<RESTMapper> mapper_;
  mutable MapperError err_;
};

}  // namespace internal

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/lazy.ipp"
#endif
