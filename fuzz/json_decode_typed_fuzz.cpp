// libFuzzer target: JSON bytes decoded into typed objects through runtime::JSONSerializer (the
// example widgets group: v1, v1beta1, v2 and the hub), strict and not.
//
// Properties checked on every input:
// - Decode, DecodeInto and DecodeUnstructured return or throw apimachinery::Error (any other
//   exception escapes and libFuzzer reports it as a crash; ASan/UBSan catch memory errors and UB);
// - a decoded object can be copied (DeepCopyObject) and encoded, and its encoding parses back
//   through util::json::Parse.
#include <cstddef>
#include <cstdint>
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

const runtime::Scheme& FuzzScheme() {
  static const runtime::Scheme* scheme = [] {
    auto* s = new runtime::Scheme();
    widgets::AddToScheme(*s);
    return s;
  }();
  return *scheme;
}

void Exercise(const runtime::JSONSerializer& codec, std::string_view input) {
  std::unique_ptr<runtime::Object> obj;
  try {
    obj = codec.Decode(input);
  } catch (const runtime::StrictDecodingErrorWithObject& e) {
    obj = e.strict_object()->DeepCopyObject();
  } catch (const apimachinery::Error&) {
    return;
  }
  if (!obj) return;
  const std::unique_ptr<runtime::Object> copy = obj->DeepCopyObject();
  std::string out;
  try {
    out = codec.Encode(*copy);
  } catch (const apimachinery::Error&) {
    return;  // e.g. an unregistered unversioned kind
  }
  try {
    (void)apimachinery::util::json::Parse(out);
  } catch (const apimachinery::Error&) {
    std::abort();  // our own output must parse
  }
  // DecodeInto a fresh object of the same type.
  std::unique_ptr<runtime::Object> into = obj->DeepCopyObject();
  try {
    (void)codec.DecodeInto(input, *into);
  } catch (const apimachinery::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  static const runtime::JSONSerializer lenient(FuzzScheme());
  static const runtime::JSONSerializer strict(FuzzScheme(), {.strict = true});
  Exercise(lenient, input);
  Exercise(strict, input);
  return 0;
}
