// Label and field selector benchmarks: parse and match cost per operation.
//
//   BENCH labels_parse_ns       Parse of a 4-requirement selector
//   BENCH labels_match_ns       Matches of that selector against a 6-label set
//   BENCH labels_match_view_ns  the same through the Labels concept (no map)
//   BENCH fields_parse_ns       ParseSelector of a 2-term field selector
//   BENCH fields_match_ns       Matches of that selector
#include <map>
#include <string>

#include "apimachinery/fields/fields.hpp"
#include "apimachinery/labels/labels.hpp"

#include "bench_support.hpp"

namespace {

namespace labels = apimachinery::labels;
namespace fields = apimachinery::fields;

constexpr const char* kLabelSelector = "app=web,env in (prod,staging),tier!=cache,!legacy";

const labels::Set& Labels() {
  static const labels::Set s{{"app", "web"},       {"env", "prod"},   {"tier", "frontend"},
                             {"team", "payments"}, {"version", "v2"}, {"zone", "us-east-1a"}};
  return s;
}

struct View {
  const labels::Set* set;
  bool Has(const std::string& k) const { return set->count(k) != 0; }
  const std::string& Get(const std::string& k) const { return set->at(k); }
};

void BM_LabelsParse(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(labels::Parse(kLabelSelector));
}
BENCHMARK(BM_LabelsParse);

void BM_LabelsMatch(benchmark::State& state) {
  const auto sel = labels::Parse(kLabelSelector);
  for (auto _ : state) benchmark::DoNotOptimize(sel.Matches(Labels()));
}
BENCHMARK(BM_LabelsMatch);

void BM_LabelsMatchView(benchmark::State& state) {
  const auto sel = labels::Parse(kLabelSelector);
  const View v{&Labels()};
  for (auto _ : state) benchmark::DoNotOptimize(sel.Matches(v));
}
BENCHMARK(BM_LabelsMatchView);

void BM_FieldsParse(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(fields::ParseSelector("metadata.name=web-0,status.phase!=Failed"));
  }
}
BENCHMARK(BM_FieldsParse);

void BM_FieldsMatch(benchmark::State& state) {
  const auto sel = fields::ParseSelector("metadata.name=web-0,status.phase!=Failed");
  const fields::Set f{
      {"metadata.name", "web-0"}, {"metadata.namespace", "default"}, {"status.phase", "Running"}};
  for (auto _ : state) benchmark::DoNotOptimize(sel.Matches(f));
}
BENCHMARK(BM_FieldsMatch);

}  // namespace

int main(int argc, char** argv) {
  namespace bench = apimachinery::bench;
  const auto results = bench::Run(argc, argv);
  bench::Print("labels_parse_ns", bench::NsOf(results, "BM_LabelsParse"), "ns");
  bench::Print("labels_match_ns", bench::NsOf(results, "BM_LabelsMatch"), "ns");
  bench::Print("labels_match_view_ns", bench::NsOf(results, "BM_LabelsMatchView"), "ns");
  bench::Print("fields_parse_ns", bench::NsOf(results, "BM_FieldsParse"), "ns");
  bench::Print("fields_match_ns", bench::NsOf(results, "BM_FieldsMatch"), "ns");
  return 0;
}
