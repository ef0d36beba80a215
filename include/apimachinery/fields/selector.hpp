// fields::Selector: field selectors (k8s.io/apimachinery/pkg/fields, selector.go, requirements.go).
//
// A field selector is an AND of `field=value` / `field==value` / `field!=value` terms. Values are
// escaped with a backslash (`\\`, `\,`, `\=`); fields are taken verbatim, whitespace included.
//
// Example:
//   auto sel = fields::ParseSelector("status.phase!=Running,metadata.name=web-0");
//   sel.String();                                        // "metadata.name=web-0,status.phase!=Running"
//   sel.RequiresExactMatch("metadata.name");            // "web-0"
//   sel.Matches(fields::Set{{"metadata.name", "web-0"}}); // true: a missing field reads as ""
//
// ParseSelector splits at unescaped commas, sorts the raw terms, drops empty ones, splits each
// term at the first `!=`, `==` or `=` and unescapes the value; terms whose field and value are both
// empty disappear (so "=" parses to Everything).
//
// Selector is a cheap value type: an immutable term tree shared between copies.
// Throws: ParseSelector throws fields::ParseError (`invalid selector: '<s>'; can't understand
// '<term>'`) or its subclasses InvalidEscapeSequenceError / UnescapedRuneError (from UnescapeValue);
// Transform propagates whatever the transform function throws. Strong guarantee.
// Thread-safety: immutable; concurrent const use is safe.
// Differences from upstream: SelectorFromSet with several keys builds the AND in key order (upstream
// uses Go map iteration order, i.e. unspecified); a nil and an empty Set are the same (both give the
// empty AND, which is Empty() and matches everything, as upstream's nil Set → Everything() does).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/fields/field_set.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/utf8.hpp"

namespace apimachinery::fields {

// ParseError is thrown by ParseSelector; what() is upstream's text.
class ParseError : public Error {
 public:
  using Error::Error;
};

// InvalidEscapeSequenceError: `invalid field selector: invalid escape sequence: \a`.
class InvalidEscapeSequenceError : public ParseError {
 public:
  APIMACHINERY_DECL explicit InvalidEscapeSequenceError(std::string seq);
  std::string sequence;
};

// UnescapedRuneError: `invalid field selector: unescaped character in value: 61` (the rune's code).
class UnescapedRuneError : public ParseError {
 public:
  APIMACHINERY_DECL explicit UnescapedRuneError(char32_t r);
  char32_t rune;
};

// Requirement is one term: {Operator, Field, Value} (upstream fields.Requirement; the Operator
// member is named `op` because `operator` is a C++ keyword).
struct Requirement {
  selection::Operator op = selection::Operator::kNone;
  std::string field;
  std::string value;
  friend bool operator==(const Requirement&, const Requirement&) = default;
};
using Requirements = std::vector<Requirement>;

// EscapeValue escapes `\`, `,` and `=` with a backslash.
std::string EscapeValue(std::string_view s);
// UnescapeValue reverses EscapeValue; throws InvalidEscapeSequenceError for `\x` with x not one
// of `\ , =` (or a trailing `\`) and UnescapedRuneError for a bare `,` or `=`.
std::string UnescapeValue(std::string_view s);

class Selector {
 public:
  // The empty AND: matches everything (upstream Everything()).
  Selector() noexcept = default;

  // Matches: an equals term matches when Get(field) == value (a missing field reads as ""), a
  // not-equals term when it differs; an AND when all children match.
  APIMACHINERY_DECL bool Matches(const Set& fs) const;
  template <Fields F>
  bool Matches(const F& fs) const;

  // Empty: an AND whose children are all empty (or none); a single term never is; Nothing is not.
  APIMACHINERY_DECL bool Empty() const noexcept;
  // RequiresExactMatch: an equals term on this field gives its value (even ""); an AND asks its
  // children in order.
  APIMACHINERY_DECL std::optional<std::string> RequiresExactMatch(std::string_view field) const;
  // Transform maps each term's (field, value) through fn, which returns
  // std::pair<std::string, std::string>; a term mapped to ("", "") disappears.
  template <typename Fn>
  Selector Transform(Fn&& fn) const;
  // Requirements: one per term, the AND flattened.
  APIMACHINERY_DECL fields::Requirements Requirements() const;
  // String: `field=escapedValue` / `field!=escapedValue` terms joined by ','.
  APIMACHINERY_DECL std::string String() const;
  APIMACHINERY_DECL Selector DeepCopySelector() const;

  // Builders (upstream's hasTerm, notHasTerm, andTerm, nothingSelector).
  APIMACHINERY_DECL static Selector HasTerm(std::string field, std::string value);
  APIMACHINERY_DECL static Selector NotHasTerm(std::string field, std::string value);
  APIMACHINERY_DECL static Selector And(std::vector<Selector> terms);
  APIMACHINERY_DECL static Selector MakeNothing();

 private:
  enum class Kind : std::uint8_t { kAnd, kHas, kNotHas, kNothing };
  struct Node {
    Kind kind = Kind::kAnd;
    std::string field;
    std::string value;
    std::vector<Selector> children;
  };
  APIMACHINERY_DECL static Selector Make(Node n);
  APIMACHINERY_DECL bool MatchesValue(std::string_view got) const noexcept;
  APIMACHINERY_DECL void AppendRequirements(fields::Requirements& out) const;

  std::shared_ptr<const Node> node_;  // null: the empty AND
};

// Everything matches all fields (the empty AND; String() "").
APIMACHINERY_DECL Selector Everything() noexcept;
// Nothing matches nothing; Empty() is false, String() "".
APIMACHINERY_DECL Selector Nothing();

// ParseSelector reads a field selector. Throws ParseError (or a subclass).
Selector ParseSelector(std::string_view selector);
// ParseAndTransformSelector parses, then applies Transform(fn).
template <typename Fn>
Selector ParseAndTransformSelector(std::string_view selector, Fn&& fn);

// OneTermEqualSelector: `k=v`. OneTermNotEqualSelector: `k!=v`. Neither is transformed, so
// OneTermEqualSelector("", "") stays non-empty and prints "=".
APIMACHINERY_DECL Selector OneTermEqualSelector(std::string_view k, std::string_view v);
APIMACHINERY_DECL Selector OneTermNotEqualSelector(std::string_view k, std::string_view v);
// AndSelectors: an AND of the selectors in the given order (no sorting).
APIMACHINERY_DECL Selector AndSelectors(std::vector<Selector> selectors);
// SelectorFromSet: one equals term per entry (a single term for one entry, an AND in key order
// otherwise, the empty AND for an empty set). Set.AsSelector is the same.
Selector SelectorFromSet(const Set& fs);
APIMACHINERY_DECL Selector AsSelector(const Set& fs);

namespace internal {
// SplitTerms splits at commas not preceded by an escaping backslash ("" gives no terms).
std::vector<std::string_view> SplitTerms(std::string_view selector);
// SplitTerm finds the first `!=`, `==` or `=` (tried in that order at each position).
struct Term {
  std::string_view lhs, op, rhs;
};
std::optional<Term> SplitTerm(std::string_view term) noexcept;
}  // namespace internal

// Implementation details follow.

namespace internal {}  // namespace internal

template <Fields F>
bool Selector::Matches(const F& fs) const {
  if (!node_) return true;
  switch (node_->kind) {
    case Kind::kHas:
    case Kind::kNotHas: {
      decltype(auto) v = fs.Get(node_->field);
      return MatchesValue(std::string_view(v));
    }
    case Kind::kAnd:
      for (const auto& c : node_->children) {
        if (!c.Matches(fs)) return false;
      }
      return true;
    case Kind::kNothing:
      break;
  }
  return false;
}

template <typename Fn>
Selector Selector::Transform(Fn&& fn) const {
  if (!node_) return *this;
  switch (node_->kind) {
    case Kind::kHas:
    case Kind::kNotHas: {
      auto [f, v] = fn(node_->field, node_->value);
      std::string field(std::move(f));
      std::string value(std::move(v));
      if (field.empty() && value.empty()) return Everything();
      return node_->kind == Kind::kHas ? HasTerm(std::move(field), std::move(value))
                                       : NotHasTerm(std::move(field), std::move(value));
    }
    case Kind::kAnd: {
      std::vector<Selector> next;
      next.reserve(node_->children.size());
      for (const auto& c : node_->children) {
        Selector n = c.Transform(fn);
        if (!n.Empty()) next.push_back(std::move(n));
      }
      return And(std::move(next));
    }
    case Kind::kNothing:
      break;
  }
  return *this;
}

template <typename Fn>
Selector ParseAndTransformSelector(std::string_view selector, Fn&& fn) {
  std::vector<std::string_view> parts = internal::SplitTerms(selector);
  std::sort(parts.begin(), parts.end());
  std::vector<Selector> items;
  items.reserve(parts.size());
  for (std::string_view part : parts) {
    if (part.empty()) continue;
    const auto term = internal::SplitTerm(part);
    if (!term) {
      std::string msg = "invalid selector: '";
      msg += selector;
      msg += "'; can't understand '";
      msg += part;
      msg += '\'';
      throw ParseError(msg);
    }
    std::string value = UnescapeValue(term->rhs);
    if (term->op == "!=") {
      items.push_back(Selector::NotHasTerm(std::string(term->lhs), std::move(value)));
    } else {
      items.push_back(Selector::HasTerm(std::string(term->lhs), std::move(value)));
    }
  }
  if (items.size() == 1) return items.front().Transform(fn);
  return Selector::And(std::move(items)).Transform(fn);
}

}  // namespace apimachinery::fields

APIMACHINERY_STRINGER(apimachinery::fields, Selector);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/fields/impl/selector.ipp"
#endif
