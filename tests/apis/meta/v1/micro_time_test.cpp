#include "apimachinery/apis/meta/v1/micro_time.hpp"

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/duration.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace apis_meta_v1_micro_time_test {

namespace metav1 = apimachinery::metav1;
using nlohmann::json;

// Answers printed by Go (json.Unmarshal into metav1.MicroTime, then json.Marshal).
TEST_CASE("MicroTime parses RFC3339Micro as Go does", "[runtime][metav1][microtime]") {
  struct Row {
    std::string in;
    std::string out;  // "" when the parse must fail
    std::string error;
  };
  const std::vector<Row> rows = {
      {"2024-05-01T10:00:00.123456Z", "2024-05-01T10:00:00.123456Z", ""},
      {"2024-05-01T10:00:00,123456Z", "2024-05-01T10:00:00.123456Z", ""},
      {"2024-05-01T10:00:00.123456+02:00", "2024-05-01T08:00:00.123456Z", ""},
      {"2024-05-01T10:00:00.+12345Z", "2024-05-01T10:00:00.012345Z", ""},
      {"2024-05-01T10:00:00.-00000Z", "2024-05-01T10:00:00.000000Z", ""},
      {"1969-12-31T23:59:59.999999Z", "1969-12-31T23:59:59.999999Z", ""},
      {"2024-05-01T10:00:00.1234567Z", "",
       R"(parsing time "2024-05-01T10:00:00.1234567Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "7Z" as "Z07:00")"},
      {"2024-05-01T10:00:00.12345Z", "",
       R"(parsing time "2024-05-01T10:00:00.12345Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".12345Z" as ".000000")"},
      {"2024-05-01T10:00:00Z", "",
       R"(parsing time "2024-05-01T10:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000")"},
      {"2024-05-01T10:00:00.-12345Z", "",
       R"(parsing time "2024-05-01T10:00:00.-12345Z": fractional second out of range)"},
      {"2024-05-01T10:00:00.12a456Z", "",
       R"(parsing time "2024-05-01T10:00:00.12a456Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".12a456Z" as ".000000")"},
      {"2024-13-01T10:00:00.000000Z", "",
       R"(parsing time "2024-13-01T10:00:00.000000Z": month out of range)"},
      {"x", "", R"(parsing time "x" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "x" as "2006")"},
      {"2024-05-01T10:00:00.000000", "",
       R"(parsing time "2024-05-01T10:00:00.000000" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "" as "Z07:00")"},
      {"2024-05-01T10:00:00.000000Zx", "", R"(parsing time "2024-05-01T10:00:00.000000Zx": extra text: "x")"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    if (row.error.empty()) {
      const metav1::MicroTime t = json(row.in).get<metav1::MicroTime>();
      CHECK(json(t).dump() == json(row.out).dump());
    } else {
      CHECK_THROWS_MATCHES(json(row.in).get<metav1::MicroTime>(), metav1::TimeParseError,
                           Catch::Matchers::Message(row.error));
    }
  }
}

// micro_time_test.go: TestMicroTimeMarshalJSON, TestMicroTimeUnmarshalJSON,
// TestMicroTimeUnmarshalJSONAndProtoEqual (the JSON half).
TEST_CASE("MicroTime JSON (upstream tables)", "[runtime][metav1][microtime]") {
  // DateMicro(1998, time.May, 5, 5, 5, 5, 50 or 0, time.UTC): 894344705 s since the epoch.
  CHECK(json{{"t", metav1::UnixMicro(894344705, 50)}}.dump() == R"({"t":"1998-05-05T05:05:05.000000Z"})");
  CHECK(json{{"t", metav1::UnixMicro(894344705, 0)}}.dump() == R"({"t":"1998-05-05T05:05:05.000000Z"})");
  CHECK(json{{"t", metav1::MicroTime{}}}.dump() == R"({"t":null})");
  CHECK(json::parse(R"({"t":"1998-05-05T05:05:05.000000Z"})")["t"].get<metav1::MicroTime>() ==
        metav1::UnixMicro(894344705, 0));
  for (const auto& t : {metav1::UnixMicro(123, 123123123), metav1::UnixMicro(123, 123123000)}) {
    CHECK(json(t).dump() == R"("1970-01-01T00:02:03.123123Z")");
    CHECK(json::parse(json(t).dump()).get<metav1::MicroTime>() == metav1::UnixMicro(123, 123123000));
  }
}

TEST_CASE("MicroTime JSON, zero value and query parameters", "[runtime][metav1][microtime]") {
  CHECK(json(metav1::MicroTime{}).dump() == "null");
  CHECK(json(nullptr).get<metav1::MicroTime>().IsZero());
  CHECK_THROWS_MATCHES(
      json(5).get<metav1::MicroTime>(), metav1::DecodeError,
      Catch::Matchers::Message("json: cannot unmarshal number into Go value of type string"));
  // metav1.UnixMicro(0, -1) and (1714557600, 123456789), as Go prints them.
  CHECK(json(metav1::UnixMicro(0, -1)).dump() == R"("1969-12-31T23:59:59.999999Z")");
  CHECK(json(metav1::UnixMicro(1714557600, 123456789)).dump() == R"("2024-05-01T10:00:00.123456Z")");
  metav1::MicroTime q = metav1::UnixMicro(5, 0);
  q.UnmarshalQueryParameter("null");
  CHECK(q.IsZero());
  q.UnmarshalQueryParameter("2024-05-01T10:00:00.500000Z");
  CHECK(q.MarshalQueryParameter() == "2024-05-01T10:00:00.500000Z");
  CHECK(fmt::format("{}", q) == "2024-05-01T10:00:00.500000Z");
  const metav1::MicroTime a = metav1::UnixMicro(10, 1000), b = metav1::UnixMicro(10, 2000);
  CHECK(a.Before(b));
  CHECK_FALSE(b.Before(a));
  CHECK(a.Equal(metav1::UnixMicro(10, 1999)));
  CHECK(metav1::UnixMicro(10, 0).EqualTime(metav1::Unix(10)));
  CHECK(a.BeforeTime(metav1::Unix(11)));
  CHECK_FALSE(a.BeforeTime(metav1::Unix(10)));
}

TEST_CASE("MicroTime round-trips every microsecond value", "[runtime][metav1][microtime]") {
  std::mt19937_64 rng(7);
  // 0001-01-01 .. 9999-12-31 in microseconds since the epoch.
  std::uniform_int_distribution<std::int64_t> us(-62135596800000000, 253402300799999999);
  for (int i = 0; i < 5000; ++i) {
    const metav1::MicroTime t{
        std::chrono::sys_time<std::chrono::microseconds>(std::chrono::microseconds(us(rng)))};
    if (t.IsZero()) continue;
    const json j = t;
    CAPTURE(j.dump());
    REQUIRE(j.get<metav1::MicroTime>() == t);
    // The second-precision Time reads the same text, truncated to seconds.
    REQUIRE(j.get<metav1::Time>().time == std::chrono::floor<std::chrono::seconds>(t.time));
  }
}

// duration_test.go: TestDurationMarshalJSON / TestDurationUnmarshalJSON, and Go's errors.
TEST_CASE("Duration JSON", "[runtime][metav1][duration]") {
  using std::chrono::hours;
  using std::chrono::milliseconds;
  using std::chrono::minutes;
  using std::chrono::seconds;
  CHECK(json(metav1::Duration{seconds(5)}).dump() == R"("5s")");
  CHECK(json(metav1::Duration{minutes(2)}).dump() == R"("2m0s")");
  CHECK(json(metav1::Duration{hours(1) + milliseconds(3)}).dump() == R"("1h0m0.003s")");
  CHECK(json(metav1::Duration{}).dump() == R"("0s")");
  CHECK(json("0s").get<metav1::Duration>() == metav1::Duration{});
  CHECK(json("5s").get<metav1::Duration>() == metav1::Duration{seconds(5)});
  CHECK(json("2m0s").get<metav1::Duration>() == metav1::Duration{minutes(2)});
  CHECK(json("1h0m0.003s").get<metav1::Duration>() == metav1::Duration{hours(1) + milliseconds(3)});
  CHECK(json("2m").get<metav1::Duration>() == metav1::Duration{minutes(2)});
  CHECK(json("1h0.003s").get<metav1::Duration>() == metav1::Duration{hours(1) + milliseconds(3)});
  CHECK_THROWS_MATCHES(json("x").get<metav1::Duration>(), metav1::DecodeError,
                       Catch::Matchers::Message(R"(time: invalid duration "x")"));
  CHECK_THROWS_MATCHES(
      json(5).get<metav1::Duration>(), metav1::DecodeError,
      Catch::Matchers::Message("json: cannot unmarshal number into Go value of type string"));
  CHECK_THROWS_MATCHES(json(nullptr).get<metav1::Duration>(), metav1::DecodeError,
                       Catch::Matchers::Message(R"(time: invalid duration "")"));
  CHECK(fmt::format("{}", metav1::Duration{seconds(90)}) == "1m30s");
  CHECK(metav1::Duration{seconds(90)}.ToUnstructured() == "1m30s");
}

// Go writes a zero metav1.Time as null where the field has no omitzero (Condition), and leaves the
// zero creationTimestamp of ObjectMeta out (`omitempty,omitzero`): json.Marshal of
// metav1.ObjectMeta{Name: "x"} is {"name":"x"}, of metav1.Condition{} is below.
TEST_CASE("Time is null when zero, creationTimestamp omitted as Go", "[runtime][metav1][time]") {
  CHECK(json(metav1::Time{}).dump() == "null");
  metav1::ObjectMeta m;
  m.name = "x";
  CHECK(json(m).dump() == R"({"name":"x"})");
  CHECK(json(metav1::Condition{}).dump() ==
        R"({"lastTransitionTime":null,"message":"","reason":"","status":"","type":""})");
}

}  // namespace apis_meta_v1_micro_time_test
