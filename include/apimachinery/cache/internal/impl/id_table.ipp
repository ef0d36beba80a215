// Definitions of the non-template functions declared in <apimachinery/cache/internal/id_table.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/id_table.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL std::uint64_t HashKey(std::string_view s) noexcept { return util::FastHash(s); }

APIMACHINERY_DECL bool KeysEqual(std::string_view a, std::string_view b) noexcept {
  return util::KeyEquals(a, b);
}

}  // namespace apimachinery::cache::internal
