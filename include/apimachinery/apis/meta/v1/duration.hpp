// metav1::Duration: a time span that travels as Go's time.Duration text ("1m30s", "1h0m0.003s").
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 duration.go (Duration, MarshalJSON, UnmarshalJSON,
// ToUnstructured). The text form is util::FormatDuration / util::ParseDuration (Go's
// Duration.String and time.ParseDuration).
//
// Example:
//   metav1::Duration d{std::chrono::seconds(90)};
//   nlohmann::json j = d;                                   // "1m30s"
//   metav1::Duration back = nlohmann::json("1h0.003s");     // 3600.003s
//
// Throws: from_json throws DecodeError: a non-string (`json: cannot unmarshal number into Go value
// of type string`) or Go's ParseDuration text (`time: invalid duration "x"`). JSON null reads as
// the empty string, which upstream then refuses: `time: invalid duration ""`.
//
// Thread-safety: value type.
#pragma once

#include <chrono>
#include <compare>
#include <string>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/duration.hpp"
#include "apimachinery/util/format.hpp"

namespace apimachinery::metav1 {

struct Duration {
  std::chrono::nanoseconds duration{};

  // String: Go's time.Duration String() ("0s" for zero).
  APIMACHINERY_DECL std::string String() const;
  // ToUnstructured: the value Unstructured content holds (upstream: Duration.ToUnstructured).
  APIMACHINERY_DECL std::string ToUnstructured() const;

  friend bool operator==(const Duration&, const Duration&) = default;
  friend auto operator<=>(const Duration&, const Duration&) = default;
};

// JSON: always the string form (no omitempty upstream: a zero Duration is "0s").
APIMACHINERY_DECL void to_json(nlohmann::json& j, const Duration& d);

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Duration& d);

}  // namespace apimachinery::metav1

APIMACHINERY_STRINGER(apimachinery::metav1, Duration);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/duration.ipp"
#endif
