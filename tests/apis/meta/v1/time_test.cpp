#include "apimachinery/apis/meta/v1/time.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace apis_meta_v1_time_test {

namespace metav1 = apimachinery::metav1;

namespace {

struct ParseRow {
  std::string in;
  std::string out;  // formatted result, "" when the parse must fail
  std::string error;
};

}  // namespace

TEST_CASE("TimeParseRFC3339", "[runtime][metav1][time]") {
  const std::vector<ParseRow> rows = {
      {"2024-05-01T10:00:00Z", "2024-05-01T10:00:00Z", ""},
      {"2024-05-01T10:00:00.123456789Z", "2024-05-01T10:00:00Z", ""},
      {"2024-05-01T10:00:00,5Z", "2024-05-01T10:00:00Z", ""},
      {"2024-05-01T12:30:00+02:00", "2024-05-01T10:30:00Z", ""},
      {"2024-05-01T00:30:00-01:00", "2024-05-01T01:30:00Z", ""},
      {"2024-05-01T12:00:00.25+02:00", "2024-05-01T10:00:00Z", ""},
      {"2023-12-31T23:59:59-00:30", "2024-01-01T00:29:59Z", ""},
      {"2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z", ""},
      {"1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", ""},
      {"2008-01-01T01:01:01Z", "2008-01-01T01:01:01Z", ""},
      // Go's general parser accepts a one-digit hour.
      {"2024-05-01T1:00:00Z", "2024-05-01T01:00:00Z", ""},
      {"", "", R"(parsing time "" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "2006")"},
      {"x", "", R"(parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006")"},
      {"2024/05/01T10:00:00Z", "",
       R"(parsing time "2024/05/01T10:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "/05/01T10:00:00Z" as "-")"},
      {"2024-5-01T10:00:00Z", "",
       R"(parsing time "2024-5-01T10:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "5-01T10:00:00Z" as "01")"},
      {"2024-13-01T00:00:00Z", "", R"(parsing time "2024-13-01T00:00:00Z": month out of range)"},
      {"2024-00-01T00:00:00Z", "", R"(parsing time "2024-00-01T00:00:00Z": month out of range)"},
      {"2023-02-29T00:00:00Z", "", R"(parsing time "2023-02-29T00:00:00Z": day out of range)"},
      {"2024-04-31T00:00:00Z", "", R"(parsing time "2024-04-31T00:00:00Z": day out of range)"},
      {"2024-05-01T24:00:00Z", "", R"(parsing time "2024-05-01T24:00:00Z": hour out of range)"},
      {"2024-05-01T10:60:00Z", "", R"(parsing time "2024-05-01T10:60:00Z": minute out of range)"},
      {"2024-05-01T10:00:60Z", "", R"(parsing time "2024-05-01T10:00:60Z": second out of range)"},
      {"2024-05-01 10:00:00Z", "",
       R"(parsing time "2024-05-01 10:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse " 10:00:00Z" as "T")"},
      {"2024-05-01T10:00:00", "",
       R"(parsing time "2024-05-01T10:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00")"},
      {"2024-05-01T10:00:00+0200", "",
       R"(parsing time "2024-05-01T10:00:00+0200" as "2006-01-02T15:04:05Z07:00": cannot parse "+0200" as "Z07:00")"},
      {"2024-05-01T10:00:00z", "",
       R"(parsing time "2024-05-01T10:00:00z" as "2006-01-02T15:04:05Z07:00": cannot parse "z" as "Z07:00")"},
      {"2024-05-01T10:00:00Zjunk", "", R"(parsing time "2024-05-01T10:00:00Zjunk": extra text: "junk")"},
      {"2024-05-01T10:00:00+25:00", "",
       R"(parsing time "2024-05-01T10:00:00+25:00": time zone offset hour out of range)"},
      {"2024-05-01T10:00:00.Z", "",
       R"(parsing time "2024-05-01T10:00:00.Z" as "2006-01-02T15:04:05Z07:00": cannot parse ".Z" as "Z07:00")"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    if (row.error.empty()) {
      const auto t = metav1::ParseRFC3339(row.in);
      CHECK(metav1::FormatRFC3339(t) == row.out);
    } else {
      CHECK_THROWS_AS(metav1::ParseRFC3339(row.in), metav1::TimeParseError);
      CHECK_THROWS_WITH(metav1::ParseRFC3339(row.in), row.error);
    }
  }
}

TEST_CASE("TimeJSON", "[runtime][metav1][time]") {
  const metav1::Time t = metav1::ParseRFC3339("2024-05-01T10:00:00Z");
  CHECK(t.Unix() == 1714557600);
  CHECK(nlohmann::json(t) == "2024-05-01T10:00:00Z");
  CHECK(nlohmann::json(metav1::Time{}).is_null());
  CHECK(nlohmann::json(nullptr).get<metav1::Time>().IsZero());
  CHECK(nlohmann::json("2024-05-01T12:00:00+02:00").get<metav1::Time>() == t);
  CHECK(metav1::Unix(1714557600) == t);
  CHECK(t.String() == "2024-05-01T10:00:00Z");
  CHECK(fmt::format("{}", t) == "2024-05-01T10:00:00Z");
  CHECK(t.MarshalQueryParameter() == "2024-05-01T10:00:00Z");
  CHECK(metav1::Time{}.MarshalQueryParameter().empty());
  metav1::Time q = t;
  q.UnmarshalQueryParameter("");
  CHECK(q.IsZero());
  CHECK(metav1::Now().Unix() > 1714557600);
  CHECK(t < metav1::Unix(1714557601));

  SECTION("wrong JSON types throw DecodeError") {
    CHECK_THROWS_AS(nlohmann::json(5).get<metav1::Time>(), metav1::DecodeError);
    CHECK_THROWS_WITH(nlohmann::json(5).get<metav1::Time>(),
                      "json: cannot unmarshal number into Go value of type string");
    CHECK_THROWS_WITH(nlohmann::json(true).get<metav1::Time>(),
                      "json: cannot unmarshal bool into Go value of type string");
    CHECK_THROWS_AS(nlohmann::json("yesterday").get<metav1::Time>(), metav1::TimeParseError);
  }
}

}  // namespace apis_meta_v1_time_test
