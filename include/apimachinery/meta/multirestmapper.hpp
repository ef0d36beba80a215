// meta/multirestmapper.hpp: MultiRESTMapper (k8s.io/apimachinery/pkg/api/meta/multirestmapper.go).
//
// MultiRESTMapper asks an ordered list of delegate mappers and merges their answers: the plural
// lookups concatenate the delegates' results (de-duplicated, first-seen order), the singular ones
// report ambiguity across delegates. A delegate that reports "no match" is skipped.
//
// Example:
//   std::vector<schema::GroupVersion> core{{"", "v1"}}, apps{{"apps", "v1"}};
//   auto core_mapper = std::make_shared<meta::DefaultRESTMapper>(core);
//   core_mapper->Add({"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
//   auto apps_mapper = std::make_shared<meta::DefaultRESTMapper>(apps);
//   apps_mapper->Add({"apps", "v1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   meta::MultiRESTMapper m({core_mapper, apps_mapper});
//   m.ResourcesFor({"", "", "deployments"});   // union of both delegates' answers
//
// Throws (k8s.io/apimachinery/pkg/api/meta/multirestmapper.go):
// - ResourcesFor/KindsFor: the first non-no-match error of a delegate (as is); NoResourceMatchError
//   (the request) when nothing was collected.
// - ResourceFor/KindFor: as above; AmbiguousResourceError (matching_resources resp.
//   matching_kinds) for several results.
// - RESTMapping: one mapping is returned even if other delegates failed; several →
//   AmbiguousKindError{gk without version, matching_kinds}; else the collected non-no-match errors
//   (always wrapped in an AggregateError, as upstream's NewAggregate does, even for one);
//   else NoKindMatchError{gk, versions}.
// - RESTMappings: any non-no-match error → AggregateError of them and no mappings; nothing →
//   NoKindMatchError{gk, versions}; else the concatenation in delegate order (no de-duplication).
// - ResourceSingularizer: the first delegate without error wins; else the last delegate's error;
//   no delegates → "".
//
// Thread-safety: immutable after construction; const methods are as thread-safe as the delegates'
// (all mappers of this package are). Reset() forwards to every resettable delegate and is as
// thread-safe as their Reset().
//
// Differences from upstream: the delegate list is fixed at construction (Go's is a mutable slice);
// null delegates are rejected (upstream would panic on use).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "apimachinery/error.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::meta {

// MultiRESTMapper: a RESTMapper over several delegates (see the file comment).
class MultiRESTMapper : public ResettableRESTMapper {
 public:
  // Throws: apimachinery::Error if a delegate is null.
  explicit MultiRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates);

  const std::vector<std::shared_ptr<RESTMapper>>& delegates() const noexcept { return delegates_; }

  inline MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  inline MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  inline MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  inline MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  inline MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;

  // Resets every delegate that is resettable.
  inline void Reset() override;

  // `MultiRESTMapper{\n\t<delegate>\n\t<delegate>\n}`, each delegate's lines indented by a tab.
  inline std::string String() const override;

 private:
  std::vector<std::shared_ptr<RESTMapper>> delegates_;
};

// Implementation details follow.

namespace internal {

// Appends the items of `from` that are not yet in `into` (first-seen order, as upstream's linear
// de-duplication). Once `into` grows past a few items, a hash set of indexes into `into` keeps
// large unions linear without copying items; the result is identical.
template <typename T>
class UniqueAppender {
 public:
  void Append(std::vector<T>& into, std::vector<T>&& from) {
    constexpr std::size_t kLinearLimit = 16;
    for (auto& item : from) {
      if (into.size() < kLinearLimit) {
        bool found = false;
        for (std::size_t i = 0; i < into.size() && !found; ++i) found = into[i] == item;
        if (!found) into.push_back(std::move(item));
        continue;
      }
      if (!seen_) {
        seen_.emplace(0, IndexHash{&into}, IndexEq{&into});
        for (std::size_t i = 0; i < into.size(); ++i) seen_->insert(i);
      }
      into.push_back(std::move(item));
      if (!seen_->insert(into.size() - 1).second) into.pop_back();
    }
  }

 private:
  struct IndexHash {
    const std::vector<T>* items;
    std::size_t operator()(std::size_t i) const noexcept { return std::hash<T>{}((*items)[i]); }
  };
  struct IndexEq {
    const std::vector<T>* items;
    bool operator()(std::size_t a, std::size_t b) const noexcept { return (*items)[a] == (*items)[b]; }
  };
  std::optional<std::unordered_set<std::size_t, IndexHash, IndexEq>> seen_;
};

// Indents every line after the first by a tab (upstream: strings.Join(strings.Split(s, "\n"), "\n\t")).
inline std::string IndentLines(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (char c : s) {
    out.push_back(c);
    if (c == '\n') out.push_back('\t');
  }
  return out;
}

}  // namespace internal

inline MultiRESTMapper::MultiRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates)
    : delegates_(std::move(delegates)) {
  for (const auto& d : delegates_) {
    if (!d) throw Error("meta: MultiRESTMapper delegate must not be null");
  }
}

inline MapperResult<std::vector<schema::GroupVersionResource>> MultiRESTMapper::TryResourcesFor(
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

inline MapperResult<std::vector<schema::GroupVersionKind>> MultiRESTMapper::TryKindsFor(
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

inline MapperResult<schema::GroupVersionResource> MultiRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionResource>;
  auto all = MultiRESTMapper::TryResourcesFor(resource);
  if (all.error) return Result::Err(std::move(all.error));
  if (all.value->size() == 1) return Result::Ok(std::move(all.value->front()));
  return Result::Err(MapperError::AmbiguousResource(resource, std::move(*all.value), {}));
}

inline MapperResult<schema::GroupVersionKind> MultiRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionKind>;
  auto all = MultiRESTMapper::TryKindsFor(resource);
  if (all.error) return Result::Err(std::move(all.error));
  if (all.value->size() == 1) return Result::Ok(std::move(all.value->front()));
  return Result::Err(MapperError::AmbiguousResource(resource, {}, std::move(*all.value)));
}

inline MapperResult<meta::RESTMapping> MultiRESTMapper::TryRESTMapping(
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

inline MapperResult<std::vector<meta::RESTMapping>> MultiRESTMapper::TryRESTMappings(
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

inline MapperResult<std::string> MultiRESTMapper::TryResourceSingularizer(std::string_view resource) const {
  MapperResult<std::string> last = MapperResult<std::string>::Ok(std::string());
  for (const auto& d : delegates_) {
    last = d->TryResourceSingularizer(resource);
    if (!last.error) return last;
  }
  return last;
}

inline void MultiRESTMapper::Reset() {
  for (const auto& d : delegates_) MaybeResetRESTMapper(*d);
}

inline std::string MultiRESTMapper::String() const {
  std::string out = "MultiRESTMapper{\n\t";
  for (std::size_t i = 0; i < delegates_.size(); ++i) {
    if (i) out += "\n\t";
    out += internal::IndentLines(delegates_[i]->String());
  }
  out += "\n}";
  return out;
}

}  // namespace apimachinery::meta
