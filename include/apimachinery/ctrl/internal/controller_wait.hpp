// ctrl::internal::PollUntil: wait for a condition with a stop token and a timeout, polling as
// client-go's WaitForCacheSync does (every 100 ms, the first time at once; a stop wakes it at
// once). Used by the sources and the manager for "wait until synced or give up".
//
// Returns kSatisfied, kStopped or kTimedOut. Throws what `done` throws.
// Thread-safety: reentrant. Cost: one `done` call per period.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>

namespace apimachinery::ctrl::internal {

enum class PollResult { kSatisfied, kStopped, kTimedOut };

inline PollResult PollUntil(const std::stop_token& stop, std::chrono::milliseconds timeout,
                            const std::function<bool()>& done,
                            std::chrono::milliseconds period = std::chrono::milliseconds(100)) {
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
