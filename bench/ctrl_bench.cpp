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
//                                 whole pipeline, fed the event stream bench/go feeds
//                                 controller-runtime: 10,000 MODIFIED events of distinct pods
//                                 (each moved to another node; the same bytes as Go's, built
//                                 before the clock starts) written one at a time into the watch
//                                 the cache's informer reads (StreamAPI: a watch::NewPipe, as Go's
//                                 httptest server writes its watch response) -> JSON decoding
//                                 (watch::NewStreamWatcher) -> Reflector -> RealFIFO -> Indexer
//                                 -> the KindSource's handler -> the controller's rate-limited
//                                 workqueue -> the reconciler, from the first write to the
//                                 10,000th reconcile (distinct keys: one reconcile per update);
//                                 fastest of 3 rounds, after the 50,000 reconciles of the initial
//                                 sync drained. Pairs with go_ctrl_reconciles_per_s
//   BENCH ctrl_reconciles_per_s_compact  the same with the cache holding
//                                 runtime::CompactUnstructured pods (the watch decoding them with
//                                 EventStreamDecoderOptions::compact)
//   BENCH ctrl_reconciles_server_per_s  diagnostics: the rounds driven by 10,000
//                                 FakeAPIServer::Update calls instead (the documents parsed
//                                 before the clock starts; the server validates, compares and
//                                 serializes each new state and copies it into the one event
//                                 object its watches share, about 85 us per update on the
//                                 benchmark's thread, sharing the two cores with the pipeline;
//                                 the informer gets parsed objects, no JSON decoding)
//   BENCH ctrl_reconciles_held_per_s  diagnostics: those server-driven rounds with the server
//                                 holding the events until the 10,000 updates are done (its watch
//                                 delay on a fake clock), the clock started at their release: the
//                                 pipeline from the watch on, without the writer and without JSON
//                                 decoding
//   BENCH ctrl_cache_bytes_per_pod  the bytes the cache's informer retains per pod (Cache::Stats)
//   BENCH ctrl_cache_bytes_per_pod_compact  the heap a second informer of the same 50,000 pods
//                                 read as runtime::CompactUnstructured adds, per pod (mallinfo2;
//                                 strings interned, CacheOptions::intern_strings, the default;
//                                 compare go_informer_bytes_per_pod of informer_bench: client-go's
//                                 informer of unstructured pods; informer_bench's _compact and
//                                 _compact_interned lines measure interning against its absence)
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
// server speaks HTTP and its client decodes JSON into typed pods (the C++ cache decodes the same
// event bytes from an in-memory pipe into Unstructured pods; in the server-driven diagnostics the
// FakeAPIServer hands the informer parsed documents instead); controller-runtime deep-copies
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
#include <mutex>
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
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/watch/decoder.hpp"
#include "apimachinery/watch/fake.hpp"

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
const ctrl::ObjectType kCompactPodType = ctrl::ObjectType::Of<runtime::CompactUnstructured>(kPodKind);

std::string NamespaceOf(int i) { return fmt::format("ns-{:02d}", i % kNamespaces); }

// The node index: spec.nodeName of the Unstructured (or CompactUnstructured) pod.
std::vector<std::string> NodeNameOf(const runtime::Object& o) {
  if (o.GetTypeId() == apimachinery::util::kTypeId<runtime::CompactUnstructured>) {
    const auto node = static_cast<const runtime::CompactUnstructured&>(o).Root().FindPath("spec", "nodeName");
    if (!node.IsString()) return {};
    return {std::string(node.String())};
  }
  const nlohmann::json& body = static_cast<const runtime::Unstructured&>(o).Body();
  auto spec = body.find("spec");
  if (spec == body.end() || !spec->is_object()) return {};
  auto node = spec->find("nodeName");
  if (node == spec->end() || !node->is_string()) return {};
  return {node->get<std::string>()};
}

// StreamAPI: the dynamic::Interface of the like-for-like reconcile rounds: every verb goes to the
// FakeAPIServer (so the cache lists the same 50,000 pods), except the first Watch, which reads the
// bytes the benchmark writes into a watch::NewPipe (what Go's httptest server writes into its
// watch response) through watch::NewStreamWatcher, decoding each event's JSON as a client
// decodes an HTTP watch body. Later watches never send; Watches() counts them (one is expected:
// the Reflector's watch timeout is minutes, far beyond a round).
class StreamAPI final : public apimachinery::dynamic::Interface {
 public:
  // `compact`: the watch decodes runtime::CompactUnstructured objects (EventStreamDecoderOptions::compact).
  StreamAPI(std::shared_ptr<apimachinery::dynamic::Interface> inner, bool compact)
      : inner_(std::move(inner)), compact_(compact) {
    auto [reader, writer] = apimachinery::watch::NewPipe();
    reader_ = std::move(reader);
    writer_ = std::move(writer);
  }
  // Write: queues the bytes of one or more events for the watch (never blocks).
  void Write(std::string_view bytes) { writer_->Write(bytes); }
  int Watches() const { return watches_.load(); }

  nlohmann::json Get(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                     const apimachinery::metav1::GetOptions& options, std::string_view subresource,
                     apimachinery::dynamic::ResponseShape shape) override {
    return inner_->Get(gvr, ns, name, options, subresource, shape);
  }
  nlohmann::json List(const schema::GroupVersionResource& gvr, std::string_view ns,
                      const apimachinery::metav1::ListOptions& options,
                      apimachinery::dynamic::ResponseShape shape) override {
    return inner_->List(gvr, ns, options, shape);
  }
  std::unique_ptr<apimachinery::watch::Interface> Watch(const schema::GroupVersionResource&, std::string_view,
                                                        const apimachinery::metav1::ListOptions&,
                                                        apimachinery::dynamic::ResponseShape) override {
    std::lock_guard lock(mu_);
    ++watches_;
    if (!reader_) return std::make_unique<apimachinery::watch::FakeWatcher>();
    return apimachinery::watch::NewStreamWatcher(
        std::move(reader_), serializer_,
        apimachinery::watch::EventStreamDecoderOptions{.unstructured = true, .compact = compact_});
  }
  nlohmann::json Create(const schema::GroupVersionResource& gvr, std::string_view ns, nlohmann::json object,
                        const apimachinery::metav1::CreateOptions& options,
                        std::string_view subresource) override {
    return inner_->Create(gvr, ns, std::move(object), options, subresource);
  }
  nlohmann::json CreateSubresource(const schema::GroupVersionResource& gvr, std::string_view ns,
                                   std::string_view name, std::string_view subresource, nlohmann::json body,
                                   const apimachinery::metav1::CreateOptions& options) override {
    return inner_->CreateSubresource(gvr, ns, name, subresource, std::move(body), options);
  }
  nlohmann::json Update(const schema::GroupVersionResource& gvr, std::string_view ns, nlohmann::json object,
                        const apimachinery::metav1::UpdateOptions& options,
                        std::string_view subresource) override {
    return inner_->Update(gvr, ns, std::move(object), options, subresource);
  }
  nlohmann::json Patch(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                       std::string_view patch_type, const nlohmann::json& patch,
                       const apimachinery::metav1::PatchOptions& options,
                       std::string_view subresource) override {
    return inner_->Patch(gvr, ns, name, patch_type, patch, options, subresource);
  }
  nlohmann::json Delete(const schema::GroupVersionResource& gvr, std::string_view ns, std::string_view name,
                        const apimachinery::metav1::DeleteOptions& options) override {
    return inner_->Delete(gvr, ns, name, options);
  }
  nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr, std::string_view ns,
                                  const apimachinery::metav1::DeleteOptions& options,
                                  const apimachinery::metav1::ListOptions& list_options) override {
    return inner_->DeleteCollection(gvr, ns, options, list_options);
  }

 private:
  std::shared_ptr<apimachinery::dynamic::Interface> inner_;
  bool compact_ = false;
  runtime::Scheme scheme_{"ctrl_bench_stream"};
  runtime::JSONSerializer serializer_{scheme_};
  std::mutex mu_;
  std::unique_ptr<apimachinery::watch::PipeReader> reader_;
  std::shared_ptr<apimachinery::watch::PipeWriter> writer_;
  std::atomic<int> watches_{0};
};

// Feed: what drives the reconcile rounds: FakeAPIServer::Update calls on the benchmark's thread
// (kServer), or prepared watch-event bytes written to StreamAPI's watch (kStream, as bench/go),
// the cache holding runtime::Unstructured pods, or runtime::CompactUnstructured ones
// (kStreamCompact).
enum class Feed { kServer, kStream, kStreamCompact };

// World: the server holding the pods, the synced cache and the running controller, with the
// initial sync's reconciles drained.
class World {
 public:
  explicit World(Feed feed)
      : scheme_("ctrl_bench"),
        clock_(std::make_shared<apimachinery::util::clock::FakeClock>()),
        // The pods keep no managedFields, as the Go side's generated pods.
        server_(apimachinery::testing::FakeAPIServerOptions{.clock = clock_, .track_managed_fields = false}) {
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
    std::shared_ptr<apimachinery::dynamic::Interface> api = server_.Dynamic();
    if (feed != Feed::kServer) {
      stream_ = std::make_shared<StreamAPI>(api, feed == Feed::kStreamCompact);
      api = stream_;
    }
    const ctrl::ObjectType& type = feed == Feed::kStreamCompact ? kCompactPodType : kPodType;
    cache_ = std::make_unique<ctrl::Cache>(scheme_, mapper, std::move(api));
    cache_->IndexField(type, std::string(kNodeIndex), NodeNameOf);
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
    controller_->Watch(std::make_shared<ctrl::KindSource>(cache_->GetInformer(type),
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

  // StreamRound: kUpdates MODIFIED events of pods 0..kUpdates-1 (each moved `round` nodes on
  // from its first one; resourceVersions counting on from the PodList's, as bench/go/ctrl.go
  // writes them), their bytes built before the clock starts, then written to the watch one event
  // at a time; reconciles per second from the first write to the last reconcile.
  double StreamRound(int round) {
    if (!stream_) throw std::logic_error("StreamRound needs a World of Feed::kStream");
    std::vector<std::string> batch(kUpdates);
    for (int i = 0; i < kUpdates; ++i) {
      std::string& ev = batch[static_cast<std::size_t>(i)];
      ev = R"({"type":"MODIFIED","object":)";
      Gen().AppendPod(ev, i, ++stream_rv_, (NodeOf(i) + round) % kNodes);
      ev += "}\n";
    }
    target_ = reconciles_.load() + kUpdates;
    const auto start = std::chrono::steady_clock::now();
    for (const std::string& ev : batch) stream_->Write(ev);
    WaitForReconciles();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (stream_->Watches() != 1) throw std::runtime_error("the informer watched again (a relist)");
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
  std::shared_ptr<StreamAPI> stream_;  // Feed::kStream
  long long stream_rv_ = apimachinery::bench::kPodListVersion;
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
  auto world = std::make_unique<World>(Feed::kServer);
  the_world = world.get();
  auto r = b::Run(argc, argv);
  double reconciles_server = -1, reconciles_held = -1, reconciles = -1;
  std::string rounds_server, rounds_held, rounds;
  for (int round = 1; round <= kRounds; ++round) {
    const double full = world->ReconcileRound(2 * round - 1, false);
    const double held = world->ReconcileRound(2 * round, true);
    rounds_server += fmt::format(" {:.0f}", full);
    rounds_held += fmt::format(" {:.0f}", held);
    reconciles_server = std::max(reconciles_server, full);
    reconciles_held = std::max(reconciles_held, held);
  }
  const auto [bytes_per_pod, bytes_per_pod_compact] = world->CachedBytesPerPod();
  the_world = nullptr;
  world.reset();
  // The stream rounds, each feed in a world of its own: the fastest round and every round's rate.
  auto stream_rounds = [](Feed feed, double& best, std::string& all) {
    World w(feed);
    for (int round = 1; round <= kRounds; ++round) {
      const double rate = w.StreamRound(round);
      all += fmt::format(" {:.0f}", rate);
      best = std::max(best, rate);
    }
  };
  stream_rounds(Feed::kStream, reconciles, rounds);
  double reconciles_compact = -1;
  std::string rounds_compact;
  stream_rounds(Feed::kStreamCompact, reconciles_compact, rounds_compact);
  std::printf("ctrl reconcile rounds (reconciles/s): stream:%s; stream compact:%s; server:%s; held:%s\n",
              rounds.c_str(), rounds_compact.c_str(), rounds_server.c_str(), rounds_held.c_str());

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
  print("ctrl_reconciles_per_s_compact", reconciles_compact, "reconciles/s");
  print("ctrl_reconciles_server_per_s", reconciles_server, "reconciles/s");
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
