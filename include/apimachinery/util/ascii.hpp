// util/ascii: ASCII-only case mapping, the one lower-casing helper of the library, and the one
// test for upper-case ASCII letters.
//
// Example:
//   util::ToLowerASCII("ConfigMap");  // "configmap"
//   util::ToLowerASCII("Ä-X");        // "Ä-x"  (bytes >= 0x80 are copied unchanged)
//   util::HasUpperASCII("pods");      // false: nothing to lower, the caller can skip the copy
//
// ToLowerASCII is strings.ToLower (Go src/strings/strings.go: ToLower) for ASCII input: 'A'..'Z'
// become 'a'..'z', every other byte is copied. The RESTMappers lower-case kinds and requested
// resources with it (k8s.io/apimachinery/pkg/api/meta/restmapper.go: UnsafeGuessKindToResource,
// coerceResourceForMatching; k8s.io/client-go/restmapper/discovery.go: NewDiscoveryRESTMapper).
//
// HasUpperASCII tells whether ToLowerASCII would change anything: the RESTMappers ask it before
// lower-casing a requested resource (upstream's coerceResourceForMatching lower-cases every
// request; these skip the copy when there is nothing to lower).
//
// Throws: ToLowerASCII only std::bad_alloc; HasUpperASCII nothing. Cost: one pass; ToLowerASCII
// one allocation (the result), HasUpperASCII none (eight bytes at a time).
// Thread-safety: stateless free functions.
// Differences from upstream: ASCII only; Go's strings.ToLower also maps non-ASCII upper-case runes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace apimachinery::util {

// `s` with its ASCII upper-case letters lower-cased.
inline std::string ToLowerASCII(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Whether `s` has an ASCII upper-case letter ('A'..'Z'; bytes >= 0x80 never count). Eight bytes
// at a time: a byte b of a word is flagged when 'A' <= b <= 'Z'.
inline bool HasUpperASCII(std::string_view s) noexcept {
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
