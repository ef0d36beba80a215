// Clock: an injectable source of time, so that code which waits (the delaying workqueue, the token
// bucket rate limiter, the workqueue metrics) can be tested deterministically with a fake clock.
//
// Example:
//   using namespace std::chrono_literals;
//   auto clock = std::make_shared<util::clock::FakeClock>();
//   workqueue::DelayingQueue<> q({.clock = clock});
//   q.AddAfter("ns/a", 50ms);  clock->Step(60ms);  // "ns/a" is now queued, no real waiting
//
// Upstream: k8s.io/utils/clock (Clock, RealClock) and k8s.io/utils/clock/testing (FakeClock).
//
// Throws: nothing, except std::system_error from the standard mutex/condition variable.
// Thread-safety: RealClock is stateless; every FakeClock member may be called from any thread.
//
// Differences from upstream:
// - Time is a monotonic std::chrono::steady_clock::time_point, not wall-clock time.time: delays are
//   immune to wall-clock jumps. Duration is std::chrono::nanoseconds (Go's time.Duration).
// - Instead of NewTimer/NewTicker/After channels, a clock offers one blocking primitive,
//   WaitUntil(cv, lock, deadline): wait on a condition variable until notified or until the clock
//   reaches the deadline. RealClock maps it to condition_variable::wait_until (no polling);
//   FakeClock wakes the waiter when Step/SetTime moves the time past its deadline.
// - FakeClock lives in this header (upstream puts it in clock/testing).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <vector>

#include "apimachinery/config.hpp"

namespace apimachinery::util::clock {

// Time is a point on the clock's (monotonic) time line.
using Time = std::chrono::steady_clock::time_point;
// Duration is a signed number of nanoseconds, like Go's time.Duration.
using Duration = std::chrono::nanoseconds;

// Clock is the interface every time source implements.
class Clock {
 public:
  virtual ~Clock() = default;

  // Now returns the current time.
  virtual Time Now() const = 0;

  // Since returns the time elapsed since t.
  APIMACHINERY_DECL Duration Since(Time t) const;

  // WaitUntil blocks the calling thread, which holds `lock` (the mutex `cv` is used with), until
  // `cv` is notified or the clock reaches `deadline`. Like condition_variable::wait it may return
  // spuriously, so callers re-check their condition in a loop. `lock` is held again on return.
  virtual void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Time deadline) = 0;
};

// RealClock reads std::chrono::steady_clock. Upstream: clock.RealClock.
class RealClock final : public Clock {
 public:
  APIMACHINERY_DECL Time Now() const override;
  APIMACHINERY_DECL void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                                   Time deadline) override;
};

// FakeClock is a clock that only moves when told to (Step, SetTime). Waiters whose deadline is
// reached are woken by the call that moves the time. Upstream: testingclock.FakeClock.
class FakeClock final : public Clock {
 public:
  // The default start time is an arbitrary fixed point (one hour after the steady clock's epoch),
  // so that tests do not depend on the machine's uptime.
  APIMACHINERY_DECL FakeClock();
  APIMACHINERY_DECL explicit FakeClock(Time start);
  FakeClock(const FakeClock&) = delete;
  FakeClock& operator=(const FakeClock&) = delete;
  ~FakeClock() override = default;

  APIMACHINERY_DECL Time Now() const override;
  APIMACHINERY_DECL void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                                   Time deadline) override;

  // Step moves the clock forward by d and wakes every waiter whose deadline has been reached.
  APIMACHINERY_DECL void Step(Duration d);
  // SetTime moves the clock to t (forward or backward) and wakes the waiters that are due.
  APIMACHINERY_DECL void SetTime(Time t);
  // HasWaiters reports whether some thread is blocked in WaitUntil.
  APIMACHINERY_DECL bool HasWaiters() const;
  // Waiters returns how many threads are blocked in WaitUntil.
  APIMACHINERY_DECL std::size_t Waiters() const;

 private:
  struct Waiter {
    std::mutex* mu;
    std::condition_variable* cv;
    Time deadline;
    int in_use;  // number of Step/SetTime calls currently notifying this waiter
  };
  APIMACHINERY_DECL std::vector<Waiter*> CollectDueLocked();  // requires mu_; marks the due waiters in_use
  APIMACHINERY_DECL void Notify(const std::vector<Waiter*>& due);

  mutable std::mutex mu_;
  std::condition_variable released_;  // signalled when a waiter's in_use drops
  Time now_;
  std::vector<Waiter*> waiters_;
};

// Implementation details follow.

}  // namespace apimachinery::util::clock

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/clock.ipp"
#endif
