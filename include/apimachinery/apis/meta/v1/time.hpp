// metav1::Time: a timestamp with second precision that travels as RFC 3339 ("2024-05-01T10:00:00Z").
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 time.go. The zero Time is "unset" (Go's IsZero) and is
// written as JSON null / omitted.
//
// Example:
//   auto t = metav1::ParseRFC3339("2024-05-01T12:00:00.25+02:00");   // 10:00:00 UTC
//   nlohmann::json j = t;                                             // "2024-05-01T10:00:00Z"
//
// Reading follows Go's time.Parse(time.RFC3339, s) (the general parser, which is what metav1.Time's
// UnmarshalJSON uses): fractional seconds (`.` or `,` then digits) are accepted and dropped, the
// zone is `Z` or `+hh:mm`/`-hh:mm`, the hour may have one digit. Writing is
// `t.UTC().Format(time.RFC3339)`: `Z`, second precision. Written by hand: libstdc++ 12 has no
// std::chrono::parse.
//
// Throws: ParseRFC3339 and from_json throw TimeParseError (a metav1::DecodeError) with Go's
// time.ParseError text, e.g.
//   parsing time "2024-13-01T00:00:00Z": month out of range
//   parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"
// A JSON value that is neither a string nor null throws DecodeError
// (`json: cannot unmarshal number into Go value of type string`, as Go).
//
// Differences from upstream:
// - Second precision only (metav1.Time serializes at second precision anyway; Go keeps the
//   nanoseconds in memory, here they are dropped on parse).
// - The zero value is the Unix epoch (the existing `time{}` member), not Go's year 1: a timestamp of
//   exactly 1970-01-01T00:00:00Z reads as unset.
// - Years outside 0000..9999 are not supported (Go writes them with more digits).
//
// Thread-safety: value type.
#pragma once

#include <chrono>
#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1 {

// The layout string Go's errors name (time.RFC3339).
inline constexpr std::string_view kRFC3339Layout = "2006-01-02T15:04:05Z07:00";

// TimeParseError: a timestamp that is not RFC 3339 (upstream: *time.ParseError).
class TimeParseError : public DecodeError {
 public:
  using DecodeError::DecodeError;
};

struct Time {
  std::chrono::sys_seconds time{};

  APIMACHINERY_DECL bool IsZero() const noexcept;
  // Unix returns seconds since the epoch.
  APIMACHINERY_DECL std::int64_t Unix() const noexcept;
  // MarshalQueryParameter: RFC 3339 text, "" for the zero Time (upstream's query-parameter form,
  // also what Unstructured stores).
  APIMACHINERY_DECL std::string MarshalQueryParameter() const;
  // UnmarshalQueryParameter: "" gives the zero Time. Throws: TimeParseError.
  APIMACHINERY_DECL void UnmarshalQueryParameter(std::string_view s);
  // String: the RFC 3339 text ("" for zero).
  APIMACHINERY_DECL std::string String() const;

  friend bool operator==(const Time&, const Time&) = default;
  friend auto operator<=>(const Time&, const Time&) = default;
};

// Now returns the current time truncated to seconds (upstream: metav1.Now()).
Time Now();
// Unix builds a Time from seconds since the epoch (upstream: metav1.Unix(sec, 0)).
Time Unix(std::int64_t seconds) noexcept;
// ParseRFC3339 parses like Go's time.Parse(time.RFC3339, s). Throws: TimeParseError.
Time ParseRFC3339(std::string_view s);
// FormatRFC3339 formats in UTC with a `Z` suffix and second precision.
std::string FormatRFC3339(const Time& t);

// JSON: string (RFC 3339) or null for the zero Time. from_json accepts null (zero Time).
void to_json(nlohmann::json& j, const Time& t);
void from_json(const nlohmann::json& j, Time& t);
// AppendJSON appends to_json's value as text (the quoted RFC 3339 text, or null), for the writers
// that keep Go's field order (runtime/fields_json.hpp: FieldsAppendJSON).
void AppendJSON(std::string& out, const Time& t);

// Implementation details follow.

namespace internal {

// The layout Go's errors name for metav1.MicroTime (RFC3339Micro in micro_time.go).
inline constexpr std::string_view kRFC3339MicroLayout = "2006-01-02T15:04:05.000000Z07:00";

[[noreturn]] APIMACHINERY_DECL void ThrowCannotParse(std::string_view value, std::string_view layout,
                                                     std::string_view value_elem,
                                                     std::string_view layout_elem);

[[noreturn]] APIMACHINERY_DECL void ThrowTimeMessage(std::string_view value, std::string_view message);

APIMACHINERY_DECL bool IsDigitAt(std::string_view s, std::size_t i) noexcept;

// GetNum: Go's getnum: one or two digits (exactly two when `fixed`). Returns false on error.
APIMACHINERY_DECL bool GetNum(std::string_view& s, bool fixed, int& out) noexcept;

// ParseTimeLayout: Go's time.Parse for the two layouts metav1 uses: RFC3339 (`micro` false: an
// optional fraction the layout does not name is accepted, and kept here to the microsecond) and
// RFC3339Micro (`micro` true: `.` or `,` and exactly six digits, as Go's stdFracSecond0).
APIMACHINERY_DECL std::chrono::sys_time<std::chrono::microseconds> ParseTimeLayout(std::string_view input,
                                                                                   bool micro);

// FormatTimeLayout: `t.UTC().Format(layout)` for RFC3339 (second precision, `Z`) or RFC3339Micro
// (six fraction digits, truncated as Go's Format truncates).
APIMACHINERY_DECL std::string FormatTimeLayout(std::chrono::sys_time<std::chrono::microseconds> t,
                                               bool micro);

}  // namespace internal

}  // namespace apimachinery::metav1

APIMACHINERY_STRINGER(apimachinery::metav1, Time);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/time.ipp"
#endif
