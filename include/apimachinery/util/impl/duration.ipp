// Definitions of the non-template functions declared in <apimachinery/util/duration.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/duration.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::uint64_t FmtFrac(std::string& out, std::uint64_t v, int prec) {
  std::string digits;
  bool print = false;
  for (int i = 0; i < prec; ++i) {
    const auto digit = static_cast<char>(v % 10);
    print = print || digit != 0;
    if (print) digits.insert(digits.begin(), static_cast<char>('0' + digit));
    v /= 10;
  }
  if (print) out.insert(0, "." + digits);
  return v;
}

APIMACHINERY_DECL void FmtInt(std::string& out, std::uint64_t v) { out.insert(0, std::to_string(v)); }

[[noreturn]] APIMACHINERY_DECL void ThrowDuration(std::string_view message, std::string_view orig) {
  throw DurationParseError("time: " + std::string(message) + " " + TimeQuote(orig));
}

}  // namespace apimachinery::util::internal

namespace apimachinery::util {

APIMACHINERY_DECL std::string FormatDuration(std::chrono::nanoseconds d) {
  const std::int64_t n = d.count();
  std::uint64_t u = static_cast<std::uint64_t>(n);
  const bool neg = n < 0;
  if (neg) u = ~u + 1;  // two's complement negation, also right for the minimum value
  constexpr std::uint64_t kSecond = 1000000000;
  std::string out;
  if (u < kSecond) {
    int prec = 0;
    if (u == 0) return "0s";
    if (u < 1000) {
      out = "ns";
    } else if (u < 1000000) {
      prec = 3;
      out = "\xc2\xb5s";  // U+00B5 MICRO SIGN
    } else {
      prec = 6;
      out = "ms";
    }
    u = internal::FmtFrac(out, u, prec);
    internal::FmtInt(out, u);
  } else {
    out = "s";
    u = internal::FmtFrac(out, u, 9);
    internal::FmtInt(out, u % 60);
    u /= 60;
    if (u > 0) {
      out.insert(0, "m");
      internal::FmtInt(out, u % 60);
      u /= 60;
      if (u > 0) {
        out.insert(0, "h");
        internal::FmtInt(out, u);
      }
    }
  }
  if (neg) out.insert(0, "-");
  return out;
}

APIMACHINERY_DECL std::chrono::nanoseconds ParseDuration(std::string_view s) {
  const std::string_view orig = s;
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 63;
  std::uint64_t d = 0;
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return std::chrono::nanoseconds(0);
  if (s.empty()) internal::ThrowDuration("invalid duration", orig);
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  while (!s.empty()) {
    std::uint64_t v = 0, f = 0;
    double scale = 1;
    if (!(s[0] == '.' || is_digit(s[0]))) internal::ThrowDuration("invalid duration", orig);
    // leadingInt
    std::size_t i = 0;
    for (; i < s.size() && is_digit(s[i]); ++i) {
      if (v > kLimit / 10) internal::ThrowDuration("invalid duration", orig);
      v = v * 10 + static_cast<std::uint64_t>(s[i] - '0');
      if (v > kLimit) internal::ThrowDuration("invalid duration", orig);
    }
    const bool pre = i != 0;
    s.remove_prefix(i);
    bool post = false;
    if (!s.empty() && s[0] == '.') {
      s.remove_prefix(1);
      // leadingFraction: stops accumulating precision on overflow, without an error.
      std::size_t j = 0;
      bool overflow = false;
      for (; j < s.size() && is_digit(s[j]); ++j) {
        if (overflow) continue;
        if (f > (kLimit - 1) / 10) {
          overflow = true;
          continue;
        }
        const std::uint64_t y = f * 10 + static_cast<std::uint64_t>(s[j] - '0');
        if (y > kLimit) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = j != 0;
      s.remove_prefix(j);
    }
    if (!pre && !post) internal::ThrowDuration("invalid duration", orig);
    std::size_t k = 0;
    while (k < s.size() && s[k] != '.' && !is_digit(s[k])) ++k;
    if (k == 0) internal::ThrowDuration("missing unit in duration", orig);
    const std::string_view unit_text = s.substr(0, k);
    s.remove_prefix(k);
    std::uint64_t unit = 0;
    if (unit_text == "ns") {
      unit = 1;
    } else if (unit_text == "us" || unit_text == "\xc2\xb5s" || unit_text == "\xce\xbcs") {
      unit = 1000;
    } else if (unit_text == "ms") {
      unit = 1000000;
    } else if (unit_text == "s") {
      unit = 1000000000;
    } else if (unit_text == "m") {
      unit = 60ULL * 1000000000;
    } else if (unit_text == "h") {
      unit = 3600ULL * 1000000000;
    } else {
      internal::ThrowDuration("unknown unit " + TimeQuote(unit_text) + " in duration", orig);
    }
    if (v > kLimit / unit) internal::ThrowDuration("invalid duration", orig);
    v *= unit;
    if (f > 0) {
      v += static_cast<std::uint64_t>(static_cast<double>(f) * (static_cast<double>(unit) / scale));
      if (v > kLimit) internal::ThrowDuration("invalid duration", orig);
    }
    d += v;
    if (d > kLimit) internal::ThrowDuration("invalid duration", orig);
  }
  if (neg) return std::chrono::nanoseconds(static_cast<std::int64_t>(~d + 1));
  if (d > kLimit - 1) internal::ThrowDuration("invalid duration", orig);
  return std::chrono::nanoseconds(static_cast<std::int64_t>(d));
}

}  // namespace apimachinery::util
