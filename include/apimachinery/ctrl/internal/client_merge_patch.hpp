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

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL nlohmann::json MergePatchDiff(const nlohmann::json& original,
                                                const nlohmann::json& modified);

APIMACHINERY_DECL nlohmann::json CreateMergePatch(const nlohmann::json& original,
                                                  const nlohmann::json& modified);

}  // namespace apimachinery::ctrl::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/internal/impl/client_merge_patch.ipp"
#endif
