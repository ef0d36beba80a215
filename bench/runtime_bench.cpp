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
#include <cstdint>
#include <string>

#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/scheme.hpp"

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
  return 0;
}
