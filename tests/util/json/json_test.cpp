#include "apimachinery/util/json/json.hpp"

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/small_stack.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_json_json_test {

namespace ujson = apimachinery::util::json;
using nlohmann::json;

std::string Nested(int depth, char open = '[') {
  const char close = open == '[' ? ']' : '}';
  std::string s;
  for (int i = 0; i < depth; ++i) {
    s += open;
    if (open == '{') s += "\"a\":";
  }
  if (open == '{') s += "1";
  s.append(static_cast<std::size_t>(depth), close);
  return s;
}

using test_support::RunOnSmallStack;

TEST_CASE("Parse bounds nesting at Go's maxNestingDepth with Go's SyntaxError text", "[util][json]") {
  CHECK(ujson::kMaxNestingDepth == 10000);
  CHECK_NOTHROW(ujson::Parse(Nested(10000)));
  CHECK_NOTHROW(ujson::Parse(Nested(10000, '{')));
  CHECK_THROWS_WITH(ujson::Parse(Nested(10001)), "invalid character '[' exceeded max depth");
  CHECK_THROWS_WITH(ujson::Parse(Nested(10001, '{')), "invalid character '{' exceeded max depth");
  // Mixed: an object holding 9999 arrays is depth 10000; one more array is refused.
  CHECK_NOTHROW(ujson::Parse("{\"x\":" + Nested(9999) + "}"));
  CHECK_THROWS_WITH(ujson::Parse("{\"x\":" + Nested(10000) + "}"),
                    "invalid character '[' exceeded max depth");
  // Depth returns to zero between siblings.
  CHECK_NOTHROW(ujson::Parse("[" + Nested(9999) + "," + Nested(9999) + "]"));
  // A syntax error before the depth is exceeded is reported first (Go scans in order).
  CHECK_THROWS_WITH(ujson::Parse("[1,]" + Nested(10001)), Catch::StartsWith("invalid JSON: parse error"));
  CHECK_THROWS_AS(ujson::Parse(Nested(10001)), ujson::SyntaxError);
  CHECK_THROWS_AS(ujson::Parse(Nested(10001)), apimachinery::Error);
  // The recording overload has the same limit.
  ujson::ParseRecord record;
  CHECK_NOTHROW(ujson::Parse(Nested(10000), record));
  CHECK_THROWS_WITH(ujson::Parse(Nested(10001), record), "invalid character '[' exceeded max depth");
}

json RandomDoc(std::mt19937& rng, int depth);  // below

// Checks `record` against `doc`: exactly the floats and the signed zeros (`-0`) have a literal, and
// each literal reads back as its node's value.
void CheckLiterals(const json& doc, const ujson::NumberLiterals& literals) {
  std::size_t seen = 0;
  std::vector<const json*> todo{&doc};
  while (!todo.empty()) {
    const json* v = todo.back();
    todo.pop_back();
    const std::string* literal = literals.Find(*v);
    if (v == &doc) {
      CHECK(literal == nullptr);  // the root is not recorded
    } else if (v->is_number_float()) {
      REQUIRE(literal != nullptr);
      CHECK(json::parse(*literal) == *v);
      ++seen;
    } else if (v->is_number_integer() && !v->is_number_unsigned() && *v == 0) {
      REQUIRE(literal != nullptr);
      CHECK(*literal == "-0");
      ++seen;
    } else {
      CHECK(literal == nullptr);
    }
    if (v->is_structured()) {
      for (const auto& child : *v) todo.push_back(&child);
    }
  }
  CHECK(seen == literals.size());
}

TEST_CASE("AppendNumber writes a float as Go's float32 encoder and a double as its float64 one",
          "[util][json]") {
  // encoding/json/encode.go floatEncoder: strconv.AppendFloat(f, 'f' or 'e', -1, bits), e-07 -> e-7.
  const std::pair<float, std::string> floats[] = {
      {0.1f, "0.1"},
      {1.5f, "1.5"},
      {-2.0f, "-2"},
      {16777216.0f, "16777216"},
      {1e-7f, "1e-7"},
      {1e-6f, "0.000001"},
      {3.4028235e38f, "3.4028235e+38"},
      {1e21f, "1e+21"},
      {0.0f, "0"},
      {-0.0f, "-0"},
  };
  for (const auto& [f, want] : floats) {
    std::string out;
    ujson::AppendNumber(out, f);
    CHECK(out == want);
  }
  std::string d;
  ujson::AppendNumber(d, static_cast<double>(0.1f));
  CHECK(d == "0.10000000149011612");
  std::string inf;
  CHECK_THROWS_WITH(ujson::AppendNumber(inf, HUGE_VALF), "json: unsupported value: +Inf");
  CHECK(apimachinery::util::FormatFloat32(0.1f, 'g') == "0.1");
  CHECK(apimachinery::util::FormatFloat32(1e-7f, 'e') == "1e-07");
}

TEST_CASE("Parse with a record: the same document, the number literals and the duplicate keys",
          "[util][json]") {
  ujson::ParseRecord record;
  const std::string text =
      R"({"a":1.50,"b":[1e2,[-0,0,2.0],{"c":-0.0,"d":-0}],"e":-0,"f":0,"g":18446744073709551616,)"
      R"("h":[[[1E2]]],"i":-12,"j":"1.5"})";
  const json doc = ujson::Parse(text, record);
  CHECK(doc == ujson::Parse(text));
  CHECK(record.duplicates.empty());
  CheckLiterals(doc, record.literals);
  CHECK(record.literals.size() == 9);
  CHECK(*record.literals.Find(doc["a"]) == "1.50");
  CHECK(*record.literals.Find(doc["b"][0]) == "1e2");
  CHECK(*record.literals.Find(doc["b"][1][0]) == "-0");
  CHECK(record.literals.Find(doc["b"][1][1]) == nullptr);
  CHECK(*record.literals.Find(doc["b"][1][2]) == "2.0");
  CHECK(*record.literals.Find(doc["b"][2]["c"]) == "-0.0");
  CHECK(*record.literals.Find(doc["g"]) == "18446744073709551616");
  CHECK(*record.literals.Find(doc["h"][0][0][0]) == "1E2");
  CHECK(record.literals.Find(doc["i"]) == nullptr);
  // A scalar root is not recorded (its address changes when Parse returns it).
  CHECK(ujson::Parse("1.50", record) == 1.5);
  CHECK(record.literals.empty());

  // Duplicates: Go's strict texts in document order; the last value wins, and the literals of a
  // replaced value go with it.
  const json dup = ujson::Parse(
      R"({"a":{"x":1.5,"y":[2.5]},"a":{"x":1,"z":[{"k":1,"k":2.25}]},"b":[{"n":1,"n":[0.5]}],"a2":3.5,"a2":-0})",
      record);
  CHECK(dup == json::parse(R"({"a":{"x":1,"z":[{"k":2.25}]},"b":[{"n":[0.5]}],"a2":0})"));
  CHECK(record.duplicates == std::vector<std::string>{"duplicate field \"a\"", "duplicate field \"a.z[0].k\"",
                                                      "duplicate field \"b[0].n\"",
                                                      "duplicate field \"a2\""});
  CheckLiterals(dup, record.literals);
  CHECK(record.literals.size() == 3);  // 2.25, 0.5, -0

  // A retry after invalid UTF-8 (Parse sanitises and parses again) records once.
  const json bad = ujson::Parse("{\"s\":\"\xff\",\"n\":1.0,\"n\":2.0}", record);
  CHECK(record.duplicates == std::vector<std::string>{"duplicate field \"n\""});
  CHECK(*record.literals.Find(bad["n"]) == "2.0");
  CHECK(record.literals.size() == 1);

  // Random documents: the same document as Parse, every float and `-0` recorded.
  std::mt19937 rng(7);
  for (int i = 0; i < 300; ++i) {
    const std::string t = ujson::Marshal(RandomDoc(rng, 0));
    INFO(t);
    const json d = ujson::Parse(t, record);
    CHECK(d == ujson::Parse(t));
    CHECK(record.duplicates.empty());
    CheckLiterals(d, record.literals);
  }
}

TEST_CASE("Parse replaces invalid UTF-8 in strings as Go's decoder does", "[util][json]") {
  // Go: json.Unmarshal into interface{}, then json.Marshal.
  const std::pair<std::string, std::string> cases[] = {
      {"\"bad\xff\"", "\"bad\xef\xbf\xbd\""},
      {"\"\xe2\x82x\"", "\"\xef\xbf\xbd\xef\xbf\xbdx\""},
      {"\"\xed\xa0\x80\"", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""},
      {"\"ok\xc3\xa9\"", "\"ok\xc3\xa9\""},
      {"{\"k\xff\":1}", "{\"k\xef\xbf\xbd\":1}"},
      {"[\"\\\"\xff\",\"\\\\\xff\"]", "[\"\\\"\xef\xbf\xbd\",\"\\\\\xef\xbf\xbd\"]"},
  };
  for (const auto& [in, want] : cases) {
    INFO(in);
    CHECK(ujson::Parse(in).dump() == want);
  }
  // Outside a string an invalid byte stays a syntax error.
  CHECK_THROWS_AS(ujson::Parse("[\xff]"), ujson::SyntaxError);
}

TEST_CASE("Parse refuses what Go refuses and nlohmann would accept", "[util][json]") {
  CHECK_THROWS_WITH(ujson::Parse("\xef\xbb\xbf{}"),
                    "invalid character '\xc3\xaf' looking for beginning of value");
  CHECK_THROWS_WITH(ujson::Parse(std::string("{}\0", 3)), "invalid character '\\x00' after top-level value");
  CHECK_THROWS_WITH(ujson::Parse(std::string("{}\0junk", 7)),
                    "invalid character '\\x00' after top-level value");
  CHECK_THROWS_WITH(ujson::Parse(std::string("{\"a\":\0}", 7)),
                    "invalid JSON: unexpected NUL byte at offset 5");
  CHECK_THROWS_WITH(ujson::Parse(std::string("[1,]\0", 5)), Catch::StartsWith("invalid JSON: parse error"));
  CHECK_THROWS_WITH(ujson::Parse("[1e400]"),
                    "json: cannot unmarshal number 1e400 into Go value of type float64");
  CHECK_THROWS_WITH(ujson::Parse("-1e999"),
                    "json: cannot unmarshal number -1e999 into Go value of type float64");
  CHECK_THROWS_WITH(ujson::Parse(""), Catch::StartsWith("invalid JSON: "));
  CHECK_THROWS_WITH(ujson::Parse("{"), !Catch::Contains("json.exception"));
  // Big integers that fit a float64 are accepted (Go: float64 in interface{}).
  CHECK(ujson::Parse("123456789012345678901234567890").is_number_float());
  CHECK(ujson::Parse("18446744073709551615").get<std::uint64_t>() == 18446744073709551615ULL);
}

TEST_CASE("Marshal writes Go's json.Marshal bytes", "[util][json]") {
  // Go 1.26 json.Marshal answers.
  const std::pair<double, std::string> floats[] = {
      {0, "0"},
      {-0.0, "-0"},
      {1, "1"},
      {-1, "-1"},
      {0.5, "0.5"},
      {1.5, "1.5"},
      {1e-06, "0.000001"},
      {9.99e-07, "9.99e-7"},
      {1e-07, "1e-7"},
      {1.234e-10, "1.234e-10"},
      {1e+20, "100000000000000000000"},
      {1e+21, "1e+21"},
      {1.2345678901234568e+29, "1.2345678901234568e+29"},
      {3.141592653589793, "3.141592653589793"},
      {1e+100, "1e+100"},
      {5e-324, "5e-324"},
      {1.7976931348623157e+308, "1.7976931348623157e+308"},
      {100, "100"},
      {0.1, "0.1"},
      {2.5e-05, "0.000025"},
  };
  for (const auto& [f, want] : floats) {
    INFO(want);
    CHECK(ujson::Marshal(json(f)) == want);
  }
  const std::pair<std::string, std::string> strings[] = {
      {"plain", "\"plain\""},
      {"q\"b\\s/", "\"q\\\"b\\\\s/\""},
      {"\b\f\n\r\t\x01\x1f\x7f", "\"\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\""},
      {"<a href=\"x\">&amp;</a>", "\"\\u003ca href=\\\"x\\\"\\u003e\\u0026amp;\\u003c/a\\u003e\""},
      {"\u2028\u2029", "\"\\u2028\\u2029\""},
      {"bad\xff", "\"bad\\ufffd\""},
      {"\xe2\x82", "\"\\ufffd\\ufffd\""},
      {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""},
      {"\xc0\xaf", "\"\\ufffd\\ufffd\""},
      {"\xef\xbf\xbd", "\"\xef\xbf\xbd\""},
      {"\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""},
      {std::string("\0", 1), "\"\\u0000\""},
  };
  for (const auto& [s, want] : strings) {
    INFO(s);
    CHECK(ujson::Marshal(json(s)) == want);
    CHECK(ujson::Marshal(json{{s, s}}) == "{" + want + ":" + want + "}");
  }
  CHECK(ujson::Marshal(json(std::int64_t{-9223372036854775807 - 1})) == "-9223372036854775808");
  CHECK(ujson::Marshal(json(std::uint64_t{18446744073709551615ULL})) == "18446744073709551615");
  CHECK(ujson::Marshal(json::parse(R"({"b":[1,{"c":[]},{}],"a":{"x":null,"y":[true,false]},"e":"s"})")) ==
        R"({"a":{"x":null,"y":[true,false]},"b":[1,{"c":[]},{}],"e":"s"})");
  // Go: json.MarshalIndent(v, "", "  ").
  CHECK(ujson::MarshalIndent(json::parse(R"({"b":[1,{"c":[]},{}],"a":{"x":null,"y":[true]},"e":"s"})"), 2) ==
        "{\n  \"a\": {\n    \"x\": null,\n    \"y\": [\n      true\n    ]\n  },\n  \"b\": [\n    1,\n    {\n "
        "     "
        "\"c\": []\n    },\n    {}\n  ],\n  \"e\": \"s\"\n}");
  CHECK(ujson::MarshalIndent(json(1), 2) == "1");
  // Fuzzer finding (json_roundtrip_fuzz): a float -0 is written "-0", as Go does, and "-0" reads
  // back as the integer 0 (Go's unstructured decoding gives int64 0 too), equal by value.
  CHECK(ujson::Parse(ujson::Marshal(json(-0.0))).is_number_integer());
  CHECK(ujson::Marshal(ujson::Parse("-0")) == "0");
  CHECK(ujson::Marshal(ujson::Parse("-0.0")) == "-0");
  CHECK(ujson::Equal(ujson::Parse("-0"), json(-0.0)));
  // json.UnsupportedValueError.
  CHECK_THROWS_WITH(ujson::Marshal(json{{"a", HUGE_VAL}}), "json: unsupported value: +Inf");
  CHECK_THROWS_WITH(ujson::Marshal(json(-HUGE_VAL)), "json: unsupported value: -Inf");
  CHECK_THROWS_WITH(ujson::Marshal(json(std::nan(""))), "json: unsupported value: NaN");
  CHECK_THROWS_AS(ujson::Marshal(json::binary({1, 2})), apimachinery::Error);
}

// A random document: objects, arrays, every scalar kind.
json RandomDoc(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 4 ? 6 : 8);
  switch (kind(rng)) {
    case 0:
      return nullptr;
    case 1:
      return rng() % 2 == 0;
    case 2:
      return static_cast<std::int64_t>(rng()) - (1LL << 31);
    case 3:
      return static_cast<std::uint64_t>(rng()) << 32;
    case 4:
      return static_cast<double>(rng()) / 7.0;
    case 5:
    case 6: {
      std::string s;
      const char* const pieces[] = {"a", "b", "<", "\"", "\\", "\n", "\xc3\xa9", "\xe2\x80\xa8"};
      for (unsigned i = rng() % 6; i > 0; --i) s += pieces[rng() % 8];
      return s;
    }
    case 7: {
      json a = json::array();
      for (unsigned i = rng() % 4; i > 0; --i) a.push_back(RandomDoc(rng, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      for (unsigned i = rng() % 4; i > 0; --i)
        o[std::string(1, static_cast<char>('a' + rng() % 5))] = RandomDoc(rng, depth + 1);
      return o;
    }
  }
}

TEST_CASE("DeepCopy, Equal and Marshal agree with nlohmann on random documents", "[util][json]") {
  std::mt19937 rng(42);
  for (int i = 0; i < 500; ++i) {
    const json doc = RandomDoc(rng, 0);
    const json copy = ujson::DeepCopy(doc);
    INFO(doc.dump());
    CHECK(copy == doc);
    CHECK(ujson::Equal(copy, doc));
    CHECK(ujson::Parse(ujson::Marshal(doc)) == doc);
    CHECK(ujson::Parse(ujson::MarshalIndent(doc, 2)) == doc);
    // Equal is operator== on a mutated copy.
    json other = RandomDoc(rng, 0);
    CHECK(ujson::Equal(doc, other) == (doc == other));
  }
  CHECK(ujson::Equal(json(1), json(1.0)));
  CHECK(ujson::Equal(json::parse(R"({"a":[1,2]})"), json::parse(R"({"a":[1,2.0]})")));
  CHECK_FALSE(ujson::Equal(json::parse(R"({"a":[1,2]})"), json::parse(R"({"a":[1,3]})")));
  CHECK_FALSE(ujson::Equal(json::parse(R"({"a":1})"), json::parse(R"({"b":1})")));
  CHECK_FALSE(ujson::Equal(json::parse(R"([[]])"), json::parse(R"([{}])")));
  CHECK_FALSE(ujson::Equal(json::parse(R"([[1]])"), json::parse(R"([[1,2]])")));
}

TEST_CASE("DeepCopy and Equal switch to the explicit stack past 48 levels without changing answers",
          "[util][json]") {
  for (int depth : {1, 47, 48, 49, 50, 200, 10000}) {
    INFO(depth);
    const json doc = ujson::Parse(Nested(depth, '{'));
    const json copy = ujson::DeepCopy(doc);
    CHECK(ujson::Marshal(copy) == Nested(depth, '{'));
    CHECK(ujson::Equal(doc, copy));
    std::string other = Nested(depth, '{');
    other[other.find('1')] = '2';  // the innermost value differs
    CHECK_FALSE(ujson::Equal(doc, ujson::Parse(other)));
    CHECK_FALSE(ujson::Equal(ujson::Parse(other), doc));
    if (depth < ujson::kMaxNestingDepth) {
      CHECK_FALSE(ujson::Equal(doc, ujson::Parse(Nested(depth + 1, '{'))));
      CHECK_FALSE(ujson::Equal(ujson::Parse(Nested(depth + 1, '{')), doc));
    }
  }
}

TEST_CASE("documents at the depth limit parse, copy, compare, encode and die on a 256 KiB stack",
          "[util][json]") {
  for (char open : {'[', '{'}) {
    const std::string text = Nested(10000, open);
    RunOnSmallStack([&] {
      json doc = ujson::Parse(text);
      json copy = ujson::DeepCopy(doc);
      CHECK(ujson::Equal(doc, copy));
      CHECK(ujson::Marshal(copy) == text);
      const std::string pretty = ujson::MarshalIndent(copy, 1);
      CHECK(pretty.size() > text.size());
      CHECK_THROWS_WITH(ujson::Parse("[" + text + "]"), Catch::EndsWith("exceeded max depth"));
      copy = nullptr;  // destroyed here (nlohmann's destructor is iterative)
    });
  }
}

// DocumentHolder: an aggregate with a Document member and defaulted copy and ==, as ObjectMeta.
struct DocumentHolder {
  std::string name;
  ujson::Document value;
  friend bool operator==(const DocumentHolder&, const DocumentHolder&) = default;
};

TEST_CASE("Document copies, assigns, compares and converts as nlohmann::json, at any depth", "[util][json]") {
  ujson::Document d;
  CHECK(d.is_null());
  CHECK(d == nullptr);
  d = json{{"a", 1}};
  CHECK(d == json{{"a", 1}});
  CHECK(json{{"a", 1}} == d);
  CHECK(d != json{{"a", 2}});
  CHECK(json{{"a", 2}} != d);
  ujson::Document e = d;
  CHECK(e == d);
  e["b"] = true;
  CHECK(e != d);  // a real copy, not shared
  CHECK(d.size() == 1);
  const json j = e;  // nlohmann::json from a Document
  CHECK(j == json{{"a", 1}, {"b", true}});
  json k = std::move(e);
  CHECK(k == j);
  d = 5;
  CHECK(d == 5);
  CHECK_FALSE(d == 6);
  CHECK(d.is_number_integer());
  // At the depth limit on a small stack: copy construction, copy assignment, ==, != and
  // destruction of Documents (through the defaulted members of an aggregate, as ObjectMeta).
  const std::string text = Nested(10000, '{');
  std::string other = text;
  other[other.find('1')] = '2';
  RunOnSmallStack([&] {
    DocumentHolder a{.name = "a", .value = ujson::Parse(text)};
    DocumentHolder b{.name = "a", .value = ujson::Parse(other)};
    DocumentHolder c = a;
    CHECK(c == a);
    CHECK_FALSE(c == b);
    CHECK(c.value != b.value);
    c = b;
    CHECK(c == b);
    const json as_json = c.value;
    CHECK(ujson::Equal(as_json, b.value));
    ujson::Document from_json = as_json;
    CHECK(from_json == b.value);
  });  // every holder and Document is destroyed on the small stack
}

}  // namespace util_json_json_test
