// Tests for labels/internal/lexer.hpp: k8s.io/apimachinery/pkg/labels/selector.go: Lexer (TestLexer,
// TestLexerSequence).
#include "apimachinery/labels/internal/lexer.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace labels_lexer_test {

using apimachinery::labels::internal::Lexer;
using apimachinery::labels::internal::ScannedItem;
using apimachinery::labels::internal::Token;

namespace {

std::vector<ScannedItem> LexAll(std::string_view s) {
  Lexer l(s);
  std::vector<ScannedItem> out;
  while (true) {
    ScannedItem it = l.Lex();
    out.push_back(it);
    if (it.tok == Token::kEndOfString) break;
  }
  return out;
}

std::vector<Token> Tokens(std::string_view s) {
  std::vector<Token> out;
  for (const auto& it : LexAll(s)) out.push_back(it.tok);
  return out;
}

}  // namespace

TEST_CASE("TestLexer: single tokens", "[labels][lexer]") {
  const std::vector<std::pair<std::string, Token>> rows = {
      {"", Token::kEndOfString},  {",", Token::kComma},       {"notin", Token::kNotIn},
      {"in", Token::kIn},         {"=", Token::kEquals},      {"==", Token::kDoubleEquals},
      {">", Token::kGreaterThan}, {"<", Token::kLessThan},    {"!", Token::kDoesNotExist},
      {"!=", Token::kNotEquals},  {"(", Token::kOpenPar},     {")", Token::kClosedPar},
      {"~", Token::kIdentifier},  {"||", Token::kIdentifier},
  };
  for (const auto& [input, tok] : rows) {
    CAPTURE(input);
    Lexer l(input);
    const ScannedItem it = l.Lex();
    CHECK(it.tok == tok);
    if (tok != Token::kEndOfString) CHECK(it.literal == input);
  }
}

TEST_CASE("TestLexerSequence", "[labels][lexer]") {
  using T = Token;
  const std::vector<std::pair<std::string, std::vector<Token>>> rows = {
      {"key in ( value )", {T::kIdentifier, T::kIn, T::kOpenPar, T::kIdentifier, T::kClosedPar}},
      {"key notin ( value )", {T::kIdentifier, T::kNotIn, T::kOpenPar, T::kIdentifier, T::kClosedPar}},
      {"key in ( value1, value2 )",
       {T::kIdentifier, T::kIn, T::kOpenPar, T::kIdentifier, T::kComma, T::kIdentifier, T::kClosedPar}},
      {"key", {T::kIdentifier}},
      {"!key", {T::kDoesNotExist, T::kIdentifier}},
      {"()", {T::kOpenPar, T::kClosedPar}},
      {"x in (),y", {T::kIdentifier, T::kIn, T::kOpenPar, T::kClosedPar, T::kComma, T::kIdentifier}},
      {"== != (), = notin",
       {T::kDoubleEquals, T::kNotEquals, T::kOpenPar, T::kClosedPar, T::kComma, T::kEquals, T::kNotIn}},
      {"key>2", {T::kIdentifier, T::kGreaterThan, T::kIdentifier}},
      {"key<1", {T::kIdentifier, T::kLessThan, T::kIdentifier}},
  };
  for (auto [input, want] : rows) {
    CAPTURE(input);
    want.push_back(T::kEndOfString);  // the parser's list always ends with end of string
    CHECK(Tokens(input) == want);
  }
}

TEST_CASE("Lexer: greedy operator scanning and separators", "[labels][lexer]") {
  using T = Token;
  CHECK(Tokens("!==") == std::vector<Token>{T::kNotEquals, T::kEquals, T::kEndOfString});
  CHECK(Tokens(">=") == std::vector<Token>{T::kGreaterThan, T::kEquals, T::kEndOfString});
  CHECK(Tokens("=>") == std::vector<Token>{T::kEquals, T::kGreaterThan, T::kEndOfString});
  CHECK(Tokens("!!") == std::vector<Token>{T::kDoesNotExist, T::kDoesNotExist, T::kEndOfString});
  CHECK(Tokens("a\tb\r\nc") ==
        std::vector<Token>{T::kIdentifier, T::kIdentifier, T::kIdentifier, T::kEndOfString});
  // `~ | $ / .` and non-ASCII bytes belong to identifiers.
  auto items = LexAll("a/b.c~$|\xc3\xa9=x");
  REQUIRE(items.size() == 4);
  CHECK(items[0].literal == "a/b.c~$|\xc3\xa9");
  // Keywords are only whole identifiers.
  items = LexAll("inx notin2 in");
  CHECK(items[0].tok == T::kIdentifier);
  CHECK(items[1].tok == T::kIdentifier);
  CHECK(items[2].tok == T::kIn);
  // Lexing past the end keeps returning end of string.
  Lexer l("x");
  l.Lex();
  CHECK(l.Lex().tok == T::kEndOfString);
  CHECK(l.Lex().tok == T::kEndOfString);
}

TEST_CASE("Lexer: a NUL byte is an identifier byte (documented deviation)", "[labels][lexer]") {
  const std::string s("x=a\0b", 5);
  auto items = LexAll(s);
  REQUIRE(items.size() == 4);
  CHECK(items[2].literal == std::string_view("a\0b", 3));
  const std::string only_nul(1, '\0');
  CHECK(LexAll(only_nul)[0].tok == Token::kIdentifier);
}

}  // namespace labels_lexer_test
