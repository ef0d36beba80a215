// ctrl::internal::CreateMergePatch: the RFC 7386 merge patch that turns one JSON document into
// another (github.com/evanphx/json-patch merge.go: CreateMergePatch, getDiff, as
// controller-runtime's client.MergeFrom computes it).
//
//   nlohmann::json p = CreateMergePatch(R"({"a":1,"b":2})"_json, R"({"a":1,"c":3})"_json);
//   // {"b":null,"c":3}
//
// Objects are diffed key by key (a key missing from `modified` becomes null, nested objects
// recurse and are left out when equal); every other value, arrays included, is replaced whole
// when it differs. Numbers compare by value (1 == 1.0), as Go's float64 decoding does.
// Throws: apimachinery::Error `Invalid JSON Document` when either document is not an object (the
// library's ErrBadJSONDoc). Cost: O(size of both documents). Thread-safety: a pure function.
#pragma once

#include <nlohmann/json.hpp>

#include "apimachinery/error.hpp"

namespace apimachinery::ctrl::internal {

inline nlohmann::json MergePatchDiff(const nlohmann::json& original, const nlohmann::json& modified) {
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

inline nlohmann::json CreateMergePatch(const nlohmann::json& original, const nlohmann::json& modified) {
  if (!original.is_object() || !modified.is_object()) throw Error("Invalid JSON Document");
  return MergePatchDiff(original, modified);
}

}  // namespace apimachinery::ctrl::internal
