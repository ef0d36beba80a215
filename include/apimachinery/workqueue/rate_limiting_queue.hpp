// RateLimitingQueue: the work queue controllers use. A failed item is requeued with
// AddRateLimited (after the delay its rate limiter chooses), and forgotten with Forget once it
// succeeds (or is given up on), which resets its backoff.
//
// Example:
//   auto Reconcile = [](const std::string& key) { fmt::print("sync {}\n", key); };   // may throw
//   workqueue::RateLimitingQueue<> q(workqueue::DefaultControllerRateLimiter());
//   while (auto key = q.Get()) {
//     try { Reconcile(*key); q.Forget(*key); } catch (...) { q.AddRateLimited(*key); }
//     q.Done(*key);
//   }
//
// Upstream: k8s.io/client-go/util/workqueue/rate_limiting_queue.go (TypedRateLimitingInterface,
// TypedRateLimitingQueueConfig, rateLimitingType).
//
// Throws: the constructor throws apimachinery::Error when the rate limiter is null, and
// std::system_error when the waiting thread cannot be started. Otherwise as DelayingQueue.
// Thread-safety: every member function may be called from any number of threads at once (the
// limiter must be thread-safe, as every limiter of this package is).
//
// Differences from upstream:
// - The rate limiter is a std::shared_ptr<TypedRateLimiter<T>>; a null one is rejected at
//   construction (upstream would crash at the first AddRateLimited).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "apimachinery/error.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/default_rate_limiters.hpp"
#include "apimachinery/workqueue/delaying_queue.hpp"
#include "apimachinery/workqueue/metrics.hpp"
#include "apimachinery/workqueue/queue.hpp"

namespace apimachinery::workqueue {

// TypedRateLimitingInterface is a delaying queue that rate limits the items added to it.
// Upstream: TypedRateLimitingInterface[T] / RateLimitingInterface.
template <Comparable T>
class TypedRateLimitingInterface : public TypedDelayingInterface<T> {
 public:
  // AddRateLimited adds item to the queue after the rate limiter says it's ok.
  virtual void AddRateLimited(const T& item) = 0;
  // Forget indicates that an item is finished being retried, whether it failed for good or
  // succeeded: the rate limiter stops tracking it. It only clears the rate limiter; Done must
  // still be called on the queue.
  virtual void Forget(const T& item) = 0;
  // NumRequeues returns how many times the item was requeued.
  virtual int NumRequeues(const T& item) = 0;
};

// RateLimitingInterface is the rate limiting queue interface over string keys.
using RateLimitingInterface = TypedRateLimitingInterface<std::string>;

// RateLimitingQueueConfig customises a RateLimitingQueue. Upstream: TypedRateLimitingQueueConfig.
// Every member has a default member initializer: designated initializers may name any of them in
// declaration order (`RateLimitingQueue<> q(limiter, {.name = "widgets"})`) without
// -Wmissing-field-initializers.
template <Comparable T = std::string>
struct RateLimitingQueueConfig {
  // name of the queue; an unnamed queue reports no metrics.
  std::string name = {};
  // metrics_provider to use instead of the global one.
  std::shared_ptr<MetricsProvider> metrics_provider = {};
  // clock to use instead of the real one.
  std::shared_ptr<util::clock::Clock> clock = {};
  // delaying_queue to wrap instead of a new DelayingQueue<T> made from the fields above.
  std::shared_ptr<TypedDelayingInterface<T>> delaying_queue = {};
};

// RateLimitingQueue wraps a delaying queue and a rate limiter. Upstream: rateLimitingType, made by
// NewRateLimitingQueue / NewRateLimitingQueueWithConfig. Remember to call Forget: otherwise the
// limiter may track failures forever.
template <Comparable T = std::string>
class RateLimitingQueue : public TypedRateLimitingInterface<T> {
 public:
  // Throws: apimachinery::Error when rate_limiter is null; std::system_error when the waiting
  // thread cannot be started.
  explicit RateLimitingQueue(std::shared_ptr<TypedRateLimiter<T>> rate_limiter,
                             RateLimitingQueueConfig<T> config = {});
  // Releases the delaying queue; one this queue made shuts down (and joins its thread) then.
  ~RateLimitingQueue() override = default;
  RateLimitingQueue(const RateLimitingQueue&) = delete;
  RateLimitingQueue& operator=(const RateLimitingQueue&) = delete;

  void Add(const T& item) override { queue_->Add(item); }
  int Len() const override { return queue_->Len(); }
  std::optional<T> Get() override { return queue_->Get(); }
  void Done(const T& item) override { queue_->Done(item); }
  void ShutDown() override { queue_->ShutDown(); }
  void ShutDownWithDrain() override { queue_->ShutDownWithDrain(); }
  bool ShuttingDown() const override { return queue_->ShuttingDown(); }
  void AddAfter(const T& item, Duration duration) override { queue_->AddAfter(item, duration); }

  // AddRateLimited calls AddAfter(item, rate_limiter->When(item)).
  void AddRateLimited(const T& item) override { queue_->AddAfter(item, limiter_->When(item)); }
  void Forget(const T& item) override { limiter_->Forget(item); }
  int NumRequeues(const T& item) override { return limiter_->NumRequeues(item); }

 private:
  std::shared_ptr<TypedDelayingInterface<T>> queue_;
  std::shared_ptr<TypedRateLimiter<T>> limiter_;
};

// Implementation details follow.

template <Comparable T>
RateLimitingQueue<T>::RateLimitingQueue(std::shared_ptr<TypedRateLimiter<T>> rate_limiter,
                                        RateLimitingQueueConfig<T> config)
    : limiter_(std::move(rate_limiter)) {
  if (!limiter_) throw Error("workqueue: RateLimitingQueue given a null rate limiter");
  if (config.delaying_queue) {
    queue_ = std::move(config.delaying_queue);
  } else {
    DelayingQueueConfig<T> dc;
    dc.name = std::move(config.name);
    dc.metrics_provider = std::move(config.metrics_provider);
    dc.clock = std::move(config.clock);
    queue_ = std::make_shared<DelayingQueue<T>>(std::move(dc));
  }
}

}  // namespace apimachinery::workqueue
