#include "apimachinery/runtime/extension.hpp"

#include <memory>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_extension_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
using nlohmann::json;

struct Holder {
  runtime::RawExtension ext;
};
void to_json(json& j, const Holder& h) { j = json{{"Ext", h.ext}}; }
void from_json(const json& j, Holder& h) {
  if (auto it = j.find("Ext"); it != j.end()) from_json(*it, h.ext);
}

// extension_test.go: TestEmbeddedRawExtensionMarshal, ...Unmarshal, ...RoundTrip.
TEST_CASE("RawExtension embedded in a struct (upstream tests)", "[runtime][rawextension]") {
  const Holder with{runtime::RawExtension{R"({"foo":"bar"})", nullptr}};
  CHECK(json(with).dump() == R"({"Ext":{"foo":"bar"}})");
  for (const Holder& orig : {with, Holder{}}) {
    const std::string data = json(orig).dump();
    const Holder new1 = json::parse(data).get<Holder>();
    CHECK(new1.ext == orig.ext);
    const std::string new_data = json(new1).dump();
    CHECK(new_data == data);
    CHECK(json::parse(new_data).get<Holder>().ext == new1.ext);
  }
  CHECK(json(Holder{}).dump() == R"({"Ext":null})");
}

// extension_test.go: TestRawExtensionMarshalUnstructured (the JSON half).
TEST_CASE("RawExtension MarshalJSON (upstream table)", "[runtime][rawextension]") {
  using Catch::Matchers::Message;
  CHECK(runtime::RawExtension{}.MarshalJSON() == "null");
  CHECK(runtime::RawExtension{R"("foo")", nullptr}.MarshalJSON() == R"("foo")");
  CHECK(runtime::RawExtension{"0", nullptr}.MarshalJSON() == "0");
  // Invalid JSON that starts like JSON is returned verbatim by MarshalJSON (as Go's method).
  CHECK(runtime::RawExtension{"{{", nullptr}.MarshalJSON() == "{{");
  const std::string unrecognized =
      "cannot convert RawExtension with unrecognized content type to unstructured";
  CHECK_THROWS_MATCHES((runtime::RawExtension{std::string("\x43"
                                                          "foo"),
                                              nullptr}
                            .MarshalJSON()),
                       apimachinery::Error, Message(unrecognized));
  CHECK_THROWS_MATCHES((runtime::RawExtension{std::string("\xff"), nullptr}.MarshalJSON()),
                       apimachinery::Error, Message(unrecognized));
  // CBOR is not supported: the self-described tag is an unrecognized content type here.
  CHECK_THROWS_MATCHES((runtime::RawExtension{std::string("\xd9\xd9\xf7\x43"
                                                          "foo"),
                                              nullptr}
                            .MarshalJSON()),
                       apimachinery::Error, Message(unrecognized));
  // Through nlohmann, as json.Marshal of a struct holding it: Go's prefix, then the reason.
  CHECK_THROWS_WITH(
      json(runtime::RawExtension{"{{", nullptr}),
      Catch::Matchers::StartsWith("json: error calling MarshalJSON for type runtime.RawExtension: "));
  CHECK_THROWS_MATCHES(json(runtime::RawExtension{"\xff", nullptr}), apimachinery::Error,
                       Message(unrecognized));
  // An Object without Raw needs a serializer here.
  runtime::RawExtension obj{"", std::make_shared<metav1::PartialObjectMetadata>()};
  CHECK_THROWS_AS(obj.MarshalJSON(), apimachinery::Error);
  CHECK_THROWS_AS(json(obj), apimachinery::Error);
  obj.raw = R"({"kind":"X"})";
  CHECK(obj.MarshalJSON() == R"({"kind":"X"})");
}

// Answers printed by Go (json.Unmarshal into RawExtension).
TEST_CASE("RawExtension UnmarshalJSON keeps the bytes", "[runtime][rawextension]") {
  runtime::RawExtension re;
  re.UnmarshalJSON(R"( {"a": 1} )");
  CHECK(re.raw == R"( {"a": 1} )");
  re.UnmarshalJSON("null");  // leaves it unchanged
  CHECK(re.raw == R"( {"a": 1} )");
  CHECK(re.MarshalJSON() == R"( {"a": 1} )");
  // Through nlohmann the compact text is kept; null leaves it unchanged.
  from_json(json::parse(R"({"a" :  1})"), re);
  CHECK(re.raw == R"({"a":1})");
  from_json(json(nullptr), re);
  CHECK(re.raw == R"({"a":1})");
  // Invalid UTF-8 built in memory becomes U+FFFD (Go's encoder), never nlohmann's exception.
  json bad = {{"k", std::string("bad\xff")}};
  from_json(bad, re);
  CHECK(re.raw == "{\"k\":\"bad\xef\xbf\xbd\"}");
}

}  // namespace runtime_extension_test
