// DelayingQueue: a work queue that can also add an item later (AddAfter), so that failed items can
// be requeued after a pause instead of in a hot loop.
//
// Example:
//   workqueue::DelayingQueue<> q;
//   q.AddAfter("default/nginx", std::chrono::seconds(5));   // Get returns it in ~5s
//
// One thread per queue waits for the earliest pending item with Clock::WaitUntil (a
// condition_variable::wait_until on the real clock): no polling, no heartbeat, and it sleeps
// without a deadline while nothing is pending. Pending items are deduplicated: adding an item that
// is already pending keeps the earlier of the two ready times.
//
// Upstream: k8s.io/client-go/util/workqueue/delaying_queue.go (TypedDelayingInterface,
// TypedDelayingQueueConfig, delayingType).
//
// Throws: the constructor throws std::system_error when the waiting thread cannot be started.
// Otherwise as Queue (copying/hashing items, user metric objects), basic guarantee.
// Thread-safety: every member function may be called from any number of threads at once.
//
// Differences from upstream:
// - Items with the same ready time become ready in the order in which they were added (upstream's
//   heap leaves that order unspecified).
// - There is no 10s heartbeat and no buffered channel between AddAfter and the waiting thread:
//   AddAfter inserts into the pending set directly (under the queue's own lock) and wakes the
//   waiting thread only when the new item is the earliest one.
// - ShutDownWithDrain also stops the waiting thread (upstream's waiting loop notices the shutdown at
//   its next heartbeat); pending items are dropped either way.
// - A delay so large that now + delay overflows is treated as "never" (Time::max()).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/metrics.hpp"
#include "apimachinery/workqueue/queue.hpp"

namespace apimachinery::workqueue {

// TypedDelayingInterface is a queue that can also add an item after a delay.
// Upstream: TypedDelayingInterface[T] / DelayingInterface.
template <Comparable T>
class TypedDelayingInterface : public TypedInterface<T> {
 public:
  // AddAfter adds item to the queue once `duration` has passed (at once when duration <= 0).
  // Ignored once the queue is shutting down.
  virtual void AddAfter(const T& item, Duration duration) = 0;
};

// DelayingInterface is the delaying queue interface over string keys.
using DelayingInterface = TypedDelayingInterface<std::string>;

// DelayingQueueConfig customises a DelayingQueue. Upstream: TypedDelayingQueueConfig. Every member
// has a default member initializer: designated initializers may name any of them in declaration
// order (`DelayingQueue<> q({.name = "pods"})`) without -Wmissing-field-initializers.
template <Comparable T = std::string>
struct DelayingQueueConfig {
  // name of the queue; an unnamed queue reports no metrics.
  std::string name = {};
  // metrics_provider to use instead of the global one.
  std::shared_ptr<MetricsProvider> metrics_provider = {};
  // clock to use instead of the real one.
  std::shared_ptr<util::clock::Clock> clock = {};
  // queue to wrap instead of a new Queue<T> made from the fields above.
  std::shared_ptr<TypedInterface<T>> queue = {};
};

// DelayingQueue wraps a queue and adds AddAfter. Upstream: delayingType, made by NewDelayingQueue /
// NewDelayingQueueWithConfig.
template <Comparable T = std::string>
class DelayingQueue : public TypedDelayingInterface<T> {
 public:
  // Throws: std::system_error when the waiting thread cannot be started.
  explicit DelayingQueue(DelayingQueueConfig<T> config = {});
  // Shuts the queue down and joins the waiting thread.
  ~DelayingQueue() override;
  DelayingQueue(const DelayingQueue&) = delete;
  DelayingQueue& operator=(const DelayingQueue&) = delete;

  void Add(const T& item) override { queue_->Add(item); }
  int Len() const override { return queue_->Len(); }
  std::optional<T> Get() override { return queue_->Get(); }
  void Done(const T& item) override { queue_->Done(item); }
  // ShutDown stops the waiting thread (pending items are dropped) and shuts the queue down. It may
  // be called more than once.
  void ShutDown() override;
  // ShutDownWithDrain stops the waiting thread, then drains the wrapped queue.
  void ShutDownWithDrain() override;
  bool ShuttingDown() const override { return queue_->ShuttingDown(); }
  void AddAfter(const T& item, Duration duration) override;

  // Pending returns how many items wait for their ready time (an addition to upstream, for tests
  // and monitoring).
  int Pending() const;

 private:
  using Time = util::clock::Time;
  struct Entry {
    Time ready_at;
    std::uint64_t seq;  // insertion order, the tie-breaker for equal ready times
  };
  // Ordered by (ready_at, seq); the item pointer points at the key in entries_ (stable: node-based).
  using Order = std::set<std::tuple<Time, std::uint64_t, const T*>>;

  void Stop();
  void WaitingLoop();

  std::shared_ptr<TypedInterface<T>> queue_;
  std::shared_ptr<util::clock::Clock> clock_;
  internal::RetryMetrics metrics_;

  mutable std::mutex mu_;
  std::condition_variable cv_;  // wakes the waiting thread
  bool stopped_ = false;
  std::uint64_t next_seq_ = 0;
  std::unordered_map<T, Entry> entries_;  // pending item -> its ready time
  Order order_;
  std::thread waiting_thread_;
};

// Implementation details follow.

template <Comparable T>
DelayingQueue<T>::DelayingQueue(DelayingQueueConfig<T> config)
    : clock_(config.clock ? std::move(config.clock) : std::make_shared<util::clock::RealClock>()),
      metrics_(config.name, config.metrics_provider) {
  if (config.queue) {
    queue_ = std::move(config.queue);
  } else {
    QueueConfig qc;
    qc.name = config.name;
    qc.metrics_provider = std::move(config.metrics_provider);
    qc.clock = clock_;
    queue_ = std::make_shared<Queue<T>>(std::move(qc));
  }
  waiting_thread_ = std::thread([this] { WaitingLoop(); });
}

template <Comparable T>
DelayingQueue<T>::~DelayingQueue() {
  ShutDown();
  if (waiting_thread_.joinable()) waiting_thread_.join();
}

template <Comparable T>
void DelayingQueue<T>::Stop() {
  std::lock_guard<std::mutex> lock(mu_);
  stopped_ = true;
  order_.clear();
  entries_.clear();
  cv_.notify_all();
}

template <Comparable T>
void DelayingQueue<T>::ShutDown() {
  Stop();
  queue_->ShutDown();
}

template <Comparable T>
void DelayingQueue<T>::ShutDownWithDrain() {
  Stop();
  queue_->ShutDownWithDrain();
}

template <Comparable T>
void DelayingQueue<T>::AddAfter(const T& item, Duration duration) {
  // Don't add if we're already shutting down.
  if (queue_->ShuttingDown()) return;
  metrics_.Retry();
  // Immediately add things with no delay.
  if (duration <= Duration::zero()) {
    queue_->Add(item);
    return;
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_) return;
  Time now = clock_->Now();
  Time ready_at = duration >= Time::max() - now ? Time::max() : now + duration;
  auto [it, inserted] = entries_.try_emplace(item, Entry{ready_at, next_seq_});
  if (!inserted) {
    // Already pending: keep the earlier ready time.
    if (it->second.ready_at <= ready_at) return;
    order_.erase({it->second.ready_at, it->second.seq, &it->first});
    it->second = Entry{ready_at, next_seq_};
  }
  ++next_seq_;
  auto pos = order_.emplace(ready_at, it->second.seq, &it->first).first;
  // Wake the waiting thread only when its deadline moved earlier.
  if (pos == order_.begin()) cv_.notify_one();
}

template <Comparable T>
int DelayingQueue<T>::Pending() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(entries_.size());
}

template <Comparable T>
void DelayingQueue<T>::WaitingLoop() {
  std::vector<T> ready;
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopped_) {
    Time now = clock_->Now();
    // Take the ready entries.
    while (!order_.empty() && std::get<0>(*order_.begin()) <= now) {
      const T* key = std::get<2>(*order_.begin());
      order_.erase(order_.begin());
      auto node = entries_.extract(*key);
      ready.push_back(std::move(node.key()));
    }
    if (!ready.empty()) {
      // Hand them to the queue without holding our lock, so AddAfter callers are not held up.
      lock.unlock();
      for (const T& item : ready) queue_->Add(item);
      ready.clear();
      lock.lock();
      continue;
    }
    if (order_.empty()) {
      cv_.wait(lock);
    } else {
      clock_->WaitUntil(cv_, lock, std::get<0>(*order_.begin()));
    }
  }
}

}  // namespace apimachinery::workqueue
