#include "apimachinery/runtime/compact_unstructured.hpp"

#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <typeinfo>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/util/json/json.hpp"

#include "support/read_file.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_compact_unstructured_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace ujson = apimachinery::util::json;
using nlohmann::json;
using runtime::CompactUnstructured;

using test_support::ReadFile;

const runtime::JSONSerializer& Codec() {
  static const runtime::Scheme scheme;
  static const runtime::JSONSerializer codec(scheme);
  return codec;
}

std::string PodText() {
  return ReadFile(std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "pods" / "pod-realistic.json");
}

const CompactUnstructured& AsCompact(const std::unique_ptr<runtime::Object>& o) {
  REQUIRE(o);
  REQUIRE(o->GetTypeId() == apimachinery::util::kTypeId<CompactUnstructured>);
  return static_cast<const CompactUnstructured&>(*o);
}

TEST_CASE("CompactUnstructured: the realistic pod reads as DecodeUnstructured reads it",
          "[runtime][compact]") {
  const std::string text = PodText();
  const auto compact = Codec().DecodeCompact(text);
  const auto tree = Codec().DecodeUnstructured(text);
  const CompactUnstructured& c = AsCompact(compact);
  const auto& u = static_cast<const runtime::Unstructured&>(*tree);
  CHECK(c.GetObjectKind() == u.GetObjectKind());
  CHECK(c.GetObjectKind() == schema::GroupVersionKind{"", "v1", "Pod"});
  CHECK(json(*c.GetObjectMeta()) == json(*u.GetObjectMeta()));
  CHECK(c.GetObjectMeta()->managed_fields.size() == u.GetManagedFields().size());
  CHECK_FALSE(c.GetObjectMeta()->managed_fields.empty());
  CHECK(c.MarshalJSON() == u.MarshalJSON());
  CHECK(Codec().Encode(c) == Codec().Encode(u));
  CHECK(ujson::Equal(c.UnstructuredContent(), u.Body()));
  CHECK(c.ToUnstructured() == u);
  CHECK(runtime::ObjectToUnstructured(runtime::Scheme(), c) == u);
  CHECK(c.Root().FindPath("spec", "nodeName").String() == u.Body()["spec"]["nodeName"].get<std::string>());
  CHECK(CompactUnstructured(u) == c);
}

TEST_CASE("CompactUnstructured: every fixture object decodes as DecodeUnstructured decodes it",
          "[runtime][compact]") {
  std::size_t objects = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(APIMACHINERY_TESTDATA_DIR)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    if (entry.file_size() > 4 * 1024 * 1024) continue;
    const std::string text = ReadFile(entry.path());
    INFO(entry.path().string());
    std::unique_ptr<runtime::Object> want;
    std::string want_error;
    try {
      want = Codec().DecodeUnstructured(text);
    } catch (const std::exception& e) {
      want_error = e.what();
    }
    if (!want) {
      CHECK_THROWS_WITH(Codec().DecodeCompact(text), want_error);
      continue;
    }
    const auto got = Codec().DecodeCompact(text);
    if (want->GetTypeId() == apimachinery::util::kTypeId<runtime::UnstructuredList>) {
      CHECK(got->GetTypeId() == want->GetTypeId());  // lists stay lists
      continue;
    }
    const CompactUnstructured& c = AsCompact(got);
    const auto& u = static_cast<const runtime::Unstructured&>(*want);
    CHECK(c.MarshalJSON() == u.MarshalJSON());
    CHECK(c.GetObjectKind() == u.GetObjectKind());
    CHECK(json(*c.GetObjectMeta()) == json(*u.GetObjectMeta()));
    ++objects;
  }
  CHECK(objects > 10);
}

TEST_CASE("CompactUnstructured: refused input gets DecodeUnstructured's errors", "[runtime][compact]") {
  const std::vector<std::string> bad = {
      "",
      "{",
      "[1]",
      "\"pod\"",
      R"({"apiVersion":"v1"})",
      R"({"kind":"Pod"})",
      R"({"apiVersion":"v1","kind":""})",
      R"({"apiVersion":1,"kind":"Pod"})",
      R"({"apiVersion":"v1","kind":["Pod"]})",
      R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},})",
      std::string(10001, '['),
  };
  for (const auto& text : bad) {
    INFO(text.substr(0, 60));
    std::string want;
    const char* want_type = nullptr;
    try {
      (void)Codec().DecodeUnstructured(text);
      FAIL("DecodeUnstructured accepted it");
    } catch (const std::exception& e) {
      want = e.what();
      want_type = typeid(e).name();
    }
    try {
      (void)Codec().DecodeCompact(text);
      FAIL("DecodeCompact accepted it");
    } catch (const std::exception& e) {
      CHECK(e.what() == want);
      CHECK(std::string(typeid(e).name()) == want_type);
    }
  }
}

TEST_CASE("CompactUnstructured: lists and strict mode take the tree path", "[runtime][compact]") {
  const std::string list =
      R"({"apiVersion":"v1","kind":"PodList","metadata":{"resourceVersion":"7"},"items":[]})";
  CHECK(Codec().DecodeCompact(list)->GetTypeId() == apimachinery::util::kTypeId<runtime::UnstructuredList>);
  static const runtime::Scheme scheme;
  const runtime::JSONSerializer strict(scheme, {.strict = true});
  CHECK_THROWS_AS(strict.DecodeCompact(R"({"apiVersion":"v1","kind":"Pod","a":1,"a":2})"),
                  runtime::StrictDecodingError);
  CHECK(strict.DecodeCompact(R"({"apiVersion":"v1","kind":"Pod"})")->GetTypeId() ==
        apimachinery::util::kTypeId<runtime::Unstructured>);
}

TEST_CASE("CompactUnstructured: copies share the document; metadata writes fold into the encoding",
          "[runtime][compact]") {
  const std::string text =
      R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","creationTimestamp":null,)"
      R"("labels":{"x":"1"},"futureKey":{"k":[1,2]}},"data":{"k":"v"}})";
  const auto decoded = Codec().DecodeCompact(text);
  const CompactUnstructured& c = AsCompact(decoded);
  const auto copy = c.DeepCopyObject();
  const CompactUnstructured& d = AsCompact(copy);
  CHECK(d.Document().get() == c.Document().get());  // shared, not copied
  CHECK(d == c);

  // A write through the mutable metadata of the copy.
  runtime::Object& mutable_copy = *copy;
  mutable_copy.GetObjectMeta()->labels["y"] = "2";
  mutable_copy.GetObjectMeta()->name = "b";
  CHECK(c.GetObjectMeta()->labels.size() == 1);  // the original is untouched
  CHECK(c.GetObjectMeta()->name == "a");
  CHECK(d.Root().FindPath("metadata", "name").String() == "a");  // the document as decoded
  const json out = ujson::Parse(d.MarshalJSON());
  CHECK(out["metadata"]["name"] == "b");
  CHECK(out["metadata"]["labels"] == json{{"x", "1"}, {"y", "2"}});
  CHECK(out["metadata"]["creationTimestamp"].is_null());  // keys the write did not touch keep their JSON
  CHECK(out["metadata"]["futureKey"] == json{{"k", {1, 2}}});
  CHECK(out["data"] == json{{"k", "v"}});
  CHECK(Codec().Encode(d) == d.MarshalJSON());
  CHECK_FALSE(d == c);
  CHECK(ujson::Parse(c.MarshalJSON()) == ujson::Parse(text));
}

TEST_CASE("CompactUnstructured: WithoutManagedFields and SetGroupVersionKind build new documents",
          "[runtime][compact]") {
  const std::string text = PodText();
  const auto decoded = Codec().DecodeCompact(text);
  const CompactUnstructured& c = AsCompact(decoded);
  const CompactUnstructured stripped = c.WithoutManagedFields();
  CHECK(stripped.GetObjectMeta()->managed_fields.empty());
  CHECK(stripped.Root().FindPath("metadata", "managedFields").IsAbsent());
  CHECK(stripped.Document()->HeapBytes() < c.Document()->HeapBytes());
  json want = ujson::Parse(text);
  want["metadata"].erase("managedFields");
  CHECK(stripped.MarshalJSON() == ujson::Marshal(want));
  // Without managedFields already: the same document.
  CHECK(stripped.WithoutManagedFields().Document().get() == stripped.Document().get());

  CompactUnstructured moved = stripped;
  moved.SetGroupVersionKind({"example.com", "v2", "Thing"});
  CHECK(moved.GetObjectKind() == schema::GroupVersionKind{"example.com", "v2", "Thing"});
  CHECK(moved.Root().Find("apiVersion").String() == "example.com/v2");
  CHECK(moved.GetObjectMeta()->name == stripped.GetObjectMeta()->name);
}

TEST_CASE("CompactUnstructured: a document that is not an object is refused", "[runtime][compact]") {
  CHECK_THROWS_MATCHES(
      CompactUnstructured(ujson::Compact::Parse("[1]")), metav1::DecodeError,
      Catch::Message("json: cannot unmarshal array into Go value of type map[string]interface {}"));
  const CompactUnstructured empty;
  CHECK(empty.MarshalJSON() == "{}");
  CHECK(empty.GetObjectKind() == schema::GroupVersionKind{});
  CHECK(CompactUnstructured(std::shared_ptr<const ujson::Compact>()).MarshalJSON() == "{}");
}

}  // namespace runtime_compact_unstructured_test

namespace runtime_compact_unstructured_test {

TEST_CASE("CompactUnstructured: managedFields read from the document as the tree reader reads them",
          "[runtime][compact]") {
  const std::vector<std::string> managed = {
      R"([{"manager":"m","operation":"Update","apiVersion":"v1","time":"2024-05-01T10:00:00Z",)"
      R"("fieldsType":"FieldsV1","fieldsV1":{"f:b":{},"f:a":{".":{}}},"subresource":"status","extra":1}])",
      R"([{"manager":"m","fieldsV1":null}])",
      R"([{"operation":null}])",
      R"([{"manager":7}])",
      R"([{"time":"yesterday"}])",
      R"([{"time":5}])",
      R"([1])",
      R"({"a":1})",
      R"(null)",
      R"([])",
  };
  for (const auto& m : managed) {
    INFO(m);
    const std::string text =
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","labels":{"k":"v"},)"
        R"("managedFields":)" +
        m + "}}";
    const auto c = Codec().DecodeCompact(text);
    const auto u = Codec().DecodeUnstructured(text);
    CHECK(json(*AsCompact(c).GetObjectMeta()) == json(*u->GetObjectMeta()));
    CHECK(AsCompact(c).GetObjectMeta()->managed_fields == u->GetObjectMeta()->managed_fields);
    CHECK(AsCompact(c).GetObjectMeta()->name == "a");
  }
}

}  // namespace runtime_compact_unstructured_test

namespace runtime_compact_unstructured_test {

TEST_CASE("CompactUnstructured: DecodeCompactList decodes items as the dynamic client does",
          "[runtime][compact]") {
  const std::string pod = PodText();
  const std::string list = R"({"apiVersion":"v1","kind":"PodList","metadata":{"resourceVersion":"42",)"
                           R"("continue":"c1","remainingItemCount":3},"items":[)" +
                           pod +
                           R"(,{"metadata":{"name":"bare"}},null,{"kind":"Other","metadata":{"name":"k"}}]})";
  const runtime::CompactList got = Codec().DecodeCompactList(list);
  CHECK(got.gvk == schema::GroupVersionKind{"", "v1", "PodList"});
  CHECK(got.list_meta.resource_version == "42");
  CHECK(got.list_meta.continue_ == "c1");
  CHECK(got.list_meta.remaining_item_count == std::optional<std::int64_t>(3));
  REQUIRE(got.items.size() == 4);
  const auto one = Codec().DecodeUnstructured(pod);
  CHECK(got.items[0].MarshalJSON() == static_cast<const runtime::Unstructured&>(*one).MarshalJSON());
  // Neither kind nor apiVersion: the list's apiVersion and its kind without "List" (decodeToList).
  CHECK(got.items[1].GetObjectKind() == schema::GroupVersionKind{"", "v1", "Pod"});
  CHECK(got.items[1].GetObjectMeta()->name == "bare");
  CHECK(got.items[2].MarshalJSON() == R"({"apiVersion":"v1","kind":"Pod"})");
  CHECK(got.items[3].GetObjectKind() == schema::GroupVersionKind{"", "", "Other"});  // kind set: untouched

  // The same items as UnstructuredList::UnmarshalJSON gives.
  runtime::UnstructuredList ul;
  ul.UnmarshalJSON(list);
  REQUIRE(ul.items.size() == got.items.size());
  for (std::size_t i = 0; i < ul.items.size(); ++i) CHECK(got.items[i].ToUnstructured() == ul.items[i]);
}

TEST_CASE("CompactUnstructured: DecodeCompactList errors", "[runtime][compact]") {
  // The serializer's texts for what DecodeUnstructured refuses.
  for (const std::string& bad :
       {std::string("{"), std::string("[]"), std::string(R"({"kind":"PodList","items":[]})"),
        std::string(R"({"apiVersion":"v1","items":[]})"),
        std::string(R"({"apiVersion":5,"kind":"PodList","items":[]})")}) {
    INFO(bad);
    std::string want;
    try {
      (void)Codec().DecodeUnstructured(bad);
      FAIL("accepted");
    } catch (const std::exception& e) {
      want = e.what();
    }
    CHECK_THROWS_WITH(Codec().DecodeCompactList(bad), want);
  }
  CHECK_THROWS_MATCHES(
      Codec().DecodeCompactList(R"({"apiVersion":"v1","kind":"PodList"})"), metav1::DecodeError,
      Catch::Message(
          "json: cannot unmarshal object into Go struct field decodeList.Items of type []json.RawMessage"));
  CHECK_THROWS_MATCHES(
      Codec().DecodeCompactList(R"({"apiVersion":"v1","kind":"PodList","items":"x"})"), metav1::DecodeError,
      Catch::Message(
          "json: cannot unmarshal string into Go struct field decodeList.Items of type []json.RawMessage"));
  CHECK_THROWS_MATCHES(
      Codec().DecodeCompactList(R"({"apiVersion":"v1","kind":"PodList","items":[{},5]})"),
      metav1::DecodeError,
      Catch::Message("json: cannot unmarshal number into Go value of type map[string]interface {}"));
}

}  // namespace runtime_compact_unstructured_test
