// libFuzzer target: the round trip of the JSON codec. For every input the codec accepts
// (lenient mode; typed widgets or Unstructured), decode(encode(x)) must be accepted and encode to
// the same bytes, and the re-decoded object must equal x (Unstructured: equal content; typed:
// equal encodings). util::json's own round trip is checked too: Parse(Marshal(v)) equals v.
// A failed property aborts (a finding).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "apimachinery/error.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/util/json/json.hpp"

#include "../examples/widgets/widgets.hpp"

namespace {

namespace runtime = apimachinery::runtime;
namespace json = apimachinery::util::json;

const runtime::Scheme& FuzzScheme() {
  static const runtime::Scheme* scheme = [] {
    auto* s = new runtime::Scheme();
    widgets::AddToScheme(*s);
    return s;
  }();
  return *scheme;
}

[[noreturn]] void Fail(const char* what, const std::string& a, const std::string& b) {
  std::fprintf(stderr, "round trip: %s\n  first:  %s\n  second: %s\n", what, a.c_str(), b.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    const nlohmann::json v = json::Parse(input);
    const std::string text = json::Marshal(v);
    const nlohmann::json back = json::Parse(text);
    if (!json::Equal(back, v)) Fail("Parse(Marshal(v)) != v", text, json::Marshal(back));
    if (json::Marshal(back) != text) Fail("Marshal not stable", text, json::Marshal(back));
  } catch (const apimachinery::Error&) {
  }

  static const runtime::JSONSerializer codec(FuzzScheme());
  std::unique_ptr<runtime::Object> first;
  std::string encoded;
  try {
    first = codec.Decode(input);
    encoded = codec.Encode(*first);
  } catch (const apimachinery::Error&) {
    return 0;
  }
  std::unique_ptr<runtime::Object> second;
  try {
    second = codec.Decode(encoded);
  } catch (const apimachinery::Error& e) {
    Fail("decode(encode(x)) refused", encoded, e.what());
  }
  if (second->GetTypeId() != first->GetTypeId()) Fail("type changed", encoded, codec.Encode(*second));
  const std::string again = codec.Encode(*second);
  if (again != encoded) Fail("encode(decode(encode(x))) != encode(x)", encoded, again);
  if (first->GetTypeId() == apimachinery::util::kTypeId<runtime::Unstructured>) {
    const auto& a = static_cast<const runtime::Unstructured&>(*first);
    const auto& b = static_cast<const runtime::Unstructured&>(*second);
    if (!json::Equal(a.UnstructuredContent(), b.UnstructuredContent()))
      Fail("content differs", encoded, again);
  } else if (first->GetTypeId() == apimachinery::util::kTypeId<runtime::UnstructuredList>) {
    const auto& a = static_cast<const runtime::UnstructuredList&>(*first);
    const auto& b = static_cast<const runtime::UnstructuredList&>(*second);
    if (!json::Equal(a.UnstructuredContent(), b.UnstructuredContent()))
      Fail("content differs", encoded, again);
  }
  return 0;
}
