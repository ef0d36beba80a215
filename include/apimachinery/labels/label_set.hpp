// labels::Set: a map of label keys to values, and its helpers (pkg/labels/labels.go).
//
// Example:
//   labels::Set s{{"app", "web"}, {"env", "prod"}};
//   labels::String(s);                          // "app=web,env=prod"
//   labels::Conflicts(s, {{"env", "dev"}});     // true
//   labels::Merge(s, {{"tier", "fe"}});         // union, the second set wins on conflicts
//
// Set is std::map (a plain value type), so upstream's methods are free functions here: Set.String() is
// String(set), Set.Has/Get are Has/Get. The selector conversions (Set.AsSelector...) live in
// selector.hpp. The Labels concept is upstream's labels.Labels interface: any type with
// `Has(key)` and `Get(key)` can be matched by a labels::Selector without copying its labels.
//
// Throws: only std::bad_alloc. Thread-safety: pure functions over values.
// Differences from upstream: a nil and an empty Set are the same thing.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"

namespace apimachinery::labels {

using Set = std::map<std::string, std::string>;

// Labels is upstream's labels.Labels interface, as a concept: Has(key) tells whether the label is
// present, Get(key) returns its value ("" when absent), as a std::string or something viewable.
template <typename L>
concept Labels = requires(const L& l, const std::string& key) {
  { l.Has(key) } -> std::convertible_to<bool>;
  { l.Get(key) } -> std::convertible_to<std::string_view>;
};

// Has reports whether the key is present (even with an empty value).
APIMACHINERY_DECL bool Has(const Set& s, const std::string& key);

// Get returns the value of key, "" when absent.
APIMACHINERY_DECL std::string Get(const Set& s, const std::string& key);

// Lookup returns the value of key, nullopt when absent (upstream Set.Lookup's `(value, exists)`).
APIMACHINERY_DECL std::optional<std::string> Lookup(const Set& s, const std::string& key);

// String returns the `k=v` pairs sorted as whole strings and joined by ',' (no escaping).
std::string String(const Set& s);

// FormatLabels is String(s), or "<none>" for an empty set.
APIMACHINERY_DECL std::string FormatLabels(const Set& s);

// Conflicts reports whether some key is in both sets with different values.
bool Conflicts(const Set& a, const Set& b);

// Merge returns the union of a and b; b's value wins for a key in both.
APIMACHINERY_DECL Set Merge(const Set& a, const Set& b);

// Equals reports whether both sets hold the same pairs.
APIMACHINERY_DECL bool Equals(const Set& a, const Set& b);

// Implementation details follow.

}  // namespace apimachinery::labels

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/labels/impl/label_set.ipp"
#endif
