// util: FastHash and KeyEquals, the hash and equality of the library's internal hash tables, and
// StringHash / StringEqual, the same as transparent function objects for the standard containers.
//
// Example:
//   const std::uint64_t h = util::FastHash("namespace-01/pod-0000042");
//   std::string a = "default/web-0", b = "default/web-1";
//   util::KeyEquals(a, b);   // a == b (false), inlined for strings of up to 16 bytes
//   std::unordered_map<std::string, int, util::StringHash, util::StringEqual> m;
//   m.find(std::string_view("web"));   // no std::string is built for the lookup
//
// The keys of these tables are short: API names ("deployments", "apps"), object keys
// ("default/web-0"), index values (a node or namespace name). libstdc++'s std::hash (a byte-wise
// MurmurHash2 behind a library call) and memcmp cost several times more than the work itself at
// those sizes.
// Not a defence against crafted collisions (nor is std::hash, whose seed is fixed and public):
// a table keyed by strings an adversary chooses by the million needs a keyed hash.
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"

namespace apimachinery::util {

// Pieces of FastHash (util::internal: shared internals, see util/internal/).
namespace internal {
inline constexpr std::uint64_t kMulA = 0x9E3779B97F4A7C15ULL;
inline constexpr std::uint64_t kMulB = 0xC2B2AE3D27D4EB4FULL;
APIMACHINERY_DECL std::uint64_t Mix(std::uint64_t x) noexcept;
APIMACHINERY_DECL std::uint64_t Rotl(std::uint64_t x, int r) noexcept;
APIMACHINERY_DECL std::uint64_t Load64(const char* p) noexcept;
APIMACHINERY_DECL std::uint64_t Load32(const char* p) noexcept;
// Folds two words into the state: two independent multiplies, one mix.
APIMACHINERY_DECL std::uint64_t Fold(std::uint64_t h, std::uint64_t a, std::uint64_t b) noexcept;
// Names longer than 16 bytes (rare): 16 bytes per round, then the last 16 (overlapping).
APIMACHINERY_DECL std::uint64_t HashLong(const char* p, std::size_t n, std::uint64_t h) noexcept;
}  // namespace internal

// FastHash: a word-at-a-time 64-bit hash for short strings (API names, object keys, index
// values). Reads whole (possibly overlapping) words only, so no byte-wise tail copy stalls the
// load; a string of up to 16 bytes is two independent multiplies and one mix.
[[gnu::always_inline]] inline std::uint64_t FastHash(std::string_view s, std::uint64_t seed = 0) noexcept {
  using namespace internal;
  const char* p = s.data();
  const std::size_t n = s.size();
  const std::uint64_t h = seed ^ n;
  if (n > 16) return HashLong(p, n, h);
  if (n >= 8) return Fold(h, Load64(p), Load64(p + n - 8));
  if (n >= 4) return Fold(h, Load32(p), Load32(p + n - 4));
  if (n == 0) return Fold(h, 0, 0);
  const auto byte = [&](std::size_t i) {
    return static_cast<std::uint64_t>(static_cast<unsigned char>(p[i]));
  };
  return Fold(h, byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1), 0);
}

// KeyEquals: byte equality of two strings, word by word, without a library call.
[[gnu::always_inline]] inline bool KeyEquals(std::string_view x, std::string_view y) noexcept {
  const std::size_t n = x.size();
  if (n != y.size()) return false;
  const char* p = x.data();
  const char* q = y.data();
  auto eq = [](const char* a, const char* b, std::size_t width) noexcept {
    std::uint64_t u = 0;
    std::uint64_t v = 0;
    std::memcpy(&u, a, width);
    std::memcpy(&v, b, width);
    return u == v;
  };
  if (n > 16) {
    // Whole words, then the last word (overlapping): object keys are mostly 20-60 bytes, where a
    // call to memcmp costs more than the comparison.
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      if (!eq(p + i, q + i, 8)) return false;
    }
    return eq(p + n - 8, q + n - 8, 8);
  }
  if (n >= 8) return eq(p, q, 8) && eq(p + n - 8, q + n - 8, 8);
  if (n >= 4) return eq(p, q, 4) && eq(p + n - 4, q + n - 4, 4);
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i] != q[i]) return false;
  }
  return true;
}

// StringHash / StringEqual: FastHash and KeyEquals as transparent hasher and key-equal of an
// std::unordered_map or std::unordered_set keyed by std::string, so that lookups by
// std::string_view (or const char*) build no std::string. The one string hash of the library's
// standard containers.
struct StringHash {
  using is_transparent = void;
  APIMACHINERY_DECL std::size_t operator()(std::string_view s) const noexcept;
};
struct StringEqual {
  using is_transparent = void;
  APIMACHINERY_DECL bool operator()(std::string_view a, std::string_view b) const noexcept;
};

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/fast_hash.ipp"
#endif
