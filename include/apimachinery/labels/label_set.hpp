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
inline bool Has(const Set& s, const std::string& key) { return s.find(key) != s.end(); }

// Get returns the value of key, "" when absent.
inline std::string Get(const Set& s, const std::string& key) {
  auto it = s.find(key);
  return it == s.end() ? std::string() : it->second;
}

// Lookup returns the value of key, nullopt when absent (upstream Set.Lookup's `(value, exists)`).
inline std::optional<std::string> Lookup(const Set& s, const std::string& key) {
  auto it = s.find(key);
  if (it == s.end()) return std::nullopt;
  return it->second;
}

// String returns the `k=v` pairs sorted as whole strings and joined by ',' (no escaping).
std::string String(const Set& s);

// FormatLabels is String(s), or "<none>" for an empty set.
inline std::string FormatLabels(const Set& s) {
  std::string out = String(s);
  return out.empty() ? "<none>" : out;
}

// Conflicts reports whether some key is in both sets with different values.
bool Conflicts(const Set& a, const Set& b);

// Merge returns the union of a and b; b's value wins for a key in both.
inline Set Merge(const Set& a, const Set& b) {
  Set out = b;
  out.insert(a.begin(), a.end());  // keeps b's entries
  return out;
}

// Equals reports whether both sets hold the same pairs.
inline bool Equals(const Set& a, const Set& b) { return a == b; }

// Implementation details follow.

inline std::string String(const Set& s) {
  std::vector<std::string> pairs;
  pairs.reserve(s.size());
  for (const auto& [k, v] : s) {
    std::string& pair = pairs.emplace_back();
    pair.reserve(k.size() + 1 + v.size());
    pair.append(k).append(1, '=').append(v);
  }
  // Sorted as whole strings: "a-b=x" sorts before "a=y" although the map orders "a" first.
  std::sort(pairs.begin(), pairs.end());
  std::string out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i) out += ',';
    out += pairs[i];
  }
  return out;
}

inline bool Conflicts(const Set& a, const Set& b) {
  const Set& small = a.size() <= b.size() ? a : b;
  const Set& large = a.size() <= b.size() ? b : a;
  for (const auto& [k, v] : small) {
    auto it = large.find(k);
    if (it != large.end() && it->second != v) return true;
  }
  return false;
}

}  // namespace apimachinery::labels
