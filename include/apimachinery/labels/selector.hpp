// labels::Selector and labels::Requirement: label selectors (pkg/labels/selector.go).
//
// A selector is an AND of requirements `key op values`; Parse reads upstream's textual grammar
// (`=`, `==`, `!=`, `in`, `notin`, bare `key`, `!key`, `>`, `<`) with upstream's validation and
// error texts, and String() prints the canonical form.
// The parser itself is labels/internal/parser.hpp (included at the end of this header).
//
// Example:
//   auto sel = labels::Parse("env in (prod,staging),tier!=cache,!legacy");
//   sel.Matches(labels::Set{{"env", "prod"}});          // true: tier absent matches !=
//   sel.String();                                       // "env in (prod,staging),!legacy,tier!=cache"
//   for (const auto& r : sel.Requirements()) fmt::print("{} {}\n", r.Key(), r.Operator());  // env in, ...
//
// Selector is a cheap value type: the requirement list is immutable and shared between copies
// (a copy is one reference-count increment). Matches takes a labels::Set or any type modelling
// the labels::Labels concept (Has/Get), and never copies the object's labels.
//
// Throws: Parse throws labels::ParseError (what() is upstream's text, e.g.
// `unable to parse requirement: <nil>: Invalid value: "-x": name part must consist of ...`);
// NewRequirement and ValidatedSelectorFromSet throw apimachinery::AggregateError holding
// field::Error values (upstream's field.ErrorList.ToAggregate()); everything else only
// std::bad_alloc. Strong guarantee everywhere (values are built before anything is published).
// Thread-safety: Selector and Requirement are immutable after construction; concurrent const use
// of one object (and of copies sharing its requirements) is safe.
//
// Differences from upstream:
// - Selector is one concrete type instead of an interface; Everything/Nothing/set selectors are
//   states of it. ValidatedSetSelector behaves exactly like SelectorFromValidatedSet (upstream's
//   set-wrapping selector is observably identical; we copy the set into requirements).
// - Requirements are sorted with a stable sort by key (Go's sort.Sort is not stable in general,
//   but is in practice for the ≤12-element lists selectors have).
// - NewRequirement with no values renders the bad value as `[]` (C++ has no nil slice; Go prints
//   `null` for a nil slice and `[]` for an empty one).
// - A NUL byte is an ordinary byte (see internal/lexer.hpp), so inputs containing it fail
//   validation instead of being truncated.
// - ConvertSelectorToLabelsMap throws instead of returning the partially filled map with the error.
// - Parse takes no field.PathOption: parser key errors always carry upstream's default `<nil>` path.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
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
#include "apimachinery/labels/label_set.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/validation/field/field.hpp"
#include "apimachinery/util/validation/validation.hpp"

namespace apimachinery::labels {

// ParseError is thrown by Parse; what() is upstream's error text.
class ParseError : public Error {
 public:
  using Error::Error;
};

class Requirement;
using Requirements = std::vector<Requirement>;

namespace internal {
Requirement MakeRequirement(std::string key, selection::Operator op, std::vector<std::string> values);
}  // namespace internal

// Requirement is one `key op values` condition. Build it with NewRequirement (validated) or get it
// from a parsed selector; a default-constructed Requirement is upstream's zero value (operator
// kNone): it matches nothing and prints as "".
class Requirement {
 public:
  Requirement() = default;

  APIMACHINERY_DECL const std::string& Key() const noexcept;
  APIMACHINERY_DECL selection::Operator Operator() const noexcept;
  // The values in the order they were given (upstream ValuesUnsorted). Parsed requirements hold
  // them sorted and de-duplicated.
  APIMACHINERY_DECL const std::vector<std::string>& ValuesUnsorted() const noexcept;
  // The values as a sorted set (upstream Values(), a sets.String).
  APIMACHINERY_DECL std::vector<std::string> Values() const;

  // Matches applies the operator to the labels (k8s.io/apimachinery/pkg/labels/selector.go:
  // Requirement.Matches):
  // `!=`/`notin` match an absent key; `gt`/`lt` compare base-10 int64 values.
  APIMACHINERY_DECL bool Matches(const Set& ls) const;
  template <Labels L>
  bool Matches(const L& ls) const {
    if (!ls.Has(key_)) return MatchesAbsent();
    decltype(auto) v = ls.Get(key_);
    return MatchesValue(std::string_view(v));
  }
  // The result when the key is absent / present with value v.
  APIMACHINERY_DECL bool MatchesAbsent() const noexcept;
  APIMACHINERY_DECL bool MatchesValue(std::string_view v) const noexcept;

  // String is upstream's canonical form (`!k`, `k`, `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
  // `k notin (a,b)`, `k>5`, `k<5`); several values print sorted.
  APIMACHINERY_DECL std::string String() const;

  // Equal: same key, operator and values (in order), as upstream's Requirement.Equal.
  APIMACHINERY_DECL bool Equal(const Requirement& other) const noexcept;
  friend bool operator==(const Requirement&, const Requirement&) = default;

 private:
  friend Requirement internal::MakeRequirement(std::string, selection::Operator, std::vector<std::string>);
  std::string key_;
  selection::Operator operator_ = selection::Operator::kNone;
  std::vector<std::string> values_;
};

// NewRequirement validates and builds a requirement. Every problem is collected (key, operator
// and value checks, upstream's order) and thrown together as an AggregateError of field::Errors,
// e.g. `values: Invalid value: ["bar","foo"]: exact-match compatibility requires one single value`.
Requirement NewRequirement(std::string_view key, selection::Operator op, std::vector<std::string> values);
// The same with the operator spelled as upstream's string value ("in", "gt", "!", ...); an unknown
// spelling is reported as `operator: Unsupported value: "<op>": supported values: ...`.
Requirement NewRequirement(std::string_view key, std::string_view op, std::vector<std::string> values);

// Selector is an AND of requirements, or the Nothing selector.
class Selector {
 public:
  // The empty selector: matches everything (upstream NewSelector / Everything).
  Selector() noexcept = default;

  APIMACHINERY_DECL bool Matches(const Set& ls) const;
  template <Labels L>
  bool Matches(const L& ls) const;

  // Empty: no requirements (true for Everything, false for Nothing).
  APIMACHINERY_DECL bool Empty() const noexcept;
  // String: the requirements' strings joined by ','; "" for Everything and Nothing.
  APIMACHINERY_DECL std::string String() const;

  // Add returns a new selector with these requirements added, sorted by key; *this is unchanged.
  // Nothing().Add(...) is Nothing().
  APIMACHINERY_DECL Selector Add(const labels::Requirements& reqs) const;
  APIMACHINERY_DECL Selector Add(const Requirement& r) const;

  // The requirements, sorted by key (empty for Everything and Nothing).
  APIMACHINERY_DECL const labels::Requirements& Requirements() const noexcept;
  // Selectable is false only for Nothing() (upstream's second result of Requirements()).
  APIMACHINERY_DECL bool Selectable() const noexcept;
  // MatchesNothing is true only for Nothing(), not for contradictory selectors such as `a,!a`.
  APIMACHINERY_DECL bool MatchesNothing() const noexcept;

  // RequiresExactMatch: the first requirement with this key decides; `=`, `==` or `in` with one
  // value yields that value, anything else nullopt (Go's `(value, found)`).
  APIMACHINERY_DECL std::optional<std::string> RequiresExactMatch(std::string_view key) const;

  APIMACHINERY_DECL Selector DeepCopySelector() const;

  APIMACHINERY_DECL friend bool operator==(const Selector& a, const Selector& b) noexcept;

  // Builds a selector over an already sorted requirement list (no validation).
  APIMACHINERY_DECL static Selector FromSortedRequirements(labels::Requirements reqs);
  // The Nothing selector.
  APIMACHINERY_DECL static Selector MakeNothing() noexcept;

 private:
  std::shared_ptr<const labels::Requirements> reqs_;
  bool nothing_ = false;
};

// Everything matches all labels; Empty() is true and String() "".
APIMACHINERY_DECL Selector Everything() noexcept;
// Nothing matches no labels; Empty() is false and String() "".
APIMACHINERY_DECL Selector Nothing() noexcept;
// NewSelector is the empty selector (same as Everything()).
APIMACHINERY_DECL Selector NewSelector() noexcept;
// MatchesNothing is true only for the Nothing() selector.
APIMACHINERY_DECL bool MatchesNothing(const Selector& s) noexcept;

// Parse reads a label selector. Throws ParseError with upstream's text.
Selector Parse(std::string_view selector);
// ParseToRequirements: Parse's requirement list.
labels::Requirements ParseToRequirements(std::string_view selector);

// SelectorFromSet: one `=` requirement per entry, sorted by key, without validation; an empty set
// gives the empty selector.
Selector SelectorFromSet(const Set& ls);
// SelectorFromValidatedSet / ValidatedSetSelector: the same, for a set known to be valid.
APIMACHINERY_DECL Selector SelectorFromValidatedSet(const Set& ls);
APIMACHINERY_DECL Selector ValidatedSetSelector(const Set& ls);
// ValidatedSelectorFromSet validates every key (path `key`) and value (path `values[0][<key>]`)
// first and throws an AggregateError of all problems.
Selector ValidatedSelectorFromSet(const Set& ls);
// Set.AsSelector / AsValidatedSelector / AsSelectorPreValidated.
APIMACHINERY_DECL Selector AsSelector(const Set& ls);
APIMACHINERY_DECL Selector AsValidatedSelector(const Set& ls);
APIMACHINERY_DECL Selector AsSelectorPreValidated(const Set& ls);

// ConvertSelectorToLabelsMap reads `k=v,k2=v2` (keys and values trimmed of spaces and validated).
// Throws apimachinery::Error `invalid selector: [x]` for a piece without exactly one '=', and a
// field::Error for an invalid key (path `<nil>`) or value (path `[<key>]`).
Set ConvertSelectorToLabelsMap(std::string_view selector);

// Implementation details follow.

namespace internal {

// ParseInt64 is Go's strconv.ParseInt(s, 10, 64): optional sign, at least one digit, no
// overflow; nullopt otherwise.
constexpr std::optional<std::int64_t> ParseInt64(std::string_view s) noexcept {
  std::size_t i = 0;
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    i = 1;
  }
  if (i >= s.size()) return std::nullopt;
  std::uint64_t v = 0;
  const std::uint64_t limit = neg ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c < '0' || c > '9') return std::nullopt;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (limit - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  if (neg)
    return v == (std::uint64_t{1} << 63) ? std::numeric_limits<std::int64_t>::min()
                                         : -static_cast<std::int64_t>(v);
  return static_cast<std::int64_t>(v);
}

APIMACHINERY_DECL field::Error KeyError(const field::Path& path, std::string_view key,
                                        const std::vector<std::string>& msgs);

// ValidateRequirement appends NewRequirement's problems to errs (upstream order). `op` is nullopt
// for an unknown operator spelled `op_text`. The key is checked only when check_key is set.
APIMACHINERY_DECL void ValidateRequirement(std::string_view key, std::optional<selection::Operator> op,
                                           std::string_view op_text, const std::vector<std::string>& vals,
                                           bool check_key, field::ErrorList& errs);

APIMACHINERY_DECL void SortByKey(Requirements& reqs);

}  // namespace internal

template <Labels L>
bool Selector::Matches(const L& ls) const {
  if (nothing_) return false;
  if (!reqs_) return true;
  for (const auto& r : *reqs_) {
    if (!r.Matches(ls)) return false;
  }
  return true;
}

}  // namespace apimachinery::labels

APIMACHINERY_STRINGER(apimachinery::labels, Requirement);
APIMACHINERY_STRINGER(apimachinery::labels, Selector);

// The parser (internal::Parser, ParseToRequirements) needs the complete Requirement type.
#include "apimachinery/labels/internal/parser.hpp"  // IWYU pragma: export

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/labels/impl/selector.ipp"
#endif
