// Tests for workqueue/rate_limiting_queue.hpp: client-go's rate_limiting_queue_test.go (with a
// recording delaying queue in place of upstream's peek into the waiting channel), and the same
// end to end on a fake clock.
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/error.hpp"
#include "apimachinery/util/clock.hpp"

#include "workqueue/wq_test_support.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_rate_limiting_queue_test {

namespace wq = apimachinery::workqueue;
using apimachinery::util::clock::FakeClock;
using wq::Duration;
using wqtest::WaitFor;
using namespace std::chrono_literals;

namespace {

// RecordingDelayingQueue is a real delaying queue that also records every AddAfter.
class RecordingDelayingQueue : public wq::DelayingQueue<> {
 public:
  using wq::DelayingQueue<>::DelayingQueue;
  void AddAfter(const std::string& item, Duration d) override {
    {
      std::lock_guard<std::mutex> lock(mu);
      calls.emplace_back(item, d);
    }
    wq::DelayingQueue<>::AddAfter(item, d);
  }
  std::pair<std::string, Duration> Last() {
    std::lock_guard<std::mutex> lock(mu);
    return calls.back();
  }
  std::mutex mu;
  std::vector<std::pair<std::string, Duration>> calls;
};

}  // namespace

TEST_CASE("TestRateLimitingQueue", "[workqueue][ratelimiting]") {
  auto clock = std::make_shared<FakeClock>();
  wq::DelayingQueueConfig<> dc;
  dc.clock = clock;
  auto delaying = std::make_shared<RecordingDelayingQueue>(std::move(dc));
  wq::RateLimitingQueueConfig<> config;
  config.delaying_queue = delaying;
  wq::RateLimitingQueue<> queue(wq::NewItemExponentialFailureRateLimiter(1ms, 1s), std::move(config));

  queue.AddRateLimited("one");
  CHECK(delaying->Last() == std::pair<std::string, Duration>("one", 1ms));
  queue.AddRateLimited("one");
  CHECK(delaying->Last() == std::pair<std::string, Duration>("one", 2ms));
  CHECK(queue.NumRequeues("one") == 2);

  queue.AddRateLimited("two");
  CHECK(delaying->Last() == std::pair<std::string, Duration>("two", 1ms));
  queue.AddRateLimited("two");
  CHECK(delaying->Last() == std::pair<std::string, Duration>("two", 2ms));

  queue.Forget("one");
  CHECK(queue.NumRequeues("one") == 0);
  queue.AddRateLimited("one");
  CHECK(delaying->Last() == std::pair<std::string, Duration>("one", 1ms));
}

TEST_CASE("RateLimitingQueue end to end on a fake clock", "[workqueue][ratelimiting]") {
  auto clock = std::make_shared<FakeClock>();
  wq::RateLimitingQueueConfig<> config;
  config.clock = clock;
  wq::RateLimitingQueue<> q(wq::NewItemExponentialFailureRateLimiter(10ms, 1s), std::move(config));
  q.Add("a");
  auto a = q.Get();
  REQUIRE(a == std::optional<std::string>("a"));
  // The reconcile failed: requeue with backoff (10ms), then 20ms.
  q.AddRateLimited(*a);
  q.Done(*a);
  CHECK(q.Len() == 0);
  clock->Step(10ms);
  REQUIRE(WaitFor([&] { return q.Len() == 1; }));
  a = q.Get();
  q.AddRateLimited(*a);
  q.Done(*a);
  CHECK(q.NumRequeues("a") == 2);
  clock->Step(19ms);
  std::this_thread::sleep_for(10ms);
  CHECK(q.Len() == 0);
  clock->Step(1ms);
  REQUIRE(WaitFor([&] { return q.Len() == 1; }));
  a = q.Get();
  // Success: forget the failures.
  q.Forget(*a);
  q.Done(*a);
  CHECK(q.NumRequeues("a") == 0);
  q.ShutDown();
  CHECK(q.ShuttingDown());
  CHECK_FALSE(q.Get().has_value());
}

TEST_CASE("RateLimitingQueue with DefaultControllerRateLimiter on the real clock",
          "[workqueue][ratelimiting]") {
  wq::RateLimitingQueue<> q(wq::DefaultControllerRateLimiter());
  q.AddRateLimited("x");  // 5ms
  auto start = std::chrono::steady_clock::now();
  CHECK(q.Get() == std::optional<std::string>("x"));
  CHECK(std::chrono::steady_clock::now() - start < 1s);
  q.Done("x");
  q.ShutDownWithDrain();
}

TEST_CASE("RateLimitingQueue rejects a null limiter", "[workqueue][ratelimiting]") {
  CHECK_THROWS_AS(wq::RateLimitingQueue<>(nullptr), apimachinery::Error);
}

TEST_CASE("The interfaces are usable polymorphically", "[workqueue][ratelimiting]") {
  std::unique_ptr<wq::RateLimitingInterface> q =
      std::make_unique<wq::RateLimitingQueue<>>(wq::DefaultItemBasedRateLimiter());
  wq::DelayingInterface& d = *q;
  wq::Interface& i = *q;
  d.AddAfter("a", 0ms);
  i.Add("b");
  CHECK(i.Len() == 2);
  i.ShutDown();
  CHECK(q->ShuttingDown());
}

}  // namespace workqueue_rate_limiting_queue_test
