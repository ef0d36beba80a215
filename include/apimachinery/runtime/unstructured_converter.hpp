// ToUnstructured / FromUnstructured: typed objects <-> unstructured JSON.
//
// Port of k8s.io/apimachinery/pkg/runtime converter.go (DefaultUnstructuredConverter). Upstream
// walks Go structs by reflection; here the typed side is any T with nlohmann to_json/from_json
// (found by ADL), so the conversion is exactly the type's JSON wire form:
//
// Example (namespace scope):
//   struct DeploymentSpec { std::int32_t replicas = 0; };
//   APIMACHINERY_FIELDS(DeploymentSpec, replicas)
//   struct Deployment : runtime::ObjectBase<Deployment> {
//     static constexpr std::string_view kKind = "Deployment";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     DeploymentSpec spec;
//   };
//   APIMACHINERY_FIELDS(Deployment, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Deployment)
// Example:
//   Deployment deployment;
//   deployment.spec.replicas = 3;
//   nlohmann::json u = runtime::ToUnstructured(deployment);          // {"apiVersion":..., ...}
//   Deployment d;  runtime::FromUnstructured(u, d);
//   runtime::Unstructured obj = runtime::ToUnstructuredObject(deployment);
//
// Throws: ToUnstructured throws apimachinery::Error when T's JSON is not an object (upstream: the
// converter only produces maps); FromUnstructured throws whatever T's from_json throws, with
// nlohmann's exceptions translated into metav1::DecodeError. On a throw `out` may be partly
// assigned if T's from_json assigns piecewise (the metav1 types build the value first: strong).
//
// Differences from upstream: no reflection, no `json` struct tags: the type's to_json/from_json
// decide the wire shape. Unknown fields are whatever T's from_json does with them (Go's
// FromUnstructured drops them silently). Unstructured and UnstructuredList are handled directly
// (their content is copied).
//
// FromUnstructuredMismatch<T>(content) is the type check of upstream's reflective walk
// (converter.go: fromUnstructured, mapFromUnstructured, sliceFromUnstructured,
// structFromUnstructured) for a type with a field list: it returns the converter's text for the
// first value whose JSON type the destination cannot take (`unrecognized type: int32`, `cannot
// convert int64 to string`, `cannot restore slice from map`, `cannot restore struct from:
// string`), visiting fields in declaration order as Go does, or nullopt. Members without a field
// list that upstream converts through their own JSON (metav1::Time, raw JSON, custom types) are
// left to their from_json; metav1::ObjectMeta is walked with Go's field order. When the Scheme
// turns an Unstructured into a typed object and the type's from_json refuses the content, it runs
// this walk to report upstream's text (cost: one walk of the content, about 0.8x a from_json of
// it, on the failure path only). Differences: Go's
// converter wraps integers that overflow the destination and accepts integral floats (3.0) for
// integers; here the value is then read by the type's from_json, which refuses both.
//
// Thread-safety: pure functions.
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/internal/type_traits.hpp"

namespace apimachinery::runtime {

// JSONConvertible<T>: T has nlohmann to_json and from_json.
template <typename T>
concept JSONConvertible = requires(nlohmann::json& j, const nlohmann::json& cj, const T& ct, T& t) {
  nlohmann::to_json(j, ct);
  nlohmann::from_json(cj, t);
};

// ToUnstructured: the JSON object of `obj`. Throws: apimachinery::Error (not an object).
template <typename T>
requires JSONConvertible<T> nlohmann::json ToUnstructured(const T& obj) {
  nlohmann::json j;
  try {
    j = obj;
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("unable to convert object to unstructured: {}", e.what()));
  }
  if (!j.is_object()) {
    throw Error(fmt::format("unable to convert object to unstructured: got JSON {}, expected an object",
                            j.type_name()));
  }
  return j;
}

// FromUnstructured fills `out` from `u`. Throws: metav1::DecodeError (or T's own errors).
template <typename T>
requires JSONConvertible<T>
void FromUnstructured(const nlohmann::json& u, T& out) {
  try {
    nlohmann::from_json(u, out);
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("unable to convert unstructured object: {}", e.what()));
  }
}

// ToUnstructuredObject: `obj` as a runtime::Unstructured.
template <typename T>
requires JSONConvertible<T> Unstructured ToUnstructuredObject(const T& obj) {
  return Unstructured(ToUnstructured(obj));
}

// FromUnstructuredObject fills `out` from an Unstructured's content.
template <typename T>
requires JSONConvertible<T>
void FromUnstructuredObject(const Unstructured& u, T& out) { FromUnstructured(u.UnstructuredContent(), out); }

namespace internal {

// FieldWireKey: the JSON key of a field-list entry (its Go tag's name, else the derived camelCase
// key; "" for an inline member). The one place that maps a field to its wire name for the Scheme
// (unstructured checks, round-trip paths).
template <typename F>
std::string FieldWireKey(const F& field) {
  return std::string(field.key());
}

// FieldWireKeysOf<T>: FieldWireKey of each field of T, in field-list order (computed once).
template <typename T>
const auto& FieldWireKeysOf() {
  static const auto keys =
      std::apply([](const auto&... f) { return std::array<std::string, sizeof...(f)>{FieldWireKey(f)...}; },
                 conversion::kFields<T>);
  return keys;
}

// GoKindName<M>: the reflect.Kind name of the Go type a C++ member type stands for ("" when the
// type converts through its own JSON).
template <typename M>
constexpr std::string_view GoKindName() {
  if constexpr (std::is_same_v<M, bool>) {
    return "bool";
  } else if constexpr (std::is_integral_v<M> && std::is_signed_v<M>) {
    constexpr std::string_view names[] = {"int8", "int16", "", "int32", "", "", "", "int64"};
    return names[sizeof(M) - 1];
  } else if constexpr (std::is_integral_v<M>) {
    constexpr std::string_view names[] = {"uint8", "uint16", "", "uint32", "", "", "", "uint64"};
    return names[sizeof(M) - 1];
  } else if constexpr (std::is_same_v<M, float>) {
    return "float32";
  } else if constexpr (std::is_floating_point_v<M>) {
    return "float64";
  } else if constexpr (std::is_same_v<M, std::string>) {
    return "string";
  } else {
    return "";
  }
}

// UnstructuredKind: the reflect.Kind of a value of unstructured content ("" for null): numbers
// are int64 when they fit, float64 otherwise, as the unstructured JSON decoder stores them.
APIMACHINERY_DECL std::string_view UnstructuredKind(const nlohmann::json& v);

template <typename M>
std::optional<std::string> UnstructuredValueMismatch(const nlohmann::json& v);

// The scalar rules of fromUnstructured: assignable, or convertible within JSON's four groups.
template <typename M>
std::optional<std::string> UnstructuredScalarMismatch(const nlohmann::json& v) {
  const std::string_view src = UnstructuredKind(v);
  const std::string_view dst = GoKindName<M>();
  if constexpr (std::is_same_v<M, bool>) {
    if (src == "bool") return std::nullopt;
  } else if constexpr (std::is_same_v<M, std::string>) {
    if (src == "string") return std::nullopt;
    if (src == "int64")
      return std::string("cannot convert int64 to string");  // Go: int -> string is a conversion
  } else if constexpr (std::is_integral_v<M>) {
    if (src == "int64") return std::nullopt;
    if (src == "float64") {
      const double f = v.get<double>();
      if (std::trunc(f) == f) return std::nullopt;  // Go: integral floats convert
      return fmt::format("cannot convert float64 to {}", dst);
    }
  } else {
    if (src == "int64" || src == "float64") return std::nullopt;
  }
  return fmt::format("unrecognized type: {}", dst);
}

template <typename T>
std::optional<std::string> UnstructuredStructMismatch(const nlohmann::json& v);

APIMACHINERY_DECL std::optional<std::string> UnstructuredObjectMetaMismatch(const nlohmann::json& v);

template <typename M>
std::optional<std::string> UnstructuredValueMismatch(const nlohmann::json& v) {
  if (v.is_null()) return std::nullopt;  // Go: an absent or nil value sets the zero value
  if constexpr (!GoKindName<M>().empty()) {
    return UnstructuredScalarMismatch<M>(v);
  } else if constexpr (util::internal::IsOptional<M>::value) {
    return UnstructuredValueMismatch<typename M::value_type>(v);
  } else if constexpr (util::internal::IsSameKeyMaps<M, std::map<std::string, int>>::value) {
    if (!v.is_object()) return fmt::format("cannot restore map from {}", UnstructuredKind(v));
    for (const auto& e : v) {  // the values of the object
      if (auto m = UnstructuredValueMismatch<typename M::mapped_type>(e)) return m;
    }
    return std::nullopt;
  } else if constexpr (util::internal::IsVector<M>::value) {
    if constexpr (std::is_same_v<typename M::value_type, std::uint8_t>) {
      if (v.is_string()) return std::nullopt;  // []byte is stored as a (base64) string
    }
    if (!v.is_array()) return fmt::format("cannot restore slice from {}", UnstructuredKind(v));
    for (const auto& e : v) {
      if (auto m = UnstructuredValueMismatch<typename M::value_type>(e)) return m;
    }
    return std::nullopt;
  } else if constexpr (std::is_same_v<M, metav1::ObjectMeta>) {
    return UnstructuredObjectMetaMismatch(v);
  } else if constexpr (conversion::HasFields<M>) {
    return UnstructuredStructMismatch<M>(v);
  } else {
    return std::nullopt;  // converted through the type's own JSON, as upstream's custom unmarshalers
  }
}

// The check of field I of T (its wire key is `key`).
template <typename T, std::size_t I>
std::optional<std::string> UnstructuredFieldMismatch(const nlohmann::json& v, const std::string& key) {
  using M =
      std::remove_cvref_t<decltype(std::declval<const T&>().*(std::get<I>(conversion::kFields<T>).ptr))>;
  auto it = v.find(key);
  if (it == v.end()) return std::nullopt;
  return UnstructuredValueMismatch<M>(*it);
}

// Field by field, in declaration order; an inline TypeMeta (kind, apiVersion) comes first.
template <typename T>
std::optional<std::string> UnstructuredStructMismatch(const nlohmann::json& v) {
  if (!v.is_object()) return fmt::format("cannot restore struct from: {}", UnstructuredKind(v));
  std::optional<std::string> found;
  if constexpr (HasTypeMeta<T>) {
    for (const char* key : {"kind", "apiVersion"}) {
      if (auto it = v.find(key); !found && it != v.end()) found = UnstructuredValueMismatch<std::string>(*it);
    }
  }
  const auto& keys = FieldWireKeysOf<T>();
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(conversion::kFields<T>)>>;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((found ? void() : void(found = UnstructuredFieldMismatch<T, I>(v, keys[I]))), ...);
  }
  (std::make_index_sequence<n>{});
  return found;
}

template <typename M>
std::optional<std::string> UnstructuredKeyMismatch(const nlohmann::json& v, const char* key) {
  auto it = v.find(key);
  if (it == v.end()) return std::nullopt;
  return UnstructuredValueMismatch<M>(*it);
}

// metav1.ObjectMeta and metav1.OwnerReference in Go's field order (creationTimestamp,
// deletionTimestamp and managedFields convert through their own JSON).
APIMACHINERY_DECL std::optional<std::string> UnstructuredOwnerReferenceMismatch(const nlohmann::json& v);

}  // namespace internal

// FromUnstructuredMismatch: see the top of this file. Cost: one walk of the content.
template <typename T>
requires conversion::HasFields<T> std::optional<std::string> FromUnstructuredMismatch(
    const nlohmann::json& u) {
  return internal::UnstructuredStructMismatch<T>(u);
}

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/unstructured_converter.ipp"
#endif
