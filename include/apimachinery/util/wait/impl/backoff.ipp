// Definitions of the non-template functions declared in <apimachinery/util/wait/backoff.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/wait/backoff.hpp"

namespace apimachinery::wait::internal {

APIMACHINERY_DECL double RandFloat64() {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  return std::uniform_real_distribution<double>(0.0, 1.0)(engine);
}

}  // namespace apimachinery::wait::internal

namespace apimachinery::wait {

APIMACHINERY_DECL Duration Jitter(Duration duration, double max_factor) {
  if (max_factor <= 0.0) max_factor = 1.0;
  return duration + Duration(static_cast<Duration::rep>(internal::RandFloat64() * max_factor *
                                                        static_cast<double>(duration.count())));
}

}  // namespace apimachinery::wait

namespace apimachinery::wait::internal {

APIMACHINERY_DECL DelayResult Delay(int steps, Duration duration, Duration cap, double factor,
                                    double jitter) {
  if (steps < 1) {
    if (jitter > 0) return {Jitter(duration, jitter), duration, 0};
    return {duration, duration, 0};
  }
  --steps;
  Duration next = duration;
  if (factor != 0) {
    next = Duration(static_cast<Duration::rep>(static_cast<double>(duration.count()) * factor));
    if (cap > Duration::zero() && next > cap) {
      next = cap;
      steps = 0;
    }
  }
  Duration sleep = duration;
  if (jitter > 0) sleep = Jitter(duration, jitter);
  return {sleep, next, steps};
}

}  // namespace apimachinery::wait::internal

namespace apimachinery::wait {

APIMACHINERY_DECL Duration Backoff::Step() {
  internal::DelayResult r = internal::Delay(steps, duration, cap, factor, jitter);
  duration = r.next;
  steps = r.next_steps;
  return r.sleep;
}

APIMACHINERY_DECL DelayFunc Backoff::DelayFunc() const {
  return [b = *this]() mutable { return b.Step(); };
}

APIMACHINERY_DECL DelayFunc Backoff::DelayWithReset(std::shared_ptr<util::clock::Clock> clock,
                                                    Duration reset_interval) const {
  if (factor <= 0) return DelayFunc();
  if (reset_interval <= Duration::zero()) {
    Backoff b = *this;
    b.steps = 0;
    b.factor = 0;
    return b.DelayFunc();
  }
  if (!clock) clock = std::make_shared<util::clock::RealClock>();
  struct Manager {
    Backoff backoff;
    Backoff initial;
    Duration reset_interval;
    std::shared_ptr<util::clock::Clock> clock;
    std::mutex mu;
    util::clock::Time last_start;
  };
  auto m = std::make_shared<Manager>();
  m->backoff = *this;
  m->initial = *this;
  m->reset_interval = reset_interval;
  m->clock = std::move(clock);
  m->last_start = m->clock->Now();
  return [m]() {
    std::lock_guard lock(m->mu);
    const util::clock::Time now = m->clock->Now();
    if (now - m->last_start > m->reset_interval) {
      m->backoff = m->initial;
      m->last_start = now;
    }
    return m->backoff.Step();
  };
}

}  // namespace apimachinery::wait
