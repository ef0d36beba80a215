// restmapper/internal/builder.hpp: the construction of CompiledRESTMapper (its constructor and
// build steps): each group-version's registrations simulated as upstream's per-version
// DefaultRESTMapper holds them (k8s.io/client-go/restmapper/discovery.go: NewDiscoveryRESTMapper, which calls
// k8s.io/apimachinery/pkg/api/meta/restmapper.go: DefaultRESTMapper.AddSpecific), then folded into
// the resource and kind indexes with their precomputed answers.
//
// Throws: std::bad_alloc only. Cost: O(registrations x group-versions holding the same name), once.
// Thread-safety: the constructor builds a new object; nothing is shared.
// Not included on its own: compiled_mapper.hpp includes it at its end.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/restmapper/internal/compiled_mapper.hpp"
#include "apimachinery/restmapper/internal/flat_index.hpp"
#include "apimachinery/restmapper/internal/priority_patterns.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"

namespace apimachinery::restmapper::internal {

struct CompiledRESTMapper::Builder {
  StringMap<std::uint32_t> resource_ids;  // name -> resources_ index
  StringMap<std::uint32_t> kind_ids;      // kind '\0' group -> kinds_ index
  // Scratch: DefaultRESTMapper's maps for the table being added, keyed by name.
  struct KindInfo {
    std::string plural;
    meta::RESTScopeName scope;
  };
  StringMap<std::string> resource_to_kind;
  StringMap<KindInfo> kind_to_plural;
  std::vector<std::string> kind_order;  // kinds in first-registration order
  std::vector<PluralMatch> plurals;     // pluralToSingular, first-insertion order
  StringMap<std::size_t> plural_index;
  StringMap<ResourceHit> hits;
};

}  // namespace apimachinery::restmapper::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/internal/impl/builder.ipp"
#endif
