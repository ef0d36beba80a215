#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/util/validation/field/field.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_validation_field_errors_test {

namespace field = apimachinery::field;
using nlohmann::json;

// Every expected text below is what k8s.io/apimachinery@v0.37.2/pkg/util/validation/field prints
// for the same call (a Go program ran each constructor and printed Error()).
TEST_CASE("field::Path renders as path.go does", "[util][field]") {
  CHECK(field::NewPath("spec", {"containers"}).Index(0).Child("image").String() ==
        "spec.containers[0].image");
  CHECK(field::NewPath("metadata").Child("labels").Key("app").String() == "metadata.labels[app]");
  CHECK(field::Path().String() == "<nil>");
  CHECK(field::Path().IsNil());
  CHECK(field::NewPath("").String() == "[]");
  CHECK(field::NewPath("a", {"", "b"}).String() == "a[].b");
  CHECK(field::Path().Index(2).Key("k").Child("c").String() == "[2][k].c");
  CHECK(field::Path().Child("a", {"b"}).String() == "a.b");
  CHECK(field::NewPath("x") == field::NewPath("x"));
  CHECK_FALSE(field::NewPath("") == field::Path());
}

TEST_CASE("field::Error texts match upstream", "[util][field]") {
  const auto x = field::NewPath("x");
  const auto p = field::NewPath("spec", {"containers"}).Index(0).Child("image");
  struct Case {
    field::Error err;
    std::string want;
  };
  const std::vector<Case> cases = {
      {field::Invalid(p, "a b\a\xff", "bad"), R"(spec.containers[0].image: Invalid value: "a b\a\xff": bad)"},
      {field::Invalid(x, 3, ""), "x: Invalid value: 3"},
      {field::Invalid(x, 1.5, "d"), "x: Invalid value: 1.5: d"},
      {field::Invalid(x, 1e6, "d"), "x: Invalid value: 1e+06: d"},
      {field::Invalid(x, true, "d"), "x: Invalid value: true: d"},
      {field::Invalid(x, nullptr, "d"), "x: Invalid value: null: d"},
      {field::Invalid(x, std::vector<std::string>{"a", "<b>", "\b"}, "d"),
       R"(x: Invalid value: ["a","\u003cb\u003e","\b"]: d)"},
      {field::Invalid(x, json{{"b", 1}, {"a", json::array({1.5, 1e21, 1e-7, "s"})}}, "d"),
       R"(x: Invalid value: {"a":[1.5,1e+21,1e-7,"s"],"b":1}: d)"},
      // json.Marshal fails on a non-finite number: ErrorBody falls back to %#v (recorded from Go 1.26).
      {field::Invalid(x,
                      json::array({1.0, 1.5, std::nan(""), HUGE_VAL, -HUGE_VAL, 3, "a\tb", nullptr, true,
                                   json{{"b", 1e21}, {"a", json::array()}}, 1e-7}),
                      "d"),
       R"(x: Invalid value: []interface {}{1, 1.5, NaN, +Inf, -Inf, 3, "a\tb", interface {}(nil), true, )"
       R"(map[string]interface {}{"a":[]interface {}{}, "b":1e+21}, 1e-07}: d)"},
      {field::TypeInvalid(x, "s", "d"), R"(x: Invalid value: "s": d)"},
      {field::NotFound(x, "s"), R"(x: Not found: "s")"},
      {field::Duplicate(x.Key("k"), "s"), R"(x[k]: Duplicate value: "s")"},
      {field::Required(x, "need it"), "x: Required value: need it"},
      {field::Required(x, ""), "x: Required value"},
      {field::Forbidden(x, "no"), "x: Forbidden: no"},
      {field::NotSupported(field::NewPath("op"), "\u00a0", {"in", "notin"}),
       R"(op: Unsupported value: "\u00a0": supported values: "in", "notin")"},
      {field::NotSupported(field::NewPath("op"), "x", {}), R"(op: Unsupported value: "x")"},
      {field::TooLong(x, 1), "x: Too long: may not be more than 1 byte"},
      {field::TooLong(x, 10), "x: Too long: may not be more than 10 bytes"},
      {field::TooLong(x, -1), "x: Too long: value is too long"},
      {field::TooMany(x, 5, 1), "x: Too many: 5: must have at most 1 item"},
      {field::TooMany(x, -1, 3), "x: Too many: must have at most 3 items"},
      {field::TooMany(x, 4, -1), "x: Too many: 4: has too many items"},
      {field::InternalError(x, "boom"), "x: Internal error: boom"},
      {field::Invalid(field::Path(), "v", "d"), R"(<nil>: Invalid value: "v": d)"},
      {field::Invalid(x, -0.0, "d"), "x: Invalid value: -0: d"},
      {field::Invalid(x, std::numeric_limits<std::uint64_t>::max(), "d"),
       "x: Invalid value: 18446744073709551615: d"},
  };
  for (const auto& c : cases) {
    CHECK(std::string(c.err.what()) == c.want);
    CHECK(c.err.field + ": " + c.err.ErrorBody() == c.want);
  }
  const auto& first = cases.front().err;
  CHECK(first.type == field::ErrorType::kInvalid);
  CHECK(first.field == "spec.containers[0].image");
  CHECK(first.bad_value == "a b\a\xff");
  CHECK(first.detail == "bad");
}

TEST_CASE("field::ErrorType prints as the cause type", "[util][field]") {
  CHECK(field::String(field::ErrorType::kInvalid) == "FieldValueInvalid");
  CHECK(field::String(field::ErrorType::kInternal) == "InternalError");
  CHECK(field::Message(field::ErrorType::kNotSupported) == "Unsupported value");
  CHECK(fmt::format("{}", field::ErrorType::kTooMany) == "FieldValueTooMany");
  std::ostringstream os;
  os << field::ErrorType::kRequired;
  CHECK(os.str() == "FieldValueRequired");
}

TEST_CASE("field::ToAggregate drops duplicate texts", "[util][field]") {
  const auto a =
      field::Invalid(field::NewPath("spec", {"containers"}).Index(0).Child("image"), "a b\a\xff", "bad");
  const auto b = field::Invalid(field::NewPath("x"), 3, "");
  CHECK_FALSE(field::ToAggregate({}).has_value());
  const auto one = field::ToAggregate({b});
  REQUIRE(one.has_value());
  CHECK(std::string(one->what()) == "x: Invalid value: 3");
  const auto agg = field::ToAggregate({a, a, b});
  REQUIRE(agg.has_value());
  CHECK(agg->errors.size() == 2);
  CHECK(std::string(agg->what()) ==
        R"([spec.containers[0].image: Invalid value: "a b\a\xff": bad, x: Invalid value: 3])");
}

}  // namespace util_validation_field_errors_test
