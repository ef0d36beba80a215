// Definitions of the non-template functions declared in <apimachinery/fields/field_set.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/fields/field_set.hpp"

namespace apimachinery::fields {

APIMACHINERY_DECL bool Has(const Set& s, const std::string& field) { return s.find(field) != s.end(); }

APIMACHINERY_DECL std::string Get(const Set& s, const std::string& field) {
  auto it = s.find(field);
  return it == s.end() ? std::string() : it->second;
}

APIMACHINERY_DECL std::string String(const Set& s) {
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
