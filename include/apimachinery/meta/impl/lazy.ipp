// Definitions of the non-template functions declared in <apimachinery/meta/lazy.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/lazy.hpp"

namespace apimachinery::meta::internal {

APIMACHINERY_DECL LazyRESTMapper::LazyRESTMapper(RESTMapperLoader loader) : loader_(std::move(loader)) {}

APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> LazyRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  if (const auto* err = Init()) return MapperResult<schema::GroupVersionKind>::Err(*err);
  return mapper_->TryKindFor(resource);
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> LazyRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  if (const auto* err = Init()) return MapperResult<std::vector<schema::GroupVersionKind>>::Err(*err);
  return mapper_->TryKindsFor(resource);
}

APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> LazyRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  if (const auto* err = Init()) return MapperResult<schema::GroupVersionResource>::Err(*err);
  return mapper_->TryResourceFor(input);
}

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> LazyRESTMapper::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  if (const auto* err = Init()) return MapperResult<std::vector<schema::GroupVersionResource>>::Err(*err);
  return mapper_->TryResourcesFor(input);
}

APIMACHINERY_DECL MapperResult<meta::RESTMapping> LazyRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  if (const auto* err = Init()) return MapperResult<meta::RESTMapping>::Err(*err);
  return mapper_->TryRESTMapping(gk, versions);
}

APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> LazyRESTMapper::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  if (const auto* err = Init()) return MapperResult<std::vector<meta::RESTMapping>>::Err(*err);
  return mapper_->TryRESTMappings(gk, versions);
}

APIMACHINERY_DECL MapperResult<std::string> LazyRESTMapper::TryResourceSingularizer(
    std::string_view resource) const {
  if (const auto* err = Init()) return MapperResult<std::string>::Err(*err);
  return mapper_->TryResourceSingularizer(resource);
}

APIMACHINERY_DECL void LazyRESTMapper::Reset() {
  std::lock_guard<std::mutex> lock(mu_);
  if (loaded_.load(std::memory_order_relaxed) && !err_ && mapper_) MaybeResetRESTMapper(*mapper_);
}

APIMACHINERY_DECL bool LazyRESTMapper::Loaded() const noexcept {
  return loaded_.load(std::memory_order_acquire);
}

APIMACHINERY_DECL std::string LazyRESTMapper::String() const {
  if (!Loaded()) return "LazyRESTMapper{<not loaded>}";
  if (err_) return "LazyRESTMapper{error: " + err_.Message() + "}";
  return "LazyRESTMapper{" + mapper_->String() + "}";
}

APIMACHINERY_DECL const MapperError* LazyRESTMapper::Init() const {
  if (!loaded_.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!loaded_.load(std::memory_order_relaxed)) {
      try {
        mapper_ = loader_();
        if (!mapper_) err_ = MapperError::Plain("meta: lazy RESTMapper loader returned no mapper");
      } catch (...) {
        mapper_.reset();
        err_ = MapperError::FromCurrentException();
      }
      loaded_.store(true, std::memory_order_release);
    }
  }
  return err_ ? &err_ : nullptr;
}

}  // namespace apimachinery::meta::internal

namespace apimachinery::meta {

APIMACHINERY_DECL std::shared_ptr<ResettableRESTMapper> NewLazyRESTMapperLoader(RESTMapperLoader fn) {
  return std::make_shared<internal::LazyRESTMapper>(std::move(fn));
}

}  // namespace apimachinery::meta
