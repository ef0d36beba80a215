// Definitions of the non-template functions declared in <apimachinery/runtime/unstructured_converter.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/unstructured_converter.hpp"

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL std::string_view UnstructuredKind(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::string:
      return "string";
    case nlohmann::json::value_t::boolean:
      return "bool";
    case nlohmann::json::value_t::number_integer:
      return "int64";
    case nlohmann::json::value_t::number_unsigned:
      return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                 ? "int64"
                 : "float64";
    case nlohmann::json::value_t::number_float:
      return "float64";
    case nlohmann::json::value_t::object:
      return "map";
    case nlohmann::json::value_t::array:
      return "slice";
    default:
      return "";
  }
}

APIMACHINERY_DECL std::optional<std::string> UnstructuredOwnerReferenceMismatch(const nlohmann::json& v) {
  if (!v.is_object()) return fmt::format("cannot restore struct from: {}", UnstructuredKind(v));
  for (const char* key : {"apiVersion", "kind", "name", "uid"}) {
    if (auto m = UnstructuredKeyMismatch<std::string>(v, key)) return m;
  }
  for (const char* key : {"controller", "blockOwnerDeletion"}) {
    if (auto m = UnstructuredKeyMismatch<std::optional<bool>>(v, key)) return m;
  }
  return std::nullopt;
}

APIMACHINERY_DECL std::optional<std::string> UnstructuredObjectMetaMismatch(const nlohmann::json& v) {
  if (!v.is_object()) return fmt::format("cannot restore struct from: {}", UnstructuredKind(v));
  for (const char* key : {"name", "generateName", "namespace", "selfLink", "uid", "resourceVersion"}) {
    if (auto m = UnstructuredKeyMismatch<std::string>(v, key)) return m;
  }
  if (auto m = UnstructuredKeyMismatch<std::int64_t>(v, "generation")) return m;
  if (auto m = UnstructuredKeyMismatch<std::optional<std::int64_t>>(v, "deletionGracePeriodSeconds"))
    return m;
  for (const char* key : {"labels", "annotations"}) {
    if (auto m = UnstructuredKeyMismatch<std::map<std::string, std::string>>(v, key)) return m;
  }
  if (auto it = v.find("ownerReferences"); it != v.end() && !it->is_null()) {
    if (!it->is_array()) return fmt::format("cannot restore slice from {}", UnstructuredKind(*it));
    for (const auto& e : *it) {
      if (e.is_null()) continue;
      if (auto m = UnstructuredOwnerReferenceMismatch(e)) return m;
    }
  }
  return UnstructuredKeyMismatch<std::vector<std::string>>(v, "finalizers");
}

}  // namespace apimachinery::runtime::internal
