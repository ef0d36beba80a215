// Definitions of the non-template functions declared in <apimachinery/api/resource/internal/amount.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/api/resource/internal/amount.hpp"

namespace apimachinery::resource::internal {

APIMACHINERY_DECL bool Int64Add(std::int64_t a, std::int64_t b, std::int64_t& c) noexcept {
  return !__builtin_add_overflow(a, b, &c);
}

APIMACHINERY_DECL bool Int64Multiply(std::int64_t a, std::int64_t b, std::int64_t& c) noexcept {
  return !__builtin_mul_overflow(a, b, &c);
}

APIMACHINERY_DECL bool PositiveScaleInt64(std::int64_t base, Scale scale, std::int64_t& out) noexcept {
  const auto once = [&](std::int64_t b) {
    // int64MultiplyScale10/100/1000 and int64MultiplyScale(base, b)
    if (base == 0 || base == 1) {
      out = base * b;
      return true;
    }
    if (base == kMostNegative) {
      out = 0;
      return false;
    }
    const bool overflow = __builtin_mul_overflow(base, b, &out);
    return !overflow;
  };
  switch (scale) {
    case 0:
      out = base;
      return true;
    case 1:
      return once(10);
    case 2:
      return once(100);
    case 3:
      return once(1000);
    case 6:
      return once(1000000);
    case 9:
      return once(1000000000);
    default:
      break;
  }
  std::int64_t v = base;
  if (v != 0) {  // upstream loops `scale` times; once zero the value stays zero
    for (Scale i = 0; i < scale; ++i) {
      if (v == kMostNegative || __builtin_mul_overflow(v, std::int64_t{10}, &v)) {
        out = 0;
        return false;
      }
    }
  }
  out = v;
  return true;
}

APIMACHINERY_DECL std::int64_t NegativeScaleInt64(std::int64_t base, Scale scale, bool& exact) noexcept {
  exact = true;
  if (scale == 0) return base;
  std::int64_t value = base;
  bool fraction = false;
  for (Scale i = 0; i < scale; ++i) {
    if (!fraction && value % 10 != 0) fraction = true;
    value /= 10;
    if (value == 0) {
      if (fraction) {
        exact = false;
        return base > 0 ? 1 : -1;
      }
      return 0;
    }
  }
  if (fraction) {
    value += base > 0 ? 1 : -1;
    exact = false;
  }
  return value;
}

APIMACHINERY_DECL std::int64_t RemoveInt64Factors(std::int64_t value, std::int64_t base,
                                                  std::int32_t& times) noexcept {
  times = 0;
  std::int64_t result = value;
  const bool negative = result < 0;
  if (negative) result = WrapNeg(result);
  while (result >= base && result % base == 0) {
    ++times;
    result /= base;
  }
  if (negative) result = WrapNeg(result);
  return result;
}

APIMACHINERY_DECL double GoPow10(std::int64_t n) noexcept {
  static constexpr double tab[] = {1e00, 1e01, 1e02, 1e03, 1e04, 1e05, 1e06, 1e07, 1e08, 1e09, 1e10,
                                   1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21,
                                   1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31};
  static constexpr double pos32[] = {1e00, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288};
  static constexpr double neg32[] = {1e-00,  1e-32,  1e-64,  1e-96,  1e-128, 1e-160,
                                     1e-192, 1e-224, 1e-256, 1e-288, 1e-320};
  if (0 <= n && n <= 308) return pos32[n / 32] * tab[n % 32];
  if (-323 <= n && n <= 0) return neg32[(-n) / 32] / tab[(-n) % 32];
  if (n > 0) return std::numeric_limits<double>::infinity();
  return 0;
}

APIMACHINERY_DECL std::int64_t GoFloatToInt64(double f) noexcept {
  if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0)) return kMostNegative;
  return static_cast<std::int64_t>(f);
}

APIMACHINERY_DECL bool Dec::IsZero() const noexcept { return digits.empty(); }

APIMACHINERY_DECL int Dec::Sign() const noexcept { return digits.empty() ? 0 : (neg ? -1 : 1); }

APIMACHINERY_DECL Dec Dec::FromUnscaled(std::int64_t unscaled, std::int32_t infScale) {
  Dec d;
  d.scale = infScale;
  d.exp = -std::int64_t{infScale};
  const std::uint64_t mag =
      unscaled < 0 ? 0 - static_cast<std::uint64_t>(unscaled) : static_cast<std::uint64_t>(unscaled);
  d.neg = unscaled < 0;
  d.digits = std::to_string(mag);
  d.Normalize();
  return d;
}

APIMACHINERY_DECL bool Dec::SetString(std::string_view s) {
  std::size_t pos = 0;
  neg = false;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    neg = s[pos] == '-';
    ++pos;
  }
  std::string mag;
  std::int64_t after = 0;
  bool dot = false;
  bool any = false;
  for (; pos < s.size(); ++pos) {
    const char c = s[pos];
    if (c == '.') {
      if (dot) return false;
      dot = true;
    } else if (c >= '0' && c <= '9') {
      any = true;
      mag.push_back(c);
      if (dot) ++after;
    } else {
      return false;
    }
  }
  if (!any) return false;
  if (after > std::numeric_limits<std::int32_t>::max()) return false;  // inf.Scale is int32
  scale = static_cast<std::int32_t>(after);
  exp = -after;
  digits = std::move(mag);
  Normalize();
  return true;
}

APIMACHINERY_DECL void Dec::SetScale(std::int32_t s) noexcept {
  if (!IsZero()) exp += std::int64_t{scale} - s;  // zero keeps exp 0
  scale = s;
}

APIMACHINERY_DECL void Dec::MulPow2(unsigned k) {
  while (k > 0) {
    const unsigned step = std::min(k, 30U);
    MulSmall(std::uint64_t{1} << step);
    k -= step;
  }
}

APIMACHINERY_DECL void Dec::MulInt64(std::int64_t y) {
  if (y == 0 || IsZero()) {
    digits.clear();
    neg = false;
    exp = 0;
    return;
  }
  const std::uint64_t mag = y < 0 ? 0 - static_cast<std::uint64_t>(y) : static_cast<std::uint64_t>(y);
  if (y < 0) neg = !neg;
  MulSmall(mag);
}

APIMACHINERY_DECL void Dec::Neg() noexcept {
  if (!IsZero()) neg = !neg;
}

APIMACHINERY_DECL void Dec::RoundUp(std::int32_t s) {
  if (!IsZero() && exp < -std::int64_t{s}) {
    const std::int64_t drop = -std::int64_t{s} - exp;  // digits below the new unit
    // The last digit is non-zero (no trailing zeros), so dropping any digit is inexact.
    if (drop >= static_cast<std::int64_t>(digits.size())) {
      digits = "1";
    } else {
      digits.resize(digits.size() - static_cast<std::size_t>(drop));
      Increment();
    }
    exp = -std::int64_t{s};
    Normalize();
  }
  scale = s;
}

APIMACHINERY_DECL int Dec::Cmp(const Dec& y) const noexcept {
  const int sx = Sign();
  const int sy = y.Sign();
  if (sx != sy) return sx < sy ? -1 : 1;
  if (sx == 0) return 0;
  const int m = CmpMag(y);
  return sx > 0 ? m : -m;
}

APIMACHINERY_DECL Dec Dec::Add(const Dec& x, const Dec& y, bool subtract) {
  Dec r;
  r.scale = std::max(x.scale, y.scale);
  const bool yneg = subtract ? !y.neg : y.neg;
  if (y.IsZero()) {
    r.neg = x.neg;
    r.digits = x.digits;
    r.exp = x.exp;
    return r;
  }
  if (x.IsZero()) {
    r.neg = yneg;
    r.digits = y.digits;
    r.exp = y.exp;
    return r;
  }
  const std::int64_t m = std::min(x.exp, y.exp);
  const std::int64_t lx = static_cast<std::int64_t>(x.digits.size()) + (x.exp - m);
  const std::int64_t ly = static_cast<std::int64_t>(y.digits.size()) + (y.exp - m);
  if (std::max(lx, ly) + 1 > static_cast<std::int64_t>(kMaxDigits)) {
    throw RangeError("quantity arithmetic needs more than " + std::to_string(kMaxDigits) + " digits");
  }
  std::string a = x.digits;
  a.append(static_cast<std::size_t>(x.exp - m), '0');
  std::string b = y.digits;
  b.append(static_cast<std::size_t>(y.exp - m), '0');
  r.exp = m;
  if (x.neg == yneg) {
    r.neg = x.neg;
    r.digits = AddMag(a, b);
  } else {
    const int c = CmpDigitStrings(a, b);
    if (c == 0) {
      r.exp = 0;
      return r;
    }
    if (c > 0) {
      r.neg = x.neg;
      r.digits = SubMag(a, b);
    } else {
      r.neg = yneg;
      r.digits = SubMag(b, a);
    }
  }
  r.Normalize();
  return r;
}

APIMACHINERY_DECL std::int64_t Dec::UnscaledDigits() const noexcept {
  if (IsZero()) return 0;
  return static_cast<std::int64_t>(digits.size()) + exp + scale;
}

APIMACHINERY_DECL bool Dec::UnscaledIsInt64() const noexcept {
  if (IsZero()) return true;
  const std::int64_t n = UnscaledDigits();
  if (n > 19) return false;
  Uint128 mag = 0;
  for (char c : digits) mag = mag * 10 + static_cast<unsigned>(c - '0');
  for (std::int64_t i = 0; i < exp + scale; ++i) mag *= 10;
  const Uint128 limit = neg ? (static_cast<Uint128>(1) << 63) : ((static_cast<Uint128>(1) << 63) - 1);
  return mag <= limit;
}

APIMACHINERY_DECL std::int64_t Dec::UnscaledInt64() const noexcept {
  return LowBits(digits, exp + scale, neg);
}

APIMACHINERY_DECL double Dec::UnscaledFloat64() const {
  if (IsZero()) return 0;
  const std::int64_t n = UnscaledDigits();
  if (n > 400)
    return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  std::string text = neg ? "-" : "";
  text += digits;
  text.append(static_cast<std::size_t>(exp + scale), '0');
  return std::strtod(text.c_str(), nullptr);
}

APIMACHINERY_DECL std::pair<std::string, std::int32_t> Dec::CanonicalBytes() const {
  // int32(-scale) + the factors of 10 in the unscaled value, as upstream's int32 arithmetic.
  std::int32_t exponent = Wrap32(std::int64_t{Wrap32(-std::int64_t{scale})} + (exp + scale));
  std::string out = neg ? "-" : "";
  out += digits;
  while (exponent % 3 != 0) {
    out.push_back('0');
    exponent = Sub32(exponent, 1);
  }
  return {std::move(out), exponent};
}

APIMACHINERY_DECL std::pair<std::string, std::int32_t> Dec::CanonicalBase1024Bytes() const {
  Dec t = *this;
  t.RoundUp(0);
  if (t.IsZero()) return {"0", 0};
  if (static_cast<std::int64_t>(t.digits.size()) + t.exp > static_cast<std::int64_t>(kMaxDigits)) {
    throw RangeError("quantity needs more than " + std::to_string(kMaxDigits) + " digits");
  }
  std::string mag = t.digits;
  mag.append(static_cast<std::size_t>(t.exp), '0');
  std::int32_t times = 0;
  for (;;) {
    std::string q;
    if (DivSmall(mag, 1024, q) != 0) break;
    mag = std::move(q);
    ++times;
  }
  return {(t.neg ? "-" : "") + mag, times};
}

APIMACHINERY_DECL std::int64_t Dec::ScaledValue(std::int64_t newScale) const {
  if (IsZero()) return 0;  // every path of scaledValue gives 0 for a zero unscaled value
  const std::int64_t dif = std::int64_t{scale} - newScale;
  if (dif == 0) return UnscaledInt64();
  if (dif < 0) {
    const std::int64_t m = GoFloatToInt64(GoPow10(-dif));
    return Wrap64(static_cast<std::uint64_t>(UnscaledInt64()) * static_cast<std::uint64_t>(m));
  }
  // unscaled.Cmp(maxInt64) < 0 && dif < 19: int64 division, then +1 when inexact.
  bool belowMax = neg || IsZero() || UnscaledDigits() < 19;
  if (!belowMax && UnscaledDigits() == 19) belowMax = UnscaledInt64() != kMostPositive && UnscaledIsInt64();
  if (belowMax && dif < 19) {
    const std::int64_t u = UnscaledInt64();
    const std::int64_t divide = Pow10Int64(dif);
    const std::int64_t result = u / divide;
    return u % divide != 0 ? result + 1 : result;
  }
  // big.Int.DivMod (Euclidean): floor(unscaled / 10^dif), +1 when the remainder is not zero.
  const std::int64_t k = exp + scale - dif;  // floor(|value| × 10^(scale-dif)) = digits × 10^k
  if (k >= 0) return LowBits(digits, k, neg);
  const std::int64_t keep = static_cast<std::int64_t>(digits.size()) + k;
  const std::string truncated = keep > 0 ? digits.substr(0, static_cast<std::size_t>(keep)) : std::string();
  const std::uint64_t low = static_cast<std::uint64_t>(LowBits(truncated, 0, false));
  // Inexact: positive gives trunc+1; negative gives floor = -(trunc+1), plus one = -trunc.
  return neg ? Wrap64(0 - low) : Wrap64(low + 1);
}

APIMACHINERY_DECL std::string Dec::InfString() const {
  std::string u = IsZero() ? "0" : digits;
  if (!IsZero()) u.append(static_cast<std::size_t>(exp + scale), '0');
  std::string out = neg ? "-" : "";
  if (scale <= 0) {
    out += u;
    if (scale != 0 && !IsZero()) out.append(static_cast<std::size_t>(-std::int64_t{scale}), '0');
    return out;
  }
  const auto s = static_cast<std::size_t>(scale);
  if (u.size() <= s) {
    out += "0.";
    out.append(s - u.size(), '0');
    out += u;
    return out;
  }
  out += u.substr(0, u.size() - s);
  out += '.';
  out += u.substr(u.size() - s);
  return out;
}

APIMACHINERY_DECL void Dec::Normalize() {
  std::size_t lead = 0;
  while (lead < digits.size() && digits[lead] == '0') ++lead;
  digits.erase(0, lead);
  if (digits.empty()) {
    neg = false;
    exp = 0;
    return;
  }
  std::size_t end = digits.size();
  while (digits[end - 1] == '0') --end;
  exp += static_cast<std::int64_t>(digits.size() - end);
  digits.resize(end);
}

APIMACHINERY_DECL void Dec::Increment() {
  std::size_t i = digits.size();
  while (i > 0) {
    --i;
    if (digits[i] == '9') {
      digits[i] = '0';
    } else {
      ++digits[i];
      return;
    }
  }
  digits.insert(digits.begin(), '1');
}

APIMACHINERY_DECL void Dec::MulSmall(std::uint64_t y) {
  std::string out(digits.size(), '0');
  Uint128 carry = 0;
  for (std::size_t i = digits.size(); i > 0; --i) {
    const Uint128 cur = static_cast<Uint128>(digits[i - 1] - '0') * y + carry;
    out[i - 1] = static_cast<char>('0' + static_cast<int>(cur % 10));
    carry = cur / 10;
  }
  std::string head;
  while (carry > 0) {
    head.push_back(static_cast<char>('0' + static_cast<int>(carry % 10)));
    carry /= 10;
  }
  std::reverse(head.begin(), head.end());
  digits = head + out;
  Normalize();
}

APIMACHINERY_DECL int Dec::CmpMag(const Dec& y) const noexcept {
  const std::int64_t ox = static_cast<std::int64_t>(digits.size()) + exp;
  const std::int64_t oy = static_cast<std::int64_t>(y.digits.size()) + y.exp;
  if (ox != oy) return ox < oy ? -1 : 1;
  const int c = digits.compare(y.digits);  // same order of magnitude: lexicographic
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

APIMACHINERY_DECL int Dec::CmpDigitStrings(const std::string& a, const std::string& b) noexcept {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  const int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

APIMACHINERY_DECL std::string Dec::AddMag(const std::string& a, const std::string& b) {
  std::string out(std::max(a.size(), b.size()) + 1, '0');
  int carry = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    int s = carry;
    if (i < a.size()) s += a[a.size() - 1 - i] - '0';
    if (i < b.size()) s += b[b.size() - 1 - i] - '0';
    out[out.size() - 1 - i] = static_cast<char>('0' + s % 10);
    carry = s / 10;
  }
  return out;
}

APIMACHINERY_DECL std::string Dec::SubMag(const std::string& a, const std::string& b) {  // a >= b
  std::string out(a.size(), '0');
  int borrow = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    int s = (a[a.size() - 1 - i] - '0') - borrow;
    if (i < b.size()) s -= b[b.size() - 1 - i] - '0';
    borrow = s < 0 ? 1 : 0;
    if (s < 0) s += 10;
    out[out.size() - 1 - i] = static_cast<char>('0' + s);
  }
  return out;
}

APIMACHINERY_DECL std::uint32_t Dec::DivSmall(const std::string& a, std::uint32_t d, std::string& q) {
  std::uint64_t rem = 0;
  q.clear();
  for (char c : a) {
    rem = rem * 10 + static_cast<std::uint64_t>(c - '0');
    const auto digit = static_cast<char>('0' + static_cast<int>(rem / d));
    if (!q.empty() || digit != '0') q.push_back(digit);
    rem %= d;
  }
  return static_cast<std::uint32_t>(rem);
}

APIMACHINERY_DECL std::int64_t Dec::LowBits(const std::string& ds, std::int64_t k, bool negative) noexcept {
  std::uint64_t v = 0;
  for (char c : ds) v = v * 10 + static_cast<std::uint64_t>(c - '0');
  if (k >= 64) {
    v = 0;  // 2^64 divides 10^64
  } else {
    for (std::int64_t i = 0; i < k; ++i) v *= 10;
  }
  return negative ? Wrap64(0 - v) : Wrap64(v);
}

APIMACHINERY_DECL int Int64Amount::Sign() const noexcept { return value == 0 ? 0 : (value > 0 ? 1 : -1); }

APIMACHINERY_DECL Dec Int64Amount::AsDec() const {
  return Dec::FromUnscaled(value, Wrap32(-std::int64_t{scale}));
}

APIMACHINERY_DECL bool Int64Amount::AsInt64(std::int64_t& out) const noexcept {
  if (scale == 0) {
    out = value;
    return true;
  }
  if (scale < 0) return false;
  return PositiveScaleInt64(value, scale, out);
}

APIMACHINERY_DECL bool Int64Amount::AsScaledInt64(Scale s, std::int64_t& out) const noexcept {
  if (scale < s) {
    bool exact = false;
    out = NegativeScaleInt64(value, Sub32(s, scale), exact);
    return true;
  }
  return PositiveScaleInt64(value, Sub32(scale, s), out);
}

APIMACHINERY_DECL int Int64Amount::Cmp(Int64Amount b) const {
  Int64Amount a = *this;
  if (a.scale != b.scale) {
    const bool aBigger = a.scale > b.scale;
    const std::int64_t v = aBigger ? b.value : a.value;
    const Scale diff = aBigger ? Sub32(a.scale, b.scale) : Sub32(b.scale, a.scale);
    if (diff >= 18) return a.AsDec().Cmp(b.AsDec());  // divideByScaleInt64: not exact
    if (diff != 0 && Pow10Int64(diff) == 0) throw Error("runtime error: integer divide by zero");
    const std::int64_t divisor = diff == 0 ? 1 : Pow10Int64(diff);
    const std::int64_t result = v / divisor;
    const std::int64_t remainder = v % divisor;
    if (aBigger) {
      if (result == a.value) return remainder == 0 ? 0 : (remainder > 0 ? -1 : 1);
      b.value = result;
    } else {
      if (result == b.value) return remainder == 0 ? 0 : (remainder > 0 ? 1 : -1);
      a.value = result;
    }
  }
  return a.value == b.value ? 0 : (a.value < b.value ? -1 : 1);
}

APIMACHINERY_DECL bool Int64Amount::Add(Int64Amount b) noexcept {
  if (b.value == 0) return true;
  if (value == 0) {
    *this = b;
    return true;
  }
  std::int64_t c = 0;
  if (scale == b.scale) {
    if (!Int64Add(value, b.value, c)) return false;
    value = c;
  } else if (scale > b.scale) {
    if (!PositiveScaleInt64(value, Sub32(scale, b.scale), c)) return false;
    if (!Int64Add(c, b.value, c)) return false;
    scale = b.scale;
    value = c;
  } else {
    if (!PositiveScaleInt64(b.value, Sub32(b.scale, scale), c)) return false;
    if (!Int64Add(value, c, c)) return false;
    value = c;
  }
  return true;
}

APIMACHINERY_DECL bool Int64Amount::Sub(Int64Amount b) noexcept {
  return Add(Int64Amount{WrapNeg(b.value), b.scale});
}

APIMACHINERY_DECL bool Int64Amount::Mul(std::int64_t b) noexcept {
  if (value == 0) return true;
  if (b == 0) {
    value = 0;
    scale = 0;
    return true;
  }
  std::int64_t c = 0;
  if (!Int64Multiply(value, b, c)) return false;
  if (scale > 0) {
    std::int64_t ignored = 0;
    if (!PositiveScaleInt64(c, scale, ignored)) return false;
  }
  if (scale < 0) {
    bool exact = false;  // upstream tests negativeScaleInt64's exactness, not an overflow
    NegativeScaleInt64(c, WrapNeg32(scale), exact);
    if (!exact) return false;
  }
  value = c;
  return true;
}

APIMACHINERY_DECL Int64Amount Int64Amount::AsScale(Scale s, bool& exact) const noexcept {
  exact = true;
  if (scale >= s) return *this;
  return Int64Amount{NegativeScaleInt64(value, Sub32(s, scale), exact), s};
}

APIMACHINERY_DECL std::pair<std::string, std::int32_t> Int64Amount::CanonicalBytes() const {
  std::int32_t times = 0;
  std::int64_t amount = RemoveInt64Factors(value, 10, times);
  std::int32_t exponent = Add32(scale, times);
  const int r = exponent % 3;
  if (r == 1 || r == -2) {
    if (!Int64Multiply(amount, 10, amount)) return AsDec().CanonicalBytes();
    exponent = Sub32(exponent, 1);
  } else if (r == 2 || r == -1) {
    if (!Int64Multiply(amount, 100, amount)) return AsDec().CanonicalBytes();
    exponent = Sub32(exponent, 2);
  }
  return {std::to_string(amount), exponent};
}

APIMACHINERY_DECL std::pair<std::string, std::int32_t> Int64Amount::CanonicalBase1024Bytes() const {
  std::int64_t v = 0;
  if (!AsScaledInt64(0, v)) return AsDec().CanonicalBase1024Bytes();
  std::int32_t times = 0;
  const std::int64_t amount = RemoveInt64Factors(v, 1024, times);
  return {std::to_string(amount), times};
}

}  // namespace apimachinery::resource::internal
