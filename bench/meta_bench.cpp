// Benchmarks for the meta mappers: lookups on a DefaultRESTMapper holding a cluster-sized set of
// kinds, and on the discovery shape (PriorityRESTMapper over a MultiRESTMapper with one
// DefaultRESTMapper per group).
#include <memory>
#include <string>
#include <vector>

#include "apimachinery/meta/meta.hpp"

#include "bench_support.hpp"

namespace {

using apimachinery::meta::DefaultRESTMapper;
using apimachinery::meta::MultiRESTMapper;
using apimachinery::meta::PriorityRESTMapper;
using apimachinery::meta::RESTMapper;
using apimachinery::meta::RESTScopeName;
using apimachinery::schema::GroupKind;
using apimachinery::schema::GroupVersion;
using apimachinery::schema::GroupVersionKind;
using apimachinery::schema::GroupVersionResource;

constexpr int kGroups = 40;
const std::vector<std::string> kKinds = {"Widget", "Gadget", "Policy", "Binding",
                                         "Status", "Config", "Thing",  "Node"};

std::string GroupName(int g) { return g == 0 ? std::string() : "group" + std::to_string(g) + ".example.io"; }

std::vector<std::string> VersionsOf(int g) {
  if (g % 3 == 0) return {"v1"};
  if (g % 3 == 1) return {"v1", "v1beta1"};
  return {"v2", "v1", "v1alpha1"};
}

// One DefaultRESTMapper with everything (defaults: every group's versions in order).
std::shared_ptr<DefaultRESTMapper> BuildDefault() {
  std::vector<GroupVersion> defaults;
  for (int g = 0; g < kGroups; ++g) {
    for (const auto& v : VersionsOf(g)) defaults.push_back(GroupVersion{GroupName(g), v});
  }
  auto m = std::make_shared<DefaultRESTMapper>(defaults);
  for (int g = 0; g < kGroups; ++g) {
    for (const auto& v : VersionsOf(g)) {
      for (const auto& k : kKinds) {
        m->Add(GroupVersionKind{GroupName(g), v, k + std::to_string(g % 7)}, RESTScopeName::kNamespace);
      }
      m->Add(GroupVersionKind{GroupName(g), v, "Thing"}, RESTScopeName::kNamespace);
    }
  }
  return m;
}

// The discovery shape: Priority over Multi of per-group DefaultRESTMappers.
std::shared_ptr<PriorityRESTMapper> BuildDiscoveryShape() {
  std::vector<std::shared_ptr<RESTMapper>> delegates;
  std::vector<GroupVersionResource> resource_priority = {{"", "v1", "*"}};
  std::vector<GroupVersionKind> kind_priority = {{"", "v1", "*"}};
  for (int g = 0; g < kGroups; ++g) {
    std::vector<GroupVersion> defaults;
    for (const auto& v : VersionsOf(g)) defaults.push_back(GroupVersion{GroupName(g), v});
    auto m = std::make_shared<DefaultRESTMapper>(defaults);
    for (const auto& v : VersionsOf(g)) {
      for (const auto& k : kKinds) {
        m->Add(GroupVersionKind{GroupName(g), v, k + std::to_string(g % 7)}, RESTScopeName::kNamespace);
      }
      m->Add(GroupVersionKind{GroupName(g), v, "Thing"}, RESTScopeName::kNamespace);
    }
    delegates.push_back(m);
    resource_priority.push_back(GroupVersionResource{GroupName(g), VersionsOf(g).front(), "*"});
    kind_priority.push_back(GroupVersionKind{GroupName(g), VersionsOf(g).front(), "*"});
  }
  for (int g = 0; g < kGroups; ++g) {
    resource_priority.push_back(GroupVersionResource{GroupName(g), "*", "*"});
    kind_priority.push_back(GroupVersionKind{GroupName(g), "*", "*"});
  }
  return std::make_shared<PriorityRESTMapper>(std::make_shared<MultiRESTMapper>(std::move(delegates)),
                                              std::move(resource_priority), std::move(kind_priority));
}

const std::shared_ptr<DefaultRESTMapper>& Default() {
  static const auto m = BuildDefault();
  return m;
}
const std::shared_ptr<PriorityRESTMapper>& Discovery() {
  static const auto m = BuildDiscoveryShape();
  return m;
}

void BM_DefaultKindForFullyQualified(benchmark::State& state) {
  const GroupVersionResource req{"group5.example.io", "v2", "gadget5s"};
  const auto& m = *Default();
  for (auto _ : state) benchmark::DoNotOptimize(m.KindFor(req));
}
BENCHMARK(BM_DefaultKindForFullyQualified);

void BM_DefaultKindsForResourceOnly(benchmark::State& state) {
  const GroupVersionResource req{"", "", "gadget5s"};  // 5 groups, 1-3 versions each
  const auto& m = *Default();
  for (auto _ : state) benchmark::DoNotOptimize(m.KindsFor(req));
}
BENCHMARK(BM_DefaultKindsForResourceOnly);

void BM_DefaultResourceForGroupPrefix(benchmark::State& state) {
  const GroupVersionResource req{"group11", "", "binding4"};
  const auto& m = *Default();
  for (auto _ : state) benchmark::DoNotOptimize(m.ResourcesFor(req));
}
BENCHMARK(BM_DefaultResourceForGroupPrefix);

void BM_DefaultRESTMapping(benchmark::State& state) {
  const GroupKind gk{"group7.example.io", "Policy0"};
  const auto& m = *Default();
  for (auto _ : state) benchmark::DoNotOptimize(m.RESTMapping(gk));
}
BENCHMARK(BM_DefaultRESTMapping);

void BM_DefaultTryKindForMiss(benchmark::State& state) {
  const GroupVersionResource req{"", "", "nope"};
  const auto& m = *Default();
  for (auto _ : state) benchmark::DoNotOptimize(m.TryKindFor(req));
}
BENCHMARK(BM_DefaultTryKindForMiss);

void BM_DiscoveryKindFor(benchmark::State& state) {
  const GroupVersionResource req{"", "", "widget3"};
  const auto& m = *Discovery();
  for (auto _ : state) benchmark::DoNotOptimize(m.KindFor(req));
}
BENCHMARK(BM_DiscoveryKindFor);

void BM_DiscoveryKindForAmbiguousResolvedByPriority(benchmark::State& state) {
  const GroupVersionResource req{"", "", "things"};
  const auto& m = *Discovery();
  for (auto _ : state) benchmark::DoNotOptimize(m.KindFor(req));
}
BENCHMARK(BM_DiscoveryKindForAmbiguousResolvedByPriority);

void BM_DiscoveryRESTMapping(benchmark::State& state) {
  const GroupKind gk{"group7.example.io", "Policy0"};
  const auto& m = *Discovery();
  for (auto _ : state) benchmark::DoNotOptimize(m.RESTMapping(gk));
}
BENCHMARK(BM_DiscoveryRESTMapping);

void BM_DiscoveryKindForMissThrows(benchmark::State& state) {
  const GroupVersionResource req{"", "", "nope"};
  const auto& m = *Discovery();
  for (auto _ : state) {
    try {
      benchmark::DoNotOptimize(m.KindFor(req));
    } catch (const apimachinery::meta::NoResourceMatchError& e) {
      benchmark::DoNotOptimize(e.what());
    }
  }
}
BENCHMARK(BM_DiscoveryKindForMissThrows);

}  // namespace

int main(int argc, char** argv) {
  const auto results = apimachinery::bench::Run(argc, argv);
  using apimachinery::bench::NsOf;
  using apimachinery::bench::Print;
  Print("meta_default_kindfor_full_ns", NsOf(results, "BM_DefaultKindForFullyQualified"), "ns");
  Print("meta_default_kindsfor_resource_only_ns", NsOf(results, "BM_DefaultKindsForResourceOnly"), "ns");
  Print("meta_default_resourcesfor_prefix_ns", NsOf(results, "BM_DefaultResourceForGroupPrefix"), "ns");
  Print("meta_default_restmapping_ns", NsOf(results, "BM_DefaultRESTMapping"), "ns");
  Print("meta_default_trykindfor_miss_ns", NsOf(results, "BM_DefaultTryKindForMiss"), "ns");
  Print("meta_discovery_kindfor_ns", NsOf(results, "BM_DiscoveryKindFor"), "ns");
  Print("meta_discovery_kindfor_priority_ns", NsOf(results, "BM_DiscoveryKindForAmbiguousResolvedByPriority"),
        "ns");
  Print("meta_discovery_restmapping_ns", NsOf(results, "BM_DiscoveryRESTMapping"), "ns");
  Print("meta_discovery_kindfor_miss_throw_ns", NsOf(results, "BM_DiscoveryKindForMissThrows"), "ns");
  return 0;
}
