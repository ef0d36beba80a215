// Discovery benchmarks: aggregated discovery parsing, the disk cache (the short-name expansion
// is in restmapper_bench.cpp).
//
//   BENCH aggregated_parse_ms       parse aggregated_v2.json (72 KB) and convert it to legacy shapes
//   BENCH disk_cache_read_us        every group and resource list read back from a warm disk cache
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "apimachinery/discovery/aggregated_discovery.hpp"
#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"
#include "apimachinery/discovery/types.hpp"

#include "bench_support.hpp"

namespace {

namespace discovery = apimachinery::discovery;
namespace fs = std::filesystem;

const fs::path kDir = fs::path(APIMACHINERY_TESTDATA_DIR) / "discovery";

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::shared_ptr<discovery::AggregatedDiscovery> Cluster() {
  auto client = discovery::AggregatedDiscovery::FromFile(kDir / "aggregated_v2.json");
  client->AddLegacyGroup(
      discovery::APIVersionsToAPIGroup(discovery::ParseAPIVersions(Read(kDir / "api.json"))),
      {discovery::ParseAPIResourceList(Read(kDir / "api__v1.json"))});
  return client;
}

void BM_AggregatedParse(benchmark::State& state) {
  const std::string text = Read(kDir / "aggregated_v2.json");
  for (auto _ : state) {
    auto split = discovery::SplitGroupsAndResources(discovery::ParseAPIGroupDiscoveryList(text));
    benchmark::DoNotOptimize(split);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_AggregatedParse)->Unit(benchmark::kMillisecond);

void BM_DiskCacheRead(benchmark::State& state) {
  std::random_device rd;
  const fs::path dir = fs::temp_directory_path() / fmt::format("apimachinery-bench-disk-{:08x}", rd());
  auto server = Cluster();
  {
    discovery::disk::CachedDiscoveryClient warm(server, dir, std::chrono::hours(1));
    discovery::ServerGroupsAndResources(warm);
  }
  discovery::disk::CachedDiscoveryClient client(server, dir, std::chrono::hours(1));
  for (auto _ : state) benchmark::DoNotOptimize(discovery::ServerGroupsAndResources(client));
  std::error_code ec;
  fs::remove_all(dir, ec);
}
BENCHMARK(BM_DiskCacheRead)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  namespace bench = apimachinery::bench;
  const auto results = bench::Run(argc, argv);
  bench::Print("aggregated_parse_ms", bench::NsOf(results, "BM_AggregatedParse") / 1e6, "ms");
  bench::Print("disk_cache_read_us", bench::NsOf(results, "BM_DiskCacheRead") / 1e3, "us");
  return 0;
}
