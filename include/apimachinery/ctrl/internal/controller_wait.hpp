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

#include "apimachinery/config.hpp"

namespace apimachinery::ctrl::internal {

enum class PollResult { kSatisfied, kStopped, kTimedOut };

APIMACHINERY_DECL PollResult PollUntil(const std::stop_token& stop, std::chrono::milliseconds timeout,
                                       const std::function<bool()>& done,
                                       std::chrono::milliseconds period = std::chrono::milliseconds(100));

}  // namespace apimachinery::ctrl::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/internal/impl/controller_wait.ipp"
#endif
