// Definitions of the non-template functions declared in <apimachinery/restmapper/discovery.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/discovery.hpp"

namespace apimachinery::restmapper {

APIMACHINERY_DECL std::vector<APIGroupResources> GetAPIGroupResources(discovery::DiscoveryInterface& client) {
  std::vector<discovery::APIGroup> groups = client.ServerGroups();
  std::vector<APIGroupResources> out;
  out.reserve(groups.size());
  for (auto& group : groups) {
    APIGroupResources entry;
    for (const auto& version : group.versions) {
      try {
        discovery::APIResourceList list = client.ServerResourcesForGroupVersion(version.group_version);
        entry.version_resources[version.version] = std::move(list.resources);
      } catch (...) {
        // Partial discovery: this version is left out (upstream drops the per-version errors).
      }
    }
    entry.group = std::move(group);
    out.push_back(std::move(entry));
  }
  return out;
}

APIMACHINERY_DECL std::shared_ptr<meta::RESTMapper> NewDiscoveryRESTMapper(
    const std::vector<APIGroupResources>& groups) {
  std::vector<internal::GroupInput> inputs;
  inputs.reserve(groups.size());
  for (const auto& g : groups) inputs.push_back(internal::GroupInput{&g.group, &g.version_resources});
  return std::make_shared<internal::CompiledRESTMapper>(inputs);
}

APIMACHINERY_DECL DeferredDiscoveryRESTMapper::DeferredDiscoveryRESTMapper(
    std::shared_ptr<discovery::CachedDiscoveryInterface> client)
    : client_(std::move(client)) {
  if (!client_) throw Error("restmapper: DeferredDiscoveryRESTMapper needs a discovery client");
}

APIMACHINERY_DECL std::shared_ptr<const meta::RESTMapper> DeferredDiscoveryRESTMapper::Delegate() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (delegate_) return delegate_;
  // Built under the lock: concurrent first callers wait and share this one build. On a throw
  // nothing is cached, so the next call tries again.
  std::shared_ptr<const meta::RESTMapper> built = NewDiscoveryRESTMapper(GetAPIGroupResources(*client_));
  delegate_ = built;
  return built;
}

APIMACHINERY_DECL bool DeferredDiscoveryRESTMapper::Fresh() const {
  std::lock_guard<std::mutex> lock(mu_);
  return client_->Fresh();
}

APIMACHINERY_DECL void DeferredDiscoveryRESTMapper::ResetLocked() const {
  client_->Invalidate();
  delegate_.reset();
}

APIMACHINERY_DECL void DeferredDiscoveryRESTMapper::Reset() {
  std::lock_guard<std::mutex> lock(mu_);
  ResetLocked();
}

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionKind> DeferredDiscoveryRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  return WithRetry<schema::GroupVersionKind>(
      [&](const meta::RESTMapper& m) { return m.TryKindFor(resource); });
}

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionKind>>
DeferredDiscoveryRESTMapper::TryKindsFor(const schema::GroupVersionResource& resource) const {
  return WithRetry<std::vector<schema::GroupVersionKind>>(
      [&](const meta::RESTMapper& m) { return m.TryKindsFor(resource); });
}

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionResource>
DeferredDiscoveryRESTMapper::TryResourceFor(const schema::GroupVersionResource& input) const {
  return WithRetry<schema::GroupVersionResource>(
      [&](const meta::RESTMapper& m) { return m.TryResourceFor(input); });
}

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionResource>>
DeferredDiscoveryRESTMapper::TryResourcesFor(const schema::GroupVersionResource& input) const {
  return WithRetry<std::vector<schema::GroupVersionResource>>(
      [&](const meta::RESTMapper& m) { return m.TryResourcesFor(input); });
}

APIMACHINERY_DECL meta::MapperResult<meta::RESTMapping> DeferredDiscoveryRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return WithRetry<meta::RESTMapping>(
      [&](const meta::RESTMapper& m) { return m.TryRESTMapping(gk, versions); });
}

APIMACHINERY_DECL meta::MapperResult<std::vector<meta::RESTMapping>>
DeferredDiscoveryRESTMapper::TryRESTMappings(const schema::GroupKind& gk,
                                             const std::vector<std::string>& versions) const {
  return WithRetry<std::vector<meta::RESTMapping>>(
      [&](const meta::RESTMapper& m) { return m.TryRESTMappings(gk, versions); });
}

APIMACHINERY_DECL meta::MapperResult<std::string> DeferredDiscoveryRESTMapper::TryResourceSingularizer(
    std::string_view resource) const {
  return WithRetry<std::string>(
      [&](const meta::RESTMapper& m) { return m.TryResourceSingularizer(resource); });
}

APIMACHINERY_DECL std::string DeferredDiscoveryRESTMapper::String() const {
  std::shared_ptr<const meta::RESTMapper> delegate;
  try {
    delegate = Delegate();
  } catch (const std::exception& e) {
    return std::string("DeferredDiscoveryRESTMapper{") + e.what() + "}";
  }
  return "DeferredDiscoveryRESTMapper{\n\t" + delegate->String() + "\n}";
}

}  // namespace apimachinery::restmapper
