// libFuzzer target for watch::EventStreamDecoder (the API server's watch stream decoder).
//
// Properties checked on every input:
// - decoding either yields events or throws an apimachinery::Error (any other exception escapes
//   and is reported by libFuzzer as a crash; ASan/UBSan catch memory and UB errors);
// - the result does not depend on how the stream is split: the input fed in one piece and fed in
//   chunks of 1..16 bytes (the size taken from the first byte) give the same events (type and
//   object JSON) and the same final outcome (end of stream, or the same error text);
// - every object is typed through the Scheme (a registered kind) or Unstructured, and an ERROR
//   event whose object has kind Status carries a metav1::Status.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/apimachinery.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"

namespace {

namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace watch = apimachinery::watch;

struct Pod : runtime::ObjectBase<Pod> {
  static constexpr std::string_view kKind = "Pod";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Pod, metadata)
APIMACHINERY_JSON_FIELDS(Pod)

const runtime::JSONSerializer& Codec() {
  static const runtime::Scheme* scheme = [] {
    auto* s = new runtime::Scheme("fuzz");
    s->AddKnownTypes<Pod>({"", "v1"});
    return s;
  }();
  static const runtime::JSONSerializer codec(*scheme);
  return codec;
}

std::string Describe(const watch::Event& ev) {
  std::string out(watch::String(ev.type));
  out += ' ';
  if (const auto* st = dynamic_cast<const metav1::Status*>(ev.object.get())) {
    out += nlohmann::json(*st).dump();
  } else {
    if (ev.type == watch::EventType::kError && ev.object->GetObjectKind().kind == "Status") std::abort();
    out += Codec().Encode(*ev.object);
  }
  return out;
}

// Run: the events and the outcome of decoding `in` fed in pieces of `chunk` bytes (0: whole).
std::vector<std::string> Run(std::string_view in, std::size_t chunk) {
  watch::EventStreamDecoder dec(Codec(), {.max_frame_bytes = 1 << 16});
  std::vector<std::string> out;
  try {
    std::size_t fed = 0;
    for (;;) {
      while (auto ev = dec.Next()) out.push_back(Describe(*ev));
      if (dec.Finished()) {
        out.emplace_back("EOF");
        return out;
      }
      if (fed == in.size()) {
        dec.FeedEOF();
        continue;
      }
      const std::size_t n = chunk == 0 ? in.size() : std::min(chunk, in.size() - fed);
      dec.Feed(in.substr(fed, n));
      fed += n;
    }
  } catch (const apimachinery::Error& e) {
    out.push_back(std::string("ERR ") + e.what());
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t chunk = 1 + data[0] % 16;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (Run(input, 0) != Run(input, chunk)) std::abort();
  return 0;
}
