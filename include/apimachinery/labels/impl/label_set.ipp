// Definitions of the non-template functions declared in <apimachinery/labels/label_set.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/labels/label_set.hpp"

namespace apimachinery::labels {

APIMACHINERY_DECL bool Has(const Set& s, const std::string& key) { return s.find(key) != s.end(); }

APIMACHINERY_DECL std::string Get(const Set& s, const std::string& key) {
  auto it = s.find(key);
  return it == s.end() ? std::string() : it->second;
}

APIMACHINERY_DECL std::optional<std::string> Lookup(const Set& s, const std::string& key) {
  auto it = s.find(key);
  if (it == s.end()) return std::nullopt;
  return it->second;
}

APIMACHINERY_DECL std::string FormatLabels(const Set& s) {
  std::string out = String(s);
  return out.empty() ? "<none>" : out;
}

APIMACHINERY_DECL Set Merge(const Set& a, const Set& b) {
  Set out = b;
  out.insert(a.begin(), a.end());  // keeps b's entries
  return out;
}

APIMACHINERY_DECL bool Equals(const Set& a, const Set& b) { return a == b; }

APIMACHINERY_DECL std::string String(const Set& s) {
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

APIMACHINERY_DECL bool Conflicts(const Set& a, const Set& b) {
  const Set& small = a.size() <= b.size() ? a : b;
  const Set& large = a.size() <= b.size() ? b : a;
  for (const auto& [k, v] : small) {
    auto it = large.find(k);
    if (it != large.end() && it->second != v) return true;
  }
  return false;
}

}  // namespace apimachinery::labels
