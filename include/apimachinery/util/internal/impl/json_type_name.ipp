// Definitions of the non-template functions declared in <apimachinery/util/internal/json_type_name.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/internal/json_type_name.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::string_view JSONTypeName(const nlohmann::json& v) noexcept {
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
