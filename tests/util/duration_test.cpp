#include "apimachinery/util/duration.hpp"

#include <chrono>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_duration_test {

namespace util = apimachinery::util;
using std::chrono::nanoseconds;

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// Answers printed by Go 1.26 (time.Duration.String).
TEST_CASE("FormatDuration matches Go's Duration.String", "[util][duration]") {
  const std::vector<std::pair<std::int64_t, std::string>> rows = {
      {0, "0s"},
      {1, "1ns"},
      {999, "999ns"},
      {1000, "1\xc2\xb5s"},
      {1500, "1.5\xc2\xb5s"},
      {1000000, "1ms"},
      {1500000, "1.5ms"},
      {1000000000, "1s"},
      {90000000000, "1m30s"},
      {-90000000000, "-1m30s"},
      {10800002000000, "3h0m0.002s"},
      {kMin, "-2562047h47m16.854775808s"},
      {kMax, "2562047h47m16.854775807s"},
      {360000000000000, "100h0m0s"},
      // duration_test.go: TestDurationMarshalJSON
      {5000000000, "5s"},
      {120000000000, "2m0s"},
      {3600003000000, "1h0m0.003s"},
  };
  for (const auto& [ns, text] : rows) {
    CAPTURE(ns);
    CHECK(util::FormatDuration(nanoseconds(ns)) == text);
  }
}

// Answers printed by Go 1.26 (time.ParseDuration).
TEST_CASE("ParseDuration matches Go's time.ParseDuration", "[util][duration]") {
  struct Row {
    std::string in;
    std::int64_t out;
    std::string error;
  };
  const std::vector<Row> rows = {
      {"", 0, R"(time: invalid duration "")"},
      {"0", 0, ""},
      {"-0", 0, ""},
      {"1", 0, R"(time: missing unit in duration "1")"},
      {"1.5h", 5400000000000, ""},
      {"-1.5h", -5400000000000, ""},
      {"+5s", 5000000000, ""},
      {"1h2m3.5s", 3723500000000, ""},
      {"1us", 1000, ""},
      {"1\xc2\xb5s", 1000, ""},
      {"1\xce\xbcs", 1000, ""},
      {"300ms", 300000000, ""},
      {".5s", 500000000, ""},
      {"5.s", 5000000000, ""},
      {"1e3s", 0, R"(time: unknown unit "e" in duration "1e3s")"},
      {"x", 0, R"(time: invalid duration "x")"},
      {"3000000h", 0, R"(time: invalid duration "3000000h")"},
      {"9223372036854775807ns", kMax, ""},
      {"9223372036854775808ns", 0, R"(time: invalid duration "9223372036854775808ns")"},
      {"-9223372036854775808ns", kMin, ""},
      {"2562047h47m16.854775807s", kMax, ""},
      {"2562047h47m16.854775808s", 0, R"(time: invalid duration "2562047h47m16.854775808s")"},
      {"1.0000000000000000000001s", 1000000000, ""},
      {"100000000000000000000ns", 0, R"(time: invalid duration "100000000000000000000ns")"},
      {"1d", 0, R"(time: unknown unit "d" in duration "1d")"},
      {"-", 0, R"(time: invalid duration "-")"},
      {"+", 0, R"(time: invalid duration "+")"},
      {".", 0, R"(time: invalid duration ".")"},
      {"1.", 0, R"(time: missing unit in duration "1.")"},
      {"0.000000001ns", 0, ""},
      {"1.9999999999ns", 1, ""},
      // duration_test.go: TestDurationUnmarshalJSON
      {"0s", 0, ""},
      {"2m", 120000000000, ""},
      {"1h0.003s", 3600003000000, ""},
      // A non-ASCII unit is quoted as Go's time package quotes it.
      {"1\xffs", 0, R"(time: unknown unit "\xffs" in duration "1\xffs")"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    if (row.error.empty()) {
      CHECK(util::ParseDuration(row.in).count() == row.out);
    } else {
      CHECK_THROWS_MATCHES(util::ParseDuration(row.in), util::DurationParseError,
                           Catch::Matchers::Message(row.error));
    }
  }
}

TEST_CASE("ParseDuration reads back every FormatDuration text", "[util][duration]") {
  std::mt19937_64 rng(20240501);
  std::uniform_int_distribution<std::int64_t> any(kMin, kMax);
  std::uniform_int_distribution<std::int64_t> small(-5000000000000, 5000000000000);
  for (int i = 0; i < 20000; ++i) {
    const nanoseconds d(i % 2 == 0 ? any(rng) : small(rng));
    const std::string text = util::FormatDuration(d);
    CAPTURE(d.count(), text);
    REQUIRE(util::ParseDuration(text) == d);
  }
}

}  // namespace util_duration_test
