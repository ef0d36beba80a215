// Definitions of the non-template functions declared in <apimachinery/types/namespacedname.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/types/namespacedname.hpp"

namespace apimachinery::types {

APIMACHINERY_DECL std::string NamespacedName::String() const { return namespace_ + kSeparator + name; }

APIMACHINERY_DECL nlohmann::json NamespacedName::MarshalLog() const {
  nlohmann::json j{{"name", name}};
  if (!namespace_.empty()) j["namespace"] = namespace_;
  return j;
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const NamespacedName& n) {
  j = nlohmann::json{{"Namespace", n.namespace_}, {"Name", n.name}};
}

}  // namespace apimachinery::types

namespace apimachinery::types::internal {

APIMACHINERY_DECL void ReadNameField(const nlohmann::json& j, const char* key, std::string& out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return;
  if (!it->is_string()) {
    throw metav1::DecodeError("json: cannot unmarshal " + std::string(util::internal::JSONTypeName(*it)) +
                              " into Go struct field NamespacedName." + key + " of type string");
  }
  out = it->get_ref<const std::string&>();
}

}  // namespace apimachinery::types::internal

namespace apimachinery::types {

APIMACHINERY_DECL void from_json(const nlohmann::json& j, NamespacedName& n) {
  if (j.is_null()) return;
  if (!j.is_object()) {
    throw metav1::DecodeError("json: cannot unmarshal " + std::string(util::internal::JSONTypeName(j)) +
                              " into Go value of type types.NamespacedName");
  }
  NamespacedName out;
  internal::ReadNameField(j, "Namespace", out.namespace_);
  internal::ReadNameField(j, "Name", out.name);
  n = std::move(out);
}

}  // namespace apimachinery::types
