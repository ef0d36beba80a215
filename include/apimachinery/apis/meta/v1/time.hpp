// metav1::Time: a timestamp with second precision that travels as RFC 3339 ("2024-05-01T10:00:00Z").
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 time.go. The zero Time is "unset" (Go's IsZero) and is
// written as JSON null / omitted.
//
// Thread-safety: value type.
#pragma once

#include <chrono>
#include <compare>

namespace apimachinery::metav1 {

struct Time {
  std::chrono::sys_seconds time{};

  bool IsZero() const noexcept { return time.time_since_epoch().count() == 0; }
  friend bool operator==(const Time&, const Time&) = default;
  friend auto operator<=>(const Time&, const Time&) = default;
};

}  // namespace apimachinery::metav1
