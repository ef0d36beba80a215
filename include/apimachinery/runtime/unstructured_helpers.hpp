// The Nested* helpers: typed access to fields deep inside unstructured JSON.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/helpers.go (NestedFieldNoCopy,
// NestedString, SetNestedField, RemoveNestedField, ...), over nlohmann::json instead of
// map[string]interface{}. Field paths are keys only (no array syntax), passed as arguments or as a
// vector:
//
// Example:
//   auto obj = nlohmann::json::parse(R"({"spec": {"template": {"spec": {"image": "nginx"}}}})");
//   std::string image = runtime::NestedString(obj, "spec", "template", "spec", "image").value_or("");
//   runtime::SetNestedField(obj, 3, "spec", "replicas");
//   runtime::RemoveNestedField(obj, "status");
//
// Go's `(value, found, err)` becomes: std::optional (nullopt = not found) or a pointer (nullptr =
// not found) and a thrown apimachinery::Error (upstream returns a plain error) with upstream's text:
//   .spec.replicas accessor error: 3 is of the type int64, expected string
//   .a.d.foo accessor error: [foo] is of the type []interface {}, expected map[string]interface{}
//   .metadata.labels accessor error: contains non-string value in the map under key "app": 1 is of
//     the type int64, expected string
//   value cannot be set because .x is not a map[string]interface{}
// Values are printed as Go's %v would (strings bare, arrays `[a b]`, objects `map[k:v]` with sorted
// keys, null `<nil>`, floats in %g form) and typed with Go's %T names for decoded JSON: string, bool,
// int64 (an integer JSON number, as k8s.io/apimachinery/pkg/util/json decodes it), float64,
// map[string]interface {}, []interface {}, <nil>.
//
// Semantics kept from upstream: a null (or absent) intermediate value means "not found", not an
// error; a JSON null at the end of the path is found (NestedFieldNoCopy gives a pointer to the null)
// but is a type error for the typed getters; an integer is not a float64 (use NestedNumberAsFloat64);
// SetNestedField creates missing intermediate objects; RemoveNestedField never fails.
//
// Differences from upstream: NestedSlice returns the JSON array and NestedMap the JSON object
// (copies), as nlohmann::json; the "No copy" pointer is invalidated by any change to the document.
// An argument `obj` that is null behaves as Go's nil map (nothing found; SetNestedField turns it
// into an object). At least one field must be given (Go panics on the setters, here: a compile
// error for the variadic forms, apimachinery::Error for an empty vector).
//
// Thread-safety: the getters only read `obj`; the setters need exclusive access.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::runtime {

template <typename... F>
concept FieldPath = (sizeof...(F) > 0) && (std::convertible_to<const F&, std::string_view> && ...);

namespace internal {
using FieldSpan = std::span<const std::string_view>;
const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj, FieldSpan fields);
std::optional<std::string> NestedString(const nlohmann::json& obj, FieldSpan fields);
std::optional<bool> NestedBool(const nlohmann::json& obj, FieldSpan fields);
std::optional<double> NestedFloat64(const nlohmann::json& obj, FieldSpan fields);
std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj, FieldSpan fields);
std::optional<double> NestedNumberAsFloat64(const nlohmann::json& obj, FieldSpan fields);
std::optional<std::vector<std::string>> NestedStringSlice(const nlohmann::json& obj, FieldSpan fields);
std::optional<nlohmann::json> NestedSlice(const nlohmann::json& obj, FieldSpan fields);
std::optional<std::map<std::string, std::string>> NestedStringMap(const nlohmann::json& obj,
                                                                  FieldSpan fields);
std::optional<std::map<std::string, std::string>> NestedNullCoercingStringMap(const nlohmann::json& obj,
                                                                              FieldSpan fields);
std::optional<nlohmann::json> NestedMap(const nlohmann::json& obj, FieldSpan fields);
void SetNestedField(nlohmann::json& obj, nlohmann::json value, FieldSpan fields);
void RemoveNestedField(nlohmann::json& obj, FieldSpan fields);

template <typename... F>
std::array<std::string_view, sizeof...(F)> Path(const F&... f) {
  return {std::string_view(f)...};
}
APIMACHINERY_DECL std::vector<std::string_view> Path(const std::vector<std::string>& f);
}  // namespace internal

// GoValueString renders a JSON value as Go's %v prints the decoded value.
std::string GoValueString(const nlohmann::json& v);
// GoTypeName is Go's %T of the decoded value ("int64", "map[string]interface {}", "<nil>").
std::string_view GoTypeName(const nlohmann::json& v) noexcept;

// NestedFieldNoCopy returns a pointer to the nested value (possibly a JSON null), nullptr when not
// found. Throws: apimachinery::Error when an intermediate value is not an object.
template <typename... F>
requires FieldPath<F...>
const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedFieldNoCopy(obj, p);
}
template <typename... F>
requires FieldPath<F...> nlohmann::json* NestedFieldNoCopy(nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return const_cast<nlohmann::json*>(internal::NestedFieldNoCopy(std::as_const(obj), p));
}
// NestedFieldCopy returns a copy of the nested value. Throws: as NestedFieldNoCopy.
template <typename... F>
requires FieldPath<F...> std::optional<nlohmann::json> NestedFieldCopy(const nlohmann::json& obj,
                                                                       const F&... fields) {
  const auto p = internal::Path(fields...);
  if (const auto* v = internal::NestedFieldNoCopy(obj, p)) return *v;
  return std::nullopt;
}

// The typed getters. Throws: apimachinery::Error when the value (or an intermediate) has another
// type.
template <typename... F>
requires FieldPath<F...> std::optional<std::string> NestedString(const nlohmann::json& obj,
                                                                 const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedString(obj, p);
}
template <typename... F>
requires FieldPath<F...> std::optional<bool> NestedBool(const nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedBool(obj, p);
}
template <typename... F>
requires FieldPath<F...> std::optional<double> NestedFloat64(const nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedFloat64(obj, p);
}
template <typename... F>
requires FieldPath<F...> std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj,
                                                                 const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedInt64(obj, p);
}
// NestedNumberAsFloat64 accepts float64 and int64 values (an int64 must convert losslessly).
template <typename... F>
requires FieldPath<F...> std::optional<double> NestedNumberAsFloat64(const nlohmann::json& obj,
                                                                     const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedNumberAsFloat64(obj, p);
}
template <typename... F>
requires FieldPath<F...> std::optional<std::vector<std::string>> NestedStringSlice(const nlohmann::json& obj,
                                                                                   const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedStringSlice(obj, p);
}
// NestedSlice returns a copy of the JSON array.
template <typename... F>
requires FieldPath<F...> std::optional<nlohmann::json> NestedSlice(const nlohmann::json& obj,
                                                                   const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedSlice(obj, p);
}
template <typename... F>
requires FieldPath<F...> std::optional<std::map<std::string, std::string>> NestedStringMap(
    const nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedStringMap(obj, p);
}
// NestedNullCoercingStringMap: as NestedStringMap, but null values read as "" (labels, annotations).
template <typename... F>
requires FieldPath<F...> std::optional<std::map<std::string, std::string>> NestedNullCoercingStringMap(
    const nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedNullCoercingStringMap(obj, p);
}
// NestedMap returns a copy of the JSON object.
template <typename... F>
requires FieldPath<F...> std::optional<nlohmann::json> NestedMap(const nlohmann::json& obj,
                                                                 const F&... fields) {
  const auto p = internal::Path(fields...);
  return internal::NestedMap(obj, p);
}

// SetNestedField stores `value`, creating missing intermediate objects.
// Throws: apimachinery::Error when an intermediate value exists and is not an object (`obj` is left
// unchanged then).
template <typename... F>
requires FieldPath<F...>
// NOLINTNEXTLINE(performance-unnecessary-value-param): `value` is moved into place.
void SetNestedField(nlohmann::json& obj, nlohmann::json value, const F&... fields) {
  const auto p = internal::Path(fields...);
  internal::SetNestedField(obj, std::move(value), p);
}
template <typename... F>
requires FieldPath<F...>
void SetNestedStringSlice(nlohmann::json& obj, const std::vector<std::string>& value, const F&... fields) {
  SetNestedField(obj, nlohmann::json(value), fields...);
}
template <typename... F>
requires FieldPath<F...>
void SetNestedSlice(nlohmann::json& obj, nlohmann::json value, const F&... fields) {
  SetNestedField(obj, std::move(value), fields...);
}
template <typename... F>
requires FieldPath<F...>
void SetNestedStringMap(nlohmann::json& obj, const std::map<std::string, std::string>& value,
                        const F&... fields) {
  SetNestedField(obj, nlohmann::json(value), fields...);
}
template <typename... F>
requires FieldPath<F...>
void SetNestedMap(nlohmann::json& obj, nlohmann::json value, const F&... fields) {
  SetNestedField(obj, std::move(value), fields...);
}
// RemoveNestedField removes the nested key if it exists. Never throws (except bad_alloc).
template <typename... F>
requires FieldPath<F...>
void RemoveNestedField(nlohmann::json& obj, const F&... fields) {
  const auto p = internal::Path(fields...);
  internal::RemoveNestedField(obj, p);
}

// Vector-path overloads, for paths built at run time.
APIMACHINERY_DECL const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields);
APIMACHINERY_DECL std::optional<std::string> NestedString(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields);
APIMACHINERY_DECL std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields);
APIMACHINERY_DECL void SetNestedField(nlohmann::json& obj, nlohmann::json value,
                                      const std::vector<std::string>& fields);
APIMACHINERY_DECL void RemoveNestedField(nlohmann::json& obj, const std::vector<std::string>& fields);

// Implementation details follow.

namespace internal {

APIMACHINERY_DECL std::string JSONPath(FieldSpan fields);

// GoFloatString: strconv.FormatFloat(f, 'g', -1, 64), what %v prints for a float64.
APIMACHINERY_DECL std::string GoFloatString(double d);

[[noreturn]] APIMACHINERY_DECL void ThrowAccessor(FieldSpan fields, const nlohmann::json& v,
                                                  std::string_view expected);

// IsGoInt64: an integer JSON number that fits an int64 (nlohmann's is_number_integer() is also
// true for unsigned numbers, hence the explicit check).
APIMACHINERY_DECL bool IsGoInt64(const nlohmann::json& v) noexcept;
APIMACHINERY_DECL bool IsGoFloat64(const nlohmann::json& v) noexcept;

APIMACHINERY_DECL const nlohmann::json* NestedMapNoCopy(const nlohmann::json& obj, FieldSpan fields);

// The error of NestedStringMap and NestedNullCoercingStringMap for a value that is not a string
// (upstream helpers.go: the same fmt.Errorf in both; the key is quoted as %q).
[[noreturn]] APIMACHINERY_DECL void ThrowNonStringMapValue(FieldSpan fields, std::string_view key,
                                                           const nlohmann::json& v);

}  // namespace internal

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/unstructured_helpers.ipp"
#endif
