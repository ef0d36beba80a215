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
  explicit PriorityRESTMapper(std::shared_ptr<RESTMapper> delegate,
                              std::vector<schema::GroupVersionResource> resource_priority = {},
                              std::vector<schema::GroupVersionKind> kind_priority = {});

  const std::shared_ptr<RESTMapper>& delegate() const noexcept { return delegate_; }
  const std::vector<schema::GroupVersionResource>& resource_priority() const noexcept {
    return resource_priority_;
  }
  const std::vector<schema::GroupVersionKind>& kind_priority() const noexcept { return kind_priority_; }

  inline MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override {
    return delegate_->TryKindsFor(resource);
  }
  inline MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override {
    return delegate_->TryResourcesFor(input);
  }
  inline MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override {
    return delegate_->TryRESTMappings(gk, versions);
  }
  MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override {
    return delegate_->TryResourceSingularizer(resource);
  }

  void Reset() override { MaybeResetRESTMapper(*delegate_); }

  // `PriorityRESTMapper{\n\t[<resource patterns>]\n\t[<kind patterns>]\n\t<delegate>\n}`.
  inline std::string String() const override;

 private:
  std::shared_ptr<RESTMapper> delegate_;
  std::vector<schema::GroupVersionResource> resource_priority_;
  std::vector<schema::GroupVersionKind> kind_priority_;
};

// Implementation details follow.

namespace internal {

inline bool PatternFieldMatches(std::string_view pattern, std::string_view value,
                                std::string_view any) noexcept {
  return pattern == any || pattern == value;
}

inline bool ResourceMatches(const schema::GroupVersionResource& pattern,
                            const schema::GroupVersionResource& resource) noexcept {
  return PatternFieldMatches(pattern.group, resource.group, kAnyGroup) &&
         PatternFieldMatches(pattern.version, resource.version, kAnyVersion) &&
         PatternFieldMatches(pattern.resource, resource.resource, kAnyResource);
}

inline bool KindMatches(const schema::GroupVersionKind& pattern,
                        const schema::GroupVersionKind& kind) noexcept {
  return PatternFieldMatches(pattern.group, kind.group, kAnyGroup) &&
         PatternFieldMatches(pattern.version, kind.version, kAnyVersion) &&
         PatternFieldMatches(pattern.kind, kind.kind, kAnyKind);
}

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

inline PriorityRESTMapper::PriorityRESTMapper(std::shared_ptr<RESTMapper> delegate,
                                              std::vector<schema::GroupVersionResource> resource_priority,
                                              std::vector<schema::GroupVersionKind> kind_priority)
    : delegate_(std::move(delegate)),
      resource_priority_(std::move(resource_priority)),
      kind_priority_(std::move(kind_priority)) {
  if (!delegate_) throw Error("meta: PriorityRESTMapper delegate must not be null");
}

inline MapperResult<schema::GroupVersionResource> PriorityRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  using Result = MapperResult<schema::GroupVersionResource>;
  auto original = delegate_->TryResourcesFor(input);
  std::vector<schema::GroupVersionResource> list;
  if (original.value) list = std::move(*original.value);
  if (original.error && list.empty()) return Result::Err(std::move(original.error));
  if (list.size() == 1) return Result::Both(std::move(list.front()), std::move(original.error));
  const long hit = internal::Narrow(
      list, resource_priority_, [](const schema::GroupVersionResource& r) -> const auto& { return r; },
      internal::ResourceMatches, false);
  if (hit >= 0) return Result::Both(list[static_cast<std::size_t>(hit)], std::move(original.error));
  return Result::Err(MapperError::AmbiguousResource(input, std::move(list), {}));
}

inline MapperResult<schema::GroupVersionKind> PriorityRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionKind>;
  auto original = delegate_->TryKindsFor(resource);
  std::vector<schema::GroupVersionKind> list;
  if (original.value) list = std::move(*original.value);
  if (original.error && list.empty()) return Result::Err(std::move(original.error));
  if (list.size() == 1) return Result::Both(std::move(list.front()), std::move(original.error));
  const long hit = internal::Narrow(
      list, kind_priority_, [](const schema::GroupVersionKind& k) -> const auto& { return k; },
      internal::KindMatches, false);
  if (hit >= 0) return Result::Both(list[static_cast<std::size_t>(hit)], std::move(original.error));
  return Result::Err(MapperError::AmbiguousResource(resource, {}, std::move(list)));
}

inline MapperResult<meta::RESTMapping> PriorityRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = MapperResult<meta::RESTMapping>;
  auto original = delegate_->TryRESTMappings(gk, versions);
  std::vector<meta::RESTMapping> mappings;
  if (original.value) mappings = std::move(*original.value);
  if (original.error && mappings.empty()) return Result::Err(std::move(original.error));

  const auto project = [](const meta::RESTMapping& m) -> const schema::GroupVersionKind& {
    return m.group_version_kind;
  };
  long hit;
  if (versions.empty()) {
    hit = internal::Narrow(mappings, kind_priority_, project, internal::KindMatches, true);
  } else {
    // Any versions the caller gives take priority over the configured patterns.
    std::vector<schema::GroupVersionKind> priorities;
    priorities.reserve(versions.size() + kind_priority_.size());
    for (const auto& v : versions) {
      priorities.push_back(schema::GroupVersionKind{gk.group, v, std::string(kAnyKind)});
    }
    priorities.insert(priorities.end(), kind_priority_.begin(), kind_priority_.end());
    hit = internal::Narrow(mappings, priorities, project, internal::KindMatches, true);
  }
  if (hit >= 0)
    return Result::Both(std::move(mappings[static_cast<std::size_t>(hit)]), std::move(original.error));

  std::vector<schema::GroupVersionKind> kinds;
  kinds.reserve(mappings.size());
  for (auto& m : mappings) kinds.push_back(std::move(m.group_version_kind));
  return Result::Err(MapperError::AmbiguousKind(gk.WithVersion(""), {}, std::move(kinds)));
}

inline std::string PriorityRESTMapper::String() const {
  return "PriorityRESTMapper{\n\t" + internal::JoinList(resource_priority_) + "\n\t" +
         internal::JoinList(kind_priority_) + "\n\t" + delegate_->String() + "\n}";
}

}  // namespace apimachinery::meta
