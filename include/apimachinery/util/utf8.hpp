// util/utf8: UTF-8 decoding and encoding as Go's unicode/utf8 package does it.
//
// Example:
//   auto d = util::DecodeRune("\xe2\x82\xac!");  // {U'€', 3}
//   auto e = util::DecodeRune("\xff");           // {util::kRuneError, 1}: invalid byte
//   std::string s;
//   util::AppendRune(s, U'€');                    // "\xe2\x82\xac"
//
// Used wherever an upstream text ranges over a Go string's runes (strconv.Quote, the field-selector
// unescaper, encoding/json's string encoder).
//
// Throws: DecodeRune and ValidRune never throw; AppendRune only std::bad_alloc.
// Cost: DecodeRune reads at most 4 bytes; AppendRune appends at most 4.
// Thread-safety: stateless free functions.
// Differences from upstream: none (k8s.io's Go code calls unicode/utf8: DecodeRuneInString,
// AppendRune, ValidRune; the byte-range checks below are Go's acceptRanges table).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"

namespace apimachinery::util {

// kRuneError is U+FFFD, what DecodeRune yields for an invalid sequence (utf8.RuneError).
inline constexpr char32_t kRuneError = 0xFFFD;
// kRuneSelf: runes below it are one byte, the byte itself (utf8.RuneSelf).
inline constexpr char32_t kRuneSelf = 0x80;
// kMaxRune is the largest valid code point (utf8.MaxRune).
inline constexpr char32_t kMaxRune = 0x10FFFF;

// DecodedRune is one decoded code point and the number of bytes it took.
struct DecodedRune {
  char32_t rune;
  std::size_t width;
};

// DecodeRune decodes the first UTF-8 code point of s as Go's utf8.DecodeRuneInString does: an
// invalid, overlong, surrogate or truncated sequence yields {kRuneError, 1}; an empty s yields
// {kRuneError, 0}. A real U+FFFD in s decodes as {kRuneError, 3}.
constexpr DecodedRune DecodeRune(std::string_view s) noexcept;

// ValidRune reports whether r is a Unicode scalar value: at most kMaxRune and not a surrogate
// (utf8.ValidRune).
constexpr bool ValidRune(char32_t r) noexcept { return r <= kMaxRune && !(r >= 0xD800 && r <= 0xDFFF); }

// AppendRune appends the UTF-8 encoding of r to out; an invalid r (see ValidRune) is written as
// U+FFFD (utf8.AppendRune).
void AppendRune(std::string& out, char32_t r);

// Implementation details follow.

constexpr DecodedRune DecodeRune(std::string_view s) noexcept {
  constexpr DecodedRune kError{kRuneError, 1};
  if (s.empty()) return {kRuneError, 0};
  const auto b0 = static_cast<unsigned char>(s[0]);
  if (b0 < kRuneSelf) return {b0, 1};
  std::size_t need = 0;
  char32_t r = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    r = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    r = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;  // no overlongs
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    r = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;  // no overlongs
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return kError;
  }
  if (s.size() < need + 1) return kError;
  for (std::size_t i = 1; i <= need; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return kError;
    r = (r << 6) | (b & 0x3F);
  }
  return {r, need + 1};
}

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/utf8.ipp"
#endif
