#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/compact.hpp"
#include "apimachinery/util/json/json.hpp"

#include "support/read_file.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_compact_unstructured_meta_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
namespace ujson = apimachinery::util::json;
using nlohmann::json;
using runtime::CompactUnstructured;

using test_support::ReadFile;

// The metadata as runtime::Unstructured reads it (MetadataMirror::Read of the whole tree, no
// direct managedFields reader): the reference both CompactUnstructured readers must agree with.
metav1::ObjectMeta UnstructuredMeta(ujson::ValueRef md) {
  json content = json::object();
  if (md) content["metadata"] = md.ToJSON();
  const runtime::Unstructured u(std::move(content));
  return *u.GetObjectMeta();
}

struct Tally {
  std::size_t checked = 0;
  std::size_t direct = 0;  // handled by ReadObjectMetaDirect
};

// CheckSame: ReadObjectMetaDirect, when it handles `md`, gives ReadObjectMetaTree's ObjectMeta
// (compared with == and through the Go encoding, which tells number kinds apart in
// unknown_fields); ReadObjectMeta and Unstructured's reader give it too.
void CheckSame(ujson::ValueRef md, Tally& tally) {
  INFO("metadata: " << md.ToJSON().dump().substr(0, 400));
  const metav1::ObjectMeta tree = CompactUnstructured::ReadObjectMetaTree(md);
  metav1::ObjectMeta direct;
  const bool handled = CompactUnstructured::ReadObjectMetaDirect(md, direct);
  ++tally.checked;
  if (handled) {
    ++tally.direct;
    CHECK(direct == tree);
    CHECK(ujson::Marshal(json(direct)) == ujson::Marshal(json(tree)));
  }
  const metav1::ObjectMeta chosen = CompactUnstructured::ReadObjectMeta(md);
  CHECK(chosen == tree);
  CHECK(ujson::Marshal(json(chosen)) == ujson::Marshal(json(tree)));
  CHECK(UnstructuredMeta(md) == tree);
}

// Metadata: every object value of the document with a "metadata" member (the root, list items,
// pod templates, ...), at most 64 levels down.
void CollectMetadata(ujson::ValueRef v, std::vector<ujson::ValueRef>& out, int depth = 0) {
  if (depth > 64) return;
  if (v.IsObject()) {
    if (const ujson::ValueRef md = v.Find("metadata")) out.push_back(md);
    v.ForEachMember([&](std::string_view, ujson::ValueRef x) { CollectMetadata(x, out, depth + 1); });
  } else if (v.IsArray()) {
    v.ForEachElement([&](ujson::ValueRef x) { CollectMetadata(x, out, depth + 1); });
  }
}

std::vector<ujson::Compact> FixtureDocuments() {
  std::vector<ujson::Compact> docs;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(APIMACHINERY_TESTDATA_DIR)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    if (entry.file_size() > 4 * 1024 * 1024) continue;
    try {
      docs.push_back(ujson::Compact::Parse(ReadFile(entry.path())));
    } catch (const std::exception&) {
      // Malformed fixtures (parser tests) have no metadata to read.
    }
  }
  return docs;
}

TEST_CASE("CompactUnstructured: every fixture's metadata reads directly as through the tree",
          "[runtime][compact]") {
  Tally tally;
  for (const auto& doc : FixtureDocuments()) {
    std::vector<ujson::ValueRef> mds;
    CollectMetadata(doc.Root(), mds);
    for (const auto md : mds) CheckSame(md, tally);
  }
  INFO("checked " << tally.checked << ", direct " << tally.direct);
  CHECK(tally.checked > 100);
  // Fixtures are well-formed API objects: the direct path must take nearly all of them.
  CHECK(tally.direct * 10 > tally.checked * 9);
}

// Generator of metadata texts: each modelled key (and some unknown ones, duplicates included) with
// a well-typed value, null, or a value of another kind; numbers as literals the parser keeps
// apart (-0, 1.0, 1e2, beyond int64), times good and bad, strings with escapes and non-ASCII.
class MetaGen {
 public:
  explicit MetaGen(std::uint32_t seed) : rng_(seed) {}

  std::string Metadata() {
    static const std::vector<std::string> keys = {
        "name",
        "generateName",
        "namespace",
        "selfLink",
        "uid",
        "resourceVersion",
        "generation",
        "creationTimestamp",
        "deletionTimestamp",
        "deletionGracePeriodSeconds",
        "labels",
        "annotations",
        "ownerReferences",
        "finalizers",
        "managedFields",
        "futureKey",
        "Name",
        "",
        "na\\u006de",
        "clusterName",
    };
    std::string out = "{";
    const int n = Pick(12);
    for (int i = 0; i < n; ++i) {
      if (i > 0) out += ',';
      const std::string& key = keys[Pick(keys.size())];
      out += '"' + key + "\":" + ValueFor(key);
    }
    return out + "}";
  }

  // A value for `key`: mostly of the right type (so that the direct path runs), else anything.
  std::string ValueFor(const std::string& key) {
    if (Pick(5) == 0) return Any(2);
    if (key == "generation" || key == "deletionGracePeriodSeconds") return Number();
    if (key == "creationTimestamp" || key == "deletionTimestamp") return TimeText();
    if (key == "labels" || key == "annotations") return StringMap();
    if (key == "finalizers") return StringArray();
    if (key == "ownerReferences") return OwnerReferences();
    if (key == "managedFields") return ManagedFields();
    if (key == "futureKey" || key == "clusterName") return Any(3);
    return Pick(8) == 0 ? "null" : String();
  }

  std::string String() {
    static const std::vector<std::string> strings = {
        R"("")",
        R"("web")",
        R"("kube-system")",
        R"("caf\u00e9")",
        R"("é☃😀")",
        R"("\ud83d\ude00")",
        R"("\ud800")",
        R"("a\"b\\c\n")",
        R"("1")",
        R"("2024-05-01T10:00:00Z")",
        "\"\xff\xfe\"",
        R"("\u0000x")",
    };
    return strings[Pick(strings.size())];
  }
  std::string Number() {
    static const std::vector<std::string> numbers = {
        "0",
        "1",
        "-1",
        "42",
        "-0",
        "1.0",
        "1.5",
        "1e2",
        "-0.0",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "1E400",
        "null",
        "\"5\"",
        "true",
    };
    return numbers[Pick(numbers.size())];
  }
  std::string TimeText() {
    static const std::vector<std::string> times = {
        R"("2024-05-01T10:00:00Z")",
        R"("2024-05-01T12:00:00.25+02:00")",
        R"("2024-05-01T1:00:00Z")",
        R"("1970-01-01T00:00:00Z")",
        R"("2024-05-01T10:00:00,5-07:30")",
        R"("2024-13-01T00:00:00Z")",
        R"("yesterday")",
        R"("")",
        R"("2024-05-01 10:00:00Z")",
        R"("2024-05-01T10:00:00")",
        "null",
        "0",
    };
    return times[Pick(times.size())];
  }
  std::string StringMap() {
    if (Pick(10) == 0) return "null";
    std::string out = "{";
    const int n = Pick(5);
    for (int i = 0; i < n; ++i) {
      if (i > 0) out += ',';
      out += String() + ":" + (Pick(10) == 0 ? Any(1) : Pick(8) == 0 ? "null" : String());
    }
    return out + "}";
  }
  std::string StringArray() {
    if (Pick(10) == 0) return "null";
    std::string out = "[";
    const int n = Pick(4);
    for (int i = 0; i < n; ++i) {
      if (i > 0) out += ',';
      out += Pick(10) == 0 ? Any(1) : Pick(8) == 0 ? "null" : String();
    }
    return out + "]";
  }
  std::string OwnerReferences() {
    static const std::vector<std::string> keys = {"apiVersion",         "kind", "name", "uid", "controller",
                                                  "blockOwnerDeletion", "extra"};
    return ArrayOfObjects(keys, [&](const std::string& k) {
      if (k == "controller" || k == "blockOwnerDeletion") {
        return Pick(6) == 0 ? Any(1) : Pick(5) == 0 ? std::string("null") : Pick(2) ? "true" : "false";
      }
      return Pick(6) == 0 ? Any(1) : String();
    });
  }
  std::string ManagedFields() {
    static const std::vector<std::string> keys = {"manager",    "operation", "apiVersion",  "time",
                                                  "fieldsType", "fieldsV1",  "subresource", "extra"};
    return ArrayOfObjects(keys, [&](const std::string& k) {
      if (k == "time") return TimeText();
      if (k == "fieldsV1") return Pick(4) == 0 ? std::string("null") : Any(3);
      return Pick(6) == 0 ? Any(1) : String();
    });
  }
  template <typename ValueOf>
  std::string ArrayOfObjects(const std::vector<std::string>& keys, ValueOf value_of) {
    if (Pick(10) == 0) return "null";
    std::string out = "[";
    const int n = Pick(4);
    for (int i = 0; i < n; ++i) {
      if (i > 0) out += ',';
      if (Pick(12) == 0) {
        out += Pick(2) ? "null" : Any(1);
        continue;
      }
      out += '{';
      const int m = Pick(static_cast<int>(keys.size()) + 1);
      for (int j = 0; j < m; ++j) {
        if (j > 0) out += ',';
        const std::string& k = keys[Pick(keys.size())];
        out += '"' + k + "\":" + value_of(k);
      }
      out += '}';
    }
    return out + "]";
  }
  // Any: a value of any kind, containers down to `depth` levels.
  std::string Any(int depth) {
    switch (Pick(depth > 0 ? 8 : 6)) {
      case 0:
        return "null";
      case 1:
        return Pick(2) ? "true" : "false";
      case 2:
        return Number();
      case 3:
      case 4:
        return String();
      case 5:
        return TimeText();
      case 6: {
        std::string out = "[";
        for (int i = 0, n = Pick(3); i < n; ++i) out += (i > 0 ? "," : "") + Any(depth - 1);
        return out + "]";
      }
      default: {
        std::string out = "{";
        for (int i = 0, n = Pick(3); i < n; ++i) out += (i > 0 ? "," : "") + String() + ":" + Any(depth - 1);
        return out + "}";
      }
    }
  }

  int Pick(std::size_t n) {
    return static_cast<int>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_));
  }
  std::mt19937& Rng() { return rng_; }

 private:
  std::mt19937 rng_;
};

TEST_CASE("CompactUnstructured: generated metadata reads directly as through the tree",
          "[runtime][compact]") {
  MetaGen gen(20261204);
  Tally tally;
  std::size_t refused = 0;
  for (int i = 0; i < 4000; ++i) {
    const std::string text = gen.Metadata();
    INFO(text);
    ujson::Compact doc;
    try {
      doc = ujson::Compact::Parse(text);
    } catch (const std::exception&) {
      ++refused;  // e.g. 1E400 (out of range): nothing to read
      continue;
    }
    CheckSame(doc.Root(), tally);
  }
  INFO("checked " << tally.checked << ", direct " << tally.direct << ", refused texts " << refused);
  // Both paths must be exercised: well-typed inputs go direct, the others through the tree.
  CHECK(tally.direct > 400);
  CHECK(tally.checked - tally.direct > 400);
}

TEST_CASE("CompactUnstructured: mutated fixture metadata reads directly as through the tree",
          "[runtime][compact]") {
  // Each fixture's metadata with one member replaced by a generated value (or added).
  std::vector<json> metadata;
  for (const auto& doc : FixtureDocuments()) {
    std::vector<ujson::ValueRef> mds;
    CollectMetadata(doc.Root(), mds);
    for (const auto md : mds) {
      if (md.IsObject()) metadata.push_back(md.ToJSON());
    }
  }
  REQUIRE(metadata.size() > 100);
  MetaGen gen(4242);
  Tally tally;
  for (int i = 0; i < 3000; ++i) {
    json md = metadata[gen.Pick(metadata.size())];
    static const std::vector<std::string> keys = {"name",
                                                  "namespace",
                                                  "uid",
                                                  "resourceVersion",
                                                  "generation",
                                                  "creationTimestamp",
                                                  "deletionTimestamp",
                                                  "deletionGracePeriodSeconds",
                                                  "labels",
                                                  "annotations",
                                                  "ownerReferences",
                                                  "finalizers",
                                                  "managedFields",
                                                  "selfLink",
                                                  "futureKey"};
    const std::string key = md.empty() || gen.Pick(3) == 0 ? keys[gen.Pick(keys.size())]
                                                           : std::next(md.begin(), gen.Pick(md.size())).key();
    md.erase(key);
    std::string text = ujson::Marshal(md);
    text.pop_back();  // '}'
    text += std::string(md.empty() ? "" : ",") + "\"" + key + "\":" + gen.ValueFor(key) + "}";
    ujson::Compact doc;
    try {
      doc = ujson::Compact::Parse(text);
    } catch (const std::exception&) {
      continue;
    }
    CheckSame(doc.Root(), tally);
  }
  INFO("checked " << tally.checked << ", direct " << tally.direct);
  CHECK(tally.direct > 300);
  CHECK(tally.checked - tally.direct > 300);
}

TEST_CASE("CompactUnstructured: direct metadata reading, edge cases", "[runtime][compact]") {
  struct Case {
    std::string text;
    bool direct;
  };
  const std::vector<Case> cases = {
      {R"({})", true},
      {R"(null)", true},
      {R"([1])", true},
      {R"({"name":null,"labels":null,"creationTimestamp":null,"deletionTimestamp":null})", true},
      {R"({"labels":{"a":null},"finalizers":[null,"f"],"ownerReferences":[null,{"uid":"u","extra":1}]})",
       true},
      {R"({"generation":-0,"deletionGracePeriodSeconds":0})", true},
      {R"({"selfLink":"/x","futureKey":{"b":[1.0,-0,1e2]}})", true},
      {R"({"generation":1.0})", false},
      {R"({"generation":9223372036854775808})", false},
      {R"({"creationTimestamp":"yesterday"})", false},
      {R"({"labels":{"a":1}})", false},
      {R"({"ownerReferences":[{"controller":"true"}]})", false},
      {R"({"ownerReferences":[5]})", false},
      {R"({"managedFields":[{"time":5}],"name":"a"})", false},
      {R"({"name":7,"namespace":"ns"})", false},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const ujson::Compact doc = ujson::Compact::Parse(c.text);
    metav1::ObjectMeta m;
    CHECK(CompactUnstructured::ReadObjectMetaDirect(doc.Root(), m) == c.direct);
    Tally tally;
    CheckSame(doc.Root(), tally);
  }
  // The values themselves (a property test of two equal readers would not see both wrong).
  const ujson::Compact doc = ujson::Compact::Parse(
      R"({"name":"a","generation":3,"creationTimestamp":"2024-05-01T12:00:00.25+02:00",)"
      R"("deletionGracePeriodSeconds":30,"labels":{"k":null},"selfLink":"/s",)"
      R"("ownerReferences":[{"kind":"K","controller":true}],"finalizers":["f"]})");
  metav1::ObjectMeta m;
  REQUIRE(CompactUnstructured::ReadObjectMetaDirect(doc.Root(), m));
  CHECK(m.name == "a");
  CHECK(m.generation == 3);
  CHECK(m.creation_timestamp == metav1::ParseRFC3339("2024-05-01T10:00:00Z"));
  CHECK(m.deletion_grace_period_seconds == 30);
  CHECK(m.labels == std::map<std::string, std::string>{{"k", ""}});
  CHECK(json(m.unknown_fields) == json{{"selfLink", "/s"}});
  REQUIRE(m.owner_references.size() == 1);
  CHECK(m.owner_references[0].kind == "K");
  CHECK(m.owner_references[0].controller == true);
  CHECK(m.finalizers == std::vector<std::string>{"f"});
}

}  // namespace runtime_compact_unstructured_meta_test
