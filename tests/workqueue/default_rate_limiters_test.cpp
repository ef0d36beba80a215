// Tests for workqueue/default_rate_limiters.hpp: the tables of client-go's
// default_rate_limiters_test.go, plus the token bucket on a fake clock.
#include "apimachinery/workqueue/default_rate_limiters.hpp"

#include <chrono>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/error.hpp"
#include "apimachinery/util/clock.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_default_rate_limiters_test {

namespace wq = apimachinery::workqueue;
using apimachinery::util::clock::FakeClock;
using wq::Duration;
using namespace std::chrono_literals;

namespace {

// StepRateLimiter returns base_delay for the first `threshold` calls, then max_delay (the helper of
// upstream's TestWithMaxWaitRateLimiter).
class StepRateLimiter : public wq::TypedRateLimiter<int> {
 public:
  StepRateLimiter(Duration base, Duration max, int threshold)
      : base_(base), max_(max), threshold_(threshold) {}
  Duration When(const int&) override { return ++count_ <= threshold_ ? base_ : max_; }
  int NumRequeues(const int&) override { return 0; }
  void Forget(const int&) override {}

 private:
  int count_ = 0;
  Duration base_, max_;
  int threshold_;
};

}  // namespace

TEST_CASE("TestItemExponentialFailureRateLimiter", "[workqueue][ratelimiter]") {
  auto limiter = wq::NewItemExponentialFailureRateLimiter(1ms, 1s);
  CHECK(limiter->When("one") == 1ms);
  CHECK(limiter->When("one") == 2ms);
  CHECK(limiter->When("one") == 4ms);
  CHECK(limiter->When("one") == 8ms);
  CHECK(limiter->When("one") == 16ms);
  CHECK(limiter->NumRequeues("one") == 5);

  CHECK(limiter->When("two") == 1ms);
  CHECK(limiter->When("two") == 2ms);
  CHECK(limiter->NumRequeues("two") == 2);

  limiter->Forget("one");
  CHECK(limiter->NumRequeues("one") == 0);
  CHECK(limiter->When("one") == 1ms);
}

TEST_CASE("TestItemExponentialFailureRateLimiterOverFlow", "[workqueue][ratelimiter]") {
  auto limiter = wq::NewItemExponentialFailureRateLimiter(1ms, 1000s);
  for (int i = 0; i < 5; ++i) limiter->When("one");
  CHECK(limiter->When("one") == 32ms);
  for (int i = 0; i < 1000; ++i) limiter->When("overflow1");
  CHECK(limiter->When("overflow1") == 1000s);

  limiter = wq::NewItemExponentialFailureRateLimiter(1min, 1000h);
  for (int i = 0; i < 2; ++i) limiter->When("two");
  CHECK(limiter->When("two") == 4min);
  for (int i = 0; i < 1000; ++i) limiter->When("overflow2");
  CHECK(limiter->When("overflow2") == 1000h);
}

TEST_CASE("Exponential limiter: the cap is exact around 2^63 ns", "[workqueue][ratelimiter]") {
  // 1ns * 2^62 fits, 2^63 does not: the result must be the cap, never a wrapped value.
  auto limiter = wq::NewItemExponentialFailureRateLimiter(1ns, Duration::max());
  for (int i = 0; i < 62; ++i) limiter->When("k");
  CHECK(limiter->When("k") == Duration(std::int64_t{1} << 62));
  CHECK(limiter->When("k") == Duration::max());
  CHECK(limiter->When("k") == Duration::max());
  CHECK(limiter->NumRequeues("k") == 65);
}

TEST_CASE("TestItemFastSlowRateLimiter", "[workqueue][ratelimiter]") {
  auto limiter = wq::NewItemFastSlowRateLimiter(5ms, 10s, 3);
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 10s);
  CHECK(limiter->When("one") == 10s);
  CHECK(limiter->NumRequeues("one") == 5);

  CHECK(limiter->When("two") == 5ms);
  CHECK(limiter->When("two") == 5ms);
  CHECK(limiter->NumRequeues("two") == 2);

  limiter->Forget("one");
  CHECK(limiter->NumRequeues("one") == 0);
  CHECK(limiter->When("one") == 5ms);
}

TEST_CASE("TestMaxOfRateLimiter", "[workqueue][ratelimiter]") {
  auto limiter = wq::NewMaxOfRateLimiter<std::string>({
      wq::NewItemFastSlowRateLimiter(5ms, 3s, 3),
      wq::NewItemExponentialFailureRateLimiter(1ms, 1s),
  });
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 5ms);
  CHECK(limiter->When("one") == 3s);
  CHECK(limiter->When("one") == 3s);
  CHECK(limiter->NumRequeues("one") == 5);

  CHECK(limiter->When("two") == 5ms);
  CHECK(limiter->When("two") == 5ms);
  CHECK(limiter->NumRequeues("two") == 2);

  limiter->Forget("one");
  CHECK(limiter->NumRequeues("one") == 0);
  CHECK(limiter->When("one") == 5ms);
}

TEST_CASE("TestWithMaxWaitRateLimiter", "[workqueue][ratelimiter]") {
  auto limiter = wq::NewWithMaxWaitRateLimiter<int>(std::make_shared<StepRateLimiter>(5ms, 1000s, 100), 500s);
  for (int i = 0; i < 100; ++i) {
    CAPTURE(i);
    CHECK(limiter->When(i) == 5ms);
  }
  for (int i = 100; i < 200; ++i) {
    CAPTURE(i);
    CHECK(limiter->When(i) == 500s);
  }
}

TEST_CASE("Null limiters are rejected", "[workqueue][ratelimiter]") {
  CHECK_THROWS_AS(wq::NewMaxOfRateLimiter<std::string>({nullptr}), apimachinery::Error);
  CHECK_THROWS_AS(wq::NewWithMaxWaitRateLimiter<std::string>(nullptr, 1s), apimachinery::Error);
}

TEST_CASE("BucketRateLimiter: a token bucket (qps, burst) on a fake clock", "[workqueue][ratelimiter]") {
  auto clock = std::make_shared<FakeClock>();
  wq::BucketRateLimiter<> limiter(10, 1, clock);
  CHECK(limiter.Limit() == 10);
  CHECK(limiter.Burst() == 1);
  // The bucket starts full: one free token, then one token every 100ms.
  CHECK(limiter.When("a") == 0ms);
  CHECK(limiter.When("b") == 100ms);
  CHECK(limiter.When("a") == 200ms);
  clock->Step(100ms);
  CHECK(limiter.When("c") == 200ms);
  clock->Step(1s);  // refills, but never above the burst
  CHECK(limiter.When("d") == 0ms);
  CHECK(limiter.When("d") == 100ms);
  CHECK(limiter.NumRequeues("d") == 0);
  limiter.Forget("d");
}

TEST_CASE("BucketRateLimiter: burst, fractional rates, infinity and zero", "[workqueue][ratelimiter]") {
  auto clock = std::make_shared<FakeClock>();
  SECTION("burst 3 at 2 qps") {
    wq::BucketRateLimiter<> limiter(2, 3, clock);
    for (int i = 0; i < 3; ++i) CHECK(limiter.When("x") == 0ms);
    CHECK(limiter.When("x") == 500ms);
    CHECK(limiter.When("x") == 1000ms);
    clock->Step(250ms);
    CHECK(limiter.When("x") == 1250ms);
  }
  SECTION("infinite rate never delays") {
    wq::BucketRateLimiter<> limiter(std::numeric_limits<double>::infinity(), 0, clock);
    for (int i = 0; i < 10; ++i) CHECK(limiter.When("x") == 0ms);
  }
  SECTION("a burst of 0 with a finite rate never allows") {
    wq::BucketRateLimiter<> limiter(10, 0, clock);
    CHECK(limiter.When("x") == Duration::max());
  }
  SECTION("a rate of 0 hands out the burst, then never") {
    wq::BucketRateLimiter<> limiter(0, 2, clock);
    CHECK(limiter.When("x") == 0ms);
    CHECK(limiter.When("x") == 0ms);
    CHECK(limiter.When("x") == Duration::max());
  }
}

TEST_CASE("DefaultControllerRateLimiter: exponential per item, 10 qps burst 100 overall",
          "[workqueue][ratelimiter]") {
  auto clock = std::make_shared<FakeClock>();
  auto limiter = wq::DefaultControllerRateLimiter<std::string>(clock);
  // 100 distinct items use up the burst: each gets the per-item 5ms.
  for (int i = 0; i < 100; ++i) CHECK(limiter->When("item" + std::to_string(i)) == 5ms);
  // Then the bucket dominates: 100ms per token.
  CHECK(limiter->When("next") == 100ms);
  CHECK(limiter->When("next2") == 200ms);
  CHECK(limiter->NumRequeues("next") == 1);
  // Per-item backoff grows for a repeatedly failing item and is reset by Forget.
  clock->Step(1h);
  CHECK(limiter->When("item0") == 10ms);
  CHECK(limiter->When("item0") == 20ms);
  CHECK(limiter->NumRequeues("item0") == 3);
  limiter->Forget("item0");
  CHECK(limiter->NumRequeues("item0") == 0);
  CHECK(limiter->When("item0") == 5ms);
}

TEST_CASE("DefaultItemBasedRateLimiter", "[workqueue][ratelimiter]") {
  auto limiter = wq::DefaultItemBasedRateLimiter();
  CHECK(limiter->When("a") == 1ms);
  CHECK(limiter->When("a") == 2ms);
  for (int i = 0; i < 100; ++i) limiter->When("a");
  CHECK(limiter->When("a") == 1000s);
}

}  // namespace workqueue_default_rate_limiters_test
