// Definitions of the non-template functions declared in <apimachinery/util/internal/json_read.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/internal/json_read.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL JSONErrorContext& JSONErrorContext::Current() noexcept {
  static thread_local JSONErrorContext c;
  return c;
}

APIMACHINERY_DECL std::string JSONErrorContext::Path(std::string_view key) const {
  std::string p;
  for (auto f : fields) {
    if (!p.empty()) p += '.';
    p += f;
  }
  if (!key.empty()) {
    if (!p.empty()) p += '.';
    p += key;
  }
  return p;
}

APIMACHINERY_DECL JSONFieldScope::JSONFieldScope(std::string_view strct, std::string_view key)
    : ctx_(JSONErrorContext::Current()) {
  prev_ = ctx_.strct;
  ctx_.strct = strct;
  ctx_.fields.push_back(key);
}

APIMACHINERY_DECL JSONFieldScope::~JSONFieldScope() {
  ctx_.fields.pop_back();
  ctx_.strct = prev_;
}

APIMACHINERY_DECL JSONLiteralsScope::JSONLiteralsScope(const util::NumberLiterals& literals)
    : ctx_(JSONErrorContext::Current()), prev_(ctx_.literals) {
  ctx_.literals = &literals;
}

APIMACHINERY_DECL JSONLiteralsScope::~JSONLiteralsScope() { ctx_.literals = prev_; }

APIMACHINERY_DECL const std::string* NumberLiteral(const nlohmann::json& v) {
  const util::NumberLiterals* l = JSONErrorContext::Current().literals;
  return l == nullptr ? nullptr : l->Find(v);
}

APIMACHINERY_DECL std::string UnmarshalTypeErrorText(std::string_view value, std::string_view go_type) {
  const auto& ctx = JSONErrorContext::Current();
  std::string s = "json: cannot unmarshal ";
  s += value;
  if (ctx.fields.empty() && ctx.strct.empty()) {
    s += " into Go value of type ";
  } else {
    s += " into Go struct field ";
    s += ctx.strct;
    s += '.';
    s += ctx.Path();
    s += " of type ";
  }
  s += go_type;
  return s;
}

APIMACHINERY_DECL std::string UnmarshalFieldTypeErrorText(std::string_view value, std::string_view strct,
                                                          std::string_view key, std::string_view go_type) {
  JSONFieldScope scope(strct, key);
  return UnmarshalTypeErrorText(value, go_type);
}

APIMACHINERY_DECL bool Float32Overflows(double d) noexcept {
  // The midpoint between FLT_MAX and 2^128 rounds (to even) to infinity.
  constexpr double kLimit = 340282356779733661637539395458142568448.0;  // 2^128 - 2^103
  return std::fabs(d) >= kLimit;
}

}  // namespace apimachinery::util::internal
