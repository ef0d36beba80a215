// util/strconv: Go's string quoting, the one implementation of `%q` in the library.
//
// Example:
//   util::Quote("a\tb");          // "\"a\\tb\""            (strconv.Quote, fmt's %q)
//   util::Quote("\xff\u00a0");    // "\"\\xff\\u00a0\""      invalid byte, non-printable rune
//   util::Quote("日本");           // "\"日本\""              printable runes stay UTF-8
//   util::JSONQuote("<a>\n");     // "\"\\u003ca\\u003e\\n\"" (encoding/json's string encoder)
//   util::TimeQuote("\xc3\xa9");  // "\"\\xc3\\xa9\""        (the time package's own quote)
//
// Quote is strconv.Quote (src/strconv/quote.go: appendQuotedWith, appendEscapedRune): `"` and `\`
// are backslashed; \a \b \f \n \r \t \v use their short escapes; other bytes below 0x20 and 0x7f
// are \xNN; an invalid UTF-8 byte is \xNN; a valid rune that unicode.IsPrint rejects is \uNNNN (or
// \UNNNNNNNN above U+FFFF); every printable rune, U+FFFD included, is copied as UTF-8. IsPrint uses
// Go's generated tables (src/strconv/isprint.go, copied in util/internal/isprint.hpp).
// Every upstream text built with `%q` or strconv.Quote goes through Quote.
//
// JSONQuote is encoding/json's string encoding with HTML escaping (src/encoding/json/encode.go:
// appendString): `"` `\` \b \f \n \r \t backslashed, other controls and < > & as \u00NN, invalid
// bytes as \ufffd, U+2028/U+2029 as \u2028/\u2029. GoJSONStrings renders a []string as
// json.Marshal does.
//
// ParseInt is strconv.ParseInt(s, 10, bits) (src/strconv/atoi.go: ParseUint, ParseInt): an
// optional sign and at least one decimal digit (no underscores, no base prefix); errors are
// util::NumError with Go's text (`strconv.ParseInt: parsing "x": invalid syntax`, `... value out
// of range`); `func_name` names the function in that text ("Atoi" for strconv.Atoi).
// ParseIntResult reports the same without throwing, with Go's value on a range error (the bound
// of the sign's side).
//
// TimeQuote is the time package's private quote (src/time/format.go: quote), used by
// time.ParseError.Error(): it is not strconv.Quote. Every byte of a non-ASCII or control rune is
// \xNN (a real U+FFFD included), `"` and `\` are backslashed, and DEL is copied raw.
//
// Throws: only std::bad_alloc. Cost: one pass, one allocation (the result); IsPrint is a binary
// search in a table of at most 508 entries for runes above U+00FF.
// Thread-safety: stateless free functions over constant tables.
// Differences from upstream: none.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/internal/isprint.hpp"
#include "apimachinery/util/utf8.hpp"

namespace apimachinery::util {

// IsPrint reports whether Go considers r printable (strconv.IsPrint, same as unicode.IsPrint):
// letters, marks, numbers, punctuation, symbols and the ASCII space.
constexpr bool IsPrint(char32_t r) noexcept;
// IsGraphic is IsPrint plus the Unicode space separators (strconv.IsGraphic).
constexpr bool IsGraphic(char32_t r) noexcept;

// Quote returns s as a double-quoted Go string literal (strconv.Quote; fmt's %q of a string).
std::string Quote(std::string_view s);
// AppendQuote appends Quote(s) to out (strconv.AppendQuote).
void AppendQuote(std::string& out, std::string_view s);

// JSONQuote returns s encoded as a JSON string the way Go's encoding/json encodes it.
std::string JSONQuote(std::string_view s);
// AppendJSONQuote appends JSONQuote(s) to out.
void AppendJSONQuote(std::string& out, std::string_view s);
// GoJSONStrings renders a string list as json.Marshal does (`["a","b"]`, `[]` when empty).
std::string GoJSONStrings(const std::vector<std::string>& values);

// TimeQuote is Go's time.quote (see the header comment), used by time.ParseError texts.
std::string TimeQuote(std::string_view s);

// FormatFloat is strconv.FormatFloat(f, fmt, -1, 64): the shortest text that reads back as f, in
// the form fmt names: 'e' (-d.ddde±dd), 'f' (-ddd.ddd) or 'g' ('e' when the decimal exponent is
// below -4 or at least 6, the precision strconv uses for that choice in shortest mode, else 'f').
// fmt's %v of a float64 is 'g'. Infinities and NaN print as "+Inf", "-Inf" and "NaN".
std::string FormatFloat(double f, char fmt);
// FormatFloat32 is strconv.FormatFloat(float64(f), fmt, -1, 32): the same, with the shortest
// digits that read back as the float32 `f` (0.1f prints 0.1, where FormatFloat(0.1f) prints
// 0.10000000149011612).
std::string FormatFloat32(float f, char fmt);

// Implementation details follow.

namespace internal {

inline constexpr char kLowerHex[] = "0123456789abcdef";

// Go's strconv.bsearch: the first index i with table[i] >= v.
template <typename T, std::size_t N>
constexpr std::size_t LowerBound(const T (&table)[N], T v) noexcept {
  std::size_t i = 0, j = N;
  while (i < j) {
    const std::size_t h = i + (j - i) / 2;
    if (table[h] < v) {
      i = h + 1;
    } else {
      j = h;
    }
  }
  return i;
}

template <typename T, std::size_t N>
constexpr bool InRanges(const T (&ranges)[N], T v) noexcept {
  const std::size_t i = LowerBound(ranges, v);
  return i < N && ranges[i & ~std::size_t{1}] <= v && v <= ranges[i | 1];
}

template <typename T, std::size_t N>
constexpr bool Contains(const T (&table)[N], T v) noexcept {
  const std::size_t i = LowerBound(table, v);
  return i < N && table[i] == v;
}

APIMACHINERY_DECL void AppendHex(std::string& out, const char* prefix, std::uint32_t v, int digits);

// appendEscapedRune for quote '"', ASCIIonly and graphicOnly false.
APIMACHINERY_DECL void AppendEscapedRune(std::string& out, char32_t r, std::string_view utf8);

}  // namespace internal

constexpr bool IsPrint(char32_t r) noexcept {
  if (r <= 0xFF) {
    if (r >= 0x20 && r <= 0x7E) return true;
    if (r >= 0xA1 && r <= 0xFF) return r != 0xAD;
    return false;
  }
  if (r < 0x10000) {
    const auto rr = static_cast<std::uint16_t>(r);
    return internal::InRanges(internal::kIsPrint16, rr) && !internal::Contains(internal::kIsNotPrint16, rr);
  }
  if (!internal::InRanges(internal::kIsPrint32, static_cast<std::uint32_t>(r))) return false;
  if (r >= 0x20000) return true;
  return !internal::Contains(internal::kIsNotPrint32, static_cast<std::uint16_t>(r - 0x10000));
}

constexpr bool IsGraphic(char32_t r) noexcept {
  if (IsPrint(r)) return true;
  return r <= 0xFFFF && internal::Contains(internal::kIsGraphic, static_cast<std::uint16_t>(r));
}

namespace internal {
template <typename F>
std::string FormatShortest(F f, char fmt);
}  // namespace internal

// FormatShortest: FormatFloat with the shortest digits of F (double: bitSize 64, float: 32).
template <typename F>
std::string internal::FormatShortest(F f, char fmt) {
  if (std::isnan(f)) return "NaN";
  if (std::isinf(f)) return f > 0 ? "+Inf" : "-Inf";
  // Shortest round-trip digits and decimal exponent, from to_chars' scientific form "d.ddde±x".
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(f), std::chars_format::scientific);
  const std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
  const std::size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c != '.') digits += c;
  }
  const int exp = std::atoi(std::string(sci.substr(e + 1)).c_str());
  const bool zero = f == 0;
  if (zero) digits = "0";
  const int dp = zero ? 1 : exp + 1;  // digits = 0.DIGITS * 10^dp
  const int nd = static_cast<int>(digits.size());
  std::string out = std::signbit(f) ? "-" : "";
  if (fmt == 'g') fmt = (dp - 1 < -4 || dp - 1 >= 6) ? 'e' : 'f';
  if (fmt == 'e') {
    out += digits[0];
    if (nd > 1) {
      out += '.';
      out.append(digits, 1, std::string::npos);
    }
    const int x = zero ? 0 : dp - 1;
    out += x < 0 ? "e-" : "e+";
    const int ax = x < 0 ? -x : x;
    if (ax < 10) out += '0';
    out += std::to_string(ax);
    return out;
  }
  // 'f'
  if (dp <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-dp), '0');
    out += digits;
  } else if (dp >= nd) {
    out += digits;
    out.append(static_cast<std::size_t>(dp - nd), '0');
  } else {
    out.append(digits, 0, static_cast<std::size_t>(dp));
    out += '.';
    out.append(digits, static_cast<std::size_t>(dp), std::string::npos);
  }
  return out;
}

// NumError: Go's *strconv.NumError (`strconv.<Func>: parsing <Quote(Num)>: <Err>`).
class NumError : public Error {
 public:
  APIMACHINERY_DECL NumError(std::string_view func, std::string_view num, std::string_view err);
  APIMACHINERY_DECL const std::string& func() const noexcept;
  APIMACHINERY_DECL const std::string& num() const noexcept;
  // err: "invalid syntax" or "value out of range" (Go's ErrSyntax, ErrRange).
  APIMACHINERY_DECL const std::string& err() const noexcept;

 private:
  std::string func_;
  std::string num_;
  std::string err_;
};

// ParseIntStatus: the outcome of ParseIntResult (Go's nil, ErrSyntax, ErrRange).
enum class ParseIntStatus { kOk, kSyntax, kRange };

struct ParseIntOutcome {
  std::int64_t value = 0;  // Go's value: 0 on a syntax error, the clamped bound on a range error
  ParseIntStatus status = ParseIntStatus::kOk;
};

// ParseIntResult: strconv.ParseInt(s, 10, bits) without throwing (bits in 1..64). noexcept.
constexpr ParseIntOutcome ParseIntResult(std::string_view s, int bits) noexcept {
  std::string_view t = s;
  bool neg = false;
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) {
    neg = t.front() == '-';
    t.remove_prefix(1);
  }
  if (t.empty()) return {0, ParseIntStatus::kSyntax};
  const std::uint64_t cutoff = std::uint64_t{1} << (bits - 1);  // |min|; max is cutoff - 1
  const auto clamped = [&] {
    return ParseIntOutcome{
        neg ? static_cast<std::int64_t>(0 - cutoff) : static_cast<std::int64_t>(cutoff - 1),
        ParseIntStatus::kRange};
  };
  // ParseUint(s, 10, bits): a syntax error, or the first step past 2^bits - 1, ends the scan.
  const std::uint64_t max_val = bits == 64 ? UINT64_MAX : (std::uint64_t{1} << bits) - 1;
  std::uint64_t n = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return {0, ParseIntStatus::kSyntax};
    if (n >= UINT64_MAX / 10 + 1) return clamped();
    n *= 10;
    const std::uint64_t n1 = n + static_cast<std::uint64_t>(c - '0');
    if (n1 < n || n1 > max_val) return clamped();
    n = n1;
  }
  if ((!neg && n >= cutoff) || (neg && n > cutoff)) return clamped();
  return {neg ? static_cast<std::int64_t>(0 - n) : static_cast<std::int64_t>(n), ParseIntStatus::kOk};
}

// ParseInt: strconv.ParseInt(s, 10, bits). Throws NumError (func_name in its text).
APIMACHINERY_DECL std::int64_t ParseInt(std::string_view s, int bits = 64,
                                        std::string_view func_name = "ParseInt");

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/strconv.ipp"
#endif
