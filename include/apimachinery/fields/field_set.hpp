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

namespace apimachinery::fields {

using Set = std::map<std::string, std::string>;

// Fields is upstream's fields.Fields interface as a concept. Get returns "" for a missing field.
template <typename F>
concept Fields = requires(const F& f, const std::string& field) {
  { f.Has(field) } -> std::convertible_to<bool>;
  { f.Get(field) } -> std::convertible_to<std::string_view>;
};

// Has reports whether the field is present.
inline bool Has(const Set& s, const std::string& field) { return s.find(field) != s.end(); }

// Get returns the field's value, "" when absent.
inline std::string Get(const Set& s, const std::string& field) {
  auto it = s.find(field);
  return it == s.end() ? std::string() : it->second;
}

// String returns the `k=v` pairs sorted as whole strings and joined by ','. Values are not
// escaped ({b: "x=1", a: "c,d"} gives "a=c,d,b=x=1"), as upstream.
inline std::string String(const Set& s) {
  std::vector<std::string> pairs;
  pairs.reserve(s.size());
  for (const auto& [k, v] : s) {
    std::string& pair = pairs.emplace_back();
    pair.reserve(k.size() + 1 + v.size());
    pair.append(k).append(1, '=').append(v);
  }
  std::sort(pairs.begin(), pairs.end());
  std::string out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i) out += ',';
    out += pairs[i];
  }
  return out;
}

}  // namespace apimachinery::fields
