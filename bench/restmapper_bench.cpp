// RESTMapper benchmark: the discovery mapper built from the fixture documents plus N synthetic CRD
// groups (each 1 version, 3 resources), N = 10, 100, 1000. Measures the three lookups operators
// make all the time, a miss, and the build; each lookup is also reported as a ratio to one
// std::unordered_map<std::string, int> lookup measured in the same run. The ratios of the three
// hits are paired measurements (bench_support.hpp PairedRatio: the lookup and the hash lookup
// timed in alternating blocks inside the same benchmark), the others divide two separate times.
//
// Upstream Go for reference: ~28 us for RESTMapping(apps Deployment) on a realistic cluster and
// ~0.4-1.1 ms with 1000 CRD groups (every per-version mapper is asked, each miss allocates an error).
//
// The ShortcutExpander over the fixture cluster (its discovery mapper, and the fixture documents
// as a MemoryDiscovery client, a CachedDiscoveryInterface that stays Fresh), also paired with the
// hash lookup:
//   BENCH shortcut_expand_ns           ExpandResourceShortcut of `deploy` (from the short-name table)
//   BENCH shortcut_expand_ratio        the same / hash_lookup_ns, paired (target: <= 10)
//   BENCH shortcut_resource_for_ns     ResourceFor(`deploy`) through the expander and the mapper
//   BENCH shortcut_resource_for_ratio  the same / hash_lookup_ns, paired
#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/restmapper/shortcut.hpp"

#include "bench_support.hpp"

namespace {

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

// The fixture cluster's discovery documents.
const std::shared_ptr<discovery::MemoryDiscovery>& FixtureClient() {
  static const std::shared_ptr<discovery::MemoryDiscovery> client =
      discovery::MemoryDiscovery::FromDirectory(std::string(APIMACHINERY_TESTDATA_DIR) + "/discovery");
  return client;
}

// The fixture groups followed by `crds` synthetic CRD groups.
std::vector<restmapper::APIGroupResources> Groups(int crds) {
  static const std::vector<restmapper::APIGroupResources> fixture =
      restmapper::GetAPIGroupResources(*FixtureClient());
  std::vector<restmapper::APIGroupResources> groups = fixture;
  for (int i = 0; i < crds; ++i) {
    restmapper::APIGroupResources g;
    g.group.name = fmt::format("crd{}.example.com", i);
    g.group.versions = {{g.group.name + "/v1", "v1"}};
    g.group.preferred_version = g.group.versions.front();
    auto& resources = g.version_resources["v1"];
    for (const char* kind : {"Widget", "Gadget", "Gizmo"}) {
      discovery::APIResource r;
      r.kind = fmt::format("{}{}", kind, i);
      r.singular_name = fmt::format("{}{}", kind, i);
      for (char& c : r.singular_name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      r.name = r.singular_name + "s";
      r.namespaced = true;
      r.verbs = {"get", "list", "watch"};
      resources.push_back(std::move(r));
    }
    groups.push_back(std::move(g));
  }
  return groups;
}

const std::shared_ptr<apimachinery::meta::RESTMapper>& Mapper(int crds) {
  static std::map<int, std::shared_ptr<apimachinery::meta::RESTMapper>> cache;
  auto& m = cache[crds];
  if (!m) m = restmapper::NewDiscoveryRESTMapper(Groups(crds));
  return m;
}

// The baseline: one std::unordered_map<std::string, int> lookup of "deployments" among 1,001 keys.
struct HashBaseline {
  std::unordered_map<std::string, int> map;
  std::string key = "deployments";
  HashBaseline() {
    for (int i = 0; i < 1000; ++i) map[fmt::format("resource{}s", i)] = i;
    map["deployments"] = -1;
  }
  void operator()() const { benchmark::DoNotOptimize(map.find(key)); }
};
const HashBaseline& Baseline() {
  static const HashBaseline b;
  return b;
}

void BM_HashLookup(benchmark::State& state) {
  const HashBaseline& lookup = Baseline();
  for (auto _ : state) lookup();
}
BENCHMARK(BM_HashLookup);

// Runs `op` as the timed loop, then records its paired ratio to the hash lookup.
template <typename Op>
void LookupWithRatio(benchmark::State& state, Op&& op) {
  for (auto _ : state) op();
  state.counters["paired_ratio"] = apimachinery::bench::PairedRatio(Baseline(), op);
}

void BM_RESTMapping(benchmark::State& state) {
  const auto& m = Mapper(static_cast<int>(state.range(0)));
  const schema::GroupKind gk{"apps", "Deployment"};
  LookupWithRatio(state, [&] { benchmark::DoNotOptimize(m->RESTMapping(gk)); });
}
BENCHMARK(BM_RESTMapping)->Arg(10)->Arg(100)->Arg(1000);

void BM_KindFor(benchmark::State& state) {
  const auto& m = Mapper(static_cast<int>(state.range(0)));
  const schema::GroupVersionResource gvr{"", "", "deployments"};
  LookupWithRatio(state, [&] { benchmark::DoNotOptimize(m->KindFor(gvr)); });
}
BENCHMARK(BM_KindFor)->Arg(10)->Arg(100)->Arg(1000);

void BM_ResourcesFor(benchmark::State& state) {
  const auto& m = Mapper(static_cast<int>(state.range(0)));
  const schema::GroupVersionResource gvr{"", "", "pods"};
  LookupWithRatio(state, [&] { benchmark::DoNotOptimize(m->ResourcesFor(gvr)); });
}
BENCHMARK(BM_ResourcesFor)->Arg(10)->Arg(100)->Arg(1000);

// A miss through the public (throwing) API: the cost is the exception.
void BM_Miss(benchmark::State& state) {
  const auto& m = Mapper(static_cast<int>(state.range(0)));
  const schema::GroupKind gk{"apps", "Nope"};
  for (auto _ : state) {
    try {
      benchmark::DoNotOptimize(m->RESTMapping(gk));
    } catch (const apimachinery::Error& e) {
      benchmark::DoNotOptimize(e.what());
    }
  }
}
BENCHMARK(BM_Miss)->Arg(10)->Arg(100)->Arg(1000);

// The same miss through the non-throwing Try... layer composite mappers use.
void BM_TryMiss(benchmark::State& state) {
  const auto& m = Mapper(static_cast<int>(state.range(0)));
  const schema::GroupKind gk{"apps", "Nope"};
  const std::vector<std::string> versions;
  for (auto _ : state) benchmark::DoNotOptimize(m->TryRESTMapping(gk, versions));
}
BENCHMARK(BM_TryMiss)->Arg(10)->Arg(100)->Arg(1000);

// The expander kubectl puts in front of its mapper, over the fixture cluster alone.
const restmapper::ShortcutExpander& Expander() {
  static const restmapper::ShortcutExpander expander(Mapper(0), FixtureClient());
  return expander;
}

void BM_ShortcutExpand(benchmark::State& state) {
  const auto& expander = Expander();
  const schema::GroupVersionResource deploy{"", "", "deploy"};
  LookupWithRatio(state, [&] { benchmark::DoNotOptimize(expander.ExpandResourceShortcut(deploy)); });
}
BENCHMARK(BM_ShortcutExpand);

void BM_ShortcutResourceFor(benchmark::State& state) {
  const auto& expander = Expander();
  const schema::GroupVersionResource deploy{"", "", "deploy"};
  LookupWithRatio(state, [&] { benchmark::DoNotOptimize(expander.ResourceFor(deploy)); });
}
BENCHMARK(BM_ShortcutResourceFor);

void BM_Build(benchmark::State& state) {
  const auto groups = Groups(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(restmapper::NewDiscoveryRESTMapper(groups));
}
BENCHMARK(BM_Build)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  using apimachinery::bench::NsOf;
  using apimachinery::bench::Print;
  const auto results = apimachinery::bench::Run(argc, argv);
  const double hash = NsOf(results, "BM_HashLookup");
  Print("hash_lookup_ns", hash, "ns");
  struct Lookup {
    const char* bench;
    const char* name;
  };
  const Lookup lookups[] = {{"BM_RESTMapping", "restmapping"},
                            {"BM_KindFor", "kindfor"},
                            {"BM_ResourcesFor", "resourcesfor"},
                            {"BM_Miss", "miss"},
                            {"BM_TryMiss", "trymiss"}};
  for (const auto& l : lookups) {
    for (int n : {10, 100, 1000}) {
      const double ns = NsOf(results, fmt::format("{}/{}", l.bench, n));
      if (ns < 0) continue;
      Print(fmt::format("restmapper_{}_ns_{}", l.name, n), ns, "ns");
      const double paired =
          apimachinery::bench::CounterOf(results, fmt::format("{}/{}", l.bench, n), "paired_ratio");
      if (paired > 0) {
        Print(fmt::format("restmapper_{}_ratio_{}", l.name, n), paired, "x");
      } else if (hash > 0) {
        Print(fmt::format("restmapper_{}_ratio_{}", l.name, n), ns / hash, "x");
      }
    }
    // Growth from the paired ratios when there are some (both share the baseline, so their
    // quotient does not depend on when each was measured), else from the two times.
    using apimachinery::bench::CounterOf;
    double small = CounterOf(results, fmt::format("{}/10", l.bench), "paired_ratio");
    double large = CounterOf(results, fmt::format("{}/1000", l.bench), "paired_ratio");
    if (small <= 0 || large <= 0) {
      small = NsOf(results, fmt::format("{}/10", l.bench));
      large = NsOf(results, fmt::format("{}/1000", l.bench));
    }
    if (small > 0 && large > 0)
      Print(fmt::format("restmapper_{}_growth_10_to_1000", l.name), large / small, "x");
  }
  for (const Lookup& l : {Lookup{"BM_ShortcutExpand", "shortcut_expand"},
                          Lookup{"BM_ShortcutResourceFor", "shortcut_resource_for"}}) {
    const double ns = NsOf(results, l.bench);
    if (ns < 0) continue;
    Print(fmt::format("{}_ns", l.name), ns, "ns");
    Print(fmt::format("{}_ratio", l.name), apimachinery::bench::CounterOf(results, l.bench, "paired_ratio"),
          "x");
  }
  for (int n : {10, 100, 1000}) {
    const double ns = NsOf(results, fmt::format("BM_Build/{}", n));
    if (ns >= 0) Print(fmt::format("restmapper_build_ms_{}", n), ns / 1e6, "ms");
  }
  return 0;
}
