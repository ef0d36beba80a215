// Tests for runtime/scheme.hpp and runtime/scheme_unstructured.hpp against answers of the real
// runtime.Scheme (k8s.io/apimachinery v0.37.2, printed by a Go program): NewScheme's []string
// conversions (conversion.go: Convert_Slice_string_To_*), Convert of internal objects and typed
// lists to Unstructured / UnstructuredList (scheme.go: Scheme.Convert), and the unstructured
// converter's texts when ConvertToVersion turns an Unstructured into a typed object
// (converter.go: fromUnstructured; scheme.go: unstructuredToTyped).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "../../examples/widgets/widgets.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_scheme_fidelity_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace conversion = apimachinery::conversion;

// The Go program's types (example.com/v1 Widget), one member of each kind the converter checks.
namespace example {
struct Container {
  std::string name;
};
APIMACHINERY_FIELDS(Container, name)
APIMACHINERY_JSON_FIELDS(Container)

struct Spec {
  std::int32_t replicas = 0;
  std::string image;
  bool paused = false;
  double ratio = 0;
  std::map<std::string, std::string> selector;
  std::vector<std::string> args;
  std::vector<Container> containers;
  Container template_;  // Go: *Container (a pointer converts as its element)
  std::int64_t count = 0;
};
APIMACHINERY_FIELDS(Spec, replicas, image, paused, ratio, selector, args, containers, template_, count)
APIMACHINERY_JSON_FIELDS(Spec)

struct Widget : apimachinery::runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  apimachinery::metav1::TypeMeta type_meta;
  apimachinery::metav1::ObjectMeta metadata;
  Spec spec;
};
APIMACHINERY_FIELDS(Widget, metadata, spec)
APIMACHINERY_JSON_FIELDS(Widget)

// Pointers (std::optional) convert as their element; nulls are zero values.
struct Optionals {
  std::optional<std::int64_t> grace;
  std::optional<Container> owner;
};
APIMACHINERY_FIELDS(Optionals, grace, owner)
}  // namespace example

namespace {
using Strings = std::vector<std::string>;

const runtime::Scheme& WidgetScheme() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("fidelity");
    widgets::AddToScheme(*scheme);
    return scheme;
  }();
  return *s;
}

const runtime::Scheme& ExampleScheme() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("example");
    scheme->AddKnownTypes<example::Widget>({"example.com", "v1"});
    return scheme;
  }();
  return *s;
}
}  // namespace

TEST_CASE("NewScheme's []string -> int / int64 / string conversions", "[runtime][scheme][fidelity]") {
  runtime::Scheme s("strings");
  struct Row {
    Strings in;
    std::optional<int> i;  // nullopt: error
    std::string int_error;
    std::optional<std::int64_t> i64;
    std::string int64_error;
    std::string str;
  };
  const std::vector<Row> rows = {
      {{"42"}, 42, "", 42, "", "42"},
      {{}, 0, "", 0, "", ""},
      {{"x"},
       std::nullopt,
       "strconv.Atoi: parsing \"x\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"x\": invalid syntax",
       "x"},
      {{" 1"},
       std::nullopt,
       "strconv.Atoi: parsing \" 1\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \" 1\": invalid syntax",
       " 1"},
      {{"+7", "9"}, 7, "", 7, "", "+7"},
      {{"-0"}, 0, "", 0, "", "-0"},
      {{"0x10"},
       std::nullopt,
       "strconv.Atoi: parsing \"0x10\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"0x10\": invalid syntax",
       "0x10"},
      {{"1_000"},
       std::nullopt,
       "strconv.Atoi: parsing \"1_000\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"1_000\": invalid syntax",
       "1_000"},
      {{""},
       std::nullopt,
       "strconv.Atoi: parsing \"\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"\": invalid syntax",
       ""},
      {{"+"},
       std::nullopt,
       "strconv.Atoi: parsing \"+\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"+\": invalid syntax",
       "+"},
      {{"-"},
       std::nullopt,
       "strconv.Atoi: parsing \"-\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"-\": invalid syntax",
       "-"},
      {{"\xEF\xBC\x91"},  // U+FF11 FULLWIDTH DIGIT ONE
       std::nullopt,
       "strconv.Atoi: parsing \"\xEF\xBC\x91\": invalid syntax",
       std::nullopt,
       "strconv.ParseInt: parsing \"\xEF\xBC\x91\": invalid syntax",
       "\xEF\xBC\x91"},
      // C++ int is 32 bits: Atoi's range is Go's on a 32-bit platform (GOARCH=386).
      {{"2147483647"}, 2147483647, "", 2147483647, "", "2147483647"},
      {{"2147483648"},
       std::nullopt,
       "strconv.Atoi: parsing \"2147483648\": value out of range",
       2147483648,
       "",
       "2147483648"},
      {{"-2147483648"}, -2147483647 - 1, "", -2147483648LL, "", "-2147483648"},
      {{"-2147483649"},
       std::nullopt,
       "strconv.Atoi: parsing \"-2147483649\": value out of range",
       -2147483649LL,
       "",
       "-2147483649"},
      {{"9223372036854775807"},
       std::nullopt,
       "strconv.Atoi: parsing \"9223372036854775807\": value out of range",
       9223372036854775807LL,
       "",
       "9223372036854775807"},
      {{"9223372036854775808"},
       std::nullopt,
       "strconv.Atoi: parsing \"9223372036854775808\": value out of range",
       std::nullopt,
       "strconv.ParseInt: parsing \"9223372036854775808\": value out of range",
       "9223372036854775808"},
      {{"-9223372036854775808"},
       std::nullopt,
       "strconv.Atoi: parsing \"-9223372036854775808\": value out of range",
       -9223372036854775807LL - 1,
       "",
       "-9223372036854775808"},
      {{"-9223372036854775809"},
       std::nullopt,
       "strconv.Atoi: parsing \"-9223372036854775809\": value out of range",
       std::nullopt,
       "strconv.ParseInt: parsing \"-9223372036854775809\": value out of range",
       "-9223372036854775809"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    int i = 5;
    std::int64_t i64 = 5;
    std::string str = "old";
    if (row.i) {
      s.Convert(row.in, i);
      CHECK(i == *row.i);
    } else {
      REQUIRE_THROWS_AS(s.Convert(row.in, i), apimachinery::Error);
      REQUIRE_THROWS_WITH(s.Convert(row.in, i), row.int_error);
      CHECK(i == 5);  // unchanged on error, as upstream
    }
    if (row.i64) {
      s.Convert(row.in, i64);
      CHECK(i64 == *row.i64);
    } else {
      REQUIRE_THROWS_WITH(s.Convert(row.in, i64), row.int64_error);
      CHECK(i64 == 5);
    }
    s.Convert(row.in, str);
    CHECK(str == row.str);
  }
  // Only the four pairs upstream registers (C++ int is Go's int here, std::int32_t included).
  std::uint32_t u32 = 0;
  REQUIRE_THROWS_AS(s.Convert(Strings{"1"}, u32), conversion::UnknownConversionError);
  std::int16_t i16 = 0;
  REQUIRE_THROWS_AS(s.Convert(Strings{"1"}, i16), conversion::UnknownConversionError);
  std::optional<std::int64_t> opt;
  REQUIRE_THROWS_AS(s.Convert(Strings{"1"}, opt), conversion::UnknownConversionError);
}

TEST_CASE("NewScheme's []string -> bool conversion", "[runtime][scheme][fidelity]") {
  runtime::Scheme s("bools");
  const std::vector<std::pair<Strings, bool>> rows = {
      {{"yes"}, true},
      {{}, false},
      {{"0"}, false},
      {{"false"}, false},
      {{"FALSE"}, false},
      {{"fAlSe"}, false},
      {{""}, true},
      {{"no"}, true},
      {{"1"}, true},
      {{"true", "false"}, true},
      {{"f"}, true},
      {{"fals"}, true},
      {{"false "}, true},
      {{"00"}, true},
      // strings.EqualFold folds U+017F LATIN SMALL LETTER LONG S to 's'.
      {{"fal\xC5\xBF"
        "e"},
       false},
      {{"FAL\xC5\xBF"
        "E"},
       false},
  };
  for (const auto& [in, want] : rows) {
    CAPTURE(in);
    bool b = !want;
    s.Convert(in, b);
    CHECK(b == want);
  }
}

TEST_CASE("Convert: an internal object to Unstructured sets only the content",
          "[runtime][scheme][fidelity]") {
  const runtime::Scheme& s = WidgetScheme();
  widgets::hub::Widget hub;
  hub.metadata.name = "n";
  hub.spec.replicas = 3;

  runtime::Unstructured u;
  s.Convert(hub, u, runtime::GroupVersioner(runtime::InternalGroupVersioner));
  nlohmann::json content = u.UnstructuredContent();
  CHECK_FALSE(content.contains("apiVersion"));
  CHECK_FALSE(content.contains("kind"));
  CHECK(u.GetObjectKind().Empty());
  CHECK(content.at("metadata").at("name") == "n");
  CHECK(content.at("spec").at("replicas") == 3);

  // To an external version: the versioned object's content, with its apiVersion/kind.
  runtime::Unstructured v2;
  s.Convert(hub, v2, runtime::GroupVersioner(widgets::kV2));
  CHECK(v2.GetObjectKind() == widgets::kV2.WithKind("Widget"));
  CHECK(v2.UnstructuredContent().at("spec").at("replicas") == 3);

  // Without a versioner: upstream's error.
  runtime::Unstructured none;
  REQUIRE_THROWS_WITH(s.Convert(hub, none),
                      "unable to convert the internal object type widgets::hub::Widget to Unstructured "
                      "without providing a preferred version to convert to");
}

TEST_CASE("Convert: a typed list to UnstructuredList", "[runtime][scheme][fidelity]") {
  const runtime::Scheme& s = WidgetScheme();
  widgets::v1::WidgetList list;
  list.list_meta.resource_version = "7";
  widgets::v1::Widget a;
  a.metadata.name = "a";
  a.spec.replicas = 1;
  widgets::v1::Widget b;
  b.SetGroupVersionKind(widgets::kV1.WithKind("Widget"));
  b.metadata.name = "b";
  list.items = {a, b};

  runtime::UnstructuredList out;
  s.Convert(list, out);
  // Go: {"apiVersion":"example.com/v1","items":[{"metadata":{"name":"a"},"spec":{"replicas":1}},
  // {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"},...}],
  // "kind":"WidgetList","metadata":{"resourceVersion":"7"}}
  CHECK(out.GetObjectKind() == widgets::kV1.WithKind("WidgetList"));
  CHECK(out.GetResourceVersion() == "7");
  REQUIRE(out.items.size() == 2);
  CHECK(out.items[0].GetName() == "a");
  CHECK(out.items[0].GetObjectKind().Empty());  // items keep their own content
  CHECK(out.items[0].UnstructuredContent().at("spec").at("replicas") == 1);
  CHECK(out.items[1].GetObjectKind() == widgets::kV1.WithKind("Widget"));
  nlohmann::json content = out.UnstructuredContent();
  CHECK(content.at("apiVersion") == "widgets.example.com/v1");
  CHECK(content.at("kind") == "WidgetList");

  // An empty list: items [] and the list kind.
  runtime::UnstructuredList empty;
  s.Convert(widgets::v1::WidgetList{}, empty);
  CHECK(empty.items.empty());
  CHECK(empty.UnstructuredContent().at("items") == nlohmann::json::array());
  CHECK(empty.GetObjectKind() == widgets::kV1.WithKind("WidgetList"));

  // A list to a plain Unstructured: the whole document, items inline (Go accepts it too).
  runtime::Unstructured flat;
  s.Convert(list, flat);
  CHECK(flat.UnstructuredContent().at("items").size() == 2);
  CHECK(flat.GetObjectKind() == widgets::kV1.WithKind("WidgetList"));

  // And back: UnstructuredList -> typed list through the registered type.
  widgets::v1::WidgetList back;
  s.Convert(out, back);
  REQUIRE(back.items.size() == 2);
  CHECK(back.items[1].metadata.name == "b");
  CHECK(back.list_meta.resource_version == "7");
}

TEST_CASE("ConvertToVersion of an Unstructured: the unstructured converter's texts",
          "[runtime][scheme][fidelity]") {
  const runtime::Scheme& s = ExampleScheme();
  const std::string prefix = "unable to convert unstructured object to example.com/v1, Kind=Widget: ";
  struct Row {
    nlohmann::json spec;
    std::string error;  // empty: converts
  };
  using J = nlohmann::json;
  const std::vector<Row> rows = {
      {{{"replicas", "three"}}, "unrecognized type: int32"},
      {{{"replicas", true}}, "unrecognized type: int32"},
      {{{"replicas", 1.5}}, "cannot convert float64 to int32"},
      {{{"replicas", J::object()}}, "unrecognized type: int32"},
      {{{"replicas", J::array()}}, "unrecognized type: int32"},
      {{{"replicas", nullptr}}, ""},
      {{{"image", 5}}, "cannot convert int64 to string"},
      {{{"image", 5.5}}, "unrecognized type: string"},
      {{{"image", true}}, "unrecognized type: string"},
      {{{"image", J::array()}}, "unrecognized type: string"},
      {{{"paused", "yes"}}, "unrecognized type: bool"},
      {{{"paused", 1}}, "unrecognized type: bool"},
      {{{"ratio", "x"}}, "unrecognized type: float64"},
      {{{"ratio", 2}}, ""},
      {{{"selector", "x"}}, "cannot restore map from string"},
      {{{"selector", J::array()}}, "cannot restore map from slice"},
      {{{"selector", {{"a", 1}}}}, "cannot convert int64 to string"},
      {{{"args", "x"}}, "cannot restore slice from string"},
      {{{"args", J::object()}}, "cannot restore slice from map"},
      {{{"args", {1}}}, "cannot convert int64 to string"},
      {{{"containers", {"x"}}}, "cannot restore struct from: string"},
      {{{"containers", {{{"name", 1}}}}}, "cannot convert int64 to string"},
      {{{"template", "x"}}, "cannot restore struct from: string"},
      {{{"template", {{"name", false}}}}, "unrecognized type: string"},
      {{{"count", "1"}}, "unrecognized type: int64"},
      {{{"unknown", 1}}, ""},
      // Fields are checked in declaration order (replicas before image), not in key order.
      {{{"image", 5}, {"replicas", "x"}}, "unrecognized type: int32"},
      {"x", "cannot restore struct from: string"},
      {1, "cannot restore struct from: int64"},
      {J::array(), "cannot restore struct from: slice"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.spec.dump());
    runtime::Unstructured u(J{{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"spec", row.spec}});
    if (row.error.empty()) {
      auto out = s.ConvertToVersion(u, schema::GroupVersion{"example.com", "v1"});
      CHECK(out->GetTypeId() == apimachinery::util::TypeIdOf<example::Widget>());
      continue;
    }
    REQUIRE_THROWS_AS(s.ConvertToVersion(u, schema::GroupVersion{"example.com", "v1"}), apimachinery::Error);
    REQUIRE_THROWS_WITH(s.ConvertToVersion(u, schema::GroupVersion{"example.com", "v1"}), prefix + row.error);
  }
  // Metadata is walked with Go's ObjectMeta field order.
  runtime::Unstructured bad_name(
      J{{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", {{"name", 1}}}});
  REQUIRE_THROWS_WITH(s.ConvertToVersion(bad_name, schema::GroupVersion{"example.com", "v1"}),
                      prefix + "cannot convert int64 to string");
  const std::vector<std::pair<J, std::string>> meta_rows = {
      {{{"labels", "x"}}, "cannot restore map from string"},
      {{{"generation", "1"}}, "unrecognized type: int64"},
      {{{"finalizers", {true}}}, "unrecognized type: string"},
      {{{"ownerReferences", {{{"uid", 1}}}}}, "cannot convert int64 to string"},
      {{{"ownerReferences", {{{"controller", "yes"}}}}}, "unrecognized type: bool"},
  };
  for (const auto& [meta, error] : meta_rows) {
    CAPTURE(meta.dump());
    runtime::Unstructured u(J{{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", meta}});
    REQUIRE_THROWS_WITH(s.ConvertToVersion(u, schema::GroupVersion{"example.com", "v1"}), prefix + error);
  }
}

TEST_CASE("FromUnstructuredMismatch on the widgets types", "[runtime][scheme][fidelity]") {
  nlohmann::json ok = nlohmann::json::parse(R"({"spec":{"replicas":2,"template":{"containers":[{"ports":[
      {"containerPort":80}]}]}}})");
  CHECK_FALSE(runtime::FromUnstructuredMismatch<widgets::v1::Widget>(ok));
  ok["spec"]["template"]["containers"][0]["ports"][0]["containerPort"] = "80";
  CHECK(runtime::FromUnstructuredMismatch<widgets::v1::Widget>(ok) ==
        std::optional<std::string>("unrecognized type: int32"));

  using example::Optionals;
  CHECK_FALSE(
      runtime::FromUnstructuredMismatch<Optionals>(nlohmann::json{{"grace", nullptr}, {"owner", nullptr}}));
  CHECK_FALSE(
      runtime::FromUnstructuredMismatch<Optionals>(nlohmann::json{{"grace", 3}, {"owner", {{"name", "x"}}}}));
  CHECK(runtime::FromUnstructuredMismatch<Optionals>(nlohmann::json{{"grace", "3"}}) ==
        std::optional<std::string>("unrecognized type: int64"));
  CHECK(runtime::FromUnstructuredMismatch<Optionals>(nlohmann::json{{"owner", 1}}) ==
        std::optional<std::string>("cannot restore struct from: int64"));
  CHECK(runtime::FromUnstructuredMismatch<Optionals>(nlohmann::json::array()) ==
        std::optional<std::string>("cannot restore struct from: slice"));
  // Integers beyond int64 are float64 in unstructured content.
  CHECK(runtime::FromUnstructuredMismatch<Optionals>(
            nlohmann::json{{"owner", {{"name", 18446744073709551615ULL}}}}) ==
        std::optional<std::string>("unrecognized type: string"));
}

}  // namespace runtime_scheme_fidelity_test
