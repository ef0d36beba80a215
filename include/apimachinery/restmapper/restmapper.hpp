// Package restmapper (k8s.io/client-go/restmapper): RESTMappers built from discovery.
//
// - discovery.hpp: APIGroupResources, GetAPIGroupResources, NewDiscoveryRESTMapper (upstream's
//   Priority(Multi(per-version DefaultRESTMappers)) answers, served from one compiled index) and
//   DeferredDiscoveryRESTMapper (built on first use, rebuilt after Reset, one retry when the
//   discovery cache was stale).
//
// Example:
//   auto client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
//   meta::RESTMapping m = mapper->RESTMapping({"apps", "Deployment"});  // apps/v1 deployments
//
// - shortcut.hpp, category_expansion.hpp: the shortcut expander and the category expanders.
#pragma once

#include "apimachinery/restmapper/category_expansion.hpp"
#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/restmapper/shortcut.hpp"
