// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/duration.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/duration.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL std::string Duration::String() const { return util::FormatDuration(duration); }

APIMACHINERY_DECL std::string Duration::ToUnstructured() const { return String(); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Duration& d) { j = d.String(); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Duration& d) {
  std::string s;  // null leaves it empty, as Go's json.Unmarshal into a string
  if (!j.is_null()) {
    if (!j.is_string()) internal::ThrowValueType(j, "string");
    s = j.get_ref<const std::string&>();
  }
  try {
    d.duration = util::ParseDuration(s);
  } catch (const util::DurationParseError& e) {
    throw DecodeError(e.what());
  }
}

}  // namespace apimachinery::metav1
