// cache/internal/shared_mutex.hpp: SharedMutex, the reader-writer lock of ThreadSafeStore (not
// part of the public API). It meets the SharedMutex requirements, so std::shared_lock and
// std::unique_lock take it.
//
// Why not std::shared_mutex: on glibc it is pthread_rwlock_t, whose rdlock and unlock are out-of-
// line calls of about 70 instructions together, the largest single cost of a store lookup. Here
// an uncontended shared lock is one atomic increment and its release one atomic decrement
// (Go's sync.RWMutex.RLock/RUnlock do the same).
//
// Design: state_ counts the readers holding the lock (low 31 bits) plus kWriter, set while a
// writer holds the lock or waits for the readers to leave. Writers are serialised by a std::mutex
// and prefer themselves: once kWriter is set, new readers back out and wait (C++20 atomic wait,
// a futex on Linux) until the writer unlocks; the writer waits until the reader count drains to 0.
// The last reader to leave while kWriter is set wakes it.
// Cost: lock_shared/unlock_shared one atomic RMW each without a writer; lock/unlock a std::mutex
// plus two atomic RMWs and a notify. Thread-safety: it is the synchronisation.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace apimachinery::cache::internal {

class SharedMutex {
 public:
  SharedMutex() = default;
  SharedMutex(const SharedMutex&) = delete;
  SharedMutex& operator=(const SharedMutex&) = delete;
  ~SharedMutex() = default;

  void lock_shared() noexcept {
    if (state_.fetch_add(1, std::memory_order_acquire) & kWriter) [[unlikely]]
      LockSharedSlow();
  }
  void unlock_shared() noexcept {
    // The last reader leaving while a writer waits wakes it.
    if (state_.fetch_sub(1, std::memory_order_release) - 1 == kWriter) [[unlikely]]
      state_.notify_all();
  }
  void lock() {
    writers_.lock();
    std::uint32_t s = state_.fetch_or(kWriter, std::memory_order_acquire) | kWriter;
    while (s != kWriter) {  // readers still inside
      state_.wait(s, std::memory_order_acquire);
      s = state_.load(std::memory_order_acquire);
    }
  }
  void unlock() noexcept {
    state_.fetch_and(~kWriter, std::memory_order_release);
    state_.notify_all();  // readers waiting for the writer to leave
    writers_.unlock();
  }

 private:
  static constexpr std::uint32_t kWriter = 0x80000000u;

  void LockSharedSlow() noexcept {
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

  std::atomic<std::uint32_t> state_{0};
  std::mutex writers_;
};

}  // namespace apimachinery::cache::internal
