// Definitions of the non-template functions declared in <apimachinery/labels/internal/parser.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/labels/internal/parser.hpp"

namespace apimachinery::labels::internal {

APIMACHINERY_DECL Parser::Parser(std::string_view input) {
  Lexer lexer(input);
  while (true) {
    ScannedItem item = lexer.Lex();
    items_.push_back(item);
    if (item.tok == Token::kEndOfString) break;
  }
}

APIMACHINERY_DECL bool Parser::Parse(Requirements& out) {
  while (true) {
    const ScannedItem t = Lookahead(true);
    switch (t.tok) {
      case Token::kIdentifier:
      case Token::kDoesNotExist: {
        Requirement r;
        if (!ParseRequirement(r)) {
          error_ = "unable to parse requirement: " + error_;
          return false;
        }
        out.push_back(std::move(r));
        const ScannedItem next = Consume(true);
        if (next.tok == Token::kEndOfString) return true;
        if (next.tok == Token::kComma) {
          const ScannedItem after = Lookahead(true);
          if (after.tok != Token::kIdentifier && after.tok != Token::kDoesNotExist) {
            return Fail(after.literal, "', expected: identifier after ','");
          }
          break;
        }
        return Fail(next.literal, "', expected: ',' or 'end of string'");
      }
      case Token::kEndOfString:
        return true;
      default:
        return Fail(t.literal, "', expected: !, identifier, or 'end of string'");
    }
  }
}

APIMACHINERY_DECL const std::string& Parser::Error() const noexcept { return error_; }

APIMACHINERY_DECL ScannedItem Parser::Lookahead(bool values) const noexcept {
  ScannedItem item = items_[pos_];
  if (values && (item.tok == Token::kIn || item.tok == Token::kNotIn)) item.tok = Token::kIdentifier;
  return item;
}

APIMACHINERY_DECL ScannedItem Parser::Consume(bool values) noexcept {
  ScannedItem item = Lookahead(values);
  if (pos_ + 1 < items_.size()) ++pos_;
  return item;
}

APIMACHINERY_DECL bool Parser::Fail(std::string_view literal, std::string_view rest) {
  error_ = "found '";
  error_ += literal;
  error_ += rest;
  return false;
}

APIMACHINERY_DECL bool Parser::ParseRequirement(Requirement& out) {
  using selection::Operator;
  Operator op = Operator::kNone;
  ScannedItem t = Consume(true);
  if (t.tok == Token::kDoesNotExist) {
    op = Operator::kDoesNotExist;
    t = Consume(true);
  }
  if (t.tok != Token::kIdentifier) return Fail(t.literal, "', expected: identifier");
  const std::string_view key = t.literal;
  if (auto msgs = validation::IsQualifiedName(key); !msgs.empty()) {
    error_ = KeyError(field::Path(), key, msgs).what();
    return false;
  }
  const Token next = Lookahead(true).tok;
  if (next == Token::kEndOfString || next == Token::kComma) {
    if (op != Operator::kDoesNotExist) op = Operator::kExists;
  }
  if (op == Operator::kExists || op == Operator::kDoesNotExist) {
    out = MakeRequirement(std::string(key), op, {});
    return true;
  }

  const ScannedItem op_item = Consume(false);
  switch (op_item.tok) {
    case Token::kIn:
      op = Operator::kIn;
      break;
    case Token::kEquals:
      op = Operator::kEquals;
      break;
    case Token::kDoubleEquals:
      op = Operator::kDoubleEquals;
      break;
    case Token::kGreaterThan:
      op = Operator::kGreaterThan;
      break;
    case Token::kLessThan:
      op = Operator::kLessThan;
      break;
    case Token::kNotIn:
      op = Operator::kNotIn;
      break;
    case Token::kNotEquals:
      op = Operator::kNotEquals;
      break;
    default:
      return Fail(op_item.literal, "', expected: in, notin, =, ==, !=, gt, lt");
  }

  std::vector<std::string> values;
  const bool ok =
      (op == Operator::kIn || op == Operator::kNotIn) ? ParseValues(values) : ParseExactValue(values);
  if (!ok) return false;
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());

  field::ErrorList errs;
  ValidateRequirement(key, op, {}, values, /*check_key=*/false, errs);
  if (!errs.empty()) {
    error_ = field::ToAggregate(errs)->what();
    return false;
  }
  out = MakeRequirement(std::string(key), op, std::move(values));
  return true;
}

APIMACHINERY_DECL bool Parser::ParseValues(std::vector<std::string>& out) {
  const ScannedItem open = Consume(true);
  if (open.tok != Token::kOpenPar) return Fail(open.literal, "' expected: '('");
  const ScannedItem first = Lookahead(true);
  switch (first.tok) {
    case Token::kClosedPar:
      Consume(true);
      out.emplace_back();
      return true;
    case Token::kIdentifier:
    case Token::kComma:
      break;
    default:
      return Fail(first.literal, "', expected: ',', ')' or identifier");
  }
  while (true) {
    const ScannedItem t = Consume(true);
    if (t.tok == Token::kIdentifier) {
      out.emplace_back(t.literal);
      const ScannedItem after = Lookahead(true);
      if (after.tok == Token::kComma) continue;
      if (after.tok == Token::kClosedPar) break;
      return Fail(after.literal, "', expected: ',' or ')'");
    }
    if (t.tok == Token::kComma) {
      if (out.empty()) out.emplace_back();  // "(," starts with an empty slot
      const Token after = Lookahead(true).tok;
      if (after == Token::kClosedPar) {
        out.emplace_back();  // ",)" ends with an empty slot
        break;
      }
      if (after == Token::kComma) out.emplace_back();  // ",," holds an empty slot
      continue;
    }
    return Fail(t.literal, "', expected: ',', or identifier");
  }
  const ScannedItem close = Consume(true);
  if (close.tok != Token::kClosedPar) return Fail(first.literal, "', expected: ')'");
  return true;
}

APIMACHINERY_DECL bool Parser::ParseExactValue(std::vector<std::string>& out) {
  const Token next = Lookahead(true).tok;
  if (next == Token::kEndOfString || next == Token::kComma) {
    out.emplace_back();
    return true;
  }
  const ScannedItem t = Consume(true);
  if (t.tok != Token::kIdentifier) return Fail(t.literal, "', expected: identifier");
  out.emplace_back(t.literal);
  return true;
}

}  // namespace apimachinery::labels::internal

namespace apimachinery::labels {

APIMACHINERY_DECL labels::Requirements ParseToRequirements(std::string_view selector) {
  internal::Parser parser(selector);
  labels::Requirements reqs;
  if (!parser.Parse(reqs)) throw ParseError(parser.Error());
  internal::SortByKey(reqs);
  return reqs;
}

}  // namespace apimachinery::labels
