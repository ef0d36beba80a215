// resource::Quantity: a fixed-point number with a unit suffix ("100m", "1Gi", "1.5", "12e6"),
// the type of every CPU, memory and storage amount in a Kubernetes object.
//
// Port of k8s.io/apimachinery/pkg/api/resource quantity.go (Quantity, ParseQuantity,
// parseQuantityString, CanonicalizeBytes, the arithmetic) and suffix.go (the suffixes).
//
// Example:
//   auto q = resource::MustParse("1.5Gi");
//   q.String();                         // "1536Mi": canonical form, the exponent as large as possible
//   q.Value();                          // 1610612736
//   q.Add(resource::MustParse("512Mi"));
//   q.String();                         // "2Gi"
//   nlohmann::json j = q;               // "2Gi"
//
// Grammar (quantity.go): a signed decimal number then a suffix, one of the binary Ki Mi Gi Ti Pi Ei
// (powers of 1024, Format BinarySI), the decimal n u m "" k M G T P E (DecimalSI) or an exponent
// `e`/`E` followed by a signed integer (DecimalExponent). A parsed Quantity remembers its format
// and prints in it; values below one nano-unit are rounded up (away from zero) to 1n, BinarySI
// values are capped at 2^63-1. String() is the canonical form: no fractional digits, the
// exponent (suffix) as large as possible without losing precision, BinarySI values between -1024
// and 1024 or with a fraction printed as DecimalSI. When the text given to ParseQuantity is
// already canonical upstream keeps it verbatim, and so does this port ("+1" and "01Ki" print as
// given, as in Go).
//
// Exactness: the value is held as an int64 times a power of ten (upstream's int64Amount) and,
// when that overflows, as an exact decimal (upstream uses inf.Dec; here internal::Dec, which keeps
// inf.Dec's scale so that overflowing Value()/MilliValue()/ScaledValue() and
// AsApproximateFloat64() give upstream's bits too).
//
// Throws: ParseQuantity and MustParse throw ParseError (a resource::Error, an apimachinery::Error)
// with upstream's texts:
//   quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'
//   unable to parse numeric part of quantity
//   unable to parse quantity's suffix
// (MustParse: `cannot parse '<text>': <reason>`, upstream's panic text). from_json throws the
// same ParseError. Add, Sub, String and to_json throw RangeError only when an exact result needs
// more than a million digits (upstream allocates and computes for minutes; see internal/amount.hpp).
// Cost: parsing and printing the usual quantities ("100m", "1Gi", "1.5") is a scan and an
// integer conversion without heap allocation beyond the result string; the decimal fallback is
// linear in the digits. Thread-safety: a value type; const members do not mutate (unlike
// upstream, String() does not cache: it recomputes unless ParseQuantity kept the input text).
//
// Differences from upstream:
// - Cmp, CmpInt64 and the read accessors are const: upstream's Cmp converts its receiver to the
//   inf.Dec form in place when either side is one (so a later AsInt64 fails); here it does not.
// - Format is an enum; upstream's is a string type whose zero value "" prints as
//   DecimalExponent: Format::Unset here, the format of a default-constructed Quantity.
// - String() does not cache: changing `format` after a String() call changes the next String()
//   (upstream keeps the cached text until a mutating call), except for the text ParseQuantity kept,
//   which, as upstream's, survives a change of `format`.
// - from_json gets nlohmann's decoded value, not the raw bytes Go's UnmarshalJSON sees: a JSON
//   string is read after unescaping (upstream parses the escapes literally and rejects them), and
//   a JSON number is read from its integer text or from Go's shortest 'g' form of the double
//   (upstream keeps the literal digits: `1e3` prints as "1e3" there, "1k" here).
// - No AsDec/ToDec returning inf.Dec (there is no inf.Dec); AsDecString() prints what
//   AsDec().String() prints. No CBOR or protobuf.
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/resource/internal/amount.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::resource {

// Format lists the three ways to print a quantity (upstream: quantity.go Format). Unset is Go's
// zero Format "", which prints as DecimalExponent.
enum class Format : std::uint8_t { Unset, DecimalExponent, BinarySI, DecimalSI };

inline constexpr Format DecimalExponent = Format::DecimalExponent;  // 12e6
inline constexpr Format BinarySI = Format::BinarySI;                // 12Mi (12 × 2^20)
inline constexpr Format DecimalSI = Format::DecimalSI;              // 12M (12 × 10^6)

// String(Format): upstream's string value of the format ("" for Unset).
constexpr std::string_view String(Format f) noexcept {
  switch (f) {
    case Format::DecimalExponent:
      return "DecimalExponent";
    case Format::BinarySI:
      return "BinarySI";
    case Format::DecimalSI:
      return "DecimalSI";
    case Format::Unset:
      break;
  }
  return "";
}

// ParseError: ParseQuantity's errors (upstream: ErrFormatWrong, ErrNumeric, ErrSuffix).
class ParseError : public Error {
 public:
  enum class Kind : std::uint8_t { FormatWrong, Numeric, Suffix };
  ParseError(Kind k, const std::string& text) : Error(text), kind(k) {}
  explicit ParseError(Kind k) : ParseError(k, std::string(Text(k))) {}

  Kind kind;

  // Text is upstream's error text of each kind.
  static std::string_view Text(Kind k) noexcept {
    switch (k) {
      case Kind::Numeric:
        return "unable to parse numeric part of quantity";
      case Kind::Suffix:
        return "unable to parse quantity's suffix";
      case Kind::FormatWrong:
        break;
    }
    return "quantities must match the regular expression "
           "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
  }
};

// IsErrFormatWrong, IsErrNumeric, IsErrSuffix: errors.Is(err, resource.ErrFormatWrong) etc.
inline bool IsErrFormatWrong(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::FormatWrong;
}
inline bool IsErrNumeric(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::Numeric;
}
inline bool IsErrSuffix(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::Suffix;
}

class Quantity;
Quantity ParseQuantity(std::string_view str);

// Quantity is a fixed-point number (upstream: quantity.go Quantity). The default value is zero
// with Format::Unset.
class Quantity {
 public:
  // Change at will; see CanonicalizeBytes.
  Format format = Format::Unset;

  Quantity() = default;

  // NewQuantity, NewMilliQuantity, NewScaledQuantity (upstream returns pointers).
  friend Quantity NewQuantity(std::int64_t value, Format f) { return Quantity({value, 0}, f); }
  friend Quantity NewMilliQuantity(std::int64_t value, Format f) { return Quantity({value, Milli}, f); }
  friend Quantity NewScaledQuantity(std::int64_t value, Scale scale) {
    return Quantity({value, scale}, DecimalSI);
  }

  // String is the canonical form (quantity.go: String; CanonicalizeBytes's number and suffix).
  std::string String() const {
    if (!s_.empty()) return s_;
    auto [number, suffix] = CanonicalizeBytes();
    return number + suffix;
  }

  // CanonicalizeBytes returns the canonical number and suffix (quantity.go: CanonicalizeBytes):
  // BinarySI values in (-1024, 1024) and those that are not whole print as DecimalSI, an Unset
  // format as DecimalExponent.
  std::pair<std::string, std::string> CanonicalizeBytes() const {
    if (IsZero()) return {"0", ""};
    Format f = format;
    std::optional<internal::Int64Amount> roundedInt;
    std::optional<internal::Dec> roundedDec;
    switch (f) {
      case Format::DecimalExponent:
      case Format::DecimalSI:
        break;
      case Format::BinarySI:
        if (CmpInt64(-1024) > 0 && CmpInt64(1024) < 0) {
          f = Format::DecimalSI;
        } else {
          bool exact = true;
          if (d_) {
            internal::Dec t = *d_;
            t.RoundUp(0);
            exact = t.Cmp(*d_) == 0;
            roundedDec = std::move(t);
          } else {
            roundedInt = i_.AsScale(0, exact);
          }
          if (!exact) f = Format::DecimalSI;
        }
        break;
      case Format::Unset:
        f = Format::DecimalExponent;
        break;
    }
    if (f == Format::BinarySI) {
      auto [number, exponent] =
          roundedDec ? roundedDec->CanonicalBase1024Bytes() : roundedInt->CanonicalBase1024Bytes();
      return {std::move(number),
              std::string(ConstructSuffix(2, internal::Wrap32(std::int64_t{exponent} * 10), f))};
    }
    auto [number, exponent] = d_ ? d_->CanonicalBytes() : i_.CanonicalBytes();
    return {std::move(number), std::string(ConstructSuffix(10, exponent, f))};
  }

  // AsInt64: the value as an int64 when the fast form holds it exactly at scale 0.
  std::optional<std::int64_t> AsInt64() const noexcept {
    if (d_) return std::nullopt;
    std::int64_t v = 0;
    if (!i_.AsInt64(v)) return std::nullopt;
    return v;
  }

  // AsApproximateFloat64: unscaled × 10^exponent in float64, ±Inf outside float64's range.
  double AsApproximateFloat64() const {
    double base = 0;
    std::int64_t exponent = 0;
    if (d_) {
      base = d_->UnscaledFloat64();
      exponent = internal::WrapNeg32(d_->scale);
    } else {
      base = static_cast<double>(i_.value);
      exponent = i_.scale;
    }
    if (exponent == 0) return base;
    return base * internal::GoPow10(exponent);
  }

  // AsDecString is upstream's q.AsDec().String(): the value as a plain decimal at inf.Dec's scale.
  std::string AsDecString() const { return d_ ? d_->InfString() : i_.AsDec().InfString(); }

  // ToDec switches to the exact decimal form (quantity.go: ToDec); the value is unchanged.
  Quantity& ToDec() {
    if (!d_) {
      d_ = i_.AsDec();
      i_ = {};
    }
    return *this;
  }

  bool IsZero() const noexcept { return d_ ? d_->IsZero() : i_.value == 0; }
  int Sign() const noexcept { return d_ ? d_->Sign() : i_.Sign(); }

  // RoundUp rounds up (away from zero) to `scale`; false when precision was lost.
  bool RoundUp(Scale scale) {
    if (d_) {
      s_.clear();
      internal::Dec t = *d_;
      t.RoundUp(internal::WrapNeg32(scale));
      const bool exact = t.Cmp(*d_) == 0;
      d_ = std::move(t);
      return exact;
    }
    if (i_.scale >= scale) return true;
    s_.clear();
    bool exact = true;
    i_ = i_.AsScale(scale, exact);
    return exact;
  }

  // Add adds y; a zero receiver takes y's format.
  void Add(const Quantity& y) {
    s_.clear();
    if (!d_ && !y.d_) {
      if (i_.value == 0) format = y.format;
      if (i_.Add(y.i_)) return;
    } else if (IsZero()) {
      format = y.format;
    }
    ToDec();
    d_ = internal::Dec::Add(*d_, y.AsDecValue(), false);
  }

  // Sub subtracts y; a zero receiver takes y's format.
  void Sub(const Quantity& y) {
    s_.clear();
    if (IsZero()) format = y.format;
    if (!d_ && !y.d_ && i_.Sub(y.i_)) return;
    ToDec();
    d_ = internal::Dec::Add(*d_, y.AsDecValue(), true);
  }

  // Mul multiplies by y; false when the result is inexact (its unscaled value overflows int64).
  bool Mul(std::int64_t y) {
    s_.clear();
    if (!d_ && i_.Mul(y)) return true;
    ToDec();
    d_->MulInt64(y);
    return d_->UnscaledIsInt64();
  }

  // Cmp returns -1, 0 or 1 as *this is less than, equal to or greater than y.
  int Cmp(const Quantity& y) const {
    if (!d_ && !y.d_) return i_.Cmp(y.i_);
    return AsDecValue().Cmp(y.AsDecValue());
  }

  // CmpInt64 compares with the integer y.
  int CmpInt64(std::int64_t y) const {
    if (d_) return d_->Cmp(internal::Dec::FromUnscaled(y, 0));
    return i_.Cmp(internal::Int64Amount{y, 0});
  }

  // Neg negates the value.
  void Neg() noexcept {
    s_.clear();
    if (!d_) {
      i_.value = internal::WrapNeg(i_.value);
      return;
    }
    d_->Neg();
  }

  // Equal and ==: the values are equal (Cmp == 0); formats are not compared (upstream: Equal).
  bool Equal(const Quantity& v) const { return Cmp(v) == 0; }
  friend bool operator==(const Quantity& a, const Quantity& b) { return a.Cmp(b) == 0; }
  friend std::strong_ordering operator<=>(const Quantity& a, const Quantity& b) {
    const int c = a.Cmp(b);
    return c < 0 ? std::strong_ordering::less
                 : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }

  // Value is the value rounded up (away from zero) to an integer; 0 when that overflows in the
  // int64 form (upstream's answer), the low bits of the result in the decimal form.
  std::int64_t Value() const { return ScaledValue(0); }
  // MilliValue is ceil(q × 1000); may overflow (compare Value() with MaxMilliValue first).
  std::int64_t MilliValue() const { return ScaledValue(Milli); }
  // ScaledValue is ceil(q / 10^scale), with upstream's overflow behaviour.
  std::int64_t ScaledValue(Scale scale) const {
    if (!d_) {
      std::int64_t v = 0;
      i_.AsScaledInt64(scale, v);
      return v;
    }
    return d_->ScaledValue(internal::WrapNeg32(scale));
  }

  // Set, SetMilli, SetScaled replace the value (value × 10^scale); the format stays.
  void Set(std::int64_t value) { SetScaled(value, 0); }
  void SetMilli(std::int64_t value) { SetScaled(value, Milli); }
  void SetScaled(std::int64_t value, Scale scale) {
    s_.clear();
    d_.reset();
    i_ = internal::Int64Amount{value, scale};
  }

  // DeepCopy is a copy (Quantity is a value type).
  Quantity DeepCopy() const { return *this; }

  // Hash is consistent with ==: equal values hash equally whatever their form or format.
  std::size_t Hash() const {
    if (IsZero()) return 0;
    const internal::Dec d = AsDecValue();
    std::size_t h = std::hash<std::string>{}(d.digits);
    h ^= std::hash<std::int64_t>{}(d.exp) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h ^ (d.neg ? 0x51ed270b27d3a9a5ULL : 0);
  }

  // The JSON null reset (quantity.go: UnmarshalJSON of null clears the value only).
  void ClearValue() noexcept {
    d_.reset();
    i_ = {};
  }

 private:
  friend Quantity ParseQuantity(std::string_view str);

  Quantity(internal::Int64Amount i, Format f) : format(f), i_(i) {}

  internal::Dec AsDecValue() const { return d_ ? *d_ : i_.AsDec(); }

  // suffix.go: constructBytes (empty when no suffix exists for the pair, as upstream's nil).
  static std::string ConstructSuffix(int base, std::int32_t exponent, Format f) {
    switch (f) {
      case Format::DecimalSI:
        if (base == 2 && exponent == 0) return "";
        if (base != 10) return "";
        switch (exponent) {
          case -9:
            return "n";
          case -6:
            return "u";
          case -3:
            return "m";
          case 3:
            return "k";
          case 6:
            return "M";
          case 9:
            return "G";
          case 12:
            return "T";
          case 15:
            return "P";
          case 18:
            return "E";
          default:
            return "";
        }
      case Format::BinarySI:
        if (base != 2) return "";
        switch (exponent) {
          case 10:
            return "Ki";
          case 20:
            return "Mi";
          case 30:
            return "Gi";
          case 40:
            return "Ti";
          case 50:
            return "Pi";
          case 60:
            return "Ei";
          default:
            return "";
        }
      case Format::DecimalExponent:
        if (base != 10 || exponent == 0) return "";
        {
          // appended piecewise: g++ 12 -O3 reports a false -Wrestrict for "e" + std::string
          const fmt::format_int digits(exponent);
          std::string out(1, 'e');
          out.append(digits.data(), digits.size());
          return out;
        }
      case Format::Unset:
        break;
    }
    return "";
  }

  internal::Int64Amount i_;
  std::optional<internal::Dec> d_;
  std::string s_;  // the input text, when ParseQuantity found it canonical
};

// Declarations of the friend factories at namespace scope.
Quantity NewQuantity(std::int64_t value, Format f);
Quantity NewMilliQuantity(std::int64_t value, Format f);
Quantity NewScaledQuantity(std::int64_t value, Scale scale);

// ParseQuantity turns str into a Quantity (quantity.go: ParseQuantity). Throws ParseError.
Quantity ParseQuantity(std::string_view str);

// MustParse is ParseQuantity for texts known to be valid; it throws ParseError with upstream's
// panic text `cannot parse '<str>': <reason>`.
Quantity MustParse(std::string_view str);

// QuantityPtrEqual: both null, or both set and equal (quantity.go: QuantityPtrEqual).
inline bool QuantityPtrEqual(const Quantity* a, const Quantity* b) {
  if (a == nullptr && b == nullptr) return true;
  if (a == nullptr || b == nullptr) return false;
  return a->Equal(*b);
}

// JSON: the canonical string. from_json accepts a string (spaces trimmed, as upstream's
// TrimSpace), null (clears the value) and a number; see the header comment.
void to_json(nlohmann::json& j, const Quantity& q);
void from_json(const nlohmann::json& j, Quantity& q);

// Implementation details follow.

namespace internal {

// suffix.go: interpret. Returns false when the suffix is unknown.
inline bool InterpretSuffix(std::string_view s, int& base, std::int32_t& exponent, Format& f) {
  f = Format::DecimalSI;
  base = 10;
  if (s.empty()) {
    exponent = 0;
    return true;
  }
  if (s.size() == 1) {
    switch (s[0]) {
      case 'n':
        exponent = -9;
        return true;
      case 'u':
        exponent = -6;
        return true;
      case 'm':
        exponent = -3;
        return true;
      case 'k':
        exponent = 3;
        return true;
      case 'M':
        exponent = 6;
        return true;
      case 'G':
        exponent = 9;
        return true;
      case 'T':
        exponent = 12;
        return true;
      case 'P':
        exponent = 15;
        return true;
      case 'E':
        exponent = 18;
        return true;
      default:
        break;
    }
  }
  if (s.size() == 2 && s[1] == 'i') {
    f = Format::BinarySI;
    base = 2;
    switch (s[0]) {
      case 'K':
        exponent = 10;
        return true;
      case 'M':
        exponent = 20;
        return true;
      case 'G':
        exponent = 30;
        return true;
      case 'T':
        exponent = 40;
        return true;
      case 'P':
        exponent = 50;
        return true;
      case 'E':
        exponent = 60;
        return true;
      default:
        break;
    }
  }
  f = Format::DecimalExponent;
  if (s.size() > 1 && (s[0] == 'E' || s[0] == 'e')) {
    // strconv.ParseInt(s[1:], 10, 64): optional sign, then at least one digit, no overflow.
    std::string_view t = s.substr(1);
    bool negative = false;
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
      negative = t[0] == '-';
      t.remove_prefix(1);
    }
    if (t.empty()) return false;
    std::uint64_t mag = 0;
    for (char c : t) {
      if (c < '0' || c > '9') return false;
      const auto dgt = static_cast<std::uint64_t>(c - '0');
      if (mag > (std::uint64_t{1} << 63) / 10) return false;
      mag = mag * 10 + dgt;
      if (mag > (std::uint64_t{1} << 63)) return false;
    }
    if (!negative && mag > (std::uint64_t{1} << 63) - 1) return false;
    const std::int64_t parsed = negative ? Wrap64(0 - mag) : static_cast<std::int64_t>(mag);
    base = 10;
    exponent = Wrap32(parsed);  // int32(parsed), as upstream
    return true;
  }
  return false;
}

// quantity.go: parseQuantityString.
struct ScannedQuantity {
  bool positive = true;
  std::string_view value, num, denom, suffix;
};

inline ScannedQuantity ScanQuantity(std::string_view str) {
  ScannedQuantity r;
  std::size_t pos = 0;
  const std::size_t end = str.size();
  if (pos < end) {
    if (str[0] == '-') {
      r.positive = false;
      ++pos;
    } else if (str[0] == '+') {
      ++pos;
    }
  }
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  // strip leading zeros
  while (pos < end && str[pos] == '0') ++pos;
  if (pos >= end) {
    r.num = "0";
    r.value = r.num;
    return r;
  }
  // the numerator
  std::size_t i = pos;
  while (i < end && isDigit(str[i])) ++i;
  if (i >= end) {
    r.num = str.substr(pos);
    r.value = str;
    return r;
  }
  r.num = str.substr(pos, i - pos);
  pos = i;
  if (r.num.empty()) r.num = "0";
  // a denominator
  if (pos < end && str[pos] == '.') {
    ++pos;
    i = pos;
    while (i < end && isDigit(str[i])) ++i;
    if (i >= end) {
      r.denom = str.substr(pos);
      r.value = str;
      return r;
    }
    r.denom = str.substr(pos, i - pos);
    pos = i;
  }
  r.value = str.substr(0, pos);
  // the suffix
  const std::size_t suffixStart = pos;
  constexpr std::string_view kSuffixChars = "eEinumkKMGTP";
  i = pos;
  while (i < end && kSuffixChars.find(str[i]) != std::string_view::npos) ++i;
  if (i >= end) {
    r.suffix = str.substr(suffixStart);
    return r;
  }
  pos = i;
  if (str[pos] == '-' || str[pos] == '+') ++pos;
  i = pos;
  while (i < end && isDigit(str[i])) ++i;
  if (i >= end) {
    r.suffix = str.substr(suffixStart);
    return r;
  }
  // a non-digit in the exponent digits
  throw ParseError(ParseError::Kind::FormatWrong);
}

inline bool EndsWith000(std::string_view a, std::string_view b) {
  // HasSuffix(a+b, "000")
  std::string_view tail[2] = {a, b};
  int zeros = 0;
  for (int part = 1; part >= 0 && zeros < 3; --part) {
    for (std::size_t k = tail[part].size(); k > 0 && zeros < 3; --k) {
      if (tail[part][k - 1] != '0') return false;
      ++zeros;
    }
  }
  return zeros >= 3;
}

// Go's strings.TrimSpace (ASCII and Unicode white space).
inline std::string_view TrimSpace(std::string_view s) {
  const auto spaceLen = [](std::string_view t, std::size_t at, bool back) -> std::size_t {
    // the length of a white-space rune starting (or, when back, ending) at `at`
    static constexpr std::string_view kSpaces[] = {
        "\xc2\x85",     "\xc2\xa0",     "\xe1\x9a\x80", "\xe2\x80\x80", "\xe2\x80\x81",
        "\xe2\x80\x82", "\xe2\x80\x83", "\xe2\x80\x84", "\xe2\x80\x85", "\xe2\x80\x86",
        "\xe2\x80\x87", "\xe2\x80\x88", "\xe2\x80\x89", "\xe2\x80\x8a", "\xe2\x80\xa8",
        "\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe3\x80\x80"};
    const char c = back ? t[at - 1] : t[at];
    if (c == ' ' || (c >= '\t' && c <= '\r')) return 1;
    for (std::string_view sp : kSpaces) {
      if (back ? (at >= sp.size() && t.substr(at - sp.size(), sp.size()) == sp)
               : t.substr(at, sp.size()) == sp) {
        return sp.size();
      }
    }
    return 0;
  };
  std::size_t b = 0;
  while (b < s.size()) {
    const std::size_t n = spaceLen(s, b, false);
    if (n == 0) break;
    b += n;
  }
  std::size_t e = s.size();
  while (e > b) {
    const std::size_t n = spaceLen(s, e, true);
    if (n == 0) break;
    e -= n;
  }
  return s.substr(b, e - b);
}

}  // namespace internal

inline Quantity ParseQuantity(std::string_view str) {
  using internal::Int64Amount;
  if (str.empty()) throw ParseError(ParseError::Kind::FormatWrong);
  if (str == "0") {
    Quantity q;
    q.format = DecimalSI;
    q.s_ = "0";
    return q;
  }
  const internal::ScannedQuantity sq = internal::ScanQuantity(str);
  int base = 10;
  std::int32_t exponent = 0;
  Format format = Format::DecimalSI;
  if (!internal::InterpretSuffix(sq.suffix, base, exponent, format)) {
    throw ParseError(ParseError::Kind::Suffix);
  }
  const auto numLen = static_cast<std::int64_t>(sq.num.size());
  const auto denomLen = static_cast<std::int64_t>(sq.denom.size());
  std::int64_t precision = 0;
  std::int32_t scale = 0;
  std::int64_t mantissa = 1;
  if (format == BinarySI) {
    if (exponent >= 0 && denomLen == 0) {
      mantissa = std::int64_t{1} << exponent;
      // 15 - len(num) - int32(float32(exponent)*3/10) - 1; exact for the exponents 10..60.
      precision = 15 - numLen - (exponent * 3 / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = 18 - (numLen + denomLen);
  }
  if (precision >= 0) {
    scale = internal::Wrap32(std::int64_t{scale} - denomLen);
    if (scale >= Nano) {
      // strconv.ParseInt(num+denom): at most 18 digits here, so it always fits.
      std::int64_t value = 0;
      for (char c : sq.num) value = value * 10 + (c - '0');
      for (char c : sq.denom) value = value * 10 + (c - '0');
      std::int64_t result = 0;
      if (internal::Int64Multiply(value, mantissa, result)) {
        if (!sq.positive) result = -result;
        Quantity q(Int64Amount{result, scale}, format);
        // if the number is in canonical form, reuse the string
        if (format == BinarySI) {
          if (exponent % 10 == 0 && (value & 0x07) != 0) q.s_ = std::string(str);
        } else {
          const char first = !sq.num.empty() ? sq.num[0] : sq.denom[0];
          if (scale % 3 == 0 && !internal::EndsWith000(sq.num, sq.denom) && first != '0') {
            q.s_ = std::string(str);
          }
        }
        return q;
      }
    }
  }

  internal::Dec amount;
  if (!amount.SetString(sq.value)) throw ParseError(ParseError::Kind::Numeric);
  // So that no one but us has to think about suffixes, remove it.
  if (base == 10) {
    amount.SetScale(internal::Add32(amount.scale, internal::WrapNeg32(exponent)));
  } else {
    amount.MulPow2(static_cast<unsigned>(exponent));
  }
  const int sign = amount.Sign();
  if (sign == -1) amount.Neg();
  // Non-zero values are rounded up to the minimum representable value (1n).
  if (!amount.IsZero()) amount.RoundUp(-Nano);
  // The max is a simple cap.
  const internal::Dec maxAllowed = internal::Dec::FromUnscaled(internal::kMostPositive, 0);
  if (format == BinarySI && amount.Cmp(maxAllowed) > 0) amount = maxAllowed;
  if (format == BinarySI && amount.Cmp(internal::Dec::FromUnscaled(1, 0)) < 0 &&
      amount.Cmp(internal::Dec{}) > 0) {
    format = DecimalSI;
  }
  if (sign == -1) amount.Neg();
  Quantity q;
  q.format = format;
  q.d_ = std::move(amount);
  return q;
}

inline Quantity MustParse(std::string_view str) {
  try {
    return ParseQuantity(str);
  } catch (const ParseError& e) {
    throw ParseError(e.kind, "cannot parse '" + std::string(str) + "': " + e.what());
  }
}

inline void to_json(nlohmann::json& j, const Quantity& q) { j = q.String(); }

inline void from_json(const nlohmann::json& j, Quantity& q) {
  if (j.is_null()) {
    q.ClearValue();
    return;
  }
  std::string text;
  if (j.is_string()) {
    text = j.get_ref<const std::string&>();
  } else if (j.is_number_float()) {
    text = util::FormatFloat(j.get<double>(), 'g');
  } else {
    text = j.dump();  // integers verbatim; true/false/objects/arrays fail to parse as upstream
  }
  q = ParseQuantity(internal::TrimSpace(text));
}

}  // namespace apimachinery::resource

APIMACHINERY_STRINGER(apimachinery::resource, Quantity);
APIMACHINERY_STRINGER(apimachinery::resource, Format);

template <>
struct std::hash<apimachinery::resource::Quantity> {
  std::size_t operator()(const apimachinery::resource::Quantity& q) const { return q.Hash(); }
};
