// Definitions of the non-template functions declared in <apimachinery/util/internal/hash_combine.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/internal/hash_combine.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::size_t HashCombine(std::size_t seed, std::string_view s) noexcept {
  return seed ^ (std::hash<std::string_view>{}(s) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace apimachinery::util::internal
