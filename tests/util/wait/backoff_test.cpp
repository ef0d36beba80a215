// Tests for util/wait/backoff.hpp: Backoff.Step's sequence (backoff_test.go / wait_test.go
// TestBackoff_Step), Jitter's range, DelayFunc's independence and DelayWithReset on a fake clock.
#include "apimachinery/util/wait/backoff.hpp"

#include <chrono>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/util/clock.hpp"

namespace util_wait_backoff_test {

namespace wait = apimachinery::wait;
namespace clk = apimachinery::util::clock;
using namespace std::chrono_literals;

std::vector<wait::Duration> Steps(wait::Backoff b, int n) {
  std::vector<wait::Duration> out;
  for (int i = 0; i < n; ++i) out.push_back(b.Step());
  return out;
}

TEST_CASE("Backoff::Step: the table of wait_test.go TestBackoff_Step", "[wait]") {
  // Go: {initial: &Backoff{Duration: time.Second, Steps: 0}, want: 1s 1s 1s}, ...
  struct Case {
    wait::Backoff initial;
    std::vector<wait::Duration> want;
  };
  const std::vector<Case> cases = {
      {{.duration = 1s, .steps = -1}, {1s, 1s, 1s}},
      {{.duration = 1s, .steps = 0}, {1s, 1s, 1s}},
      {{.duration = 1s, .steps = 1}, {1s, 1s, 1s}},
      {{.duration = 1s, .factor = 1.0, .steps = 1}, {1s, 1s, 1s}},
      {{.duration = 1s, .factor = 2, .steps = 3}, {1s, 2s, 4s}},
      {{.duration = 1s, .factor = 2, .steps = 3, .cap = 3s}, {1s, 2s, 3s}},
      {{.duration = 1s, .factor = 2, .steps = 2, .cap = 3s}, {1s, 2s, 3s}},
  };
  for (const Case& c : cases) CHECK(Steps(c.initial, 3) == c.want);
  // With jitter (Go: Factor 2, Steps 6, Jitter 4): each step within [want, want*(1+4)).
  wait::Backoff b{.duration = 1s, .factor = 2, .jitter = 4, .steps = 6};
  for (const wait::Duration want : {1s, 2s, 4s, 8s, 16s, 32s}) {
    const wait::Duration got = b.Step();
    CHECK(got >= want);
    CHECK(got < want * 5);
  }
}

TEST_CASE("Backoff::Step: the duration grows until the cap, then stays (steps run out)", "[wait]") {
  wait::Backoff b{.duration = 800ms, .factor = 2.0, .steps = 38, .cap = 30s};
  const auto got = Steps(b, 9);
  const std::vector<wait::Duration> want = {800ms, 1600ms, 3200ms, 6400ms, 12800ms, 25600ms, 30s, 30s, 30s};
  CHECK(got == want);
  (void)b.Step();
  CHECK(b.steps == 37);
}

TEST_CASE("Jitter: from d up to d + factor*d, a factor <= 0 means 1", "[wait]") {
  for (int i = 0; i < 1000; ++i) {
    const auto j = wait::Jitter(1s, 0.5);
    CHECK(j >= 1s);
    CHECK(j < 1500ms);
    const auto k = wait::Jitter(100ms, 0);
    CHECK(k >= 100ms);
    CHECK(k < 200ms);
  }
  wait::Backoff b{.duration = 1s, .factor = 2, .jitter = 1.0, .steps = 3};
  const auto first = b.Step();
  CHECK(first >= 1s);
  CHECK(first < 2s);
  CHECK(b.duration == 2s);  // the jitter does not feed the next duration
}

TEST_CASE("Backoff::DelayFunc: each function steps its own copy", "[wait]") {
  const wait::Backoff b{.duration = 1s, .factor = 2, .steps = 3};
  auto f = b.DelayFunc();
  auto g = b.DelayFunc();
  CHECK(f() == 1s);
  CHECK(f() == 2s);
  CHECK(g() == 1s);
  CHECK(b.duration == 1s);
}

TEST_CASE("Backoff::DelayWithReset: back to the start once the reset interval passed", "[wait]") {
  auto clock = std::make_shared<clk::FakeClock>();
  const wait::Backoff b{.duration = 1s, .factor = 2, .steps = 10, .cap = 100s};
  auto delay = b.DelayWithReset(clock, 2min);
  CHECK(delay() == 1s);
  CHECK(delay() == 2s);
  clock->Step(1min);
  CHECK(delay() == 4s);
  clock->Step(61s);  // 2m1s since the start
  CHECK(delay() == 1s);
  CHECK(delay() == 2s);
  // No factor: a plain DelayFunc; no reset interval: the constant initial duration.
  auto constant = wait::Backoff{.duration = 1s, .factor = 2, .steps = 10}.DelayWithReset(clock, 0s);
  CHECK(constant() == 1s);
  CHECK(constant() == 1s);
  auto no_factor = wait::Backoff{.duration = 3s}.DelayWithReset(clock, 1min);
  CHECK(no_factor() == 3s);
  // A null clock is a RealClock.
  auto real = b.DelayWithReset(nullptr, 1h);
  CHECK(real() == 1s);
}

}  // namespace util_wait_backoff_test
