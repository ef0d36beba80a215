// Rate limiters: decide how long an item waits before it is retried (RateLimitingQueue's
// AddRateLimited calls When), and count the retries of each item until Forget.
//
// Example:
//   auto limiter = workqueue::DefaultControllerRateLimiter();   // per item 5ms*2^n up to 1000s,
//   auto delay = limiter->When("default/nginx");                 // overall 10 qps, burst 100
//
// Limiters:
// - ItemExponentialFailureRateLimiter: base * 2^failures, capped at max (overflow-safe).
// - ItemFastSlowRateLimiter: `fast` for the first max_fast_attempts failures, then `slow`.
// - BucketRateLimiter: one token bucket (qps, burst) shared by all items (golang.org/x/time/rate).
// - MaxOfRateLimiter: the largest delay of several limiters.
// - WithMaxWaitRateLimiter: another limiter's delay, capped.
//
// Upstream: k8s.io/client-go/util/workqueue/default_rate_limiters.go (TypedRateLimiter and the
// limiters above) and golang.org/x/time/rate (Limiter.Reserve().Delay()).
//
// Throws: the New* functions and MaxOf/WithMaxWait constructors throw apimachinery::Error for a
// null limiter. When/Forget/NumRequeues throw nothing of their own (item copies may throw
// std::bad_alloc).
// Thread-safety: every limiter may be used from any number of threads at once.
//
// Differences from upstream:
// - Durations are std::chrono::nanoseconds; Go's rate.InfDuration is Duration::max().
// - BucketRateLimiter owns its token bucket (qps, burst) instead of embedding *rate.Limiter, and
//   takes an optional clock so that tests are deterministic. A rate of +infinity never delays; a
//   burst below 1 (with a finite rate) gives Duration::max(); a rate of 0 hands out the burst and
//   then Duration::max() (x/time/rate >= 0.5 semantics).
// - The failure counters saturate at INT_MAX instead of overflowing.
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/queue.hpp"

namespace apimachinery::workqueue {

// TypedRateLimiter decides how long each item waits before it is retried.
// Upstream: TypedRateLimiter[T] / RateLimiter.
template <Comparable T>
class TypedRateLimiter {
 public:
  virtual ~TypedRateLimiter() = default;
  // When gets an item and decides how long that item should wait (records one more failure).
  virtual Duration When(const T& item) = 0;
  // Forget indicates that an item is finished being retried, whether it failed for good or
  // succeeded: the limiter stops tracking it.
  virtual void Forget(const T& item) = 0;
  // NumRequeues returns how many failures the item has had.
  virtual int NumRequeues(const T& item) = 0;
};

// RateLimiter is the rate limiter interface over string keys.
using RateLimiter = TypedRateLimiter<std::string>;

// ItemExponentialFailureRateLimiter waits base_delay * 2^failures, capped at max_delay. Dealing with
// max failures and expiration is up to the caller.
template <Comparable T = std::string>
class ItemExponentialFailureRateLimiter : public TypedRateLimiter<T> {
 public:
  ItemExponentialFailureRateLimiter(Duration base_delay, Duration max_delay)
      : base_delay_(base_delay), max_delay_(max_delay) {}

  Duration When(const T& item) override;
  void Forget(const T& item) override;
  int NumRequeues(const T& item) override;

 private:
  std::mutex mu_;
  std::unordered_map<T, int> failures_;
  Duration base_delay_;
  Duration max_delay_;
};

// ItemFastSlowRateLimiter does a quick retry for max_fast_attempts failures, then slow retries.
template <Comparable T = std::string>
class ItemFastSlowRateLimiter : public TypedRateLimiter<T> {
 public:
  ItemFastSlowRateLimiter(Duration fast_delay, Duration slow_delay, int max_fast_attempts)
      : fast_delay_(fast_delay), slow_delay_(slow_delay), max_fast_attempts_(max_fast_attempts) {}

  Duration When(const T& item) override;
  void Forget(const T& item) override;
  int NumRequeues(const T& item) override;

 private:
  std::mutex mu_;
  std::unordered_map<T, int> failures_;
  Duration fast_delay_;
  Duration slow_delay_;
  int max_fast_attempts_;
};

// BucketRateLimiter adapts a token bucket (qps tokens per second, at most `burst` stored, full at
// start) to the rate limiter API: every When takes one token and returns how long until it is
// available. It tracks no items (NumRequeues is 0).
template <Comparable T = std::string>
class BucketRateLimiter : public TypedRateLimiter<T> {
 public:
  BucketRateLimiter(double qps, int burst, std::shared_ptr<util::clock::Clock> clock = nullptr);

  Duration When(const T& item) override;
  void Forget(const T&) override {}
  int NumRequeues(const T&) override { return 0; }

  double Limit() const { return qps_; }
  int Burst() const { return burst_; }

 private:
  std::shared_ptr<util::clock::Clock> clock_;
  std::mutex mu_;
  double qps_;
  int burst_;
  double tokens_;
  util::clock::Time last_;
};

// MaxOfRateLimiter calls every limiter and returns the worst case. With a token bucket inside, the
// burst can apparently be exceeded when particular items were separately delayed longer.
template <Comparable T = std::string>
class MaxOfRateLimiter : public TypedRateLimiter<T> {
 public:
  // Throws: apimachinery::Error when one of the limiters is null.
  explicit MaxOfRateLimiter(std::vector<std::shared_ptr<TypedRateLimiter<T>>> limiters);

  Duration When(const T& item) override;
  void Forget(const T& item) override;
  int NumRequeues(const T& item) override;

 private:
  std::vector<std::shared_ptr<TypedRateLimiter<T>>> limiters_;
};

// WithMaxWaitRateLimiter caps another limiter's delay at max_delay, to avoid waiting too long.
template <Comparable T = std::string>
class WithMaxWaitRateLimiter : public TypedRateLimiter<T> {
 public:
  // Throws: apimachinery::Error when limiter is null.
  WithMaxWaitRateLimiter(std::shared_ptr<TypedRateLimiter<T>> limiter, Duration max_delay);

  Duration When(const T& item) override { return std::min(limiter_->When(item), max_delay_); }
  void Forget(const T& item) override { limiter_->Forget(item); }
  int NumRequeues(const T& item) override { return limiter_->NumRequeues(item); }

 private:
  std::shared_ptr<TypedRateLimiter<T>> limiter_;
  Duration max_delay_;
};

// The constructors of upstream, returning the interface.

template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> NewItemExponentialFailureRateLimiter(Duration base_delay,
                                                                          Duration max_delay) {
  return std::make_shared<ItemExponentialFailureRateLimiter<T>>(base_delay, max_delay);
}

// DefaultItemBasedRateLimiter: exponential from 1ms up to 1000s.
template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> DefaultItemBasedRateLimiter() {
  return NewItemExponentialFailureRateLimiter<T>(std::chrono::milliseconds(1), std::chrono::seconds(1000));
}

template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> NewItemFastSlowRateLimiter(Duration fast_delay, Duration slow_delay,
                                                                int max_fast_attempts) {
  return std::make_shared<ItemFastSlowRateLimiter<T>>(fast_delay, slow_delay, max_fast_attempts);
}

template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> NewMaxOfRateLimiter(
    std::vector<std::shared_ptr<TypedRateLimiter<T>>> limiters) {
  return std::make_shared<MaxOfRateLimiter<T>>(std::move(limiters));
}

template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> NewWithMaxWaitRateLimiter(std::shared_ptr<TypedRateLimiter<T>> limiter,
                                                               Duration max_delay) {
  return std::make_shared<WithMaxWaitRateLimiter<T>>(std::move(limiter), max_delay);
}

// DefaultControllerRateLimiter is the default rate limiter of a controller's workqueue: per item
// exponential (5ms * 2^failures up to 1000s), and overall a token bucket of 10 qps with a burst of
// 100 (which only limits retry speed). `clock` is for tests; null means the real clock.
// Upstream: DefaultTypedControllerRateLimiter / DefaultControllerRateLimiter.
template <Comparable T = std::string>
std::shared_ptr<TypedRateLimiter<T>> DefaultControllerRateLimiter(
    std::shared_ptr<util::clock::Clock> clock = nullptr) {
  return NewMaxOfRateLimiter<T>({
      NewItemExponentialFailureRateLimiter<T>(std::chrono::milliseconds(5), std::chrono::seconds(1000)),
      std::make_shared<BucketRateLimiter<T>>(10.0, 100, std::move(clock)),
  });
}

// Implementation details follow.

namespace internal {

// Saturating increment of a failure counter.
APIMACHINERY_DECL int IncFailures(int& n);

}  // namespace internal

template <Comparable T>
Duration ItemExponentialFailureRateLimiter<T>::When(const T& item) {
  int exp;
  {
    std::lock_guard<std::mutex> lock(mu_);
    int& failures = failures_[item];
    exp = failures;
    internal::IncFailures(failures);
  }
  // The backoff is computed in floating point, so that the calculated value never overflows.
  double backoff = static_cast<double>(base_delay_.count()) * std::pow(2.0, exp);
  // 2^63 is the first double above INT64_MAX (which is not representable).
  if (!(backoff < 9223372036854775808.0)) return max_delay_;
  Duration calculated(static_cast<std::int64_t>(backoff));
  return calculated > max_delay_ ? max_delay_ : calculated;
}

template <Comparable T>
void ItemExponentialFailureRateLimiter<T>::Forget(const T& item) {
  std::lock_guard<std::mutex> lock(mu_);
  failures_.erase(item);
}

template <Comparable T>
int ItemExponentialFailureRateLimiter<T>::NumRequeues(const T& item) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = failures_.find(item);
  return it == failures_.end() ? 0 : it->second;
}

template <Comparable T>
Duration ItemFastSlowRateLimiter<T>::When(const T& item) {
  int failures;
  {
    std::lock_guard<std::mutex> lock(mu_);
    failures = internal::IncFailures(failures_[item]);
  }
  return failures <= max_fast_attempts_ ? fast_delay_ : slow_delay_;
}

template <Comparable T>
void ItemFastSlowRateLimiter<T>::Forget(const T& item) {
  std::lock_guard<std::mutex> lock(mu_);
  failures_.erase(item);
}

template <Comparable T>
int ItemFastSlowRateLimiter<T>::NumRequeues(const T& item) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = failures_.find(item);
  return it == failures_.end() ? 0 : it->second;
}

template <Comparable T>
BucketRateLimiter<T>::BucketRateLimiter(double qps, int burst, std::shared_ptr<util::clock::Clock> clock)
    : clock_(clock ? std::move(clock) : std::make_shared<util::clock::RealClock>()),
      qps_(qps),
      burst_(burst),
      tokens_(static_cast<double>(burst)),
      last_(clock_->Now()) {}

// A port of rate.Limiter.reserveN(now, 1, InfDuration) followed by Reservation.Delay().
template <Comparable T>
Duration BucketRateLimiter<T>::When(const T&) {
  std::lock_guard<std::mutex> lock(mu_);
  if (qps_ == std::numeric_limits<double>::infinity()) return Duration::zero();
  if (qps_ <= 0) {
    if (burst_ >= 1) {
      --burst_;
      return Duration::zero();
    }
    return Duration::max();
  }
  util::clock::Time now = clock_->Now();
  // advance: refill for the time elapsed since the last reservation, up to the burst.
  util::clock::Time last = now < last_ ? now : last_;
  double elapsed = std::chrono::duration<double>(now - last).count();
  double tokens = std::min(tokens_ + elapsed * qps_, static_cast<double>(burst_));
  tokens -= 1;
  Duration wait = Duration::zero();
  if (tokens < 0) {
    double ns = 1e9 * (-tokens / qps_);
    if (!(ns < 9223372036854775808.0)) return Duration::max();
    wait = Duration(static_cast<std::int64_t>(ns));
  }
  if (burst_ < 1) return Duration::max();  // the reservation is not OK: never
  last_ = now;
  tokens_ = tokens;
  return wait;
}

template <Comparable T>
MaxOfRateLimiter<T>::MaxOfRateLimiter(std::vector<std::shared_ptr<TypedRateLimiter<T>>> limiters)
    : limiters_(std::move(limiters)) {
  for (const auto& l : limiters_) {
    if (!l) throw Error("workqueue: MaxOfRateLimiter given a null rate limiter");
  }
}

template <Comparable T>
Duration MaxOfRateLimiter<T>::When(const T& item) {
  Duration ret = Duration::zero();
  for (const auto& l : limiters_) ret = std::max(ret, l->When(item));
  return ret;
}

template <Comparable T>
void MaxOfRateLimiter<T>::Forget(const T& item) {
  for (const auto& l : limiters_) l->Forget(item);
}

template <Comparable T>
int MaxOfRateLimiter<T>::NumRequeues(const T& item) {
  int ret = 0;
  for (const auto& l : limiters_) ret = std::max(ret, l->NumRequeues(item));
  return ret;
}

template <Comparable T>
WithMaxWaitRateLimiter<T>::WithMaxWaitRateLimiter(std::shared_ptr<TypedRateLimiter<T>> limiter,
                                                  Duration max_delay)
    : limiter_(std::move(limiter)), max_delay_(max_delay) {
  if (!limiter_) throw Error("workqueue: WithMaxWaitRateLimiter given a null rate limiter");
}

}  // namespace apimachinery::workqueue

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/workqueue/impl/default_rate_limiters.ipp"
#endif
