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
#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL ParseError(Kind k, const std::string& text);
  APIMACHINERY_DECL explicit ParseError(Kind k);

  Kind kind;

  // Text is upstream's error text of each kind.
  APIMACHINERY_DECL static std::string_view Text(Kind k) noexcept;
};

// IsErrFormatWrong, IsErrNumeric, IsErrSuffix: errors.Is(err, resource.ErrFormatWrong) etc.
APIMACHINERY_DECL bool IsErrFormatWrong(const std::exception& e) noexcept;
APIMACHINERY_DECL bool IsErrNumeric(const std::exception& e) noexcept;
APIMACHINERY_DECL bool IsErrSuffix(const std::exception& e) noexcept;

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
  APIMACHINERY_DECL friend Quantity NewQuantity(std::int64_t value, Format f);
  APIMACHINERY_DECL friend Quantity NewMilliQuantity(std::int64_t value, Format f);
  APIMACHINERY_DECL friend Quantity NewScaledQuantity(std::int64_t value, Scale scale);

  // String is the canonical form (quantity.go: String; CanonicalizeBytes's number and suffix).
  APIMACHINERY_DECL std::string String() const;

  // CanonicalizeBytes returns the canonical number and suffix (quantity.go: CanonicalizeBytes):
  // BinarySI values in (-1024, 1024) and those that are not whole print as DecimalSI, an Unset
  // format as DecimalExponent.
  APIMACHINERY_DECL std::pair<std::string, std::string> CanonicalizeBytes() const;

  // AsInt64: the value as an int64 when the fast form holds it exactly at scale 0.
  APIMACHINERY_DECL std::optional<std::int64_t> AsInt64() const noexcept;

  // AsApproximateFloat64: unscaled × 10^exponent in float64, ±Inf outside float64's range.
  APIMACHINERY_DECL double AsApproximateFloat64() const;

  // AsDecString is upstream's q.AsDec().String(): the value as a plain decimal at inf.Dec's scale.
  APIMACHINERY_DECL std::string AsDecString() const;

  // ToDec switches to the exact decimal form (quantity.go: ToDec); the value is unchanged.
  APIMACHINERY_DECL Quantity& ToDec();

  APIMACHINERY_DECL bool IsZero() const noexcept;
  APIMACHINERY_DECL int Sign() const noexcept;

  // RoundUp rounds up (away from zero) to `scale`; false when precision was lost.
  APIMACHINERY_DECL bool RoundUp(Scale scale);

  // Add adds y; a zero receiver takes y's format.
  APIMACHINERY_DECL void Add(const Quantity& y);

  // Sub subtracts y; a zero receiver takes y's format.
  APIMACHINERY_DECL void Sub(const Quantity& y);

  // Mul multiplies by y; false when the result is inexact (its unscaled value overflows int64).
  APIMACHINERY_DECL bool Mul(std::int64_t y);

  // Cmp returns -1, 0 or 1 as *this is less than, equal to or greater than y.
  APIMACHINERY_DECL int Cmp(const Quantity& y) const;

  // CmpInt64 compares with the integer y.
  APIMACHINERY_DECL int CmpInt64(std::int64_t y) const;

  // Neg negates the value.
  APIMACHINERY_DECL void Neg() noexcept;

  // Equal and ==: the values are equal (Cmp == 0); formats are not compared (upstream: Equal).
  APIMACHINERY_DECL bool Equal(const Quantity& v) const;
  APIMACHINERY_DECL friend bool operator==(const Quantity& a, const Quantity& b);
  APIMACHINERY_DECL friend std::strong_ordering operator<=>(const Quantity& a, const Quantity& b);

  // Value is the value rounded up (away from zero) to an integer; 0 when that overflows in the
  // int64 form (upstream's answer), the low bits of the result in the decimal form.
  APIMACHINERY_DECL std::int64_t Value() const;
  // MilliValue is ceil(q × 1000); may overflow (compare Value() with MaxMilliValue first).
  APIMACHINERY_DECL std::int64_t MilliValue() const;
  // ScaledValue is ceil(q / 10^scale), with upstream's overflow behaviour.
  APIMACHINERY_DECL std::int64_t ScaledValue(Scale scale) const;

  // Set, SetMilli, SetScaled replace the value (value × 10^scale); the format stays.
  APIMACHINERY_DECL void Set(std::int64_t value);
  APIMACHINERY_DECL void SetMilli(std::int64_t value);
  APIMACHINERY_DECL void SetScaled(std::int64_t value, Scale scale);

  // DeepCopy is a copy (Quantity is a value type).
  APIMACHINERY_DECL Quantity DeepCopy() const;

  // Hash is consistent with ==: equal values hash equally whatever their form or format.
  APIMACHINERY_DECL std::size_t Hash() const;

  // The JSON null reset (quantity.go: UnmarshalJSON of null clears the value only).
  APIMACHINERY_DECL void ClearValue() noexcept;

 private:
  friend Quantity ParseQuantity(std::string_view str);

  APIMACHINERY_DECL Quantity(internal::Int64Amount i, Format f);

  APIMACHINERY_DECL internal::Dec AsDecValue() const;

  // suffix.go: constructBytes (empty when no suffix exists for the pair, as upstream's nil).
  APIMACHINERY_DECL static std::string ConstructSuffix(int base, std::int32_t exponent, Format f);

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
APIMACHINERY_DECL bool QuantityPtrEqual(const Quantity* a, const Quantity* b);

// JSON: the canonical string. from_json accepts a string (spaces trimmed, as upstream's
// TrimSpace), null (clears the value) and a number; see the header comment.
void to_json(nlohmann::json& j, const Quantity& q);
void from_json(const nlohmann::json& j, Quantity& q);

// Implementation details follow.

namespace internal {

// suffix.go: interpret. Returns false when the suffix is unknown.
APIMACHINERY_DECL bool InterpretSuffix(std::string_view s, int& base, std::int32_t& exponent, Format& f);

// quantity.go: parseQuantityString.
struct ScannedQuantity {
  bool positive = true;
  std::string_view value, num, denom, suffix;
};

APIMACHINERY_DECL ScannedQuantity ScanQuantity(std::string_view str);

APIMACHINERY_DECL bool EndsWith000(std::string_view a, std::string_view b);

// Go's strings.TrimSpace (ASCII and Unicode white space).
APIMACHINERY_DECL std::string_view TrimSpace(std::string_view s);

}  // namespace internal

}  // namespace apimachinery::resource

APIMACHINERY_STRINGER(apimachinery::resource, Quantity);
APIMACHINERY_STRINGER(apimachinery::resource, Format);

template <>
struct std::hash<apimachinery::resource::Quantity> {
  std::size_t operator()(const apimachinery::resource::Quantity& q) const { return q.Hash(); }
};

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/api/resource/impl/quantity.ipp"
#endif
