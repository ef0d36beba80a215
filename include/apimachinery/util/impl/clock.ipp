// Definitions of the non-template functions declared in <apimachinery/util/clock.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/clock.hpp"

namespace apimachinery::util::clock {

APIMACHINERY_DECL Duration Clock::Since(Time t) const { return Now() - t; }

APIMACHINERY_DECL Time RealClock::Now() const { return std::chrono::steady_clock::now(); }

APIMACHINERY_DECL FakeClock::FakeClock() : FakeClock(Time{} + std::chrono::hours(1)) {}

APIMACHINERY_DECL FakeClock::FakeClock(Time start) : now_(start) {}

APIMACHINERY_DECL void RealClock::WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                                            Time deadline) {
  if (deadline == Time::max()) {
    cv.wait(lock);
  } else {
    cv.wait_until(lock, deadline);
  }
}

APIMACHINERY_DECL Time FakeClock::Now() const {
  std::lock_guard<std::mutex> g(mu_);
  return now_;
}

// Lock order: a waiter holds its own mutex while registering (its mutex, then mu_); Step never
// holds mu_ while taking a waiter's mutex, and a waiter releases its own mutex before it takes mu_
// to unregister. A waiter that Step is notifying stays registered (in_use > 0) until Step is done
// with it, so Step never touches a condition variable whose waiter has gone. Step notifies while
// holding the waiter's mutex, so a waiter between "registered" and "blocked in cv.wait" cannot miss
// the wake-up.
APIMACHINERY_DECL void FakeClock::WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
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

APIMACHINERY_DECL void FakeClock::Step(Duration d) {
  std::vector<Waiter*> due;
  {
    std::lock_guard<std::mutex> g(mu_);
    now_ += d;
    due = CollectDueLocked();
  }
  Notify(due);
}

APIMACHINERY_DECL void FakeClock::SetTime(Time t) {
  std::vector<Waiter*> due;
  {
    std::lock_guard<std::mutex> g(mu_);
    now_ = t;
    due = CollectDueLocked();
  }
  Notify(due);
}

APIMACHINERY_DECL std::vector<FakeClock::Waiter*> FakeClock::CollectDueLocked() {
  std::vector<Waiter*> due;
  for (Waiter* w : waiters_) {
    if (w->deadline <= now_) {
      ++w->in_use;
      due.push_back(w);
    }
  }
  return due;
}

APIMACHINERY_DECL void FakeClock::Notify(const std::vector<Waiter*>& due) {
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

APIMACHINERY_DECL bool FakeClock::HasWaiters() const { return Waiters() != 0; }

APIMACHINERY_DECL std::size_t FakeClock::Waiters() const {
  std::lock_guard<std::mutex> g(mu_);
  return waiters_.size();
}

}  // namespace apimachinery::util::clock
