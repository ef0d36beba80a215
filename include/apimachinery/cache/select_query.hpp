// cache::SelectQuery: the filters of one ThreadSafeStore::Select / Indexer::Select call, in the
// selector vocabulary of the rest of the library: a namespace, a fields::Selector over the
// store's indexes (each term's field names an index) and a labels::Selector. Built fluently:
//
// Example:
//   auto q = cache::SelectQuery()
//                .InNamespace("ns")
//                .WhereIndex("byNode", selection::Operator::kEquals, "node-7")
//                .MatchingIndexes(fields::ParseSelector("phase!=Failed"))
//                .MatchingLabels(labels::Parse("app=web"));
//
// An index term `index=value` (or `==`) holds when the object is indexed under `value` by that
// index (one of its values, for a multi-valued index); `index!=value` when it is not. A selector
// that matches nothing (fields::Nothing(), alone or in an AND) makes Select return nothing.
//
// Upstream: none (client-go has no query over several indexes); the vocabulary is
// k8s.io/apimachinery/pkg/fields (Selector, Requirement) and pkg/selection (Operator).
// Throws: WhereIndex throws apimachinery::Error `cache: index requirement operator "<op>" is not
// supported (=, == and != are)` for any other operator; otherwise nothing but std::bad_alloc.
// Thread-safety: a value type.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/error.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/selection/selection.hpp"

namespace apimachinery::cache {

// FieldOperator: the former name of an index requirement's operator (now selection::Operator;
// kEquals, kDoubleEquals and kNotEquals are accepted).
using FieldOperator = selection::Operator;

// IndexRequirement: one index term (fields::Requirement; `field` names the index).
using IndexRequirement = fields::Requirement;

// SelectQuery: every filter of one Select call; all must hold. An aggregate whose members all have
// default member initializers: designated initializers may name any of them in declaration order
// (`SelectQuery{.label_selector = labels::Parse("app=web")}`), or use the fluent setters below.
struct SelectQuery {
  // Restrict to this namespace (metadata.namespace_) when set.
  std::optional<std::string> namespace_ = {};
  // Terms over the store's indexes (see the top comment); Everything by default.
  fields::Selector index_selector = {};
  // Matched against metadata.labels (objects without metadata have no labels).
  labels::Selector label_selector = {};

  // Fluent setters.
  SelectQuery& InNamespace(std::string ns) & {
    namespace_ = std::move(ns);
    return *this;
  }
  SelectQuery&& InNamespace(std::string ns) && { return std::move(InNamespace(std::move(ns))); }
  // WhereIndex adds the term `index_name op value`.
  SelectQuery& WhereIndex(std::string index_name, selection::Operator op, std::string value) & {
    switch (op) {
      case selection::Operator::kEquals:
      case selection::Operator::kDoubleEquals:
        return MatchingIndexes(fields::Selector::HasTerm(std::move(index_name), std::move(value)));
      case selection::Operator::kNotEquals:
        return MatchingIndexes(fields::Selector::NotHasTerm(std::move(index_name), std::move(value)));
      default:
        throw Error(
            fmt::format("cache: index requirement operator \"{}\" is not supported (=, == and != are)",
                        selection::String(op)));
    }
  }
  SelectQuery&& WhereIndex(std::string index_name, selection::Operator op, std::string value) && {
    return std::move(WhereIndex(std::move(index_name), op, std::move(value)));
  }
  // MatchingIndexes adds every term of `selector` (an AND with the terms already there).
  SelectQuery& MatchingIndexes(fields::Selector selector) & {
    index_selector = index_selector.Empty()
                         ? std::move(selector)
                         : fields::Selector::And({std::move(index_selector), std::move(selector)});
    return *this;
  }
  SelectQuery&& MatchingIndexes(fields::Selector selector) && {
    return std::move(MatchingIndexes(std::move(selector)));
  }
  SelectQuery& MatchingLabels(labels::Selector selector) & {
    label_selector = std::move(selector);
    return *this;
  }
  SelectQuery&& MatchingLabels(labels::Selector selector) && {
    return std::move(MatchingLabels(std::move(selector)));
  }
};

namespace internal {
// MatchesNothing reports whether a fields::Selector holds fields::Nothing() anywhere in its AND
// (every term mapped away leaves an AND that matches every set, unless a Nothing remains).
inline bool MatchesNothing(const fields::Selector& selector) {
  if (selector.Empty()) return false;
  return !selector
              .Transform([](const std::string&, const std::string&) {
                return std::pair<std::string, std::string>();
              })
              .Matches(fields::Set{});
}
}  // namespace internal

}  // namespace apimachinery::cache
