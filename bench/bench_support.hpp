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

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace apimachinery::bench {

// Results maps a benchmark's full name to its fastest repetition: real time per iteration, in
// nanoseconds, and that repetition's user counters.
struct Result {
  double ns_per_op = 0;
  std::map<std::string, double> counters;
  int repetitions = 0;  // how many repetitions the minimum was taken over
};
using Results = std::map<std::string, Result>;

class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  explicit CollectingReporter(Results& out) : out_(out) {}
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
