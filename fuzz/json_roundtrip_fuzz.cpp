// libFuzzer target: the round trip of the JSON codec. For every input the codec accepts
// (lenient mode; typed widgets or Unstructured), decode(encode(x)) must be accepted and equal x
// (Unstructured: equal content, numbers by value; typed: equal encodings), and encoding reaches a
// fixed point after one round. util::json's own round trip is checked too: Parse(Marshal(v))
// equals v.
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
    // The text is a fixed point after one round: a float -0 is written "-0", which reads back as
    // the integer 0 (as Go's unstructured decoding turns it into int64 0).
    const std::string again = json::Marshal(back);
    if (json::Marshal(json::Parse(again)) != again) Fail("Marshal not stable", text, again);
  } catch (const apimachinery::Error&) {
  }

  static const runtime::JSONSerializer codec(FuzzScheme());
  std::unique_ptr<runtime::Object> first;
  std::string e1;
  try {
    first = codec.Decode(input);
    e1 = codec.Encode(*first);
  } catch (const apimachinery::Error&) {
    return 0;
  }
  auto redecode = [](const std::string& encoded) {
    try {
      return codec.Decode(encoded);
    } catch (const apimachinery::Error& e) {
      Fail("decode(encode(x)) refused", encoded, e.what());
    }
  };
  std::unique_ptr<runtime::Object> second = redecode(e1);
  if (second->GetTypeId() != first->GetTypeId()) Fail("type changed", e1, codec.Encode(*second));
  const std::string e2 = codec.Encode(*second);
  const std::string e3 = codec.Encode(*redecode(e2));
  if (e3 != e2) Fail("encode(decode(e)) != e after one round", e2, e3);
  const apimachinery::util::TypeId type = first->GetTypeId();
  if (type == apimachinery::util::kTypeId<runtime::Unstructured>) {
    const auto& a = static_cast<const runtime::Unstructured&>(*first);
    const auto& b = static_cast<const runtime::Unstructured&>(*second);
    if (!json::Equal(a.UnstructuredContent(), b.UnstructuredContent())) Fail("content differs", e1, e2);
  } else if (type == apimachinery::util::kTypeId<runtime::UnstructuredList>) {
    const auto& a = static_cast<const runtime::UnstructuredList&>(*first);
    const auto& b = static_cast<const runtime::UnstructuredList&>(*second);
    if (!json::Equal(a.UnstructuredContent(), b.UnstructuredContent())) Fail("content differs", e1, e2);
  } else if (!json::Equal(json::Parse(e1), json::Parse(e2))) {
    Fail("typed object differs", e1, e2);
  }
  return 0;
}
