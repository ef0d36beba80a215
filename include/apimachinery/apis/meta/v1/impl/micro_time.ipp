// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/micro_time.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/micro_time.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL bool MicroTime::IsZero() const noexcept { return time.time_since_epoch().count() == 0; }

APIMACHINERY_DECL bool MicroTime::Before(const MicroTime& u) const noexcept { return time < u.time; }

APIMACHINERY_DECL bool MicroTime::Equal(const MicroTime& u) const noexcept { return time == u.time; }

APIMACHINERY_DECL bool MicroTime::BeforeTime(const Time& u) const noexcept { return time < u.time; }

APIMACHINERY_DECL bool MicroTime::EqualTime(const Time& u) const noexcept { return time == u.time; }

APIMACHINERY_DECL std::string MicroTime::String() const { return MarshalQueryParameter(); }

APIMACHINERY_DECL MicroTime ParseRFC3339Micro(std::string_view s) {
  return MicroTime{internal::ParseTimeLayout(s, true)};
}

APIMACHINERY_DECL std::string FormatRFC3339Micro(const MicroTime& t) {
  return internal::FormatTimeLayout(t.time, true);
}

APIMACHINERY_DECL std::string MicroTime::MarshalQueryParameter() const {
  if (IsZero()) return {};
  return FormatRFC3339Micro(*this);
}

APIMACHINERY_DECL void MicroTime::UnmarshalQueryParameter(std::string_view s) {
  if (s.empty() || s == "null") {
    time = {};
    return;
  }
  *this = ParseRFC3339Micro(s);
}

APIMACHINERY_DECL MicroTime NowMicro() {
  return MicroTime{std::chrono::floor<std::chrono::microseconds>(std::chrono::system_clock::now())};
}

APIMACHINERY_DECL MicroTime UnixMicro(std::int64_t sec, std::int64_t nsec) noexcept {
  using namespace std::chrono;
  return MicroTime{sys_time<microseconds>{duration_cast<microseconds>(seconds{sec}) +
                                          floor<microseconds>(nanoseconds{nsec})}};
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const MicroTime& t) {
  if (t.IsZero()) {
    j = nullptr;
  } else {
    j = FormatRFC3339Micro(t);
  }
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, MicroTime& t) {
  if (j.is_null()) {
    t = MicroTime{};
    return;
  }
  if (!j.is_string()) internal::ThrowValueType(j, "string");
  t = ParseRFC3339Micro(j.get_ref<const std::string&>());
}

}  // namespace apimachinery::metav1
