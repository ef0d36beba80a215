// Definitions of the non-template functions declared in <apimachinery/util/fast_hash.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/fast_hash.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::uint64_t Mix(std::uint64_t x) noexcept {
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 29;
  return x;
}

APIMACHINERY_DECL std::uint64_t Rotl(std::uint64_t x, int r) noexcept { return (x << r) | (x >> (64 - r)); }

APIMACHINERY_DECL std::uint64_t Load64(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

APIMACHINERY_DECL std::uint64_t Load32(const char* p) noexcept {
  std::uint32_t w;
  std::memcpy(&w, p, 4);
  return static_cast<std::uint64_t>(w);
}

APIMACHINERY_DECL std::uint64_t Fold(std::uint64_t h, std::uint64_t a, std::uint64_t b) noexcept {
  return Mix(h ^ (a * kMulA) ^ Rotl(b * kMulB, 31));
}

APIMACHINERY_DECL std::uint64_t HashLong(const char* p, std::size_t n, std::uint64_t h) noexcept {
  for (std::size_t i = 0; i + 16 < n; i += 16) h = Fold(h, Load64(p + i), Load64(p + i + 8));
  return Fold(h, Load64(p + n - 16), Load64(p + n - 8));
}

}  // namespace apimachinery::util::internal

namespace apimachinery::util {

APIMACHINERY_DECL std::size_t StringHash::operator()(std::string_view s) const noexcept {
  return static_cast<std::size_t>(FastHash(s));
}

APIMACHINERY_DECL bool StringEqual::operator()(std::string_view a, std::string_view b) const noexcept {
  return KeyEquals(a, b);
}

}  // namespace apimachinery::util
