// Definitions of the non-template functions declared in <apimachinery/restmapper/category_expansion.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/category_expansion.hpp"

namespace apimachinery::restmapper {

APIMACHINERY_DECL SimpleCategoryExpander::SimpleCategoryExpander(
    std::map<std::string, std::vector<schema::GroupResource>, std::less<>> expansions_in)
    : expansions(std::move(expansions_in)) {}

APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> SimpleCategoryExpander::Expand(
    std::string_view category) const {
  auto it = expansions.find(category);
  if (it == expansions.end()) return std::nullopt;
  return it->second;
}

APIMACHINERY_DECL DiscoveryCategoryExpander::DiscoveryCategoryExpander(
    std::shared_ptr<discovery::DiscoveryInterface> client)
    : client_(std::move(client)) {
  if (!client_) throw Error("Please provide discovery client to shortcut expander");
}

APIMACHINERY_DECL UnionCategoryExpander::UnionCategoryExpander(
    std::vector<std::shared_ptr<const CategoryExpander>> expanders_in)
    : expanders(std::move(expanders_in)) {}

APIMACHINERY_DECL std::shared_ptr<CategoryExpander> NewDiscoveryCategoryExpander(
    std::shared_ptr<discovery::DiscoveryInterface> client) {
  return std::make_shared<DiscoveryCategoryExpander>(std::move(client));
}

APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> DiscoveryCategoryExpander::Expand(
    std::string_view category) const {
  std::vector<discovery::APIResourceList> lists;
  try {
    std::lock_guard<std::mutex> lock(mu_);
    lists = discovery::ServerGroupsAndResources(*client_).resources;
  } catch (...) {
    return std::nullopt;  // no lists at all
  }
  if (lists.empty()) return std::nullopt;

  bool found = false;
  std::vector<schema::GroupResource> out;
  for (const auto& list : lists) {
    schema::GroupVersion gv;
    try {
      gv = schema::ParseGroupVersion(list.group_version);
    } catch (const schema::ParseError&) {
      continue;
    }
    for (const auto& r : list.resources) {
      for (const auto& c : r.categories) {
        if (c != category) continue;
        found = true;
        out.push_back(schema::GroupResource{gv.group, r.name});
      }
    }
  }
  if (!found) return std::nullopt;
  return out;
}

APIMACHINERY_DECL std::optional<std::vector<schema::GroupResource>> UnionCategoryExpander::Expand(
    std::string_view category) const {
  std::vector<schema::GroupResource> out;
  bool ok = false;
  for (const auto& e : expanders) {
    if (!e) continue;
    std::optional<std::vector<schema::GroupResource>> current = e->Expand(category);
    if (!current) continue;
    ok = true;
    for (auto& gr : *current) {
      bool seen = false;
      for (const auto& existing : out) seen = seen || existing == gr;
      if (!seen) out.push_back(std::move(gr));
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace apimachinery::restmapper
