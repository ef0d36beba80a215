// Definitions of the non-template functions declared in <apimachinery/cache/internal/label_index.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/label_index.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL std::string EncodeLabelPair(std::string_view key, std::string_view value) {
  std::string out;
  out.resize(4 + key.size() + value.size());
  const auto n = static_cast<std::uint32_t>(key.size());
  std::memcpy(out.data(), &n, 4);
  if (!key.empty()) std::memcpy(out.data() + 4, key.data(), key.size());
  if (!value.empty()) std::memcpy(out.data() + 4 + key.size(), value.data(), value.size());
  return out;
}

APIMACHINERY_DECL std::vector<std::string> LabelKeyIndexFunc(const runtime::Object& obj) {
  std::vector<std::string> out;
  if (const auto* meta = obj.GetObjectMeta()) {
    out.reserve(meta->labels.size());
    for (const auto& [k, v] : meta->labels) out.push_back(k);
  }
  return out;
}

APIMACHINERY_DECL std::vector<std::string> LabelPairIndexFunc(const runtime::Object& obj) {
  std::vector<std::string> out;
  if (const auto* meta = obj.GetObjectMeta()) {
    out.reserve(meta->labels.size());
    for (const auto& [k, v] : meta->labels) out.push_back(EncodeLabelPair(k, v));
  }
  return out;
}

}  // namespace apimachinery::cache::internal
