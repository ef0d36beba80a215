// cache::SelectQuery: the filters of one ThreadSafeStore::Select / Indexer::Select call
// (namespace, index requirements, label selector), built fluently:
//
//   auto q = cache::SelectQuery()
//                .InNamespace("ns")
//                .WhereIndex("byNode", cache::FieldOperator::kEquals, "node-7")
//                .MatchingLabels(labels::Parse("app=web"));
//
// Upstream: none (client-go has no query over several indexes).
// Throws: nothing but std::bad_alloc. Thread-safety: a value type.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/labels/selector.hpp"

namespace apimachinery::cache {

// FieldOperator: how an index requirement compares an object's indexed values with a value.
enum class FieldOperator {
  kEquals,     // the object is indexed under the value
  kNotEquals,  // the object is not indexed under the value
};

// IndexRequirement: `index_name op value` over the values an index function computes.
struct IndexRequirement {
  std::string index_name;
  FieldOperator op = FieldOperator::kEquals;
  std::string value;
};

// SelectQuery: every filter of one Select call; all must hold.
struct SelectQuery {
  // Restrict to this namespace (metadata.namespace_) when set.
  std::optional<std::string> namespace_;
  std::vector<IndexRequirement> index_requirements;
  // Matched against metadata.labels (objects without metadata have no labels).
  labels::Selector label_selector;

  // Fluent setters (designated initializers that skip members trip -Wmissing-field-initializers).
  SelectQuery& InNamespace(std::string ns) & {
    namespace_ = std::move(ns);
    return *this;
  }
  SelectQuery&& InNamespace(std::string ns) && { return std::move(InNamespace(std::move(ns))); }
  SelectQuery& WhereIndex(std::string index_name, FieldOperator op, std::string value) & {
    index_requirements.push_back(IndexRequirement{std::move(index_name), op, std::move(value)});
    return *this;
  }
  SelectQuery&& WhereIndex(std::string index_name, FieldOperator op, std::string value) && {
    return std::move(WhereIndex(std::move(index_name), op, std::move(value)));
  }
  SelectQuery& MatchingLabels(labels::Selector selector) & {
    label_selector = std::move(selector);
    return *this;
  }
  SelectQuery&& MatchingLabels(labels::Selector selector) && {
    return std::move(MatchingLabels(std::move(selector)));
  }
};

}  // namespace apimachinery::cache
