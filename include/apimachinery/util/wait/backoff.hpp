// wait::Backoff: exponential backoff with jitter, and the resetting delay function a Reflector
// sleeps on between failed lists and watches.
//
// Example:
//   using namespace std::chrono_literals;
//   auto clock = std::make_shared<util::clock::RealClock>();
//   wait::Backoff b{.duration = 800ms, .factor = 2.0, .jitter = 1.0, .steps = 38, .cap = 30s};
//   wait::DelayFunc delay = b.DelayWithReset(clock, std::chrono::minutes(2));
//   auto d = delay();   // 800ms..1.6s, then 1.6s..3.2s, ... up to [30s, 60s); back to 800ms
//                       // once two minutes have passed since the last reset
//
// Upstream: k8s.io/apimachinery/pkg/util/wait/backoff.go (Backoff, Backoff.Step, DelayFunc,
// delay, DelayWithReset, backoffManager.Step) and wait.go (Jitter).
//
// Throws: nothing of its own (std::bad_alloc from std::function).
// Cost: O(1) per step; Jitter draws one random number.
// Thread-safety: a Backoff value is not synchronised (as upstream); the function returned by
// DelayFunc may be used from one thread at a time; the one returned by DelayWithReset locks, so any
// thread may call it (upstream's backoffManager.Step).
// Differences from upstream: durations are std::chrono::nanoseconds; the random source is a
// per-thread std::mt19937_64 seeded from std::random_device (Go's math/rand global source);
// Timer, Until and the BackoffManager family are not ported: callers sleep on the clock
// themselves (util/clock.hpp WaitUntil), which is what lets them be woken by a stop request.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <utility>

#include "apimachinery/config.hpp"
#include "apimachinery/util/clock.hpp"

namespace apimachinery::wait {

using Duration = std::chrono::nanoseconds;

// DelayFunc returns the next interval to wait (delay.go: DelayFunc).
using DelayFunc = std::function<Duration()>;

namespace internal {
// RandFloat64: a uniform number in [0, 1) (Go's rand.Float64).
APIMACHINERY_DECL double RandFloat64();
}  // namespace internal

// Jitter returns a duration in [duration, duration + max_factor*duration); a max_factor <= 0
// means 1.0 (wait.go: Jitter).
APIMACHINERY_DECL Duration Jitter(Duration duration, double max_factor);

// Backoff: the parameters of an exponential backoff (backoff.go: Backoff).
struct Backoff {
  // duration: the initial duration.
  Duration duration{};
  // factor: duration is multiplied by it each step (if not zero and the limits allow).
  double factor = 0.0;
  // jitter: each sleep adds a random amount in [0, jitter*duration).
  double jitter = 0.0;
  // steps: the number of steps in which duration may still change; <= 0: never changes.
  int steps = 0;
  // cap: a limit on the duration; reaching it sets steps to 0.
  Duration cap{};

  // Step returns the time to sleep and advances duration and steps (backoff.go: Backoff.Step).
  APIMACHINERY_DECL Duration Step();
  // DelayFunc returns a function computing the successive delays of a copy of this backoff
  // (backoff.go: Backoff.DelayFunc).
  APIMACHINERY_DECL wait::DelayFunc DelayFunc() const;
  // DelayWithReset: like DelayFunc, but the backoff returns to its initial state whenever more
  // than reset_interval has passed on `clock` since the last reset (backoff.go:
  // Backoff.DelayWithReset). factor <= 0: DelayFunc(); reset_interval <= 0: a constant delay
  // (jittered) of duration. A null clock means a RealClock.
  APIMACHINERY_DECL wait::DelayFunc DelayWithReset(std::shared_ptr<util::clock::Clock> clock,
                                                   Duration reset_interval) const;
};

// Implementation details follow.

namespace internal {
struct DelayResult {
  Duration sleep;
  Duration next;
  int next_steps;
};

// Delay: the core algorithm (backoff.go: delay).
APIMACHINERY_DECL DelayResult Delay(int steps, Duration duration, Duration cap, double factor, double jitter);
}  // namespace internal

}  // namespace apimachinery::wait

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/wait/impl/backoff.ipp"
#endif
