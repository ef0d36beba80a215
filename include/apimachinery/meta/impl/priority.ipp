// Definitions of the non-template functions declared in <apimachinery/meta/priority.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/priority.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL const std::shared_ptr<RESTMapper>& PriorityRESTMapper::delegate() const noexcept {
  return delegate_;
}

APIMACHINERY_DECL const std::vector<schema::GroupVersionResource>& PriorityRESTMapper::resource_priority()
    const noexcept {
  return resource_priority_;
}

APIMACHINERY_DECL const std::vector<schema::GroupVersionKind>& PriorityRESTMapper::kind_priority()
    const noexcept {
  return kind_priority_;
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> PriorityRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  return delegate_->TryKindsFor(resource);
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> PriorityRESTMapper::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourcesFor(input);
}

APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> PriorityRESTMapper::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMappings(gk, versions);
}

APIMACHINERY_DECL MapperResult<std::string> PriorityRESTMapper::TryResourceSingularizer(
    std::string_view resource) const {
  return delegate_->TryResourceSingularizer(resource);
}

APIMACHINERY_DECL void PriorityRESTMapper::Reset() { MaybeResetRESTMapper(*delegate_); }

}  // namespace apimachinery::meta

namespace apimachinery::meta::internal {

APIMACHINERY_DECL bool PatternFieldMatches(std::string_view pattern, std::string_view value,
                                           std::string_view any) noexcept {
  return pattern == any || pattern == value;
}

APIMACHINERY_DECL bool ResourceMatches(const schema::GroupVersionResource& pattern,
                                       const schema::GroupVersionResource& resource) noexcept {
  return PatternFieldMatches(pattern.group, resource.group, kAnyGroup) &&
         PatternFieldMatches(pattern.version, resource.version, kAnyVersion) &&
         PatternFieldMatches(pattern.resource, resource.resource, kAnyResource);
}

APIMACHINERY_DECL bool KindMatches(const schema::GroupVersionKind& pattern,
                                   const schema::GroupVersionKind& kind) noexcept {
  return PatternFieldMatches(pattern.group, kind.group, kAnyGroup) &&
         PatternFieldMatches(pattern.version, kind.version, kAnyVersion) &&
         PatternFieldMatches(pattern.kind, kind.kind, kAnyKind);
}

}  // namespace apimachinery::meta::internal

namespace apimachinery::meta {

APIMACHINERY_DECL PriorityRESTMapper::PriorityRESTMapper(
    std::shared_ptr<RESTMapper> delegate, std::vector<schema::GroupVersionResource> resource_priority,
    std::vector<schema::GroupVersionKind> kind_priority)
    : delegate_(std::move(delegate)),
      resource_priority_(std::move(resource_priority)),
      kind_priority_(std::move(kind_priority)) {
  if (!delegate_) throw Error("meta: PriorityRESTMapper delegate must not be null");
}

APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> PriorityRESTMapper::TryResourceFor(
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

APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> PriorityRESTMapper::TryKindFor(
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

APIMACHINERY_DECL MapperResult<meta::RESTMapping> PriorityRESTMapper::TryRESTMapping(
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

APIMACHINERY_DECL std::string PriorityRESTMapper::String() const {
  return "PriorityRESTMapper{\n\t" + internal::JoinList(resource_priority_) + "\n\t" +
         internal::JoinList(kind_priority_) + "\n\t" + delegate_->String() + "\n}";
}

}  // namespace apimachinery::meta
