// Shared main() support for the benchmarks: runs Google Benchmark, collects the ns/iteration of
// every run by name, and lets each bench file print its `BENCH <name> <value> <unit>` lines.
//
// Repetitions: the machines these run on swing by up to 2x within seconds (CPU-bound code too),
// so `bench-summary` runs every benchmark several times with random interleaving
// (--benchmark_repetitions, --benchmark_enable_random_interleaving) and a result is the
// repetition with the lowest time: the least disturbed one. Interleaving spreads a benchmark and
// its baseline over the same period, so their ratio is stable. The console output keeps every
// repetition and the mean/median/stddev aggregates.
//
//   int main(int argc, char** argv) {
//     auto results = apimachinery::bench::Run(argc, argv);
//     apimachinery::bench::Print("hash_lookup_ns", results.at("BM_HashLookup"), "ns");
//   }
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>

namespace apimachinery::bench {

// Results maps a benchmark's full name to its fastest repetition: real time per iteration, in
// nanoseconds, and that repetition's user counters.
struct Result {
  double ns_per_op = 0;
  std::map<std::string, double> counters;
  int repetitions = 0;  // how many repetitions the minimum was taken over
};
using Results = std::map<std::string, Result>;

// The console reporter never colours its output: a reporter handed to RunSpecifiedBenchmarks
// keeps the options it was built with (ConsoleReporter's default, OO_Defaults, colours even into a
// pipe, and --benchmark_color does not reach it), and an escape code left before the `BENCH`
// lines that follow the table breaks `grep '^BENCH'`.
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  explicit CollectingReporter(Results& out) : ConsoleReporter(OO_Tabular), out_(out) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const auto& run : runs) {
      if (run.iterations == 0 || run.run_type != Run::RT_Iteration) continue;
      const double ns = run.real_accumulated_time * 1e9 / static_cast<double>(run.iterations);
      Result& r = out_[run.benchmark_name()];
      ++r.repetitions;
      if (r.repetitions > 1 && ns >= r.ns_per_op) continue;
      r.ns_per_op = ns;
      r.counters.clear();
      for (const auto& [name, counter] : run.counters) r.counters[name] = counter.value;
    }
  }

 private:
  Results& out_;
};

// Run initialises Google Benchmark with the command line, runs every registered benchmark and
// returns what each one measured.
inline Results Run(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Results results;
  CollectingReporter reporter(results);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return results;
}

// PairedRatio measures time(target) / time(baseline) in alternating blocks of `calls` calls each
// and returns the median of the per-block ratios. A block pair takes well under a millisecond, so
// the machine's speed changes (seconds apart) hit the baseline and the target alike: the ratio is
// stable where two separately measured times are not. Call it inside a benchmark function and
// report the result as a counter.
template <typename Baseline, typename Target>
double PairedRatio(Baseline&& baseline, Target&& target, int blocks = 31, int calls = 1000) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> ratios;
  ratios.reserve(static_cast<std::size_t>(blocks));
  for (int b = 0; b < blocks; ++b) {
    const auto t0 = Clock::now();
    for (int i = 0; i < calls; ++i) baseline();
    const auto t1 = Clock::now();
    for (int i = 0; i < calls; ++i) target();
    const auto t2 = Clock::now();
    const double base_ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
    const double target_ns = std::chrono::duration<double, std::nano>(t2 - t1).count();
    if (base_ns > 0) ratios.push_back(target_ns / base_ns);
  }
  if (ratios.empty()) return -1.0;
  std::nth_element(ratios.begin(), ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2),
                   ratios.end());
  return ratios[ratios.size() / 2];
}

// CounterOf returns a user counter of a benchmark's result, or -1 when absent.
inline double CounterOf(const Results& r, const std::string& name, const std::string& counter) {
  auto it = r.find(name);
  if (it == r.end()) return -1.0;
  auto c = it->second.counters.find(counter);
  return c == it->second.counters.end() ? -1.0 : c->second;
}

// Print writes one machine-readable summary line.
inline void Print(std::string_view name, double value, std::string_view unit) {
  std::printf("BENCH %.*s %.3f %.*s\n", static_cast<int>(name.size()), name.data(), value,
              static_cast<int>(unit.size()), unit.data());
}

// NsOf returns the ns/op of a benchmark, or -1 when it did not run (filtered out).
inline double NsOf(const Results& r, const std::string& name) {
  auto it = r.find(name);
  return it == r.end() ? -1.0 : it->second.ns_per_op;
}

}  // namespace apimachinery::bench
