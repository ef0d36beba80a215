// Tests for util/clock.hpp: FakeClock moves only when told to and wakes due waiters; RealClock waits
// with a deadline.
#include "apimachinery/util/clock.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "workqueue/wq_test_support.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_clock_test {

using apimachinery::util::clock::FakeClock;
using apimachinery::util::clock::RealClock;
using apimachinery::util::clock::Time;
using namespace std::chrono_literals;

TEST_CASE("FakeClock: Now, Step, SetTime, Since", "[workqueue][clock]") {
  FakeClock c(Time{} + 10s);
  CHECK(c.Now() == Time{} + 10s);
  c.Step(5ms);
  CHECK(c.Now() == Time{} + 10s + 5ms);
  CHECK(c.Since(Time{} + 10s) == 5ms);
  c.SetTime(Time{} + 1s);
  CHECK(c.Now() == Time{} + 1s);
  CHECK_FALSE(c.HasWaiters());
}

TEST_CASE("FakeClock: a waiter wakes when the time reaches its deadline", "[workqueue][clock]") {
  auto c = std::make_shared<FakeClock>();
  std::mutex mu;
  std::condition_variable cv;
  std::atomic<bool> woke{false};
  Time deadline = c->Now() + 100ms;
  std::thread waiter([&] {
    std::unique_lock<std::mutex> lock(mu);
    while (c->Now() < deadline) c->WaitUntil(cv, lock, deadline);
    woke = true;
  });
  REQUIRE(wqtest::WaitFor([&] { return c->HasWaiters(); }));
  CHECK(c->Waiters() == 1);
  c->Step(99ms);
  std::this_thread::sleep_for(10ms);
  CHECK_FALSE(woke);
  c->Step(1ms);
  waiter.join();
  CHECK(woke);
  CHECK_FALSE(c->HasWaiters());
}

TEST_CASE("FakeClock: WaitUntil returns at once for a past deadline", "[workqueue][clock]") {
  FakeClock c;
  std::mutex mu;
  std::condition_variable cv;
  std::unique_lock<std::mutex> lock(mu);
  c.WaitUntil(cv, lock, c.Now());
  CHECK(lock.owns_lock());
  CHECK_FALSE(c.HasWaiters());
}

TEST_CASE("FakeClock: many waiters and concurrent steps", "[workqueue][clock]") {
  auto c = std::make_shared<FakeClock>();
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::thread> waiters;
  std::atomic<int> done{0};
  for (int i = 1; i <= 8; ++i) {
    waiters.emplace_back([&, i] {
      Time deadline = Time{} + std::chrono::hours(1) + i * 10ms;
      std::unique_lock<std::mutex> lock(mu);
      while (c->Now() < deadline) c->WaitUntil(cv, lock, deadline);
      done.fetch_add(1);
    });
  }
  std::vector<std::thread> steppers;
  for (int i = 0; i < 4; ++i) {
    steppers.emplace_back([&] {
      for (int k = 0; k < 5; ++k) {
        c->Step(5ms);
        std::this_thread::yield();
      }
    });
  }
  for (auto& t : steppers) t.join();
  for (auto& t : waiters) t.join();
  CHECK(done == 8);
  CHECK(c->Now() == Time{} + std::chrono::hours(1) + 100ms);
}

TEST_CASE("RealClock: WaitUntil honours the deadline and notifications", "[workqueue][clock]") {
  RealClock c;
  std::mutex mu;
  std::condition_variable cv;
  std::unique_lock<std::mutex> lock(mu);
  auto start = c.Now();
  while (c.Now() < start + 10ms) c.WaitUntil(cv, lock, start + 10ms);
  CHECK(c.Since(start) >= 10ms);
  CHECK(c.Since(start) < 1s);
}

}  // namespace workqueue_clock_test
