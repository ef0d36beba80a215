// Benchmarks of the cache core (ThreadSafeStore / Indexer) on the workload of the upstream Go
// numbers: 50,000 pod-like objects, 50 namespaces, 1,000 nodes (50 pods each), indexes on
// namespace and node name. Printed lines:
//   BENCH store_add_ns                    Indexer::Add of a new object (store growing to 50,000)
//   BENCH store_update_index_change_ns    Indexer::Update moving an object to another node
//   BENCH store_update_index_change_hot_ns  the same over 1,000 cache-resident objects
//   BENCH store_update_field_index_ns     the update, node index as a cache::FieldIndexFunc
//   BENCH store_update_random_order_ns    the same update, objects visited in a shuffled order
//                                         (an informer's events come in no key order: every
//                                         slot, key and object access is then a random one)
//   BENCH store_getbykey_ns               Indexer::GetByKey (random keys, shared_ptr returned)
//   BENCH store_getbykey_ref_ns           Indexer::GetByKeyRef (random keys, the object lent: no
//                                         reference count touched; Go's GetByKey returns a pointer)
//   BENCH hash_find_ns                    bare std::unordered_map<std::string, shared_ptr> find
//   BENCH store_getbykey_over_hash_find   the two measured paired (alternating blocks), median ratio
//   BENCH store_getbykey_ref_over_hash_find  the same for GetByKeyRef
//   BENCH store_byindex_node_ns           ByIndex("node", n): 50 results
//   BENCH store_byindex_node_read_ns      the same, then reading each result's node name
//   BENCH store_byindex_node_shared_ns    the same, as owning references (ObjectList::ToVector)
//   BENCH store_byindex_namespace_ns      ByIndex("namespace", ns): 1,000 results
//   BENCH store_list_all_ns               List(): 50,000 results
//   BENCH labels_index_query_ns           Select(app=X) matching 10 objects, label index on
//   BENCH labels_scan_query_ns            the same query without the label index (full scan)
//   BENCH store_overhead_bytes_per_object bytes the store + its 2 indexes allocate per object
//                                         (keys, slots, key table, postings), counted by a
//                                         global counting operator new
//   BENCH object_json_bytes               JSON size of one benchmark object, for scale
// bench/go/ runs the same workload on the real client-go Indexer with *v1.Pod objects (go_* lines,
// printed by bench-summary when a Go toolchain is installed).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/cache.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/interfaces.hpp"

#include "bench_support.hpp"

// --- counting allocator --------------------------------------------------------------------------
// Every allocation carries a 16-byte header with its requested size; while g_counting is set the
// requested bytes of live allocations are summed (frees subtract).
namespace {
bool g_counting = false;
long long g_live_bytes = 0;
constexpr std::size_t kHeader = 16;

void* CountedAlloc(std::size_t n) {
  void* raw = std::malloc(n + kHeader);
  if (raw == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(raw) = n;
  if (g_counting) g_live_bytes += static_cast<long long>(n);
  return static_cast<char*>(raw) + kHeader;
}
void CountedFree(void* p) noexcept {
  if (p == nullptr) return;
  void* raw = static_cast<char*>(p) - kHeader;
  if (g_counting) g_live_bytes -= static_cast<long long>(*static_cast<std::size_t*>(raw));
  std::free(raw);
}
// The same with a header of `align` bytes (at least kHeader), so the block stays aligned.
void* CountedAlignedAlloc(std::size_t n, std::align_val_t a) {
  const std::size_t align = std::max(static_cast<std::size_t>(a), kHeader);
  void* raw = std::aligned_alloc(align, (n + 2 * align - 1) / align * align);
  if (raw == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(raw) = n;
  if (g_counting) g_live_bytes += static_cast<long long>(n);
  return static_cast<char*>(raw) + align;
}
void CountedAlignedFree(void* p, std::align_val_t a) noexcept {
  if (p == nullptr) return;
  const std::size_t align = std::max(static_cast<std::size_t>(a), kHeader);
  void* raw = static_cast<char*>(p) - align;
  if (g_counting) g_live_bytes -= static_cast<long long>(*static_cast<std::size_t*>(raw));
  std::free(raw);
}
}  // namespace

void* operator new(std::size_t n) { return CountedAlloc(n); }
void* operator new[](std::size_t n) { return CountedAlloc(n); }
void operator delete(void* p) noexcept { CountedFree(p); }
void operator delete[](void* p) noexcept { CountedFree(p); }
void operator delete(void* p, std::size_t) noexcept { CountedFree(p); }
void operator delete[](void* p, std::size_t) noexcept { CountedFree(p); }
// Over-aligned allocations (the store's key array): the header grows to the alignment.
void* operator new(std::size_t n, std::align_val_t a) { return CountedAlignedAlloc(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return CountedAlignedAlloc(n, a); }
void operator delete(void* p, std::align_val_t a) noexcept { CountedAlignedFree(p, a); }
void operator delete[](void* p, std::align_val_t a) noexcept { CountedAlignedFree(p, a); }
void operator delete(void* p, std::size_t, std::align_val_t a) noexcept { CountedAlignedFree(p, a); }
void operator delete[](void* p, std::size_t, std::align_val_t a) noexcept { CountedAlignedFree(p, a); }

namespace {

namespace cache = apimachinery::cache;
namespace labels = apimachinery::labels;
namespace metav1 = apimachinery::metav1;
using apimachinery::runtime::Object;

struct BenchPodSpec {
  std::string node_name;
};
struct BenchPod : apimachinery::runtime::ObjectBase<BenchPod> {
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  BenchPodSpec spec;
};

constexpr int kObjects = 50000;
constexpr int kNamespaces = 50;
constexpr int kNodes = 1000;
constexpr int kApps = kObjects / 10;  // each app label value matches 10 objects

std::string NsName(int i) { return fmt::format("namespace-{:02d}", i % kNamespaces); }
std::string NodeName(int n) { return fmt::format("node-{:04d}", n); }
int NodeOf(int i) { return static_cast<int>((static_cast<long long>(i) * 7919) % kNodes); }

std::shared_ptr<const BenchPod> MakeBenchPod(int i, int node) {
  auto p = std::make_shared<BenchPod>();
  p->type_meta = {"v1", "Pod"};
  p->metadata.namespace_ = NsName(i);
  p->metadata.name = fmt::format("pod-{:07d}", i);
  p->metadata.uid = fmt::format("0f8a{:08x}-1b2c-4d5e-8f90-a1b2c3d4e5f6", i);
  p->metadata.resource_version = std::to_string(100000 + i);
  p->metadata.labels = {{"app", fmt::format("app-{:05d}", (i * 7) % kApps)},
                        {"tier", i % 3 == 0 ? "frontend" : "backend"},
                        {"env", i % 2 == 0 ? "prod" : "staging"}};
  p->spec.node_name = NodeName(node);
  return p;
}

std::vector<std::string> NodeIndexFunc(const Object& o) {
  return {static_cast<const BenchPod&>(o).spec.node_name};
}

cache::Indexers TwoIndexes() {
  return {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}, {"node", NodeIndexFunc}};
}

// The node index in the allocation-free form (cache::FieldIndexFunc).
std::optional<std::string_view> NodeField(const Object& o) {
  return static_cast<const BenchPod&>(o).spec.node_name;
}

cache::Indexers TwoIndexesNodeField() {
  return {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc},
          {"node", cache::FieldIndexFunc(&NodeField)}};
}

struct Fixture {
  std::vector<std::shared_ptr<const BenchPod>> pods;
  std::vector<std::shared_ptr<const BenchPod>> moved;  // same pods on another node
  std::vector<std::string> keys;                       // in random order
  std::unique_ptr<cache::Indexer> store;
  std::unique_ptr<cache::Indexer> labeled;  // with the label index
  std::unordered_map<std::string, std::shared_ptr<const Object>> map;

  Fixture() {
    pods.reserve(kObjects);
    moved.reserve(kObjects);
    for (int i = 0; i < kObjects; ++i) {
      pods.push_back(MakeBenchPod(i, NodeOf(i)));
      moved.push_back(MakeBenchPod(i, (NodeOf(i) + 1) % kNodes));
    }
    // The lookup keys are allocated together, after the objects, as Go's size-class allocator
    // places them (bench/go, client-go): interleaved with the objects, each key's bytes
    // would be a DRAM miss of the benchmark itself, not of the store.
    keys.reserve(kObjects);
    for (const auto& p : pods) keys.push_back(cache::MetaNamespaceKeyFunc(*p));
    std::mt19937 rng(42);
    std::shuffle(keys.begin(), keys.end(), rng);
    store = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, TwoIndexes());
    labeled = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, TwoIndexes(),
                                               cache::ThreadSafeStoreOptions{true});
    for (const auto& p : pods) {
      store->Add(p);
      labeled->Add(p);
      map.emplace(cache::MetaNamespaceKeyFunc(*p), p);
    }
  }
};

Fixture& F() {
  static Fixture f;
  return f;
}

void BM_StoreAdd(benchmark::State& state) {
  auto& f = F();
  for (auto _ : state) {
    auto store = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, TwoIndexes());
    for (const auto& p : f.pods) store->Add(p);
    state.PauseTiming();
    store.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kObjects);
}
BENCHMARK(BM_StoreAdd)->Unit(benchmark::kMillisecond);

// Updates the objects order[0], order[1], ... in turn on a full store, each moved to its other
// node and, on the next pass, back.
void UpdateInTurn(benchmark::State& state, const std::vector<std::size_t>& order,
                  const cache::Indexers& indexers = TwoIndexes()) {
  auto& f = F();
  cache::Indexer store(cache::MetaNamespaceKeyFunc, indexers);
  for (const auto& p : f.pods) store.Add(p);
  std::size_t i = 0;
  bool flip = true;
  for (auto _ : state) {
    const std::size_t k = order[i];
    store.Update(flip ? f.moved[k] : f.pods[k]);
    if (++i == order.size()) {
      i = 0;
      flip = !flip;
    }
  }
}

std::vector<std::size_t> FirstN(std::size_t n) {
  std::vector<std::size_t> order(n);
  for (std::size_t k = 0; k < n; ++k) order[k] = k;
  return order;
}

void BM_StoreUpdateIndexChange(benchmark::State& state) { UpdateInTurn(state, FirstN(kObjects)); }
BENCHMARK(BM_StoreUpdateIndexChange);

// The same with the node index written as a cache::FieldIndexFunc (no vector, no string copy).
void BM_StoreUpdateFieldIndex(benchmark::State& state) {
  UpdateInTurn(state, FirstN(kObjects), TwoIndexesNodeField());
}
BENCHMARK(BM_StoreUpdateFieldIndex);

// The same, visiting the objects in a fixed random order instead of the order they were added.
void BM_StoreUpdateRandomOrder(benchmark::State& state) {
  std::vector<std::size_t> order = FirstN(kObjects);
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  UpdateInTurn(state, order);
}
BENCHMARK(BM_StoreUpdateRandomOrder);

// The same, cycling through the first 1,000 objects only: their slots, postings and key-table
// entries stay in cache, so this is the update's compute cost without the memory latency of a
// random key (diagnostic, no target).
void BM_StoreUpdateIndexChangeHot(benchmark::State& state) { UpdateInTurn(state, FirstN(1000)); }
BENCHMARK(BM_StoreUpdateIndexChangeHot);

void BM_StoreGetByKey(benchmark::State& state) {
  auto& f = F();
  std::size_t i = 0;
  auto get = [&] {
    auto o = f.store->GetByKey(f.keys[i]);
    benchmark::DoNotOptimize(o.get());
    if (++i == f.keys.size()) i = 0;
  };
  for (auto _ : state) get();
  // The target is a ratio to the bare find: measure it paired (alternating blocks).
  std::size_t j = f.keys.size() / 2;
  auto find = [&] {
    auto it = f.map.find(f.keys[j]);
    benchmark::DoNotOptimize(it->second.get());
    if (++j == f.keys.size()) j = 0;
  };
  state.counters["paired_ratio"] = apimachinery::bench::PairedRatio(find, get, 31, 2000);
}
BENCHMARK(BM_StoreGetByKey);

void BM_StoreGetByKeyRef(benchmark::State& state) {
  auto& f = F();
  std::size_t i = 0;
  auto get = [&] {
    auto o = f.store->GetByKeyRef(f.keys[i]);
    benchmark::DoNotOptimize(o.get());
    if (++i == f.keys.size()) i = 0;
  };
  for (auto _ : state) get();
  std::size_t j = f.keys.size() / 2;
  auto find = [&] {
    auto it = f.map.find(f.keys[j]);
    benchmark::DoNotOptimize(it->second.get());
    if (++j == f.keys.size()) j = 0;
  };
  state.counters["paired_ratio"] = apimachinery::bench::PairedRatio(find, get, 31, 2000);
}
BENCHMARK(BM_StoreGetByKeyRef);

void BM_HashFind(benchmark::State& state) {
  auto& f = F();
  std::size_t i = 0;
  for (auto _ : state) {
    auto it = f.map.find(f.keys[i]);
    benchmark::DoNotOptimize(it->second.get());
    if (++i == f.keys.size()) i = 0;
  }
}
BENCHMARK(BM_HashFind);

const std::vector<std::string>& NodeNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int n = 0; n < kNodes; ++n) v.push_back(NodeName(n));
    return v;
  }();
  return names;
}

const std::vector<std::string>& NamespaceNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int n = 0; n < kNamespaces; ++n) v.push_back(NsName(n));
    return v;
  }();
  return names;
}

// Calls read(value) once per iteration, cycling through `values`; read returns its result count.
template <typename Value, typename Read>
void CycleValues(benchmark::State& state, const std::vector<Value>& values, Read&& read) {
  std::size_t i = 0;
  std::size_t total = 0;
  for (auto _ : state) {
    total += read(values[i]);
    if (++i == values.size()) i = 0;
  }
  state.counters["results"] = static_cast<double>(total) / static_cast<double>(state.iterations());
}

void BM_ByIndexNode(benchmark::State& state) {
  const cache::Indexer& store = *F().store;
  CycleValues(state, NodeNames(), [&](const std::string& node) {
    auto r = store.ByIndex("node", node);
    benchmark::DoNotOptimize(r);
    return r.size();
  });
}
BENCHMARK(BM_ByIndexNode);

// ByIndex, then reading every result's node name: what a caller then does (touches each object).
void BM_ByIndexNodeRead(benchmark::State& state) {
  const cache::Indexer& store = *F().store;
  CycleValues(state, NodeNames(), [&](const std::string& node) {
    std::size_t chars = 0;
    for (const Object* o : store.ByIndex("node", node))
      chars += static_cast<const BenchPod*>(o)->spec.node_name.size();
    benchmark::DoNotOptimize(chars);
    return chars / node.size();
  });
}
BENCHMARK(BM_ByIndexNodeRead);

// The same read returned as owning references (ObjectList::ToVector): the shape std::vector of
// shared_ptr had before, for comparison.
void BM_ByIndexNodeShared(benchmark::State& state) {
  const cache::Indexer& store = *F().store;
  CycleValues(state, NodeNames(), [&](const std::string& node) {
    auto r = store.ByIndex("node", node).ToVector();
    benchmark::DoNotOptimize(r.data());
    return r.size();
  });
}
BENCHMARK(BM_ByIndexNodeShared);

void BM_ByIndexNamespace(benchmark::State& state) {
  const cache::Indexer& store = *F().store;
  CycleValues(state, NamespaceNames(), [&](const std::string& ns) {
    auto r = store.ByIndex(cache::kNamespaceIndex, ns);
    benchmark::DoNotOptimize(r);
    return r.size();
  });
}
BENCHMARK(BM_ByIndexNamespace);

void BM_ListAll(benchmark::State& state) {
  auto& f = F();
  for (auto _ : state) {
    auto r = f.store->List();
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_ListAll)->Unit(benchmark::kMillisecond);

std::vector<cache::SelectQuery> AppQueries() {
  std::vector<cache::SelectQuery> qs;
  for (int a = 0; a < kApps; a += 37) {
    qs.push_back(cache::SelectQuery().MatchingLabels(labels::Parse(fmt::format("app=app-{:05d}", a))));
  }
  return qs;
}

void BM_LabelsIndexQuery(benchmark::State& state) {
  const cache::Indexer& store = *F().labeled;
  CycleValues(state, AppQueries(), [&](const cache::SelectQuery& q) {
    auto r = store.Select(q);
    benchmark::DoNotOptimize(r);
    return r.size();
  });
}
BENCHMARK(BM_LabelsIndexQuery);

void BM_LabelsScanQuery(benchmark::State& state) {
  const cache::Indexer& store = *F().store;
  CycleValues(state, AppQueries(), [&](const cache::SelectQuery& q) {
    auto r = store.Select(q);
    benchmark::DoNotOptimize(r);
    return r.size();
  });
}
BENCHMARK(BM_LabelsScanQuery)->Unit(benchmark::kMillisecond);

// Bytes the store and its two indexes keep per object, objects excluded (they exist already).
double OverheadBytesPerObject() {
  auto& f = F();
  g_live_bytes = 0;
  g_counting = true;
  double per_object = 0;
  {
    auto store = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, TwoIndexes());
    for (const auto& p : f.pods) store->Add(p);
    per_object = static_cast<double>(g_live_bytes) / kObjects;
    g_counting = false;
    std::printf("counted %lld bytes for %d objects (store's own estimate %zu bytes)\n", g_live_bytes,
                kObjects, store->GetStore().MemoryBytes());
  }
  return per_object;
}

double ObjectJsonBytes() {
  const auto& p = *F().pods[12345];
  nlohmann::json j = {{"apiVersion", p.type_meta.api_version},
                      {"kind", p.type_meta.kind},
                      {"metadata",
                       {{"name", p.metadata.name},
                        {"namespace", p.metadata.namespace_},
                        {"uid", p.metadata.uid},
                        {"resourceVersion", p.metadata.resource_version},
                        {"labels", p.metadata.labels}}},
                      {"spec", {{"nodeName", p.spec.node_name}}}};
  return static_cast<double>(j.dump().size());
}

}  // namespace

int main(int argc, char** argv) {
  namespace b = apimachinery::bench;
  F();  // build the fixture before timing anything
  const double overhead = OverheadBytesPerObject();
  auto r = b::Run(argc, argv);
  auto per = [&](const char* name, double div) {
    const double ns = b::NsOf(r, name);
    return ns < 0 ? ns : ns / div;
  };
  b::Print("store_add_ns", per("BM_StoreAdd", kObjects), "ns");
  b::Print("store_update_index_change_ns", per("BM_StoreUpdateIndexChange", 1), "ns");
  b::Print("store_update_index_change_hot_ns", per("BM_StoreUpdateIndexChangeHot", 1), "ns");
  b::Print("store_update_random_order_ns", per("BM_StoreUpdateRandomOrder", 1), "ns");
  b::Print("store_update_field_index_ns", per("BM_StoreUpdateFieldIndex", 1), "ns");
  b::Print("store_getbykey_ns", per("BM_StoreGetByKey", 1), "ns");
  b::Print("store_getbykey_ref_ns", per("BM_StoreGetByKeyRef", 1), "ns");
  b::Print("hash_find_ns", per("BM_HashFind", 1), "ns");
  b::Print("store_getbykey_over_hash_find", b::CounterOf(r, "BM_StoreGetByKey", "paired_ratio"), "x");
  b::Print("store_getbykey_ref_over_hash_find", b::CounterOf(r, "BM_StoreGetByKeyRef", "paired_ratio"), "x");
  b::Print("store_byindex_node_ns", per("BM_ByIndexNode", 1), "ns");
  b::Print("store_byindex_node_read_ns", per("BM_ByIndexNodeRead", 1), "ns");
  b::Print("store_byindex_node_shared_ns", per("BM_ByIndexNodeShared", 1), "ns");
  b::Print("store_byindex_namespace_ns", per("BM_ByIndexNamespace", 1), "ns");
  b::Print("store_list_all_ns", per("BM_ListAll", 1), "ns");
  b::Print("labels_index_query_ns", per("BM_LabelsIndexQuery", 1), "ns");
  b::Print("labels_scan_query_ns", per("BM_LabelsScanQuery", 1), "ns");
  b::Print("store_overhead_bytes_per_object", overhead, "bytes");
  b::Print("object_json_bytes", ObjectJsonBytes(), "bytes");
  return 0;
}
