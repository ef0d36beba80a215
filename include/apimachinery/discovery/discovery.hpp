// Package discovery (k8s.io/client-go/discovery and the discovery wire types of
// k8s.io/apimachinery/pkg/apis/meta/v1): what an API server serves.
//
// - types.hpp: the wire types (APIGroup, APIResource, APIResourceList, APIGroupList, APIVersions)
//   and their JSON, decoded from the real documents; decode failures throw DecodeError.
// - discovery_client.hpp: DiscoveryInterface, CachedDiscoveryInterface, ServerGroupsAndResources.
// - memory_discovery.hpp: MemoryDiscovery, a client over documents held in memory or loaded from a
//   directory of api*.json files.
// - aggregated_types.hpp: the aggregated discovery documents (apidiscovery.k8s.io/v2 and
//   v2beta1, api/apidiscovery/v2/types.go) and their JSON.
// - aggregated_conversion.hpp: their conversion to the legacy shapes (client-go/discovery/
//   aggregated_discovery.go: SplitGroupsAndResources).
// - aggregated_discovery.hpp: AggregatedDiscovery, a client over them (includes both).
// - cached/disk/cached_discovery.hpp: discovery::disk::CachedDiscoveryClient, kubectl's on-disk
//   cache (package discovery/cached/disk, Go's client-go/discovery/cached/disk).
//
// Example:
//   auto client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   for (const auto& g : client->ServerGroups()) fmt::print("{}\n", g.name);
//
// Differences from upstream: only ServerGroups and ServerResourcesForGroupVersion are part of the
// interface (no REST client, OpenAPI or server version); aggregated documents are read from memory
// or files (AggregatedDiscovery), not fetched with content negotiation.
#pragma once

#include "apimachinery/discovery/aggregated_conversion.hpp"
#include "apimachinery/discovery/aggregated_discovery.hpp"
#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/discovery/types.hpp"
