// resource::Quantity benchmarks: parse and print the quantities a Pod spec carries.
//
//   BENCH resource_parse_ns          ParseQuantity of "100m", "1Gi" and "1.5" (mean of the three)
//   BENCH resource_string_ns         String() of those, parsed ("100m" and "1Gi" keep their text)
//   BENCH resource_canonical_ns      String() of "1.5" (computed: "1500m")
//   BENCH resource_add_ns            Add of "250m" to "1.5"
//   BENCH resource_parse_big_ns      ParseQuantity of a 20-digit value (the exact decimal path)
//
// Go answers for the same operations (k8s.io/apimachinery v0.37.2, `go test -bench` on this VM)
// are quoted in the commit that added this file; there is no same-run Go baseline here.
#include <string>

#include "apimachinery/api/resource/resource.hpp"

#include "bench_support.hpp"

namespace {

namespace resource = apimachinery::resource;

void BM_Parse(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(resource::ParseQuantity("100m"));
    benchmark::DoNotOptimize(resource::ParseQuantity("1Gi"));
    benchmark::DoNotOptimize(resource::ParseQuantity("1.5"));
  }
}
BENCHMARK(BM_Parse);

void BM_String(benchmark::State& state) {
  const resource::Quantity a = resource::MustParse("100m");
  const resource::Quantity b = resource::MustParse("1Gi");
  const resource::Quantity c = resource::MustParse("1.5");
  for (auto _ : state) {
    benchmark::DoNotOptimize(a.String());
    benchmark::DoNotOptimize(b.String());
    benchmark::DoNotOptimize(c.String());
  }
}
BENCHMARK(BM_String);

void BM_Canonical(benchmark::State& state) {
  const resource::Quantity c = resource::MustParse("1.5");
  for (auto _ : state) benchmark::DoNotOptimize(c.String());
}
BENCHMARK(BM_Canonical);

void BM_Add(benchmark::State& state) {
  const resource::Quantity base = resource::MustParse("1.5");
  const resource::Quantity y = resource::MustParse("250m");
  for (auto _ : state) {
    resource::Quantity q = base;
    q.Add(y);
    benchmark::DoNotOptimize(q);
  }
}
BENCHMARK(BM_Add);

void BM_ParseBig(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(resource::ParseQuantity("12345678901234567890"));
}
BENCHMARK(BM_ParseBig);

}  // namespace

int main(int argc, char** argv) {
  namespace bench = apimachinery::bench;
  const auto results = bench::Run(argc, argv);
  bench::Print("resource_parse_ns", bench::NsOf(results, "BM_Parse") / 3, "ns");
  bench::Print("resource_string_ns", bench::NsOf(results, "BM_String") / 3, "ns");
  bench::Print("resource_canonical_ns", bench::NsOf(results, "BM_Canonical"), "ns");
  bench::Print("resource_add_ns", bench::NsOf(results, "BM_Add"), "ns");
  bench::Print("resource_parse_big_ns", bench::NsOf(results, "BM_ParseBig"), "ns");
  return 0;
}
