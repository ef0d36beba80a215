// JSON from field lists: the Kubernetes wire form of a struct derived from its APIMACHINERY_FIELDS
// list (conversion/fields.hpp), with camelCase keys and omitempty.
//
//   struct WidgetSpec { std::int32_t replicas = 0; std::string image_name; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, image_name)
//   APIMACHINERY_JSON_FIELDS(WidgetSpec)          // to_json / from_json: {"replicas":3,"imageName":"x"}
//
// - Keys: the member name in camelCase (`container_port` -> `containerPort`); a trailing `_` is
//   dropped (`namespace_` -> `namespace`). Objects (types with `type_meta`) also read/write
//   `apiVersion` and `kind`.
// - Writing omits empty values (omitempty): "" / 0 / false / empty containers / nullopt.
// - Reading replaces the whole value: members whose key is absent (or null) are reset to their
//   default. A value of the wrong JSON type throws metav1::DecodeError with Go's encoding/json
//   text (`json: cannot unmarshal string into Go struct field WidgetSpec.replicas of type int`).
//   Unknown keys are ignored, except inside a StrictFieldsScope, which records each as
//   `unknown field "<path>"` (the path of the key from the document root, as upstream's strict
//   decoder prints it: `spec.template.containers[0].foo`). Unknown metadata keys (kept by
//   metav1::ObjectMeta in unknown_fields) are reported the same way.
//
// Throws: metav1::DecodeError (wrong types, a non-object where an object is expected).
// Thread-safety: stateless, except the strict scope which is thread_local.
// Differences from upstream: Go reads `json:"..."` struct tags; here the key is derived from the
// member name (write to_json/from_json by hand where a key differs).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/internal/type_traits.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

// StrictFieldsScope: while alive (on this thread), field-list decoding records unknown keys.
class StrictFieldsScope {
 public:
  StrictFieldsScope() : prev_(current_) { current_ = this; }
  ~StrictFieldsScope() { current_ = prev_; }
  StrictFieldsScope(const StrictFieldsScope&) = delete;
  StrictFieldsScope& operator=(const StrictFieldsScope&) = delete;

  // The recorded errors (`unknown field "spec.foo"`), in document order.
  const std::vector<std::string>& errors() const noexcept { return errors_; }

  static StrictFieldsScope* Current() noexcept { return current_; }
  void Push(std::string_view segment, bool index = false) {
    mark_.push_back(path_.size());
    if (!index && !path_.empty()) path_ += '.';
    path_ += segment;
  }
  void Pop() {
    path_.resize(mark_.back());
    mark_.pop_back();
  }
  void Unknown(std::string_view key) {
    std::string p = path_;
    if (!p.empty()) p += '.';
    p += key;
    errors_.push_back(fmt::format("unknown field \"{}\"", p));
  }

 private:
  static inline thread_local StrictFieldsScope* current_ = nullptr;
  StrictFieldsScope* prev_;
  std::string path_;
  std::vector<std::size_t> mark_;
  std::vector<std::string> errors_;
};

// FieldsToJSON / FieldsFromJSON: the functions behind APIMACHINERY_JSON_FIELDS.
template <typename T>
void FieldsToJSON(nlohmann::json& j, const T& v);
template <typename T>
void FieldsFromJSON(const nlohmann::json& j, T& v);

// Implementation details follow.
namespace internal {

inline std::string CamelCaseKey(std::string_view member) {
  while (!member.empty() && member.back() == '_') member.remove_suffix(1);
  std::string out;
  out.reserve(member.size());
  bool upper = false;
  for (char c : member) {
    if (c == '_') {
      upper = true;
      continue;
    }
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    upper = false;
    out += c;
  }
  return out;
}

template <typename T>
const auto& JSONKeysOf() {
  static const auto keys = std::apply(
      [](const auto&... f) { return std::array<std::string, sizeof...(f)>{CamelCaseKey(f.name)...}; },
      conversion::kFields<T>);
  return keys;
}

template <typename T>
bool IsEmptyValue(const T& v) {
  // Numbers and bools are empty when zero/false (v == T{}); metadata is never empty.
  if constexpr (util::internal::IsOptional<T>::value) {
    return !v.has_value();
  } else if constexpr (std::is_same_v<T, nlohmann::json>) {
    return v.is_null();
  } else if constexpr (requires { v.empty(); }) {
    return v.empty();
  } else if constexpr (!std::is_same_v<T, metav1::ObjectMeta> && std::equality_comparable<T> &&
                       std::is_default_constructible_v<T>) {
    return v == T{};
  } else {
    return false;
  }
}

template <typename T>
std::string_view ShortTypeName() {
  std::string_view n = util::kTypeId<T>.name();
  if (n.find('<') != std::string_view::npos) return n;
  auto c = n.rfind("::");
  return c == std::string_view::npos ? n : n.substr(c + 2);
}

template <typename M>
void DecodeValue(const nlohmann::json& j, M& out);

template <typename M>
void DecodeScalar(const nlohmann::json& j, M& out) {
  bool ok;
  if constexpr (std::is_same_v<M, bool>) {
    ok = j.is_boolean();
  } else if constexpr (std::is_integral_v<M>) {
    ok = j.is_number_integer();
  } else if constexpr (std::is_floating_point_v<M>) {
    ok = j.is_number();
  } else if constexpr (std::is_same_v<M, std::string>) {
    ok = j.is_string();
  } else {
    ok = true;
  }
  if (!ok) throw nlohmann::json::type_error::create(302, "type mismatch", &j);
  if constexpr (std::is_same_v<M, std::string>) {
    out = j.get_ref<const std::string&>();
  } else {
    j.get_to(out);
  }
}

template <typename M>
void DecodeValue(const nlohmann::json& j, M& out) {
  StrictFieldsScope* strict = StrictFieldsScope::Current();
  if (j.is_null()) {
    out = M{};
    return;
  }
  if constexpr (conversion::HasFields<M>) {
    FieldsFromJSON(j, out);
  } else if constexpr (util::internal::IsVector<M>::value) {
    if (!j.is_array()) throw nlohmann::json::type_error::create(302, "type mismatch", &j);
    out.clear();
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (strict) strict->Push(fmt::format("[{}]", i), true);
      DecodeValue(j[i], out[i]);
      if (strict) strict->Pop();
    }
  } else if constexpr (util::internal::IsSameKeyMaps<M, std::map<std::string, int>>::value) {
    if (!j.is_object()) throw nlohmann::json::type_error::create(302, "type mismatch", &j);
    out.clear();
    for (const auto& [k, v] : j.items()) {
      if (strict) strict->Push(k);
      DecodeValue(v, out[k]);
      if (strict) strict->Pop();
    }
  } else if constexpr (util::internal::IsOptional<M>::value) {
    out.emplace();
    DecodeValue(j, *out);
  } else if constexpr (std::is_arithmetic_v<M> || std::is_same_v<M, std::string>) {
    DecodeScalar(j, out);
  } else {
    j.get_to(out);
    if constexpr (std::is_same_v<M, metav1::ObjectMeta>) {
      if (strict && out.unknown_fields.is_object()) {
        for (const auto& [k, v] : out.unknown_fields.items()) strict->Unknown(k);
      }
    }
  }
}

}  // namespace internal

template <typename T>
void FieldsToJSON(nlohmann::json& j, const T& v) {
  static_assert(conversion::HasFields<T>, "FieldsToJSON needs APIMACHINERY_FIELDS");
  j = nlohmann::json::object();
  if constexpr (HasTypeMeta<T>) {
    if (!v.type_meta.api_version.empty()) j["apiVersion"] = v.type_meta.api_version;
    if (!v.type_meta.kind.empty()) j["kind"] = v.type_meta.kind;
  }
  const auto& keys = internal::JSONKeysOf<T>();
  std::size_t i = 0;
  std::apply(
      [&](const auto&... f) {
        (
            [&] {
              const auto& member = v.*(f.ptr);
              if (!internal::IsEmptyValue(member)) j[keys[i]] = member;
              ++i;
            }(),
            ...);
      },
      conversion::kFields<T>);
}

template <typename T>
void FieldsFromJSON(const nlohmann::json& j, T& v) {
  static_assert(conversion::HasFields<T>, "FieldsFromJSON needs APIMACHINERY_FIELDS");
  if (!j.is_object()) {
    throw metav1::DecodeError(fmt::format("json: cannot unmarshal {} into Go value of type {}",
                                          util::internal::JSONTypeName(j), internal::ShortTypeName<T>()));
  }
  constexpr auto& fields = conversion::kFields<T>;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(fields)>>;
  const auto& keys = internal::JSONKeysOf<T>();
  StrictFieldsScope* strict = StrictFieldsScope::Current();
  std::array<bool, n> seen{};
  if constexpr (HasTypeMeta<T>) {
    v.type_meta = {};
  }
  for (const auto& item : j.items()) {
    // Named references, not a structured binding: clang 14 cannot capture bindings in lambdas.
    const std::string& key = item.key();
    const nlohmann::json& value = item.value();
    std::size_t idx = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (keys[i] == key) {
        idx = i;
        break;
      }
    }
    if (idx == n) {
      if constexpr (HasTypeMeta<T>) {
        if (key == "apiVersion" || key == "kind") {
          if (!value.is_string() && !value.is_null()) {
            throw metav1::DecodeError(
                fmt::format("json: cannot unmarshal {} into Go struct field {}.{} of type string",
                            util::internal::JSONTypeName(value), internal::ShortTypeName<T>(), key));
          }
          if (value.is_string()) {
            (key == "apiVersion" ? v.type_meta.api_version : v.type_meta.kind) =
                value.template get<std::string>();
          }
          continue;
        }
      }
      if (strict) strict->Unknown(key);
      continue;
    }
    seen[idx] = true;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((I == idx ? (
                             [&] {
                               auto& member = v.*(std::get<I>(fields).ptr);
                               using M = std::remove_cvref_t<decltype(member)>;
                               if (strict) strict->Push(key);
                               try {
                                 internal::DecodeValue(value, member);
                               } catch (const nlohmann::json::exception&) {
                                 if (strict) strict->Pop();
                                 throw metav1::DecodeError(fmt::format(
                                     "json: cannot unmarshal {} into Go struct field {}.{} of type {}",
                                     util::internal::JSONTypeName(value), internal::ShortTypeName<T>(), key,
                                     internal::ShortTypeName<M>()));
                               }
                               if (strict) strict->Pop();
                             }(),
                             true)
                       : false) ||
             ...);
    }
    (std::make_index_sequence<n>{});
  }
  // Absent keys reset their members (from_json replaces the whole value).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((seen[I] ? void() : void(v.*(std::get<I>(fields).ptr) = {})), ...);
  }
  (std::make_index_sequence<n>{});
}

}  // namespace apimachinery::runtime

// APIMACHINERY_JSON_FIELDS(Type): to_json / from_json for Type from its field list (place it after
// APIMACHINERY_FIELDS, in the type's namespace).
// Type names a type, which cannot be parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define APIMACHINERY_JSON_FIELDS(Type)                                       \
  [[maybe_unused]] inline void to_json(nlohmann::json& j, const Type& v) {   \
    ::apimachinery::runtime::FieldsToJSON(j, v);                             \
  }                                                                          \
  [[maybe_unused]] inline void from_json(const nlohmann::json& j, Type& v) { \
    ::apimachinery::runtime::FieldsFromJSON(j, v);                           \
  }
// NOLINTEND(bugprone-macro-parentheses)
