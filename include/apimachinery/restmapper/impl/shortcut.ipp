// Definitions of the non-template functions declared in <apimachinery/restmapper/shortcut.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/shortcut.hpp"

namespace apimachinery::restmapper {

APIMACHINERY_DECL std::string ShortcutExpander::String() const {
  return "ShortcutExpander{" + delegate_->String() + "}";
}

APIMACHINERY_DECL const std::shared_ptr<meta::RESTMapper>& ShortcutExpander::delegate() const noexcept {
  return delegate_;
}

APIMACHINERY_DECL ShortcutExpander::ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                                                     std::shared_ptr<discovery::DiscoveryInterface> client,
                                                     WarningHandler warning_handler)
    : delegate_(std::move(delegate)),
      client_(std::move(client)),
      warning_handler_(std::move(warning_handler)) {
  if (!delegate_) throw Error("restmapper: ShortcutExpander needs a delegate RESTMapper");
  if (!client_) throw Error("restmapper: ShortcutExpander needs a discovery client");
  cached_ = dynamic_cast<discovery::CachedDiscoveryInterface*>(client_.get());
}

APIMACHINERY_DECL std::shared_ptr<meta::ResettableRESTMapper> NewShortcutExpander(
    std::shared_ptr<meta::RESTMapper> delegate, std::shared_ptr<discovery::DiscoveryInterface> client,
    ShortcutExpander::WarningHandler warning_handler) {
  return std::make_shared<ShortcutExpander>(std::move(delegate), std::move(client),
                                            std::move(warning_handler));
}

APIMACHINERY_DECL void ShortcutExpander::SetWarningHandler(WarningHandler handler) {
  std::lock_guard<std::mutex> lock(handler_mu_);
  warning_handler_ = std::move(handler);
}

APIMACHINERY_DECL std::string ShortcutExpander::Warning(const std::string& short_name,
                                                        const schema::GroupResource& also) {
  return fmt::format("short name {} could also match lower priority resource {}", util::Quote(short_name),
                     also.String());
}

APIMACHINERY_DECL void ShortcutExpander::RebuildLocked() const {
  table_.names.clear();
  table_valid_ = false;
  discovery::GroupsAndResources all;
  try {
    all = discovery::ServerGroupsAndResources(*client_);
  } catch (...) {
    // Upstream logs the discovery error and expands nothing; the next expansion asks again.
    return;
  }
  for (const auto& list : all.resources) {
    schema::GroupVersion gv;
    try {
      gv = schema::ParseGroupVersion(list.group_version);
    } catch (const schema::ParseError&) {
      continue;  // upstream skips lists whose group-version does not parse
    }
    const auto exact = [&](const std::string& name) {
      auto& groups = table_.names[name].exact_groups;
      for (const auto& g : groups) {
        if (g == gv.group) return;
      }
      groups.push_back(gv.group);
    };
    for (const auto& r : list.resources) {
      exact(r.name);
      exact(r.singular_name);
      for (const auto& short_name : r.short_names) {
        table_.names[short_name].shortcuts.push_back(schema::GroupResource{gv.group, r.name});
      }
    }
  }
  // A request without a group: the first shortcut wins unless the name is exact somewhere; every
  // later distinct group-resource is warned about.
  for (auto& [short_name, names] : table_.names) {
    if (!names.exact_groups.empty() || names.shortcuts.empty()) continue;
    const schema::GroupResource& found = names.shortcuts.front();
    std::vector<const schema::GroupResource*> warned;
    for (const auto& s : names.shortcuts) {
      if (s == found) continue;  // another version of the winner
      bool seen = false;
      for (const auto* w : warned) seen = seen || *w == s;
      if (seen) continue;
      warned.push_back(&s);
      names.any_group_warnings.push_back(Warning(short_name, s));
    }
  }
  // Only a complete round from a client with nothing newer to say may answer later expansions. A
  // group-version the server says it does not serve (NotFoundError) is an answer; any other
  // failure may be transient and is retried by the next expansion, as upstream's next call does.
  bool complete = true;
  for (const auto& [gv, error] : all.failed) {
    try {
      std::rethrow_exception(error);
    } catch (const discovery::NotFoundError&) {
      continue;
    } catch (...) {
      complete = false;
    }
  }
  table_valid_ = complete && (cached_ == nullptr || cached_->Fresh());
}

APIMACHINERY_DECL ShortcutExpander::Expansion ShortcutExpander::Lookup(
    const Table& table, const schema::GroupVersionResource& resource) {
  const auto it = table.names.find(resource.resource);
  // Neither a name nor a short name anywhere: nothing to expand (the prefix path needs a short name).
  if (it == table.names.end()) return {resource, {}};
  const Names& names = it->second;
  if (resource.group.empty()) {
    // Exact full (or singular) names are never expanded.
    if (!names.exact_groups.empty() || names.shortcuts.empty()) return {resource, {}};
    const auto& found = names.shortcuts.front();
    return {schema::GroupVersionResource{found.group, "", found.resource}, names.any_group_warnings};
  }
  for (const auto& g : names.exact_groups) {
    if (g == resource.group) return {resource, {}};
  }
  // Short names in the requested group, in discovery order; the first wins, later distinct ones
  // are reported.
  const schema::GroupResource* found = nullptr;
  std::vector<const schema::GroupResource*> warned;
  Expansion out;
  for (const auto& s : names.shortcuts) {
    if (s.group != resource.group) continue;
    if (found == nullptr) {
      found = &s;
      continue;
    }
    if (s == *found) continue;  // another version
    bool seen = false;
    for (const auto* w : warned) seen = seen || *w == s;
    if (seen) continue;
    warned.push_back(&s);
    out.warnings.push_back(Warning(resource.resource, s));
  }
  if (found != nullptr) {
    out.resource = schema::GroupVersionResource{found->group, "", found->resource};
    return out;
  }
  // No exact short-name hit: match the group as a prefix ("autoscal" finds autoscaling).
  for (const auto& s : names.shortcuts) {
    if (s.group.compare(0, resource.group.size(), resource.group) != 0) continue;
    return {schema::GroupVersionResource{s.group, resource.version, s.resource}, {}};
  }
  return {resource, {}};
}

APIMACHINERY_DECL void ShortcutExpander::Warn(const std::vector<std::string>& warnings) const {
  if (warnings.empty()) return;
  WarningHandler handler;
  {
    std::lock_guard<std::mutex> lock(handler_mu_);
    handler = warning_handler_;
  }
  if (!handler) return;
  for (const auto& w : warnings) handler(w);
}

APIMACHINERY_DECL schema::GroupVersionResource ShortcutExpander::Expand(
    const schema::GroupVersionResource& resource, bool refresh) const {
  Expansion out;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (refresh || !table_valid_ || (cached_ != nullptr && !cached_->Fresh())) RebuildLocked();
    out = Lookup(table_, resource);
  }
  Warn(out.warnings);
  return std::move(out.resource);
}

APIMACHINERY_DECL schema::GroupVersionResource ShortcutExpander::ExpandResourceShortcut(
    const schema::GroupVersionResource& resource) const {
  return Expand(resource, false);
}

APIMACHINERY_DECL void ShortcutExpander::Reset() {
  // The delegate first: a Deferred delegate invalidates the client, and a table built between the
  // two steps would otherwise survive from the old answers.
  meta::MaybeResetRESTMapper(*delegate_);
  std::lock_guard<std::mutex> lock(mu_);
  table_valid_ = false;
}

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionKind> ShortcutExpander::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  auto result = delegate_->TryKindFor(ExpandResourceShortcut(resource));
  // Discovery may have been refreshed by the delegate (a Deferred mapper): expand again.
  if (result.error && result.error.IsNoMatch()) return delegate_->TryKindFor(Expand(resource, true));
  return result;
}

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionKind>> ShortcutExpander::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  return delegate_->TryKindsFor(ExpandResourceShortcut(resource));
}

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionResource> ShortcutExpander::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourceFor(ExpandResourceShortcut(input));
}

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionResource>>
ShortcutExpander::TryResourcesFor(const schema::GroupVersionResource& input) const {
  return delegate_->TryResourcesFor(ExpandResourceShortcut(input));
}

APIMACHINERY_DECL meta::MapperResult<meta::RESTMapping> ShortcutExpander::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMapping(gk, versions);
}

APIMACHINERY_DECL meta::MapperResult<std::vector<meta::RESTMapping>> ShortcutExpander::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMappings(gk, versions);
}

APIMACHINERY_DECL meta::MapperResult<std::string> ShortcutExpander::TryResourceSingularizer(
    std::string_view resource) const {
  return delegate_->TryResourceSingularizer(
      ExpandResourceShortcut(schema::GroupVersionResource{"", "", std::string(resource)}).resource);
}

}  // namespace apimachinery::restmapper
