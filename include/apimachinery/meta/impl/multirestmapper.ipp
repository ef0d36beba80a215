// Definitions of the non-template functions declared in <apimachinery/meta/multirestmapper.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/multirestmapper.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL const std::vector<std::shared_ptr<RESTMapper>>& MultiRESTMapper::delegates()
    const noexcept {
  return delegates_;
}

}  // namespace apimachinery::meta

namespace apimachinery::meta::internal {

APIMACHINERY_DECL std::string IndentLines(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (char c : s) {
    out.push_back(c);
    if (c == '\n') out.push_back('\t');
  }
  return out;
}

}  // namespace apimachinery::meta::internal

namespace apimachinery::meta {

APIMACHINERY_DECL MultiRESTMapper::MultiRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates)
    : delegates_(std::move(delegates)) {
  for (const auto& d : delegates_) {
    if (!d) throw Error("meta: MultiRESTMapper delegate must not be null");
  }
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> MultiRESTMapper::TryResourcesFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<std::vector<schema::GroupVersionResource>>;
  std::vector<schema::GroupVersionResource> all;
  internal::UniqueAppender<schema::GroupVersionResource> appender;
  for (const auto& d : delegates_) {
    auto r = d->TryResourcesFor(resource);
    if (r.error.IsNoMatch()) continue;
    if (r.error) return Result::Err(std::move(r.error));
    if (!r.value) continue;
    appender.Append(all, std::move(*r.value));  // also removes a delegate's own duplicates
  }
  if (all.empty()) return Result::Err(MapperError::NoResourceMatch(resource));
  return Result::Ok(std::move(all));
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> MultiRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<std::vector<schema::GroupVersionKind>>;
  std::vector<schema::GroupVersionKind> all;
  internal::UniqueAppender<schema::GroupVersionKind> appender;
  for (const auto& d : delegates_) {
    auto r = d->TryKindsFor(resource);
    if (r.error.IsNoMatch()) continue;
    if (r.error) return Result::Err(std::move(r.error));
    if (!r.value) continue;
    appender.Append(all, std::move(*r.value));
  }
  if (all.empty()) return Result::Err(MapperError::NoResourceMatch(resource));
  return Result::Ok(std::move(all));
}

APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> MultiRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionResource>;
  auto all = MultiRESTMapper::TryResourcesFor(resource);
  if (all.error) return Result::Err(std::move(all.error));
  if (all.value->size() == 1) return Result::Ok(std::move(all.value->front()));
  return Result::Err(MapperError::AmbiguousResource(resource, std::move(*all.value), {}));
}

APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> MultiRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionKind>;
  auto all = MultiRESTMapper::TryKindsFor(resource);
  if (all.error) return Result::Err(std::move(all.error));
  if (all.value->size() == 1) return Result::Ok(std::move(all.value->front()));
  return Result::Err(MapperError::AmbiguousResource(resource, {}, std::move(*all.value)));
}

APIMACHINERY_DECL MapperResult<meta::RESTMapping> MultiRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = MapperResult<meta::RESTMapping>;
  std::vector<meta::RESTMapping> all;
  std::vector<MapperError> errors;
  for (const auto& d : delegates_) {
    auto r = d->TryRESTMapping(gk, versions);
    if (r.error.IsNoMatch()) continue;
    if (r.error) {
      errors.push_back(std::move(r.error));
      continue;
    }
    // A delegate returning neither a mapping nor an error contributes a zero mapping (upstream
    // would append its nil *RESTMapping).
    all.push_back(r.value ? std::move(*r.value) : meta::RESTMapping{});
  }
  if (all.size() == 1) return Result::Ok(std::move(all.front()));
  if (all.size() > 1) {
    std::vector<schema::GroupVersionKind> kinds;
    kinds.reserve(all.size());
    for (auto& m : all) kinds.push_back(std::move(m.group_version_kind));
    return Result::Err(MapperError::AmbiguousKind(gk.WithVersion(""), {}, std::move(kinds)));
  }
  if (!errors.empty()) return Result::Err(MapperError::Aggregate(errors));  // even for one error
  return Result::Err(MapperError::NoKindMatch(gk, versions));
}

APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> MultiRESTMapper::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = MapperResult<std::vector<meta::RESTMapping>>;
  std::vector<meta::RESTMapping> all;
  std::vector<MapperError> errors;
  for (const auto& d : delegates_) {
    auto r = d->TryRESTMappings(gk, versions);
    if (r.error.IsNoMatch()) continue;
    if (r.error) {
      errors.push_back(std::move(r.error));
      continue;
    }
    if (!r.value) continue;
    if (all.empty()) {
      all = std::move(*r.value);
    } else {
      for (auto& m : *r.value) all.push_back(std::move(m));
    }
  }
  if (!errors.empty()) return Result::Err(MapperError::Aggregate(errors));  // even for one error
  if (all.empty()) return Result::Err(MapperError::NoKindMatch(gk, versions));
  return Result::Ok(std::move(all));
}

APIMACHINERY_DECL MapperResult<std::string> MultiRESTMapper::TryResourceSingularizer(
    std::string_view resource) const {
  MapperResult<std::string> last = MapperResult<std::string>::Ok(std::string());
  for (const auto& d : delegates_) {
    last = d->TryResourceSingularizer(resource);
    if (!last.error) return last;
  }
  return last;
}

APIMACHINERY_DECL void MultiRESTMapper::Reset() {
  for (const auto& d : delegates_) MaybeResetRESTMapper(*d);
}

APIMACHINERY_DECL std::string MultiRESTMapper::String() const {
  std::string out = "MultiRESTMapper{\n\t";
  for (std::size_t i = 0; i < delegates_.size(); ++i) {
    if (i) out += "\n\t";
    out += internal::IndentLines(delegates_[i]->String());
  }
  out += "\n}";
  return out;
}

}  // namespace apimachinery::meta
