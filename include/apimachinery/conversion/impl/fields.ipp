// Definitions of the non-template functions declared in <apimachinery/conversion/fields.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/conversion/fields.hpp"

namespace apimachinery::conversion::internal {

APIMACHINERY_DECL void ThrowBadTag_UnknownOptionOrKeyTooLong() {}

APIMACHINERY_DECL std::string JoinPath(const std::string& path, std::string_view name) {
  if (path.empty()) return std::string(name);
  std::string out = path;
  out += '.';
  out += name;
  return out;
}

}  // namespace apimachinery::conversion::internal
