// Tests for workqueue/delaying_queue.hpp: client-go's delaying_queue_test.go on a fake clock, plus
// immediate adds, shutdown, the real clock and "the waiting thread does not poll".
#include "apimachinery/workqueue/delaying_queue.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "apimachinery/util/clock.hpp"

#include "workqueue/wq_test_support.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_delaying_queue_test {

namespace wq = apimachinery::workqueue;
using apimachinery::util::clock::FakeClock;
using wqtest::WaitFor;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<wq::DelayingQueue<>> NewFakeQueue(const std::shared_ptr<FakeClock>& clock) {
  wq::DelayingQueueConfig<> config;
  config.clock = clock;
  return std::make_unique<wq::DelayingQueue<>>(std::move(config));
}

// WaitForParked waits until the waiting thread sleeps on the fake clock with nothing due, so that a
// "should not have added" check is meaningful.
bool WaitForParked(const FakeClock& clock) {
  return WaitFor([&] { return clock.HasWaiters(); });
}

}  // namespace

TEST_CASE("TestSimpleQueue", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("foo", 50ms);
  REQUIRE(WaitForParked(*clock));
  CHECK(q->Len() == 0);
  CHECK(q->Pending() == 1);

  clock->Step(60ms);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  auto item = q->Get();
  REQUIRE(item == std::optional<std::string>("foo"));
  q->Done(*item);
  CHECK(q->Pending() == 0);

  // Step past upstream's heartbeat: nothing more is added.
  clock->Step(10s);
  std::this_thread::sleep_for(20ms);
  CHECK(q->Len() == 0);
}

TEST_CASE("TestDeduping", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("foo", 50ms);
  q->AddAfter("foo", 70ms);
  CHECK(q->Pending() == 1);
  REQUIRE(WaitForParked(*clock));
  CHECK(q->Len() == 0);

  // Step past the first block: we should receive now.
  clock->Step(60ms);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  auto item = q->Get();
  q->Done(*item);

  // Step past the second add: nothing, the later time was dropped.
  clock->Step(20ms);
  std::this_thread::sleep_for(10ms);
  CHECK(q->Len() == 0);

  // Again, but this time the earlier should override.
  q->AddAfter("foo", 50ms);
  q->AddAfter("foo", 30ms);
  REQUIRE(WaitForParked(*clock));
  CHECK(q->Len() == 0);
  clock->Step(40ms);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  item = q->Get();
  q->Done(*item);

  clock->Step(20ms);
  std::this_thread::sleep_for(10ms);
  CHECK(q->Len() == 0);
}

TEST_CASE("TestAddTwoFireEarly", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("foo", 1s);
  q->AddAfter("bar", 50ms);
  REQUIRE(WaitForParked(*clock));
  CHECK(q->Len() == 0);

  clock->Step(60ms);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  CHECK(q->Get() == std::optional<std::string>("bar"));

  q->AddAfter("baz", 2s);
  clock->Step(1s);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  CHECK(q->Get() == std::optional<std::string>("foo"));

  clock->Step(2s);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
  CHECK(q->Get() == std::optional<std::string>("baz"));
}

TEST_CASE("TestCopyShifting: ready items come out in ready-time order", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("foo", 1s);
  q->AddAfter("bar", 500ms);
  q->AddAfter("baz", 250ms);
  REQUIRE(WaitForParked(*clock));
  CHECK(q->Len() == 0);

  clock->Step(2s);
  REQUIRE(WaitFor([&] { return q->Len() == 3; }));
  CHECK(q->Get() == std::optional<std::string>("baz"));
  CHECK(q->Get() == std::optional<std::string>("bar"));
  CHECK(q->Get() == std::optional<std::string>("foo"));
}

TEST_CASE("Equal ready times keep the order of AddAfter", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  for (const char* k : {"c", "a", "d", "b"}) q->AddAfter(k, 100ms);
  clock->Step(100ms);
  REQUIRE(WaitFor([&] { return q->Len() == 4; }));
  for (const char* k : {"c", "a", "d", "b"}) CHECK(q->Get() == std::optional<std::string>(k));
}

TEST_CASE("AddAfter with a zero or negative delay adds at once", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("zero", 0ms);
  q->AddAfter("negative", -5s);
  CHECK(q->Len() == 2);
  CHECK(q->Pending() == 0);
}

TEST_CASE("Ready times are counted from the AddAfter call", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("a", 100ms);
  REQUIRE(WaitForParked(*clock));
  clock->Step(99ms);
  std::this_thread::sleep_for(10ms);
  CHECK(q->Len() == 0);
  clock->Step(1ms);
  REQUIRE(WaitFor([&] { return q->Len() == 1; }));
}

TEST_CASE("AddAfter after ShutDown is ignored; ShutDown drops pending items", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->AddAfter("pending", 1s);
  q->ShutDown();
  CHECK(q->ShuttingDown());
  CHECK(q->Pending() == 0);
  q->AddAfter("late", 1ms);
  q->AddAfter("late-now", 0ms);
  q->Add("late-add");
  clock->Step(2s);
  std::this_thread::sleep_for(10ms);
  CHECK(q->Len() == 0);
  CHECK_FALSE(q->Get().has_value());
  q->ShutDown();  // may be called more than once
}

TEST_CASE("ShutDownWithDrain stops the waiting thread and drains", "[workqueue][delaying]") {
  auto clock = std::make_shared<FakeClock>();
  auto q = NewFakeQueue(clock);
  q->Add("a");
  auto a = q->Get();
  q->AddAfter("b", 1s);
  std::thread drainer([&] { q->ShutDownWithDrain(); });
  while (q->Get().has_value()) {
  }
  q->Done(*a);
  drainer.join();
  CHECK(q->Pending() == 0);
}

TEST_CASE("The waiting thread does not poll", "[workqueue][delaying]") {
  auto fake = std::make_shared<FakeClock>();
  auto counting = std::make_shared<wqtest::CountingClock>(fake);
  wq::DelayingQueueConfig<> config;
  config.clock = counting;
  wq::DelayingQueue<> q(std::move(config));
  q.AddAfter("a", 1h);
  REQUIRE(WaitForParked(*fake));
  int now_calls = counting->now_calls.load();
  int wait_calls = counting->wait_calls.load();
  std::this_thread::sleep_for(50ms);
  CHECK(counting->now_calls.load() == now_calls);
  CHECK(counting->wait_calls.load() == wait_calls);
  // A later item does not wake the thread; an earlier one does (once).
  q.AddAfter("b", 2h);
  std::this_thread::sleep_for(10ms);
  CHECK(counting->wait_calls.load() == wait_calls);
  q.AddAfter("c", 30min);
  REQUIRE(WaitFor([&] { return counting->wait_calls.load() == wait_calls + 1; }));
  CHECK(q.Pending() == 3);
}

TEST_CASE("Real clock: AddAfter waits about the delay", "[workqueue][delaying]") {
  wq::DelayingQueue<> q;
  auto start = std::chrono::steady_clock::now();
  q.AddAfter("a", 30ms);
  q.AddAfter("b", 10ms);
  CHECK(q.Get() == std::optional<std::string>("b"));
  CHECK(q.Get() == std::optional<std::string>("a"));
  auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(elapsed >= 30ms);
  CHECK(elapsed < 1s);
}

TEST_CASE("Real clock: a huge delay never fires and does not overflow", "[workqueue][delaying]") {
  wq::DelayingQueue<> q;
  q.AddAfter("never", wq::Duration::max());
  q.AddAfter("soon", 1ms);
  CHECK(q.Get() == std::optional<std::string>("soon"));
  CHECK(q.Pending() == 1);
}

TEST_CASE("A custom inner queue is used", "[workqueue][delaying]") {
  auto inner = std::make_shared<wq::Queue<int>>();
  auto clock = std::make_shared<FakeClock>();
  wq::DelayingQueueConfig<int> config;
  config.clock = clock;
  config.queue = inner;
  wq::DelayingQueue<int> q(std::move(config));
  q.AddAfter(7, 5ms);
  clock->Step(5ms);
  REQUIRE(WaitFor([&] { return inner->Len() == 1; }));
  CHECK(inner->Get() == std::optional<int>(7));
}

}  // namespace workqueue_delaying_queue_test
