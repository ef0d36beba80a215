// restmapper/shortcut.hpp: ShortcutExpander, the RESTMapper layer that expands short names
// ("deploy", "po", "hpa") the way kubectl does (k8s.io/client-go/restmapper, shortcut.go).
//
//   auto expander = std::make_shared<restmapper::ShortcutExpander>(mapper, discovery_client);
//   expander->SetWarningHandler([](const std::string& w) { fmt::print(stderr, "Warning: {}\n", w); });
//   expander->ResourceFor({"", "", "deploy"});   // apps/v1, Resource=deployments
//   expander->KindFor({"", "", "po"});           // /v1, Kind=Pod
//
// Every resource-based call (KindFor, KindsFor, ResourceFor, ResourcesFor, ResourceSingularizer)
// first expands the requested resource with what discovery serves now, then asks the delegate.
// RESTMapping / RESTMappings pass through unchanged. The expansion (upstream-semantics §8):
// 1. The resource lists come from discovery::ServerGroupsAndResources (a failing group-version is
//    skipped; if the group list itself cannot be fetched, nothing is expanded). Lists whose group
//    version does not parse are skipped.
// 2. An exact match wins: if any resource (in the requested group, or in any group when none is
//    requested) has the requested name as its name or singular name, the request is unchanged.
// 3. Otherwise the first resource (in discovery order) with the requested short name (in the
//    requested group, if one is given) wins: the result is {its group, "", its name}; the
//    requested version is dropped. Each later match naming a different group-resource calls the
//    warning handler once per distinct group-resource:
//      short name "hpa" could also match lower priority resource horizontalpodautoscalers.autoscaling
//    Later matches of the same group-resource (another version) are silent.
// 4. With a group given and no short-name hit there, the first short name whose group starts with
//    the requested group ("autoscal" -> "autoscaling") replaces group and resource; the version is
//    kept.
// 5. Otherwise the request is unchanged. Matching is case-sensitive.
// KindFor: when the delegate answers no-match, the expansion is recomputed (a Deferred delegate
// may have refreshed discovery meanwhile) and the delegate asked once more.
//
// Throws: what the delegate throws (meta errors), at the public boundary only; discovery failures
// are swallowed (no expansion), as upstream logs and ignores them. The constructor throws
// apimachinery::Error for a null delegate or client.
// Thread-safety: all lookups may run from many threads at once; calls into the discovery client
// are serialised by the expander (a client shared with other users must itself be thread-safe).
// SetWarningHandler may be called concurrently with lookups; the handler is called outside any
// lock, possibly from several threads at once.
//
// Differences from upstream:
// - The warning handler is a constructor argument or set later (upstream: NewShortcutExpander's
//   third argument only).
// - ExpandResourceShortcut (upstream: unexported expandResourceShortcut) is public.
// - Go's %q in the warning is rendered for printable text with `"` and `\` escaped.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/validation.hpp"

namespace apimachinery::restmapper {

// ShortcutExpander: a RESTMapper that expands short names before asking its delegate.
class ShortcutExpander : public meta::ResettableRESTMapper {
 public:
  using WarningHandler = std::function<void(const std::string&)>;

  ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate, std::shared_ptr<discovery::DiscoveryInterface> client,
                   WarningHandler warning_handler = {});

  // SetWarningHandler replaces the handler told about lower-priority short-name matches (empty:
  // none).
  void SetWarningHandler(WarningHandler handler);

  // ExpandResourceShortcut returns the request with a short name expanded (see the file comment).
  schema::GroupVersionResource ExpandResourceShortcut(const schema::GroupVersionResource& resource) const;

  // Reset resets the delegate if it is resettable.
  inline void Reset() override;

  inline meta::MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;

  std::string String() const override { return "ShortcutExpander{" + delegate_->String() + "}"; }

  const std::shared_ptr<meta::RESTMapper>& delegate() const noexcept { return delegate_; }

 private:
  // The resource lists discovery serves now, with their parsed group-versions (unparsable lists
  // are dropped). Empty when the groups cannot be fetched.
  struct Lists {
    std::vector<discovery::APIResourceList> lists;
    std::vector<schema::GroupVersion> gvs;
  };
  Lists FetchLists() const;

  std::shared_ptr<meta::RESTMapper> delegate_;
  std::shared_ptr<discovery::DiscoveryInterface> client_;
  mutable std::mutex client_mu_;  // serialises calls into client_
  mutable std::mutex handler_mu_;
  WarningHandler warning_handler_;
};

// NewShortcutExpander: upstream's constructor function.
std::shared_ptr<meta::ResettableRESTMapper> NewShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                                                                std::shared_ptr<discovery::DiscoveryInterface> client,
                                                                ShortcutExpander::WarningHandler warning_handler = {});

// Implementation details follow.

namespace internal {

// GoQuote renders `s` as Go's %q does for printable text.
inline std::string GoQuote(std::string_view s) { return validation::GoQuote(s); }

}  // namespace internal

inline ShortcutExpander::ShortcutExpander(std::shared_ptr<meta::RESTMapper> delegate,
                                          std::shared_ptr<discovery::DiscoveryInterface> client,
                                          WarningHandler warning_handler)
    : delegate_(std::move(delegate)), client_(std::move(client)), warning_handler_(std::move(warning_handler)) {
  if (!delegate_) throw Error("restmapper: ShortcutExpander needs a delegate RESTMapper");
  if (!client_) throw Error("restmapper: ShortcutExpander needs a discovery client");
}

inline std::shared_ptr<meta::ResettableRESTMapper> NewShortcutExpander(
    std::shared_ptr<meta::RESTMapper> delegate, std::shared_ptr<discovery::DiscoveryInterface> client,
    ShortcutExpander::WarningHandler warning_handler) {
  return std::make_shared<ShortcutExpander>(std::move(delegate), std::move(client), std::move(warning_handler));
}

inline void ShortcutExpander::SetWarningHandler(WarningHandler handler) {
  std::lock_guard<std::mutex> lock(handler_mu_);
  warning_handler_ = std::move(handler);
}

inline ShortcutExpander::Lists ShortcutExpander::FetchLists() const {
  Lists out;
  try {
    std::lock_guard<std::mutex> lock(client_mu_);
    out.lists = discovery::ServerGroupsAndResources(*client_).resources;
  } catch (...) {
    // Upstream logs the discovery error and expands nothing.
    return {};
  }
  out.gvs.reserve(out.lists.size());
  std::size_t kept = 0;
  for (std::size_t i = 0; i < out.lists.size(); ++i) {
    try {
      out.gvs.push_back(schema::ParseGroupVersion(out.lists[i].group_version));
    } catch (const schema::ParseError&) {
      continue;  // upstream skips lists whose group-version does not parse
    }
    if (kept != i) out.lists[kept] = std::move(out.lists[i]);
    ++kept;
  }
  out.lists.resize(kept);
  return out;
}

inline schema::GroupVersionResource ShortcutExpander::ExpandResourceShortcut(
    const schema::GroupVersionResource& resource) const {
  const Lists all = FetchLists();
  const bool any_group = resource.group.empty();

  // Exact full (or singular) names are never expanded.
  for (std::size_t i = 0; i < all.lists.size(); ++i) {
    if (!any_group && resource.group != all.gvs[i].group) continue;
    for (const auto& r : all.lists[i].resources) {
      if (resource.resource == r.name || resource.resource == r.singular_name) return resource;
    }
  }

  // Short names, in discovery order; the first wins, later distinct ones are reported.
  std::optional<schema::GroupResource> found;
  std::vector<schema::GroupResource> warned;
  for (std::size_t i = 0; i < all.lists.size(); ++i) {
    const std::string& group = all.gvs[i].group;
    if (!any_group && resource.group != group) continue;
    for (const auto& r : all.lists[i].resources) {
      for (const auto& short_name : r.short_names) {
        if (short_name != resource.resource) continue;
        if (!found) {
          found = schema::GroupResource{group, r.name};
          continue;
        }
        if (found->group == group && found->resource == r.name) continue;  // another version
        bool seen = false;
        for (const auto& w : warned) seen = seen || (w.group == group && w.resource == r.name);
        if (!seen) warned.push_back(schema::GroupResource{group, r.name});
      }
    }
  }
  if (found) {
    if (!warned.empty()) {
      WarningHandler handler;
      {
        std::lock_guard<std::mutex> lock(handler_mu_);
        handler = warning_handler_;
      }
      if (handler) {
        for (const auto& w : warned) {
          handler(fmt::format("short name {} could also match lower priority resource {}",
                              internal::GoQuote(resource.resource), w.String()));
        }
      }
    }
    return schema::GroupVersionResource{found->group, "", found->resource};
  }

  // No exact short-name hit: match the group as a prefix ("autoscal" finds autoscaling).
  if (any_group) return resource;
  for (std::size_t i = 0; i < all.lists.size(); ++i) {
    const std::string& group = all.gvs[i].group;
    if (group.compare(0, resource.group.size(), resource.group) != 0) continue;
    for (const auto& r : all.lists[i].resources) {
      for (const auto& short_name : r.short_names) {
        if (short_name == resource.resource) return schema::GroupVersionResource{group, resource.version, r.name};
      }
    }
  }
  return resource;
}

inline void ShortcutExpander::Reset() { meta::MaybeResetRESTMapper(*delegate_); }

inline meta::MapperResult<schema::GroupVersionKind> ShortcutExpander::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  auto result = delegate_->TryKindFor(ExpandResourceShortcut(resource));
  // Discovery may have been refreshed by the delegate (a Deferred mapper): expand again.
  if (result.error && result.error.IsNoMatch()) return delegate_->TryKindFor(ExpandResourceShortcut(resource));
  return result;
}

inline meta::MapperResult<std::vector<schema::GroupVersionKind>> ShortcutExpander::TryKindsFor(
    const schema::GroupVersionResource& resource) const {
  return delegate_->TryKindsFor(ExpandResourceShortcut(resource));
}

inline meta::MapperResult<schema::GroupVersionResource> ShortcutExpander::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourceFor(ExpandResourceShortcut(input));
}

inline meta::MapperResult<std::vector<schema::GroupVersionResource>> ShortcutExpander::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  return delegate_->TryResourcesFor(ExpandResourceShortcut(input));
}

inline meta::MapperResult<meta::RESTMapping> ShortcutExpander::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMapping(gk, versions);
}

inline meta::MapperResult<std::vector<meta::RESTMapping>> ShortcutExpander::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  return delegate_->TryRESTMappings(gk, versions);
}

inline meta::MapperResult<std::string> ShortcutExpander::TryResourceSingularizer(std::string_view resource) const {
  return delegate_->TryResourceSingularizer(
      ExpandResourceShortcut(schema::GroupVersionResource{"", "", std::string(resource)}).resource);
}

}  // namespace apimachinery::restmapper
