// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/internal/json.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/internal/json.hpp"

namespace apimachinery::metav1::internal {

[[noreturn]] APIMACHINERY_DECL void ThrowFieldType(std::string_view json_type, std::string_view strct,
                                                   std::string_view key, std::string_view go_type) {
  throw DecodeError(util::internal::UnmarshalFieldTypeErrorText(json_type, strct, key, go_type));
}

[[noreturn]] APIMACHINERY_DECL void ThrowValueType(const nlohmann::json& v, std::string_view go_type) {
  throw DecodeError(util::internal::UnmarshalTypeErrorText(JSONTypeName(v), go_type));
}

APIMACHINERY_DECL void RequireObject(const nlohmann::json& j, std::string_view go_type) {
  if (!j.is_object() && !j.is_null()) ThrowValueType(j, go_type);
}

APIMACHINERY_DECL const nlohmann::json* Find(const nlohmann::json& j, std::string_view key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return nullptr;
  return &*it;
}

APIMACHINERY_DECL void ReadString(const nlohmann::json& v, std::string& out, std::string_view strct,
                                  std::string_view key) {
  if (v.is_null()) return;
  if (!util::internal::ReadValue(v, out)) ThrowFieldType(JSONTypeName(v), strct, key, "string");
}

APIMACHINERY_DECL void ReadBool(const nlohmann::json& v, bool& out, std::string_view strct,
                                std::string_view key) {
  if (v.is_null()) return;
  if (!util::internal::ReadValue(v, out)) ThrowFieldType(JSONTypeName(v), strct, key, "bool");
}

APIMACHINERY_DECL void ReadOptionalBool(const nlohmann::json& v, std::optional<bool>& out,
                                        std::string_view strct, std::string_view key) {
  if (v.is_null()) return;
  bool b = false;
  ReadBool(v, b, strct, key);
  out = b;
}

APIMACHINERY_DECL void ReadStringMap(const nlohmann::json& v, std::map<std::string, std::string>& out,
                                     std::string_view strct, std::string_view key) {
  if (v.is_null()) return;
  if (!v.is_object()) ThrowFieldType(JSONTypeName(v), strct, key, "map[string]string");
  std::map<std::string, std::string> m;
  for (const auto& [k, e] : v.items()) {
    std::string s;
    ReadString(e, s, strct, key);
    m.emplace(k, std::move(s));
  }
  out = std::move(m);
}

APIMACHINERY_DECL void ReadStringSlice(const nlohmann::json& v, std::vector<std::string>& out,
                                       std::string_view strct, std::string_view key) {
  if (v.is_null()) return;
  if (!v.is_array()) ThrowFieldType(JSONTypeName(v), strct, key, "[]string");
  std::vector<std::string> s;
  s.reserve(v.size());
  for (const auto& e : v) {
    std::string x;
    ReadString(e, x, strct, key);
    s.push_back(std::move(x));
  }
  out = std::move(s);
}

APIMACHINERY_DECL void WriteString(nlohmann::json& j, const char* key, const std::string& v) {
  if (!v.empty()) j[key] = v;
}

APIMACHINERY_DECL void AppendString(std::string& out, bool& first, std::string_view key,
                                    const std::string& v) {
  if (v.empty()) return;
  util::json::AppendKey(out, first, key);
  util::AppendJSONQuote(out, v);
}

APIMACHINERY_DECL void AppendStringMap(std::string& out, bool& first, std::string_view key,
                                       const std::map<std::string, std::string>& v) {
  if (v.empty()) return;
  util::json::AppendKey(out, first, key);
  out += '{';
  bool inner = true;
  for (const auto& [k, e] : v) {
    util::json::AppendKey(out, inner, k);
    util::AppendJSONQuote(out, e);
  }
  out += '}';
}

APIMACHINERY_DECL void MergeUnknown(nlohmann::json& j, const nlohmann::json& unknown) {
  if (!unknown.is_object()) return;
  for (const auto& [k, v] : unknown.items()) {
    if (!j.contains(k)) j[k] = v;
  }
}

}  // namespace apimachinery::metav1::internal
