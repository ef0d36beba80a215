// Benchmarks for the Converter, the Scheme and the JSON codec.
//
//   convert_dispatch_ns       a registered conversion (a struct of four numeric fields, int32 ->
//                             int64, the shape of a generated conversion) through
//                             conversion::Converter::Convert
//   convert_direct_ns         the same (non-inlined) function called directly
//   convert_dispatch_over_direct  the two measured paired (alternating blocks), median ratio
//   convert_dispatch_overhead_ns  dispatch - direct: the cost of the probe and the indirect call
//   convert_dispatch_string_ns / convert_direct_string_ns
//                             the same pair for a conversion that also copies a std::string (a
//                             byte copy through libc's memcpy, where Go copies a string header)
//   convert_dispatch_trivial_ns  an int -> long conversion through the Converter (its own cost)
//   convert_to_version_hub_ns v1beta1 -> v2 Widget (Deployment-sized) through the hub
//                             (v1beta1 -> __internal -> v2, chained by the Scheme)
//   decode_scheme_ns          JSON bytes -> typed v1 Widget through the Scheme (JSONSerializer)
//   decode_raw_json_ns        nlohmann::json::parse of the same bytes
//   unstructured_decode_ns    JSON bytes of a Deployment-sized document -> runtime::Unstructured
//                             (UnmarshalJSON: parse plus the typed metadata view)
//   unstructured_store_add_ms 5,000 decoded Unstructured added to a cache::Indexer with the
//                             namespace index and the label index (the informer's path)
//   unstructured_get_by_key_ns   GetByKey on that store (random keys)
//   unstructured_list_ns         List() of the 5,000 objects
//   unstructured_label_select_ns Select by `app=...` (label index) and by `tier=...,env=...`
//                             (scan with label matching: GetObjectMeta on every object)
//   unstructured_get_labels_ns   GetName + GetNamespace + GetLabels on a decoded object
//   unstructured_marshal_ns      MarshalJSON of a decoded object

// g++ 12 at -O2 reports a false -Wmaybe-uninitialized inside std::function::target() when the
// cache::ThreadSafeStore constructor is inlined into this file (libstdc++'s _Any_data); the
// pragma must precede the includes to reach it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/cache/cache.hpp"
#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/labels/labels.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "../examples/widgets/widgets.hpp"
#include "bench_support.hpp"

namespace conversion = apimachinery::conversion;
namespace runtime = apimachinery::runtime;

namespace {

struct PortA {
  std::string name;
  std::int32_t port = 0;
  std::int32_t target = 0;
};
struct PortB {
  std::string name;
  std::int64_t port = 0;
  std::int64_t target = 0;
};

[[gnu::noinline]] void ConvertPort(const PortA& in, PortB& out, conversion::Scope&) {
  out.name = in.name;
  out.port = in.port;
  out.target = in.target;
}

enum class Protocol : std::int32_t { kTCP, kUDP, kSCTP };
struct PortNumbersA {
  std::int32_t container_port = 0;
  std::int32_t host_port = 0;
  std::int32_t target_port = 0;
  Protocol protocol = Protocol::kTCP;
};
struct PortNumbersB {
  std::int64_t container_port = 0;
  std::int64_t host_port = 0;
  std::int64_t target_port = 0;
  Protocol protocol = Protocol::kTCP;
};

[[gnu::noinline]] void ConvertPortNumbers(const PortNumbersA& in, PortNumbersB& out, conversion::Scope&) {
  out.container_port = in.container_port;
  out.host_port = in.host_port;
  out.target_port = in.target_port;
  out.protocol = in.protocol;
}

const conversion::Converter& PortConverter() {
  static const conversion::Converter* c = [] {
    auto* conv = new conversion::Converter();
    conv->RegisterConversionFunc<PortA, PortB>(
        [](const PortA& in, PortB& out, conversion::Scope& s) { ConvertPort(in, out, s); });
    conv->RegisterConversionFunc<PortNumbersA, PortNumbersB>(
        [](const PortNumbersA& in, PortNumbersB& out, conversion::Scope& s) {
          ConvertPortNumbers(in, out, s);
        });
    // Some unrelated registrations so the table is not trivially small.
    conv->RegisterConversionFunc<PortB, PortA>(
        [](const PortB& in, PortA& out, conversion::Scope&) { out.name = in.name; });
    conv->RegisterConversionFunc<int, long>([](const int& i, long& l, conversion::Scope&) { l = i; });
    conv->RegisterConversionFunc<long, int>(
        [](const long& l, int& i, conversion::Scope&) { i = static_cast<int>(l); });
    return conv;
  }();
  return *c;
}

void BM_ConvertDispatch(benchmark::State& state) {
  const conversion::Converter& c = PortConverter();
  conversion::Scope scope(c, nullptr);
  PortNumbersA in{8080, 0, 9090, Protocol::kTCP};
  PortNumbersB out;
  auto dispatch = [&] {
    benchmark::DoNotOptimize(in);
    c.Convert(in, out);
    benchmark::DoNotOptimize(out);
  };
  for (auto _ : state) dispatch();
  // The <= 8x target is a ratio to the direct call: measure it paired (alternating blocks).
  state.counters["paired_ratio"] = apimachinery::bench::PairedRatio(
      [&] {
        benchmark::DoNotOptimize(in);
        ConvertPortNumbers(in, out, scope);
        benchmark::DoNotOptimize(out);
      },
      dispatch, 31, 4000);
}
BENCHMARK(BM_ConvertDispatch);

void BM_ConvertDirect(benchmark::State& state) {
  const conversion::Converter& c = PortConverter();
  conversion::Scope scope(c, nullptr);
  PortNumbersA in{8080, 0, 9090, Protocol::kTCP};
  PortNumbersB out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    ConvertPortNumbers(in, out, scope);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_ConvertDirect);

void BM_ConvertDispatchString(benchmark::State& state) {
  const conversion::Converter& c = PortConverter();
  PortA in{"http-metrics", 8080, 9090};
  PortB out;
  for (auto _ : state) {
    c.Convert(in, out);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_ConvertDispatchString);

void BM_ConvertDirectString(benchmark::State& state) {
  const conversion::Converter& c = PortConverter();
  conversion::Scope scope(c, nullptr);
  PortA in{"http-metrics", 8080, 9090};
  PortB out;
  for (auto _ : state) {
    ConvertPort(in, out, scope);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_ConvertDirectString);

// The dispatch of a conversion that does almost nothing (int -> long): what the Converter itself
// costs, comparable to the ~146 ns Go spends finding and calling a registered function.
void BM_ConvertDispatchTrivial(benchmark::State& state) {
  const conversion::Converter& c = PortConverter();
  int in = 42;
  long out = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    c.Convert(in, out);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_ConvertDispatchTrivial);

const runtime::Scheme& WidgetScheme() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("bench");
    widgets::AddToScheme(*scheme);
    return scheme;
  }();
  return *s;
}

void BM_ConvertToVersionHub(benchmark::State& state) {
  const runtime::Scheme& s = WidgetScheme();
  const widgets::v1beta1::Widget in = widgets::SampleV1beta1();
  const runtime::GroupVersioner target = widgets::kV2;
  for (auto _ : state) {
    auto out = s.ConvertToVersion(in, target);
    benchmark::DoNotOptimize(out.get());
  }
}
BENCHMARK(BM_ConvertToVersionHub);

const std::string& WidgetJSON() {
  static const std::string data = [] {
    runtime::JSONSerializer codec(WidgetScheme());
    return codec.Encode(widgets::SampleV1beta1(), widgets::kV1);
  }();
  return data;
}

void BM_DecodeScheme(benchmark::State& state) {
  runtime::JSONSerializer codec(WidgetScheme());
  const std::string& data = WidgetJSON();
  for (auto _ : state) {
    auto obj = codec.Decode(data);
    benchmark::DoNotOptimize(obj.get());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}
BENCHMARK(BM_DecodeScheme);

void BM_DecodeRawJSON(benchmark::State& state) {
  const std::string& data = WidgetJSON();
  for (auto _ : state) {
    auto j = nlohmann::json::parse(data);
    benchmark::DoNotOptimize(j);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}
BENCHMARK(BM_DecodeRawJSON);

// The Unstructured rows: decode -> store -> GetByKey / List / label select.
constexpr int kUnstructuredObjects = 5000;

std::string DeploymentJSON(int i) {
  return fmt::format(
      R"({{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"web-{:05d}","namespace":"ns-{:02d}",)"
      R"("uid":"0f8a{:08x}-1b2c-4d5e-8f90-a1b2c3d4e5f6","resourceVersion":"{}","generation":3,)"
      R"("creationTimestamp":"2024-05-01T10:00:00Z","labels":{{"app":"app-{:04d}","tier":"{}","env":"{}"}},)"
      R"("annotations":{{"deployment.kubernetes.io/revision":"7"}}}},)"
      R"("spec":{{"replicas":3,"selector":{{"matchLabels":{{"app":"app-{:04d}"}}}},"template":{{"metadata":)"
      R"({{"labels":{{"app":"app-{:04d}"}}}},"spec":{{"containers":[{{"name":"web","image":"nginx:1.25",)"
      R"("ports":[{{"containerPort":80,"protocol":"TCP"}}],"resources":{{"limits":{{"cpu":"500m",)"
      R"("memory":"128Mi"}}}}}}]}}}}}},"status":{{"replicas":3,"readyReplicas":3,"observedGeneration":3}}}})",
      i, i % 20, i, 100000 + i, i % 500, i % 3 == 0 ? "frontend" : "backend", i % 2 == 0 ? "prod" : "staging",
      i % 500, i % 500);
}

struct UnstructuredFixture {
  std::vector<std::string> docs;
  std::vector<std::string> keys;
  std::unique_ptr<apimachinery::cache::Indexer> store;
  UnstructuredFixture() {
    namespace cache = apimachinery::cache;
    for (int i = 0; i < kUnstructuredObjects; ++i) docs.push_back(DeploymentJSON(i));
    store = std::make_unique<cache::Indexer>(
        cache::MetaNamespaceKeyFunc,
        cache::Indexers{{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}},
        cache::ThreadSafeStoreOptions{true});
    for (const auto& d : docs) {
      auto u = std::make_shared<runtime::Unstructured>();
      u->UnmarshalJSON(d);
      keys.push_back(cache::MetaNamespaceKeyFunc(*u));
      store->Add(std::move(u));
    }
    std::mt19937 rng(7);
    std::shuffle(keys.begin(), keys.end(), rng);
  }
};

UnstructuredFixture& UF() {
  static UnstructuredFixture f;
  return f;
}

void BM_UnstructuredDecode(benchmark::State& state) {
  const std::string& data = UF().docs[17];
  for (auto _ : state) {
    runtime::Unstructured u;
    u.UnmarshalJSON(data);
    benchmark::DoNotOptimize(u);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}
BENCHMARK(BM_UnstructuredDecode);

void BM_UnstructuredStoreAdd(benchmark::State& state) {
  namespace cache = apimachinery::cache;
  auto& f = UF();
  for (auto _ : state) {
    cache::Indexer store(
        cache::MetaNamespaceKeyFunc,
        cache::Indexers{{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}},
        cache::ThreadSafeStoreOptions{true});
    for (const auto& d : f.docs) {
      auto u = std::make_shared<runtime::Unstructured>();
      u->UnmarshalJSON(d);
      store.Add(std::move(u));
    }
    benchmark::DoNotOptimize(store);
  }
}
BENCHMARK(BM_UnstructuredStoreAdd)->Unit(benchmark::kMillisecond);

void BM_UnstructuredGetByKey(benchmark::State& state) {
  auto& f = UF();
  std::size_t i = 0;
  for (auto _ : state) {
    auto o = f.store->GetByKey(f.keys[i]);
    benchmark::DoNotOptimize(o.get());
    if (++i == f.keys.size()) i = 0;
  }
}
BENCHMARK(BM_UnstructuredGetByKey);

void BM_UnstructuredList(benchmark::State& state) {
  auto& f = UF();
  for (auto _ : state) {
    auto r = f.store->List();
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_UnstructuredList);

void BM_UnstructuredLabelSelect(benchmark::State& state) {
  namespace cache = apimachinery::cache;
  namespace labels = apimachinery::labels;
  auto& f = UF();
  std::vector<cache::SelectQuery> qs;
  for (int a = 0; a < 500; a += 37) {
    qs.push_back(cache::SelectQuery().MatchingLabels(labels::Parse(fmt::format("app=app-{:04d}", a))));
  }
  qs.push_back(cache::SelectQuery().MatchingLabels(labels::Parse("tier=frontend,env=prod")));
  std::size_t i = 0;
  for (auto _ : state) {
    auto r = f.store->Select(qs[i]);
    benchmark::DoNotOptimize(r);
    if (++i == qs.size()) i = 0;
  }
}
BENCHMARK(BM_UnstructuredLabelSelect);

void BM_UnstructuredGetLabels(benchmark::State& state) {
  runtime::Unstructured u;
  u.UnmarshalJSON(UF().docs[3]);
  const runtime::Object* obj = &u;
  for (auto _ : state) {
    benchmark::DoNotOptimize(obj);  // the compiler may not hoist the reads out of the loop
    const auto& cu = static_cast<const runtime::Unstructured&>(*obj);
    benchmark::DoNotOptimize(cu.GetName().size() + cu.GetNamespace().size() + cu.GetLabels().size() +
                             obj->GetObjectMeta()->labels.size());
  }
}
BENCHMARK(BM_UnstructuredGetLabels);

void BM_UnstructuredMarshal(benchmark::State& state) {
  runtime::Unstructured u;
  u.UnmarshalJSON(UF().docs[3]);
  for (auto _ : state) {
    auto s = u.MarshalJSON();
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_UnstructuredMarshal);
void BM_EncodeScheme(benchmark::State& state) {
  runtime::JSONSerializer codec(WidgetScheme());
  const auto obj = codec.Decode(WidgetJSON());
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string out = codec.Encode(*obj);
    bytes += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_EncodeScheme);

const std::string& UnstructuredJSON() {
  static const std::string data = [] {
    std::string s =
        R"({"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"t","namespace":"ns",)"
        R"("labels":{"app":"thing","tier":"web"},"resourceVersion":"12345"},"spec":{"items":[)";
    for (int i = 0; i < 20; ++i) {
      if (i) s += ',';
      s += R"({"name":"item-)" + std::to_string(i) + R"(","value":)" + std::to_string(i * 37) +
           R"(,"ratio":0.25,"enabled":true,"tags":["a","b","c"],"note":"some <text> & more"})";
    }
    s += "]}}";
    return s;
  }();
  return data;
}

void BM_DecodeUnstructured(benchmark::State& state) {
  runtime::JSONSerializer codec(WidgetScheme());
  const std::string& data = UnstructuredJSON();
  for (auto _ : state) {
    auto obj = codec.Decode(data);
    benchmark::DoNotOptimize(obj.get());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * data.size()));
}
BENCHMARK(BM_DecodeUnstructured);

void BM_EncodeUnstructured(benchmark::State& state) {
  runtime::JSONSerializer codec(WidgetScheme());
  const auto obj = codec.Decode(UnstructuredJSON());
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string out = codec.Encode(*obj);
    bytes += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_EncodeUnstructured);

void BM_DeepCopyUnstructured(benchmark::State& state) {
  runtime::JSONSerializer codec(WidgetScheme());
  const auto obj = codec.Decode(UnstructuredJSON());
  for (auto _ : state) {
    auto copy = obj->DeepCopyObject();
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_DeepCopyUnstructured);

}  // namespace

int main(int argc, char** argv) {
  namespace bench = apimachinery::bench;
  auto results = bench::Run(argc, argv);
  const double dispatch = bench::NsOf(results, "BM_ConvertDispatch");
  const double direct = bench::NsOf(results, "BM_ConvertDirect");
  const double decode = bench::NsOf(results, "BM_DecodeScheme");
  const double raw = bench::NsOf(results, "BM_DecodeRawJSON");
  bench::Print("encode_scheme_ns", bench::NsOf(results, "BM_EncodeScheme"), "ns");
  bench::Print("decode_unstructured_ns", bench::NsOf(results, "BM_DecodeUnstructured"), "ns");
  bench::Print("encode_unstructured_ns", bench::NsOf(results, "BM_EncodeUnstructured"), "ns");
  bench::Print("deepcopy_unstructured_ns", bench::NsOf(results, "BM_DeepCopyUnstructured"), "ns");
  bench::Print("convert_dispatch_ns", dispatch, "ns");
  bench::Print("convert_direct_ns", direct, "ns");
  if (dispatch > 0 && direct > 0) {
    bench::Print("convert_dispatch_over_direct",
                 bench::CounterOf(results, "BM_ConvertDispatch", "paired_ratio"), "x");
    bench::Print("convert_dispatch_overhead_ns", dispatch - direct, "ns");
  }
  bench::Print("convert_dispatch_string_ns", bench::NsOf(results, "BM_ConvertDispatchString"), "ns");
  bench::Print("convert_direct_string_ns", bench::NsOf(results, "BM_ConvertDirectString"), "ns");
  bench::Print("convert_dispatch_trivial_ns", bench::NsOf(results, "BM_ConvertDispatchTrivial"), "ns");
  bench::Print("convert_to_version_hub_ns", bench::NsOf(results, "BM_ConvertToVersionHub"), "ns");
  bench::Print("decode_scheme_ns", decode, "ns");
  bench::Print("decode_raw_json_ns", raw, "ns");
  if (decode > 0 && raw > 0) bench::Print("decode_scheme_over_raw", decode / raw, "x");
  bench::Print("unstructured_decode_ns", bench::NsOf(results, "BM_UnstructuredDecode"), "ns");
  bench::Print("unstructured_store_add_ms", bench::NsOf(results, "BM_UnstructuredStoreAdd") / 1e6, "ms");
  bench::Print("unstructured_get_by_key_ns", bench::NsOf(results, "BM_UnstructuredGetByKey"), "ns");
  bench::Print("unstructured_list_ns", bench::NsOf(results, "BM_UnstructuredList"), "ns");
  bench::Print("unstructured_label_select_ns", bench::NsOf(results, "BM_UnstructuredLabelSelect"), "ns");
  bench::Print("unstructured_get_labels_ns", bench::NsOf(results, "BM_UnstructuredGetLabels"), "ns");
  bench::Print("unstructured_marshal_ns", bench::NsOf(results, "BM_UnstructuredMarshal"), "ns");
  return 0;
}
