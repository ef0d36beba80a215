// Tests for util/intstr/intstr.hpp: k8s.io/apimachinery/pkg/util/intstr intstr_test.go, ported, and
// error texts and edge values printed by Go (v0.37.2).
#include "apimachinery/util/intstr/intstr.hpp"

#include <limits>
#include <sstream>
#include <string>
#include <unordered_set>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_intstr_intstr_test {

namespace intstr = apimachinery::intstr;
using intstr::IntOrString;
using intstr::Type;

TEST_CASE("FromInt, FromInt32, FromString", "[intstr]") {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  const IntOrString i = intstr::FromInt(93);
  CHECK(intstr::FromInt(4294967296 + 5).intVal == 5);  // truncated to int32, as upstream
#pragma GCC diagnostic pop
  CHECK(i.type == Type::Int);
  CHECK(i.intVal == 93);
  const IntOrString j = intstr::FromInt32(93);
  CHECK(j.type == Type::Int);
  CHECK(j.intVal == 93);
  const IntOrString s = intstr::FromString("76");
  CHECK(s.type == Type::String);
  CHECK(s.strVal == "76");
  CHECK(IntOrString{}.type == Type::Int);
}

TEST_CASE("JSON (TestIntOrStringUnmarshalJSON, TestIntOrStringMarshalJSON)", "[intstr][json]") {
  CHECK(nlohmann::json::parse(R"({"val": 123})").at("val").get<IntOrString>() == intstr::FromInt32(123));
  CHECK(nlohmann::json::parse(R"({"val": "123"})").at("val").get<IntOrString>() == intstr::FromString("123"));
  CHECK(nlohmann::json{{"val", intstr::FromInt32(123)}}.dump() == R"({"val":123})");
  CHECK(nlohmann::json{{"val", intstr::FromString("123")}}.dump() == R"({"val":"123"})");
  for (const IntOrString& v :
       {intstr::FromInt32(123), intstr::FromString("123"), intstr::FromInt32(-2147483647 - 1)}) {
    CHECK(nlohmann::json::parse(nlohmann::json(v).dump()).get<IntOrString>() == v);
  }
  // encoding/json's errors for an int32 (texts printed by Go).
  const std::pair<const char*, const char*> bad[] = {
      {"1.5", "json: cannot unmarshal number 1.5 into Go value of type int32"},
      {"2.0", "json: cannot unmarshal number 2.0 into Go value of type int32"},
      {"4294967296", "json: cannot unmarshal number 4294967296 into Go value of type int32"},
      {"-2147483649", "json: cannot unmarshal number -2147483649 into Go value of type int32"},
      {"18446744073709551615",
       "json: cannot unmarshal number 18446744073709551615 into Go value of type int32"},
      {"true", "json: cannot unmarshal bool into Go value of type int32"},
      {"{}", "json: cannot unmarshal object into Go value of type int32"},
      {"[]", "json: cannot unmarshal array into Go value of type int32"},
  };
  for (const auto& [in, text] : bad) {
    INFO(in);
    IntOrString v;
    try {
      nlohmann::json::parse(in).get_to(v);
      FAIL("no error");
    } catch (const apimachinery::Error& e) {
      CHECK(e.what() == std::string(text));
      CHECK(dynamic_cast<const apimachinery::util::json::DecodeError*>(&e) != nullptr);
    }
  }
  // null: Type becomes Int, the value is untouched.
  IntOrString v = intstr::FromString("x");
  nlohmann::json(nullptr).get_to(v);
  CHECK(v.type == Type::Int);
  CHECK(v.intVal == 0);
  // An impossible Type cannot be encoded.
  IntOrString broken;
  broken.type = static_cast<Type>(7);
  CHECK_THROWS_WITH(
      nlohmann::json(broken),
      "json: error calling MarshalJSON for type intstr.IntOrString: impossible IntOrString.Type");
}

TEST_CASE("String, IntValue", "[intstr]") {
  CHECK(intstr::FromInt32(-5).String() == "-5");
  CHECK(intstr::FromString("abc").String() == "abc");
  // strconv.Atoi: 0 on a syntax error, the clamped value on overflow (values printed by Go).
  CHECK(intstr::FromString("3000000000x").IntValue() == 0);
  CHECK(intstr::FromString("99999999999999999999").IntValue() == std::numeric_limits<std::int64_t>::max());
  CHECK(intstr::FromString("-99999999999999999999").IntValue() == std::numeric_limits<std::int64_t>::min());
  CHECK(intstr::FromString("+12").IntValue() == 12);
  CHECK(intstr::FromString("2147483648").IntValue() == 2147483648);
  CHECK(intstr::FromString("0x10").IntValue() == 0);
  CHECK(intstr::FromString(" 1").IntValue() == 0);
  CHECK(intstr::FromString("").IntValue() == 0);
  CHECK(intstr::FromString("-").IntValue() == 0);
  CHECK(intstr::FromString("12").String() == "12");
  CHECK(fmt::format("{}|{}", intstr::FromInt32(8080), intstr::FromString("http")) == "8080|http");
  std::ostringstream os;
  os << intstr::FromString("25%") << ' ' << Type::String;
  CHECK(os.str() == "25% String");
}

TEST_CASE("Parse (TestParse)", "[intstr]") {
  struct Row {
    const char* input;
    IntOrString output;
  };
  const Row rows[] = {
      {"0", intstr::FromInt32(0)},
      {"2147483647", intstr::FromInt32(2147483647)},
      {"-2147483648", intstr::FromInt32(-2147483647 - 1)},
      {"2147483648", intstr::FromString("2147483648")},
      {"-2147483649", intstr::FromString("-2147483649")},
      {"9223372036854775807", intstr::FromString("9223372036854775807")},
      {"-9223372036854775808", intstr::FromString("-9223372036854775808")},
      {"9223372036854775808", intstr::FromString("9223372036854775808")},
      {"-9223372036854775809", intstr::FromString("-9223372036854775809")},
      {"+12", intstr::FromInt32(12)},
      {"3000000000x", intstr::FromString("3000000000x")},
      {"0x10", intstr::FromString("0x10")},
      {" 1", intstr::FromString(" 1")},
      {"", intstr::FromString("")},
  };
  for (const Row& r : rows) {
    INFO(r.input);
    CHECK(intstr::Parse(r.input) == r.output);
  }
}

TEST_CASE("GetScaledValueFromIntOrPercent (TestGetIntFromIntOrString, TestGetIntFromIntOrPercent)",
          "[intstr]") {
  struct Row {
    IntOrString input;
    std::int64_t total;
    bool roundUp;
    bool expectErr;
    std::int64_t expectVal;
  };
  const Row rows[] = {
      {intstr::FromInt32(123), 0, false, false, 123},
      {intstr::FromString("90%"), 100, true, false, 90},
      {intstr::FromString("90%"), 95, true, false, 86},
      {intstr::FromString("90%"), 95, false, false, 85},
      {intstr::FromString("%"), 0, false, true, 0},
      {intstr::FromString("90#"), 0, false, true, 0},
      {intstr::FromString("#%"), 0, false, true, 0},
      {intstr::FromString("90"), 0, false, true, 0},
      // getIntOrPercentValueSafely's table: only "<int>%" is a percentage.
      {intstr::FromInt32(200), 100, false, false, 200},
      {intstr::FromString("200"), 100, false, true, 0},
      {intstr::FromString("30%0"), 100, false, true, 0},
      {intstr::FromString("40%"), 100, false, false, 40},
      {intstr::FromString("a%"), 100, false, true, 0},
      {intstr::FromString("a"), 100, false, true, 0},
      {intstr::FromString("40#"), 100, false, true, 0},
      {intstr::FromString("40%%"), 100, false, true, 0},
      // Values printed by Go.
      {intstr::FromString("+5%"), 7, true, false, 1},
      {intstr::FromString("-5%"), 7, true, false, 0},
  };
  int i = 0;
  for (const Row& r : rows) {
    INFO("row " << i++ << " " << r.input.String());
    if (r.expectErr) {
      CHECK_THROWS_AS(intstr::GetScaledValueFromIntOrPercent(&r.input, r.total, r.roundUp), intstr::Error);
    } else {
      CHECK(intstr::GetScaledValueFromIntOrPercent(&r.input, r.total, r.roundUp) == r.expectVal);
    }
  }
  CHECK_THROWS_WITH(intstr::GetScaledValueFromIntOrPercent(nullptr, 0, false), "nil value for IntOrString");
  const auto text = [](const char* s) {
    const IntOrString v = intstr::FromString(s);
    try {
      (void)intstr::GetScaledValueFromIntOrPercent(&v, 7, true);
    } catch (const apimachinery::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(text("x%") ==
        R"(invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax)");
  CHECK(text("%") ==
        R"(invalid value for IntOrString: invalid value "%": strconv.Atoi: parsing "": invalid syntax)");
  CHECK(
      text("99999999999999999999%") ==
      R"(invalid value for IntOrString: invalid value "99999999999999999999%": strconv.Atoi: parsing "99999999999999999999": value out of range)");
  CHECK(text("1%%") ==
        R"(invalid value for IntOrString: invalid value "1%%": strconv.Atoi: parsing "1%": invalid syntax)");
  CHECK(text("10") == "invalid value for IntOrString: invalid type: string is not a percentage");
  IntOrString broken;
  broken.type = static_cast<Type>(7);
  CHECK_THROWS_WITH(intstr::GetScaledValueFromIntOrPercent(&broken, 1, false),
                    "invalid value for IntOrString: invalid type: neither int nor percentage");
}

TEST_CASE("GetValueFromIntOrPercent (deprecated: every string is a percentage)", "[intstr]") {
  const IntOrString a = intstr::FromString("1%%");
  CHECK(intstr::GetValueFromIntOrPercent(&a, 7, false) == 0);
  const IntOrString b = intstr::FromString("-5%");
  CHECK(intstr::GetValueFromIntOrPercent(&b, 7, false) == -1);
  const IntOrString c = intstr::FromString("10");
  CHECK(intstr::GetValueFromIntOrPercent(&c, 50, false) == 5);
  const IntOrString d = intstr::FromString("x%");
  CHECK_THROWS_WITH(
      intstr::GetValueFromIntOrPercent(&d, 7, false),
      R"(invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax)");
  CHECK_THROWS_WITH(intstr::GetValueFromIntOrPercent(nullptr, 0, false), "nil value for IntOrString");
}

TEST_CASE("ValueOrDefault, equality and hashing", "[intstr]") {
  const IntOrString v = intstr::FromInt32(3);
  CHECK(intstr::ValueOrDefault(&v, intstr::FromString("25%")) == v);
  CHECK(intstr::ValueOrDefault(nullptr, intstr::FromString("25%")) == intstr::FromString("25%"));
  CHECK_FALSE(intstr::FromInt32(1) == intstr::FromString("1"));
  std::unordered_set<IntOrString> set{intstr::FromInt32(1), intstr::FromString("1"), intstr::FromInt32(1)};
  CHECK(set.size() == 2);
}

}  // namespace util_intstr_intstr_test
