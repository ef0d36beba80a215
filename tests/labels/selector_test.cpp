// Tests for labels/selector.hpp: k8s.io/apimachinery/pkg/labels/selector.go, parser to Selector API
// (selector_test.go plus the observed rows), row by row with the exact upstream texts.
#include "apimachinery/labels/selector.hpp"

#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/labels/labels.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace labels_selector_test {

namespace labels = apimachinery::labels;
namespace selection = apimachinery::selection;
namespace field = apimachinery::field;
using selection::Operator;

namespace {

const std::string kNameMsg =
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end "
    "with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
    "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const std::string kValueMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', "
    "and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
    "'12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const std::string kSubdomainMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
    "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const std::string kKeyMsg =
    "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and "
    "end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used "
    "for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain "
    "prefix and '/' (e.g. 'example.com/MyName')";
const std::string kIntMsg = "for 'Gt', 'Lt' operators, the value must be an integer";
const std::string kPrefix = "unable to parse requirement: ";

std::string ParseErrorText(std::string_view input) {
  try {
    labels::Parse(input);
  } catch (const labels::ParseError& e) {
    return e.what();
  }
  return "<no error>";
}

std::string NewRequirementErrorText(std::string_view key, Operator op, std::vector<std::string> vals) {
  try {
    labels::NewRequirement(key, op, std::move(vals));
  } catch (const apimachinery::AggregateError& e) {
    return e.what();
  }
  return "<no error>";
}

labels::Requirement Req(std::string key, Operator op, std::vector<std::string> vals = {}) {
  return labels::NewRequirement(key, op, std::move(vals));
}

labels::Selector Sel(std::vector<labels::Requirement> reqs) {
  return labels::Selector::FromSortedRequirements(std::move(reqs));
}

// A Labels-concept type that counts lookups and never exposes a map (upstream labels.Labels).
struct CountingLabels {
  std::map<std::string, std::string> m;
  mutable int gets = 0;
  bool Has(const std::string& k) const { return m.count(k) != 0; }
  const std::string& Get(const std::string& k) const {
    ++gets;
    return m.at(k);
  }
};

}  // namespace

TEST_CASE("Selector is a cheap, regular value type", "[labels][selector]") {
  STATIC_REQUIRE(std::is_nothrow_move_constructible_v<labels::Selector>);
  STATIC_REQUIRE(std::is_nothrow_default_constructible_v<labels::Selector>);
  STATIC_REQUIRE(std::is_copy_constructible_v<labels::Selector>);
  STATIC_REQUIRE(std::is_base_of_v<apimachinery::Error, labels::ParseError>);
  STATIC_REQUIRE(labels::Labels<CountingLabels>);
  STATIC_REQUIRE_FALSE(labels::Labels<labels::Set>);
  auto a = labels::Parse("x=a,y in (b,c)");
  auto b = a;  // shares the requirement list
  CHECK(&a.Requirements() == &b.Requirements());
  CHECK(a == b);
}

TEST_CASE("Parse error texts", "[labels][parse]") {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"x==a==b", "found '==', expected: ',' or 'end of string'"},
      {"!x=a", "found '=', expected: ',' or 'end of string'"},
      {"x,,y", "found ',', expected: identifier after ','"},
      {"x,", "found '', expected: identifier after ','"},
      {"x in (a),", "found '', expected: identifier after ','"},
      {",x", "found ',', expected: !, identifier, or 'end of string'"},
      {"(", "found '(', expected: !, identifier, or 'end of string'"},
      {"a in (xyz)b notin ()", "found 'b', expected: ',' or 'end of string'"},
      {"x=a b", "found 'b', expected: ',' or 'end of string'"},
      {"x in (a)(b)", "found '(', expected: ',' or 'end of string'"},
      {"x nott in (y)", kPrefix + "found 'nott', expected: in, notin, =, ==, !=, gt, lt"},
      {"a (", kPrefix + "found '(', expected: in, notin, =, ==, !=, gt, lt"},
      {"x!", kPrefix + "found '!', expected: in, notin, =, ==, !=, gt, lt"},
      {"x ! y", kPrefix + "found '!', expected: in, notin, =, ==, !=, gt, lt"},
      {"a in (xyz abc)", kPrefix + "found 'abc', expected: ',' or ')'"},
      {"x in (a", kPrefix + "found '', expected: ',' or ')'"},
      {"a notin(", kPrefix + "found '', expected: ',', ')' or identifier"},
      {"x in", kPrefix + "found '' expected: '('"},
      {"x in a", kPrefix + "found 'a' expected: '('"},
      {"!", kPrefix + "found '', expected: identifier"},
      {"!!x", kPrefix + "found '!', expected: identifier"},
      {"x=(a)", kPrefix + "found '(', expected: identifier"},
      {"x=!a", kPrefix + "found '!', expected: identifier"},
      {"x!==a", kPrefix + "found '=', expected: identifier"},
      {"x>=1", kPrefix + "found '=', expected: identifier"},
      {"x<=1", kPrefix + "found '=', expected: identifier"},
      {"x=>1", kPrefix + "found '>', expected: identifier"},
      {"x<a", kPrefix + "values[0]: Invalid value: \"a\": " + kIntMsg},
      {"x>1.5", kPrefix + "values[0]: Invalid value: \"1.5\": " + kIntMsg},
      {"x>", kPrefix + "values[0]: Invalid value: \"\": " + kIntMsg},
      {"x <", kPrefix + "values[0]: Invalid value: \"\": " + kIntMsg},
      {"x>-3", kPrefix + "values[0][x]: Invalid value: \"-3\": " + kValueMsg},
      {"x>+3", kPrefix + "values[0][x]: Invalid value: \"+3\": " + kValueMsg},
      {"x=a||y=b", kPrefix + "values[0][x]: Invalid value: \"a||y\": " + kValueMsg},
      {"-x", kPrefix + "<nil>: Invalid value: \"-x\": " + kNameMsg},
      {"x-", kPrefix + "<nil>: Invalid value: \"x-\": " + kNameMsg},
      {"/key=v", kPrefix + "<nil>: Invalid value: \"/key\": prefix part must be non-empty"},
      {"ex_ample.com/key=v",
       kPrefix + "<nil>: Invalid value: \"ex_ample.com/key\": prefix part " + kSubdomainMsg},
      {"a/b/c", kPrefix + "<nil>: Invalid value: \"a/b/c\": " + kKeyMsg},
      {"x=" + std::string(64, 'a'), kPrefix + "values[0][x]: Invalid value: \"" + std::string(64, 'a') +
                                        "\": must be no more than 63 bytes"},
      // TestSetSelectorParser invalid rows.
      {"x=a||y=b", kPrefix + "values[0][x]: Invalid value: \"a||y\": " + kValueMsg},
      {",x,y", "found ',', expected: !, identifier, or 'end of string'"},
      {"a in (xyz),", "found '', expected: identifier after ','"},
  };
  for (const auto& [input, want] : rows) {
    CAPTURE(input);
    CHECK(ParseErrorText(input) == want);
    CHECK_THROWS_AS(labels::Parse(input), apimachinery::Error);
  }
}

TEST_CASE("Parse: several value problems aggregate as [e1, e2]", "[labels][parse]") {
  CHECK(ParseErrorText("x>-a") == kPrefix + "[values[0]: Invalid value: \"-a\": " + kIntMsg +
                                      ", values[0][x]: Invalid value: \"-a\": " + kValueMsg + "]");
  // A 64-byte value that also breaks the pattern: both messages joined by "; ".
  const std::string v = "-" + std::string(63, 'a');
  CHECK(ParseErrorText("x=" + v) ==
        kPrefix + "values[0][x]: Invalid value: \"" + v + "\": must be no more than 63 bytes; " + kValueMsg);
}

TEST_CASE("Parse: valid inputs and their canonical String()", "[labels][parse]") {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"x=a,y=b,z=c", "x=a,y=b,z=c"},
      {"", ""},
      {"x!=a,y=b", "x!=a,y=b"},
      {"x=", "x="},
      {"x= ", "x="},
      {"x=,z= ", "x=,z="},
      {"x= ,z= ", "x=,z="},
      {"!x", "!x"},
      {"x>1", "x>1"},
      {"x>1,z<5", "x>1,z<5"},
      {"x=a,a=x", "a=x,x=a"},
      {"a=x,x=a", "a=x,x=a"},
      {"x==a", "x==a"},
      {"x in (b,a)", "x in (a,b)"},
      {"x notin (b,a)", "x notin (a,b)"},
      {"z=1,a=2,m", "a=2,m,z=1"},
      {"x=a,x!=b", "x=a,x!=b"},
      {"x in ()", "x in ()"},
      {"x in (,)", "x in ()"},
      {"x in (a,,b)", "x in (,a,b)"},
      {"x = a", "x=a"},
      {"x\t=\ta", "x=a"},
      {" x  in  ( a , b ) ", "x in (a,b)"},
      {"x notin (a) , y", "x notin (a),y"},
      {"x>1,x<5", "x>1,x<5"},
      {"in=notin", "in=notin"},
      {"in", "in"},
      {"notin", "notin"},
      {"x=in", "x=in"},
      {"x in (in,notin)", "x in (in,notin)"},
      {"example.com/key=v", "example.com/key=v"},
      {"X_y.z", "X_y.z"},
      {"x==", "x=="},
      {"x!=", "x!="},
      {"x>01", "x>01"},
  };
  for (const auto& [input, want] : rows) {
    CAPTURE(input);
    labels::Selector sel;
    REQUIRE_NOTHROW(sel = labels::Parse(input));
    CHECK(sel.String() == want);
    CHECK(fmt::format("{}", sel) == want);
    // The canonical form parses back to the same selector.
    CHECK(labels::Parse(sel.String()) == sel);
  }
  CHECK(labels::Parse("").Empty());
  CHECK_FALSE(labels::Parse("x").Empty());
}

TEST_CASE("TestSetSelectorParser", "[labels][parse]") {
  struct Row {
    std::string in;
    std::vector<labels::Requirement> out;
  };
  const std::vector<Row> rows = {
      {"", {}},
      {"\rx", {Req("x", Operator::kExists)}},
      {"this-is-a-dns.domain.com/key-with-dash",
       {Req("this-is-a-dns.domain.com/key-with-dash", Operator::kExists)}},
      {"this-is-another-dns.domain.com/key-with-dash in (so,what)",
       {Req("this-is-another-dns.domain.com/key-with-dash", Operator::kIn, {"so", "what"})}},
      {"0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)",
       {Req("0.1.2.domain/99", Operator::kNotIn, {"10.10.100.1", "tick.tack.clock"})}},
      {"foo  in\t (abc)", {Req("foo", Operator::kIn, {"abc"})}},
      {"x notin\n (abc)", {Req("x", Operator::kNotIn, {"abc"})}},
      {"x  notin\t\t(abc,def)", {Req("x", Operator::kNotIn, {"abc", "def"})}},
      {"x in (abc,def)", {Req("x", Operator::kIn, {"abc", "def"})}},
      {"x in (abc,)", {Req("x", Operator::kIn, {"", "abc"})}},
      {"x in (abc,abc)", {Req("x", Operator::kIn, {"abc"})}},
      {"x in ()", {Req("x", Operator::kIn, {""})}},
      {"x in (a,,)", {Req("x", Operator::kIn, {"", "a"})}},
      {"x in (a,,,)", {Req("x", Operator::kIn, {"", "a"})}},
      {"x in (a,,,,,,)", {Req("x", Operator::kIn, {"", "a"})}},
      {"x in (a,,a,,a,,a,,)", {Req("x", Operator::kIn, {"", "a"})}},
      {"x notin (abc,,def),bar,z in (),w",
       {Req("bar", Operator::kExists), Req("w", Operator::kExists),
        Req("x", Operator::kNotIn, {"", "abc", "def"}), Req("z", Operator::kIn, {""})}},
      {"x,y in (a)", {Req("x", Operator::kExists), Req("y", Operator::kIn, {"a"})}},
      {"x=a", {Req("x", Operator::kEquals, {"a"})}},
      {"x>1", {Req("x", Operator::kGreaterThan, {"1"})}},
      {"x<7", {Req("x", Operator::kLessThan, {"7"})}},
      {"x=a,y!=b", {Req("x", Operator::kEquals, {"a"}), Req("y", Operator::kNotEquals, {"b"})}},
      {"x=a,y!=b,z in (h,i,j)",
       {Req("x", Operator::kEquals, {"a"}), Req("y", Operator::kNotEquals, {"b"}),
        Req("z", Operator::kIn, {"h", "i", "j"})}},
      {"x notin ( )", {Req("x", Operator::kNotIn, {""})}},
      {"x notin (, a)", {Req("x", Operator::kNotIn, {"", "a"})}},
      {"a ", {Req("a", Operator::kExists)}},
      {"a in (x,y,notin, z,in)", {Req("a", Operator::kIn, {"in", "notin", "x", "y", "z"})}},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    labels::Selector sel;
    REQUIRE_NOTHROW(sel = labels::Parse(row.in));
    CHECK(sel.Requirements() == row.out);
    CHECK(labels::ParseToRequirements(row.in) == row.out);
  }
  for (std::string bad : {"x=a||y=b", "x,,y", ",x,y", "x nott in (y)", "a in (xyz),", "a in (xyz)b notin ()",
                          "a in (xyz abc)", "a notin(", "a (", "("}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(labels::Parse(bad), labels::ParseError);
  }
}

TEST_CASE("Parse: bad input never crashes", "[labels][parse]") {
  for (std::string bad : {"((((", "))))", "x in ((a))", "x in (a,b", "x in a,b)", "x in (a,b),,", "x=a,",
                          "!!!", "=====", "x in (,,,", "x notin ()(", ",", "x=a)", "x in (a) y"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(labels::Parse(bad), labels::ParseError);
  }
  // NUL bytes are never silently dropped: they fail key or value validation.
  for (std::string bad : {std::string("\0", 1), std::string("x=a\0", 4), std::string("x=a\0b", 5),
                          std::string("\0x", 2), std::string("x in (a,\0)", 10), std::string("!x\0", 3)}) {
    CHECK_THROWS_AS(labels::Parse(bad), labels::ParseError);
  }
  CHECK(ParseErrorText(std::string("\0", 1)) == kPrefix + "<nil>: Invalid value: \"\\x00\": " + kNameMsg);
  // Huge inputs.
  std::string many;
  for (int i = 0; i < 20000; ++i) many += "k" + std::to_string(i) + "=v,";
  CHECK(ParseErrorText(many) == "found '', expected: identifier after ','");
  many.pop_back();
  CHECK(labels::Parse(many).Requirements().size() == 20000);
  CHECK_THROWS_AS(labels::Parse(std::string(1 << 20, '(')), labels::ParseError);
  CHECK_THROWS_AS(labels::Parse("x in (" + std::string(1 << 20, ',')), labels::ParseError);
  CHECK_THROWS_AS(labels::Parse(std::string(1 << 20, 'a')), labels::ParseError);  // key too long
  CHECK(labels::Parse("x in (" + std::string(100000, ',') + ")").String() == "x in ()");
}

TEST_CASE("parseOperator", "[labels][parse]") {
  for (std::string op : {"in", "=", "==", ">", "<", "notin", "!="}) {
    CAPTURE(op);
    const std::string value = (op == "in" || op == "notin") ? " (1)" : "1";
    CHECK_NOTHROW(labels::Parse("x " + op + value));
  }
  CHECK(ParseErrorText("x !") == kPrefix + "found '!', expected: in, notin, =, ==, !=, gt, lt");
  CHECK(ParseErrorText("x exists") == kPrefix + "found 'exists', expected: in, notin, =, ==, !=, gt, lt");
  CHECK(ParseErrorText("x (") == kPrefix + "found '(', expected: in, notin, =, ==, !=, gt, lt");
}

TEST_CASE("NewRequirement validation", "[labels][requirement]") {
  // Valid rows.
  CHECK_NOTHROW(Req("x3", Operator::kIn, {"foo"}));
  CHECK_NOTHROW(Req("x4", Operator::kNotIn, {"foo"}));
  CHECK_NOTHROW(Req("x6", Operator::kExists));
  CHECK_NOTHROW(Req("x7", Operator::kDoesNotExist));
  CHECK_NOTHROW(Req("x9", Operator::kIn, {"bar"}));
  CHECK_NOTHROW(Req("x10", Operator::kIn, {"bar"}));
  CHECK_NOTHROW(Req("x11", Operator::kGreaterThan, {"1"}));
  CHECK_NOTHROW(Req("x12", Operator::kLessThan, {"6"}));

  const std::string in_empty =
      "values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty";
  CHECK(NewRequirementErrorText("x1", Operator::kIn, {}) == in_empty);
  CHECK(NewRequirementErrorText("x2", Operator::kNotIn, {}) == in_empty);
  for (Operator op : {Operator::kEquals, Operator::kDoubleEquals, Operator::kNotEquals}) {
    CHECK(NewRequirementErrorText("x5", op, {"bar", "foo"}) ==
          "values: Invalid value: [\"bar\",\"foo\"]: exact-match compatibility requires one single value");
  }
  CHECK(NewRequirementErrorText("x8", Operator::kExists, {"foo"}) ==
        "values: Invalid value: [\"foo\"]: values set must be empty for exists and does not exist");
  CHECK(NewRequirementErrorText("x13", Operator::kGreaterThan, {}) ==
        "values: Invalid value: []: for 'Gt', 'Lt' operators, exactly one value is required");
  CHECK(NewRequirementErrorText("x14", Operator::kGreaterThan, {"bar"}) ==
        "values[0]: Invalid value: \"bar\": " + kIntMsg);
  CHECK(NewRequirementErrorText("x15", Operator::kLessThan, {"bar"}) ==
        "values[0]: Invalid value: \"bar\": " + kIntMsg);
  CHECK(NewRequirementErrorText("x", Operator::kGreaterThan, {"1", "2"}) ==
        "values: Invalid value: [\"1\",\"2\"]: for 'Gt', 'Lt' operators, exactly one value is required");
  const std::string a254(254, 'a');
  CHECK(NewRequirementErrorText(a254, Operator::kExists, {}) ==
        "key: Invalid value: \"" + a254 + "\": name part must be no more than 63 bytes");
  CHECK(NewRequirementErrorText("x16", Operator::kEquals, {a254}) ==
        "values[0][x16]: Invalid value: \"" + a254 + "\": must be no more than 63 bytes");
  CHECK(NewRequirementErrorText("x17", Operator::kEquals, {"a b"}) ==
        "values[0][x17]: Invalid value: \"a b\": " + kValueMsg);
  CHECK(NewRequirementErrorText("x y", Operator::kExists, {}) == "key: Invalid value: \"x y\": " + kNameMsg);
  CHECK(NewRequirementErrorText("", Operator::kExists, {}) ==
        "key: Invalid value: \"\": name part must be non-empty; " + kNameMsg);
  CHECK(NewRequirementErrorText("a/", Operator::kExists, {}) ==
        "key: Invalid value: \"a/\": name part must be non-empty; " + kNameMsg);
  CHECK(NewRequirementErrorText("/a", Operator::kExists, {}) ==
        "key: Invalid value: \"/a\": prefix part must be non-empty");
  CHECK(NewRequirementErrorText("A.B/c", Operator::kExists, {}) ==
        "key: Invalid value: \"A.B/c\": prefix part " + kSubdomainMsg);

  // x18: an unsupported operator (string overload, as upstream's Operator is a string).
  const std::string unsupported =
      "operator: Unsupported value: \"unsupportedOp\": supported values: \"in\", \"notin\", \"=\", "
      "\"==\", \"!=\", \"gt\", \"lt\", \"exists\", \"!\"";
  CHECK_THROWS_WITH(labels::NewRequirement("x18", "unsupportedOp", {}), unsupported);
  CHECK(labels::NewRequirement("x", "notin", {"a"}).Operator() == Operator::kNotIn);
  CHECK(NewRequirementErrorText("x", Operator::kNone, {}) ==
        "operator: Unsupported value: \"\": supported values: \"in\", \"notin\", \"=\", \"==\", "
        "\"!=\", \"gt\", \"lt\", \"exists\", \"!\"");

  // Every problem is collected, in upstream order (key, operator, values), typed and with paths.
  try {
    labels::NewRequirement("-k", Operator::kIn, {"a b", "ok"});
    FAIL("expected an error");
  } catch (const apimachinery::AggregateError& e) {
    REQUIRE(e.errors.size() == 2);
    try {
      std::rethrow_exception(e.errors[0]);
    } catch (const field::Error& fe) {
      CHECK(fe.field == "key");
      CHECK(fe.type == field::ErrorType::kInvalid);
      CHECK(fe.bad_value == "-k");
    }
    try {
      std::rethrow_exception(e.errors[1]);
    } catch (const field::Error& fe) {
      CHECK(fe.field == "values[0][-k]");
    }
    CHECK(std::string(e.what()) == "[key: Invalid value: \"-k\": " + kNameMsg +
                                       ", values[0][-k]: Invalid value: \"a b\": " + kValueMsg + "]");
  }

  // Values are kept in the order given; Values() is the sorted set.
  auto r = Req("x", Operator::kIn, {"b", "a", "b"});
  CHECK(r.ValuesUnsorted() == std::vector<std::string>{"b", "a", "b"});
  CHECK(r.Values() == std::vector<std::string>{"a", "b"});
  CHECK(r.Key() == "x");
}

TEST_CASE("Bad values are Go-quoted (%q) and JSON-rendered", "[labels][requirement]") {
  CHECK(NewRequirementErrorText("x", Operator::kEquals, {"a\"b\\c\n\x01\xff"}) ==
        "values[0][x]: Invalid value: \"a\\\"b\\\\c\\n\\x01\\xff\": " + kValueMsg);
  CHECK(NewRequirementErrorText("x", Operator::kEquals, {"\xc3\xa9"}) ==
        "values[0][x]: Invalid value: \"\xc3\xa9\": " + kValueMsg);
  CHECK_THAT(NewRequirementErrorText("x", Operator::kExists, {"<a>", "\"&\""}),
             Catch::Matchers::StartsWith(
                 "[values: Invalid value: [\"\\u003ca\\u003e\",\"\\\"\\u0026\\\"\"]: values set "
                 "must be empty for exists and does not exist, values[0][x]: Invalid value: \"<a>\": "));
}

TEST_CASE("TestToString", "[labels][string]") {
  CHECK(Sel({Req("x", Operator::kIn, {"abc", "def"}), Req("y", Operator::kNotIn, {"jkl"}),
             Req("z", Operator::kExists)})
            .String() == "x in (abc,def),y notin (jkl),z");
  CHECK(Sel({Req("x", Operator::kNotIn, {"abc", "def"}), Req("y", Operator::kNotEquals, {"jkl"}),
             Req("z", Operator::kDoesNotExist)})
            .String() == "x notin (abc,def),y!=jkl,!z");
  CHECK(Sel({Req("x", Operator::kNotIn, {"abc"}), Req("y", Operator::kIn, {"jkl", "mno"}),
             Req("z", Operator::kNotIn, {""})})
            .String() == "x notin (abc),y in (jkl,mno),z notin ()");
  CHECK(Sel({Req("x", Operator::kEquals, {"abc"}), Req("y", Operator::kDoubleEquals, {"jkl"}),
             Req("z", Operator::kNotEquals, {"a"}), Req("z", Operator::kExists)})
            .String() == "x=abc,y==jkl,z!=a,z");
  CHECK(Sel({Req("x", Operator::kGreaterThan, {"2"}), Req("y", Operator::kLessThan, {"8"}),
             Req("z", Operator::kExists)})
            .String() == "x>2,y<8,z");
  // A zero Requirement prints as "", leaving a trailing comma.
  CHECK(Sel({Req("x", Operator::kIn, {"abc", "def"}), labels::Requirement{}}).String() == "x in (abc,def),");
  CHECK(labels::Requirement{}.String().empty());
  // Benchmark assertion: single-value notin.
  CHECK(labels::Parse("environment notin (dev)").String() == "environment notin (dev)");
  // Several values print sorted without reordering what is stored.
  auto r = Req("x", Operator::kIn, {"b", "a"});
  CHECK(r.String() == "x in (a,b)");
  CHECK(r.ValuesUnsorted() == std::vector<std::string>{"b", "a"});
  std::ostringstream os;
  os << r << "|" << labels::Parse("a=b");
  CHECK(os.str() == "x in (a,b)|a=b");
  CHECK(fmt::format("{}", r) == "x in (a,b)");
}

TEST_CASE("Matches", "[labels][matches]") {
  struct Row {
    std::string sel;
    labels::Set set;
    bool want;
  };
  const labels::Set foo{{"foo", "bar"}, {"baz", "blah"}};
  const std::vector<Row> rows = {
      {"", {{"x", "y"}}, true},
      {"x=y", {{"x", "y"}}, true},
      {"x=y,z=w", {{"x", "y"}, {"z", "w"}}, true},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "a"}}, true},
      {"notin=in", {{"notin", "in"}}, true},
      {"x", {{"x", "z"}}, true},
      {"!x", {{"y", "z"}}, true},
      {"x>1", {{"x", "2"}}, true},
      {"x<1", {{"x", "0"}}, true},
      {"x=z", {}, false},
      {"x=y", {{"x", "z"}}, false},
      {"x=y,z=w", {{"x", "w"}, {"z", "w"}}, false},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "w"}}, false},
      {"x", {{"y", "z"}}, false},
      {"!x", {{"x", "z"}}, false},
      {"x>1", {{"x", "0"}}, false},
      {"x<1", {{"x", "2"}}, false},
      {"foo=bar", foo, true},
      {"baz=blah", foo, true},
      {"foo=bar,baz=blah", foo, true},
      {"foo=blah", foo, false},
      {"baz=bar", foo, false},
      {"foo=bar,foobar=bar,baz=blah", foo, false},
      // Observed rows.
      {"x>1", {{"x", "a"}}, false},
      {"x>1", {}, false},
      {"x<1", {{"x", "-5"}}, true},
      {"x<1", {{"x", " 0"}}, false},
      {"x=", {}, false},
      {"x=", {{"x", ""}}, true},
      {"x in ()", {{"x", ""}}, true},
      {"!x", {{"x", ""}}, false},
      {"x", {{"x", ""}}, true},
      {"x>01", {{"x", "2"}}, true},
      // Absent keys match != and notin.
      {"x!=a", {}, true},
      {"x notin (a)", {}, true},
      {"x in (a)", {}, false},
      {"x>1", {{"x", "1.5"}}, false},
      {"x>1", {{"x", "+2"}}, true},
      {"x<1", {{"x", "-9223372036854775808"}}, true},
      {"x>1", {{"x", "9223372036854775808"}}, false},  // out of int64 range
  };
  for (const auto& row : rows) {
    CAPTURE(row.sel);
    const auto sel = labels::Parse(row.sel);
    CHECK(sel.Matches(row.set) == row.want);
    CountingLabels view{row.set};
    CHECK(sel.Matches(view) == row.want);
  }
}

TEST_CASE("Matches over requirement lists", "[labels][matches]") {
  CHECK_FALSE(Sel({labels::Requirement{}}).Matches(labels::Set{{"x", "y"}}));
  CHECK(Sel({Req("x", Operator::kIn, {"foo"}), Req("y", Operator::kNotIn, {"alpha"})})
            .Matches(labels::Set{{"x", "foo"}, {"y", "baz"}}));
  CHECK_FALSE(Sel({Req("x", Operator::kIn, {"foo"}), Req("y", Operator::kIn, {"alpha"})})
                  .Matches(labels::Set{{"x", "foo"}, {"y", "baz"}}));
  CHECK(Sel({Req("x", Operator::kNotIn, {""}), Req("y", Operator::kExists)}).Matches(labels::Set{{"y", ""}}));
  CHECK(
      Sel({Req("x", Operator::kDoesNotExist), Req("y", Operator::kExists)}).Matches(labels::Set{{"y", ""}}));
  CHECK_FALSE(Sel({Req("x", Operator::kNotIn, {""}), Req("y", Operator::kDoesNotExist)})
                  .Matches(labels::Set{{"y", ""}}));
  CHECK_FALSE(Sel({Req("x", Operator::kIn, {""})}).Matches(labels::Set{{"y", "baz"}}));
  CHECK(Sel({Req("z", Operator::kGreaterThan, {"1"})}).Matches(labels::Set{{"z", "2"}}));
  CHECK_FALSE(Sel({Req("z", Operator::kGreaterThan, {"1"})}).Matches(labels::Set{{"z", "v2"}}));
}

TEST_CASE("Matches through the Labels concept does not copy the labels", "[labels][matches]") {
  CountingLabels l{{{"app", "web"}, {"tier", "fe"}}};
  const auto sel = labels::Parse("app=web,tier in (fe,be),!legacy,env!=prod");
  CHECK(sel.Matches(l));
  CHECK(l.gets == 2);  // one Get per requirement on a present key, no copies of the map
}

TEST_CASE("Everything, Nothing, NewSelector, MatchesNothing", "[labels][selector]") {
  const labels::Set any{{"a", "b"}};
  CHECK(labels::Everything().Matches(any));
  CHECK(labels::Everything().Matches(labels::Set{}));
  CHECK(labels::Everything().Empty());
  CHECK(labels::Everything().String().empty());
  CHECK(labels::NewSelector().Empty());

  const auto nothing = labels::Nothing();
  CHECK_FALSE(nothing.Matches(any));
  CHECK_FALSE(nothing.Matches(labels::Set{}));
  CHECK_FALSE(nothing.Empty());
  CHECK(nothing.String().empty());
  CHECK(nothing.Requirements().empty());
  CHECK_FALSE(nothing.Selectable());
  CHECK(nothing.Add(Req("x", Operator::kExists)) == nothing);
  CHECK_FALSE(nothing.RequiresExactMatch("x"));

  CHECK(labels::MatchesNothing(nothing));
  CHECK(labels::MatchesNothing(nothing.DeepCopySelector()));
  for (std::string s : {"a,!a", "a=b,a!=b", "a in (b),a notin (b)", "", "a=b"}) {
    CAPTURE(s);
    CHECK_FALSE(labels::MatchesNothing(labels::Parse(s)));
  }
  CHECK_FALSE(labels::MatchesNothing(labels::Everything()));
  CHECK(labels::Everything().Selectable());
}

TEST_CASE("Add returns a new sorted selector", "[labels][selector]") {
  const auto base = labels::Everything();
  const auto one = base.Add(Req("key", Operator::kIn, {"value"}));
  CHECK(base.Empty());
  CHECK(one.String() == "key in (value)");
  const auto two = one.Add(Req("indexed", Operator::kNotIn, {"a", "b"}));
  CHECK(one.String() == "key in (value)");
  CHECK(two.String() == "indexed notin (a,b),key in (value)");
  const auto three = two.Add({Req("z", Operator::kExists), Req("b", Operator::kGreaterThan, {"2"})});
  CHECK(three.String() == "b>2,indexed notin (a,b),key in (value),z");
  // Same keys keep their insertion order (stable sort).
  CHECK(labels::Parse("x=a").Add(Req("x", Operator::kNotEquals, {"b"})).String() == "x=a,x!=b");
}

TEST_CASE("RequiresExactMatch", "[labels][selector]") {
  CHECK(Sel({Req("key", Operator::kIn, {"value"})}).RequiresExactMatch("key") == "value");
  CHECK_FALSE(Sel({Req("key", Operator::kIn, {"value", "value2"})}).RequiresExactMatch("key"));
  CHECK(Sel({Req("key", Operator::kIn, {"value", "value1"}), Req("key2", Operator::kIn, {"value2"})})
            .RequiresExactMatch("key2") == "value2");
  CHECK(Sel({Req("key", Operator::kEquals, {"value"})}).RequiresExactMatch("key") == "value");
  CHECK(Sel({Req("key", Operator::kDoubleEquals, {"value"})}).RequiresExactMatch("key") == "value");
  CHECK_FALSE(Sel({Req("key", Operator::kNotEquals, {"value"})}).RequiresExactMatch("key"));
  CHECK(Sel({Req("key", Operator::kIn, {"value"}), Req("key2", Operator::kIn, {"value2", "x"})})
            .RequiresExactMatch("key") == "value");
  // The first requirement with the key decides.
  CHECK_FALSE(labels::Parse("x,x=a").RequiresExactMatch("x"));
  CHECK(labels::Parse("x=a,x").RequiresExactMatch("x") == "a");
  CHECK(labels::Parse("x=").RequiresExactMatch("x") == "");
  CHECK_FALSE(labels::Parse("y=a").RequiresExactMatch("x"));
}

TEST_CASE("SelectorFromSet and friends", "[labels][selector]") {
  CHECK(labels::SelectorFromSet({}).Empty());
  CHECK(labels::SelectorFromSet({}).String().empty());
  const labels::Set s{{"app", "foo"}, {"a", "b"}};
  CHECK(labels::SelectorFromSet(s).String() == "a=b,app=foo");
  CHECK(labels::SelectorFromSet(s).Matches(labels::Set{{"app", "foo"}, {"a", "b"}, {"c", "d"}}));
  CHECK_FALSE(labels::SelectorFromSet(s).Matches(labels::Set{{"app", "foo"}}));
  CHECK(labels::AsSelector(s) == labels::SelectorFromSet(s));
  CHECK(labels::AsSelectorPreValidated(s) == labels::SelectorFromSet(s));
  // No validation.
  CHECK(labels::SelectorFromSet({{"bad key", "bad value"}}).String() == "bad key=bad value");

  // ValidatedSetSelector rows.
  CHECK(labels::ValidatedSetSelector({}).String().empty());
  CHECK(labels::ValidatedSetSelector({}).Empty());
  CHECK(labels::ValidatedSetSelector({{"app", "foo"}}).String() == "app=foo");
  CHECK(labels::ValidatedSetSelector(s).String() == "a=b,app=foo");
  CHECK(labels::ValidatedSetSelector(s).RequiresExactMatch("app") == "foo");
  CHECK_FALSE(labels::ValidatedSetSelector(s).RequiresExactMatch("nope"));
  CHECK(labels::SelectorFromValidatedSet(s).Matches(s));

  // ValidatedSelectorFromSet validates every entry.
  CHECK(labels::ValidatedSelectorFromSet(s).String() == "a=b,app=foo");
  CHECK(labels::AsValidatedSelector(s).String() == "a=b,app=foo");
  const std::string v64(64, 'a');
  CHECK_THROWS_WITH(labels::ValidatedSelectorFromSet({{"Key", v64}}),
                    "values[0][Key]: Invalid value: \"" + v64 + "\": must be no more than 63 bytes");
  CHECK_THROWS_WITH(labels::ValidatedSelectorFromSet({{"-k", "v"}, {"ok", "a b"}}),
                    "[key: Invalid value: \"-k\": " + kNameMsg +
                        ", values[0][ok]: Invalid value: \"a b\": " + kValueMsg + "]");
  CHECK_THROWS_AS(labels::ValidatedSelectorFromSet({{"-k", "v"}}), apimachinery::AggregateError);
}

TEST_CASE("ConvertSelectorToLabelsMap", "[labels][set]") {
  CHECK(labels::ConvertSelectorToLabelsMap("").empty());
  CHECK(labels::ConvertSelectorToLabelsMap("x=a") == labels::Set{{"x", "a"}});
  CHECK(labels::ConvertSelectorToLabelsMap("x=a,y=b,z=c") == labels::Set{{"x", "a"}, {"y", "b"}, {"z", "c"}});
  CHECK(labels::ConvertSelectorToLabelsMap(" x = a , y = b , z = c ") ==
        labels::Set{{"x", "a"}, {"y", "b"}, {"z", "c"}});
  CHECK(labels::ConvertSelectorToLabelsMap("color=green,env=test,service=front") ==
        labels::Set{{"color", "green"}, {"env", "test"}, {"service", "front"}});
  CHECK(labels::ConvertSelectorToLabelsMap("color=green, env=test, service=front") ==
        labels::Set{{"color", "green"}, {"env", "test"}, {"service", "front"}});
  CHECK(labels::ConvertSelectorToLabelsMap("x=a,x=b") == labels::Set{{"x", "b"}});

  for (std::string bad :
       {",", "x", "x,y", "x=$y", "x!=y", "x==y", "x=a||y=b", "x in (y)", "x notin (y)", "x y"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(labels::ConvertSelectorToLabelsMap(bad), apimachinery::Error);
  }
  CHECK_THROWS_WITH(labels::ConvertSelectorToLabelsMap("x"), "invalid selector: [x]");
  CHECK_THROWS_WITH(labels::ConvertSelectorToLabelsMap(","), "invalid selector: []");
  CHECK_THROWS_WITH(labels::ConvertSelectorToLabelsMap("x==y"), "invalid selector: [x  y]");
  CHECK_THROWS_WITH(labels::ConvertSelectorToLabelsMap("x=$y"), "[x]: Invalid value: \"$y\": " + kValueMsg);
  CHECK_THROWS_WITH(labels::ConvertSelectorToLabelsMap("x!=y"), "<nil>: Invalid value: \"x!\": " + kNameMsg);
  CHECK_THROWS_AS(labels::ConvertSelectorToLabelsMap("x!=y"), field::Error);
}

TEST_CASE("selection::Operator strings", "[labels][selection]") {
  CHECK(selection::String(Operator::kDoesNotExist) == "!");
  CHECK(selection::String(Operator::kEquals) == "=");
  CHECK(selection::String(Operator::kDoubleEquals) == "==");
  CHECK(selection::String(Operator::kIn) == "in");
  CHECK(selection::String(Operator::kNotEquals) == "!=");
  CHECK(selection::String(Operator::kNotIn) == "notin");
  CHECK(selection::String(Operator::kExists) == "exists");
  CHECK(selection::String(Operator::kGreaterThan) == "gt");
  CHECK(selection::String(Operator::kLessThan) == "lt");
  CHECK(selection::String(Operator::kNone).empty());
  CHECK(selection::OperatorFromString("lt") == Operator::kLessThan);
  CHECK_FALSE(selection::OperatorFromString(""));
  CHECK_FALSE(selection::OperatorFromString(">="));
  CHECK(fmt::format("{}", Operator::kNotIn) == "notin");
}

}  // namespace labels_selector_test
