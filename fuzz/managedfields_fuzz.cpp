// libFuzzer target for util/managedfields: FieldsV1 decoding and server-side apply of hostile
// documents.
//
// Properties checked on every input (a JSON document; other bytes are rejected by the parser):
// - Set::FromFieldsV1 either returns or throws apimachinery::Error, and a decoded set's FieldsV1
//   bytes decode back to an equal set;
// - the document as an apply configuration (its apiVersion and kind forced to the resource's) and
//   as an update of a fixed live object either succeeds or throws apimachinery::Error (StatusError
//   included); the result of a successful apply carries managedFields that decode again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/managedfields/managedfields.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace managedfields = apimachinery::managedfields;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  nlohmann::json doc;
  try {
    doc = apimachinery::util::json::Parse(input);
  } catch (const std::exception&) {
    return 0;
  }
  try {
    const managedfields::Set s = managedfields::Set::FromFieldsV1(doc);
    if (!(managedfields::Set::FromJSON(s.ToJSON()) == s)) std::abort();
  } catch (const apimachinery::Error&) {
  }
  if (!doc.is_object()) return 0;
  static const managedfields::TypeRef type = managedfields::ObjectType(managedfields::TypeFromOpenAPI(
      nlohmann::json::parse(R"({"type":"object","properties":{"spec":{"type":"object","properties":{
        "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["port"],
          "items":{"type":"object"}},
        "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}}}})")));
  const managedfields::FieldManager fm(type, {"example.com", "v1", "Widget"});
  const nlohmann::json live = nlohmann::json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget",
    "metadata":{"name":"a","uid":"u","labels":{"a":"b"},"finalizers":["f"],"managedFields":[{"manager":"m",
    "operation":"Update","apiVersion":"example.com/v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":
    {"f:labels":{"f:a":{}}},"f:spec":{"f:ports":{"k:{\"port\":80}":{".":{},"f:port":{}}}}}}]},
    "spec":{"ports":[{"port":80}],"tags":["x"]}})");
  nlohmann::json config = doc;
  config["apiVersion"] = "example.com/v1";
  config["kind"] = "Widget";
  try {
    const nlohmann::json next = fm.Apply(live, config, "fuzzer", (size & 1) != 0, "2024-01-01T00:00:00Z");
    if (next.contains("metadata") && next["metadata"].is_object() &&
        next["metadata"].contains("managedFields")) {
      (void)managedfields::DecodeManagedFields(next["metadata"]["managedFields"]);
    }
  } catch (const apimachinery::Error&) {
  }
  try {
    (void)fm.Update(live, doc, "fuzzer", "2024-01-01T00:00:00Z");
  } catch (const apimachinery::Error&) {
  }
  return 0;
}
