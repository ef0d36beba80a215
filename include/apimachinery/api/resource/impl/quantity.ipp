// Definitions of the non-template functions declared in <apimachinery/api/resource/quantity.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/api/resource/quantity.hpp"

namespace apimachinery::resource {

APIMACHINERY_DECL ParseError::ParseError(Kind k, const std::string& text) : Error(text), kind(k) {}

APIMACHINERY_DECL ParseError::ParseError(Kind k) : ParseError(k, std::string(Text(k))) {}

APIMACHINERY_DECL std::string_view ParseError::Text(Kind k) noexcept {
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

APIMACHINERY_DECL bool IsErrFormatWrong(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::FormatWrong;
}

APIMACHINERY_DECL bool IsErrNumeric(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::Numeric;
}

APIMACHINERY_DECL bool IsErrSuffix(const std::exception& e) noexcept {
  const auto* p = dynamic_cast<const ParseError*>(&e);
  return p != nullptr && p->kind == ParseError::Kind::Suffix;
}

APIMACHINERY_DECL Quantity NewQuantity(std::int64_t value, Format f) { return Quantity({value, 0}, f); }

APIMACHINERY_DECL Quantity NewMilliQuantity(std::int64_t value, Format f) {
  return Quantity({value, Milli}, f);
}

APIMACHINERY_DECL Quantity NewScaledQuantity(std::int64_t value, Scale scale) {
  return Quantity({value, scale}, DecimalSI);
}

APIMACHINERY_DECL std::string Quantity::String() const {
  if (!s_.empty()) return s_;
  auto [number, suffix] = CanonicalizeBytes();
  return number + suffix;
}

APIMACHINERY_DECL std::pair<std::string, std::string> Quantity::CanonicalizeBytes() const {
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

APIMACHINERY_DECL std::optional<std::int64_t> Quantity::AsInt64() const noexcept {
  if (d_) return std::nullopt;
  std::int64_t v = 0;
  if (!i_.AsInt64(v)) return std::nullopt;
  return v;
}

APIMACHINERY_DECL double Quantity::AsApproximateFloat64() const {
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

APIMACHINERY_DECL std::string Quantity::AsDecString() const {
  return d_ ? d_->InfString() : i_.AsDec().InfString();
}

APIMACHINERY_DECL Quantity& Quantity::ToDec() {
  if (!d_) {
    d_ = i_.AsDec();
    i_ = {};
  }
  return *this;
}

APIMACHINERY_DECL bool Quantity::IsZero() const noexcept { return d_ ? d_->IsZero() : i_.value == 0; }

APIMACHINERY_DECL int Quantity::Sign() const noexcept { return d_ ? d_->Sign() : i_.Sign(); }

APIMACHINERY_DECL bool Quantity::RoundUp(Scale scale) {
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

APIMACHINERY_DECL void Quantity::Add(const Quantity& y) {
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

APIMACHINERY_DECL void Quantity::Sub(const Quantity& y) {
  s_.clear();
  if (IsZero()) format = y.format;
  if (!d_ && !y.d_ && i_.Sub(y.i_)) return;
  ToDec();
  d_ = internal::Dec::Add(*d_, y.AsDecValue(), true);
}

APIMACHINERY_DECL bool Quantity::Mul(std::int64_t y) {
  s_.clear();
  if (!d_ && i_.Mul(y)) return true;
  ToDec();
  d_->MulInt64(y);
  return d_->UnscaledIsInt64();
}

APIMACHINERY_DECL int Quantity::Cmp(const Quantity& y) const {
  if (!d_ && !y.d_) return i_.Cmp(y.i_);
  return AsDecValue().Cmp(y.AsDecValue());
}

APIMACHINERY_DECL int Quantity::CmpInt64(std::int64_t y) const {
  if (d_) return d_->Cmp(internal::Dec::FromUnscaled(y, 0));
  return i_.Cmp(internal::Int64Amount{y, 0});
}

APIMACHINERY_DECL void Quantity::Neg() noexcept {
  s_.clear();
  if (!d_) {
    i_.value = internal::WrapNeg(i_.value);
    return;
  }
  d_->Neg();
}

APIMACHINERY_DECL bool Quantity::Equal(const Quantity& v) const { return Cmp(v) == 0; }

APIMACHINERY_DECL bool operator==(const Quantity& a, const Quantity& b) { return a.Cmp(b) == 0; }

APIMACHINERY_DECL std::strong_ordering operator<=>(const Quantity& a, const Quantity& b) {
  const int c = a.Cmp(b);
  return c < 0 ? std::strong_ordering::less
               : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

APIMACHINERY_DECL std::int64_t Quantity::Value() const { return ScaledValue(0); }

APIMACHINERY_DECL std::int64_t Quantity::MilliValue() const { return ScaledValue(Milli); }

APIMACHINERY_DECL std::int64_t Quantity::ScaledValue(Scale scale) const {
  if (!d_) {
    std::int64_t v = 0;
    i_.AsScaledInt64(scale, v);
    return v;
  }
  return d_->ScaledValue(internal::WrapNeg32(scale));
}

APIMACHINERY_DECL void Quantity::Set(std::int64_t value) { SetScaled(value, 0); }

APIMACHINERY_DECL void Quantity::SetMilli(std::int64_t value) { SetScaled(value, Milli); }

APIMACHINERY_DECL void Quantity::SetScaled(std::int64_t value, Scale scale) {
  s_.clear();
  d_.reset();
  i_ = internal::Int64Amount{value, scale};
}

APIMACHINERY_DECL Quantity Quantity::DeepCopy() const { return *this; }

APIMACHINERY_DECL std::size_t Quantity::Hash() const {
  if (IsZero()) return 0;
  const internal::Dec d = AsDecValue();
  std::size_t h = std::hash<std::string>{}(d.digits);
  h ^= std::hash<std::int64_t>{}(d.exp) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h ^ (d.neg ? 0x51ed270b27d3a9a5ULL : 0);
}

APIMACHINERY_DECL void Quantity::ClearValue() noexcept {
  d_.reset();
  i_ = {};
}

APIMACHINERY_DECL Quantity::Quantity(internal::Int64Amount i, Format f) : format(f), i_(i) {}

APIMACHINERY_DECL internal::Dec Quantity::AsDecValue() const { return d_ ? *d_ : i_.AsDec(); }

APIMACHINERY_DECL std::string Quantity::ConstructSuffix(int base, std::int32_t exponent, Format f) {
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

APIMACHINERY_DECL bool QuantityPtrEqual(const Quantity* a, const Quantity* b) {
  if (a == nullptr && b == nullptr) return true;
  if (a == nullptr || b == nullptr) return false;
  return a->Equal(*b);
}

}  // namespace apimachinery::resource

namespace apimachinery::resource::internal {

APIMACHINERY_DECL bool InterpretSuffix(std::string_view s, int& base, std::int32_t& exponent, Format& f) {
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

APIMACHINERY_DECL ScannedQuantity ScanQuantity(std::string_view str) {
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

APIMACHINERY_DECL bool EndsWith000(std::string_view a, std::string_view b) {
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

APIMACHINERY_DECL std::string_view TrimSpace(std::string_view s) {
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

}  // namespace apimachinery::resource::internal

namespace apimachinery::resource {

APIMACHINERY_DECL Quantity ParseQuantity(std::string_view str) {
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

APIMACHINERY_DECL Quantity MustParse(std::string_view str) {
  try {
    return ParseQuantity(str);
  } catch (const ParseError& e) {
    throw ParseError(e.kind, "cannot parse '" + std::string(str) + "': " + e.what());
  }
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Quantity& q) { j = q.String(); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Quantity& q) {
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
