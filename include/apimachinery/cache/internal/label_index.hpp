// cache/internal/label_index.hpp: the index functions behind ThreadSafeStore's optional label
// index (Options::label_index; not part of the public API): one posting per label key, one per
// `key=value` pair.
// Throws: nothing but std::bad_alloc. Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// Names of the hidden label indexes (not listed by GetIndexers).
namespace internal {

inline constexpr std::string_view kLabelKeyIndex = "\x01labels/key";
inline constexpr std::string_view kLabelPairIndex = "\x01labels/pair";

// EncodeLabelPair encodes (key, value) unambiguously: 4-byte key length, key, value.
inline std::string EncodeLabelPair(std::string_view key, std::string_view value) {
  std::string out;
  out.resize(4 + key.size() + value.size());
  const auto n = static_cast<std::uint32_t>(key.size());
  std::memcpy(out.data(), &n, 4);
  if (!key.empty()) std::memcpy(out.data() + 4, key.data(), key.size());
  if (!value.empty()) std::memcpy(out.data() + 4 + key.size(), value.data(), value.size());
  return out;
}
inline std::vector<std::string> LabelKeyIndexFunc(const runtime::Object& obj) {
  std::vector<std::string> out;
  if (const auto* meta = obj.GetObjectMeta()) {
    out.reserve(meta->labels.size());
    for (const auto& [k, v] : meta->labels) out.push_back(k);
  }
  return out;
}
inline std::vector<std::string> LabelPairIndexFunc(const runtime::Object& obj) {
  std::vector<std::string> out;
  if (const auto* meta = obj.GetObjectMeta()) {
    out.reserve(meta->labels.size());
    for (const auto& [k, v] : meta->labels) out.push_back(EncodeLabelPair(k, v));
  }
  return out;
}
}  // namespace internal

}  // namespace apimachinery::cache
