// libFuzzer target: JSON bytes decoded into runtime::Unstructured / UnstructuredList.
//
// Properties checked on every input:
// - UnmarshalJSON (Unstructured and UnstructuredList), DecodeUnstructured and util::json::Parse
//   return or throw apimachinery::Error (any other exception is a crash for libFuzzer);
// - what decodes can be copied, compared, encoded (MarshalJSON) and converted to a list
//   (ToList), and the encoding parses back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "apimachinery/error.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace runtime = apimachinery::runtime;
  namespace json = apimachinery::util::json;
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  try {
    nlohmann::json doc = json::Parse(input);
    const nlohmann::json copy = json::DeepCopy(doc);
    if (!json::Equal(doc, copy)) std::abort();
    const std::string text = json::Marshal(doc);
    if (!json::Equal(json::Parse(text), doc)) std::abort();
  } catch (const apimachinery::Error&) {
  }

  runtime::Unstructured u;
  try {
    u.UnmarshalJSON(input);
  } catch (const apimachinery::Error&) {
  }
  const runtime::Unstructured uc(u);
  const std::string out = uc.MarshalJSON();
  (void)json::Parse(out);  // throws (and crashes the target) if our own output does not parse
  (void)u.ToList();

  runtime::UnstructuredList list;
  try {
    list.UnmarshalJSON(input);
  } catch (const apimachinery::Error&) {
  }
  const runtime::UnstructuredList lc(list);
  (void)json::Parse(lc.MarshalJSON());

  try {
    std::unique_ptr<runtime::Object> obj = runtime::DecodeUnstructured(input);
    (void)obj->DeepCopyObject();
  } catch (const apimachinery::Error&) {
  }
  return 0;
}
