// Definitions of the non-template functions declared in <apimachinery/util/json/scanner.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/json/scanner.hpp"

namespace apimachinery::util::json {

APIMACHINERY_DECL void Scanner::Reset() noexcept {
  step_ = State::kBeginValue;
  parse_.clear();
  end_top_ = false;
  err_.clear();
}

APIMACHINERY_DECL ScanCode Scanner::Step(unsigned char c) {
  for (;;) {
    switch (step_) {
      case State::kBeginValueOrEmpty:
        if (IsSpace(c)) return ScanCode::kSkipSpace;
        if (c == ']') {
          step_ = State::kEndValue;
          continue;
        }
        step_ = State::kBeginValue;
        continue;
      case State::kBeginValue:
        if (IsSpace(c)) return ScanCode::kSkipSpace;
        switch (c) {
          case '{':
            step_ = State::kBeginStringOrEmpty;
            return Push(c, ParseState::kObjectKey, ScanCode::kBeginObject);
          case '[':
            step_ = State::kBeginValueOrEmpty;
            return Push(c, ParseState::kArrayValue, ScanCode::kBeginArray);
          case '"':
            step_ = State::kInString;
            return ScanCode::kBeginLiteral;
          case '-':
            step_ = State::kNeg;
            return ScanCode::kBeginLiteral;
          case '0':
            step_ = State::k0;
            return ScanCode::kBeginLiteral;
          case 't':
            step_ = State::kT;
            return ScanCode::kBeginLiteral;
          case 'f':
            step_ = State::kF;
            return ScanCode::kBeginLiteral;
          case 'n':
            step_ = State::kN;
            return ScanCode::kBeginLiteral;
          default:
            break;
        }
        if ('1' <= c && c <= '9') {
          step_ = State::k1;
          return ScanCode::kBeginLiteral;
        }
        return Fail(c, "looking for beginning of value");
      case State::kBeginStringOrEmpty:
        if (IsSpace(c)) return ScanCode::kSkipSpace;
        if (c == '}') {
          parse_.back() = ParseState::kObjectValue;
          step_ = State::kEndValue;
          continue;
        }
        step_ = State::kBeginString;
        continue;
      case State::kBeginString:
        if (IsSpace(c)) return ScanCode::kSkipSpace;
        if (c == '"') {
          step_ = State::kInString;
          return ScanCode::kBeginLiteral;
        }
        return Fail(c, "looking for beginning of object key string");
      case State::kEndValue: {
        if (parse_.empty()) {
          step_ = State::kEndTop;
          end_top_ = true;
          continue;
        }
        if (IsSpace(c)) return ScanCode::kSkipSpace;
        switch (parse_.back()) {
          case ParseState::kObjectKey:
            if (c == ':') {
              parse_.back() = ParseState::kObjectValue;
              step_ = State::kBeginValue;
              return ScanCode::kObjectKey;
            }
            return Fail(c, "after object key");
          case ParseState::kObjectValue:
            if (c == ',') {
              parse_.back() = ParseState::kObjectKey;
              step_ = State::kBeginString;
              return ScanCode::kObjectValue;
            }
            if (c == '}') {
              Pop();
              return ScanCode::kEndObject;
            }
            return Fail(c, "after object key:value pair");
          case ParseState::kArrayValue:
            if (c == ',') {
              step_ = State::kBeginValue;
              return ScanCode::kArrayValue;
            }
            if (c == ']') {
              Pop();
              return ScanCode::kEndArray;
            }
            return Fail(c, "after array element");
        }
        return Fail(c, "");
      }
      case State::kEndTop:
        if (!IsSpace(c)) Fail(c, "after top-level value");  // reported on the next call
        return ScanCode::kEnd;
      case State::kInString:
        if (c == '"') {
          step_ = State::kEndValue;
          return ScanCode::kContinue;
        }
        if (c == '\\') {
          step_ = State::kInStringEsc;
          return ScanCode::kContinue;
        }
        if (c < 0x20) return Fail(c, "in string literal");
        return ScanCode::kContinue;
      case State::kInStringEsc:
        switch (c) {
          case 'b':
          case 'f':
          case 'n':
          case 'r':
          case 't':
          case '\\':
          case '/':
          case '"':
            step_ = State::kInString;
            return ScanCode::kContinue;
          case 'u':
            step_ = State::kInStringEscU;
            escape_ = 0;
            return ScanCode::kContinue;
          default:
            return Fail(c, "in string escape code");
        }
      case State::kInStringEscU:
      case State::kInStringEscU1:
      case State::kInStringEscU12:
      case State::kInStringEscU123: {
        const int h = HexValue(c);
        if (h < 0) return Fail(c, "in \\u hexadecimal character escape");
        escape_ = escape_ * 16 + static_cast<std::uint32_t>(h);
        if (step_ == State::kInStringEscU123) {
          if (escape_ >= 0xD800 && escape_ <= 0xDFFF) surrogate_escape_ = true;
          step_ = State::kInString;
        } else {
          step_ = static_cast<State>(static_cast<std::uint8_t>(step_) + 1);
        }
        return ScanCode::kContinue;
      }
      case State::kNeg:
        if (c == '0') {
          step_ = State::k0;
          return ScanCode::kContinue;
        }
        if ('1' <= c && c <= '9') {
          step_ = State::k1;
          return ScanCode::kContinue;
        }
        return Fail(c, "in numeric literal");
      case State::k1:
        if ('0' <= c && c <= '9') return ScanCode::kContinue;
        step_ = State::k0;
        continue;
      case State::k0:
        if (c == '.') {
          step_ = State::kDot;
          return ScanCode::kContinue;
        }
        if (c == 'e' || c == 'E') {
          step_ = State::kE;
          return ScanCode::kContinue;
        }
        step_ = State::kEndValue;
        continue;
      case State::kDot:
        if ('0' <= c && c <= '9') {
          step_ = State::kDot0;
          return ScanCode::kContinue;
        }
        return Fail(c, "after decimal point in numeric literal");
      case State::kDot0:
        if ('0' <= c && c <= '9') return ScanCode::kContinue;
        if (c == 'e' || c == 'E') {
          step_ = State::kE;
          return ScanCode::kContinue;
        }
        step_ = State::kEndValue;
        continue;
      case State::kE:
        if (c == '+' || c == '-') {
          step_ = State::kESign;
          return ScanCode::kContinue;
        }
        step_ = State::kESign;
        continue;
      case State::kESign:
        if ('0' <= c && c <= '9') {
          step_ = State::kE0;
          return ScanCode::kContinue;
        }
        return Fail(c, "in exponent of numeric literal");
      case State::kE0:
        if ('0' <= c && c <= '9') return ScanCode::kContinue;
        step_ = State::kEndValue;
        continue;
      case State::kT:
        return Expect(c, 'r', State::kTr, "in literal true (expecting 'r')");
      case State::kTr:
        return Expect(c, 'u', State::kTru, "in literal true (expecting 'u')");
      case State::kTru:
        return Expect(c, 'e', State::kEndValue, "in literal true (expecting 'e')");
      case State::kF:
        return Expect(c, 'a', State::kFa, "in literal false (expecting 'a')");
      case State::kFa:
        return Expect(c, 'l', State::kFal, "in literal false (expecting 'l')");
      case State::kFal:
        return Expect(c, 's', State::kFals, "in literal false (expecting 's')");
      case State::kFals:
        return Expect(c, 'e', State::kEndValue, "in literal false (expecting 'e')");
      case State::kN:
        return Expect(c, 'u', State::kNu, "in literal null (expecting 'u')");
      case State::kNu:
        return Expect(c, 'l', State::kNul, "in literal null (expecting 'l')");
      case State::kNul:
        return Expect(c, 'l', State::kEndValue, "in literal null (expecting 'l')");
      case State::kError:
        return ScanCode::kError;
    }
    return ScanCode::kError;
  }
}

APIMACHINERY_DECL ScanCode Scanner::Eof() {
  if (step_ == State::kError) return ScanCode::kError;
  if (end_top_) return ScanCode::kEnd;
  Step(' ');
  if (end_top_) return ScanCode::kEnd;
  if (step_ != State::kError) {
    step_ = State::kError;
    err_ = "unexpected end of JSON input";
  }
  return ScanCode::kError;
}

APIMACHINERY_DECL bool Scanner::InString() const noexcept { return step_ == State::kInString; }

APIMACHINERY_DECL std::size_t Scanner::Depth() const noexcept { return parse_.size(); }

APIMACHINERY_DECL auto Scanner::Top() const noexcept -> ParseState { return parse_.back(); }

APIMACHINERY_DECL const std::string& Scanner::Error() const noexcept { return err_; }

APIMACHINERY_DECL bool Scanner::TakeSurrogateEscape() noexcept {
  const bool s = surrogate_escape_;
  surrogate_escape_ = false;
  return s;
}

APIMACHINERY_DECL std::string Scanner::QuoteChar(unsigned char c) {
  if (c == '\'') return R"('\'')";
  if (c == '"') return R"('"')";
  std::string rune;
  AppendRune(rune, static_cast<char32_t>(c));
  const std::string q = Quote(rune);
  return "'" + q.substr(1, q.size() - 2) + "'";
}

APIMACHINERY_DECL bool Scanner::IsSpace(unsigned char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

APIMACHINERY_DECL int Scanner::HexValue(unsigned char c) noexcept {
  if ('0' <= c && c <= '9') return c - '0';
  if ('a' <= c && c <= 'f') return c - 'a' + 10;
  if ('A' <= c && c <= 'F') return c - 'A' + 10;
  return -1;
}

APIMACHINERY_DECL ScanCode Scanner::Expect(unsigned char c, unsigned char want, State next,
                                           std::string_view context) {
  if (c != want) return Fail(c, context);
  step_ = next;
  return ScanCode::kContinue;
}

APIMACHINERY_DECL ScanCode Scanner::Push(unsigned char c, ParseState ps, ScanCode success) {
  parse_.push_back(ps);
  if (parse_.size() <= static_cast<std::size_t>(kMaxNestingDepth)) return success;
  return Fail(c, "exceeded max depth");
}

APIMACHINERY_DECL void Scanner::Pop() noexcept {
  parse_.pop_back();
  if (parse_.empty()) {
    step_ = State::kEndTop;
    end_top_ = true;
  } else {
    step_ = State::kEndValue;
  }
}

APIMACHINERY_DECL ScanCode Scanner::Fail(unsigned char c, std::string_view context) {
  step_ = State::kError;
  err_ = "invalid character " + QuoteChar(c) + " ";
  err_ += context;
  return ScanCode::kError;
}

APIMACHINERY_DECL std::string CheckValid(std::string_view data) {
  Scanner s;
  for (const char c : data) {
    if (s.Step(static_cast<unsigned char>(c)) == ScanCode::kError) return s.Error();
  }
  if (s.Eof() == ScanCode::kError) return s.Error();
  return {};
}

APIMACHINERY_DECL std::string SanitizeStrings(std::string_view in) {
  std::string out;
  out.reserve(in.size() + 8);
  bool in_string = false;
  std::size_t i = 0;
  auto hex4 = [&](std::size_t at) -> long {
    if (at + 4 > in.size()) return -1;
    long v = 0;
    for (std::size_t k = at; k < at + 4; ++k) {
      const char c = in[k];
      int h = -1;
      if (c >= '0' && c <= '9') h = c - '0';
      if (c >= 'a' && c <= 'f') h = c - 'a' + 10;
      if (c >= 'A' && c <= 'F') h = c - 'A' + 10;
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    return v;
  };
  while (i < in.size()) {
    const auto c = static_cast<unsigned char>(in[i]);
    if (!in_string) {
      if (c == '"') in_string = true;
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    if (c == '"') {
      in_string = false;
      out += '"';
      ++i;
    } else if (c == '\\') {
      if (i + 1 < in.size() && in[i + 1] == 'u') {
        const long r = hex4(i + 2);
        if (r >= 0xD800 && r <= 0xDBFF && i + 12 <= in.size() && in[i + 6] == '\\' && in[i + 7] == 'u') {
          const long r2 = hex4(i + 8);
          if (r2 >= 0xDC00 && r2 <= 0xDFFF) {
            out.append(in.substr(i, 12));
            i += 12;
            continue;
          }
        }
        if (r >= 0xD800 && r <= 0xDFFF) {
          out += "\\ufffd";
        } else {
          out.append(in.substr(i, 6));
        }
        i += 6;
      } else {
        out.append(in.substr(i, 2));
        i += 2;
      }
    } else if (c < kRuneSelf) {
      out += static_cast<char>(c);
      ++i;
    } else {
      const DecodedRune d = DecodeRune(in.substr(i));
      if (d.rune == kRuneError && d.width == 1) {
        AppendRune(out, kRuneError);
      } else {
        out.append(in.substr(i, d.width));
      }
      i += d.width;
    }
  }
  return out;
}

}  // namespace apimachinery::util::json
