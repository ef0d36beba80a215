#include "apimachinery/runtime/unstructured_helpers.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_unstructured_helpers_test {

namespace runtime = apimachinery::runtime;
using apimachinery::Error;
using nlohmann::json;

// Ports of k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/helpers_test.go.

TEST_CASE("TestRemoveNestedField", "[runtime][unstructured][helpers]") {
  json obj = {{"x", {{"y", 1}, {"a", "foo"}}}};
  runtime::RemoveNestedField(obj, "x", "a");
  CHECK(obj["x"].size() == 1);
  runtime::RemoveNestedField(obj, "x", "y");
  CHECK(obj["x"].empty());
  runtime::RemoveNestedField(obj, "x");
  CHECK(obj.empty());
  runtime::RemoveNestedField(obj, "x");  // non-existent
  CHECK(obj.empty());
  json scalar = {{"x", 5}};
  runtime::RemoveNestedField(scalar, "x", "y");  // intermediate not a map: no-op
  CHECK(scalar == json{{"x", 5}});
}

TEST_CASE("TestNestedFieldNoCopy", "[runtime][unstructured][helpers]") {
  json obj = {{"a",
               {{"b", {{"foo", "bar"}}},
                {"c", nullptr},
                {"d", json::array({"foo"})},
                {"e", json::array({json{{"f", "bar"}}})}}}};
  // case 1: field exists and is non-null; the result refers to the item itself
  json* res = runtime::NestedFieldNoCopy(obj, "a", "b");
  REQUIRE(res != nullptr);
  CHECK(*res == json{{"foo", "bar"}});
  obj["a"]["b"]["foo"] = "baz";
  CHECK((*res)["foo"] == "baz");
  // case 2: field exists and is null
  const json* c = runtime::NestedFieldNoCopy(std::as_const(obj), "a", "c");
  REQUIRE(c != nullptr);
  CHECK(c->is_null());
  // case 3: error traversing obj
  CHECK_THROWS_AS(runtime::NestedFieldNoCopy(obj, "a", "d", "foo"), Error);
  CHECK_THROWS_WITH(runtime::NestedFieldNoCopy(obj, "a", "d", "foo"),
                    ".a.d.foo accessor error: [foo] is of the type []interface {}, expected "
                    "map[string]interface{}");
  // case 4: field does not exist
  CHECK(runtime::NestedFieldNoCopy(obj, "a", "g") == nullptr);
  // case 5: intermediate field does not exist
  CHECK(runtime::NestedFieldNoCopy(obj, "a", "g", "f") == nullptr);
  // case 6: intermediate field is null
  CHECK(runtime::NestedFieldNoCopy(obj, "a", "c", "f") == nullptr);
  // case 7: array/slice syntax is not supported
  CHECK(runtime::NestedFieldNoCopy(obj, "a", "e[0]") == nullptr);
  // a null document is Go's nil map
  CHECK(runtime::NestedFieldNoCopy(json(), "a") == nullptr);
}

TEST_CASE("TestNestedFieldCopy", "[runtime][unstructured][helpers]") {
  json obj = {{"a", {{"b", {{"foo", "bar"}}}, {"c", nullptr}, {"d", json::array({"foo"})}}}};
  auto res = runtime::NestedFieldCopy(obj, "a", "b");
  REQUIRE(res);
  CHECK(*res == json{{"foo", "bar"}});
  obj["a"]["b"]["foo"] = "baz";
  CHECK((*res)["foo"] == "bar");  // a copy
  auto c = runtime::NestedFieldCopy(obj, "a", "c");
  REQUIRE(c);
  CHECK(c->is_null());
  CHECK_THROWS_AS(runtime::NestedFieldCopy(obj, "a", "d", "foo"), Error);
  CHECK(!runtime::NestedFieldCopy(obj, "a", "e"));
}

TEST_CASE("TestSetNestedFields", "[runtime][unstructured][helpers]") {
  const json base = {{"x", {{"y", 1}, {"a", "foo"}}}};
  SECTION("SetNestedStringSlice") {
    json obj = base;
    runtime::SetNestedStringSlice(obj, {"bar"}, "x", "z");
    CHECK(obj["x"].size() == 3);
    CHECK(obj["x"]["z"] == json::array({"bar"}));
  }
  SECTION("SetNestedSlice") {
    json obj = base;
    runtime::SetNestedSlice(obj, json::array({"bar"}), "x", "z");
    CHECK(obj["x"].size() == 3);
    CHECK(obj["x"]["z"][0] == "bar");
  }
  SECTION("SetNestedStringMap") {
    json obj = base;
    runtime::SetNestedStringMap(obj, {{"b", "bar"}}, "x", "z");
    CHECK(obj["x"].size() == 3);
    CHECK(obj["x"]["z"]["b"] == "bar");
  }
  SECTION("SetNestedMap") {
    json obj = base;
    runtime::SetNestedMap(obj, json{{"b", "bar"}}, "x", "z");
    CHECK(obj["x"]["z"] == json{{"b", "bar"}});
  }
  SECTION("SetNestedField creates intermediate objects") {
    json obj = json::object();
    runtime::SetNestedField(obj, 3, "spec", "template", "replicas");
    CHECK(obj == json{{"spec", {{"template", {{"replicas", 3}}}}}});
    json null_doc;
    runtime::SetNestedField(null_doc, "v", "k");
    CHECK(null_doc == json{{"k", "v"}});
  }
  SECTION("SetNestedField through a non-map fails and leaves obj unchanged") {
    json obj = base;
    CHECK_THROWS_WITH(runtime::SetNestedField(obj, 1, "x", "a", "b"),
                      "value cannot be set because .x.a is not a map[string]interface{}");
    CHECK_THROWS_WITH(runtime::SetNestedField(obj, 1, "x", "y", "q", "r"),
                      "value cannot be set because .x.y is not a map[string]interface{}");
    CHECK(obj == base);
    json arr = json::array();
    CHECK_THROWS_AS(runtime::SetNestedField(arr, 1, "x"), Error);
  }
  SECTION("vector paths") {
    json obj = base;
    const std::vector<std::string> path = {"x", "n"};
    runtime::SetNestedField(obj, "v", path);
    CHECK(runtime::NestedString(obj, path) == "v");
    runtime::RemoveNestedField(obj, path);
    CHECK(!runtime::NestedString(obj, path));
    CHECK_THROWS_AS(runtime::SetNestedField(obj, 1, std::vector<std::string>{}), Error);
  }
}

TEST_CASE("TestNestedTypedGetters", "[runtime][unstructured][helpers]") {
  const json obj = json::parse(R"({
    "s": "str", "b": true, "i": 42, "f": 1.5, "n": null, "m": {"k": "v", "z": "y"},
    "ss": ["a", "b"], "mixed": ["a", 1], "mm": {"k": 1}, "mn": {"a\tb": null}, "big": 1e21, "neg": -7,
    "nested": {"deep": {"value": 3}}
  })");
  CHECK(runtime::NestedString(obj, "s") == "str");
  CHECK(runtime::NestedBool(obj, "b") == true);
  CHECK(runtime::NestedInt64(obj, "i") == 42);
  CHECK(runtime::NestedInt64(obj, "neg") == -7);
  CHECK(runtime::NestedFloat64(obj, "f") == 1.5);
  CHECK(runtime::NestedInt64(obj, "nested", "deep", "value") == 3);
  CHECK(runtime::NestedStringSlice(obj, "ss") == std::vector<std::string>{"a", "b"});
  CHECK(runtime::NestedSlice(obj, "ss") == json::array({"a", "b"}));
  CHECK(runtime::NestedMap(obj, "m") == json{{"k", "v"}, {"z", "y"}});
  CHECK(runtime::NestedStringMap(obj, "m") == std::map<std::string, std::string>{{"k", "v"}, {"z", "y"}});
  // not found
  CHECK(!runtime::NestedString(obj, "missing"));
  CHECK(!runtime::NestedInt64(obj, "nested", "missing", "x"));
  CHECK(!runtime::NestedBool(obj, "n", "x"));

  struct Row {
    std::string what;
    std::function<void()> call;
    std::string error;
  };
  const std::vector<Row> rows = {
      {"string of int", [&] { (void)runtime::NestedString(obj, "i"); },
       ".i accessor error: 42 is of the type int64, expected string"},
      {"string of null", [&] { (void)runtime::NestedString(obj, "n"); },
       ".n accessor error: <nil> is of the type <nil>, expected string"},
      {"bool of string", [&] { (void)runtime::NestedBool(obj, "s"); },
       ".s accessor error: str is of the type string, expected bool"},
      {"int64 of float", [&] { (void)runtime::NestedInt64(obj, "f"); },
       ".f accessor error: 1.5 is of the type float64, expected int64"},
      {"float64 of int", [&] { (void)runtime::NestedFloat64(obj, "i"); },
       ".i accessor error: 42 is of the type int64, expected float64"},
      {"float64 of big", [&] { (void)runtime::NestedInt64(obj, "big"); },
       ".big accessor error: 1e+21 is of the type float64, expected int64"},
      {"slice of map", [&] { (void)runtime::NestedStringSlice(obj, "m"); },
       ".m accessor error: map[k:v z:y] is of the type map[string]interface {}, expected "
       "[]interface{}"},
      {"string slice with non-string", [&] { (void)runtime::NestedStringSlice(obj, "mixed"); },
       ".mixed accessor error: contains non-string key in the slice: 1 is of the type int64, "
       "expected string"},
      {"slice of string", [&] { (void)runtime::NestedSlice(obj, "s"); },
       ".s accessor error: str is of the type string, expected []interface{}"},
      {"map of slice", [&] { (void)runtime::NestedMap(obj, "ss"); },
       ".ss accessor error: [a b] is of the type []interface {}, expected map[string]interface{}"},
      {"string map with non-string", [&] { (void)runtime::NestedStringMap(obj, "mm"); },
       ".mm accessor error: contains non-string value in the map under key \"k\": 1 is of the type "
       "int64, expected string"},
      {"string map with a null value", [&] { (void)runtime::NestedStringMap(obj, "mn"); },
       ".mn accessor error: contains non-string value in the map under key \"a\\tb\": <nil> is of the "
       "type <nil>, expected string"},
      {"string map of null", [&] { (void)runtime::NestedStringMap(obj, "n"); },
       ".n accessor error: <nil> is of the type <nil>, expected map[string]interface{}"},
      {"map of null", [&] { (void)runtime::NestedMap(obj, "n"); },
       ".n accessor error: <nil> is of the type <nil>, expected map[string]interface{}"},
      {"string slice of null", [&] { (void)runtime::NestedStringSlice(obj, "n"); },
       ".n accessor error: <nil> is of the type <nil>, expected []interface{}"},
      {"bool of map", [&] { (void)runtime::NestedBool(obj, "m"); },
       ".m accessor error: map[k:v z:y] is of the type map[string]interface {}, expected bool"},
      {"float64 of a nested int", [&] { (void)runtime::NestedFloat64(obj, "nested", "deep", "value"); },
       ".nested.deep.value accessor error: 3 is of the type int64, expected float64"},
      {"traverse through string", [&] { (void)runtime::NestedString(obj, "s", "x", "y"); },
       ".s.x accessor error: str is of the type string, expected map[string]interface{}"},
      {"traverse through bool", [&] { (void)runtime::NestedInt64(obj, "b", "x"); },
       ".b.x accessor error: true is of the type bool, expected map[string]interface{}"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.what);
    CHECK_THROWS_AS(row.call(), Error);
    CHECK_THROWS_WITH(row.call(), row.error);
  }
}

TEST_CASE("TestNestedNumberAsFloat64", "[runtime][unstructured][helpers]") {
  CHECK(!runtime::NestedNumberAsFloat64(json(), "missing"));
  CHECK(runtime::NestedNumberAsFloat64(json{{"value", 42.0}}, "value") == 42.0);
  CHECK_THROWS_WITH(runtime::NestedNumberAsFloat64(json{{"value", true}}, "value"),
                    ".value accessor error: true is of the type bool, expected float64 or int64");
  CHECK(runtime::NestedNumberAsFloat64(json{{"value", 42}}, "value") == 42.0);
  CHECK_THROWS_WITH(
      runtime::NestedNumberAsFloat64(json{{"value", std::numeric_limits<std::int64_t>::max()}}, "value"),
      ".value accessor error: int64 value 9223372036854775807 cannot be losslessly converted to "
      "float64");
}

TEST_CASE("TestNestedNullCoercingStringMap", "[runtime][unstructured][helpers]") {
  using M = std::map<std::string, std::string>;
  CHECK(!runtime::NestedNullCoercingStringMap(json(), "path"));
  CHECK(runtime::NestedNullCoercingStringMap(json{{"path", nullptr}}, "path") == M{});
  try {
    (void)runtime::NestedNullCoercingStringMap(json{{"path", 0}}, "path");
    FAIL("no throw");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("type int"));
  }
  CHECK(runtime::NestedNullCoercingStringMap(json{{"path", json::object()}}, "path") == M{});
  CHECK(runtime::NestedNullCoercingStringMap(json{{"path", {{"a", "1"}, {"b", "2"}}}}, "path") ==
        M{{"a", "1"}, {"b", "2"}});
  CHECK(runtime::NestedNullCoercingStringMap(json{{"path", {{"a", "1"}, {"b", nullptr}}}}, "path") ==
        M{{"a", "1"}, {"b", ""}});
  try {
    (void)runtime::NestedNullCoercingStringMap(json{{"path", {{"a", "1"}, {"b", nullptr}, {"c", 0}}}},
                                               "path");
    FAIL("no throw");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("key \"c\": 0"));
  }
  // The whole text, NestedStringMap's as well (upstream: one fmt.Errorf in both).
  CHECK_THROWS_WITH(runtime::NestedNullCoercingStringMap(json{{"path", {{"c", 0}}}}, "path"),
                    ".path accessor error: contains non-string value in the map under key \"c\": 0 is of the "
                    "type int64, expected string");
}

TEST_CASE("GoValueString", "[runtime][unstructured][helpers]") {
  CHECK(runtime::GoValueString(json(1.5)) == "1.5");
  CHECK(runtime::GoValueString(json(100000000.0)) == "1e+08");
  CHECK(runtime::GoValueString(json(123456.0)) == "123456");
  CHECK(runtime::GoValueString(json(0.0001)) == "0.0001");
  CHECK(runtime::GoValueString(json(0.00001)) == "1e-05");
  CHECK(runtime::GoValueString(json(42.0)) == "42");
  CHECK(runtime::GoValueString(json::parse(R"({"b": [1, "x", null], "a": {}})")) ==
        "map[a:map[] b:[1 x <nil>]]");
  CHECK(runtime::GoTypeName(json(nullptr)) == "<nil>");
  CHECK(runtime::GoTypeName(json(18446744073709551615ULL)) == "float64");
  CHECK(runtime::GoValueString(json(18446744073709551615ULL)) == "1.8446744073709552e+19");
  CHECK(runtime::GoValueString(json(-3)) == "-3");
}

}  // namespace runtime_unstructured_helpers_test
