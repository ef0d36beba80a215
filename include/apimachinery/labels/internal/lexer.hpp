// labels::internal::Lexer: the tokenizer of the label selector grammar (pkg/labels/selector.go,
// Lexer). Not part of the public API; exposed here so the tests can check it token by token.
//
// Whitespace is space, tab, CR and LF, skipped between tokens. The special characters
// `= ! ( ) , > <` end an identifier; operators are scanned greedily over consecutive special
// characters while the text so far is a known token (so `!==` is `!=` `=`). Any other byte
// belongs to an identifier; an identifier spelled `in` or `notin` is a keyword token.
// Literals are views into the input (no allocation).
//
// Throws: nothing. Thread-safety: a Lexer is a cursor; use one per thread.
// Difference from upstream: Go's lexer cannot tell a NUL byte from the end of input and stops
// there (silently truncating `x=a\0...`, and turning `\0garbage` into the empty selector). Here a
// NUL byte is an ordinary identifier byte, so any selector containing one fails key or value
// validation and Parse throws.
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

namespace apimachinery::labels::internal {

enum class Token {
  kError,  // never produced: every special character is a token on its own
  kEndOfString,
  kClosedPar,
  kComma,
  kDoesNotExist,
  kDoubleEquals,
  kEquals,
  kGreaterThan,
  kIdentifier,
  kIn,
  kLessThan,
  kNotEquals,
  kNotIn,
  kOpenPar,
};

struct ScannedItem {
  Token tok = Token::kError;
  std::string_view literal;
};

constexpr bool IsWhitespace(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
constexpr bool IsSpecialSymbol(char c) noexcept {
  return c == '=' || c == '!' || c == '(' || c == ')' || c == ',' || c == '>' || c == '<';
}

// TokenFor maps an exact token spelling to its token (kError when it is not one).
constexpr Token TokenFor(std::string_view s) noexcept {
  if (s == ")") return Token::kClosedPar;
  if (s == ",") return Token::kComma;
  if (s == "!") return Token::kDoesNotExist;
  if (s == "==") return Token::kDoubleEquals;
  if (s == "=") return Token::kEquals;
  if (s == ">") return Token::kGreaterThan;
  if (s == "in") return Token::kIn;
  if (s == "<") return Token::kLessThan;
  if (s == "!=") return Token::kNotEquals;
  if (s == "notin") return Token::kNotIn;
  if (s == "(") return Token::kOpenPar;
  return Token::kError;
}

class Lexer {
 public:
  explicit constexpr Lexer(std::string_view s) noexcept : s_(s) {}

  // Lex returns the next token and its literal; at the end it keeps returning kEndOfString "".
  constexpr ScannedItem Lex() noexcept {
    while (pos_ < s_.size() && IsWhitespace(s_[pos_])) ++pos_;
    if (pos_ >= s_.size()) return {Token::kEndOfString, {}};
    if (IsSpecialSymbol(s_[pos_])) return ScanSpecialSymbol();
    return ScanIDOrKeyword();
  }

 private:
  constexpr ScannedItem ScanIDOrKeyword() noexcept {
    const std::size_t start = pos_;
    while (pos_ < s_.size() && !IsSpecialSymbol(s_[pos_]) && !IsWhitespace(s_[pos_])) ++pos_;
    const std::string_view lit = s_.substr(start, pos_ - start);
    const Token t = TokenFor(lit);
    return {t == Token::kIn || t == Token::kNotIn ? t : Token::kIdentifier, lit};
  }

  // Greedy: extend while the accumulated text is a known token; stop before the first special
  // character that would make it unknown.
  constexpr ScannedItem ScanSpecialSymbol() noexcept {
    const std::size_t start = pos_;
    ScannedItem last;
    while (pos_ < s_.size() && IsSpecialSymbol(s_[pos_])) {
      const std::string_view buf = s_.substr(start, pos_ - start + 1);
      const Token t = TokenFor(buf);
      if (t != Token::kError) {
        last = {t, buf};
      } else if (last.tok != Token::kError) {
        break;
      }
      ++pos_;
    }
    return last;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
};

}  // namespace apimachinery::labels::internal
