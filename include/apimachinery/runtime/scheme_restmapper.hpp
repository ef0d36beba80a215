// NewRESTMapperFromScheme: a meta::DefaultRESTMapper for the kinds a Scheme knows at compile time
// (what controller-runtime and apimachinery's testrestmapper build for static types).
//
// Example (namespace scope):
//   namespace v1 {
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   }  // namespace v1
//   namespace v2 {
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   }  // namespace v2
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<v1::Widget>({"widgets.example.com", "v1"});
//   scheme.AddKnownTypes<v2::Widget>({"widgets.example.com", "v2"});
//   scheme.SetVersionPriority({{"widgets.example.com", "v2"}, {"widgets.example.com", "v1"}});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme, {.root_kinds = {"Namespace", "Node"}});
//   mapper->RESTMapping({"widgets.example.com", "Widget"});   // the preferred version (v2)
//
// - The mapper's default group versions are Scheme::PrioritizedVersionsAllGroups(), so lookups
//   without a version resolve to the preferred version of each group, and results are ordered by
//   version priority.
// - Every kind registered in an external version is added (resources guessed from the kind, as
//   meta::DefaultRESTMapper::Add does), except internal versions, unversioned types, list types
//   (types with ListMeta) and `ignored_kinds`.
// - KindFor/ResourceFor of a resource served in several versions is ambiguous, exactly as a bare
//   upstream DefaultRESTMapper; KindsFor/RESTMappings list all versions in priority order, and
//   RESTMapping(gk) picks the preferred version. Wrap it in meta::PriorityRESTMapper if needed.
// - Scope: `root_kinds` are cluster-scoped, everything else namespaced, unless `scope_of` is set.
//
// Throws: what Scheme::New throws (only std::bad_alloc for registered kinds).
// Thread-safety: reads the Scheme (const); the returned mapper is safe for concurrent lookups.
// Differences from upstream: Go's testrestmapper builds a Priority(Multi(per-group mappers)); one
// DefaultRESTMapper with the prioritised version list answers the same lookups for static types.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::runtime {

struct SchemeRESTMapperOptions {
  std::set<std::string> root_kinds = {};     // cluster-scoped kinds
  std::set<std::string> ignored_kinds = {};  // not resources (options, events of other kinds, ...)
  // When set, decides the scope of every kind (root_kinds is then ignored).
  std::function<meta::RESTScopeName(const schema::GroupVersionKind&)> scope_of = {};
};

std::shared_ptr<meta::DefaultRESTMapper> NewRESTMapperFromScheme(const Scheme& scheme,
                                                                 const SchemeRESTMapperOptions& options = {});

// Implementation details follow.

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/scheme_restmapper.ipp"
#endif
