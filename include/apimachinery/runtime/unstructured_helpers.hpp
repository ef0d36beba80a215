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
inline std::vector<std::string_view> Path(const std::vector<std::string>& f) {
  return std::vector<std::string_view>(f.begin(), f.end());
}
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
inline const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj,
                                               const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedFieldNoCopy(obj, p);
}
inline std::optional<std::string> NestedString(const nlohmann::json& obj,
                                               const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedString(obj, p);
}
inline std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj,
                                               const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedInt64(obj, p);
}
inline void SetNestedField(nlohmann::json& obj, nlohmann::json value,
                           const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  internal::SetNestedField(obj, std::move(value), p);
}
inline void RemoveNestedField(nlohmann::json& obj, const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  internal::RemoveNestedField(obj, p);
}

// Implementation details follow.

namespace internal {

inline std::string JSONPath(FieldSpan fields) {
  std::string out;
  for (const auto f : fields) {
    out += '.';
    out += f;
  }
  if (fields.empty()) out = ".";
  return out;
}

// GoFloatString: strconv.FormatFloat(f, 'g', -1, 64), what %v prints for a float64.
inline std::string GoFloatString(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "+Inf" : "-Inf";
  std::array<char, 64> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::scientific);
  if (ec != std::errc()) return fmt::format("{}", d);
  std::string sci(buf.data(), end);
  const auto epos = sci.find('e');
  const int exp = std::stoi(sci.substr(epos + 1));
  // strconv's shortest 'g': %e when the exponent is < -4 or >= 6 (eprec 6 for the shortest form).
  if (exp < -4 || exp >= 6) return sci;  // "1e+06", "1.5e-05"
  auto [fend, fec] = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::fixed);
  if (fec != std::errc()) return sci;
  return std::string(buf.data(), fend);
}

inline const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj, FieldSpan fields) {
  const nlohmann::json* val = &obj;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (val->is_null()) return nullptr;
    if (!val->is_object()) {
      throw Error(fmt::format("{} accessor error: {} is of the type {}, expected map[string]interface{{}}",
                              JSONPath(fields.first(i + 1)), GoValueString(*val), GoTypeName(*val)));
    }
    auto it = val->find(fields[i]);
    if (it == val->end()) return nullptr;
    val = &*it;
  }
  return val;
}

[[noreturn]] inline void ThrowAccessor(FieldSpan fields, const nlohmann::json& v, std::string_view expected) {
  throw Error(fmt::format("{} accessor error: {} is of the type {}, expected {}", JSONPath(fields),
                          GoValueString(v), GoTypeName(v), expected));
}

// IsGoInt64: an integer JSON number that fits an int64 (nlohmann's is_number_integer() is also
// true for unsigned numbers, hence the explicit check).
inline bool IsGoInt64(const nlohmann::json& v) noexcept {
  if (v.is_number_unsigned()) {
    return *v.get_ptr<const nlohmann::json::number_unsigned_t*>() <=
           static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  }
  return v.is_number_integer();
}
inline bool IsGoFloat64(const nlohmann::json& v) noexcept {
  return v.is_number_float() || (v.is_number() && !IsGoInt64(v));
}

inline std::optional<std::string> NestedString(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) ThrowAccessor(fields, *v, "string");
  return v->get<std::string>();
}

inline std::optional<bool> NestedBool(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) ThrowAccessor(fields, *v, "bool");
  return v->get<bool>();
}

inline std::optional<double> NestedFloat64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!IsGoFloat64(*v)) ThrowAccessor(fields, *v, "float64");
  return v->get<double>();
}

inline std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!IsGoInt64(*v)) ThrowAccessor(fields, *v, "int64");
  return v->get<std::int64_t>();
}

inline std::optional<double> NestedNumberAsFloat64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (IsGoFloat64(*v)) return v->get<double>();
  if (IsGoInt64(*v)) {
    const auto i = v->get<std::int64_t>();
    const auto d = static_cast<double>(i);
    // Lossless when the double converts back to the same integer (2^63 does not fit an int64).
    if (d < 9223372036854775808.0 && static_cast<std::int64_t>(d) == i) return d;
    throw Error(fmt::format("{} accessor error: int64 value {} cannot be losslessly converted to float64",
                            JSONPath(fields), i));
  }
  ThrowAccessor(fields, *v, "float64 or int64");
}

inline std::optional<std::vector<std::string>> NestedStringSlice(const nlohmann::json& obj,
                                                                 FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array()) ThrowAccessor(fields, *v, "[]interface{}");
  std::vector<std::string> out;
  out.reserve(v->size());
  for (const auto& e : *v) {
    if (!e.is_string()) {
      throw Error(fmt::format(
          "{} accessor error: contains non-string key in the slice: {} is of the type {}, expected string",
          JSONPath(fields), GoValueString(e), GoTypeName(e)));
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

inline std::optional<nlohmann::json> NestedSlice(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array()) ThrowAccessor(fields, *v, "[]interface{}");
  return *v;
}

inline const nlohmann::json* NestedMapNoCopy(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return nullptr;
  if (!v->is_object()) ThrowAccessor(fields, *v, "map[string]interface{}");
  return v;
}

// The error of NestedStringMap and NestedNullCoercingStringMap for a value that is not a string
// (upstream helpers.go: the same fmt.Errorf in both; the key is quoted as %q).
[[noreturn]] inline void ThrowNonStringMapValue(FieldSpan fields, std::string_view key,
                                                const nlohmann::json& v) {
  throw Error(fmt::format(
      "{} accessor error: contains non-string value in the map under key {}: {} is of the type {}, expected "
      "string",
      JSONPath(fields), util::Quote(key), GoValueString(v), GoTypeName(v)));
}

inline std::optional<std::map<std::string, std::string>> NestedStringMap(const nlohmann::json& obj,
                                                                         FieldSpan fields) {
  const auto* m = NestedMapNoCopy(obj, fields);
  if (m == nullptr) return std::nullopt;
  std::map<std::string, std::string> out;
  for (const auto& [k, e] : m->items()) {
    if (!e.is_string()) ThrowNonStringMapValue(fields, k, e);
    out.emplace(k, e.get<std::string>());
  }
  return out;
}

inline std::optional<std::map<std::string, std::string>> NestedNullCoercingStringMap(
    const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  // A null map is found and empty (Go returns a nil map with found=true).
  if (v->is_null()) return std::map<std::string, std::string>{};
  if (!v->is_object()) ThrowAccessor(fields, *v, "map[string]interface{}");
  std::map<std::string, std::string> out;
  for (const auto& [k, e] : v->items()) {
    if (e.is_null()) {
      out.emplace(k, std::string());
    } else if (e.is_string()) {
      out.emplace(k, e.get<std::string>());
    } else {
      ThrowNonStringMapValue(fields, k, e);
    }
  }
  return out;
}

inline std::optional<nlohmann::json> NestedMap(const nlohmann::json& obj, FieldSpan fields) {
  const auto* m = NestedMapNoCopy(obj, fields);
  if (m == nullptr) return std::nullopt;
  return *m;
}

inline void SetNestedField(nlohmann::json& obj, nlohmann::json value, FieldSpan fields) {
  if (fields.empty()) throw Error("SetNestedField: no fields given");
  if (obj.is_null()) obj = nlohmann::json::object();
  if (!obj.is_object()) {
    throw Error("value cannot be set because . is not a map[string]interface{}");
  }
  // Check the whole path first, so that a failure leaves `obj` unchanged.
  const nlohmann::json* probe = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    auto it = probe->find(fields[i]);
    if (it == probe->end()) break;
    if (!it->is_object()) {
      throw Error(fmt::format("value cannot be set because {} is not a map[string]interface{{}}",
                              JSONPath(fields.first(i + 1))));
    }
    probe = &*it;
  }
  nlohmann::json* m = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    const std::string key(fields[i]);
    auto it = m->find(key);
    if (it == m->end()) it = m->emplace(key, nlohmann::json::object()).first;
    m = &*it;
  }
  (*m)[std::string(fields.back())] = std::move(value);
}

inline void RemoveNestedField(nlohmann::json& obj, FieldSpan fields) {
  if (fields.empty()) return;
  nlohmann::json* m = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    if (!m->is_object()) return;
    auto it = m->find(fields[i]);
    if (it == m->end() || !it->is_object()) return;
    m = &*it;
  }
  if (m->is_object()) m->erase(std::string(fields.back()));
}

}  // namespace internal

inline std::string_view GoTypeName(const nlohmann::json& v) noexcept {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "bool";
  if (internal::IsGoInt64(v)) return "int64";
  if (v.is_number()) return "float64";
  if (v.is_object()) return "map[string]interface {}";
  if (v.is_array()) return "[]interface {}";
  return "<nil>";
}

inline std::string GoValueString(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (internal::IsGoInt64(v)) return std::to_string(v.get<std::int64_t>());
  if (v.is_number()) return internal::GoFloatString(v.get<double>());  // float64 in Go
  if (v.is_array()) {
    std::string out = "[";
    bool first = true;
    for (const auto& e : v) {
      if (!first) out += ' ';
      first = false;
      out += GoValueString(e);
    }
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "map[";
    bool first = true;
    for (const auto& [k, e] : v.items()) {  // nlohmann objects iterate in sorted key order, as %v
      if (!first) out += ' ';
      first = false;
      out += k;
      out += ':';
      out += GoValueString(e);
    }
    return out + "]";
  }
  return "<nil>";
}

}  // namespace apimachinery::runtime
