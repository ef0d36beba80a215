// types::NamespacedName: the namespace and name that identify an object ("default/web").
//
// Port of k8s.io/apimachinery/pkg/types namespacedname.go (NamespacedName, Separator, String,
// MarshalLog). Controllers key their work queues and reconcile requests with it.
//
// Example:
//   types::NamespacedName key{"default", "web"};
//   key.String();                                  // "default/web"
//   std::unordered_set<types::NamespacedName> seen{key};
//
// JSON: the Go struct has no tags, so the keys are "Namespace" and "Name", both always written
// (what json.Marshal of the Go value gives). MarshalLog is upstream's structured-logging form
// ({"name":..., "namespace":... omitted when empty}).
//
// Throws: from_json throws metav1::DecodeError for a value of the wrong type
// (`json: cannot unmarshal number into Go struct field NamespacedName.Name of type string`).
// Thread-safety: value type. Hash: std::hash<NamespacedName> (equal values hash equally).
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/internal/hash_combine.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"

namespace apimachinery::types {

// Separator between namespace and name in String() (upstream: types.Separator).
inline constexpr char kSeparator = '/';

struct NamespacedName {
  std::string namespace_{};  // Go: Namespace
  std::string name{};        // Go: Name

  // String returns "<namespace>/<name>" ("/<name>" for a cluster-scoped object, as upstream).
  APIMACHINERY_DECL std::string String() const;
  // MarshalLog returns upstream's logging form: {"name": ..., "namespace": ...} (namespace omitted
  // when empty).
  APIMACHINERY_DECL nlohmann::json MarshalLog() const;

  friend bool operator==(const NamespacedName&, const NamespacedName&) = default;
  friend auto operator<=>(const NamespacedName&, const NamespacedName&) = default;
};

APIMACHINERY_DECL void to_json(nlohmann::json& j, const NamespacedName& n);

namespace internal {
// ReadNameField: one string member of the Go struct (absent or null leaves it empty).
APIMACHINERY_DECL void ReadNameField(const nlohmann::json& j, const char* key, std::string& out);
}  // namespace internal

APIMACHINERY_DECL void from_json(const nlohmann::json& j, NamespacedName& n);

}  // namespace apimachinery::types

APIMACHINERY_STRINGER(apimachinery::types, NamespacedName);

template <>
struct std::hash<apimachinery::types::NamespacedName> {
  std::size_t operator()(const apimachinery::types::NamespacedName& n) const noexcept {
    return apimachinery::util::internal::HashCombine(
        apimachinery::util::internal::HashCombine(0x4e4e, n.namespace_), n.name);
  }
};

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/types/impl/namespacedname.ipp"
#endif
