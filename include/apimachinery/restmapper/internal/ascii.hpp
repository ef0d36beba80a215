// restmapper/internal/ascii.hpp: the discovery mapper's test for upper-case ASCII letters, which
// decides whether a requested resource must be lower-cased (util::ToLowerASCII) before its hash
// probe (k8s.io/apimachinery/pkg/api/meta/restmapper.go: coerceResourceForMatching lower-cases
// every request; this one skips the copy when there is nothing to lower).
//
// Throws: nothing. Cost: one pass over the string, eight bytes at a time, no allocation.
// Thread-safety: a stateless free function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace apimachinery::restmapper::internal {

// Whether `s` has an ASCII upper-case letter. Eight bytes at a time: a byte b is flagged when
// 'A' <= b <= 'Z' (bytes >= 0x80 never are).
inline bool HasAsciiUpper(std::string_view s) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kLow7 = kOnes * 0x7F;
  constexpr std::uint64_t kHigh = kOnes * 0x80;
  auto flags = [&](std::uint64_t x) noexcept {
    const std::uint64_t low = x & kLow7;
    // ((0x7F + 'Z' + 1) - low) keeps the high bit where low <= 'Z'; (low + (0x7F - ('A' - 1))) sets
    // it where low >= 'A'; ~x drops bytes with the high bit set.
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

}  // namespace apimachinery::restmapper::internal
