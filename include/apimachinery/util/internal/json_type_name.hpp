// util::internal::JSONTypeName: the word Go's encoding/json uses for the kind of a JSON value in an
// UnmarshalTypeError (`json: cannot unmarshal <word> into Go struct field ...`): "string", "bool",
// "number", "object", "array", "null" (encoding/json/decode.go: literalStore, d.object, d.array).
// Shared internals (util/internal/: every package may use them, users must not): the metav1 field
// readers, the field-list JSON codec and the codec's kind sniffing all name values this way.
//
// Thread-safety: pure function. Throws nothing.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace apimachinery::util::internal {

inline std::string_view JSONTypeName(const nlohmann::json& v) noexcept {
  switch (v.type()) {
    case nlohmann::json::value_t::string:
      return "string";
    case nlohmann::json::value_t::boolean:
      return "bool";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float:
      return "number";
    case nlohmann::json::value_t::object:
      return "object";
    case nlohmann::json::value_t::array:
      return "array";
    case nlohmann::json::value_t::null:
      return "null";
    default:
      return v.type_name();  // binary / discarded: never produced by the parser
  }
}

}  // namespace apimachinery::util::internal
