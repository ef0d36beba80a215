// discovery/discovery_client.hpp: DiscoveryInterface and CachedDiscoveryInterface
// (k8s.io/client-go/discovery, discovery_client.go).
//
// A DiscoveryInterface answers the two questions a RESTMapper is built from: which groups (and
// versions) does the server serve, and which resources does one group-version serve.
//
// Example:
//   std::shared_ptr<discovery::MemoryDiscovery> memory =
//       discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   discovery::DiscoveryInterface& client = *memory;
//   std::vector<discovery::APIGroup> groups = client.ServerGroups();   // core group "" first
//   discovery::APIResourceList apps = client.ServerResourcesForGroupVersion("apps/v1");
//
// A CachedDiscoveryInterface additionally serves from a cache, can tell whether what it served is
// fresh, and can be invalidated (restmapper::DeferredDiscoveryRESTMapper relies on both).
//
// Throws: implementations throw apimachinery::Error (or a derived type) when a document cannot be
// fetched or decoded; discovery::NotFoundError for a group-version the server does not serve.
// Thread-safety: the interface promises nothing; each implementation documents its own.
// restmapper::DeferredDiscoveryRESTMapper serialises its calls into the client it holds.
//
// Differences from upstream:
// - Only the two calls the RESTMappers need are pure virtual. ServerGroupsAndResources is a free
//   function built on them. RESTClient, ServerVersion, OpenAPI and the preferred-resources calls
//   are not ported.
// - ServerGroups returns the groups themselves (upstream: a *metav1.APIGroupList).
// - Values are returned or an exception is thrown: a call cannot return a partial result and an
//   error together.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"

namespace apimachinery::discovery {

// NotFoundError: the server does not serve the requested document (upstream: a 404 StatusError,
// text "the server could not find the requested resource").
class NotFoundError : public Error {
 public:
  APIMACHINERY_DECL NotFoundError();
  using Error::Error;
};

// DiscoveryInterface: where a client learns what an API server serves.
class DiscoveryInterface {
 public:
  virtual ~DiscoveryInterface() = default;

  // ServerGroups returns the groups the server serves, the legacy core group (named "") first.
  virtual std::vector<APIGroup> ServerGroups() = 0;
  // ServerResourcesForGroupVersion returns the resources of one group-version, named by its full
  // group-version string ("v1", "apps/v1").
  virtual APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) = 0;

 protected:
  DiscoveryInterface() = default;
  DiscoveryInterface(const DiscoveryInterface&) = default;
  DiscoveryInterface& operator=(const DiscoveryInterface&) = default;
  DiscoveryInterface(DiscoveryInterface&&) = default;
  DiscoveryInterface& operator=(DiscoveryInterface&&) = default;
};

// CachedDiscoveryInterface: a DiscoveryInterface that serves from a cache.
class CachedDiscoveryInterface : public DiscoveryInterface {
 public:
  // Fresh is true when everything served since the last Invalidate came from the server during
  // this process's lifetime (not from an older cache).
  virtual bool Fresh() = 0;
  // Invalidate drops the cache; the next calls go to the server.
  virtual void Invalidate() = 0;
};

// GroupsAndResources: the result of ServerGroupsAndResources.
struct GroupsAndResources {
  std::vector<APIGroup> groups;
  // One list per group-version that could be fetched, in group then version order.
  std::vector<APIResourceList> resources;
  // The group-versions whose fetch threw, with what they threw (upstream: ErrGroupDiscoveryFailed).
  std::vector<std::pair<std::string, std::exception_ptr>> failed;
};

// ServerGroupsAndResources fetches the groups, then the resources of every listed version.
// Throws: what ServerGroups() throws. A failing group-version is recorded in `failed` instead.
GroupsAndResources ServerGroupsAndResources(DiscoveryInterface& client);

// Implementation details follow.

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/discovery_client.ipp"
#endif
