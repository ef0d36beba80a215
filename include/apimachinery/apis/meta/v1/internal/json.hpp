// Checked JSON read/write helpers for the metav1 wire types (package-private), on top of the shared
// checked reader util/internal/json_read.hpp (Go's rules and texts).
//
// Read*: absent key or JSON null leaves the member untouched (Go's encoding/json does the same);
// a value of the wrong type, an out-of-range or non-integral number throws metav1::DecodeError with
// Go's text
//   json: cannot unmarshal <json type> into Go struct field <Struct>.<path> of type <Go type>
// where <path> is the JSON keys from the document root when the value is decoded inside a field
// (util::internal::JSONErrorContext: `ObjectMeta.metadata.name`), else the key alone; the member is
// not modified (each reader builds the value first, then assigns).
// Write*: omitempty (empty strings, zero numbers, empty containers and unset optionals are left out).
// Append*: the same members as text, for the writers that keep Go's field order (AppendJSON): each
// appends `"key":value` (after a comma unless `first`) when Write* would write the key, with the
// bytes util::json::Marshal writes for the value Write* stores.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1::internal {

// JSONTypeName: the word Go's UnmarshalTypeError uses for a JSON value (the shared helper).
using util::internal::JSONTypeName;

[[noreturn]] APIMACHINERY_DECL void ThrowFieldType(std::string_view json_type, std::string_view strct,
                                                   std::string_view key, std::string_view go_type);

[[noreturn]] APIMACHINERY_DECL void ThrowValueType(const nlohmann::json& v, std::string_view go_type);

// RequireObject: `j` must be a JSON object (or null, which the caller treats as empty).
APIMACHINERY_DECL void RequireObject(const nlohmann::json& j, std::string_view go_type);

// Find returns the member `key` of object `j`, or nullptr when absent or null.
APIMACHINERY_DECL const nlohmann::json* Find(const nlohmann::json& j, std::string_view key);

APIMACHINERY_DECL void ReadString(const nlohmann::json& v, std::string& out, std::string_view strct,
                                  std::string_view key);

APIMACHINERY_DECL void ReadBool(const nlohmann::json& v, bool& out, std::string_view strct,
                                std::string_view key);

// ReadInt: an integral JSON number within Int's range; a float or out-of-range number is Go's
// "number <literal>" error.
template <typename Int>
void ReadInt(const nlohmann::json& v, Int& out, std::string_view strct, std::string_view key,
             std::string_view go_type) {
  if (v.is_null()) return;
  if (!util::internal::ReadValue(v, out)) {
    ThrowFieldType(util::internal::TypeErrorValue<Int>(v), strct, key, go_type);
  }
}

template <typename Int>
void ReadOptionalInt(const nlohmann::json& v, std::optional<Int>& out, std::string_view strct,
                     std::string_view key, std::string_view go_type) {
  if (v.is_null()) return;
  Int i{};
  ReadInt(v, i, strct, key, go_type);
  out = i;
}

APIMACHINERY_DECL void ReadOptionalBool(const nlohmann::json& v, std::optional<bool>& out,
                                        std::string_view strct, std::string_view key);

// ReadStringMap: map[string]string; null values become "" (as Go).
APIMACHINERY_DECL void ReadStringMap(const nlohmann::json& v, std::map<std::string, std::string>& out,
                                     std::string_view strct, std::string_view key);

// ReadStringSlice: []string; null elements become "" (as Go).
APIMACHINERY_DECL void ReadStringSlice(const nlohmann::json& v, std::vector<std::string>& out,
                                       std::string_view strct, std::string_view key);

// ReadObjectSlice: []T through T's from_json, inside field `key` of `strct` (so T's errors name
// the path); null elements give a default T (as Go).
template <typename T>
void ReadObjectSlice(const nlohmann::json& v, std::vector<T>& out, std::string_view strct,
                     std::string_view key, std::string_view go_type) {
  if (v.is_null()) return;
  if (!v.is_array()) ThrowFieldType(JSONTypeName(v), strct, key, go_type);
  util::internal::JSONFieldScope scope(strct, key);
  std::vector<T> s;
  s.reserve(v.size());
  for (const auto& e : v) {
    T x{};
    if (!e.is_null()) from_json(e, x);
    s.push_back(std::move(x));
  }
  out = std::move(s);
}

APIMACHINERY_DECL void WriteString(nlohmann::json& j, const char* key, const std::string& v);

template <typename Int>
void WriteInt(nlohmann::json& j, const char* key, Int v) {
  if (v != 0) j[key] = v;
}

template <typename T>
void WriteOptional(nlohmann::json& j, const char* key, const std::optional<T>& v) {
  if (v) j[key] = *v;
}

template <typename Container>
void WriteContainer(nlohmann::json& j, const char* key, const Container& v) {
  if (!v.empty()) j[key] = v;
}

APIMACHINERY_DECL void AppendString(std::string& out, bool& first, std::string_view key,
                                    const std::string& v);

template <typename Int>
void AppendInt(std::string& out, bool& first, std::string_view key, Int v) {
  if (v == 0) return;
  util::json::AppendKey(out, first, key);
  util::json::AppendNumber(out, v);
}

// AppendOptional: an optional bool or integer, written when set.
template <typename T>
void AppendOptional(std::string& out, bool& first, std::string_view key, const std::optional<T>& v) {
  if (!v) return;
  util::json::AppendKey(out, first, key);
  if constexpr (std::is_same_v<T, bool>) {
    out += *v ? "true" : "false";
  } else {
    util::json::AppendNumber(out, *v);
  }
}

// AppendStringMap: a map[string]string, keys in byte order (as Go sorts map keys), when not empty.
APIMACHINERY_DECL void AppendStringMap(std::string& out, bool& first, std::string_view key,
                                       const std::map<std::string, std::string>& v);

// AppendSlice: a []string, or a slice of a type with AppendJSON, when not empty.
template <typename T>
void AppendSlice(std::string& out, bool& first, std::string_view key, const std::vector<T>& v) {
  if (v.empty()) return;
  util::json::AppendKey(out, first, key);
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += ',';
    if constexpr (std::is_same_v<T, std::string>) {
      util::AppendJSONQuote(out, v[i]);
    } else {
      AppendJSON(out, v[i]);
    }
  }
  out += ']';
}

// MergeUnknown copies `unknown` (an object of keys the type does not model) into `j` without
// overwriting modelled keys.
APIMACHINERY_DECL void MergeUnknown(nlohmann::json& j, const nlohmann::json& unknown);

}  // namespace apimachinery::metav1::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/internal/impl/json.ipp"
#endif
