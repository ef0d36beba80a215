// Definitions of the non-template functions declared in <apimachinery/ctrl/internal/controller_wait.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/internal/controller_wait.hpp"

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL PollResult PollUntil(const std::stop_token& stop, std::chrono::milliseconds timeout,
                                       const std::function<bool()>& done, std::chrono::milliseconds period) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::mutex mu;
  std::condition_variable_any cv;
  for (;;) {
    if (done()) return PollResult::kSatisfied;
    if (stop.stop_requested()) return PollResult::kStopped;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return PollResult::kTimedOut;
    std::unique_lock lock(mu);
    cv.wait_for(lock, stop, std::min<std::chrono::steady_clock::duration>(period, deadline - now),
                [] { return false; });
  }
}

}  // namespace apimachinery::ctrl::internal
