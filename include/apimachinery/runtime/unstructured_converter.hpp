// ToUnstructured / FromUnstructured: typed objects <-> unstructured JSON.
//
// Port of k8s.io/apimachinery/pkg/runtime converter.go (DefaultUnstructuredConverter). Upstream
// walks Go structs by reflection; here the typed side is any T with nlohmann to_json/from_json
// (found by ADL), so the conversion is exactly the type's JSON wire form:
//
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
// Thread-safety: pure functions.
#pragma once

#include <concepts>
#include <string>
#include <type_traits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/unstructured.hpp"

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

}  // namespace apimachinery::runtime
