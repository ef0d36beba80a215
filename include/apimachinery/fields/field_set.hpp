// fields::Set and the Fields concept (k8s.io/apimachinery/pkg/fields, fields.go).
//
// Example:
//   fields::Set f{{"metadata.name", "web-0"}, {"status.phase", "Running"}};
//   fields::String(f);                 // "metadata.name=web-0,status.phase=Running"
//
// Set is std::map (a plain value type), so upstream's Set.String/Has/Get are free functions. The Fields
// concept is upstream's fields.Fields interface: any type with `Has(field)` and `Get(field)` can be matched
// by a fields::Selector without copying.
//
// Throws: only std::bad_alloc. Thread-safety: pure functions over values.
// Differences from upstream: a nil and an empty Set are the same thing.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"

namespace apimachinery::fields {

using Set = std::map<std::string, std::string>;

// Fields is upstream's fields.Fields interface as a concept. Get returns "" for a missing field.
template <typename F>
concept Fields = requires(const F& f, const std::string& field) {
  { f.Has(field) } -> std::convertible_to<bool>;
  { f.Get(field) } -> std::convertible_to<std::string_view>;
};

// Has reports whether the field is present.
APIMACHINERY_DECL bool Has(const Set& s, const std::string& field);

// Get returns the field's value, "" when absent.
APIMACHINERY_DECL std::string Get(const Set& s, const std::string& field);

// String returns the `k=v` pairs sorted as whole strings and joined by ','. Values are not
// escaped ({b: "x=1", a: "c,d"} gives "a=c,d,b=x=1"), as upstream.
APIMACHINERY_DECL std::string String(const Set& s);

}  // namespace apimachinery::fields

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/fields/impl/field_set.ipp"
#endif
