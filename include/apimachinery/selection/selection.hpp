// Package selection: the selector operators shared by label and field selectors
// (k8s.io/apimachinery/pkg/selection, operator.go). This header is also the package umbrella;
// labels/selection.hpp forwards here (the old spelling).
//
// Example:
//   selection::Operator op = selection::Operator::kNotIn;
//   selection::String(op);                       // "notin"
//   selection::OperatorFromString("gt");         // Operator::kGreaterThan
//
// Upstream's Operator is a string type; here it is an enum whose String() is upstream's string
// value. kNone stands for Go's zero value "" (a default-constructed Requirement carries it; it
// matches nothing and prints nothing). Strings that name no operator are handled where upstream
// reports them (labels::NewRequirement's string overload).
// Printing: operator<< and fmt::formatter<Operator> (APIMACHINERY_STRINGER, util/format.hpp) print
// String(op), so fmt::format("{}", op) and `os << op` agree.
// Throws: nothing. Thread-safety: constants and pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "apimachinery/util/format.hpp"

namespace apimachinery::selection {

enum class Operator : std::uint8_t {
  kNone = 0,      // Go's zero value ""
  kDoesNotExist,  // "!"
  kEquals,        // "="
  kDoubleEquals,  // "=="
  kIn,            // "in"
  kNotEquals,     // "!="
  kNotIn,         // "notin"
  kExists,        // "exists"
  kGreaterThan,   // "gt"
  kLessThan,      // "lt"
};

// String returns upstream's string value of the operator ("" for kNone).
constexpr std::string_view String(Operator op) noexcept {
  switch (op) {
    case Operator::kDoesNotExist:
      return "!";
    case Operator::kEquals:
      return "=";
    case Operator::kDoubleEquals:
      return "==";
    case Operator::kIn:
      return "in";
    case Operator::kNotEquals:
      return "!=";
    case Operator::kNotIn:
      return "notin";
    case Operator::kExists:
      return "exists";
    case Operator::kGreaterThan:
      return "gt";
    case Operator::kLessThan:
      return "lt";
    case Operator::kNone:
      break;
  }
  return "";
}

// OperatorFromString maps upstream's string value back to the enum (nullopt for anything else,
// including "").
constexpr std::optional<Operator> OperatorFromString(std::string_view s) noexcept {
  constexpr Operator kAll[] = {Operator::kDoesNotExist, Operator::kEquals,      Operator::kDoubleEquals,
                               Operator::kIn,           Operator::kNotEquals,   Operator::kNotIn,
                               Operator::kExists,       Operator::kGreaterThan, Operator::kLessThan};
  for (Operator op : kAll) {
    if (String(op) == s) return op;
  }
  return std::nullopt;
}

}  // namespace apimachinery::selection

// operator<< and fmt::formatter<Operator>, both printing String(op).
APIMACHINERY_STRINGER(apimachinery::selection, Operator);
