// Tests for workqueue/metrics.hpp: client-go's metrics_test.go (TestMetrics, TestMetricShutdown) on
// a fake clock, retries, disabled metrics and the global provider.
#include "apimachinery/workqueue/metrics.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/delaying_queue.hpp"
#include "apimachinery/workqueue/queue.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

#include "workqueue/wq_test_support.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_metrics_test {

namespace wq = apimachinery::workqueue;
using apimachinery::util::clock::FakeClock;
using wqtest::WaitFor;
using namespace std::chrono_literals;

namespace {

class TestMetric : public wq::GaugeMetric,
                   public wq::SettableGaugeMetric,
                   public wq::CounterMetric,
                   public wq::HistogramMetric {
 public:
  void Inc() override {
    std::lock_guard<std::mutex> l(mu_);
    ++inc_;
    ++calls_;
  }
  void Dec() override {
    std::lock_guard<std::mutex> l(mu_);
    ++dec_;
    ++calls_;
  }
  void Set(double v) override {
    std::lock_guard<std::mutex> l(mu_);
    set_ = v;
    ++calls_;
  }
  void Observe(double v) override {
    std::lock_guard<std::mutex> l(mu_);
    observed_value_ = v;
    ++observed_count_;
    ++calls_;
  }
  double GaugeValue() {
    std::lock_guard<std::mutex> l(mu_);
    return set_ != 0 ? set_ : static_cast<double>(inc_ - dec_);
  }
  double ObservationValue() {
    std::lock_guard<std::mutex> l(mu_);
    return observed_value_;
  }
  int ObservationCount() {
    std::lock_guard<std::mutex> l(mu_);
    return observed_count_;
  }
  int Calls() {
    std::lock_guard<std::mutex> l(mu_);
    return calls_;
  }

 private:
  std::mutex mu_;
  long inc_ = 0, dec_ = 0;
  double set_ = 0;
  double observed_value_ = 0;
  int observed_count_ = 0;
  int calls_ = 0;
};

class TestMetricsProvider : public wq::MetricsProvider {
 public:
  std::shared_ptr<TestMetric> depth = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> adds = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> latency = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> duration = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> unfinished = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> longest = std::make_shared<TestMetric>();
  std::shared_ptr<TestMetric> retries = std::make_shared<TestMetric>();
  std::vector<std::string> names;

  std::shared_ptr<wq::GaugeMetric> NewDepthMetric(std::string_view name) override {
    names.emplace_back(name);
    return depth;
  }
  std::shared_ptr<wq::CounterMetric> NewAddsMetric(std::string_view) override { return adds; }
  std::shared_ptr<wq::HistogramMetric> NewLatencyMetric(std::string_view) override { return latency; }
  std::shared_ptr<wq::HistogramMetric> NewWorkDurationMetric(std::string_view) override { return duration; }
  std::shared_ptr<wq::SettableGaugeMetric> NewUnfinishedWorkSecondsMetric(std::string_view) override {
    return unfinished;
  }
  std::shared_ptr<wq::SettableGaugeMetric> NewLongestRunningProcessorSecondsMetric(
      std::string_view) override {
    return longest;
  }
  std::shared_ptr<wq::CounterMetric> NewRetriesMetric(std::string_view) override { return retries; }
};

}  // namespace

TEST_CASE("TestMetrics", "[workqueue][metrics]") {
  auto mp = std::make_shared<TestMetricsProvider>();
  auto c = std::make_shared<FakeClock>();
  wq::QueueConfig config;
  config.name = "test";
  config.clock = c;
  config.metrics_provider = mp;
  config.unfinished_work_update_period = 1ms;
  wq::Queue<> q(std::move(config));
  // Wait for the metrics thread to wait on the clock.
  REQUIRE(WaitFor([&] { return c->HasWaiters(); }));
  CHECK(mp->names == std::vector<std::string>{"test"});

  q.Add("foo");
  CHECK(mp->adds->GaugeValue() == 1.0);
  CHECK(mp->depth->GaugeValue() == 1.0);

  c->Step(50us);
  // Start processing.
  auto i = q.Get();
  REQUIRE(i == std::optional<std::string>("foo"));
  CHECK(mp->latency->ObservationValue() == 5e-05);
  CHECK(mp->latency->ObservationCount() == 1);

  // Add it back while processing; multiple adds of the same item are de-duped.
  for (int k = 0; k < 5; ++k) q.Add(*i);
  CHECK(mp->adds->GaugeValue() == 2.0);
  // One thing remains in the queue.
  CHECK(mp->depth->GaugeValue() == 1.0);

  c->Step(25us);
  // Finish it up.
  q.Done(*i);
  CHECK(mp->duration->ObservationValue() == 2.5e-05);
  CHECK(mp->duration->ObservationCount() == 1);
  // One thing remains in the queue.
  CHECK(mp->depth->GaugeValue() == 1.0);

  // It should be back on the queue.
  i = q.Get();
  REQUIRE(i == std::optional<std::string>("foo"));
  CHECK(mp->latency->ObservationValue() == 2.5e-05);
  CHECK(mp->latency->ObservationCount() == 2);

  int unfinished_calls = mp->unfinished->Calls();
  int longest_calls = mp->longest->Calls();
  c->Step(1ms);
  REQUIRE(WaitFor([&] { return mp->unfinished->Calls() > unfinished_calls; }));
  CHECK(mp->unfinished->GaugeValue() == .001);
  REQUIRE(WaitFor([&] { return mp->longest->Calls() > longest_calls; }));
  CHECK(mp->longest->GaugeValue() == .001);

  // Finish that one up.
  q.Done(*i);
  CHECK(mp->duration->ObservationValue() == .001);
  CHECK(mp->duration->ObservationCount() == 2);
  q.ShutDown();
}

TEST_CASE("TestMetricShutdown: no update after ShutDown", "[workqueue][metrics]") {
  auto mp = std::make_shared<TestMetricsProvider>();
  auto c = std::make_shared<FakeClock>();
  wq::QueueConfig config;
  config.name = "test";
  config.clock = c;
  config.metrics_provider = mp;
  config.unfinished_work_update_period = 1ms;
  wq::Queue<> q(std::move(config));
  REQUIRE(WaitFor([&] { return c->HasWaiters(); }));
  c->Step(1ms);
  REQUIRE(WaitFor([&] { return mp->unfinished->Calls() == 1; }));
  q.ShutDown();
  c->Step(1h);
  std::this_thread::sleep_for(10ms);
  CHECK(mp->unfinished->Calls() == 1);
}

TEST_CASE("Unnamed queues and queues without a provider report nothing", "[workqueue][metrics]") {
  auto mp = std::make_shared<TestMetricsProvider>();
  wq::QueueConfig config;
  config.metrics_provider = mp;  // no name
  wq::Queue<> q(std::move(config));
  q.Add("a");
  CHECK(mp->adds->Calls() == 0);
  CHECK(mp->names.empty());
}

TEST_CASE("A provider may return null metrics", "[workqueue][metrics]") {
  class NullProvider : public wq::MetricsProvider {
   public:
    std::shared_ptr<wq::GaugeMetric> NewDepthMetric(std::string_view) override { return {}; }
    std::shared_ptr<wq::CounterMetric> NewAddsMetric(std::string_view) override { return {}; }
    std::shared_ptr<wq::HistogramMetric> NewLatencyMetric(std::string_view) override { return {}; }
    std::shared_ptr<wq::HistogramMetric> NewWorkDurationMetric(std::string_view) override { return {}; }
    std::shared_ptr<wq::SettableGaugeMetric> NewUnfinishedWorkSecondsMetric(std::string_view) override {
      return {};
    }
    std::shared_ptr<wq::SettableGaugeMetric> NewLongestRunningProcessorSecondsMetric(
        std::string_view) override {
      return {};
    }
    std::shared_ptr<wq::CounterMetric> NewRetriesMetric(std::string_view) override { return {}; }
  };
  wq::RateLimitingQueueConfig<> config;
  config.name = "nulls";
  config.metrics_provider = std::make_shared<NullProvider>();
  wq::RateLimitingQueue<> q(wq::DefaultItemBasedRateLimiter(), std::move(config));
  q.Add("a");
  q.AddRateLimited("b");
  auto a = q.Get();
  REQUIRE(a.has_value());
  q.Done(*a);
}

TEST_CASE("Retries count AddAfter and AddRateLimited calls", "[workqueue][metrics]") {
  auto mp = std::make_shared<TestMetricsProvider>();
  auto c = std::make_shared<FakeClock>();
  wq::RateLimitingQueueConfig<> config;
  config.name = "retries";
  config.clock = c;
  config.metrics_provider = mp;
  wq::RateLimitingQueue<> q(wq::DefaultItemBasedRateLimiter(), std::move(config));
  q.AddAfter("a", 0ms);
  q.AddAfter("b", 1s);
  q.AddRateLimited("c");
  CHECK(mp->retries->GaugeValue() == 3.0);
  // Add is not a retry.
  q.Add("d");
  CHECK(mp->retries->GaugeValue() == 3.0);
  CHECK(mp->adds->GaugeValue() == 2.0);  // "a" and "d" reached the queue
  q.ShutDown();
}

TEST_CASE("SetProvider: the global provider, only the first call counts", "[workqueue][metrics]") {
  // Runs in the same process as the other tests: they all name their provider explicitly or use
  // unnamed queues, so the global provider does not disturb them.
  auto first = std::make_shared<TestMetricsProvider>();
  auto second = std::make_shared<TestMetricsProvider>();
  wq::SetProvider(first);
  wq::SetProvider(second);
  REQUIRE(wq::GlobalProvider() == first);
  wq::QueueConfig config;
  config.name = "global";
  wq::Queue<> q(std::move(config));
  q.Add("a");
  CHECK(first->adds->GaugeValue() == 1.0);
  CHECK(second->adds->Calls() == 0);
  CHECK(first->names == std::vector<std::string>{"global"});
  q.ShutDown();
}

}  // namespace workqueue_metrics_test
