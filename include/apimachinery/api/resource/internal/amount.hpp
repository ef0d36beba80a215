// resource::internal: the two number representations behind resource::Quantity.
//
// Port of k8s.io/apimachinery/pkg/api/resource amount.go (int64Amount, infDecAmount), math.go
// (overflow-checked int64 helpers, removeInt64Factors, removeBigIntFactors) and scale_int.go
// (scaledValue), plus the part of gopkg.in/inf.v0 (dec.go: Dec, RoundUp) that Quantity uses.
//
// Int64Amount is upstream's int64Amount: value × 10^scale with an int32 scale. Dec replaces
// inf.Dec: an exact decimal that keeps its value as sign, digits and a decimal exponent
// (value = ±digits × 10^exp, digits without leading or trailing zeros), plus inf.Dec's `scale` so
// that every answer that depends on inf.Dec's unscaled integer (unscaled = value × 10^scale:
// scaledValue's choice of path, UnscaledBig().Int64()'s low 64 bits, the float conversion of
// AsApproximateFloat64) is the one upstream computes. Trailing zeros are never materialised, so
// `12345678901234567890e2000000000` costs 20 digits where inf.Dec multiplies out 2·10^9 of them.
//
// Go's int32 and int64 arithmetic wraps; where upstream's does (the scale of an int64Amount, the
// exponent of a canonical form), the port wraps too (Wrap32), so the answers for absurd exponents
// (`1e4294967296` is 1, `0.5e-2147483648` is 50e2147483646) are upstream's. Go's signed overflow
// in `UnscaledBig().Int64()` and in scaledValue's multiplications is reproduced with unsigned
// arithmetic.
//
// Throws: RangeError (a resource::Error) when an exact sum or difference, or the base-1024 form
// of a BinarySI value, would need more than kMaxDigits digits (upstream allocates without limit and
// takes minutes or runs out of memory; `1e2000000000` plus `1` is such a sum); runtime errors
// upstream would panic with (an integer division by zero in int64Amount.Cmp for scales whose
// difference wraps) throw resource::Error with Go's panic text. Otherwise std::bad_alloc only.
// Cost: Int64Amount operations are O(1) (a loop of at most 19 steps); Dec operations are linear in
// the digits involved. Thread-safety: value types.
// Internal: users name resource::Quantity, never these.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"

namespace apimachinery::resource {

// Scale is a base-10 exponent (upstream: amount.go Scale, an int32).
using Scale = std::int32_t;
inline constexpr Scale Nano = -9;
inline constexpr Scale Micro = -6;
inline constexpr Scale Milli = -3;
inline constexpr Scale Kilo = 3;
inline constexpr Scale Mega = 6;
inline constexpr Scale Giga = 9;
inline constexpr Scale Tera = 12;
inline constexpr Scale Peta = 15;
inline constexpr Scale Exa = 18;

// MaxMilliValue is the largest value whose MilliValue() fits an int64 (upstream: math.go).
inline constexpr std::int64_t MaxMilliValue = std::numeric_limits<std::int64_t>::max() / 1000;

// Error is the base of the exceptions of package resource.
class Error : public apimachinery::Error {
 public:
  using apimachinery::Error::Error;
};

// RangeError: an exact result would need more than internal::kMaxDigits decimal digits (a
// limit upstream does not have; see the header comment).
class RangeError : public Error {
 public:
  using Error::Error;
};

}  // namespace apimachinery::resource

namespace apimachinery::resource::internal {

// A 128-bit unsigned integer (a GCC/Clang extension; __extension__ keeps -Wpedantic quiet).
__extension__ typedef unsigned __int128 Uint128;

// The most digits an exact sum or a base-1024 form may have (about 1 MB).
inline constexpr std::size_t kMaxDigits = std::size_t{1} << 20;

inline constexpr std::int64_t kMostPositive = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kMostNegative = std::numeric_limits<std::int64_t>::min();

// Wrap32 converts as Go's int32(v) does (modulo 2^32).
constexpr std::int32_t Wrap32(std::int64_t v) noexcept {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)));
}
// Wrap64 converts a uint64 to int64 modulo 2^64 (Go's wrapping arithmetic).
constexpr std::int64_t Wrap64(std::uint64_t v) noexcept { return static_cast<std::int64_t>(v); }
constexpr std::int64_t WrapNeg(std::int64_t v) noexcept { return Wrap64(0 - static_cast<std::uint64_t>(v)); }
constexpr std::int32_t WrapNeg32(std::int32_t v) noexcept { return Wrap32(-std::int64_t{v}); }
constexpr std::int32_t Add32(std::int32_t a, std::int32_t b) noexcept { return Wrap32(std::int64_t{a} + b); }
constexpr std::int32_t Sub32(std::int32_t a, std::int32_t b) noexcept { return Wrap32(std::int64_t{a} - b); }

// math.go: int64Add, int64Multiply (false on overflow).
APIMACHINERY_DECL bool Int64Add(std::int64_t a, std::int64_t b, std::int64_t& c) noexcept;
APIMACHINERY_DECL bool Int64Multiply(std::int64_t a, std::int64_t b, std::int64_t& c) noexcept;

// math.go: positiveScaleInt64 (base × 10^scale, false on overflow). As upstream, the scales 1, 2,
// 3, 6 and 9 are one multiplication whose wrapped product is still stored on overflow (Value()
// and ScaledValue() return it); other scales multiply by 10 in a loop and give 0 on overflow; a
// negative scale, which upstream calls undefined, returns base as upstream's loop does.
APIMACHINERY_DECL bool PositiveScaleInt64(std::int64_t base, Scale scale, std::int64_t& out) noexcept;

// math.go: negativeScaleInt64 (base / 10^scale rounded away from zero; exact reports no loss).
APIMACHINERY_DECL std::int64_t NegativeScaleInt64(std::int64_t base, Scale scale, bool& exact) noexcept;

// math.go: pow10Int64 (0 outside 0..18).
constexpr std::int64_t Pow10Int64(std::int64_t b) noexcept {
  if (b < 0 || b > 18) return 0;
  std::int64_t r = 1;
  for (std::int64_t i = 0; i < b; ++i) r *= 10;
  return r;
}

// math.go: removeInt64Factors for base 10 and 1024 (value == result × base^times).
APIMACHINERY_DECL std::int64_t RemoveInt64Factors(std::int64_t value, std::int64_t base,
                                                  std::int32_t& times) noexcept;

// Go's math.Pow10 (src/math/pow10.go), table for table, so products round as upstream's do.
APIMACHINERY_DECL double GoPow10(std::int64_t n) noexcept;

// Go's int64(f) on amd64 for a float outside the int64 range: the "integer indefinite" value.
APIMACHINERY_DECL std::int64_t GoFloatToInt64(double f) noexcept;

// Dec: an exact decimal standing in for inf.Dec (see the header comment).
class Dec {
 public:
  bool neg = false;
  std::string digits;      // magnitude, most significant first, no leading/trailing zeros; "" = 0
  std::int64_t exp = 0;    // value = ±digits × 10^exp
  std::int32_t scale = 0;  // inf.Dec's scale: unscaled = value × 10^scale

  APIMACHINERY_DECL bool IsZero() const noexcept;
  APIMACHINERY_DECL int Sign() const noexcept;

  // inf.NewDec(unscaled, scale) as int64Amount.AsDec builds it.
  APIMACHINERY_DECL static Dec FromUnscaled(std::int64_t unscaled, std::int32_t infScale);

  // inf.Dec.SetString for the texts parseQuantityString produces: an optional sign (first), digits
  // with at most one '.', at least one digit. Scale = digits after the point.
  APIMACHINERY_DECL bool SetString(std::string_view s);

  // inf.Dec.SetScale: the unscaled value stays, so the value is multiplied by 10^(old-new).
  APIMACHINERY_DECL void SetScale(std::int32_t s) noexcept;

  // Multiplies the unscaled value (and so the value) by 2^k, k <= 62 (the BinarySI suffixes).
  APIMACHINERY_DECL void MulPow2(unsigned k);

  // Multiplies by y (inf.Dec.Mul by NewDec(y, 0): the scale is unchanged).
  APIMACHINERY_DECL void MulInt64(std::int64_t y);

  APIMACHINERY_DECL void Neg() noexcept;

  // inf.Dec.Round(x, s, inf.RoundUp): round away from zero to scale s.
  APIMACHINERY_DECL void RoundUp(std::int32_t s);

  // Value comparison (inf.Dec.Cmp).
  APIMACHINERY_DECL int Cmp(const Dec& y) const noexcept;

  // inf.Dec.Add / Sub: exact; the scale is the larger of the two.
  APIMACHINERY_DECL static Dec Add(const Dec& x, const Dec& y, bool subtract);

  // Number of digits of the unscaled integer (0 for zero).
  APIMACHINERY_DECL std::int64_t UnscaledDigits() const noexcept;

  // inf.Dec.Unscaled()'s ok: the unscaled value fits an int64.
  APIMACHINERY_DECL bool UnscaledIsInt64() const noexcept;

  // UnscaledBig().Int64(): the low 64 bits of |unscaled|, negated for a negative value.
  APIMACHINERY_DECL std::int64_t UnscaledInt64() const noexcept;

  // big.Float.SetInt(UnscaledBig()).Float64(): correctly rounded, ±Inf when too large.
  APIMACHINERY_DECL double UnscaledFloat64() const;

  // infDecAmount.AsCanonicalBytes: the digits and a base-10 exponent that is a multiple of 3.
  APIMACHINERY_DECL std::pair<std::string, std::int32_t> CanonicalBytes() const;

  // infDecAmount.AsCanonicalBase1024Bytes: round up to an integer, then remove factors of 1024.
  APIMACHINERY_DECL std::pair<std::string, std::int32_t> CanonicalBase1024Bytes() const;

  // scale_int.go: scaledValue(UnscaledBig(), Scale(), newScale), overflow included.
  APIMACHINERY_DECL std::int64_t ScaledValue(std::int64_t newScale) const;

  // inf.Dec.String(): the unscaled digits with `scale` of them after a decimal point.
  APIMACHINERY_DECL std::string InfString() const;

 private:
  APIMACHINERY_DECL void Normalize();

  APIMACHINERY_DECL void Increment();

  APIMACHINERY_DECL void MulSmall(std::uint64_t y);

  APIMACHINERY_DECL int CmpMag(const Dec& y) const noexcept;

  APIMACHINERY_DECL static int CmpDigitStrings(const std::string& a, const std::string& b) noexcept;

  APIMACHINERY_DECL static std::string AddMag(const std::string& a, const std::string& b);

  APIMACHINERY_DECL static std::string SubMag(const std::string& a, const std::string& b);

  // q = a / d (no leading zeros, "" for zero); returns a mod d.
  APIMACHINERY_DECL static std::uint32_t DivSmall(const std::string& a, std::uint32_t d, std::string& q);

  // The low 64 bits of digits × 10^k (k >= 0), negated when neg (big.Int.Int64()).
  APIMACHINERY_DECL static std::int64_t LowBits(const std::string& ds, std::int64_t k,
                                                bool negative) noexcept;
};

// amount.go: int64Amount, value × 10^scale.
struct Int64Amount {
  std::int64_t value = 0;
  Scale scale = 0;

  APIMACHINERY_DECL int Sign() const noexcept;

  APIMACHINERY_DECL Dec AsDec() const;

  // AsInt64: the value at scale 0 when that is exact and fits.
  APIMACHINERY_DECL bool AsInt64(std::int64_t& out) const noexcept;

  // AsScaledInt64: the value at `s`, rounded up; false on overflow.
  APIMACHINERY_DECL bool AsScaledInt64(Scale s, std::int64_t& out) const noexcept;

  APIMACHINERY_DECL int Cmp(Int64Amount b) const;

  // Add: false (and *this unchanged) on overflow.
  APIMACHINERY_DECL bool Add(Int64Amount b) noexcept;

  APIMACHINERY_DECL bool Sub(Int64Amount b) noexcept;

  APIMACHINERY_DECL bool Mul(std::int64_t b) noexcept;

  // AsScale: at least scale `s`, rounding up; exact reports no loss.
  APIMACHINERY_DECL Int64Amount AsScale(Scale s, bool& exact) const noexcept;

  // AsCanonicalBytes: digits and a base-10 exponent that is a multiple of 3.
  APIMACHINERY_DECL std::pair<std::string, std::int32_t> CanonicalBytes() const;

  // AsCanonicalBase1024Bytes: the value at scale 0 without its factors of 1024.
  APIMACHINERY_DECL std::pair<std::string, std::int32_t> CanonicalBase1024Bytes() const;
};

}  // namespace apimachinery::resource::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/api/resource/internal/impl/amount.ipp"
#endif
