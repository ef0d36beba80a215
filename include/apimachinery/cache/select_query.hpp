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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL SelectQuery& InNamespace(std::string ns) &;
  APIMACHINERY_DECL SelectQuery&& InNamespace(std::string ns) &&;
  // WhereIndex adds the term `index_name op value`.
  APIMACHINERY_DECL SelectQuery& WhereIndex(std::string index_name, selection::Operator op,
                                            std::string value) &;
  APIMACHINERY_DECL SelectQuery&& WhereIndex(std::string index_name, selection::Operator op,
                                             std::string value) &&;
  // MatchingIndexes adds every term of `selector` (an AND with the terms already there).
  APIMACHINERY_DECL SelectQuery& MatchingIndexes(fields::Selector selector) &;
  APIMACHINERY_DECL SelectQuery&& MatchingIndexes(fields::Selector selector) &&;
  APIMACHINERY_DECL SelectQuery& MatchingLabels(labels::Selector selector) &;
  APIMACHINERY_DECL SelectQuery&& MatchingLabels(labels::Selector selector) &&;
};

namespace internal {
// MatchesNothing reports whether a fields::Selector holds fields::Nothing() anywhere in its AND
// (every term mapped away leaves an AND that matches every set, unless a Nothing remains).
APIMACHINERY_DECL bool MatchesNothing(const fields::Selector& selector);
}  // namespace internal

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/select_query.ipp"
#endif
