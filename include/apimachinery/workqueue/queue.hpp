// Queue: the work queue of controllers. Items (usually "namespace/name" keys) are added by event
// handlers and handed to worker threads, with three guarantees:
//   * fair: items are processed in the order in which they are added;
//   * stingy: an item added several times before it is processed is processed only once;
//   * exclusive: an item is never processed by two workers at once. An item re-added while it is
//     being processed is marked dirty and queued again when the worker calls Done.
//
// Example:
//   auto Reconcile = [](const std::string& key) { fmt::print("sync {}\n", key); };
//   workqueue::Queue<> q;
//   q.Add("default/nginx");
//   while (auto key = q.Get()) { Reconcile(*key); q.Done(*key); }   // nullopt: shut down
//
// Upstream: k8s.io/client-go/util/workqueue/queue.go (TypedInterface, TypedQueueConfig, Typed).
//
// Throws: Get/Add/Done/Len/ShutDown* throw nothing of their own; copying or hashing an item and the
// user's metric objects may throw (std::bad_alloc, ...), with the basic guarantee. The constructor
// throws std::system_error if the metrics thread cannot be started.
// Thread-safety: every member function may be called from any number of threads at once. The
// queue must outlive the threads that use it; destroying it shuts it down.
//
// Shutdown, as upstream: after ShutDown, Add is ignored but Get still hands out the items already
// queued (and dirty items that Done requeues), then returns std::nullopt. ShutDownWithDrain also
// waits until every item being processed is Done; ShutDown during that wait ends it.
//
// Differences from upstream:
// - Get returns std::optional<T>; std::nullopt is Go's `shutdown == true`.
// - The item type must satisfy workqueue::Comparable (copyable, ==, std::hash): Go's `comparable`.
//   The default item type is std::string (Go's untyped queue takes `any`).
// - Len() returns int, as Go does.
// - The unfinished-work metrics loop is a std::thread started only when the queue reports
//   metrics; its period is configurable (QueueConfig::unfinished_work_update_period).
// - Done on an item that is not being processed is a no-op. Upstream queues the item again when it
//   is dirty, so that a queued item could end up in the queue twice and be processed concurrently.
#pragma once

#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_set>
#include <utility>

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/metrics.hpp"

namespace apimachinery::workqueue {

// Comparable is what an item type needs: Go's `comparable`, spelt for unordered containers.
template <typename T>
concept Comparable = std::copy_constructible<T> && std::equality_comparable<T> && requires(const T& t) {
  { std::hash<T>{}(t) } -> std::convertible_to<std::size_t>;
};

using Duration = util::clock::Duration;

// TypedInterface is the queue interface. Upstream: TypedInterface[T] / Interface.
template <Comparable T>
class TypedInterface {
 public:
  virtual ~TypedInterface() = default;
  // Add marks item as needing processing. Ignored once the queue is shutting down.
  virtual void Add(const T& item) = 0;
  // Len returns the number of items waiting to be handed out (informational only).
  virtual int Len() const = 0;
  // Get blocks until it can return an item to be processed, or returns std::nullopt when the queue
  // is shut down and empty: the caller should then end its worker. Call Done(item) afterwards.
  virtual std::optional<T> Get() = 0;
  // Done marks item as done processing; if it was added again meanwhile, it is queued again.
  virtual void Done(const T& item) = 0;
  // ShutDown makes the queue ignore new items and wakes every waiting Get.
  virtual void ShutDown() = 0;
  // ShutDownWithDrain is ShutDown that then waits until every item being processed is Done.
  virtual void ShutDownWithDrain() = 0;
  // ShuttingDown reports whether ShutDown or ShutDownWithDrain has been called.
  virtual bool ShuttingDown() const = 0;
};

// Interface is the queue interface over string keys (upstream's untyped Interface).
using Interface = TypedInterface<std::string>;

// QueueConfig customises a Queue. Upstream: TypedQueueConfig. Every member has a default member
// initializer, so designated initializers may name any of them in declaration order
// (`Queue<> q({.name = "pods"})`) without -Wmissing-field-initializers.
struct QueueConfig {
  // name of the queue; an unnamed queue reports no metrics.
  std::string name = {};
  // metrics_provider to use instead of the global one (SetProvider).
  std::shared_ptr<MetricsProvider> metrics_provider = {};
  // clock to use instead of the real one (tests inject a util::clock::FakeClock).
  std::shared_ptr<util::clock::Clock> clock = {};
  // How often the unfinished-work metrics are updated (upstream: 500ms, not configurable).
  Duration unfinished_work_update_period = std::chrono::milliseconds(500);
};

// Queue is the work queue. Upstream: Typed[T] (formerly Type), made by New / NewWithConfig.
template <Comparable T = std::string>
class Queue : public TypedInterface<T> {
 public:
  // Throws: std::system_error when the metrics thread cannot be started.
  explicit Queue(QueueConfig config = {});
  // Shuts the queue down (ShutDown) and stops the metrics thread.
  ~Queue() override;
  Queue(const Queue&) = delete;
  Queue& operator=(const Queue&) = delete;

  void Add(const T& item) override;
  int Len() const override;
  std::optional<T> Get() override;
  void Done(const T& item) override;
  void ShutDown() override;
  void ShutDownWithDrain() override;
  bool ShuttingDown() const override;

 private:
  void UpdateUnfinishedWorkLoop(Duration period);

  mutable std::mutex mu_;
  std::condition_variable cond_;         // Get waiters
  std::condition_variable drain_cond_;   // ShutDownWithDrain waiters
  std::condition_variable ticker_cond_;  // the metrics loop
  // queue_ is the processing order. Every element of queue_ is in dirty_ and not in processing_.
  std::deque<T> queue_;
  // dirty_ holds every item that needs processing.
  std::unordered_set<T> dirty_;
  // processing_ holds the items being processed; they may be in dirty_ too (added again), and
  // are then queued again by Done.
  std::unordered_set<T> processing_;
  bool shutting_down_ = false;
  bool drain_ = false;
  std::shared_ptr<util::clock::Clock> clock_;
  std::unique_ptr<internal::QueueMetrics<T>> metrics_;
  std::thread metrics_thread_;
};

// Implementation details follow.

template <Comparable T>
Queue<T>::Queue(QueueConfig config)
    : clock_(config.clock ? std::move(config.clock) : std::make_shared<util::clock::RealClock>()),
      metrics_(internal::NewQueueMetrics<T>(config.name, std::move(config.metrics_provider), clock_)) {
  if (metrics_) {
    metrics_thread_ = std::thread(
        [this, period = config.unfinished_work_update_period] { UpdateUnfinishedWorkLoop(period); });
  }
}

template <Comparable T>
Queue<T>::~Queue() {
  ShutDown();
  if (metrics_thread_.joinable()) metrics_thread_.join();
}

template <Comparable T>
void Queue<T>::Add(const T& item) {
  std::unique_lock<std::mutex> lock(mu_);
  if (shutting_down_) return;
  if (dirty_.contains(item)) return;
  if (metrics_) metrics_->Add(item);
  dirty_.insert(item);
  if (processing_.contains(item)) return;
  queue_.push_back(item);
  // Notify after unlocking, so that the woken worker does not block on the mutex at once.
  lock.unlock();
  cond_.notify_one();
}

template <Comparable T>
int Queue<T>::Len() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<int>(queue_.size());
}

template <Comparable T>
std::optional<T> Queue<T>::Get() {
  std::unique_lock<std::mutex> lock(mu_);
  cond_.wait(lock, [this] { return !queue_.empty() || shutting_down_; });
  if (queue_.empty()) return std::nullopt;  // shutting down
  std::optional<T> item(std::move(queue_.front()));
  queue_.pop_front();
  if (metrics_) metrics_->Get(*item);
  // Move the set node from dirty_ to processing_: no copy of the item.
  auto node = dirty_.extract(*item);
  if (node) {
    processing_.insert(std::move(node));
  } else {
    processing_.insert(*item);
  }
  return item;
}

template <Comparable T>
void Queue<T>::Done(const T& item) {
  std::unique_lock<std::mutex> lock(mu_);
  if (metrics_) metrics_->Done(item);
  // Not being processed (Done without Get, or Done twice): nothing to do. Upstream would queue a
  // second copy of a dirty item here, which could then be handed to two workers at once.
  if (processing_.erase(item) == 0) return;
  if (dirty_.contains(item)) {
    queue_.push_back(item);
    lock.unlock();
    cond_.notify_one();
  } else if (drain_ && processing_.empty()) {
    drain_cond_.notify_all();
  }
}

template <Comparable T>
void Queue<T>::ShutDown() {
  std::lock_guard<std::mutex> lock(mu_);
  drain_ = false;
  shutting_down_ = true;
  cond_.notify_all();
  drain_cond_.notify_all();
  ticker_cond_.notify_all();
}

template <Comparable T>
void Queue<T>::ShutDownWithDrain() {
  std::unique_lock<std::mutex> lock(mu_);
  drain_ = true;
  shutting_down_ = true;
  cond_.notify_all();
  ticker_cond_.notify_all();
  drain_cond_.wait(lock, [this] { return processing_.empty() || !drain_; });
}

template <Comparable T>
bool Queue<T>::ShuttingDown() const {
  std::lock_guard<std::mutex> lock(mu_);
  return shutting_down_;
}

template <Comparable T>
void Queue<T>::UpdateUnfinishedWorkLoop(Duration period) {
  std::unique_lock<std::mutex> lock(mu_);
  util::clock::Time next = clock_->Now() + period;
  while (!shutting_down_) {
    util::clock::Time now = clock_->Now();
    if (now >= next) {
      metrics_->UpdateUnfinishedWork();
      next = now + period;
      continue;
    }
    clock_->WaitUntil(ticker_cond_, lock, next);
  }
}

}  // namespace apimachinery::workqueue
