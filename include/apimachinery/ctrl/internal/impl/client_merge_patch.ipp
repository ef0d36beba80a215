// Definitions of the non-template functions declared in <apimachinery/ctrl/internal/client_merge_patch.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/internal/client_merge_patch.hpp"

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL nlohmann::json MergePatchDiff(const nlohmann::json& original,
                                                const nlohmann::json& modified) {
  nlohmann::json out = nlohmann::json::object();
  for (auto it = modified.begin(); it != modified.end(); ++it) {
    auto old = original.find(it.key());
    if (old == original.end()) {
      out[it.key()] = it.value();
      continue;
    }
    if (old->is_object() && it->is_object()) {
      nlohmann::json sub = MergePatchDiff(*old, *it);
      if (!sub.empty()) out[it.key()] = std::move(sub);
      continue;
    }
    if (*old != *it) out[it.key()] = it.value();
  }
  for (auto it = original.begin(); it != original.end(); ++it) {
    if (!modified.contains(it.key())) out[it.key()] = nullptr;
  }
  return out;
}

APIMACHINERY_DECL nlohmann::json CreateMergePatch(const nlohmann::json& original,
                                                  const nlohmann::json& modified) {
  if (!original.is_object() || !modified.is_object()) throw Error("Invalid JSON Document");
  return MergePatchDiff(original, modified);
}

}  // namespace apimachinery::ctrl::internal
