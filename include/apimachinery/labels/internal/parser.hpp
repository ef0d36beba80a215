// labels/internal/parser.hpp: the label selector parser, internal::Parser (upstream's Parser: a
// recursive-descent parser over the Lexer's tokens, k8s.io/apimachinery/pkg/labels/selector.go:
// Parser.parse, parseRequirement, parseKeyAndInferOperator, parseOperator, parseValues) and
// ParseToRequirements built on it (selector.go: ParseToRequirements). Not part of the public API:
// include labels/selector.hpp, which includes this header at its end (the parser needs the
// complete Requirement type).
//
// Throws: Parser never throws for bad input (it records upstream's error text and returns
// false); ParseToRequirements throws labels::ParseError with that text; otherwise std::bad_alloc.
// Cost: one pass over the token list. Thread-safety: a Parser is a cursor; use one per thread.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/labels/internal/lexer.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/validation/field/field.hpp"

namespace apimachinery::labels {

namespace internal {

// Parser is the recursive-descent parser over the token list (upstream's Parser). It never
// throws for bad input: it records the upstream error text and returns false.
class Parser {
 public:
  APIMACHINERY_DECL explicit Parser(std::string_view input);

  APIMACHINERY_DECL bool Parse(Requirements& out);

  APIMACHINERY_DECL const std::string& Error() const noexcept;

 private:
  // In the values context the keywords `in` and `notin` are identifiers.
  APIMACHINERY_DECL ScannedItem Lookahead(bool values) const noexcept;
  APIMACHINERY_DECL ScannedItem Consume(bool values) noexcept;
  APIMACHINERY_DECL bool Fail(std::string_view literal, std::string_view rest);

  APIMACHINERY_DECL bool ParseRequirement(Requirement& out);

  // `(` [slot {`,` slot}] `)` where an empty slot is the empty string.
  APIMACHINERY_DECL bool ParseValues(std::vector<std::string>& out);

  APIMACHINERY_DECL bool ParseExactValue(std::vector<std::string>& out);

  std::vector<ScannedItem> items_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace internal

}  // namespace apimachinery::labels

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/labels/internal/impl/parser.ipp"
#endif
