#include "apimachinery/util/json/compact.hpp"

#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/error.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/json/string_pool.hpp"

#include "support/read_file.hpp"
#include "support/small_stack.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_json_compact_test {

namespace ujson = apimachinery::util::json;
using nlohmann::json;
using test_support::RunOnSmallStack;
using ujson::Compact;
using ujson::ValueKind;
using ujson::ValueRef;

using test_support::ReadFile;

// The model: util::json::Parse's tree. A compact document must say the same about every value.
void CheckAgainstModel(ValueRef v, const json& model) {
  switch (model.type()) {
    case json::value_t::null:
      CHECK(v.Kind() == ValueKind::kNull);
      break;
    case json::value_t::boolean:
      REQUIRE(v.IsBool());
      CHECK(v.Bool() == model.get<bool>());
      break;
    case json::value_t::number_integer:
      REQUIRE(v.Kind() == ValueKind::kInteger);
      CHECK(v.Int() == model.get<std::int64_t>());
      break;
    case json::value_t::number_unsigned:
      // nlohmann keeps every non-negative integer literal unsigned; Compact keeps those that fit
      // int64 as integers (the value is what matters).
      REQUIRE(v.IsNumber());
      if (v.Kind() == ValueKind::kUnsigned) {
        CHECK(v.Unsigned() == model.get<std::uint64_t>());
      } else {
        REQUIRE(v.Kind() == ValueKind::kInteger);
        CHECK(static_cast<std::uint64_t>(v.Int()) == model.get<std::uint64_t>());
      }
      break;
    case json::value_t::number_float:
      REQUIRE(v.Kind() == ValueKind::kFloat);
      CHECK(v.Float() == model.get<double>());
      break;
    case json::value_t::string:
      REQUIRE(v.IsString());
      CHECK(v.String() == model.get_ref<const std::string&>());
      break;
    case json::value_t::array: {
      REQUIRE(v.IsArray());
      REQUIRE(v.Size() == model.size());
      std::size_t i = 0;
      v.ForEachElement([&](ValueRef e) { CheckAgainstModel(e, model[i++]); });
      CHECK(i == model.size());
      if (!model.empty()) CheckAgainstModel(v.At(model.size() - 1), model.back());
      CHECK(v.At(model.size()).IsAbsent());
      break;
    }
    case json::value_t::object: {
      REQUIRE(v.IsObject());
      REQUIRE(v.Size() == model.size());
      auto it = model.begin();
      v.ForEachMember([&](std::string_view key, ValueRef m) {
        REQUIRE(it != model.end());
        CHECK(key == it.key());  // both iterate in key order
        CheckAgainstModel(m, it.value());
        ++it;
      });
      CHECK(it == model.end());
      for (const auto& [key, value] : model.items()) CheckAgainstModel(v.Find(key), value);
      CHECK(v.Find("\x01not-a-key").IsAbsent());
      break;
    }
    default:
      FAIL("unexpected model kind");
  }
}

// RandomDocument: JSON text with every kind of value, duplicate keys, escapes and non-ASCII text.
class RandomDocument {
 public:
  explicit RandomDocument(std::uint32_t seed) : rng_(seed) {}

  std::string Next() {
    std::string out;
    Value(out, 0);
    return out;
  }

 private:
  std::size_t Pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

  void String(std::string& out) {
    static const std::vector<std::string> kPieces = {
        "a",
        "b",
        "name",
        "metadata",
        "\\n",
        "\\u00e9",
        "\\ud83d\\ude00",
        "é",
        "\\\"",
        "x-y",
        "",
        "0",
        "\\/",
        "kind",
        "labels",
        "finalizers",
        "namespace",
        "a-rather-long-"
        "string-of-more-than-sixty-four-bytes-so-it-is-not-interned"};
    out += '"';
    const std::size_t n = Pick(3);
    for (std::size_t i = 0; i < n; ++i) out += kPieces[Pick(kPieces.size())];
    out += '"';
  }

  void Value(std::string& out, int depth) {
    const std::size_t kinds = depth > 6 ? 7 : 9;
    switch (Pick(kinds)) {
      case 0:
        out += "null";
        break;
      case 1:
        out += Pick(2) ? "true" : "false";
        break;
      case 2:
        out += std::to_string(static_cast<std::int64_t>(rng_()) - (std::int64_t{1} << 31));
        break;
      case 3: {
        static const char* kEdges[] = {"9223372036854775807",
                                       "-9223372036854775808",
                                       "9223372036854775808",
                                       "18446744073709551615",
                                       "0",
                                       "-0",
                                       "1e3",
                                       "2.5",
                                       "-1.25e-7",
                                       "1E+2"};
        out += kEdges[Pick(std::size(kEdges))];
        break;
      }
      case 4:
      case 5:
      case 6:
        String(out);
        break;
      case 7: {
        out += '[';
        const std::size_t n = Pick(5);
        for (std::size_t i = 0; i < n; ++i) {
          if (i) out += ',';
          Value(out, depth + 1);
        }
        out += ']';
        break;
      }
      default: {
        out += '{';
        const std::size_t n = Pick(6);
        for (std::size_t i = 0; i < n; ++i) {
          if (i) out += ',';
          String(out);  // few distinct keys: duplicates are common
          out += Pick(2) ? ":" : " : ";
          Value(out, depth + 1);
        }
        out += '}';
        break;
      }
    }
  }

  std::mt19937 rng_;
};

TEST_CASE("Compact: every fixture reads, marshals and converts as util::json::Parse's tree", "[util][json]") {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(APIMACHINERY_TESTDATA_DIR)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    if (entry.file_size() > 4 * 1024 * 1024) continue;
    const std::string text = ReadFile(entry.path());
    json model;
    try {
      model = ujson::Parse(text);
    } catch (const ujson::SyntaxError&) {
      CHECK_THROWS_AS(Compact::Parse(text), ujson::SyntaxError);
      continue;
    }
    INFO(entry.path().string());
    const Compact doc = Compact::Parse(text);
    CHECK(doc.Marshal() == ujson::Marshal(model));
    CHECK(ujson::Equal(doc.ToJSON(), model));
    CHECK(Compact::From(model) == doc);
    CheckAgainstModel(doc.Root(), model);
    ++files;
  }
  CHECK(files > 20);
}

TEST_CASE("Compact: the realistic pod is read in place and costs a fraction of a tree", "[util][json]") {
  const std::string text =
      ReadFile(std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "pods" / "pod-realistic.json");
  const Compact doc = Compact::Parse(text);
  const json model = ujson::Parse(text);
  CHECK(doc.Root().FindPath("spec", "nodeName").String() == model["spec"]["nodeName"].get<std::string>());
  CHECK(doc.Root().FindPath("metadata", "name").String() == model["metadata"]["name"].get<std::string>());
  CHECK(doc.Root().FindPath("metadata", "no-such-key", "name").IsAbsent());
  // One block of about 1.3 times the JSON text (the tree is about 7 times).
  CHECK(doc.HeapBytes() < 2 * text.size());
  // A subtree copy is a document of its own.
  const Compact meta(doc.Root().Find("metadata"));
  CHECK(meta.Marshal() == ujson::Marshal(model["metadata"]));
  CHECK(meta.HeapBytes() < doc.HeapBytes());
  // Copies copy; moves keep views valid.
  Compact copy = doc;
  CHECK(copy == doc);
  const ValueRef spec = copy.Root().Find("spec");
  Compact moved = std::move(copy);
  CHECK(spec.Find("nodeName").String() == model["spec"]["nodeName"].get<std::string>());
  CHECK(moved == doc);
}

TEST_CASE("Compact: random documents agree with the tree model", "[util][json][property]") {
  RandomDocument gen(20261203);
  for (int i = 0; i < 3000; ++i) {
    const std::string text = gen.Next();
    INFO(text);
    const json model = ujson::Parse(text);
    const Compact doc = Compact::Parse(text);
    REQUIRE(doc.Marshal() == ujson::Marshal(model));
    CHECK(Compact::From(model) == doc);
    CheckAgainstModel(doc.Root(), model);
    std::string appended = "prefix:";
    doc.Root().AppendMarshal(appended);
    CHECK(appended == "prefix:" + ujson::Marshal(model));
  }
}

TEST_CASE("Compact: duplicate keys keep the last value and members are in key order", "[util][json]") {
  const Compact doc = Compact::Parse(R"({"b":1,"a":{"y":1,"x":2},"b":3,"c":[],"a":"last"})");
  CHECK(doc.Root().Size() == 3);
  CHECK(doc.Root().Find("b").Int() == 3);
  CHECK(doc.Root().Find("a").String() == "last");
  CHECK(doc.Marshal() == R"({"a":"last","b":3,"c":[]})");
  std::string keys;
  doc.Root().ForEachMember([&](std::string_view k, ValueRef) { keys += k; });
  CHECK(keys == "abc");
}

TEST_CASE("Compact: numbers keep their kind and compare by value", "[util][json]") {
  const Compact doc = Compact::Parse(R"([1,-1,18446744073709551615,2.5,1e2,-0])");
  const ValueRef r = doc.Root();
  CHECK(r.At(0).Kind() == ValueKind::kInteger);
  CHECK(r.At(1).Int() == -1);
  CHECK(r.At(2).Kind() == ValueKind::kUnsigned);
  CHECK(r.At(2).Unsigned() == std::numeric_limits<std::uint64_t>::max());
  CHECK(r.At(3).Float() == 2.5);
  CHECK(r.At(4).Kind() == ValueKind::kFloat);
  CHECK(doc.Marshal() == ujson::Marshal(ujson::Parse(R"([1,-1,18446744073709551615,2.5,1e2,-0])")));
  CHECK(Compact::Parse("1.0") == Compact::Parse("1"));
  CHECK_FALSE(Compact::Parse("1.5") == Compact::Parse("1"));
  CHECK_FALSE(Compact::Parse(R"({"a":1})") == Compact::Parse(R"({"a":1,"b":2})"));
  CHECK_FALSE(Compact::Parse(R"(["a"])") == Compact::Parse(R"(["b"])"));
}

TEST_CASE("Compact: accessors of the wrong kind return zero values", "[util][json]") {
  const Compact doc = Compact::Parse(R"({"s":"text","n":5,"a":[1]})");
  const ValueRef s = doc.Root().Find("s");
  CHECK(s.Int() == 0);
  CHECK(s.Size() == 0);
  CHECK(s.Find("x").IsAbsent());
  CHECK(s.At(0).IsAbsent());
  CHECK(doc.Root().Find("n").String().empty());
  CHECK_FALSE(doc.Root().Find("a").Bool());
  const ValueRef absent = doc.Root().Find("missing");
  CHECK(absent.IsAbsent());
  CHECK_FALSE(static_cast<bool>(absent));
  CHECK(absent.ToJSON().is_null());
  std::string out;
  absent.AppendMarshal(out);
  CHECK(out == "null");
  CHECK(absent == ValueRef());
  CHECK_FALSE(absent == Compact::Parse("null").Root());
  CHECK(Compact().Marshal() == "null");
}

TEST_CASE("Compact: a document is its nodes and its string bytes, in one block", "[util][json]") {
  // Two string nodes and the array's node; the bytes of both strings (no interning).
  CHECK(Compact::Parse(R"(["ab","ab"])").HeapBytes() == 3 * 8 + 4);
  // A number takes two nodes; keys are strings.
  CHECK(Compact::Parse(R"({"k":1})").HeapBytes() == 4 * 8 + 1);
  CHECK(Compact::Parse("null").HeapBytes() == 8);
}

TEST_CASE("Compact: bad input throws Parse's errors", "[util][json]") {
  const std::vector<std::string> bad = {
      "",
      "[1,",
      R"({"a"})",
      "tru",
      R"("\x")",
      "1 2",
      std::string("[1,\0]", 5),
      "{\"a\":1,}",
      "[01]",
      "\xEF\xBB\xBF[1]",  // a byte order mark
      std::string(10001, '['),
  };
  for (const auto& text : bad) {
    INFO(text.substr(0, 40));
    std::string want;
    try {
      ujson::Parse(text);
      FAIL("Parse accepted it");
    } catch (const ujson::SyntaxError& e) {
      want = e.what();
    }
    CHECK_THROWS_MATCHES(Compact::Parse(text), ujson::SyntaxError, Catch::Message(want));
  }
  CHECK_THROWS_MATCHES(Compact::From(json::binary({1, 2})), apimachinery::Error,
                       Catch::Message("json: unsupported type: binary"));
}

TEST_CASE("Compact: 10,000-deep documents parse, marshal, compare and free on a small stack",
          "[util][json]") {
  RunOnSmallStack([] {
    const std::string arrays = std::string(10000, '[') + std::string(10000, ']');
    std::string objects;
    for (int i = 0; i < 10000; ++i) objects += "{\"a\":";
    objects += "1" + std::string(10000, '}');
    for (const std::string& text : {arrays, objects}) {
      const Compact doc = Compact::Parse(text);
      CHECK(doc.Marshal() == text);
      CHECK(doc == Compact::Parse(text));
      const Compact copy(doc.Root());
      CHECK(copy == doc);
      std::string out;
      doc.Root().Find("a").AppendMarshal(out);
      CHECK(out == (text[0] == '{' ? text.substr(5, text.size() - 6) : std::string("null")));
    }
  });
}

}  // namespace util_json_compact_test

namespace util_json_compact_test {

TEST_CASE("Compact: WithoutMember copies the document without one member", "[util][json]") {
  const Compact doc = Compact::Parse(R"({"a":{"b":1,"c":[2],"d":{"e":3}},"f":"g"})");
  CHECK(doc.WithoutMember({"a", "c"}).Marshal() == R"({"a":{"b":1,"d":{"e":3}},"f":"g"})");
  CHECK(doc.WithoutMember({"f"}).Marshal() == R"({"a":{"b":1,"c":[2],"d":{"e":3}}})");
  CHECK(doc.WithoutMember({"a", "d", "e"}).Marshal() == R"({"a":{"b":1,"c":[2],"d":{}},"f":"g"})");
  // No member there: an equal copy.
  CHECK(doc.WithoutMember({"a", "x"}) == doc);
  CHECK(doc.WithoutMember({"f", "x"}) == doc);  // "f" is not an object
  CHECK(Compact::Parse("[1]").WithoutMember({"a"}) == Compact::Parse("[1]"));
}

}  // namespace util_json_compact_test

namespace util_json_compact_test {

TEST_CASE("Compact: ParseSplitting hands out the elements of one array member as documents", "[util][json]") {
  std::vector<Compact> items;
  const Compact rest = Compact::ParseSplitting(
      R"({"kind":"L","items":[{"b":1,"a":[2,{"c":3}]},null,"s",7,[],{}],"metadata":{"items":[9]}})", "items",
      items);
  CHECK(rest.Marshal() == R"({"items":[],"kind":"L","metadata":{"items":[9]}})");
  REQUIRE(items.size() == 6);
  CHECK(items[0].Marshal() == R"({"a":[2,{"c":3}],"b":1})");
  CHECK(items[1].Marshal() == "null");
  CHECK(items[2].Marshal() == R"("s")");
  CHECK(items[3].Marshal() == "7");
  CHECK(items[4].Marshal() == "[]");
  CHECK(items[5].Marshal() == "{}");

  // The last of duplicate members wins, as in Parse.
  items.clear();
  CHECK(Compact::ParseSplitting(R"({"items":[1,2],"items":[3]})", "items", items).Marshal() ==
        R"({"items":[]})");
  REQUIRE(items.size() == 1);
  CHECK(items[0].Marshal() == "3");
  items.clear();
  CHECK(Compact::ParseSplitting(R"({"items":[1,2],"items":5})", "items", items).Marshal() ==
        R"({"items":5})");
  CHECK(items.empty());
  // No such member, or a root that is not an object: the document whole.
  CHECK(Compact::ParseSplitting(R"({"other":[1]})", "items", items).Marshal() == R"({"other":[1]})");
  CHECK(Compact::ParseSplitting(R"([{"items":[1]}])", "items", items).Marshal() == R"([{"items":[1]}])");
  CHECK(items.empty());
}

TEST_CASE("Compact: ParseSplitting agrees with Parse on random lists and on errors",
          "[util][json][property]") {
  RandomDocument gen(7);
  for (int i = 0; i < 500; ++i) {
    std::string list = R"({"kind":"XList","items":[)";
    for (int k = 0; k < i % 6; ++k) list += (k ? "," : "") + gen.Next();
    list += R"(],"metadata":)" + gen.Next() + "}";
    INFO(list);
    const json model = ujson::Parse(list);
    std::vector<Compact> items;
    const Compact rest = Compact::ParseSplitting(list, "items", items);
    REQUIRE(items.size() == model["items"].size());
    for (std::size_t k = 0; k < items.size(); ++k)
      CHECK(items[k].Marshal() == ujson::Marshal(model["items"][k]));
    json without = model;
    without["items"] = json::array();
    CHECK(rest.Marshal() == ujson::Marshal(without));
  }
  std::vector<Compact> items{Compact::Parse("1")};
  for (const std::string& bad :
       std::vector<std::string>{R"({"items":[1,)", R"({"items":[{"a":}]})", "", std::string(10001, '[')}) {
    std::string want;
    try {
      ujson::Parse(bad);
    } catch (const ujson::SyntaxError& e) {
      want = e.what();
    }
    CHECK_THROWS_MATCHES(Compact::ParseSplitting(bad, "items", items), ujson::SyntaxError,
                         Catch::Message(want));
  }
  CHECK(items.size() == 1);  // unchanged by a failed parse
}

TEST_CASE("Compact: WithStrings sets string members of the root object", "[util][json]") {
  const Compact doc = Compact::Parse(R"({"b":1,"kind":{"x":1}})");
  CHECK(doc.WithStrings({{"kind", "Pod"}, {"apiVersion", "v1"}}).Marshal() ==
        R"({"apiVersion":"v1","b":1,"kind":"Pod"})");
  CHECK(Compact::Parse("[1]").WithStrings({{"a", "b"}}).Marshal() == "[1]");
}

// --- interning ----------------------------------------------------------------------------------

using ujson::StringPool;

// CheckPooled: a document built with `pool` is the document built without one.
void CheckPooled(const Compact& pooled, const Compact& plain) {
  CHECK(pooled == plain);
  CHECK(pooled.Marshal() == plain.Marshal());
  CHECK(ujson::Equal(pooled.ToJSON(), plain.ToJSON()));
  CHECK(pooled.HeapBytes() <= plain.HeapBytes() + sizeof(void*));
}

TEST_CASE("Compact with a StringPool: every fixture is the same document, smaller", "[util][json][intern]") {
  auto pool = std::make_shared<StringPool>();
  std::size_t plain_bytes = 0, pooled_bytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(APIMACHINERY_TESTDATA_DIR)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    if (entry.file_size() > 4 * 1024 * 1024) continue;
    const std::string text = ReadFile(entry.path());
    INFO(entry.path().string());
    std::optional<Compact> plain;
    try {
      plain = Compact::Parse(text);
    } catch (const ujson::SyntaxError&) {
      CHECK_THROWS_AS(Compact::Parse(text, pool), ujson::SyntaxError);
      continue;
    }
    const Compact pooled = Compact::Parse(text, pool);
    CheckPooled(pooled, *plain);
    CHECK(Compact::From(plain->ToJSON(), pool) == pooled);
    CheckAgainstModel(pooled.Root(), ujson::Parse(text));
    plain_bytes += plain->HeapBytes();
    pooled_bytes += pooled.HeapBytes();
  }
  CHECK(pooled_bytes < plain_bytes * 3 / 4);
  // The realistic pod: its keys, namespace, kinds, label values and managers leave the document.
  const std::string pod =
      ReadFile(std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "pods" / "pod-realistic.json");
  const Compact plain = Compact::Parse(pod);
  const Compact a = Compact::Parse(pod, pool);
  const std::size_t strings = pool->Size();
  const Compact b = Compact::Parse(pod, pool);
  CHECK(pool->Size() == strings);  // nothing new the second time
  CHECK(a.Pool() == pool);
  CHECK(b.HeapBytes() < plain.HeapBytes() * 3 / 4);
  CHECK(b.Root().FindPath("metadata", "namespace").String() ==
        plain.Root().FindPath("metadata", "namespace").String());
}

TEST_CASE("Compact with a StringPool: the interning policy", "[util][json][intern]") {
  // Size() before and after interning a string tells whether a document put it in the pool.
  auto pooled = [](const std::shared_ptr<StringPool>& pool, std::string_view s) {
    const std::size_t before = pool->Size();
    const std::uint32_t id = pool->Intern(s);
    REQUIRE(id != StringPool::kNone);
    const bool was = pool->Size() == before;
    CHECK(pool->View(id) == s);
    return was;
  };
  auto pool = std::make_shared<StringPool>();
  const Compact doc = Compact::Parse(
      R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web-1","namespace":"prod",)"
      R"("uid":"0f6c","labels":{"app":"web","tier":"front"},"annotations":{"note":"free text"},)"
      R"("finalizers":["example.com/cleanup"],"ownerReferences":[{"kind":"ReplicaSet","name":"rs-1"}],)"
      R"("managedFields":[{"manager":"kubectl","operation":"Update","fieldsType":"FieldsV1",)"
      R"("subresource":"status"}]},"spec":{"selector":{"matchLabels":{"app":"web-sel"}},)"
      R"("names":["not-a-finalizer"],"labels":["in-an-array"],"finalizers":{"k":"in-an-object"}}})",
      pool);
  CHECK(doc.Pool() == pool);
  for (const char* s :
       {"apiVersion", "kind", "metadata", "labels", "app", "annotations", "note", "finalizers",
        "ownerReferences", "managedFields", "manager", "subresource", "spec", "matchLabels", "k"}) {
    INFO("key " << s);
    CHECK(pooled(pool, s));
  }
  for (const char* s : {"apps/v1", "Deployment", "prod", "web", "front", "example.com/cleanup", "ReplicaSet",
                        "kubectl", "Update", "FieldsV1", "status", "web-sel"}) {
    INFO("value " << s);
    CHECK(pooled(pool, s));
  }
  for (const char* s :
       {"web-1", "0f6c", "free text", "rs-1", "not-a-finalizer", "in-an-array", "in-an-object"}) {
    INFO("not interned " << s);
    CHECK_FALSE(pooled(pool, s));
  }
  // A string value at the root, and strings longer than max_length, stay in the document.
  auto small = std::make_shared<StringPool>(StringPool::Options{.max_bytes = 1 << 20, .max_length = 4});
  const Compact d2 = Compact::Parse(R"({"kind":"Secret","namespace":"ns","labels":{"a":"bb"}})", small);
  CHECK(small->Size() == 4);  // kind, ns, a, bb; not "namespace", "labels" nor "Secret" (over 4 bytes)
  CHECK(Compact::Parse(R"("kind")", small).Pool() == nullptr);
  CHECK(small->Size() == 4);
  // max_length 0 interns only the empty string.
  auto empty_only = std::make_shared<StringPool>(StringPool::Options{.max_bytes = 1 << 20, .max_length = 0});
  CHECK(Compact::Parse(R"({"":"x","kind":""})", empty_only).Pool() == empty_only);
  CHECK(empty_only->Size() == 1);
}

TEST_CASE("Compact with a StringPool: random documents, sorting, duplicates and numbers",
          "[util][json][intern]") {
  auto pool = std::make_shared<StringPool>();
  RandomDocument gen(20261204);
  for (int i = 0; i < 3000; ++i) {
    const std::string text = gen.Next();
    INFO(text);
    const Compact plain = Compact::Parse(text);
    const Compact pooled = Compact::Parse(text, pool);
    CheckPooled(pooled, plain);
    CheckAgainstModel(pooled.Root(), ujson::Parse(text));
    // Copies intern into the same pool and stay equal; a copy without a pool reads the strings out.
    const Compact copy = pooled;
    CHECK(copy == plain);
    CHECK(copy.Pool() == pooled.Pool());
    const Compact unpooled(pooled.Root());
    CHECK(unpooled.Pool() == nullptr);
    CHECK(unpooled.Marshal() == plain.Marshal());
  }
  // Out-of-order and duplicate keys (sorted before interning), numbers whose payload node looks
  // like a pooled string node (kind nibble 7, bit 31 set), invalid UTF-8 (the repaired retry).
  for (const std::string& text :
       {std::string(R"({"kind":"b","namespace":"x","kind":"a","labels":{"z":"1","y":"2","z":"3"}})"),
        std::string(R"({"kind":-9223372036854775801,"labels":{"a":-9223372036854775801,"b":"c"}})"),
        std::string("{\"kind\":\"\xff\xfe\",\"labels\":{\"\xc3\":\"\xe2\x82\"}}")}) {
    INFO(text);
    const Compact plain = Compact::Parse(text);
    const Compact pooled = Compact::Parse(text, pool);
    CheckPooled(pooled, plain);
    CHECK(pooled.Pool() == pool);
  }
  const Compact n = Compact::Parse(R"({"labels":{"a":-9223372036854775801}})", pool);
  CHECK(n.Root().FindPath("labels", "a").Int() == -9223372036854775801LL);
}

TEST_CASE("Compact with a StringPool: WithoutMember, WithStrings and ParseSplitting intern too",
          "[util][json][intern]") {
  auto pool = std::make_shared<StringPool>();
  const std::string list =
      R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"7"},"items":[)"
      R"({"kind":"Pod","metadata":{"name":"a","namespace":"n1","labels":{"app":"x"}}},)"
      R"({"kind":"Pod","metadata":{"name":"b","namespace":"n1","labels":{"app":"x"}}},7]})";
  std::vector<Compact> plain_items, items;
  const Compact plain_rest = Compact::ParseSplitting(list, "items", plain_items);
  const Compact rest = Compact::ParseSplitting(list, "items", items, pool);
  CheckPooled(rest, plain_rest);
  REQUIRE(items.size() == 3);
  for (std::size_t i = 0; i < items.size(); ++i) CheckPooled(items[i], plain_items[i]);
  CHECK(items[0].Pool() == pool);
  CHECK(items[2].Pool() == nullptr);  // the scalar 7 has no string
  const Compact without = items[0].WithoutMember({"metadata", "labels"});
  CHECK(without.Pool() == pool);
  CHECK(without.Marshal() == R"({"kind":"Pod","metadata":{"name":"a","namespace":"n1"}})");
  const Compact with = items[0].WithStrings({{"apiVersion", "v1"}});
  CHECK(with.Pool() == pool);
  CHECK(with.Marshal() ==
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"app":"x"},"name":"a","namespace":"n1"}})");
}

TEST_CASE("Compact with a StringPool: a full pool leaves new strings in the document",
          "[util][json][intern]") {
  // One 16 KiB chunk: fill it, then parse documents whose strings are partly known.
  auto pool = std::make_shared<StringPool>(StringPool::Options{.max_bytes = 16 * 1024, .max_length = 128});
  CHECK(pool->Intern("kind") != StringPool::kNone);
  std::size_t added = 0;
  for (int i = 0; pool->Intern(std::string(100, 'a') + std::to_string(i)) != StringPool::kNone; ++i) ++added;
  CHECK(added > 100);
  CHECK(added < 200);
  for (int i = 0; pool->Intern(std::string(16, 'b') + std::to_string(i)) != StringPool::kNone; ++i) {
  }
  // Under 20 bytes are left: strings of 20 bytes or more are refused.
  const std::size_t full = pool->Size();
  const std::string text =
      R"({"kind":"NewKind-of-twenty-bytes","fresh-key-of-twenty-bytes":{"kind":"a-value-of-twenty-bytes"}})";
  const Compact plain = Compact::Parse(text);
  const Compact pooled = Compact::Parse(text, pool);
  CheckPooled(pooled, plain);
  CHECK(pooled.Pool() == pool);  // "kind" is pooled
  CHECK(pool->Size() == full);
  // Nothing poolable: the document holds no pool.
  const Compact none = Compact::Parse(R"({"other-key-of-twenty-bytes":"NewKind"})", pool);
  CHECK(none.Pool() == nullptr);
  CHECK(none.Marshal() == R"({"other-key-of-twenty-bytes":"NewKind"})");
}

}  // namespace util_json_compact_test
