// Definitions of the non-template functions declared in <apimachinery/util/intstr/intstr.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/intstr/intstr.hpp"

namespace apimachinery::intstr {

APIMACHINERY_DECL bool operator==(const IntOrString& a, const IntOrString& b) noexcept {
  return a.type == b.type && a.intVal == b.intVal && a.strVal == b.strVal;
}

APIMACHINERY_DECL IntOrString FromInt32(std::int32_t val) { return IntOrString{Type::Int, val, {}}; }

APIMACHINERY_DECL IntOrString FromString(std::string val) {
  return IntOrString{Type::String, 0, std::move(val)};
}

[[deprecated("use FromInt32")]] APIMACHINERY_DECL IntOrString FromInt(std::int64_t val) {
  return FromInt32(static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(val))));
}

APIMACHINERY_DECL IntOrString ValueOrDefault(const IntOrString* intOrPercent,
                                             const IntOrString& defaultValue) {
  return intOrPercent == nullptr ? defaultValue : *intOrPercent;
}

}  // namespace apimachinery::intstr

namespace apimachinery::intstr::detail {

APIMACHINERY_DECL std::int64_t ParseIntGo(std::string_view s, int bits, std::string_view fn,
                                          std::string& err) {
  err.clear();
  const util::ParseIntOutcome r = util::ParseIntResult(s, bits);
  if (r.status != util::ParseIntStatus::kOk) {
    err = "strconv." + std::string(fn) + ": parsing " + util::Quote(s) + ": " +
          (r.status == util::ParseIntStatus::kSyntax ? "invalid syntax" : "value out of range");
  }
  return r.value;
}

APIMACHINERY_DECL std::int64_t FloatToInt(double f) noexcept {
  if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0)) {
    return std::numeric_limits<std::int64_t>::min();
  }
  return static_cast<std::int64_t>(f);
}

APIMACHINERY_DECL std::int64_t ScalePercent(std::int64_t value, std::int64_t total, bool roundUp) {
  const double x = static_cast<double>(value) * static_cast<double>(total) / 100;
  return FloatToInt(roundUp ? std::ceil(x) : std::floor(x));
}

}  // namespace apimachinery::intstr::detail

namespace apimachinery::intstr {

APIMACHINERY_DECL std::string IntOrString::String() const {
  if (type == Type::String) return strVal;
  return std::to_string(IntValue());
}

APIMACHINERY_DECL std::int64_t IntOrString::IntValue() const noexcept {
  if (type == Type::String) {
    try {
      std::string err;
      return detail::ParseIntGo(strVal, 64, "Atoi", err);
    } catch (...) {  // std::bad_alloc while building the unused error text
      return 0;
    }
  }
  return intVal;
}

APIMACHINERY_DECL IntOrString Parse(std::string_view val) {
  std::string err;
  const std::int64_t i = detail::ParseIntGo(val, 32, "ParseInt", err);
  if (!err.empty()) return FromString(std::string(val));
  return FromInt32(static_cast<std::int32_t>(i));
}

APIMACHINERY_DECL std::int64_t GetScaledValueFromIntOrPercent(const IntOrString* intOrPercent,
                                                              std::int64_t total, bool roundUp) {
  if (intOrPercent == nullptr) throw Error("nil value for IntOrString");
  switch (intOrPercent->type) {
    case Type::Int:
      return intOrPercent->IntValue();
    case Type::String: {
      std::string_view s = intOrPercent->strVal;
      if (s.empty() || s.back() != '%') {
        throw Error("invalid value for IntOrString: invalid type: string is not a percentage");
      }
      s.remove_suffix(1);
      std::string err;
      const std::int64_t v = detail::ParseIntGo(s, 64, "Atoi", err);
      if (!err.empty()) {
        throw Error("invalid value for IntOrString: invalid value " + util::Quote(intOrPercent->strVal) +
                    ": " + err);
      }
      return detail::ScalePercent(v, total, roundUp);
    }
  }
  throw Error("invalid value for IntOrString: invalid type: neither int nor percentage");
}

APIMACHINERY_DECL std::int64_t GetValueFromIntOrPercent(const IntOrString* intOrPercent, std::int64_t total,
                                                        bool roundUp) {
  if (intOrPercent == nullptr) throw Error("nil value for IntOrString");
  switch (intOrPercent->type) {
    case Type::Int:
      return intOrPercent->IntValue();
    case Type::String: {
      std::string s;
      for (char c : intOrPercent->strVal) {
        if (c != '%') s.push_back(c);
      }
      std::string err;
      const std::int64_t v = detail::ParseIntGo(s, 64, "Atoi", err);
      if (!err.empty()) {
        throw Error("invalid value for IntOrString: invalid value " + util::Quote(intOrPercent->strVal) +
                    ": " + err);
      }
      return detail::ScalePercent(v, total, roundUp);
    }
  }
  throw Error("invalid value for IntOrString: invalid type: neither int nor percentage");
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const IntOrString& v) {
  switch (v.type) {
    case Type::Int:
      j = v.intVal;
      return;
    case Type::String:
      j = v.strVal;
      return;
  }
  throw Error("json: error calling MarshalJSON for type intstr.IntOrString: impossible IntOrString.Type");
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, IntOrString& v) {
  if (j.is_string()) {
    v.type = Type::String;
    v.strVal = j.get_ref<const std::string&>();
    return;
  }
  v.type = Type::Int;
  if (j.is_null()) return;  // json.Unmarshal of null into an int32 leaves it unchanged
  std::int32_t i = 0;
  if (!util::internal::ReadValue(j, i)) {
    throw util::json::DecodeError(
        util::internal::UnmarshalTypeErrorText(util::internal::TypeErrorValue<std::int32_t>(j), "int32"));
  }
  v.intVal = i;
}

}  // namespace apimachinery::intstr
