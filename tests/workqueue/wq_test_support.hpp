// Helpers shared by the workqueue tests.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "apimachinery/util/clock.hpp"

namespace wqtest {

// WaitFor polls `cond` every millisecond until it holds (true) or `timeout` passes (false). Upstream
// tests do the same with wait.Poll.
inline bool WaitFor(const std::function<bool()>& cond,
                    std::chrono::milliseconds timeout = std::chrono::milliseconds(2000)) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!cond()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// CountingClock forwards to a FakeClock and counts the calls, to show that a waiting thread does
// not poll the clock.
class CountingClock : public apimachinery::util::clock::Clock {
 public:
  explicit CountingClock(std::shared_ptr<apimachinery::util::clock::FakeClock> inner)
      : inner_(std::move(inner)) {}
  apimachinery::util::clock::Time Now() const override {
    now_calls.fetch_add(1);
    return inner_->Now();
  }
  void WaitUntil(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                 apimachinery::util::clock::Time deadline) override {
    wait_calls.fetch_add(1);
    inner_->WaitUntil(cv, lock, deadline);
  }
  mutable std::atomic<int> now_calls{0};
  std::atomic<int> wait_calls{0};

 private:
  std::shared_ptr<apimachinery::util::clock::FakeClock> inner_;
};

}  // namespace wqtest
