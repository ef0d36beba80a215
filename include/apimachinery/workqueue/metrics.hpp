// Workqueue metrics: the small provider interface through which a queue reports its depth, adds,
// queue latency, work duration, unfinished work and retries (to Prometheus or anything else).
//
// Example (namespace scope):
//   struct Depth : workqueue::GaugeMetric {   // your metric objects (to Prometheus, ...)
//     std::atomic<int> n{0};
//     void Inc() override { ++n; }
//     void Dec() override { --n; }
//   };
//   class MyProvider : public workqueue::MetricsProvider {   // nullptr: a metric not wanted
//    public:
//     std::shared_ptr<workqueue::GaugeMetric> NewDepthMetric(std::string_view) override {
//       return std::make_shared<Depth>();
//     }
//     std::shared_ptr<workqueue::CounterMetric> NewAddsMetric(std::string_view) override { return nullptr; }
//     std::shared_ptr<workqueue::HistogramMetric> NewLatencyMetric(std::string_view) override {
//       return nullptr;
//     }
//     std::shared_ptr<workqueue::HistogramMetric> NewWorkDurationMetric(std::string_view) override {
//       return nullptr;
//     }
//     std::shared_ptr<workqueue::SettableGaugeMetric> NewUnfinishedWorkSecondsMetric(
//         std::string_view) override {
//       return nullptr;
//     }
//     std::shared_ptr<workqueue::SettableGaugeMetric> NewLongestRunningProcessorSecondsMetric(
//         std::string_view) override {
//       return nullptr;
//     }
//     std::shared_ptr<workqueue::CounterMetric> NewRetriesMetric(std::string_view) override {
//       return nullptr;
//     }
//   };
// Example:
//   workqueue::Queue<> q({.name = "pods", .metrics_provider = std::make_shared<MyProvider>()});
//
// A queue reports metrics only when it has a name and a provider (its own, or the global one set
// with SetProvider). Metric objects are called with the queue's lock held, like upstream: keep them
// cheap and never call back into the queue from them.
//
// Upstream: k8s.io/client-go/util/workqueue/metrics.go.
//
// Throws: whatever the user's provider and metric objects throw; nothing otherwise (apart from
// std::bad_alloc).
// Thread-safety: metric objects may be called from several threads (one queue's calls are
// serialised by its lock, but several queues may share one metric object). SetProvider and
// GlobalProvider may be called from any thread.
//
// Differences from upstream:
// - Metric objects are std::shared_ptr; a provider may return nullptr for a metric it does not
//   want, which is treated as a no-op metric.
// - Upstream ignores a nil provider only through the noop provider; here "no provider" is nullptr.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "apimachinery/config.hpp"
#include "apimachinery/util/clock.hpp"

namespace apimachinery::workqueue {

// GaugeMetric represents a single numerical value that can arbitrarily go up and down.
class GaugeMetric {
 public:
  virtual ~GaugeMetric() = default;
  virtual void Inc() = 0;
  virtual void Dec() = 0;
};

// SettableGaugeMetric represents a single numerical value that can arbitrarily go up and down.
// (Separate from GaugeMetric, as upstream.)
class SettableGaugeMetric {
 public:
  virtual ~SettableGaugeMetric() = default;
  virtual void Set(double value) = 0;
};

// CounterMetric represents a single numerical value that only ever goes up.
class CounterMetric {
 public:
  virtual ~CounterMetric() = default;
  virtual void Inc() = 0;
};

// SummaryMetric captures individual observations.
class SummaryMetric {
 public:
  virtual ~SummaryMetric() = default;
  virtual void Observe(double value) = 0;
};

// HistogramMetric counts individual observations.
class HistogramMetric {
 public:
  virtual ~HistogramMetric() = default;
  virtual void Observe(double value) = 0;
};

// MetricsProvider generates the metrics used by a queue. Each method is called once per named
// queue, with the queue's name. Returning nullptr disables that metric.
class MetricsProvider {
 public:
  virtual ~MetricsProvider() = default;
  // depth: current number of items waiting in the queue.
  virtual std::shared_ptr<GaugeMetric> NewDepthMetric(std::string_view name) = 0;
  // adds: total number of adds handled by the queue.
  virtual std::shared_ptr<CounterMetric> NewAddsMetric(std::string_view name) = 0;
  // latency: seconds an item stays in the queue before a Get hands it out.
  virtual std::shared_ptr<HistogramMetric> NewLatencyMetric(std::string_view name) = 0;
  // work duration: seconds between Get and Done.
  virtual std::shared_ptr<HistogramMetric> NewWorkDurationMetric(std::string_view name) = 0;
  // unfinished work: total seconds of work in progress that has not been observed by work duration.
  virtual std::shared_ptr<SettableGaugeMetric> NewUnfinishedWorkSecondsMetric(std::string_view name) = 0;
  // longest running processor: seconds the longest running item has been processed.
  virtual std::shared_ptr<SettableGaugeMetric> NewLongestRunningProcessorSecondsMetric(
      std::string_view name) = 0;
  // retries: total number of AddAfter/AddRateLimited calls.
  virtual std::shared_ptr<CounterMetric> NewRetriesMetric(std::string_view name) = 0;
};

// SetProvider sets the metrics provider for all subsequently created queues that have a name and
// no provider of their own. Only the first call has an effect, as upstream's sync.Once
// (k8s.io/client-go/util/workqueue/metrics.go: SetProvider).
void SetProvider(std::shared_ptr<MetricsProvider> provider);

// GlobalProvider returns the provider set by SetProvider, or nullptr.
std::shared_ptr<MetricsProvider> GlobalProvider();

namespace internal {

// QueueMetrics records what one queue reports. Every method requires the queue's lock.
// Upstream: defaultQueueMetrics.
template <typename T>
class QueueMetrics {
 public:
  using Time = util::clock::Time;

  QueueMetrics(std::string_view name, MetricsProvider& mp, std::shared_ptr<util::clock::Clock> c)
      : clock_(std::move(c)),
        depth_(mp.NewDepthMetric(name)),
        adds_(mp.NewAddsMetric(name)),
        latency_(mp.NewLatencyMetric(name)),
        work_duration_(mp.NewWorkDurationMetric(name)),
        unfinished_work_seconds_(mp.NewUnfinishedWorkSecondsMetric(name)),
        longest_running_processor_(mp.NewLongestRunningProcessorSecondsMetric(name)) {}

  void Add(const T& item) {
    if (adds_) adds_->Inc();
    if (depth_) depth_->Inc();
    add_times_.try_emplace(item, clock_->Now());
  }

  void Get(const T& item) {
    if (depth_) depth_->Dec();
    Time now = clock_->Now();
    processing_start_times_.insert_or_assign(item, now);
    if (auto it = add_times_.find(item); it != add_times_.end()) {
      if (latency_) latency_->Observe(Seconds(now - it->second));
      add_times_.erase(it);
    }
  }

  void Done(const T& item) {
    if (auto it = processing_start_times_.find(item); it != processing_start_times_.end()) {
      if (work_duration_) work_duration_->Observe(Seconds(clock_->Since(it->second)));
      processing_start_times_.erase(it);
    }
  }

  void UpdateUnfinishedWork() {
    double total = 0;
    double oldest = 0;
    Time now = clock_->Now();
    for (const auto& [item, start] : processing_start_times_) {
      double age = Seconds(now - start);
      total += age;
      if (age > oldest) oldest = age;
    }
    if (unfinished_work_seconds_) unfinished_work_seconds_->Set(total);
    if (longest_running_processor_) longest_running_processor_->Set(oldest);
  }

 private:
  static double Seconds(util::clock::Duration d) { return std::chrono::duration<double>(d).count(); }

  std::shared_ptr<util::clock::Clock> clock_;
  std::shared_ptr<GaugeMetric> depth_;
  std::shared_ptr<CounterMetric> adds_;
  std::shared_ptr<HistogramMetric> latency_;
  std::shared_ptr<HistogramMetric> work_duration_;
  std::shared_ptr<SettableGaugeMetric> unfinished_work_seconds_;
  std::shared_ptr<SettableGaugeMetric> longest_running_processor_;
  std::unordered_map<T, Time> add_times_;
  std::unordered_map<T, Time> processing_start_times_;
};

// NewQueueMetrics returns the metrics of a queue named `name`, or nullptr when the queue reports
// none (no name, or neither `provider` nor a global provider). Upstream: newQueueMetrics.
template <typename T>
std::unique_ptr<QueueMetrics<T>> NewQueueMetrics(std::string_view name,
                                                 std::shared_ptr<MetricsProvider> provider,
                                                 std::shared_ptr<util::clock::Clock> clock) {
  if (name.empty()) return nullptr;
  if (!provider) provider = GlobalProvider();
  if (!provider) return nullptr;
  return std::make_unique<QueueMetrics<T>>(name, *provider, std::move(clock));
}

// RetryMetrics counts retries (AddAfter calls) of a delaying queue. Thread-safe as the counter is.
// Upstream: defaultRetryMetrics / newRetryMetrics.
class RetryMetrics {
 public:
  RetryMetrics() = default;
  APIMACHINERY_DECL RetryMetrics(std::string_view name, std::shared_ptr<MetricsProvider> provider);
  APIMACHINERY_DECL void Retry();

 private:
  std::shared_ptr<CounterMetric> retries_;
};

struct GlobalMetricsFactory {
  std::mutex mu;
  bool set = false;
  std::shared_ptr<MetricsProvider> provider;
};

APIMACHINERY_DECL GlobalMetricsFactory& GlobalFactory();

}  // namespace internal

// Implementation details follow.

}  // namespace apimachinery::workqueue

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/workqueue/impl/metrics.ipp"
#endif
