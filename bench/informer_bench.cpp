// Benchmarks of the informer path on realistic pods (testdata/pods/pod-realistic.json, 4.9 KB of
// JSON, varied per pod by name, namespace, uid, resourceVersion, the app/env/tier labels and
// nodeName), decoded as runtime::Unstructured (the library has no typed core/v1 Pod). Printed
// lines:
//   BENCH informer_events_per_s     a serialized watch stream (5,000 ADDED events, then 5,000
//                                   MODIFIED moving each pod to another node) read by
//                                   watch::NewStreamWatcher over the bytes (a cache::ListerWatcher
//                                   whose list is empty) through a cache::SharedIndexInformer
//                                   (Reflector -> RealFIFO -> Indexer with the namespace and node
//                                   indexes -> a handler's listener) to a no-op handler
//   BENCH informer_events_pipeline_per_s  the same stream through the pieces without the informer:
//                                   StreamWatcher -> RealFIFO -> Indexer -> the handler called
//                                   inline (diagnostic: what the Reflector and listener add)
//   BENCH relist_50k_ms             a PodList of 50,000 pods (244 MB) decoded
//                                   (JSONSerializer::DecodeUnstructured) and Replaced into that
//                                   Indexer, in a process of its own (fastest of 3)
//   BENCH relist_peak_extra_mb      that process's peak RSS (VmHWM) above its RSS before the relist,
//                                   the list's bytes already in memory (median of 3)
//   BENCH informer_bytes_per_pod    heap retained per cached pod by the running informer once
//                                   10,000 ADDED events went through (glibc mallinfo2: bytes in
//                                   use, chunk overhead included)
//   BENCH informer_bytes_per_pod_strip_managed_fields  the same with SetTransform(StripManagedFields)
//   BENCH informer_events_per_s_compact, informer_bytes_per_pod_compact(_strip_managed_fields),
//         relist_50k_ms_compact, relist_peak_extra_mb_compact
//                                   the same with the pods decoded as runtime::CompactUnstructured
//                                   (watch::EventStreamDecoderOptions::compact,
//                                   JSONSerializer::DecodeCompactList)
//   BENCH informer_events_per_s_compact_interned, informer_bytes_per_pod_compact_interned(_strip_
//         managed_fields), relist_50k_ms_compact_interned, relist_peak_extra_mb_compact_interned
//                                   the same with the compact documents interning into a
//                                   util::json::StringPool (one per informer or relist; the
//                                   bytes include the pool): the baseline is the _compact line
//   BENCH pod_json_bytes            JSON size of one pod, for scale
// `informer_bench --events-only` runs the two event benchmarks alone.
// bench/go (`-informer`, informer.go) runs the same workloads on client-go with the same bytes
// (go_* lines; both print the length and FNV-1a hash of their stream and list on an
// `informer data:` line).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <malloc.h>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/cache/cache.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/util/type_id.hpp"
#include "apimachinery/watch/decoder.hpp"
#include "apimachinery/watch/fake.hpp"

#include "bench_support.hpp"
#include "pod_gen.hpp"

namespace {

namespace cache = apimachinery::cache;
namespace runtime = apimachinery::runtime;
namespace watch = apimachinery::watch;
using ObjectPtr = std::shared_ptr<const runtime::Object>;

using apimachinery::bench::Fnv1a;
using apimachinery::bench::Gen;
using apimachinery::bench::kFirstResourceVersion;
using apimachinery::bench::kNodes;
using apimachinery::bench::NodeOf;

// The workloads (bench/go/informer.go has the same constants).
constexpr int kEventAdds = 5000;
constexpr int kEventUpdates = 5000;
constexpr int kRelistObjects = 50000;
constexpr int kRelistRounds = 3;
constexpr int kRetainedPods = 10000;
// --- decoding, the store -----------------------------------------------------------------------

const runtime::JSONSerializer& Serializer() {
  static const runtime::Scheme scheme("informer_bench");
  static const runtime::JSONSerializer serializer(scheme);
  return serializer;
}

// BytesReader: a watch::Reader over bytes in memory (the HTTP body; Go: a bytes.Reader).
class BytesReader final : public watch::Reader {
 public:
  explicit BytesReader(std::string_view bytes) : bytes_(bytes) {}
  std::size_t Read(char* buf, std::size_t n) override {
    if (closed_.load(std::memory_order_relaxed)) return 0;
    const std::size_t k = std::min(n, bytes_.size() - at_);
    std::memcpy(buf, bytes_.data() + at_, k);
    at_ += k;
    return k;
  }
  void Close() noexcept override { closed_.store(true, std::memory_order_relaxed); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::atomic<bool> closed_{false};
};

// Repr: how the pods are decoded: runtime::Unstructured (a JSON tree, as client-go's
// unstructured.Unstructured) or runtime::CompactUnstructured (an immutable compact document).
// kCompactInterned: the compact documents intern into a StringPool of the watch (or relist).
enum class Repr { kUnstructured, kCompact, kCompactInterned };

std::unique_ptr<watch::Interface> StreamWatcher(std::string_view bytes, Repr repr) {
  return watch::NewStreamWatcher(
      std::make_unique<BytesReader>(bytes), Serializer(),
      watch::EventStreamDecoderOptions{
          .unstructured = true,
          .compact = repr != Repr::kUnstructured,
          .intern = repr == Repr::kCompactInterned ? std::make_shared<apimachinery::util::json::StringPool>()
                                                   : nullptr});
}

// The node index: spec.nodeName of the pod.
std::optional<std::string_view> NodeName(const runtime::Object& o) {
  if (o.GetTypeId() == apimachinery::util::kTypeId<runtime::CompactUnstructured>) {
    const auto node = static_cast<const runtime::CompactUnstructured&>(o).Root().FindPath("spec", "nodeName");
    if (!node.IsString()) return std::nullopt;
    return node.String();
  }
  const nlohmann::json& body = static_cast<const runtime::Unstructured&>(o).Body();
  auto spec = body.find("spec");
  if (spec == body.end() || !spec->is_object()) return std::nullopt;
  auto node = spec->find("nodeName");
  if (node == spec->end() || !node->is_string()) return std::nullopt;
  return std::string_view(node->get_ref<const std::string&>());
}

cache::Indexers TwoIndexes() {
  return {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc},
          {"node", cache::FieldIndexFunc(&NodeName)}};
}

// --- the event path ----------------------------------------------------------------------------

// Pipeline: what an informer does with a watch, from the pieces in the library: a thread reads
// the watch into a RealFIFO (the Reflector's watchHandler), another pops it into the Indexer and
// calls the handler (the informer's HandleDeltas / processDeltas), here a counting no-op.
class Pipeline {
 public:
  Pipeline(std::string_view stream, long long total, Repr repr = Repr::kUnstructured)
      : indexer_(std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc, TwoIndexes())),
        fifo_(cache::MetaNamespaceKeyFunc, indexer_),
        total_(total) {
    const auto start = std::chrono::steady_clock::now();
    fifo_.Replace({}, "1");  // the empty list
    std::jthread producer([&, w = StreamWatcher(stream, repr)] {
      while (std::optional<watch::Event> ev = w->Next()) {
        switch (ev->type) {
          case watch::EventType::kAdded:
            fifo_.Add(std::move(ev->object));
            break;
          case watch::EventType::kModified:
            fifo_.Update(std::move(ev->object));
            break;
          case watch::EventType::kDeleted:
            fifo_.Delete(std::move(ev->object));
            break;
          default:
            throw std::runtime_error("unexpected watch event");
        }
      }
    });
    std::jthread consumer([&](std::stop_token stop) {
      while (seen_ < total_ && !stop.stop_requested()) {
        fifo_.Pop(stop, [&](const cache::Deltas& deltas, bool) { Process(deltas); });
      }
    });
    producer.join();
    consumer.join();
    elapsed_ = std::chrono::steady_clock::now() - start;
  }
  double Seconds() const { return std::chrono::duration<double>(elapsed_).count(); }
  const cache::Indexer& Store() const { return *indexer_; }

 private:
  void Process(const cache::Deltas& deltas) {
    for (const cache::Delta& d : deltas) {
      ObjectPtr old = indexer_->Get(*d.object);
      if (d.type == cache::DeltaType::kDeleted) {
        indexer_->Delete(d.object);
        OnDelete(d.object);
      } else if (old) {
        indexer_->Update(d.object);
        OnUpdate(old, d.object);
      } else {
        indexer_->Add(d.object);
        OnAdd(d.object);
      }
    }
  }
  // The handler: counts.
  void OnAdd(const ObjectPtr& obj) {
    benchmark::DoNotOptimize(obj.get());
    ++seen_;
  }
  void OnUpdate(const ObjectPtr& old_obj, const ObjectPtr& new_obj) {
    benchmark::DoNotOptimize(old_obj.get());
    benchmark::DoNotOptimize(new_obj.get());
    ++seen_;
  }
  void OnDelete(const ObjectPtr& obj) {
    benchmark::DoNotOptimize(obj.get());
    ++seen_;
  }

  std::shared_ptr<cache::Indexer> indexer_;
  cache::RealFIFO fifo_;
  long long total_;
  long long seen_ = 0;
  std::chrono::steady_clock::duration elapsed_{};
};

// --- the informer ------------------------------------------------------------------------------

// StreamListWatch: an empty list, then one watch over the bytes; later watches never send (a
// watch::FakeWatcher, until the Reflector stops it). No streaming list, as the Go side.
class StreamListWatch final : public cache::ListerWatcher {
 public:
  StreamListWatch(std::string_view stream, Repr repr) : stream_(stream), repr_(repr) {}
  cache::ListResult List(const apimachinery::metav1::ListOptions&) override { return {{}, "1", ""}; }
  std::unique_ptr<watch::Interface> Watch(const apimachinery::metav1::ListOptions&) override {
    if (watched_.exchange(true)) return std::make_unique<watch::FakeWatcher>();
    return StreamWatcher(stream_, repr_);
  }
  bool IsWatchListSemanticsUnSupported() const override { return true; }

 private:
  std::string_view stream_;
  Repr repr_;
  std::atomic<bool> watched_{false};
};

// RunningInformer: a SharedIndexInformer over StreamListWatch with the two indexes and a counting
// no-op handler, running until destroyed; the constructor returns once the handler has seen
// `total` events.
class RunningInformer {
 public:
  RunningInformer(std::string_view stream, long long total, Repr repr = Repr::kUnstructured,
                  cache::TransformFunc transform = {})
      : informer_(std::make_shared<StreamListWatch>(stream, repr), std::chrono::milliseconds(0),
                  TwoIndexes()),
        total_(total) {
    if (transform) informer_.SetTransform(std::move(transform));
    informer_.AddEventHandler({
        .on_add = [this](const ObjectPtr& obj, bool) { Count(obj); },
        .on_update = [this](const ObjectPtr&, const ObjectPtr& obj) { Count(obj); },
        .on_delete = [this](const ObjectPtr& obj) { Count(obj); },
    });
    const auto start = std::chrono::steady_clock::now();
    runner_ = std::jthread([this](std::stop_token stop) { informer_.Run(stop); });
    for (long long v = seen_.load(); v < total_; v = seen_.load()) seen_.wait(v);
    elapsed_ = std::chrono::steady_clock::now() - start;
  }
  ~RunningInformer() {
    runner_.request_stop();
    runner_.join();
  }
  RunningInformer(const RunningInformer&) = delete;
  RunningInformer& operator=(const RunningInformer&) = delete;
  RunningInformer(RunningInformer&&) = delete;
  RunningInformer& operator=(RunningInformer&&) = delete;

  double Seconds() const { return std::chrono::duration<double>(elapsed_).count(); }
  const cache::Indexer& Store() const { return informer_.GetIndexer(); }

 private:
  void Count(const ObjectPtr& obj) {
    benchmark::DoNotOptimize(obj.get());
    if (seen_.fetch_add(1) + 1 == total_) seen_.notify_all();
  }

  cache::SharedIndexInformer informer_;
  long long total_ = 0;
  std::atomic<long long> seen_{0};
  std::chrono::steady_clock::duration elapsed_{};
  std::jthread runner_;
};

const std::string& EventStream() {
  static const std::string s = Gen().WatchStream(kEventAdds, kEventUpdates);
  return s;
}

// Runs the event stream through `Path` (RunningInformer or Pipeline) once per iteration.
template <typename Path, Repr repr = Repr::kUnstructured>
void EventsThrough(benchmark::State& state) {
  const std::string& stream = EventStream();
  for (auto _ : state) {
    Path p(stream, kEventAdds + kEventUpdates, repr);
    if (p.Store().Len() != kEventAdds) state.SkipWithError("the store misses pods");
    state.SetIterationTime(p.Seconds());  // the stream's passage, not the teardown
  }
  state.SetItemsProcessed(state.iterations() * (kEventAdds + kEventUpdates));
}
void BM_InformerEvents(benchmark::State& state) { EventsThrough<RunningInformer>(state); }
BENCHMARK(BM_InformerEvents)->Unit(benchmark::kMillisecond)->UseManualTime();
void BM_PipelineEvents(benchmark::State& state) { EventsThrough<Pipeline>(state); }
BENCHMARK(BM_PipelineEvents)->Unit(benchmark::kMillisecond)->UseManualTime();
void BM_InformerEventsCompact(benchmark::State& state) {
  EventsThrough<RunningInformer, Repr::kCompact>(state);
}
BENCHMARK(BM_InformerEventsCompact)->Unit(benchmark::kMillisecond)->UseManualTime();
void BM_InformerEventsCompactInterned(benchmark::State& state) {
  EventsThrough<RunningInformer, Repr::kCompactInterned>(state);
}
BENCHMARK(BM_InformerEventsCompactInterned)->Unit(benchmark::kMillisecond)->UseManualTime();

// --- heap per pod ------------------------------------------------------------------------------

std::size_t HeapInUse() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

// BytesPerPod: heap in use while the informer runs, synced on kRetainedPods ADDED events, above
// the heap in use before it was made (the stream's bytes excluded), per pod.
double BytesPerPod(cache::TransformFunc transform = {}, Repr repr = Repr::kUnstructured) {
  const std::string stream = Gen().WatchStream(kRetainedPods, 0);
  malloc_trim(0);
  const std::size_t before = HeapInUse();
  RunningInformer informer(stream, kRetainedPods, repr, std::move(transform));
  const std::size_t after = HeapInUse();
  if (informer.Store().Len() != kRetainedPods) throw std::runtime_error("the store misses pods");
  return (static_cast<double>(after) - static_cast<double>(before)) / kRetainedPods;
}

// --- the relist (one per process) --------------------------------------------------------------

long long ProcStatusKB(std::string_view name) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() > name.size() && line.compare(0, name.size(), name) == 0 && line[name.size()] == ':') {
      return std::stoll(line.substr(name.size() + 1));
    }
  }
  throw std::runtime_error(fmt::format("no {} in /proc/self/status", name));
}

// RelistChild decodes a PodList of kRelistObjects pods, hands the items to the store as the
// Reflector does (shared_ptr per item, the list dropped) and Replaces them into an Indexer with
// the two indexes; prints `RELIST <ms> <peak extra MiB>`. The peak is VmHWM, reset to the current
// RSS (/proc/self/clear_refs) once the list's bytes are in memory and the heap was trimmed.
int RelistChild(Repr repr) {
  const std::string body = Gen().PodList(kRelistObjects);
  malloc_trim(0);
  {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
  }
  const long long rss = ProcStatusKB("VmRSS");
  const auto start = std::chrono::steady_clock::now();
  cache::Indexer store(cache::MetaNamespaceKeyFunc, TwoIndexes());
  if (repr != Repr::kUnstructured) {
    runtime::CompactList list = Serializer().DecodeCompactList(
        body,
        repr == Repr::kCompactInterned ? std::make_shared<apimachinery::util::json::StringPool>() : nullptr);
    std::vector<ObjectPtr> items;
    items.reserve(list.items.size());
    for (runtime::CompactUnstructured& item : list.items) {
      items.push_back(std::make_shared<const runtime::CompactUnstructured>(std::move(item)));
    }
    list.items.clear();
    store.Replace(items, list.list_meta.resource_version);
  } else {
    std::unique_ptr<runtime::Object> obj = Serializer().DecodeUnstructured(body);
    auto& list = dynamic_cast<runtime::UnstructuredList&>(*obj);
    std::vector<ObjectPtr> items;
    items.reserve(list.items.size());
    for (runtime::Unstructured& item : list.items) {
      items.push_back(std::make_shared<const runtime::Unstructured>(std::move(item)));
    }
    const std::string rv = list.GetListMeta()->resource_version;
    obj.reset();
    store.Replace(items, rv);
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const long long peak = ProcStatusKB("VmHWM");
  if (store.Len() != kRelistObjects) throw std::runtime_error("the store misses pods");
  std::printf("RELIST %.3f %.3f\n", ms, static_cast<double>(peak - rss) / 1024);
  return 0;
}

// Relist runs RelistChild in kRelistRounds fresh processes: the fastest time, the median peak.
std::pair<double, double> Relist(Repr repr) {
  std::vector<char> self(4096);
  const ssize_t n = readlink("/proc/self/exe", self.data(), self.size() - 1);
  if (n <= 0) throw std::runtime_error("readlink /proc/self/exe failed");
  const std::string command =
      fmt::format("'{}' --relist-child{}", std::string_view(self.data(), static_cast<std::size_t>(n)),
                  repr == Repr::kCompact           ? " compact"
                  : repr == Repr::kCompactInterned ? " compact-interned"
                                                   : "");
  std::vector<double> times, peaks;
  for (int round = 0; round < kRelistRounds; ++round) {
    FILE* child = popen(command.c_str(), "r");
    if (child == nullptr) throw std::runtime_error("popen failed");
    double t = 0, p = 0;
    const int got = std::fscanf(child, "RELIST %lf %lf", &t, &p);
    if (pclose(child) != 0 || got != 2) throw std::runtime_error("the relist child failed");
    times.push_back(t);
    peaks.push_back(p);
  }
  std::sort(times.begin(), times.end());
  std::sort(peaks.begin(), peaks.end());
  return {times.front(), peaks[peaks.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
  namespace b = apimachinery::bench;
  if (argc >= 2 && std::string_view(argv[1]) == "--relist-child") {
    const std::string_view what = argc == 3 ? argv[2] : "";
    return RelistChild(what == "compact"            ? Repr::kCompact
                       : what == "compact-interned" ? Repr::kCompactInterned
                                                    : Repr::kUnstructured);
  }
  // --events-only: the event benchmarks alone (no relist, no heap measurement).
  const bool events_only = argc > 1 && std::string_view(argv[argc - 1]) == "--events-only";
  if (events_only) --argc;
  double bytes_per_pod = -1, bytes_per_pod_stripped = -1, bytes_per_pod_compact = -1,
         bytes_per_pod_compact_stripped = -1, bytes_per_pod_interned = -1,
         bytes_per_pod_interned_stripped = -1;
  if (!events_only) {
    const std::string list = Gen().PodList(kRelistObjects);
    std::printf("informer data: stream %zu bytes fnv1a %016llx, list %zu bytes fnv1a %016llx\n",
                EventStream().size(), static_cast<unsigned long long>(Fnv1a(EventStream())), list.size(),
                static_cast<unsigned long long>(Fnv1a(list)));
  }
  if (!events_only) {
    bytes_per_pod = BytesPerPod();
    bytes_per_pod_stripped = BytesPerPod(cache::StripManagedFields);
    bytes_per_pod_compact = BytesPerPod({}, Repr::kCompact);
    bytes_per_pod_compact_stripped = BytesPerPod(cache::StripManagedFields, Repr::kCompact);
    bytes_per_pod_interned = BytesPerPod({}, Repr::kCompactInterned);
    bytes_per_pod_interned_stripped = BytesPerPod(cache::StripManagedFields, Repr::kCompactInterned);
  }
  auto r = b::Run(argc, argv);
  auto per_s = [&](const char* name) {
    const double ns = b::NsOf(r, name);
    return ns < 0 ? ns : (kEventAdds + kEventUpdates) / (ns * 1e-9);
  };
  b::Print("informer_events_per_s", per_s("BM_InformerEvents/manual_time"), "events/s");
  b::Print("informer_events_pipeline_per_s", per_s("BM_PipelineEvents/manual_time"), "events/s");
  b::Print("informer_events_per_s_compact", per_s("BM_InformerEventsCompact/manual_time"), "events/s");
  b::Print("informer_events_per_s_compact_interned", per_s("BM_InformerEventsCompactInterned/manual_time"),
           "events/s");
  if (events_only) return 0;
  const auto [relist_ms, relist_peak] = Relist(Repr::kUnstructured);
  b::Print("relist_50k_ms", relist_ms, "ms");
  b::Print("relist_peak_extra_mb", relist_peak, "MiB");
  const auto [relist_compact_ms, relist_compact_peak] = Relist(Repr::kCompact);
  b::Print("relist_50k_ms_compact", relist_compact_ms, "ms");
  b::Print("relist_peak_extra_mb_compact", relist_compact_peak, "MiB");
  const auto [relist_interned_ms, relist_interned_peak] = Relist(Repr::kCompactInterned);
  b::Print("relist_50k_ms_compact_interned", relist_interned_ms, "ms");
  b::Print("relist_peak_extra_mb_compact_interned", relist_interned_peak, "MiB");
  b::Print("informer_bytes_per_pod", bytes_per_pod, "bytes");
  b::Print("informer_bytes_per_pod_strip_managed_fields", bytes_per_pod_stripped, "bytes");
  b::Print("informer_bytes_per_pod_compact", bytes_per_pod_compact, "bytes");
  b::Print("informer_bytes_per_pod_compact_strip_managed_fields", bytes_per_pod_compact_stripped, "bytes");
  b::Print("informer_bytes_per_pod_compact_interned", bytes_per_pod_interned, "bytes");
  b::Print("informer_bytes_per_pod_compact_interned_strip_managed_fields", bytes_per_pod_interned_stripped,
           "bytes");
  std::string pod;
  Gen().AppendPod(pod, 12345, kFirstResourceVersion + 12345, NodeOf(12345));
  b::Print("pod_json_bytes", static_cast<double>(pod.size()), "bytes");
  return 0;
}
