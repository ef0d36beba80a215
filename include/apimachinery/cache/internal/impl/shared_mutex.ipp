// Definitions of the non-template functions declared in <apimachinery/cache/internal/shared_mutex.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/shared_mutex.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL void SharedMutex::lock_shared() noexcept {
  if (state_.fetch_add(1, std::memory_order_acquire) & kWriter) [[unlikely]]
    LockSharedSlow();
}

APIMACHINERY_DECL void SharedMutex::unlock_shared() noexcept {
  // The last reader leaving while a writer waits wakes it.
  if (state_.fetch_sub(1, std::memory_order_release) - 1 == kWriter) [[unlikely]]
    state_.notify_all();
}

APIMACHINERY_DECL void SharedMutex::lock() {
  writers_.lock();
  std::uint32_t s = state_.fetch_or(kWriter, std::memory_order_acquire) | kWriter;
  while (s != kWriter) {  // readers still inside
    state_.wait(s, std::memory_order_acquire);
    s = state_.load(std::memory_order_acquire);
  }
}

APIMACHINERY_DECL void SharedMutex::unlock() noexcept {
  state_.fetch_and(~kWriter, std::memory_order_release);
  state_.notify_all();  // readers waiting for the writer to leave
  writers_.unlock();
}

APIMACHINERY_DECL void SharedMutex::LockSharedSlow() noexcept {
  while (true) {
    // Back out (this reader touched nothing), waking the writer if it waits for us alone.
    std::uint32_t s = state_.fetch_sub(1, std::memory_order_relaxed) - 1;
    if (s == kWriter) state_.notify_all();
    while (s & kWriter) {
      state_.wait(s, std::memory_order_relaxed);
      s = state_.load(std::memory_order_relaxed);
    }
    if (!(state_.fetch_add(1, std::memory_order_acquire) & kWriter)) return;
  }
}

}  // namespace apimachinery::cache::internal
