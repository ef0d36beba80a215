// restmapper/category_expansion.hpp: category expanders (k8s.io/client-go/restmapper,
// category_expansion.go): what `kubectl get all` expands `all` to.
//
// A category is a tag that resources carry in discovery (`"categories": ["all"]`). A
// CategoryExpander maps a category to the group-resources it names:
//
// Example:
//   auto discovery_client = discovery::MemoryDiscovery::FromDirectory("testdata/discovery");
//   auto expander = restmapper::NewDiscoveryCategoryExpander(discovery_client);
//   if (auto resources = expander->Expand("all")) {
//     for (const auto& gr : *resources) fmt::print("{}\n", gr.String());   // pods, deployments.apps, ...
//   }
//
// - SimpleCategoryExpander: a fixed map from category to group-resources.
// - NewDiscoveryCategoryExpander: asks discovery (ServerGroupsAndResources, on every call) and
//   collects, in discovery order, {group, resource name} for each resource listing the category.
//   There is no de-duplication: a resource served in two versions appears twice. When discovery
//   yields no resource list at all (or the group list cannot be fetched), the answer is "not
//   found". Lists whose group-version does not parse are skipped; failing group-versions are
//   ignored.
// - UnionCategoryExpander: concatenates its expanders' answers, de-duplicated in first-seen order;
//   found when any expander found the category.
//
// Throws: NewDiscoveryCategoryExpander throws apimachinery::Error for a null client (upstream
// panics with the same text). Expand does not throw (std::bad_alloc aside): discovery errors are
// ignored, as upstream ignores them.
// Thread-safety: Expand may be called from many threads at once. The discovery expander
// serialises its calls into the client; a client shared with other users must be thread-safe.
//
// Differences from upstream:
// - Go's `([]GroupResource, bool)` is std::optional<std::vector<schema::GroupResource>>: nullopt
//   for "not found" (upstream returns a nil list then).
// - The ...WithContext variants are not ported.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::restmapper {

// CategoryExpander maps a category to the group-resources it names.
class CategoryExpander {
 public:
  virtual ~CategoryExpander() = default;
  // Expand returns the group-resources of `category`, or nullopt when the category is unknown.
  virtual std::optional<std::vector<schema::GroupResource>> Expand(std::string_view category) const = 0;

 protected:
  CategoryExpander() = default;
  CategoryExpander(const CategoryExpander&) = default;
  CategoryExpander& operator=(const CategoryExpander&) = default;
  CategoryExpander(CategoryExpander&&) = default;
  CategoryExpander& operator=(CategoryExpander&&) = default;
};

// SimpleCategoryExpander: a fixed mapping of categories to group-resources.
class SimpleCategoryExpander : public CategoryExpander {
 public:
  SimpleCategoryExpander() = default;
  APIMACHINERY_DECL explicit SimpleCategoryExpander(
      std::map<std::string, std::vector<schema::GroupResource>, std::less<>> expansions_in);

  APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> Expand(
      std::string_view category) const override;

  // Upstream: the exported Expansions field.
  std::map<std::string, std::vector<schema::GroupResource>, std::less<>> expansions;
};

// DiscoveryCategoryExpander: expands categories from the `categories` field of discovery.
class DiscoveryCategoryExpander : public CategoryExpander {
 public:
  // Throws apimachinery::Error for a null client.
  APIMACHINERY_DECL explicit DiscoveryCategoryExpander(std::shared_ptr<discovery::DiscoveryInterface> client);

  APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> Expand(
      std::string_view category) const override;

 private:
  std::shared_ptr<discovery::DiscoveryInterface> client_;
  mutable std::mutex mu_;  // serialises calls into client_
};

// UnionCategoryExpander: the union of several expanders' answers.
class UnionCategoryExpander : public CategoryExpander {
 public:
  UnionCategoryExpander() = default;
  APIMACHINERY_DECL explicit UnionCategoryExpander(
      std::vector<std::shared_ptr<const CategoryExpander>> expanders_in);

  APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> Expand(
      std::string_view category) const override;

  std::vector<std::shared_ptr<const CategoryExpander>> expanders;
};

// NewDiscoveryCategoryExpander: upstream's constructor function.
APIMACHINERY_DECL std::shared_ptr<CategoryExpander> NewDiscoveryCategoryExpander(
    std::shared_ptr<discovery::DiscoveryInterface> client);

// Implementation details follow.

}  // namespace apimachinery::restmapper

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/impl/category_expansion.ipp"
#endif
