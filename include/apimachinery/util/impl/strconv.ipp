// Definitions of the non-template functions declared in <apimachinery/util/strconv.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/strconv.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL void AppendHex(std::string& out, const char* prefix, std::uint32_t v, int digits) {
  out += prefix;
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kLowerHex[(v >> shift) & 0xF];
}

APIMACHINERY_DECL void AppendEscapedRune(std::string& out, char32_t r, std::string_view utf8) {
  if (r == '"' || r == '\\') {
    out += '\\';
    out += static_cast<char>(r);
    return;
  }
  if (IsPrint(r)) {
    out.append(utf8);
    return;
  }
  switch (r) {
    case '\a':
      out += "\\a";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\v':
      out += "\\v";
      return;
    default:
      break;
  }
  if (r < ' ' || r == 0x7F) {
    AppendHex(out, "\\x", r, 2);
  } else if (r < 0x10000) {
    AppendHex(out, "\\u", r, 4);
  } else {
    AppendHex(out, "\\U", r, 8);
  }
}

}  // namespace apimachinery::util::internal

namespace apimachinery::util {

APIMACHINERY_DECL void AppendQuote(std::string& out, std::string_view s) {
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < kRuneSelf) {
      if (b >= 0x20 && b < 0x7F && b != '"' && b != '\\') {
        // A run of printable ASCII is copied in one append.
        std::size_t j = i + 1;
        while (j < s.size()) {
          const auto c = static_cast<unsigned char>(s[j]);
          if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') break;
          ++j;
        }
        out.append(s.data() + i, j - i);
        i = j;
        continue;
      }
      internal::AppendEscapedRune(out, b, s.substr(i, 1));
      ++i;
      continue;
    }
    const DecodedRune d = DecodeRune(s.substr(i));
    if (d.width == 1 && d.rune == kRuneError) {
      internal::AppendHex(out, "\\x", b, 2);
    } else {
      internal::AppendEscapedRune(out, d.rune, s.substr(i, d.width));
    }
    i += d.width;
  }
  out += '"';
}

APIMACHINERY_DECL std::string Quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  AppendQuote(out, s);
  return out;
}

APIMACHINERY_DECL void AppendJSONQuote(std::string& out, std::string_view s) {
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    // A run of ASCII bytes that need no escape is copied at once (encode.go: htmlSafeSet).
    std::size_t run = i;
    while (run < s.size()) {
      const auto c = static_cast<unsigned char>(s[run]);
      if (c < 0x20 || c >= kRuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&') break;
      ++run;
    }
    if (run > i) {
      out.append(s.data() + i, run - i);
      i = run;
      if (i == s.size()) break;
    }
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < kRuneSelf) {
      switch (b) {
        case '\\':
          out += "\\\\";
          break;
        case '"':
          out += "\\\"";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          if (b < 0x20 || b == '<' || b == '>' || b == '&') {
            internal::AppendHex(out, "\\u", b, 4);
          } else {
            out += static_cast<char>(b);
          }
      }
      ++i;
      continue;
    }
    const DecodedRune d = DecodeRune(s.substr(i));
    if (d.width == 1 && d.rune == kRuneError) {
      out += "\\ufffd";
    } else if (d.rune == 0x2028 || d.rune == 0x2029) {
      internal::AppendHex(out, "\\u", d.rune, 4);
    } else {
      out.append(s.data() + i, d.width);
    }
    i += d.width;
  }
  out += '"';
}

APIMACHINERY_DECL std::string JSONQuote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  AppendJSONQuote(out, s);
  return out;
}

APIMACHINERY_DECL std::string GoJSONStrings(const std::vector<std::string>& values) {
  std::string out = "[";
  for (std::size_t v = 0; v < values.size(); ++v) {
    if (v) out += ',';
    AppendJSONQuote(out, values[v]);
  }
  out += ']';
  return out;
}

APIMACHINERY_DECL std::string TimeQuote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  std::size_t i = 0;
  // Go ranges over the runes of s; i is the index of the current rune.
  while (i < s.size()) {
    const DecodedRune d = DecodeRune(s.substr(i));
    const char32_t c = d.rune;
    if (c >= kRuneSelf || c < ' ') {
      std::size_t width = d.width;
      if (c == kRuneError) {
        // Go escapes one byte, or three for a real U+FFFD that does not end the string.
        width = (i + 2 < s.size() && s.substr(i, 3) == "\xef\xbf\xbd") ? 3 : 1;
      }
      for (std::size_t j = 0; j < width; ++j) {
        internal::AppendHex(out, "\\x", static_cast<unsigned char>(s[i + j]), 2);
      }
    } else {
      if (c == '"' || c == '\\') out += '\\';
      out += static_cast<char>(c);
    }
    i += d.width;
  }
  out += '"';
  return out;
}

APIMACHINERY_DECL std::string FormatFloat(double f, char fmt) { return internal::FormatShortest(f, fmt); }

APIMACHINERY_DECL std::string FormatFloat32(float f, char fmt) { return internal::FormatShortest(f, fmt); }

APIMACHINERY_DECL NumError::NumError(std::string_view func, std::string_view num, std::string_view err)
    : Error(std::string("strconv.") + std::string(func) + ": parsing " + Quote(num) + ": " +
            std::string(err)),
      func_(func),
      num_(num),
      err_(err) {}

APIMACHINERY_DECL const std::string& NumError::func() const noexcept { return func_; }

APIMACHINERY_DECL const std::string& NumError::num() const noexcept { return num_; }

APIMACHINERY_DECL const std::string& NumError::err() const noexcept { return err_; }

APIMACHINERY_DECL std::int64_t ParseInt(std::string_view s, int bits, std::string_view func_name) {
  const ParseIntOutcome r = ParseIntResult(s, bits);
  if (r.status == ParseIntStatus::kSyntax) throw NumError(func_name, s, "invalid syntax");
  if (r.status == ParseIntStatus::kRange) throw NumError(func_name, s, "value out of range");
  return r.value;
}

}  // namespace apimachinery::util
