// metav1::MicroTime: a timestamp with microsecond precision, on the wire as RFC 3339 with exactly six
// fraction digits ("2024-05-01T10:00:00.123456Z"); JSON null for the zero value.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 micro_time.go (MicroTime, RFC3339Micro, NewMicroTime,
// UnixMicro, NowMicro, IsZero, Before, Equal, BeforeTime, EqualTime, MarshalJSON, UnmarshalJSON,
// MarshalQueryParameter, UnmarshalQueryParameter). Used by Events (eventTime) and Leases
// (acquireTime, renewTime).
//
// Example:
//   auto t = metav1::ParseRFC3339Micro("2024-05-01T12:00:00.250000+02:00");
//   nlohmann::json j = t;   // "2024-05-01T10:00:00.250000Z"
//
// Reading is Go's time.Parse(RFC3339Micro, s): the fraction must be `.` (or `,`) and exactly six
// digits; a text without it ("2024-05-01T10:00:00Z") is refused, as upstream refuses it. Writing is
// `t.UTC().Format(RFC3339Micro)`.
//
// Throws: ParseRFC3339Micro, UnmarshalQueryParameter and from_json throw TimeParseError (a
// DecodeError) with Go's time.ParseError text, e.g.
//   parsing time "2024-05-01T10:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"
// A JSON value that is neither a string nor null throws DecodeError
// (`json: cannot unmarshal number into Go value of type string`).
//
// Differences from upstream: microsecond precision in memory (Go keeps nanoseconds and drops them
// on output); the zero value is the Unix epoch, as metav1::Time's (time.hpp); the nil-pointer
// forms of Before/Equal are the std::optional-free value forms (a Go nil *MicroTime has no C++
// counterpart).
//
// Thread-safety: value type.
#pragma once

#include <chrono>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/format.hpp"

namespace apimachinery::metav1 {

// RFC3339Micro: the layout of MicroTime (upstream: metav1.RFC3339Micro).
inline constexpr std::string_view kRFC3339Micro = internal::kRFC3339MicroLayout;

struct MicroTime {
  std::chrono::sys_time<std::chrono::microseconds> time{};

  APIMACHINERY_DECL bool IsZero() const noexcept;
  APIMACHINERY_DECL bool Before(const MicroTime& u) const noexcept;
  APIMACHINERY_DECL bool Equal(const MicroTime& u) const noexcept;
  // BeforeTime / EqualTime compare with a (second-precision) Time.
  APIMACHINERY_DECL bool BeforeTime(const Time& u) const noexcept;
  APIMACHINERY_DECL bool EqualTime(const Time& u) const noexcept;
  // MarshalQueryParameter: the RFC3339Micro text, "" for the zero value.
  APIMACHINERY_DECL std::string MarshalQueryParameter() const;
  // UnmarshalQueryParameter: "" and "null" give the zero value. Throws: TimeParseError.
  APIMACHINERY_DECL void UnmarshalQueryParameter(std::string_view s);
  // String: the RFC3339Micro text ("" for zero). Go prints time.Time's String form instead.
  APIMACHINERY_DECL std::string String() const;

  friend bool operator==(const MicroTime&, const MicroTime&) = default;
  friend auto operator<=>(const MicroTime&, const MicroTime&) = default;
};

// NowMicro returns the current time truncated to microseconds.
MicroTime NowMicro();
// UnixMicro builds a MicroTime from seconds and nanoseconds since the epoch (nanoseconds truncated
// to microseconds; upstream: metav1.UnixMicro(sec, nsec)).
MicroTime UnixMicro(std::int64_t sec, std::int64_t nsec) noexcept;
// ParseRFC3339Micro parses like Go's time.Parse(RFC3339Micro, s). Throws: TimeParseError.
MicroTime ParseRFC3339Micro(std::string_view s);
// FormatRFC3339Micro formats in UTC with six fraction digits and `Z`.
std::string FormatRFC3339Micro(const MicroTime& t);

// JSON: the RFC3339Micro string, or null for the zero value; null reads as the zero value.
void to_json(nlohmann::json& j, const MicroTime& t);
void from_json(const nlohmann::json& j, MicroTime& t);

// Implementation details follow.

}  // namespace apimachinery::metav1

APIMACHINERY_STRINGER(apimachinery::metav1, MicroTime);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/micro_time.ipp"
#endif
