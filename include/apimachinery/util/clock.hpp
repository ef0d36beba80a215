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
  Duration Since(Time t) const { return Now() - t; }

  // WaitUntil blocks the calling thread, which holds `lock` (the mutex `cv` is used with), until
  // `cv` is notified or the clock reaches `deadline`. Like condition_variable::wait it may return
  // spuriously, so callers re-check their condition in a loop. `lock` is held again on return.
  virtual void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Time deadline) = 0;
};

// RealClock reads std::chrono::steady_clock. Upstream: clock.RealClock.
class RealClock final : public Clock {
 public:
  Time Now() const override { return std::chrono::steady_clock::now(); }
  inline void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                        Time deadline) override;
};

// FakeClock is a clock that only moves when told to (Step, SetTime). Waiters whose deadline is
// reached are woken by the call that moves the time. Upstream: testingclock.FakeClock.
class FakeClock final : public Clock {
 public:
  // The default start time is an arbitrary fixed point (one hour after the steady clock's epoch),
  // so that tests do not depend on the machine's uptime.
  FakeClock() : FakeClock(Time{} + std::chrono::hours(1)) {}
  explicit FakeClock(Time start) : now_(start) {}
  FakeClock(const FakeClock&) = delete;
  FakeClock& operator=(const FakeClock&) = delete;
  ~FakeClock() override = default;

  inline Time Now() const override;
  inline void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                        Time deadline) override;

  // Step moves the clock forward by d and wakes every waiter whose deadline has been reached.
  void Step(Duration d);
  // SetTime moves the clock to t (forward or backward) and wakes the waiters that are due.
  void SetTime(Time t);
  // HasWaiters reports whether some thread is blocked in WaitUntil.
  bool HasWaiters() const;
  // Waiters returns how many threads are blocked in WaitUntil.
  std::size_t Waiters() const;

 private:
  struct Waiter {
    std::mutex* mu;
    std::condition_variable* cv;
    Time deadline;
    int in_use;  // number of Step/SetTime calls currently notifying this waiter
  };
  std::vector<Waiter*> CollectDueLocked();  // requires mu_; marks the due waiters in_use
  void Notify(const std::vector<Waiter*>& due);

  mutable std::mutex mu_;
  std::condition_variable released_;  // signalled when a waiter's in_use drops
  Time now_;
  std::vector<Waiter*> waiters_;
};

// Implementation details follow.

inline void RealClock::WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                                 Time deadline) {
  if (deadline == Time::max()) {
    cv.wait(lock);
  } else {
    cv.wait_until(lock, deadline);
  }
}

inline Time FakeClock::Now() const {
  std::lock_guard<std::mutex> g(mu_);
  return now_;
}

// Lock order: a waiter holds its own mutex while registering (its mutex, then mu_); Step never
// holds mu_ while taking a waiter's mutex, and a waiter releases its own mutex before it takes mu_
// to unregister. A waiter that Step is notifying stays registered (in_use > 0) until Step is done
// with it, so Step never touches a condition variable whose waiter has gone. Step notifies while
// holding the waiter's mutex, so a waiter between "registered" and "blocked in cv.wait" cannot miss
// the wake-up.
inline void FakeClock::WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                                 Time deadline) {
  Waiter w{lock.mutex(), &cv, deadline, 0};
  {
    std::lock_guard<std::mutex> g(mu_);
    if (now_ >= deadline) return;
    waiters_.push_back(&w);
  }
  cv.wait(lock);
  lock.unlock();
  {
    std::unique_lock<std::mutex> g(mu_);
    released_.wait(g, [&] { return w.in_use == 0; });
    for (std::size_t i = 0; i < waiters_.size(); ++i) {
      if (waiters_[i] == &w) {
        waiters_.erase(waiters_.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
  }
  lock.lock();
}

inline void FakeClock::Step(Duration d) {
  std::vector<Waiter*> due;
  {
    std::lock_guard<std::mutex> g(mu_);
    now_ += d;
    due = CollectDueLocked();
  }
  Notify(due);
}

inline void FakeClock::SetTime(Time t) {
  std::vector<Waiter*> due;
  {
    std::lock_guard<std::mutex> g(mu_);
    now_ = t;
    due = CollectDueLocked();
  }
  Notify(due);
}

inline std::vector<FakeClock::Waiter*> FakeClock::CollectDueLocked() {
  std::vector<Waiter*> due;
  for (Waiter* w : waiters_) {
    if (w->deadline <= now_) {
      ++w->in_use;
      due.push_back(w);
    }
  }
  return due;
}

inline void FakeClock::Notify(const std::vector<Waiter*>& due) {
  if (due.empty()) return;
  for (Waiter* w : due) {
    std::lock_guard<std::mutex> g(*w->mu);
    w->cv->notify_all();
  }
  {
    std::lock_guard<std::mutex> g(mu_);
    for (Waiter* w : due) --w->in_use;
  }
  released_.notify_all();
}

inline bool FakeClock::HasWaiters() const { return Waiters() != 0; }

inline std::size_t FakeClock::Waiters() const {
  std::lock_guard<std::mutex> g(mu_);
  return waiters_.size();
}

}  // namespace apimachinery::util::clock
