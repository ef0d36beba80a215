#include "apimachinery/labels/selector.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/helpers.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace apis_meta_v1_selector_test {

namespace metav1 = apimachinery::metav1;
namespace labels = apimachinery::labels;
using nlohmann::json;

using Req = metav1::LabelSelectorRequirement;

// helpers_test.go: TestLabelSelectorAsSelector.
TEST_CASE("LabelSelectorAsSelector (upstream table)", "[runtime][metav1][selector]") {
  const std::map<std::string, std::string> match_labels = {{"foo", "bar"}};
  const std::vector<Req> match_expressions = {{"baz", "In", {"qux", "norf"}}};
  struct Row {
    std::optional<metav1::LabelSelector> in;
    std::string out;
    bool expect_err;
  };
  const std::vector<Row> rows = {
      {std::nullopt, labels::Nothing().String(), false},
      {metav1::LabelSelector{}, labels::Everything().String(), false},
      {metav1::LabelSelector{match_labels, {}}, labels::Parse("foo=bar").String(), false},
      {metav1::LabelSelector{{}, match_expressions}, labels::Parse("baz in (norf,qux)").String(), false},
      {metav1::LabelSelector{match_labels, match_expressions},
       labels::Parse("baz in (norf,qux),foo=bar").String(), false},
      {metav1::LabelSelector{{}, {{"baz", "Exists", {"qux", "norf"}}}}, "", true},
  };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CAPTURE(i);
    const auto copy = rows[i].in;
    if (rows[i].expect_err) {
      CHECK_THROWS_AS(metav1::LabelSelectorAsSelector(rows[i].in), apimachinery::Error);
    } else {
      CHECK(metav1::LabelSelectorAsSelector(rows[i].in).String() == rows[i].out);
    }
    CHECK(copy == rows[i].in);  // the input is not modified
  }
  CHECK(metav1::LabelSelectorAsSelector(nullptr).MatchesNothing());
  CHECK(metav1::LabelSelectorAsSelector(metav1::LabelSelector{}).Empty());
}

// Answers printed by Go (LabelSelectorAsSelector, FormatLabelSelector).
TEST_CASE("LabelSelectorAsSelector texts and errors as Go", "[runtime][metav1][selector]") {
  const metav1::LabelSelector mixed{{{"z", "1"}, {"a", "2"}},
                                    {{"a", "NotIn", {"x"}}, {"b", "DoesNotExist", {}}, {"c", "Exists", {}}}};
  CHECK(metav1::LabelSelectorAsSelector(mixed).String() == "a=2,a notin (x),!b,c,z=1");
  CHECK(metav1::FormatLabelSelector(mixed) == "a=2,a notin (x),!b,c,z=1");
  const labels::Selector sel = metav1::LabelSelectorAsSelector(mixed);
  CHECK(sel.Matches(labels::Set{{"a", "2"}, {"c", ""}, {"z", "1"}}));
  CHECK_FALSE(sel.Matches(labels::Set{{"a", "2"}, {"b", ""}, {"c", ""}, {"z", "1"}}));
  CHECK_FALSE(sel.Matches(labels::Set{{"a", "2"}, {"z", "1"}}));

  CHECK(metav1::FormatLabelSelector(nullptr) == "<none>");
  CHECK(metav1::FormatLabelSelector(metav1::LabelSelector{}) == "<none>");
  struct Row {
    metav1::LabelSelector in;
    std::string error;
  };
  const std::vector<Row> rows = {
      {{{}, {{"baz", "Foo", {}}}}, R"("Foo" is not a valid label selector operator)"},
      {{{}, {{"baz", "Exists", {"qux", "norf"}}}},
       R"(values: Invalid value: ["qux","norf"]: values set must be empty for exists and does not exist)"},
      {{{{"bad key!", "x"}}, {}},
       R"(key: Invalid value: "bad key!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'))"},
      {{{{"k", "bad value!"}}, {}},
       R"(values[0][k]: Invalid value: "bad value!": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'))"},
  };
  for (const auto& row : rows) {
    CAPTURE(json(row.in).dump());
    CHECK_THROWS_MATCHES(metav1::LabelSelectorAsSelector(row.in), apimachinery::Error,
                         Catch::Matchers::Message(row.error));
    CHECK(metav1::FormatLabelSelector(row.in) == "<error>");
  }
  // Go reports `Invalid value: null` for an In without values (its nil slice).
  CHECK_THROWS_WITH(metav1::LabelSelectorAsSelector(metav1::LabelSelector{{}, {{"baz", "In", {}}}}),
                    Catch::Matchers::EndsWith(": for 'in', 'notin' operators, values set can't be empty"));
}

// helpers_test.go: TestLabelSelectorAsMap, with Go's full texts.
TEST_CASE("LabelSelectorAsMap (upstream table)", "[runtime][metav1][selector]") {
  const std::map<std::string, std::string> match_labels = {{"foo", "bar"}};
  auto exprs = [](std::string op, std::vector<std::string> values) {
    return std::vector<Req>{{"baz", std::move(op), std::move(values)}};
  };
  CHECK(metav1::LabelSelectorAsMap(nullptr).empty());
  CHECK(metav1::LabelSelectorAsMap(metav1::LabelSelector{match_labels, {}}) ==
        std::map<std::string, std::string>{{"foo", "bar"}});
  CHECK(metav1::LabelSelectorAsMap(metav1::LabelSelector{match_labels, exprs("In", {"norf"})}) ==
        std::map<std::string, std::string>{{"foo", "bar"}, {"baz", "norf"}});
  CHECK(metav1::LabelSelectorAsMap(metav1::LabelSelector{{}, exprs("In", {"norf"})}) ==
        std::map<std::string, std::string>{{"baz", "norf"}});
  using Catch::Matchers::Message;
  CHECK_THROWS_MATCHES(
      metav1::LabelSelectorAsMap(metav1::LabelSelector{match_labels, exprs("In", {"norf", "qux"})}),
      apimachinery::Error,
      Message(
          R"(operator "In" without a single value cannot be converted into the old label selector format)"));
  CHECK_THROWS_MATCHES(metav1::LabelSelectorAsMap(metav1::LabelSelector{{}, exprs("NotIn", {"norf", "qux"})}),
                       apimachinery::Error,
                       Message(R"(operator "NotIn" cannot be converted into the old label selector format)"));
  CHECK_THROWS_MATCHES(
      metav1::LabelSelectorAsMap(metav1::LabelSelector{match_labels, exprs("Exists", {})}),
      apimachinery::Error,
      Message(R"(operator "Exists" cannot be converted into the old label selector format)"));
  CHECK_THROWS_MATCHES(
      metav1::LabelSelectorAsMap(metav1::LabelSelector{{}, exprs("DoesNotExist", {})}), apimachinery::Error,
      Message(R"(operator "DoesNotExist" cannot be converted into the old label selector format)"));
  CHECK_THROWS_MATCHES(metav1::LabelSelectorAsMap(metav1::LabelSelector{{}, exprs("Foo", {})}),
                       apimachinery::Error, Message(R"("Foo" is not a valid selector operator)"));
}

// Answers printed by Go (ParseToLabelSelector, then json.Marshal).
TEST_CASE("ParseToLabelSelector and SetAsLabelSelector", "[runtime][metav1][selector]") {
  CHECK(json(metav1::ParseToLabelSelector("a=b,c in (x,y),!d,e")) ==
        json::parse(
            R"({"matchLabels":{"a":"b"},"matchExpressions":[{"key":"c","operator":"In","values":["x","y"]},)"
            R"({"key":"d","operator":"DoesNotExist"},{"key":"e","operator":"Exists"}]})"));
  CHECK(json(metav1::ParseToLabelSelector("a notin (x)")) ==
        json::parse(R"({"matchExpressions":[{"key":"a","operator":"NotIn","values":["x"]}]})"));
  CHECK(json(metav1::ParseToLabelSelector("a==b")) == json::parse(R"({"matchLabels":{"a":"b"}})"));
  CHECK_THROWS_MATCHES(metav1::ParseToLabelSelector("a>1"), apimachinery::Error,
                       Catch::Matchers::Message(R"("gt" isn't supported in label selectors)"));
  CHECK_THROWS_MATCHES(
      metav1::ParseToLabelSelector("a=("), apimachinery::Error,
      Catch::Matchers::Message(R"(couldn't parse the selector string "a=(": unable to parse )"
                               R"(requirement: found '(', expected: identifier)"));
  const metav1::LabelSelector s = metav1::SetAsLabelSelector({{"app", "web"}});
  CHECK(metav1::LabelSelectorAsSelector(s).String() == "app=web");
  // A parsed selector converts back to the same selector.
  for (const char* text : {"a=b,c in (x,y),!d,e", "x notin (p,q),y", "k=v"}) {
    CAPTURE(text);
    CHECK(metav1::LabelSelectorAsSelector(metav1::ParseToLabelSelector(text)).String() ==
          labels::Parse(text).String());
  }
}

// Answers printed by Go (json.Marshal / json.Unmarshal of metav1.LabelSelector).
TEST_CASE("LabelSelector JSON", "[runtime][metav1][selector]") {
  CHECK(json(metav1::LabelSelector{}).dump() == "{}");
  CHECK(json(metav1::LabelSelectorRequirement{}).dump() == R"({"key":"","operator":""})");
  const metav1::LabelSelector s{{{"a", "b"}}, {{"k", "In", {"v"}}}};
  CHECK(json(s) ==
        json::parse(
            R"({"matchLabels":{"a":"b"},"matchExpressions":[{"key":"k","operator":"In","values":["v"]}]})"));
  CHECK(json(s).get<metav1::LabelSelector>() == s);
  using Catch::Matchers::Message;
  CHECK_THROWS_MATCHES(
      json::parse(R"({"matchLabels":{"a":1}})").get<metav1::LabelSelector>(), metav1::DecodeError,
      Message("json: cannot unmarshal number into Go struct field LabelSelector.matchLabels of type string"));
  // Go names the innermost struct and the path from the document root.
  CHECK_THROWS_MATCHES(
      json::parse(R"({"matchExpressions":[{"key":"a","operator":5}]})").get<metav1::LabelSelector>(),
      metav1::DecodeError,
      Message("json: cannot unmarshal number into Go struct field "
              "LabelSelectorRequirement.matchExpressions.operator of type "
              "v1.LabelSelectorOperator"));
  CHECK_THROWS_MATCHES(
      json::parse(R"({"matchExpressions":5})").get<metav1::LabelSelector>(), metav1::DecodeError,
      Message("json: cannot unmarshal number into Go struct field LabelSelector.matchExpressions of type "
              "[]v1.LabelSelectorRequirement"));
  CHECK_THROWS_MATCHES(json::parse("[]").get<metav1::LabelSelector>(), metav1::DecodeError,
                       Message("json: cannot unmarshal array into Go value of type v1.LabelSelector"));
}

}  // namespace apis_meta_v1_selector_test
