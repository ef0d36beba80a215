// Tests for fields/selector.hpp: k8s.io/apimachinery/pkg/fields/selector.go (selector_test.go,
// fields_test.go, requirements plus the rows), with the exact upstream texts.
#include "apimachinery/fields/selector.hpp"

#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/fields/fields.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace fields_selector_test {

namespace fields = apimachinery::fields;
using apimachinery::selection::Operator;

namespace {

std::string ParseErrorText(std::string_view input) {
  try {
    fields::ParseSelector(input);
  } catch (const fields::ParseError& e) {
    return e.what();
  }
  return "<no error>";
}

struct MapFields {
  std::map<std::string, std::string> m;
  bool Has(const std::string& k) const { return m.count(k) != 0; }
  std::string Get(const std::string& k) const {
    auto it = m.find(k);
    return it == m.end() ? std::string() : it->second;
  }
};

std::pair<std::string, std::string> Identity(const std::string& f, const std::string& v) { return {f, v}; }

}  // namespace

TEST_CASE("fields::Selector is a cheap value type", "[fields]") {
  STATIC_REQUIRE(std::is_nothrow_move_constructible_v<fields::Selector>);
  STATIC_REQUIRE(std::is_base_of_v<apimachinery::Error, fields::ParseError>);
  STATIC_REQUIRE(std::is_base_of_v<fields::ParseError, fields::InvalidEscapeSequenceError>);
  STATIC_REQUIRE(std::is_base_of_v<fields::ParseError, fields::UnescapedRuneError>);
  STATIC_REQUIRE(fields::Fields<MapFields>);
}

TEST_CASE("TestSelectorParse: round trips and errors", "[fields][parse]") {
  for (std::string s : {"x=a,y=b,z=c", "", "x!=a,y=b", "x=a||y\\=b", "x=a\\=\\=b",
                        "metadata.name=foo,status.phase!=Running"}) {
    CAPTURE(s);
    fields::Selector sel;
    REQUIRE_NOTHROW(sel = fields::ParseSelector(s));
    CHECK(sel.String() == s);
  }
  for (std::string bad : {"x=a||y=b", "x==a==b", "x=a,b", "x in (a)", "x in (a,b,c)", "x", "x=a=b"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(fields::ParseSelector(bad), fields::ParseError);
  }
}

TEST_CASE("ParseSelector texts and values", "[fields][parse]") {
  CHECK(ParseErrorText("x==a==b") == "invalid field selector: unescaped character in value: 61");
  CHECK_THROWS_AS(fields::ParseSelector("x==a==b"), fields::UnescapedRuneError);
  CHECK(ParseErrorText("x=a,b") == "invalid selector: 'x=a,b'; can't understand 'b'");
  CHECK(ParseErrorText("x in (a)") == "invalid selector: 'x in (a)'; can't understand 'x in (a)'");
  CHECK(ParseErrorText("x") == "invalid selector: 'x'; can't understand 'x'");
  CHECK(ParseErrorText("x=a=b") == "invalid field selector: unescaped character in value: 61");
  CHECK(ParseErrorText("x=a\\") == "invalid field selector: invalid escape sequence: \\");
  CHECK(ParseErrorText("x=\\a") == "invalid field selector: invalid escape sequence: \\a");
  CHECK_THROWS_AS(fields::ParseSelector("x=\\a"), fields::InvalidEscapeSequenceError);
  // Terms are sorted before parsing, so the first failing term in sorted order is reported.
  CHECK(ParseErrorText("z,a") == "invalid selector: 'z,a'; can't understand 'a'");
  CHECK(ParseErrorText("b=\\q,a") == "invalid selector: 'b=\\q,a'; can't understand 'a'");

  auto value = [](std::string_view s, std::string_view field) {
    return fields::ParseSelector(s).RequiresExactMatch(field);
  };
  CHECK(value("x=a||y\\=b", "x") == "a||y=b");
  CHECK(fields::ParseSelector("x=a,a=x").String() == "a=x,x=a");
  CHECK(fields::ParseSelector("a=x,x=a").String() == "a=x,x=a");
  CHECK(fields::ParseSelector("x==a").String() == "x=a");
  CHECK(fields::ParseSelector("b=1,a=2").String() == "a=2,b=1");
  CHECK(fields::ParseSelector("x=a,").String() == "x=a");
  CHECK(fields::ParseSelector(",x=a").String() == "x=a");
  CHECK(fields::ParseSelector(",,x=a,,").String() == "x=a");
  CHECK(value("x=a\\,b", "x") == "a,b");
  CHECK(fields::ParseSelector("x=a\\,b").String() == "x=a\\,b");
  CHECK(value("x=a\\\\", "x") == "a\\");
  CHECK(value("=a", "") == "a");
  CHECK(fields::ParseSelector("=a").String() == "=a");
  auto ne = fields::ParseSelector("!=a");
  CHECK(ne.String() == "!=a");
  CHECK(ne.Requirements() == fields::Requirements{{Operator::kNotEquals, "", "a"}});
  CHECK(value("x=", "x") == "");
  CHECK(value("x=!a", "x") == "!a");
  auto spaced = fields::ParseSelector("x = a");
  CHECK(spaced.RequiresExactMatch("x ") == " a");
  CHECK_FALSE(spaced.RequiresExactMatch("x"));
  CHECK(spaced.String() == "x = a");
  // Terms with an empty field and value vanish.
  CHECK(fields::ParseSelector("=").Empty());
  CHECK(fields::ParseSelector("=").String().empty());
  CHECK(fields::ParseSelector("!=").Empty());
  CHECK(fields::ParseSelector("=,x=a").String() == "x=a");
  // A term built directly is not transformed.
  CHECK_FALSE(fields::OneTermEqualSelector("", "").Empty());
  CHECK(fields::OneTermEqualSelector("", "").String() == "=");
  // Multi-byte text is split safely.
  CHECK(fields::ParseSelector("\xed\x95\xa8=\xec\x88\x98,\xeb\xaa\xa9=\xeb\xa1\x9d").String() ==
        "\xeb\xaa\xa9=\xeb\xa1\x9d,\xed\x95\xa8=\xec\x88\x98");
}

TEST_CASE("ParseSelector: bad input never crashes", "[fields][parse]") {
  for (const std::string& bad : std::vector<std::string>{"\\", "x=\\", "x=,", "=,=,=\\", "x=\\\\\\",
                                                         std::string("x\0", 2), "x=a\\,b=c", "\\,=\\"}) {
    CAPTURE(bad);
    try {
      fields::ParseSelector(bad);
    } catch (const fields::ParseError&) {
    }
  }
  std::string huge;
  for (int i = 0; i < 20000; ++i) huge += "f" + std::to_string(i) + "=v,";
  CHECK(fields::ParseSelector(huge).Requirements().size() == 20000);
  CHECK_THROWS_AS(fields::ParseSelector(std::string(1 << 20, 'x')), fields::ParseError);
  CHECK(fields::ParseSelector(std::string(1 << 20, ',')).Empty());
  // NUL bytes are ordinary characters in field selectors (as upstream).
  CHECK(fields::ParseSelector(std::string("a\0=b", 4)).RequiresExactMatch(std::string("a\0", 2)) == "b");
}

TEST_CASE("splitTerms", "[fields][parse]") {
  using V = std::vector<std::string_view>;
  CHECK(fields::internal::SplitTerms("a") == V{"a"});
  CHECK(fields::internal::SplitTerms("a=avalue") == V{"a=avalue"});
  CHECK(fields::internal::SplitTerms("a=avalue,b=bvalue") == V{"a=avalue", "b=bvalue"});
  CHECK(fields::internal::SplitTerms("a=avalue,b==bvalue,c!=cvalue") ==
        V{"a=avalue", "b==bvalue", "c!=cvalue"});
  CHECK(fields::internal::SplitTerms("").empty());
  CHECK(fields::internal::SplitTerms("a=a,") == V{"a=a", ""});
  CHECK(fields::internal::SplitTerms(",a=a") == V{"", "a=a"});
  CHECK(fields::internal::SplitTerms("k=\\,,k2=v2") == V{"k=\\,", "k2=v2"});
  CHECK(fields::internal::SplitTerms("k=\\\\,k2=v2") == V{"k=\\\\", "k2=v2"});
  CHECK(fields::internal::SplitTerms("k=\\\\\\,,k2=v2") == V{"k=\\\\\\,", "k2=v2"});
  CHECK(fields::internal::SplitTerms("k=\\a\\b\\") == V{"k=\\a\\b\\"});
  CHECK(fields::internal::SplitTerms("k=\\") == V{"k=\\"});
  CHECK(fields::internal::SplitTerms("\xed\x95\xa8=\xec\x88\x98,\xeb\xaa\xa9=\xeb\xa1\x9d") ==
        V{"\xed\x95\xa8=\xec\x88\x98", "\xeb\xaa\xa9=\xeb\xa1\x9d"});
}

TEST_CASE("splitTerm", "[fields][parse]") {
  struct Row {
    std::string term, lhs, op, rhs;
    bool ok;
  };
  const std::vector<Row> rows = {
      {"a=value", "a", "=", "value", true},
      {"b==value", "b", "==", "value", true},
      {"c!=value", "c", "!=", "value", true},
      {"", "", "", "", false},
      {"a", "", "", "", false},
      {"k=\\,", "k", "=", "\\,", true},
      {"k=\\=", "k", "=", "\\=", true},
      {"k=\\\\\\a\\b\\=\\,\\", "k", "=", "\\\\\\a\\b\\=\\,\\", true},
      {"\xed\x95\xa8=\xec\x88\x98", "\xed\x95\xa8", "=", "\xec\x88\x98", true},
  };
  for (const auto& row : rows) {
    CAPTURE(row.term);
    const auto t = fields::internal::SplitTerm(row.term);
    REQUIRE(t.has_value() == row.ok);
    if (!t) continue;
    CHECK(t->lhs == row.lhs);
    CHECK(t->op == row.op);
    CHECK(t->rhs == row.rhs);
  }
}

TEST_CASE("EscapeValue / UnescapeValue", "[fields][escape]") {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"", ""}, {"a", "a"}, {"=", "\\="}, {",", "\\,"}, {"\\", "\\\\"}, {"\\=\\,\\", "\\\\\\=\\\\\\,\\\\"},
  };
  for (const auto& [unescaped, escaped] : pairs) {
    CAPTURE(unescaped);
    CHECK(fields::EscapeValue(unescaped) == escaped);
    CHECK(fields::UnescapeValue(escaped) == unescaped);
  }
  for (std::string bad : {"\\", "\\\\\\", "\\a"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(fields::UnescapeValue(bad), fields::InvalidEscapeSequenceError);
  }
  try {
    fields::UnescapeValue("\\\xc3\xa9");
    FAIL("expected an error");
  } catch (const fields::InvalidEscapeSequenceError& e) {
    CHECK(e.sequence == "\\\xc3\xa9");
    CHECK(std::string(e.what()) == "invalid field selector: invalid escape sequence: \\\xc3\xa9");
  }
  try {
    fields::UnescapeValue("a,b");
    FAIL("expected an error");
  } catch (const fields::UnescapedRuneError& e) {
    CHECK(e.rune == U',');
    CHECK(std::string(e.what()) == "invalid field selector: unescaped character in value: 44");
  }
  // No special characters: returned unchanged (even invalid UTF-8).
  CHECK(fields::UnescapeValue("a\xff") == "a\xff");
  // Otherwise Go decodes runes: invalid bytes become U+FFFD.
  CHECK(fields::UnescapeValue("a\xff\\,") == "a\xef\xbf\xbd,");
  // Fuzz finding (fields_parse_fuzz): Escape/Unescape is not an identity on invalid UTF-8 once
  // the value needs escaping, exactly as upstream.
  CHECK(fields::UnescapeValue(fields::EscapeValue("\x9a=")) == "\xef\xbf\xbd=");
  CHECK(fields::UnescapeValue(fields::EscapeValue("\x9a")) == "\x9a");
  CHECK(fields::ParseSelector("y=\x9a\\=z").RequiresExactMatch("y") == "\xef\xbf\xbd=z");
}

TEST_CASE("Matches", "[fields][matches]") {
  struct Row {
    std::string sel;
    fields::Set set;
    bool want;
  };
  const fields::Set complex{{"foo", "bar"}, {"baz", "blah"}, {"complex", "=value\\,\\"}};
  const std::vector<Row> rows = {
      {"", {{"x", "y"}}, true},
      {"x=y", {{"x", "y"}}, true},
      {"x=y,z=w", {{"x", "y"}, {"z", "w"}}, true},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "a"}}, true},
      {"notin=in", {{"notin", "in"}}, true},
      {"x=y", {{"x", "z"}}, false},
      {"x=y,z=w", {{"x", "w"}, {"z", "w"}}, false},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "w"}}, false},
      {"foo=bar", complex, true},
      {"baz=blah", complex, true},
      {"foo=bar,baz=blah", complex, true},
      {"foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\", complex, true},
      {"foo=blah", complex, false},
      {"baz=bar", complex, false},
      {"foo=bar,foobar=bar,baz=blah", complex, false},
      // Missing fields read as "".
      {"x=", {}, true},
      {"x!=a", {}, true},
      {"x=,y!=a", {}, true},
      {"x=a", {}, false},
  };
  for (const auto& row : rows) {
    CAPTURE(row.sel);
    const auto sel = fields::ParseSelector(row.sel);
    CHECK(sel.Matches(row.set) == row.want);
    CHECK(sel.Matches(MapFields{row.set}) == row.want);
  }
}

TEST_CASE("SelectorFromSet and OneTermEqualSelector matching", "[fields][matches]") {
  const fields::Set labelset{{"foo", "bar"}, {"baz", "blah"}};
  CHECK(fields::SelectorFromSet({}).Matches(labelset));
  CHECK(fields::SelectorFromSet({{"foo", "bar"}}).Matches(labelset));
  CHECK(fields::SelectorFromSet({{"baz", "blah"}}).Matches(labelset));
  CHECK(fields::SelectorFromSet({{"foo", "bar"}, {"baz", "blah"}}).Matches(labelset));
  CHECK_FALSE(fields::SelectorFromSet({{"foo", "=blah"}}).Matches(labelset));
  CHECK_FALSE(fields::SelectorFromSet({{"baz", "=bar"}}).Matches(labelset));
  CHECK_FALSE(
      fields::SelectorFromSet({{"foo", "=bar"}, {"foobar", "bar"}, {"baz", "blah"}}).Matches(labelset));
  CHECK(fields::OneTermEqualSelector("x", "y").Matches(fields::Set{{"x", "y"}}));
  CHECK_FALSE(fields::OneTermEqualSelector("x", "y").Matches(fields::Set{{"x", "z"}}));
  CHECK(fields::OneTermNotEqualSelector("x", "y").Matches(fields::Set{{"x", "z"}}));
  CHECK(fields::OneTermNotEqualSelector("x", "y").String() == "x!=y");
}

TEST_CASE("Empty, Everything, Nothing", "[fields][selector]") {
  CHECK(fields::Everything().Empty());
  CHECK(fields::Everything().String().empty());
  CHECK(fields::Everything().Matches(fields::Set{{"a", "b"}}));
  CHECK(fields::AndSelectors({}).Empty());
  CHECK(fields::AndSelectors({fields::AndSelectors({})}).Empty());
  CHECK(fields::AndSelectors({fields::Everything(), fields::AndSelectors({})}).Empty());
  CHECK_FALSE(fields::AndSelectors({fields::OneTermEqualSelector("", "")}).Empty());
  CHECK_FALSE(fields::OneTermNotEqualSelector("", "").Empty());
  const auto nothing = fields::Nothing();
  CHECK_FALSE(nothing.Empty());
  CHECK_FALSE(nothing.Matches(fields::Set{}));
  CHECK_FALSE(nothing.Matches(MapFields{}));
  CHECK(nothing.String().empty());
  CHECK(nothing.Requirements().empty());
  CHECK_FALSE(nothing.RequiresExactMatch("x"));
  CHECK(nothing.Transform(Identity).String().empty());
  CHECK_FALSE(nothing.Transform(Identity).Empty());
  CHECK(fields::SelectorFromSet({}).Empty());
}

TEST_CASE("RequiresExactMatch", "[fields][selector]") {
  using fields::Selector;
  CHECK_FALSE(fields::SelectorFromSet({}).RequiresExactMatch("test"));
  CHECK_FALSE(fields::OneTermEqualSelector("", "").RequiresExactMatch("test"));
  CHECK_FALSE(fields::OneTermEqualSelector("jest", "b").RequiresExactMatch("test"));
  CHECK(fields::OneTermEqualSelector("test", "b").RequiresExactMatch("test") == "b");
  CHECK(fields::OneTermEqualSelector("test", "").RequiresExactMatch("test") == "");
  CHECK_FALSE(fields::OneTermNotEqualSelector("test", "b").RequiresExactMatch("test"));
  CHECK_FALSE(fields::AndSelectors({}).RequiresExactMatch("test"));
  CHECK_FALSE(fields::AndSelectors({fields::AndSelectors({})}).RequiresExactMatch("test"));
  CHECK(fields::AndSelectors({fields::OneTermEqualSelector("test", "b")}).RequiresExactMatch("test") == "b");
  CHECK(fields::AndSelectors({fields::AndSelectors({}), fields::OneTermEqualSelector("test", "b")})
            .RequiresExactMatch("test") == "b");
  CHECK(fields::ParseSelector("a=1,test=x,z!=2").RequiresExactMatch("test") == "x");
}

TEST_CASE("Requirements and String", "[fields][selector]") {
  const auto sel = fields::ParseSelector("b!=2,a=1");
  CHECK(sel.Requirements() ==
        fields::Requirements{{Operator::kEquals, "a", "1"}, {Operator::kNotEquals, "b", "2"}});
  const auto nested = fields::AndSelectors({fields::OneTermEqualSelector("b", "1"),
                                            fields::AndSelectors({fields::OneTermNotEqualSelector("a", "2"),
                                                                  fields::OneTermEqualSelector("c", "")})});
  CHECK(nested.Requirements().size() == 3);
  CHECK(nested.String() == "b=1,a!=2,c=");
  CHECK(fields::AndSelectors(
            {fields::OneTermEqualSelector("b", "1"), fields::OneTermNotEqualSelector("a", "2")})
            .String() == "b=1,a!=2");
  CHECK(fields::SelectorFromSet({{"a", "x=1"}}).String() == "a=x\\=1");
  CHECK(fields::SelectorFromSet({{"b", "1"}, {"a", "2"}}).String() == "a=2,b=1");
  std::ostringstream os;
  os << sel;
  CHECK(os.str() == "a=1,b!=2");
  CHECK(fmt::format("{}", sel) == "a=1,b!=2");
  CHECK(sel.DeepCopySelector().String() == sel.String());
}

TEST_CASE("Set String, Has, Get", "[fields][set]") {
  CHECK(fields::String({{"foo", "bar"}, {"baz", "qup"}}) == "baz=qup,foo=bar");
  CHECK(fields::String({{"b", "x=1"}, {"a", "c,d"}}) == "a=c,d,b=x=1");
  CHECK(fields::String({}).empty());
  const fields::Set s{{"x", ""}};
  CHECK(fields::Has(s, "x"));
  CHECK_FALSE(fields::Has(s, "y"));
  CHECK(fields::Get(s, "y").empty());
  CHECK(fields::AsSelector({{"x", "y"}}).String() == "x=y");
}

TEST_CASE("Transform / ParseAndTransformSelector", "[fields][transform]") {
  auto rename_a = [](const std::string& f, const std::string& v) -> std::pair<std::string, std::string> {
    if (f == "a") return {"e", "f"};
    return {f, v};
  };
  auto drop_all = [](const std::string&, const std::string&) {
    return std::pair<std::string, std::string>();
  };
  auto drop_c = [](const std::string& f, const std::string& v) -> std::pair<std::string, std::string> {
    if (f == "c") return {};
    return {f, v};
  };
  auto s1 = fields::ParseAndTransformSelector("", Identity);
  CHECK(s1.String().empty());
  CHECK(s1.Empty());
  CHECK(fields::ParseAndTransformSelector("a=b,c=d", Identity).String() == "a=b,c=d");
  CHECK(fields::ParseAndTransformSelector("a=b,c=d", rename_a).String() == "e=f,c=d");
  auto s4 = fields::ParseAndTransformSelector("a=b", drop_all);
  CHECK(s4.String().empty());
  CHECK(s4.Empty());
  CHECK(fields::ParseAndTransformSelector("a=b,c=d,e=f", drop_c).String() == "a=b,e=f");
  // The transform function's exception propagates.
  auto thrower = [](const std::string& f, const std::string&) -> std::pair<std::string, std::string> {
    throw apimachinery::Error("field label not supported: " + f);
  };
  CHECK_THROWS_WITH(fields::ParseAndTransformSelector("x=a", thrower), "field label not supported: x");
  // Transform on an existing selector leaves it unchanged.
  const auto orig = fields::ParseSelector("a=b,c=d");
  const auto renamed = orig.Transform(rename_a);
  CHECK(orig.String() == "a=b,c=d");
  CHECK(renamed.String() == "e=f,c=d");
  CHECK(fields::OneTermNotEqualSelector("a", "b").Transform(rename_a).String() == "e!=f");
}

}  // namespace fields_selector_test
