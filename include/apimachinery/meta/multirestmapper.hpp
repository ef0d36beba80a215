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

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::meta {

// MultiRESTMapper: a RESTMapper over several delegates (see the file comment).
class MultiRESTMapper : public ResettableRESTMapper {
 public:
  // Throws: apimachinery::Error if a delegate is null.
  APIMACHINERY_DECL explicit MultiRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates);

  APIMACHINERY_DECL const std::vector<std::shared_ptr<RESTMapper>>& delegates() const noexcept;

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

  // Resets every delegate that is resettable.
  APIMACHINERY_DECL void Reset() override;

  // `MultiRESTMapper{\n\t<delegate>\n\t<delegate>\n}`, each delegate's lines indented by a tab.
  APIMACHINERY_DECL std::string String() const override;

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
APIMACHINERY_DECL std::string IndentLines(std::string_view s);

}  // namespace internal

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/multirestmapper.ipp"
#endif
