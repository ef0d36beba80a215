// util::FormatDuration / util::ParseDuration: Go's time.Duration text form ("1h2m3.5s", "1.5µs").
//
// Example:
//   util::FormatDuration(std::chrono::seconds(90));    // "1m30s"
//   util::ParseDuration("1h0.003s");                   // 3600003000000ns
//
// Ports of Go's time package (time.go: Duration.String, Duration.format, fmtFrac, fmtInt;
// format.go: ParseDuration, leadingInt, leadingFraction, unitMap). They are what
// metav1::Duration's JSON uses (k8s.io/apimachinery/pkg/apis/meta/v1/duration.go).
//
// FormatDuration: the largest unit first ("72h3m0.5s"); below one second the unit is ns, µs (U+00B5)
// or ms with a fraction ("1.5ms"); zero is "0s"; no trailing zeros in the fraction.
// ParseDuration: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, units ns, us, µs (U+00B5), μs (U+03BC), ms, s, m,
// h; "0" alone needs no unit; the fraction is accumulated as Go does (float64 scaling, so a
// fraction is exact to the nanosecond for every unit).
//
// Throws: ParseDuration throws DurationParseError with Go's text:
//   time: invalid duration "x"
//   time: missing unit in duration "1"
//   time: unknown unit "d" in duration "1d"
// (the value quoted as Go's time package quotes it, util::TimeQuote). FormatDuration throws only
// std::bad_alloc.
// Cost: linear in the text. Thread-safety: pure functions.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::util {

// DurationParseError: a text that is not a Go duration (upstream: time's *parseDurationError).
class DurationParseError : public Error {
 public:
  using Error::Error;
};

// FormatDuration returns Go's Duration.String() of `d`.
std::string FormatDuration(std::chrono::nanoseconds d);

// ParseDuration parses like Go's time.ParseDuration. Throws: DurationParseError.
std::chrono::nanoseconds ParseDuration(std::string_view s);

// Implementation details follow.

namespace internal {

// FmtFrac: Go's fmtFrac: the low `prec` digits of `v` as a fraction (without trailing zeros, and
// without the dot when all are zero), prepended to `out`; returns v / 10^prec.
APIMACHINERY_DECL std::uint64_t FmtFrac(std::string& out, std::uint64_t v, int prec);

APIMACHINERY_DECL void FmtInt(std::string& out, std::uint64_t v);

[[noreturn]] APIMACHINERY_DECL void ThrowDuration(std::string_view message, std::string_view orig);

}  // namespace internal

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/duration.ipp"
#endif
