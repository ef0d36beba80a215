// Workqueue benchmarks: Add/Get/Done throughput of workqueue::Queue against a bare
// mutex + condition_variable + deque (no dedup, no processing set), single-threaded and with
// producers and consumers; AddAfter on the delaying queue; rate limiter When.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/workqueue.hpp"

#include "bench_support.hpp"

namespace wq = apimachinery::workqueue;

namespace {

// The baseline: what a hand-rolled blocking queue costs.
class BareQueue {
 public:
  void Add(const std::string& s) {
    {
      std::lock_guard<std::mutex> l(mu_);
      q_.push_back(s);
    }
    cv_.notify_one();
  }
  std::optional<std::string> Get() {
    std::unique_lock<std::mutex> l(mu_);
    cv_.wait(l, [&] { return !q_.empty() || shut_; });
    if (q_.empty()) return std::nullopt;
    std::optional<std::string> s(std::move(q_.front()));
    q_.pop_front();
    return s;
  }
  void Done(const std::string&) {}
  void ShutDown() {
    std::lock_guard<std::mutex> l(mu_);
    shut_ = true;
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> q_;
  bool shut_ = false;
};

std::vector<std::string> Keys(int n) {
  std::vector<std::string> keys;
  keys.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) keys.push_back("default/object-" + std::to_string(i));
  return keys;
}

// CpuNsPerItem is the CPU time of the whole process (every thread) since cpu0, per item: what the
// work costs regardless of how busy the machine is.
double CpuNsPerItem(std::clock_t cpu0, std::int64_t items) {
  double cpu_s = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return cpu_s * 1e9 / static_cast<double>(items);
}

template <typename Q>
void AddGetDone(benchmark::State& state) {
  Q q;
  auto keys = Keys(1024);
  std::size_t i = 0;
  for (auto _ : state) {
    q.Add(keys[i++ & 1023]);
    auto item = q.Get();
    q.Done(*item);
    benchmark::DoNotOptimize(item);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_QueueAddGetDone(benchmark::State& state) { AddGetDone<wq::Queue<>>(state); }
void BM_BareAddGetDone(benchmark::State& state) { AddGetDone<BareQueue>(state); }

// Producers add `kItems` distinct keys per iteration; consumers drain them.
template <typename Q>
void ProducersConsumers(benchmark::State& state) {
  constexpr int kItems = 20000;
  const int producers = static_cast<int>(state.range(0));
  const int consumers = static_cast<int>(state.range(1));
  auto keys = Keys(kItems);
  std::clock_t cpu0 = std::clock();
  for (auto _ : state) {
    Q q;
    std::vector<std::thread> threads;
    for (int c = 0; c < consumers; ++c) {
      threads.emplace_back([&] {
        while (auto item = q.Get()) q.Done(*item);
      });
    }
    std::vector<std::thread> prod;
    for (int p = 0; p < producers; ++p) {
      prod.emplace_back([&, p] {
        for (int i = p; i < kItems; i += producers) q.Add(keys[static_cast<std::size_t>(i)]);
      });
    }
    for (auto& t : prod) t.join();
    q.ShutDown();  // consumers still drain what is queued
    for (auto& t : threads) t.join();
  }
  state.counters["cpu_ns_per_item"] = CpuNsPerItem(cpu0, state.iterations() * kItems);
  state.SetItemsProcessed(state.iterations() * kItems);
  state.counters["ns_per_item"] =
      benchmark::Counter(static_cast<double>(state.iterations() * kItems),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_QueueProducersConsumers(benchmark::State& state) { ProducersConsumers<wq::Queue<>>(state); }
void BM_BareProducersConsumers(benchmark::State& state) { ProducersConsumers<BareQueue>(state); }

// Upstream's BenchmarkDelayingQueue_AddAfter: random delays up to 10 minutes on a fake clock,
// then step past them all and Get everything.
void BM_DelayingQueueAddAfter(benchmark::State& state) {
  auto keys = Keys(10000);
  std::minstd_rand rng(1);
  std::clock_t cpu0 = std::clock();
  for (auto _ : state) {
    auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
    wq::DelayingQueueConfig<> config;
    config.clock = clock;
    wq::DelayingQueue<> q(std::move(config));
    for (const auto& k : keys) {
      q.AddAfter(k, std::chrono::milliseconds(1 + rng() % 600000));
    }
    clock->Step(std::chrono::minutes(11));
    for (std::size_t i = 0; i < keys.size(); ++i) {
      auto item = q.Get();
      q.Done(*item);
    }
  }
  state.counters["cpu_ns_per_item"] = CpuNsPerItem(cpu0, state.iterations() * 10000);
  state.SetItemsProcessed(state.iterations() * 10000);
  state.counters["ns_per_item"] =
      benchmark::Counter(static_cast<double>(state.iterations() * 10000),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_DefaultControllerRateLimiterWhen(benchmark::State& state) {
  auto limiter = wq::DefaultControllerRateLimiter();
  auto keys = Keys(1024);
  std::size_t i = 0;
  for (auto _ : state) {
    auto d = limiter->When(keys[i++ & 1023]);
    benchmark::DoNotOptimize(d);
    if ((i & 1023) == 0) {
      for (const auto& k : keys) limiter->Forget(k);
    }
  }
}

}  // namespace

BENCHMARK(BM_QueueAddGetDone);
BENCHMARK(BM_BareAddGetDone);
BENCHMARK(BM_QueueProducersConsumers)
    ->Args({2, 2})
    ->Args({8, 4})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BareProducersConsumers)
    ->Args({2, 2})
    ->Args({8, 4})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DelayingQueueAddAfter)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DefaultControllerRateLimiterWhen);

int main(int argc, char** argv) {
  namespace b = apimachinery::bench;
  auto r = b::Run(argc, argv);
  auto per_item = [&](const std::string& name) {
    auto it = r.find(name);
    return it == r.end() ? -1.0 : it->second.counters["ns_per_item"] * 1e9;
  };
  b::Print("workqueue_add_get_done_ns", b::NsOf(r, "BM_QueueAddGetDone"), "ns");
  b::Print("workqueue_bare_add_get_done_ns", b::NsOf(r, "BM_BareAddGetDone"), "ns");
  b::Print("workqueue_2p2c_ns_per_item", per_item("BM_QueueProducersConsumers/2/2/real_time"), "ns");
  b::Print("workqueue_bare_2p2c_ns_per_item", per_item("BM_BareProducersConsumers/2/2/real_time"), "ns");
  b::Print("workqueue_8p4c_ns_per_item", per_item("BM_QueueProducersConsumers/8/4/real_time"), "ns");
  b::Print("workqueue_bare_8p4c_ns_per_item", per_item("BM_BareProducersConsumers/8/4/real_time"), "ns");
  auto cpu_per_item = [&](const std::string& name) {
    auto it = r.find(name);
    return it == r.end() ? -1.0 : it->second.counters["cpu_ns_per_item"];
  };
  b::Print("workqueue_2p2c_cpu_ns_per_item", cpu_per_item("BM_QueueProducersConsumers/2/2/real_time"), "ns");
  b::Print("workqueue_bare_2p2c_cpu_ns_per_item", cpu_per_item("BM_BareProducersConsumers/2/2/real_time"),
           "ns");
  b::Print("workqueue_8p4c_cpu_ns_per_item", cpu_per_item("BM_QueueProducersConsumers/8/4/real_time"), "ns");
  b::Print("workqueue_bare_8p4c_cpu_ns_per_item", cpu_per_item("BM_BareProducersConsumers/8/4/real_time"),
           "ns");
  b::Print("workqueue_add_after_cpu_ns_per_item", cpu_per_item("BM_DelayingQueueAddAfter/real_time"), "ns");
  b::Print("workqueue_add_after_ns_per_item", per_item("BM_DelayingQueueAddAfter/real_time"), "ns");
  b::Print("workqueue_default_rate_limiter_when_ns", b::NsOf(r, "BM_DefaultControllerRateLimiterWhen"), "ns");
  return 0;
}
