// meta/priority.hpp: PriorityRESTMapper and the Any* wildcards
// (k8s.io/apimachinery/pkg/api/meta/priority.go).
//
// PriorityRESTMapper resolves ambiguity: it asks its delegate for every match, then narrows the
// list with ordered patterns until one remains. A pattern field matches when it is "*" or exactly
// equal (an empty field matches only the empty string, so {"", "v1", "*"} means "core v1"). A
// pattern that matches nothing is skipped; one that matches several narrows the list and the next
// pattern continues from there.
//
// Example:
//   std::vector<schema::GroupVersion> extensions_gv{{"extensions", "v1beta1"}}, apps_gv{{"apps", "v1"}};
//   auto extensions = std::make_shared<meta::DefaultRESTMapper>(extensions_gv);
//   extensions->Add({"extensions", "v1beta1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   auto apps = std::make_shared<meta::DefaultRESTMapper>(apps_gv);
//   apps->Add({"apps", "v1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   std::vector<std::shared_ptr<meta::RESTMapper>> delegates{extensions, apps};
//   auto multi = std::make_shared<meta::MultiRESTMapper>(delegates);
//   meta::PriorityRESTMapper m(multi, {{"", "v1", "*"}}, {{"", "v1", "*"}, {"apps", "*", "*"}});
//   m.KindFor({"", "", "deployments"});   // the apps kind even if another group serves it too
//
// Throws (k8s.io/apimachinery/pkg/api/meta/priority.go):
// - ResourceFor/KindFor: the delegate's ResourcesFor/KindsFor error when it returned no list;
//   AmbiguousResourceError with the delegate's FULL original list (matching_resources resp.
//   matching_kinds) when the patterns do not single one out. When the delegate returned a list
//   together with an error and one element is chosen, the element is returned (the error is
//   dropped at the public boundary; the Try... methods report both).
// - RESTMapping: the delegate's RESTMappings error when it returned none; caller versions become
//   patterns {gk.group, v, "*"} ahead of the kind patterns; AmbiguousKindError{gk without version,
//   kinds of all original mappings} when no single mapping remains.
// - KindsFor, ResourcesFor, RESTMappings, ResourceSingularizer: the delegate's, unchanged.
//
// Thread-safety: immutable after construction; const methods are as thread-safe as the delegate.
// Reset() forwards to the delegate if it is resettable.
//
// Differences from upstream: the delegate and patterns are fixed at construction (Go exposes
// mutable fields); a null delegate is rejected (upstream would panic on use).
#pragma once

#include <cstdint>
#include <memory>
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

// Wildcards for priority patterns.
inline constexpr std::string_view kAnyGroup = "*";
inline constexpr std::string_view kAnyVersion = "*";
inline constexpr std::string_view kAnyResource = "*";
inline constexpr std::string_view kAnyKind = "*";

// PriorityRESTMapper: narrows a delegate's matches by priority patterns (see the file comment).
class PriorityRESTMapper : public ResettableRESTMapper {
 public:
  // Throws: apimachinery::Error if `delegate` is null.
  APIMACHINERY_DECL explicit PriorityRESTMapper(
      std::shared_ptr<RESTMapper> delegate, std::vector<schema::GroupVersionResource> resource_priority = {},
      std::vector<schema::GroupVersionKind> kind_priority = {});

  APIMACHINERY_DECL const std::shared_ptr<RESTMapper>& delegate() const noexcept;
  APIMACHINERY_DECL const std::vector<schema::GroupVersionResource>& resource_priority() const noexcept;
  APIMACHINERY_DECL const std::vector<schema::GroupVersionKind>& kind_priority() const noexcept;

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

  // `PriorityRESTMapper{\n\t[<resource patterns>]\n\t[<kind patterns>]\n\t<delegate>\n}`.
  APIMACHINERY_DECL std::string String() const override;

 private:
  std::shared_ptr<RESTMapper> delegate_;
  std::vector<schema::GroupVersionResource> resource_priority_;
  std::vector<schema::GroupVersionKind> kind_priority_;
};

// Implementation details follow.

namespace internal {

APIMACHINERY_DECL bool PatternFieldMatches(std::string_view pattern, std::string_view value,
                                           std::string_view any) noexcept;

APIMACHINERY_DECL bool ResourceMatches(const schema::GroupVersionResource& pattern,
                                       const schema::GroupVersionResource& resource) noexcept;

APIMACHINERY_DECL bool KindMatches(const schema::GroupVersionKind& pattern,
                                   const schema::GroupVersionKind& kind) noexcept;

// Narrows `items` by `patterns` (upstream's loop). Returns the index (into `items`) of the single
// remaining item, or -1 when the patterns end with several (or none) remaining. `single_after_loop`
// also accepts a list narrowed to exactly one only after the loop (RESTMapping does, the For
// methods cannot reach that state with more than one item).
template <typename Item, typename Pattern, typename Project, typename Match>
long Narrow(const std::vector<Item>& items, const std::vector<Pattern>& patterns, Project project,
            Match match, bool single_after_loop) {
  SmallVec<std::uint32_t, 16> remaining;
  for (std::size_t i = 0; i < items.size(); ++i) remaining.push_back(static_cast<std::uint32_t>(i));
  SmallVec<std::uint32_t, 16> matched;
  for (const auto& pattern : patterns) {
    matched.clear();
    for (std::uint32_t i : remaining) {
      if (match(pattern, project(items[i]))) matched.push_back(i);
    }
    if (matched.empty()) continue;
    if (matched.size() == 1) return static_cast<long>(matched.front());
    remaining = matched;
  }
  if (single_after_loop && remaining.size() == 1) return static_cast<long>(remaining.front());
  return -1;
}

}  // namespace internal

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/priority.ipp"
#endif
