// Definitions of the non-template functions declared in <apimachinery/runtime/scheme_restmapper.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/scheme_restmapper.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL std::shared_ptr<meta::DefaultRESTMapper> NewRESTMapperFromScheme(
    const Scheme& scheme, const SchemeRESTMapperOptions& options) {
  std::vector<schema::GroupVersion> versions = scheme.PrioritizedVersionsAllGroups();
  auto mapper = std::make_shared<meta::DefaultRESTMapper>(versions);
  for (const auto& gv : versions) {
    for (const auto& [kind, type] : scheme.KnownTypes(gv)) {
      if (options.ignored_kinds.count(kind)) continue;
      const schema::GroupVersionKind gvk = gv.WithKind(kind);
      std::unique_ptr<Object> probe = scheme.New(gvk);
      if (probe->GetListMeta() != nullptr) continue;
      if (scheme.IsUnversioned(*probe).first) continue;
      meta::RESTScopeName scope = meta::RESTScopeName::kNamespace;
      if (options.scope_of) {
        scope = options.scope_of(gvk);
      } else if (options.root_kinds.count(kind)) {
        scope = meta::RESTScopeName::kRoot;
      }
      mapper->Add(gvk, scope);
    }
  }
  return mapper;
}

}  // namespace apimachinery::runtime
