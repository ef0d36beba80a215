// Definitions of the non-template functions declared in <apimachinery/cache/select_query.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/select_query.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL SelectQuery& SelectQuery::InNamespace(std::string ns) & {
  namespace_ = std::move(ns);
  return *this;
}

APIMACHINERY_DECL SelectQuery&& SelectQuery::InNamespace(std::string ns) && {
  return std::move(InNamespace(std::move(ns)));
}

APIMACHINERY_DECL SelectQuery& SelectQuery::WhereIndex(std::string index_name, selection::Operator op,
                                                       std::string value) & {
  switch (op) {
    case selection::Operator::kEquals:
    case selection::Operator::kDoubleEquals:
      return MatchingIndexes(fields::Selector::HasTerm(std::move(index_name), std::move(value)));
    case selection::Operator::kNotEquals:
      return MatchingIndexes(fields::Selector::NotHasTerm(std::move(index_name), std::move(value)));
    default:
      throw Error(fmt::format("cache: index requirement operator \"{}\" is not supported (=, == and != are)",
                              selection::String(op)));
  }
}

APIMACHINERY_DECL SelectQuery&& SelectQuery::WhereIndex(std::string index_name, selection::Operator op,
                                                        std::string value) && {
  return std::move(WhereIndex(std::move(index_name), op, std::move(value)));
}

APIMACHINERY_DECL SelectQuery& SelectQuery::MatchingIndexes(fields::Selector selector) & {
  index_selector = index_selector.Empty()
                       ? std::move(selector)
                       : fields::Selector::And({std::move(index_selector), std::move(selector)});
  return *this;
}

APIMACHINERY_DECL SelectQuery&& SelectQuery::MatchingIndexes(fields::Selector selector) && {
  return std::move(MatchingIndexes(std::move(selector)));
}

APIMACHINERY_DECL SelectQuery& SelectQuery::MatchingLabels(labels::Selector selector) & {
  label_selector = std::move(selector);
  return *this;
}

APIMACHINERY_DECL SelectQuery&& SelectQuery::MatchingLabels(labels::Selector selector) && {
  return std::move(MatchingLabels(std::move(selector)));
}

}  // namespace apimachinery::cache

namespace apimachinery::cache::internal {

APIMACHINERY_DECL bool MatchesNothing(const fields::Selector& selector) {
  if (selector.Empty()) return false;
  return !selector
              .Transform([](const std::string&, const std::string&) {
                return std::pair<std::string, std::string>();
              })
              .Matches(fields::Set{});
}

}  // namespace apimachinery::cache::internal
