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
  std::string String() const { return namespace_ + kSeparator + name; }
  // MarshalLog returns upstream's logging form: {"name": ..., "namespace": ...} (namespace omitted
  // when empty).
  nlohmann::json MarshalLog() const {
    nlohmann::json j{{"name", name}};
    if (!namespace_.empty()) j["namespace"] = namespace_;
    return j;
  }

  friend bool operator==(const NamespacedName&, const NamespacedName&) = default;
  friend auto operator<=>(const NamespacedName&, const NamespacedName&) = default;
};

inline void to_json(nlohmann::json& j, const NamespacedName& n) {
  j = nlohmann::json{{"Namespace", n.namespace_}, {"Name", n.name}};
}

namespace internal {
// ReadNameField: one string member of the Go struct (absent or null leaves it empty).
inline void ReadNameField(const nlohmann::json& j, const char* key, std::string& out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return;
  if (!it->is_string()) {
    throw metav1::DecodeError("json: cannot unmarshal " + std::string(util::internal::JSONTypeName(*it)) +
                              " into Go struct field NamespacedName." + key + " of type string");
  }
  out = it->get_ref<const std::string&>();
}
}  // namespace internal

inline void from_json(const nlohmann::json& j, NamespacedName& n) {
  if (j.is_null()) return;
  if (!j.is_object()) {
    throw metav1::DecodeError("json: cannot unmarshal " + std::string(util::internal::JSONTypeName(j)) +
                              " into Go value of type types.NamespacedName");
  }
  NamespacedName out;
  internal::ReadNameField(j, "Namespace", out.namespace_);
  internal::ReadNameField(j, "Name", out.name);
  n = std::move(out);
}

}  // namespace apimachinery::types

APIMACHINERY_STRINGER(apimachinery::types, NamespacedName);

template <>
struct std::hash<apimachinery::types::NamespacedName> {
  std::size_t operator()(const apimachinery::types::NamespacedName& n) const noexcept {
    return apimachinery::util::internal::HashCombine(
        apimachinery::util::internal::HashCombine(0x4e4e, n.namespace_), n.name);
  }
};
