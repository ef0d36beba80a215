// Definitions of the non-template functions declared in <apimachinery/runtime/fields_json.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/fields_json.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL void StrictFieldErrors::Push(std::string_view segment, bool index) {
  mark_.push_back(path_.size());
  if (!index && !path_.empty()) path_ += '.';
  path_ += segment;
}

APIMACHINERY_DECL void StrictFieldErrors::Pop() {
  path_.resize(mark_.back());
  mark_.pop_back();
}

APIMACHINERY_DECL void StrictFieldErrors::Unknown(std::string_view key) {
  std::string p = path_;
  if (!p.empty()) p += '.';
  p += key;
  errors_.push_back(fmt::format("unknown field \"{}\"", p));
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

[[noreturn]] APIMACHINERY_DECL void ThrowInvalidStringTag(std::string_view what, const std::string& go_type) {
  throw metav1::DecodeError(
      fmt::format("json: invalid use of ,string struct tag, trying to unmarshal {} into {}", what, go_type));
}

APIMACHINERY_DECL bool IsJSONNumber(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t b = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > b;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (i < s.size() && s[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

}  // namespace apimachinery::runtime::internal
