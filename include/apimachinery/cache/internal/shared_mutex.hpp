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

#include "apimachinery/config.hpp"

namespace apimachinery::cache::internal {

class SharedMutex {
 public:
  SharedMutex() = default;
  SharedMutex(const SharedMutex&) = delete;
  SharedMutex& operator=(const SharedMutex&) = delete;
  ~SharedMutex() = default;

  APIMACHINERY_DECL void lock_shared() noexcept;
  APIMACHINERY_DECL void unlock_shared() noexcept;
  APIMACHINERY_DECL void lock();
  APIMACHINERY_DECL void unlock() noexcept;

 private:
  static constexpr std::uint32_t kWriter = 0x80000000u;

  APIMACHINERY_DECL void LockSharedSlow() noexcept;

  std::atomic<std::uint32_t> state_{0};
  std::mutex writers_;
};

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/shared_mutex.ipp"
#endif
