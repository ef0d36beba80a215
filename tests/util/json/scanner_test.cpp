#include "apimachinery/util/json/scanner.hpp"

#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "apimachinery/util/json/json.hpp"

namespace util_json_scanner_test {

namespace ujson = apimachinery::util::json;

TEST_CASE("CheckValid gives Go's SyntaxError texts", "[util][json][scanner]") {
  // Go 1.26: json.Unmarshal(text, &interface{}) (checkValid runs first).
  const std::pair<std::string, std::string> cases[] = {
      {R"({"a":1,})", "invalid character '}' looking for beginning of object key string"},
      {"[1,]", "invalid character ']' looking for beginning of value"},
      {"", "unexpected end of JSON input"},
      {"   ", "unexpected end of JSON input"},
      {R"({"a" 1})", "invalid character '1' after object key"},
      {"01", "invalid character '1' after top-level value"},
      {"1.", "invalid character ' ' after decimal point in numeric literal"},
      {"-", "invalid character ' ' in numeric literal"},
      {R"("\x")", "invalid character 'x' in string escape code"},
      {"tru", "invalid character ' ' in literal true (expecting 'e')"},
      {"nul", "invalid character ' ' in literal null (expecting 'l')"},
      {"[1 2]", "invalid character '2' after array element"},
      {"\"a\x01\"", "invalid character '\\x01' in string literal"},
      {R"("\u12G4")", "invalid character 'G' in \\u hexadecimal character escape"},
      {"1e", "invalid character ' ' in exponent of numeric literal"},
      {R"({"a":1 "b"})", "invalid character '\"' after object key:value pair"},
      {"'a'", "invalid character '\\'' looking for beginning of value"},
  };
  for (const auto& [in, want] : cases) {
    INFO(in);
    CHECK(ujson::CheckValid(in) == want);
  }
  for (const char* ok :
       {"0", "-0", "1e2", "1.50E-3", " {\"a\":[true,false,null,\"\\u00e9\"]} ", "[]", "{}"}) {
    INFO(ok);
    CHECK(ujson::CheckValid(ok).empty());
  }
}

TEST_CASE("Scanner refuses nesting beyond kMaxNestingDepth as Go", "[util][json][scanner]") {
  std::string deep(static_cast<std::size_t>(ujson::kMaxNestingDepth), '[');
  deep.append(static_cast<std::size_t>(ujson::kMaxNestingDepth), ']');
  CHECK(ujson::CheckValid(deep).empty());
  CHECK(ujson::CheckValid("[" + deep + "]") == "invalid character '[' exceeded max depth");
  ujson::Scanner s;
  CHECK(s.Step('{') == ujson::ScanCode::kBeginObject);
  CHECK(s.Depth() == 1);
  CHECK(s.Top() == ujson::Scanner::ParseState::kObjectKey);
  CHECK(s.Step('"') == ujson::ScanCode::kBeginLiteral);
  CHECK(s.InString());
  CHECK(s.Step('"') == ujson::ScanCode::kContinue);
  CHECK(s.Step(':') == ujson::ScanCode::kObjectKey);
  CHECK(s.Top() == ujson::Scanner::ParseState::kObjectValue);
  CHECK(s.Eof() == ujson::ScanCode::kError);
  CHECK(s.Error() == "unexpected end of JSON input");  // Go: {"a": -> the same
}

TEST_CASE("SanitizeStrings and Parse replace lone surrogate escapes as Go's unquote",
          "[util][json][scanner]") {
  // Go: json.Unmarshal into interface{}, then json.Marshal.
  CHECK(ujson::SanitizeStrings(R"(["\ud800","\ud83d\ude00","\udc00x","\ud800\u0041"])") ==
        R"(["\ufffd","\ud83d\ude00","\ufffdx","\ufffd\u0041"])");
  CHECK(ujson::SanitizeStrings("[\"a\xff\"]") == "[\"a\xef\xbf\xbd\"]");
  CHECK(ujson::Marshal(ujson::Parse(R"(["\ud800","\udc00x","\ud800\u0041"])")) ==
        "[\"\xef\xbf\xbd\",\"\xef\xbf\xbdx\",\"\xef\xbf\xbd"
        "A\"]");
  // A lone surrogate outside a string is still a syntax error.
  CHECK_THROWS_AS(ujson::Parse("[\\ud800]"), ujson::SyntaxError);
}

}  // namespace util_json_scanner_test
