// managedfields::FieldManager benchmarks: server-side apply and managed-fields tracking of a
// realistic Pod (testdata/pods/pod-realistic.json), beside upstream's FieldManager on the same
// documents in the same run (bench/go/apply.go: `go_store_baseline -apply`).
//
//   BENCH managedfields_apply_ns   FieldManager::Apply by a controller (force) of a small
//                                  configuration (labels, one container whose image alternates
//                                  between two versions, so that every apply changes the object)
//                                  onto the Pod as the previous apply left it; the Pod was created
//                                  through Update by another manager, so the applier's changes are
//                                  taken from it
//   BENCH managedfields_update_ns  FieldManager::Update of the Pod with one label value alternated
//                                  (a copy of the edited Pod per call, as the Go side copies it)
//
// Both sides use the deduced schema (managedfields::DeducedType, Go's
// managedfields.NewDeducedTypeConverter), so the same fields are tracked, and upstream's complete
// default field manager chain (managedfieldstest.NewFakeFieldManager).
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/managedfields/managedfields.hpp"

#include "bench_support.hpp"

namespace {

namespace managedfields = apimachinery::managedfields;
using nlohmann::json;

constexpr const char* kNow = "2026-12-04T00:00:00Z";

json ReadPod() {
  std::ifstream in(std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "pods" / "pod-realistic.json");
  std::ostringstream s;
  s << in.rdbuf();
  return apimachinery::util::json::Parse(s.str());
}

// The applied configurations: the same text as bench/go/apply.go's.
json Config(int version) {
  return json::parse(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"pod-00000","namespace":"ns-00",
    "labels":{"managed-by":"controller"}},"spec":{"containers":[{"name":"app","image":"registry.example/web:v)" +
                     std::to_string(version) + R"("}]}})");
}

struct Fixture {
  managedfields::FieldManager fm{managedfields::DeducedType(), {"", "v1", "Pod"}};
  json live;
  Fixture() {
    const json empty = {{"apiVersion", "v1"}, {"kind", "Pod"}};
    live = fm.Update(empty, ReadPod(), "creator", kNow);
  }
};

void BM_Apply(benchmark::State& state) {
  Fixture f;
  const json configs[2] = {Config(1), Config(2)};
  int i = 0;
  for (auto _ : state) {
    f.live = f.fm.Apply(f.live, configs[i & 1], "controller", true, kNow);
    ++i;
  }
  benchmark::DoNotOptimize(f.live);
}
BENCHMARK(BM_Apply);

void BM_Update(benchmark::State& state) {
  Fixture f;
  int i = 0;
  for (auto _ : state) {
    json edited = f.live;
    edited["metadata"]["labels"]["tier"] = (i & 1) != 0 ? "frontend" : "backend";
    f.live = f.fm.Update(f.live, std::move(edited), "editor", kNow);
    ++i;
  }
  benchmark::DoNotOptimize(f.live);
}
BENCHMARK(BM_Update);

}  // namespace

int main(int argc, char** argv) {
  namespace bench = apimachinery::bench;
  const auto results = bench::Run(argc, argv);
  bench::Print("managedfields_apply_ns", bench::NsOf(results, "BM_Apply"), "ns");
  bench::Print("managedfields_update_ns", bench::NsOf(results, "BM_Update"), "ns");
  return 0;
}
