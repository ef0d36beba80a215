// Definitions of the non-template functions declared in <apimachinery/util/ascii.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/ascii.hpp"

namespace apimachinery::util {

APIMACHINERY_DECL std::string ToLowerASCII(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

APIMACHINERY_DECL bool HasUpperASCII(std::string_view s) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kLow7 = kOnes * 0x7F;
  constexpr std::uint64_t kHigh = kOnes * 0x80;
  auto flags = [&](std::uint64_t x) noexcept {
    const std::uint64_t low = x & kLow7;
    // ((0x7F + 'Z' + 1) - low) keeps the high bit where low <= 'Z'; (low + (0x7F - ('A' - 1))) sets
    // it where low >= 'A'; ~x drops bytes with the high bit set. No lane borrows or carries into
    // the next: every lane of the difference and of the sum stays within 0x00..0xFF.
    return ((kOnes * (0x7F + 'Z' + 1)) - low) & ~x & (low + kOnes * (0x7F - ('A' - 1))) & kHigh;
  };
  const char* p = s.data();
  const std::size_t n = s.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (flags(w) != 0) return true;
  }
  for (; i < n; ++i) {
    if (p[i] >= 'A' && p[i] <= 'Z') return true;
  }
  return false;
}

}  // namespace apimachinery::util
