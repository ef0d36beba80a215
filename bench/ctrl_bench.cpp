// Benchmarks of the controller layer (ctrl::Cache, ctrl::Controller) on the realistic pods of
// pod_gen.hpp: 50,000 pods (50 namespaces, 50 pods per node, each `app` label value on exactly 10
// pods) created in a testing::FakeAPIServer, cached by a ctrl::Cache with the index
// `spec.nodeName` registered through IndexField, and reconciled by a ctrl::Controller watching the
// cache's informer through KindSource and EnqueueRequestForObject (default options:
// one worker, the default rate limiter, no predicates; CountingMetrics, as controller-runtime
// always records its metrics; logs discarded). Printed lines:
//   BENCH ctrl_get_ns             Cache::Get of a pod by key (keys in std::shuffle(std::mt19937(42))
//                                 order): the cached std::shared_ptr<const Unstructured>, no copy
//   BENCH ctrl_list_fields_ns     Cache::List(MatchingFields{{"spec.nodeName", n}}) over the nodes
//                                 in turn: 50 of 50,000 pods through the field index
//   BENCH ctrl_list_labels_ns     Cache::List(MatchingLabels{{"app", a}}) over the app values in
//                                 turn: 10 of 50,000 pods (no namespace)
//   BENCH ctrl_reconciles_per_s   no-op reconciles per second driven by pod updates through the
//                                 whole pipeline: 10,000 FakeAPIServer::Update calls of distinct
//                                 pods (each moved to another node; the documents parsed before
//                                 the clock starts; the server reads the stored state from the
//                                 event object the cache still holds, serializes the new state
//                                 and copies it into the one event object its watches share)
//                                 -> the watch -> Reflector ->
//                                 DeltaFIFO -> Indexer
//                                 -> the KindSource's handler -> the controller's rate-limited
//                                 workqueue -> the reconciler, from the first Update to the
//                                 10,000th reconcile (distinct keys: one reconcile per update);
//                                 fastest of 3 rounds, after the 50,000 reconciles of the initial
//                                 sync drained
//   BENCH ctrl_reconciles_held_per_s  diagnostics: the same with the server holding the events
//                                 until the 10,000 updates are done (its watch delay on a fake
//                                 clock), the clock started at their release: the pipeline from
//                                 the watch on, without the writer (FakeAPIServer::Update
//                                 validates, compares and serializes the new state and copies it
//                                 into the event under its lock, about 85 us per update here,
//                                 which shares the two cores with the pipeline in
//                                 ctrl_reconciles_per_s); Go's writer only queues prepared bytes, so its
//                                 go_ctrl_reconciles_per_s is already this figure's counterpart
//                                 as far as the writer goes (its client still decodes the JSON,
//                                 which the C++ server did at write time)
//   BENCH ctrl_cache_bytes_per_pod  the bytes the cache's informer retains per pod (Cache::Stats)
//   BENCH ctrl_cache_bytes_per_pod_compact  the heap a second informer of the same 50,000 pods
//                                 read as runtime::CompactUnstructured adds, per pod (mallinfo2;
//                                 compare go_informer_bytes_per_pod of informer_bench: client-go's
//                                 informer of unstructured pods)
//   BENCH ctrl_get_copy_ns        diagnostics: ctrl_get_ns and ctrl_list_fields_ns plus a copy of
//   BENCH ctrl_list_fields_copy_ns  each object returned (what controller-runtime's deep copy
//                                 into the caller's object costs here)
// Objects are runtime::Unstructured: the library has no typed core/v1 Pod, and a small typed Pod
// (metadata and spec.nodeName) would hold a twentieth of the document, where the Go side's typed
// *v1.Pod holds all of it; the Unstructured pod holds every field, as the typed one does.
// bench/go (`-ctrl`, ctrl.go) runs the same workloads on controller-runtime v0.25.3 (cache.New,
// controller.NewUnmanaged, source.Kind) over an httptest server of the same pods: its go_ctrl_*
// lines. With `--go <baseline binary>` this program runs it right after its own measurements and
// prints its lines too, each after the C++ line it pairs with. Differences of the setups: the Go
// server speaks HTTP and its client decodes JSON into typed pods (the C++ FakeAPIServer hands the
// informer parsed documents, its parse done on the writer's side); controller-runtime deep-copies
// what Get and List return, the C++ cache hands out its shared objects (the _copy_ and Go's
// _nocopy_ diagnostics measure both ways on both sides); the stored pods differ from the Go
// server's by what FakeAPIServer::Create assigns (uid, resourceVersion, creationTimestamp,
// generation).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/ctrl/controller.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/ctrl/metrics.hpp"
#include "apimachinery/ctrl/reconcile.hpp"
#include "apimachinery/ctrl/source.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/json/json.hpp"

#include "bench_support.hpp"
#include "pod_gen.hpp"

namespace {

namespace ctrl = apimachinery::ctrl;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
using apimachinery::bench::Gen;
using apimachinery::bench::kApps;
using apimachinery::bench::kFirstResourceVersion;
using apimachinery::bench::kNamespaces;
using apimachinery::bench::kNodes;
using apimachinery::bench::NodeOf;

// The workloads (bench/go/ctrl.go has the same constants).
constexpr int kObjects = 50000;
constexpr int kUpdates = 10000;  // updates (of pods 0..kUpdates-1) per reconcile round
constexpr int kRounds = 3;
constexpr std::string_view kNodeIndex = "spec.nodeName";

const schema::GroupVersionResource kPods{"", "v1", "pods"};
const schema::GroupVersionKind kPodKind{"", "v1", "Pod"};
const ctrl::ObjectType kPodType = ctrl::ObjectType::Of<runtime::Unstructured>(kPodKind);

std::string NamespaceOf(int i) { return fmt::format("ns-{:02d}", i % kNamespaces); }

// The node index: spec.nodeName of the Unstructured pod.
std::vector<std::string> NodeNameOf(const runtime::Object& o) {
  const nlohmann::json& body = static_cast<const runtime::Unstructured&>(o).Body();
  auto spec = body.find("spec");
  if (spec == body.end() || !spec->is_object()) return {};
  auto node = spec->find("nodeName");
  if (node == spec->end() || !node->is_string()) return {};
  return {node->get<std::string>()};
}

// World: the server holding the pods, the synced cache and the running controller, with the
// initial sync's reconciles drained.
class World {
 public:
  World()
      : scheme_("ctrl_bench"),
        clock_(std::make_shared<apimachinery::util::clock::FakeClock>()),
        server_(apimachinery::testing::FakeAPIServerOptions{.clock = clock_}) {
    server_.AddResource(kPods, "Pod", meta::RESTScopeName::kNamespace);
    resource_versions_.resize(kObjects);
    std::string doc;
    for (int i = 0; i < kObjects; ++i) {
      doc.clear();
      Gen().AppendPod(doc, i, kFirstResourceVersion + i, NodeOf(i));
      nlohmann::json pod = apimachinery::util::json::Parse(doc);
      pod["metadata"].erase("resourceVersion");  // Create refuses one
      const nlohmann::json created = server_.Create(kPods, NamespaceOf(i), std::move(pod));
      resource_versions_[static_cast<std::size_t>(i)] =
          created["metadata"]["resourceVersion"].get<std::string>();
    }
    auto mapper = std::make_shared<meta::DefaultRESTMapper>(std::vector<schema::GroupVersion>{{"", "v1"}});
    mapper->Add(kPodKind, meta::RESTScopeName::kNamespace);
    cache_ = std::make_unique<ctrl::Cache>(scheme_, mapper, server_.Dynamic());
    cache_->IndexField(kPodType, std::string(kNodeIndex), NodeNameOf);
    controller_ = std::make_unique<ctrl::Controller>(
        "ctrl-bench", ctrl::ReconcileFunc([this](const ctrl::Request&) {
          if (reconciles_.fetch_add(1, std::memory_order_relaxed) + 1 >=
              target_.load(std::memory_order_relaxed)) {
            reconciles_.notify_all();
          }
          return ctrl::Result{};
        }),
        ctrl::ControllerOptions{.log_sink = std::make_shared<ctrl::DiscardLogSink>(),
                                .metrics = std::make_shared<ctrl::CountingMetrics>()});
    controller_->Watch(std::make_shared<ctrl::KindSource>(cache_->GetInformer(kPodType),
                                                          std::make_shared<ctrl::EnqueueRequestForObject>()));
    target_ = kObjects;  // the initial sync: one reconcile per pod
    cache_thread_ = std::jthread([this](std::stop_token stop) { cache_->Start(std::move(stop)); });
    if (!cache_->WaitForCacheSync(cache_thread_.get_stop_token()))
      throw std::runtime_error("the cache did not sync");
    controller_thread_ = std::jthread([this](const std::stop_token& stop) { controller_->Start(stop); });
    WaitForReconciles();

    keys_.reserve(kObjects);
    for (int i = 0; i < kObjects; ++i) keys_.push_back({NamespaceOf(i), fmt::format("pod-{:05d}", i)});
    std::shuffle(keys_.begin(), keys_.end(), std::mt19937(42));  // bench/go/ctrl.go: ctrlKeys
    for (int n = 0; n < kNodes; ++n) nodes_.push_back(fmt::format("node-{:04d}", n));
    for (int a = 0; a < kApps; ++a) apps_.push_back(fmt::format("app-{:04d}", a));
  }
  ~World() {
    controller_thread_ = {};  // stops and joins the controller, then the cache
    cache_thread_ = {};
  }
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  const ctrl::Cache& Cache() const { return *cache_; }

  // CachedBytesPerPod: the Unstructured informer's retained bytes per pod (Cache::Stats), then
  // the heap a second informer of the same pods as CompactUnstructured adds once synced, per pod
  // (glibc mallinfo2, chunk overhead included: the store, its indexes and the objects).
  std::pair<double, double> CachedBytesPerPod() {
    double unstructured = -1;
    for (const auto& st : cache_->Stats()) {
      if (st.type.IsUnstructured())
        unstructured = static_cast<double>(st.bytes) / static_cast<double>(st.objects);
    }
    malloc_trim(0);
    const struct mallinfo2 before = mallinfo2();
    cache_->GetInformer(ctrl::ObjectType::Of<runtime::CompactUnstructured>(kPodKind));
    if (!cache_->WaitForCacheSync(cache_thread_.get_stop_token()))
      throw std::runtime_error("the compact informer did not sync");
    malloc_trim(0);
    const struct mallinfo2 after = mallinfo2();
    const double compact = (static_cast<double>(after.uordblks + after.hblkhd) -
                            static_cast<double>(before.uordblks + before.hblkhd)) /
                           kObjects;
    return {unstructured, compact};
  }
  const std::vector<ctrl::ObjectKey>& Keys() const { return keys_; }
  const std::vector<std::string>& Nodes() const { return nodes_; }
  const std::vector<std::string>& Apps() const { return apps_; }

  // ReconcileRound: kUpdates updates of pods 0..kUpdates-1 (each moved `round` nodes on from
  // its first one); reconciles per second from the first update to the last reconcile. `held`:
  // the server holds the events (SetWatchEventDelay on its fake clock) until every update is
  // done, then releases them at once; the clock starts at the release.
  double ReconcileRound(int round, bool held) {
    std::vector<nlohmann::json> docs;
    docs.reserve(kUpdates);
    std::string doc;
    for (int i = 0; i < kUpdates; ++i) {
      doc.clear();
      Gen().AppendPod(doc, i, 0, (NodeOf(i) + round) % kNodes);
      nlohmann::json pod = apimachinery::util::json::Parse(doc);
      pod["metadata"]["resourceVersion"] = resource_versions_[static_cast<std::size_t>(i)];
      docs.push_back(std::move(pod));
    }
    target_ = reconciles_.load() + kUpdates;
    if (held) server_.SetWatchEventDelay(kHold);
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kUpdates; ++i) {
      const nlohmann::json updated =
          server_.Update(kPods, NamespaceOf(i), std::move(docs[static_cast<std::size_t>(i)]));
      resource_versions_[static_cast<std::size_t>(i)] =
          updated["metadata"]["resourceVersion"].get<std::string>();
    }
    if (held) {
      server_.SetWatchEventDelay(std::chrono::milliseconds(0));
      if (reconciles_.load() + kUpdates != target_.load())
        throw std::runtime_error("a held event was delivered");
      start = std::chrono::steady_clock::now();
      clock_->Step(kHold);  // not more: a watch whose timeout passes drops what it holds
    }
    WaitForReconciles();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return kUpdates / seconds;
  }

 private:
  void WaitForReconciles() {
    const long long target = target_.load();
    for (long long v = reconciles_.load(); v < target; v = reconciles_.load()) reconciles_.wait(v);
  }

  // kHold: how long the server holds events on its clock (kRounds of it stay far below the
  // Reflector's watch timeout, at least 5 minutes).
  static constexpr std::chrono::milliseconds kHold = std::chrono::seconds(1);

  runtime::Scheme scheme_;
  std::shared_ptr<apimachinery::util::clock::FakeClock> clock_;  // the server's
  apimachinery::testing::FakeAPIServer server_;
  std::vector<std::string> resource_versions_;
  std::unique_ptr<ctrl::Cache> cache_;
  std::unique_ptr<ctrl::Controller> controller_;
  std::atomic<long long> reconciles_{0};
  std::atomic<long long> target_{0};
  std::jthread cache_thread_;
  std::jthread controller_thread_;
  std::vector<ctrl::ObjectKey> keys_;
  std::vector<std::string> nodes_, apps_;
};

World* the_world = nullptr;

void CheckName(benchmark::State& state, const runtime::Unstructured& pod, const std::string& want) {
  const auto* m = pod.GetObjectMeta();
  if (m == nullptr || m->name != want) state.SkipWithError("Get returned another pod");
}

void BM_CtrlGet(benchmark::State& state) {
  const World& w = *the_world;
  std::size_t i = 0;
  for (auto _ : state) {
    std::shared_ptr<const runtime::Unstructured> pod =
        w.Cache().Get<runtime::Unstructured>(kPodKind, w.Keys()[i]);
    CheckName(state, *pod, w.Keys()[i].name);
    benchmark::DoNotOptimize(pod.get());
    if (++i == w.Keys().size()) i = 0;
  }
}
BENCHMARK(BM_CtrlGet);

void BM_CtrlGetCopy(benchmark::State& state) {
  const World& w = *the_world;
  std::size_t i = 0;
  for (auto _ : state) {
    runtime::Unstructured pod = *w.Cache().Get<runtime::Unstructured>(kPodKind, w.Keys()[i]);
    CheckName(state, pod, w.Keys()[i].name);
    benchmark::DoNotOptimize(&pod);
    if (++i == w.Keys().size()) i = 0;
  }
}
BENCHMARK(BM_CtrlGetCopy);

template <bool kCopy>
void ListFields(benchmark::State& state) {
  const World& w = *the_world;
  std::size_t n = 0;
  for (auto _ : state) {
    const std::string& node = w.Nodes()[n];
    ctrl::ObjectList<runtime::Unstructured> pods = w.Cache().List<runtime::Unstructured>(
        kPodKind, ctrl::MatchingFields{{{std::string(kNodeIndex), node}}});
    if (pods.items.size() != kObjects / kNodes) state.SkipWithError("List by node: wrong count");
    if constexpr (kCopy) {
      std::vector<runtime::Unstructured> copies;
      copies.reserve(pods.items.size());
      for (const auto& p : pods.items) copies.push_back(*p);
      benchmark::DoNotOptimize(copies.data());
    }
    benchmark::DoNotOptimize(pods.items.data());
    if (++n == w.Nodes().size()) n = 0;
  }
}
void BM_CtrlListFields(benchmark::State& state) { ListFields<false>(state); }
BENCHMARK(BM_CtrlListFields)->Unit(benchmark::kMicrosecond);
void BM_CtrlListFieldsCopy(benchmark::State& state) { ListFields<true>(state); }
BENCHMARK(BM_CtrlListFieldsCopy)->Unit(benchmark::kMicrosecond);

void BM_CtrlListLabels(benchmark::State& state) {
  const World& w = *the_world;
  std::size_t n = 0;
  for (auto _ : state) {
    ctrl::ObjectList<runtime::Unstructured> pods =
        w.Cache().List<runtime::Unstructured>(kPodKind, ctrl::MatchingLabels{{{"app", w.Apps()[n]}}});
    if (pods.items.size() != kObjects / kApps) state.SkipWithError("List by label: wrong count");
    benchmark::DoNotOptimize(pods.items.data());
    if (++n == w.Apps().size()) n = 0;
  }
}
BENCHMARK(BM_CtrlListLabels)->Unit(benchmark::kMicrosecond);

// GoLines runs the Go baseline's -ctrl workloads and returns its BENCH lines by name.
std::map<std::string, std::string> GoLines(const std::string& binary) {
  const std::string command = fmt::format("'{}' -ctrl -testdata '{}'", binary, APIMACHINERY_TESTDATA_DIR);
  FILE* child = popen(command.c_str(), "r");
  if (child == nullptr) throw std::runtime_error("popen failed");
  std::map<std::string, std::string> lines;
  char buf[512];
  while (std::fgets(buf, sizeof buf, child) != nullptr) {
    std::string_view line(buf);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
    if (line.rfind("BENCH ", 0) != 0) continue;
    const std::string_view rest = line.substr(6);
    lines.emplace(std::string(rest.substr(0, rest.find(' '))), std::string(line));
  }
  if (pclose(child) != 0) throw std::runtime_error("the Go baseline failed");
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  namespace b = apimachinery::bench;
  // --go <binary>: run the Go baseline afterwards and print its line after each C++ one.
  std::string go_binary;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string_view(argv[i]) == "--go") {
      go_binary = argv[i + 1];
      for (int j = i; j + 2 < argc; ++j) argv[j] = argv[j + 2];
      argc -= 2;
      break;
    }
  }
  auto world = std::make_unique<World>();
  the_world = world.get();
  auto r = b::Run(argc, argv);
  double reconciles = -1, reconciles_held = -1;
  std::string rounds, rounds_held;
  for (int round = 1; round <= kRounds; ++round) {
    const double full = world->ReconcileRound(2 * round - 1, false);
    const double held = world->ReconcileRound(2 * round, true);
    rounds += fmt::format(" {:.0f}", full);
    rounds_held += fmt::format(" {:.0f}", held);
    reconciles = std::max(reconciles, full);
    reconciles_held = std::max(reconciles_held, held);
  }
  std::printf("ctrl reconcile rounds (reconciles/s):%s; held:%s\n", rounds.c_str(), rounds_held.c_str());
  const auto [bytes_per_pod, bytes_per_pod_compact] = world->CachedBytesPerPod();
  the_world = nullptr;
  world.reset();

  std::map<std::string, std::string> go;
  if (!go_binary.empty()) go = GoLines(go_binary);
  auto print = [&](std::string_view name, double value, std::string_view unit) {
    b::Print(name, value, unit);
    auto it = go.find(fmt::format("go_{}", name));
    if (it != go.end()) std::printf("%s\n", it->second.c_str());
  };
  print("ctrl_get_ns", b::NsOf(r, "BM_CtrlGet"), "ns");
  print("ctrl_list_fields_ns", b::NsOf(r, "BM_CtrlListFields"), "ns");
  print("ctrl_list_labels_ns", b::NsOf(r, "BM_CtrlListLabels"), "ns");
  print("ctrl_reconciles_per_s", reconciles, "reconciles/s");
  print("ctrl_reconciles_held_per_s", reconciles_held, "reconciles/s");
  print("ctrl_cache_bytes_per_pod", bytes_per_pod, "bytes");
  print("ctrl_cache_bytes_per_pod_compact", bytes_per_pod_compact, "bytes");
  print("ctrl_get_copy_ns", b::NsOf(r, "BM_CtrlGetCopy"), "ns");
  print("ctrl_list_fields_copy_ns", b::NsOf(r, "BM_CtrlListFieldsCopy"), "ns");
  for (const char* name : {"go_ctrl_get_nocopy_ns", "go_ctrl_list_fields_nocopy_ns"}) {
    auto it = go.find(name);
    if (it != go.end()) std::printf("%s\n", it->second.c_str());
  }
  return 0;
}
