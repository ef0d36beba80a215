// Tests for api/resource/quantity.hpp: the tables of k8s.io/apimachinery/pkg/api/resource
// quantity_test.go, amount_test.go, math_test.go and scale_int_test.go, ported. The texts of
// TestQuantityParse and TestParseQuantity are in the golden table (quantity_golden_test.cpp).
#include "apimachinery/api/resource/quantity.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/resource/resource.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace api_resource_quantity_test {

namespace resource = apimachinery::resource;
using resource::BinarySI;
using resource::DecimalExponent;
using resource::DecimalSI;
using resource::Format;
using resource::Quantity;

constexpr std::int64_t kMostPositive = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMostNegative = std::numeric_limits<std::int64_t>::min();

// decQuantity / intQuantity of quantity_test.go: value × 10^scale in the inf.Dec or int64 form.
Quantity DecQ(std::int64_t value, resource::Scale scale, Format f) {
  Quantity q = resource::NewScaledQuantity(value, scale);
  q.format = f;
  q.ToDec();
  return q;
}
Quantity IntQ(std::int64_t value, resource::Scale scale, Format f) {
  Quantity q = resource::NewScaledQuantity(value, scale);
  q.format = f;
  return q;
}

TEST_CASE("Dec String (TestDec, TestBigDec)", "[resource][quantity]") {
  CHECK(DecQ(1, 0, DecimalSI).AsDecString() == "1");
  CHECK(DecQ(1, 1, DecimalSI).AsDecString() == "10");
  CHECK(DecQ(5, 2, DecimalSI).AsDecString() == "500");
  CHECK(DecQ(8, 3, DecimalSI).AsDecString() == "8000");
  CHECK(DecQ(1, -1, DecimalSI).AsDecString() == "0.1");
  CHECK(DecQ(3, -2, DecimalSI).AsDecString() == "0.03");
  CHECK(DecQ(4, -3, DecimalSI).AsDecString() == "0.004");
  Quantity big = DecQ(kMostPositive, 0, DecimalSI);
  big.Add(DecQ(1, 0, DecimalSI));
  CHECK(big.AsDecString() == "9223372036854775808");
  Quantity neg = DecQ(kMostNegative, 0, DecimalSI);
  neg.Sub(DecQ(1, 0, DecimalSI));
  CHECK(neg.AsDecString() == "-9223372036854775809");
  CHECK(resource::MustParse("9223372036854775808.8").AsDecString() == "9223372036854775808.800000000");
}

TEST_CASE("ParseQuantity zero, MustParse errors", "[resource][quantity]") {
  CHECK(resource::MustParse("0").String() == "0");
  CHECK_THROWS_AS(resource::MustParse("Non-Numeric"), resource::ParseError);
  CHECK_THROWS_WITH(resource::MustParse("Non-Numeric"),
                    "cannot parse 'Non-Numeric': quantities must match the regular expression "
                    "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  CHECK_THROWS_WITH(resource::MustParse("1Zi"),
                    "cannot parse '1Zi': quantities must match the regular expression "
                    "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  CHECK_THROWS_WITH(resource::ParseQuantity("1iK"), "unable to parse quantity's suffix");
  CHECK_THROWS_WITH(resource::ParseQuantity(".e-10"), "unable to parse numeric part of quantity");
  CHECK_THROWS_WITH(resource::ParseQuantity(""),
                    "quantities must match the regular expression "
                    "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  try {
    (void)resource::ParseQuantity("1e");
    FAIL("no error");
  } catch (const apimachinery::Error& e) {  // the base every caller catches
    CHECK(resource::IsErrSuffix(e));
    CHECK_FALSE(resource::IsErrNumeric(e));
    CHECK_FALSE(resource::IsErrFormatWrong(e));
  }
}

TEST_CASE("Add and Sub of zero preserve the suffix", "[resource][quantity]") {
  for (const char* text : {"100m", "1Gi"}) {
    const Quantity zero = resource::MustParse("0");
    const Quantity value = resource::MustParse(text);
    Quantity v1 = value;
    v1.Add(zero);
    Quantity v2 = zero;
    v2.Add(value);
    CHECK(v1.String() == text);
    CHECK(v2.String() == text);
    Quantity v3 = value;
    v3.Sub(zero);
    CHECK(v3.String() == text);
    Quantity v4 = zero;
    v4.Sub(value);
    Quantity negVal = value;
    negVal.Neg();
    CHECK(v4.String() == negVal.String());
  }
  // TestQuantityCanocicalizeZero: a zero value prints "0", never "0<suffix>".
  Quantity val = resource::MustParse("1000m");
  val.Sub(resource::MustParse("1"));
  CHECK(val.String() == "0");
}

TEST_CASE("Cmp (TestQuantityCmp)", "[resource][quantity]") {
  CHECK(resource::MustParse("0").Cmp(resource::MustParse("0")) == 0);
  CHECK(resource::MustParse("100m").Cmp(resource::MustParse("50m")) == 1);
  CHECK(resource::MustParse("50m").Cmp(resource::MustParse("100m")) == -1);
  CHECK(resource::MustParse("10000T").Cmp(resource::MustParse("100Gi")) == 1);
  const Quantity zeroDec = DecQ(0, 0, DecimalSI);
  const Quantity zeroInt = IntQ(0, 0, DecimalSI);
  CHECK(zeroDec.Cmp(zeroDec) == 0);
  CHECK(zeroInt.Cmp(zeroDec) == 0);
  CHECK(zeroDec.Cmp(zeroInt) == 0);
  CHECK(zeroInt.Cmp(DecQ(10, 0, DecimalSI)) == -1);
  CHECK(zeroInt.Cmp(DecQ(-10, 0, DecimalSI)) == 1);
  CHECK(DecQ(10, 0, DecimalSI).Cmp(zeroInt) == 1);
  CHECK(DecQ(-10, 0, DecimalSI).Cmp(zeroInt) == -1);
}

TEST_CASE("RoundUp (TestQuantityRoundUp)", "[resource][quantity]") {
  struct Row {
    const char* in;
    resource::Scale scale;
    std::int64_t value;
    resource::Scale vscale;
    bool ok;
  };
  const Row table[] = {
      {"9.01", -3, 901, -2, true},   {"9.01", -2, 901, -2, true},   {"9.01", -1, 91, -1, false},
      {"9.01", 0, 10, 0, false},     {"9.01", 1, 10, 0, false},     {"9.01", 2, 100, 0, false},
      {"-9.01", -3, -901, -2, true}, {"-9.01", -2, -901, -2, true}, {"-9.01", -1, -91, -1, false},
      {"-9.01", 0, -10, 0, false},   {"-9.01", 1, -10, 0, false},   {"-9.01", 2, -100, 0, false},
  };
  for (bool asDec : {false, true}) {
    for (const Row& r : table) {
      INFO(r.in << " scale " << r.scale << " asDec " << asDec);
      Quantity got = resource::MustParse(r.in);
      if (asDec) got.ToDec();
      CHECK(got.RoundUp(r.scale) == r.ok);
      CHECK(got.Cmp(DecQ(r.value, r.vscale, DecimalSI)) == 0);
    }
  }
}

TEST_CASE("Cmp across the int64 and decimal forms (TestQuantityCmpInt64AndDec)", "[resource][quantity]") {
  struct Row {
    std::int64_t av;
    resource::Scale as;
    std::int64_t bv;
    resource::Scale bs;
    int cmp;
  };
  constexpr std::int64_t e18 = 1000000000000000000;
  const Row table[] = {
      {901, -2, 901, -2, 0},
      {90, -1, 901, -2, -1},
      {901, -2, 900, -2, 1},
      {0, 0, 0, 0, 0},
      {0, 1, 0, -1, 0},
      {0, -1, 0, 1, 0},
      {800, -3, 1, 0, -1},
      {800, -3, 79, -2, 1},
      {kMostPositive, 0, 1, -1, 1},
      {kMostPositive, 1, 1, 0, 1},
      {kMostPositive, 1, 1, 1, 1},
      {kMostPositive, 1, 0, 1, 1},
      {kMostPositive, -16, 1, 3, -1},
      {kMostNegative, 0, 0, 0, -1},
      {kMostNegative, -18, -1, 0, -1},
      {kMostNegative, -19, -1, 0, 1},
      {e18, -17, 1, 1, 0},
      {e18, -17, -10, 0, 1},
      {-e18, -17, -10, 0, 0},
      {e18, -17, 1, 0, 1},
      {e18 + 1, -17, 1, 1, 1},
      {e18 - 1, -17, 1, 1, -1},
  };
  for (int mode = 0; mode < 4; ++mode) {
    for (const Row& r : table) {
      INFO(r.av << "e" << r.as << " vs " << r.bv << "e" << r.bs << " mode " << mode);
      Quantity a = IntQ(r.av, r.as, DecimalSI);
      Quantity b = IntQ(r.bv, r.bs, DecimalSI);
      if (mode & 1) a.ToDec();
      if (mode & 2) b.ToDec();
      CHECK(a.Cmp(b) == r.cmp);
      CHECK(b.Cmp(a) == -r.cmp);
    }
  }
}

TEST_CASE("Neg (TestQuantityNeg, TestNeg)", "[resource][quantity]") {
  for (const Quantity& a : {IntQ(901, -2, DecimalSI), DecQ(901, -2, DecimalSI)}) {
    Quantity out = a;
    out.Neg();
    CHECK(out.Cmp(a) != 0);
    CHECK(out.String() == "-9010m");
  }
  struct Row {
    Quantity a, expected;
  };
  const Row rows[] = {
      {IntQ(0, 0, DecimalSI), IntQ(0, 0, DecimalSI)},  {Quantity{}, Quantity{}},
      {IntQ(10, 0, BinarySI), IntQ(-10, 0, BinarySI)}, {IntQ(-10, 0, BinarySI), IntQ(10, 0, BinarySI)},
      {DecQ(0, 0, DecimalSI), IntQ(0, 0, DecimalSI)},  {DecQ(10, 0, BinarySI), IntQ(-10, 0, BinarySI)},
      {DecQ(-10, 0, BinarySI), IntQ(10, 0, BinarySI)},
  };
  for (const Row& r : rows) {
    Quantity a = r.a;
    a.Neg();
    CHECK(a.Cmp(r.expected) == 0);
  }
}

TEST_CASE("String of int64 and decimal forms (TestQuantityString)", "[resource][quantity]") {
  struct Row {
    Quantity in;
    const char* expect;
    const char* alternate;
  };
  const std::int64_t Mi = 1024 * 1024;
  const Row table[] = {
      {DecQ(1024 * Mi, 0, BinarySI), "1Gi", "1024Mi"},
      {DecQ(300 * Mi, 0, BinarySI), "300Mi", "307200Ki"},
      {DecQ(6 * 1024, 0, BinarySI), "6Ki", ""},
      {DecQ(1001 * 1024 * Mi, 0, BinarySI), "1001Gi", "1025024Mi"},
      {DecQ(1024 * 1024 * Mi, 0, BinarySI), "1Ti", "1024Gi"},
      {DecQ(5, 0, BinarySI), "5", "5000m"},
      {DecQ(500, -3, BinarySI), "500m", "0.5"},
      {DecQ(1, 9, DecimalSI), "1G", "1000M"},
      {DecQ(1000, 6, DecimalSI), "1G", "0.001T"},
      {DecQ(1000000, 3, DecimalSI), "1G", ""},
      {DecQ(1000000000, 0, DecimalSI), "1G", ""},
      {DecQ(1, -3, DecimalSI), "1m", "1000u"},
      {DecQ(80, -3, DecimalSI), "80m", ""},
      {DecQ(1080, -3, DecimalSI), "1080m", "1.08"},
      {DecQ(108, -2, DecimalSI), "1080m", "1080000000n"},
      {DecQ(10800, -4, DecimalSI), "1080m", ""},
      {DecQ(300, 6, DecimalSI), "300M", ""},
      {DecQ(1, 12, DecimalSI), "1T", ""},
      {DecQ(1234567, 6, DecimalSI), "1234567M", ""},
      {DecQ(1234567, -3, BinarySI), "1234567m", ""},
      {DecQ(3, 3, DecimalSI), "3k", ""},
      {DecQ(1025, 0, BinarySI), "1025", ""},
      {DecQ(0, 0, DecimalSI), "0", ""},
      {DecQ(0, 0, BinarySI), "0", ""},
      {DecQ(1, 9, DecimalExponent), "1e9", ".001e12"},
      {DecQ(1, -3, DecimalExponent), "1e-3", "0.001e0"},
      {DecQ(1, -9, DecimalExponent), "1e-9", "1000e-12"},
      {DecQ(80, -3, DecimalExponent), "80e-3", ""},
      {DecQ(300, 6, DecimalExponent), "300e6", ""},
      {DecQ(1, 12, DecimalExponent), "1e12", ""},
      {DecQ(1, 3, DecimalExponent), "1e3", ""},
      {DecQ(3, 3, DecimalExponent), "3e3", ""},
      {DecQ(3, 3, DecimalSI), "3k", ""},
      {DecQ(0, 0, DecimalExponent), "0", "00"},
      {DecQ(1, -9, DecimalSI), "1n", ""},
      {DecQ(80, -9, DecimalSI), "80n", ""},
      {DecQ(1080, -9, DecimalSI), "1080n", ""},
      {DecQ(108, -8, DecimalSI), "1080n", ""},
      {DecQ(10800, -10, DecimalSI), "1080n", ""},
      {DecQ(1, -6, DecimalSI), "1u", ""},
      {DecQ(80, -6, DecimalSI), "80u", ""},
      {DecQ(1080, -6, DecimalSI), "1080u", ""},
  };
  for (const Row& r : table) {
    INFO(r.expect);
    CHECK(r.in.String() == r.expect);
    CHECK(resource::MustParse(r.expect).String() == r.expect);
    if (*r.alternate != '\0') CHECK(resource::MustParse(r.alternate).String() == r.expect);
    if (!r.in.IsZero()) {
      Quantity n = r.in;
      n.Neg();
      CHECK(n.String() == std::string("-") + r.expect);
    }
  }
}

TEST_CASE("ParseQuantity then String (TestQuantityParseEmit)", "[resource][quantity]") {
  const std::pair<const char*, const char*> table[] = {
      {"1Ki", "1Ki"},
      {"1Mi", "1Mi"},
      {"1Gi", "1Gi"},
      {"1024Mi", "1Gi"},
      {"1000M", "1G"},
      {".001Ki", "1024m"},
      {".000001Ki", "1024u"},
      {".000000001Ki", "1024n"},
      {".000000000001Ki", "2n"},
  };
  for (const auto& [in, expect] : table) {
    CHECK(resource::MustParse(in).String() == expect);
    CHECK(resource::MustParse(std::string("-") + in).String() == std::string("-") + expect);
  }
}

TEST_CASE("JSON as the canonical string (TestJSON, TestJSONWhitespace)", "[resource][quantity][json]") {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 500; ++i) {
    // The fuzzer of quantity_test.go: BinarySI int63 or n<<10k, DecimalSI/Exponent small scales.
    Quantity q;
    switch (rng() % 4) {
      case 0:
        q = DecQ(static_cast<std::int64_t>(rng() >> 1), 0, BinarySI);
        break;
      case 1:
        q = DecQ(static_cast<std::int64_t>(rng() % 1024) << (10 * (rng() % 5)), 0, BinarySI);
        break;
      case 2:
        q = DecQ(static_cast<std::int64_t>(rng() >> 1), -static_cast<resource::Scale>(rng() % 4),
                 rng() % 2 ? DecimalSI : DecimalExponent);
        break;
      default:
        q = DecQ(static_cast<std::int64_t>(rng() % 1000), static_cast<resource::Scale>(rng() % 15) - 3,
                 rng() % 2 ? DecimalSI : DecimalExponent);
        break;
    }
    const nlohmann::json j = q;
    REQUIRE(j.is_string());
    const auto back = j.get<Quantity>();
    CHECK(back.Cmp(q) == 0);
  }
  const std::pair<const char*, const char*> ws[] = {
      {R"(" 1")", "1"}, {R"("1 ")", "1"}, {"1", "1"},   {" 1", "1"},
      {"1 ", "1"},      {"10", "10"},     {"-1", "-1"}, {" -1", "-1"},
  };
  for (const auto& [in, expect] : ws) {
    CHECK(nlohmann::json::parse(in).get<Quantity>().String() == expect);
  }
  CHECK(nlohmann::json::parse("1.5").get<Quantity>().String() == "1500m");
  CHECK(nlohmann::json(resource::MustParse("1.5Gi")).dump() == R"("1536Mi")");
  CHECK_THROWS_AS(nlohmann::json::parse("true").get<Quantity>(), resource::ParseError);
  CHECK_THROWS_AS(nlohmann::json::parse(R"({"a":1})").get<Quantity>(), resource::ParseError);
  CHECK_THROWS_WITH(nlohmann::json::parse(R"("1x")").get<Quantity>(),
                    "quantities must match the regular expression "
                    "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  // null clears the value (upstream resets the amount only).
  Quantity q = resource::NewQuantity(5, DecimalSI);
  nlohmann::json::parse("null").get_to(q);
  CHECK(q.IsZero());
  // Unicode white space is trimmed as strings.TrimSpace trims it.
  CHECK(nlohmann::json("\xc2\xa0"
                       "2Ki\xe3\x80\x80")
            .get<Quantity>()
            .String() == "2Ki");
}

TEST_CASE("NewMilliQuantity, SetMilli (TestMilliNewSet)", "[resource][quantity]") {
  struct Row {
    std::int64_t value;
    Format format;
    const char* expect;
    bool exact;
  };
  const Row table[] = {
      {1, DecimalSI, "1m", true},
      {1000, DecimalSI, "1", true},
      {1234000, DecimalSI, "1234", true},
      {1024, BinarySI, "1024m", false},
      {1000000, Format::Unset, "1e3", true},
      {1024 * 1024, BinarySI, "1048576m", false},
  };
  for (const Row& r : table) {
    const Quantity q = resource::NewMilliQuantity(r.value, r.format);
    CHECK(q.String() == r.expect);
    if (r.exact) CHECK(resource::MustParse(q.String()).MilliValue() == r.value);
    Quantity q2 = resource::NewQuantity(0, r.format);
    q2.SetMilli(r.value);
    CHECK(q2.String() == r.expect);
  }
}

TEST_CASE("NewQuantity, Set (TestNewSet)", "[resource][quantity]") {
  struct Row {
    std::int64_t value;
    Format format;
    const char* expect;
  };
  const Row table[] = {
      {1, DecimalSI, "1"},     {1000, DecimalSI, "1k"},         {1234000, DecimalSI, "1234k"},
      {1024, BinarySI, "1Ki"}, {1000000, Format::Unset, "1e6"}, {1024 * 1024, BinarySI, "1Mi"},
  };
  for (bool asDec : {false, true}) {
    for (const Row& r : table) {
      Quantity q = resource::NewQuantity(r.value, r.format);
      if (asDec) q.ToDec();
      CHECK(q.String() == r.expect);
      CHECK(resource::MustParse(q.String()).Value() == r.value);
      Quantity q2 = resource::NewQuantity(0, r.format);
      q2.Set(r.value);
      if (asDec) q2.ToDec();
      CHECK(q2.String() == r.expect);
    }
  }
}

TEST_CASE("NewScaledQuantity, ScaledValue (TestNewScaledSet, TestScaledValue)", "[resource][quantity]") {
  struct Row {
    std::int64_t value;
    resource::Scale scale;
    const char* expect;
  };
  const Row table[] = {
      {1, resource::Nano, "1n"},
      {1000, resource::Nano, "1u"},
      {1, resource::Micro, "1u"},
      {1000, resource::Micro, "1m"},
      {1, resource::Milli, "1m"},
      {1000, resource::Milli, "1"},
      {1, 0, "1"},
      {0, resource::Nano, "0"},
      {0, resource::Micro, "0"},
      {0, resource::Milli, "0"},
      {0, 0, "0"},
  };
  for (const Row& r : table) {
    const Quantity q = resource::NewScaledQuantity(r.value, r.scale);
    CHECK(q.String() == r.expect);
    CHECK(resource::MustParse(q.String()).ScaledValue(r.scale) == r.value);
    Quantity q3 = resource::NewQuantity(0, DecimalSI);
    q3.SetScaled(r.value, r.scale);
    CHECK(q.Cmp(q3) == 0);
  }
  struct SV {
    resource::Scale from, to;
    std::int64_t expected;
  };
  const SV sv[] = {
      {resource::Nano, resource::Nano, 1},
      {resource::Nano, resource::Micro, 1},
      {resource::Nano, resource::Milli, 1},
      {resource::Nano, 0, 1},
      {resource::Micro, resource::Nano, 1000},
      {resource::Micro, resource::Micro, 1},
      {resource::Micro, resource::Milli, 1},
      {resource::Micro, 0, 1},
      {resource::Milli, resource::Nano, 1000000},
      {resource::Milli, resource::Micro, 1000},
      {resource::Milli, resource::Milli, 1},
      {resource::Milli, 0, 1},
      {0, resource::Nano, 1000000000},
      {0, resource::Micro, 1000000},
      {0, resource::Milli, 1000},
      {0, 0, 1},
      {2, -2, 10000},
  };
  for (const SV& s : sv) {
    CHECK(resource::NewScaledQuantity(1, s.from).ScaledValue(s.to) == s.expected);
    CHECK(DecQ(1, s.from, DecimalSI).ScaledValue(s.to) == s.expected);
  }
}

TEST_CASE("Uninitialized Quantity, copies (TestUninitializedNoCrash, TestDeepCopy)", "[resource][quantity]") {
  const Quantity q;
  CHECK(q.Value() == 0);
  CHECK(q.MilliValue() == 0);
  CHECK(q.String() == "0");
  CHECK(nlohmann::json(q).dump() == R"("0")");
  Quantity a = resource::NewQuantity(5, DecimalSI);
  Quantity c = a.DeepCopy();
  c.Set(6);
  CHECK(a.Value() == 5);
}

TEST_CASE("Add, Sub (TestAdd, TestSub)", "[resource][quantity]") {
  struct Row {
    Quantity a, b, sum, diff;
  };
  Quantity unsetSI;
  unsetSI.format = DecimalSI;
  const Row rows[] = {
      {DecQ(10, 0, DecimalSI), DecQ(1, 1, DecimalSI), DecQ(20, 0, DecimalSI), DecQ(0, 0, DecimalSI)},
      {DecQ(10, 0, DecimalSI), DecQ(1, 0, BinarySI), DecQ(11, 0, DecimalSI), DecQ(9, 0, DecimalSI)},
      {DecQ(10, 0, BinarySI), DecQ(1, 0, DecimalSI), DecQ(11, 0, BinarySI), DecQ(9, 0, BinarySI)},
      {unsetSI, DecQ(50, 0, DecimalSI), DecQ(50, 0, DecimalSI), DecQ(-50, 0, DecimalSI)},
      {DecQ(50, 0, DecimalSI), unsetSI, DecQ(50, 0, DecimalSI), DecQ(50, 0, DecimalSI)},
      {unsetSI, unsetSI, DecQ(0, 0, DecimalSI), DecQ(0, 0, DecimalSI)},
  };
  for (const Row& r : rows) {
    Quantity s = r.a;
    s.Add(r.b);
    CHECK(s.Cmp(r.sum) == 0);
    Quantity d = r.a;
    d.Sub(r.b);
    CHECK(d.Cmp(r.diff) == 0);
  }
}

TEST_CASE("Mul (TestMul)", "[resource][quantity]") {
  const auto big = [](const char* text) { return resource::MustParse(text); };
  struct Row {
    Quantity a;
    std::int64_t b;
    Quantity expected;
    bool ok;
  };
  Quantity unsetSI;
  unsetSI.format = DecimalSI;
  const Row rows[] = {
      {DecQ(10, 0, DecimalSI), 10, DecQ(100, 0, DecimalSI), true},
      {DecQ(10, 0, DecimalSI), 1, DecQ(10, 0, DecimalSI), true},
      {DecQ(10, 0, BinarySI), 1, DecQ(10, 0, BinarySI), true},
      {unsetSI, 50, DecQ(0, 0, DecimalSI), true},
      {DecQ(50, 0, DecimalSI), 0, DecQ(0, 0, DecimalSI), true},
      {unsetSI, 0, DecQ(0, 0, DecimalSI), true},
      {DecQ(10, 0, DecimalSI), -10, DecQ(-100, 0, DecimalSI), true},
      {DecQ(-10, 0, DecimalSI), 1, DecQ(-10, 0, DecimalSI), true},
      {DecQ(10, 0, BinarySI), -1, DecQ(-10, 0, BinarySI), true},
      {DecQ(-50, 0, DecimalSI), 0, DecQ(0, 0, DecimalSI), true},
      {DecQ(-50, 0, DecimalSI), -50, DecQ(2500, 0, DecimalSI), true},
      {unsetSI, -50, DecQ(0, 0, DecimalSI), true},
      {DecQ(kMostPositive, 0, DecimalSI), 0, DecQ(0, 1, DecimalSI), true},
      {DecQ(kMostPositive, 0, DecimalSI), 1, DecQ(kMostPositive, 0, DecimalSI), true},
      {DecQ(kMostPositive, 0, DecimalSI), -1, DecQ(-kMostPositive, 0, DecimalSI), true},
      {DecQ(kMostPositive / 2, 0, DecimalSI), 2, DecQ((kMostPositive / 2) * 2, 0, DecimalSI), true},
      {DecQ(kMostPositive / -2, 0, DecimalSI), -2, DecQ((kMostPositive / 2) * 2, 0, DecimalSI), true},
      {DecQ(kMostPositive, 0, DecimalSI), 2, big("18446744073709551614"), false},
      {DecQ(kMostPositive, 0, DecimalSI), 10, DecQ(kMostPositive, 1, DecimalSI), false},
      {DecQ(kMostPositive, 0, DecimalSI), -10, DecQ(-kMostPositive, 1, DecimalSI), false},
      {DecQ(kMostNegative, 0, DecimalSI), 0, DecQ(0, 1, DecimalSI), true},
      {DecQ(kMostNegative, 0, DecimalSI), 1, DecQ(kMostNegative, 0, DecimalSI), true},
      {DecQ(kMostNegative, 0, DecimalSI), -1, big("9223372036854775808"), false},
      {DecQ(kMostNegative / 2, 0, DecimalSI), 2, DecQ(kMostNegative, 0, DecimalSI), true},
      {DecQ(kMostNegative / -2, 0, DecimalSI), -2, DecQ(kMostNegative, 0, DecimalSI), true},
      {DecQ(kMostNegative, 0, DecimalSI), 2, big("-18446744073709551616"), false},
      {DecQ(kMostNegative, 0, DecimalSI), 10, DecQ(kMostNegative, 1, DecimalSI), false},
      {DecQ(kMostNegative, 0, DecimalSI), -10, big("92233720368547758080"), false},
  };
  int i = 0;
  for (const Row& r : rows) {
    INFO("row " << i++);
    Quantity a = r.a;
    CHECK(a.Mul(r.b) == r.ok);
    CHECK(a.Cmp(r.expected) == 0);
    // The int64 form gives the same value.
    Quantity ai = IntQ(r.a.Value(), 0, r.a.format);
    ai.Mul(r.b);
    CHECK(ai.Cmp(r.expected) == 0);
  }
}

TEST_CASE("Add/Sub and Neg round trips (TestAddSubRoundTrip...)", "[resource][quantity]") {
  std::mt19937_64 rng(42);
  for (int k = -10; k <= 10; ++k) {
    Quantity q;
    q.format = DecimalSI;
    std::vector<std::int64_t> order;
    for (int i = 0; i < 100; ++i) {
      const auto j = static_cast<std::int64_t>(rng() >> 1);
      order.push_back(j);
      q.Add(resource::NewScaledQuantity(j, k));
    }
    for (std::int64_t j : order) q.Sub(resource::NewScaledQuantity(j, k));
    CHECK(q.IsZero());
  }
  Quantity q;
  q.format = DecimalSI;
  std::vector<std::int64_t> order;
  for (int i = 0; i < 100; ++i) {
    const auto j = static_cast<std::int64_t>(rng() >> 1);
    order.push_back(j);
    q.Add(resource::NewScaledQuantity(j, static_cast<resource::Scale>(j % 20 - 10)));
  }
  CHECK_FALSE(q.IsZero());
  for (std::int64_t j : order)
    q.Sub(resource::NewScaledQuantity(j, static_cast<resource::Scale>(j % 20 - 10)));
  CHECK(q.IsZero());
  for (bool asDec : {false, true}) {
    for (int k = -10; k <= 10; ++k) {
      for (int i = 0; i < 100; ++i) {
        Quantity a = resource::NewScaledQuantity(static_cast<std::int64_t>(rng() >> 1), k);
        if (asDec) a.ToDec();
        Quantity b = a;
        b.Neg();
        b.Neg();
        CHECK(b.Cmp(a) == 0);
      }
    }
  }
}

TEST_CASE("AsApproximateFloat64 (TestQuantityAsApproximateFloat64)", "[resource][quantity]") {
  const double m7 = 7.0 * 1024 * 1024;
  for (Format f : {DecimalSI, DecimalExponent, BinarySI}) {
    CHECK(DecQ(0, 0, f).AsApproximateFloat64() == 0.0);
    CHECK(DecQ(1, 0, f).AsApproximateFloat64() == 1.0);
    CHECK(DecQ(1024, 0, f).AsApproximateFloat64() == 1024.0);
    CHECK(DecQ(8 * 1024, 0, f).AsApproximateFloat64() == 8.0 * 1024);
    CHECK(DecQ(7 * 1024 * 1024, 0, f).AsApproximateFloat64() == m7);
    CHECK(DecQ(7 * 1024 * 1024, 1, f).AsApproximateFloat64() == m7 * 10);
    CHECK(DecQ(7 * 1024 * 1024, 4, f).AsApproximateFloat64() == m7 * 10000);
    CHECK(DecQ(7 * 1024 * 1024, 8, f).AsApproximateFloat64() == m7 * 100000000);
    CHECK(DecQ(7 * 1024 * 1024, -1, f).AsApproximateFloat64() == m7 * 0.1);
    CHECK(DecQ(7 * 1024 * 1024, -8, f).AsApproximateFloat64() == m7 / 100000000.0);
    CHECK(IntQ(7 * 1024 * 1024, -8, f).AsApproximateFloat64() == m7 / 100000000.0);
  }
  CHECK(DecQ(kMostPositive, 0, DecimalSI).AsApproximateFloat64() == static_cast<double>(kMostPositive));
  CHECK(DecQ(12, 18, DecimalSI).AsApproximateFloat64() == 1.2e19);
  CHECK(DecQ(12, 500, DecimalSI).AsApproximateFloat64() == std::numeric_limits<double>::infinity());
  CHECK(DecQ(-12, 500, DecimalSI).AsApproximateFloat64() == -std::numeric_limits<double>::infinity());
  CHECK(resource::MustParse("2Ki").AsApproximateFloat64() == 2048);
  CHECK(resource::MustParse("1.1Ki").AsApproximateFloat64() == 1126.4e+0);
  CHECK(resource::MustParse("1Mi").AsApproximateFloat64() == 1.048576e+06);
  CHECK(resource::MustParse("2Gi").AsApproximateFloat64() == 2.147483648e+09);
}

TEST_CASE("QuantityPtrEqual, ==, ordering, hashing, printing", "[resource][quantity]") {
  const Quantity a = resource::MustParse("1Ki");
  const Quantity b = resource::MustParse("1024");
  CHECK(resource::QuantityPtrEqual(nullptr, nullptr));
  CHECK_FALSE(resource::QuantityPtrEqual(&a, nullptr));
  CHECK_FALSE(resource::QuantityPtrEqual(nullptr, &a));
  CHECK(resource::QuantityPtrEqual(&a, &b));
  CHECK(a == b);
  CHECK(a.String() != b.String());
  CHECK(resource::MustParse("1") < resource::MustParse("1001m"));
  CHECK(resource::MustParse("1G") > resource::MustParse("999M"));
  // Equal values hash alike whatever their form and format.
  std::hash<Quantity> h;
  CHECK(h(a) == h(b));
  CHECK(h(resource::MustParse("1.5")) == h(DecQ(1500, -3, DecimalExponent)));
  CHECK(h(resource::MustParse("1")) != h(resource::MustParse("2")));
  std::unordered_set<Quantity> set{a, b, resource::MustParse("1k"), resource::MustParse("1000")};
  CHECK(set.size() == 2);
  CHECK(fmt::format("{}", resource::MustParse("1.5Gi")) == "1536Mi");
  CHECK(fmt::format("{:>8}", resource::MustParse("100m")) == "    100m");
  std::ostringstream os;
  os << resource::MustParse("1e3") << ' ' << BinarySI << ' ' << Format::Unset << '|';
  CHECK(os.str() == "1e3 BinarySI |");
}

TEST_CASE("Quantities upstream keeps verbatim and its suffix quirks", "[resource][quantity]") {
  // A canonical input is kept as typed (quantity.go: ParseQuantity `s: str`).
  CHECK(resource::MustParse("+1").String() == "+1");
  CHECK(resource::MustParse("01Ki").String() == "01Ki");
  CHECK(resource::MustParse("1E3").String() == "1E3");
  // No DecimalSI suffix exists for 10^21: upstream prints the bare digits.
  CHECK(resource::MustParse("1000E").String() == "1");
  // int32(exponent), as upstream.
  CHECK(resource::MustParse("1e4294967296").Value() == 1);
  CHECK(resource::MustParse("0.5e-2147483648").String() == "50e2147483646");
  // BinarySI cap and rounding up to 1n.
  CHECK(resource::MustParse("8Ei").String() == "9223372036854775807");
  CHECK(resource::MustParse("0.1n").String() == "1n");
  CHECK(resource::MustParse("-0.1n").String() == "-1n");
}

TEST_CASE("Huge exponents stay cheap; over-long exact sums throw RangeError", "[resource][quantity]") {
  // Upstream multiplies out 10^2000000000 here; the port keeps the exponent.
  const Quantity q = resource::MustParse("12345678901234567890e2000000000");
  CHECK(q.String() == "1234567890123456789e2000000001");
  CHECK(q.Cmp(resource::MustParse("1")) == 1);
  CHECK(resource::MustParse("-.6e-948172628").String() == "-1e-9");  // rounded away from zero
  Quantity sum = resource::MustParse("1e100000");
  sum.Add(resource::MustParse("1"));
  CHECK(sum.String().size() == 100001);
  Quantity tooBig = resource::MustParse("1e2000000000");
  CHECK_THROWS_AS(tooBig.Add(resource::MustParse("1")), resource::RangeError);
  try {
    tooBig.Sub(resource::MustParse("1m"));
    FAIL("no error");
  } catch (const apimachinery::Error& e) {
    CHECK(std::string(e.what()).find("digits") != std::string::npos);
  }
}

TEST_CASE("int64 helpers through the public API (math_test.go, amount_test.go, scale_int_test.go)",
          "[resource][quantity]") {
  // negativeScaleInt64 (TestNegativeScaleInt64): ScaledValue of an int64 amount at scale 0, and
  // RoundUp's exactness.
  struct NS {
    std::int64_t base;
    resource::Scale scale;
    std::int64_t result;
    bool exact;
  };
  const NS ns[] = {
      {1234567, 0, 1234567, true},
      {1234567, 1, 123457, false},
      {1234567, 2, 12346, false},
      {1234567, 3, 1235, false},
      {1234567, 4, 124, false},
      {-1234567, 0, -1234567, true},
      {-1234567, 1, -123457, false},
      {-1234567, 2, -12346, false},
      {-1234567, 3, -1235, false},
      {-1234567, 4, -124, false},
      {1000, 0, 1000, true},
      {1000, 1, 100, true},
      {1000, 2, 10, true},
      {1000, 3, 1, true},
      {1000, 4, 1, false},
      {-1000, 0, -1000, true},
      {-1000, 1, -100, true},
      {-1000, 2, -10, true},
      {-1000, 3, -1, true},
      {-1000, 4, -1, false},
      {0, 0, 0, true},
      {0, 1, 0, true},
      {0, 2, 0, true},
  };
  for (const NS& r : ns) {
    INFO(r.base << " scale " << r.scale);
    const Quantity q = resource::NewQuantity(r.base, DecimalSI);
    CHECK(q.ScaledValue(r.scale) == r.result);
    Quantity rounded = q;
    CHECK(rounded.RoundUp(r.scale) == r.exact);
  }
  // positiveScaleInt64: one multiplication for the scales 1, 2, 3, 6, 9 keeps the wrapped product
  // (printed by Go); the loop for other scales gives 0 on overflow.
  CHECK(resource::MustParse("1Ti").ScaledValue(resource::Nano) == -7293016646573096960);
  CHECK(resource::NewQuantity(kMostPositive, DecimalSI).ScaledValue(-19) == 0);
  CHECK(resource::NewQuantity(5, DecimalSI).ScaledValue(-3) == 5000);
  // int64Amount.Add overflow moves to the exact form (TestInt64AmountAdd).
  Quantity sum = resource::NewQuantity(kMostPositive, DecimalSI);
  sum.Add(resource::NewQuantity(1, DecimalSI));
  CHECK(sum.String() == "9223372036854775808");
  CHECK_FALSE(sum.AsInt64());
  Quantity mixed = resource::NewScaledQuantity(1, 1);
  mixed.Add(resource::NewQuantity(1, DecimalSI));
  CHECK(mixed.String() == "11");
  CHECK(mixed.AsInt64() == 11);
  // AsCanonicalBytes (TestInt64AsCanonicalString): the exponent becomes a multiple of 3.
  CHECK(resource::NewScaledQuantity(1100, -1).String() == "110");
  CHECK(resource::NewScaledQuantity(11, 4).String() == "110k");
  CHECK(IntQ(11, 4, DecimalExponent).String() == "110e3");
  CHECK(IntQ(kMostNegative, 0, DecimalSI).String() == "-9223372036854775808");
  CHECK(IntQ(kMostNegative, 1, DecimalSI).String() == "-92233720368547758080");
  // Sign (TestAmountSign).
  CHECK(resource::NewScaledQuantity(-5, 3).Sign() == -1);
  CHECK(resource::NewScaledQuantity(0, 3).Sign() == 0);
  CHECK(resource::NewScaledQuantity(7, -3).Sign() == 1);
  // scaledValue (TestScaledValueInternal) through the decimal form.
  const auto sv = [](const char* text, resource::Scale s) {
    return resource::MustParse(text).ScaledValue(s);
  };
  CHECK(sv("1000", 0) == 1000);
  CHECK(sv("1000", 3) == 1);
  CHECK(sv("999m", 0) == 1);
  CHECK(sv("1m", 0) == 1);
  CHECK(sv("922337203685477580.6", 0) == (kMostPositive - 1) / 10 + 1);
  CHECK(sv("1e-100", 0) == 1);  // below 1n: rounded to 1n at parse, then up to 1
  CHECK(DecQ(1, 100, DecimalSI).ScaledValue(100) == 1);
  CHECK(DecQ(kMostPositive / 1000, 0, DecimalSI).ScaledValue(-3) == (kMostPositive / 1000) * 1000);
}

TEST_CASE("Fuzz findings (resource_quantity_fuzz)", "[resource][quantity][fuzz]") {
  // A zero from the decimal path (scale below 1n, so not the int64 fast path) hashes as every zero:
  // SetScale used to move the exponent of a zero.
  const Quantity zero = resource::MustParse(".0e-60120000");
  CHECK(zero.IsZero());
  CHECK(zero.String() == "0");
  CHECK(zero == resource::MustParse("0"));
  CHECK(std::hash<Quantity>{}(zero) == std::hash<Quantity>{}(resource::MustParse("0")));
  CHECK(std::hash<Quantity>{}(resource::MustParse("-0.0e-20")) == std::hash<Quantity>{}(Quantity{}));
  // String() is not a fixed point for BinarySI (upstream neither; Go prints the same): the bare
  // digits of a value that is no multiple of 1024 parse as DecimalSI.
  const Quantity bin = resource::MustParse("214748364812.5Ki");
  CHECK(bin.String() == "219902325568000");
  CHECK(resource::MustParse(bin.String()).String() == "219902325568k");
  CHECK(resource::MustParse(bin.String()) == bin);
  // int32 exponent arithmetic wraps (Go prints the same): the canonical text of this value parses
  // as a different value, and adding 1n adds 1n to its mantissa.
  const Quantity wrapped = resource::MustParse("7000.0E2147483648");
  CHECK(wrapped.String() == "70e-2147483646");
  CHECK(resource::MustParse(wrapped.String()).String() == "1e-9");
  Quantity sum = wrapped;
  sum.Add(resource::MustParse("1e-9"));  // the scale difference wraps to a negative one
  CHECK(sum.String() == "70001e-9");     // upstream's (wrong) answer, printed by Go
}

}  // namespace api_resource_quantity_test
