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

  const std::string& Key() const noexcept { return key_; }
  selection::Operator Operator() const noexcept { return operator_; }
  // The values in the order they were given (upstream ValuesUnsorted). Parsed requirements hold
  // them sorted and de-duplicated.
  const std::vector<std::string>& ValuesUnsorted() const noexcept { return values_; }
  // The values as a sorted set (upstream Values(), a sets.String).
  std::vector<std::string> Values() const;

  // Matches applies the operator to the labels (k8s.io/apimachinery/pkg/labels/selector.go:
  // Requirement.Matches):
  // `!=`/`notin` match an absent key; `gt`/`lt` compare base-10 int64 values.
  bool Matches(const Set& ls) const {
    auto it = ls.find(key_);
    return it == ls.end() ? MatchesAbsent() : MatchesValue(it->second);
  }
  template <Labels L>
  bool Matches(const L& ls) const {
    if (!ls.Has(key_)) return MatchesAbsent();
    decltype(auto) v = ls.Get(key_);
    return MatchesValue(std::string_view(v));
  }
  // The result when the key is absent / present with value v.
  bool MatchesAbsent() const noexcept;
  bool MatchesValue(std::string_view v) const noexcept;

  // String is upstream's canonical form (`!k`, `k`, `k=v`, `k==v`, `k!=v`, `k in (a,b)`,
  // `k notin (a,b)`, `k>5`, `k<5`); several values print sorted.
  std::string String() const;

  // Equal: same key, operator and values (in order), as upstream's Requirement.Equal.
  bool Equal(const Requirement& other) const noexcept { return *this == other; }
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

  bool Matches(const Set& ls) const;
  template <Labels L>
  bool Matches(const L& ls) const;

  // Empty: no requirements (true for Everything, false for Nothing).
  bool Empty() const noexcept { return !nothing_ && (!reqs_ || reqs_->empty()); }
  // String: the requirements' strings joined by ','; "" for Everything and Nothing.
  std::string String() const;

  // Add returns a new selector with these requirements added, sorted by key; *this is unchanged.
  // Nothing().Add(...) is Nothing().
  Selector Add(const labels::Requirements& reqs) const;
  Selector Add(const Requirement& r) const { return Add(labels::Requirements{r}); }

  // The requirements, sorted by key (empty for Everything and Nothing).
  const labels::Requirements& Requirements() const noexcept;
  // Selectable is false only for Nothing() (upstream's second result of Requirements()).
  bool Selectable() const noexcept { return !nothing_; }
  // MatchesNothing is true only for Nothing(), not for contradictory selectors such as `a,!a`.
  bool MatchesNothing() const noexcept { return nothing_; }

  // RequiresExactMatch: the first requirement with this key decides; `=`, `==` or `in` with one
  // value yields that value, anything else nullopt (Go's `(value, found)`).
  std::optional<std::string> RequiresExactMatch(std::string_view key) const;

  Selector DeepCopySelector() const { return *this; }

  friend bool operator==(const Selector& a, const Selector& b) noexcept {
    return a.nothing_ == b.nothing_ && a.Requirements() == b.Requirements();
  }

  // Builds a selector over an already sorted requirement list (no validation).
  static Selector FromSortedRequirements(labels::Requirements reqs);
  // The Nothing selector.
  static Selector MakeNothing() noexcept {
    Selector s;
    s.nothing_ = true;
    return s;
  }

 private:
  std::shared_ptr<const labels::Requirements> reqs_;
  bool nothing_ = false;
};

// Everything matches all labels; Empty() is true and String() "".
inline Selector Everything() noexcept { return Selector(); }
// Nothing matches no labels; Empty() is false and String() "".
inline Selector Nothing() noexcept { return Selector::MakeNothing(); }
// NewSelector is the empty selector (same as Everything()).
inline Selector NewSelector() noexcept { return Selector(); }
// MatchesNothing is true only for the Nothing() selector.
inline bool MatchesNothing(const Selector& s) noexcept { return s.MatchesNothing(); }

// Parse reads a label selector. Throws ParseError with upstream's text.
Selector Parse(std::string_view selector);
// ParseToRequirements: Parse's requirement list.
labels::Requirements ParseToRequirements(std::string_view selector);

// SelectorFromSet: one `=` requirement per entry, sorted by key, without validation; an empty set
// gives the empty selector.
Selector SelectorFromSet(const Set& ls);
// SelectorFromValidatedSet / ValidatedSetSelector: the same, for a set known to be valid.
inline Selector SelectorFromValidatedSet(const Set& ls) { return SelectorFromSet(ls); }
inline Selector ValidatedSetSelector(const Set& ls) { return SelectorFromSet(ls); }
// ValidatedSelectorFromSet validates every key (path `key`) and value (path `values[0][<key>]`)
// first and throws an AggregateError of all problems.
Selector ValidatedSelectorFromSet(const Set& ls);
// Set.AsSelector / AsValidatedSelector / AsSelectorPreValidated.
inline Selector AsSelector(const Set& ls) { return SelectorFromSet(ls); }
inline Selector AsValidatedSelector(const Set& ls) { return ValidatedSelectorFromSet(ls); }
inline Selector AsSelectorPreValidated(const Set& ls) { return SelectorFromValidatedSet(ls); }

// ConvertSelectorToLabelsMap reads `k=v,k2=v2` (keys and values trimmed of spaces and validated).
// Throws apimachinery::Error `invalid selector: [x]` for a piece without exactly one '=', and a
// field::Error for an invalid key (path `<nil>`) or value (path `[<key>]`).
Set ConvertSelectorToLabelsMap(std::string_view selector);

// Implementation details follow.

namespace internal {

inline Requirement MakeRequirement(std::string key, selection::Operator op, std::vector<std::string> values) {
  Requirement r;
  r.key_ = std::move(key);
  r.operator_ = op;
  r.values_ = std::move(values);
  return r;
}

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

inline field::Error KeyError(const field::Path& path, std::string_view key,
                             const std::vector<std::string>& msgs) {
  return field::Invalid(path, std::string(key), validation::JoinMessages(msgs));
}

// ValidateRequirement appends NewRequirement's problems to errs (upstream order). `op` is nullopt
// for an unknown operator spelled `op_text`. The key is checked only when check_key is set.
inline void ValidateRequirement(std::string_view key, std::optional<selection::Operator> op,
                                std::string_view op_text, const std::vector<std::string>& vals,
                                bool check_key, field::ErrorList& errs) {
  using selection::Operator;
  if (check_key) {
    if (auto msgs = validation::IsQualifiedName(key); !msgs.empty()) {
      errs.push_back(KeyError(field::NewPath("key"), key, msgs));
    }
  }
  auto invalid_values = [&](const char* detail) {
    errs.push_back(field::Invalid(field::NewPath("values"), vals, detail));
  };
  switch (op.value_or(Operator::kNone)) {
    case Operator::kIn:
    case Operator::kNotIn:
      if (vals.empty()) invalid_values("for 'in', 'notin' operators, values set can't be empty");
      break;
    case Operator::kEquals:
    case Operator::kDoubleEquals:
    case Operator::kNotEquals:
      if (vals.size() != 1) invalid_values("exact-match compatibility requires one single value");
      break;
    case Operator::kExists:
    case Operator::kDoesNotExist:
      if (!vals.empty()) invalid_values("values set must be empty for exists and does not exist");
      break;
    case Operator::kGreaterThan:
    case Operator::kLessThan:
      if (vals.size() != 1) invalid_values("for 'Gt', 'Lt' operators, exactly one value is required");
      for (std::size_t i = 0; i < vals.size(); ++i) {
        if (!ParseInt64(vals[i])) {
          errs.push_back(field::Invalid(field::NewPath("values").Index(static_cast<long long>(i)), vals[i],
                                        "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      }
      break;
    case Operator::kNone:
      errs.push_back(field::NotSupported(field::NewPath("operator"), std::string(op_text),
                                         {"in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"}));
      break;
  }
  for (std::size_t i = 0; i < vals.size(); ++i) {
    if (auto msgs = validation::IsValidLabelValue(vals[i]); !msgs.empty()) {
      errs.push_back(field::Invalid(field::NewPath("values").Index(static_cast<long long>(i)).Key(key),
                                    vals[i], validation::JoinMessages(msgs)));
    }
  }
}

inline void SortByKey(Requirements& reqs) {
  std::stable_sort(reqs.begin(), reqs.end(),
                   [](const Requirement& a, const Requirement& b) { return a.Key() < b.Key(); });
}

}  // namespace internal

inline std::vector<std::string> Requirement::Values() const {
  std::vector<std::string> out = values_;
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

inline bool Requirement::MatchesAbsent() const noexcept {
  using selection::Operator;
  switch (operator_) {
    case Operator::kNotIn:
    case Operator::kNotEquals:
    case Operator::kDoesNotExist:
      return true;
    default:
      return false;
  }
}

inline bool Requirement::MatchesValue(std::string_view v) const noexcept {
  using selection::Operator;
  auto has_value = [&] {
    for (const auto& x : values_) {
      if (x == v) return true;
    }
    return false;
  };
  switch (operator_) {
    case Operator::kIn:
    case Operator::kEquals:
    case Operator::kDoubleEquals:
      return has_value();
    case Operator::kNotIn:
    case Operator::kNotEquals:
      return !has_value();
    case Operator::kExists:
      return true;
    case Operator::kDoesNotExist:
      return false;
    case Operator::kGreaterThan:
    case Operator::kLessThan: {
      const auto lv = internal::ParseInt64(v);
      if (!lv || values_.size() != 1) return false;
      const auto rv = internal::ParseInt64(values_[0]);
      if (!rv) return false;
      return operator_ == Operator::kGreaterThan ? *lv > *rv : *lv < *rv;
    }
    case Operator::kNone:
      break;
  }
  return false;
}

inline std::string Requirement::String() const {
  using selection::Operator;
  std::string out;
  if (operator_ == Operator::kDoesNotExist) out += '!';
  out += key_;
  bool parens = false;
  switch (operator_) {
    case Operator::kEquals:
      out += '=';
      break;
    case Operator::kDoubleEquals:
      out += "==";
      break;
    case Operator::kNotEquals:
      out += "!=";
      break;
    case Operator::kIn:
      out += " in (";
      parens = true;
      break;
    case Operator::kNotIn:
      out += " notin (";
      parens = true;
      break;
    case Operator::kGreaterThan:
      out += '>';
      break;
    case Operator::kLessThan:
      out += '<';
      break;
    case Operator::kExists:
    case Operator::kDoesNotExist:
      return out;
    case Operator::kNone:
      break;
  }
  if (values_.size() == 1) {
    out += values_[0];
  } else if (!values_.empty()) {
    // Sorted for printing without touching the stored order (upstream's safeSort).
    std::vector<std::string_view> sorted(values_.begin(), values_.end());
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      if (i) out += ',';
      out += sorted[i];
    }
  }
  if (parens) out += ')';
  return out;
}

inline Requirement NewRequirement(std::string_view key, selection::Operator op,
                                  std::vector<std::string> values) {
  field::ErrorList errs;
  internal::ValidateRequirement(key, op, selection::String(op), values, /*check_key=*/true, errs);
  if (!errs.empty()) throw *field::ToAggregate(errs);
  return internal::MakeRequirement(std::string(key), op, std::move(values));
}

inline Requirement NewRequirement(std::string_view key, std::string_view op,
                                  std::vector<std::string> values) {
  const auto parsed = selection::OperatorFromString(op);
  field::ErrorList errs;
  internal::ValidateRequirement(key, parsed, op, values, /*check_key=*/true, errs);
  if (!errs.empty()) throw *field::ToAggregate(errs);
  return internal::MakeRequirement(std::string(key), *parsed, std::move(values));
}

inline const labels::Requirements& Selector::Requirements() const noexcept {
  static const labels::Requirements kEmpty;
  return reqs_ ? *reqs_ : kEmpty;
}

inline bool Selector::Matches(const Set& ls) const {
  if (nothing_) return false;
  if (!reqs_) return true;
  for (const auto& r : *reqs_) {
    if (!r.Matches(ls)) return false;
  }
  return true;
}

template <Labels L>
bool Selector::Matches(const L& ls) const {
  if (nothing_) return false;
  if (!reqs_) return true;
  for (const auto& r : *reqs_) {
    if (!r.Matches(ls)) return false;
  }
  return true;
}

inline std::string Selector::String() const {
  std::string out;
  if (nothing_ || !reqs_) return out;
  for (std::size_t i = 0; i < reqs_->size(); ++i) {
    if (i) out += ',';
    out += (*reqs_)[i].String();
  }
  return out;
}

inline Selector Selector::Add(const labels::Requirements& reqs) const {
  if (nothing_) return *this;
  labels::Requirements all = Requirements();
  all.insert(all.end(), reqs.begin(), reqs.end());
  internal::SortByKey(all);
  return FromSortedRequirements(std::move(all));
}

inline Selector Selector::FromSortedRequirements(labels::Requirements reqs) {
  Selector s;
  if (!reqs.empty()) s.reqs_ = std::make_shared<const labels::Requirements>(std::move(reqs));
  return s;
}

inline std::optional<std::string> Selector::RequiresExactMatch(std::string_view key) const {
  using selection::Operator;
  for (const auto& r : Requirements()) {
    if (r.Key() != key) continue;
    const Operator op = r.Operator();
    if ((op == Operator::kEquals || op == Operator::kDoubleEquals || op == Operator::kIn) &&
        r.ValuesUnsorted().size() == 1) {
      return r.ValuesUnsorted()[0];
    }
    return std::nullopt;
  }
  return std::nullopt;
}

inline Selector Parse(std::string_view selector) {
  return Selector::FromSortedRequirements(ParseToRequirements(selector));
}

inline Selector SelectorFromSet(const Set& ls) {
  labels::Requirements reqs;
  reqs.reserve(ls.size());
  for (const auto& [k, v] : ls) {
    reqs.push_back(internal::MakeRequirement(k, selection::Operator::kEquals, {v}));
  }
  return Selector::FromSortedRequirements(std::move(reqs));  // std::map iterates sorted by key
}

inline Selector ValidatedSelectorFromSet(const Set& ls) {
  field::ErrorList errs;
  for (const auto& [k, v] : ls) {
    if (auto msgs = validation::IsQualifiedName(k); !msgs.empty()) {
      errs.push_back(internal::KeyError(field::NewPath("key"), k, msgs));
    }
    if (auto msgs = validation::IsValidLabelValue(v); !msgs.empty()) {
      errs.push_back(
          field::Invalid(field::NewPath("values").Index(0).Key(k), v, validation::JoinMessages(msgs)));
    }
  }
  if (!errs.empty()) throw *field::ToAggregate(errs);
  return SelectorFromSet(ls);
}

inline Set ConvertSelectorToLabelsMap(std::string_view selector) {
  Set out;
  if (selector.empty()) return out;
  auto trim = [](std::string_view s) {
    constexpr std::string_view kSpace = " \t\n\v\f\r";
    const auto b = s.find_first_not_of(kSpace);
    if (b == std::string_view::npos) return std::string_view();
    return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
  };
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = selector.find(',', start);
    const std::string_view piece =
        selector.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::vector<std::string_view> parts;
    std::size_t p = 0;
    while (true) {
      const std::size_t eq = piece.find('=', p);
      parts.push_back(piece.substr(p, eq == std::string_view::npos ? std::string_view::npos : eq - p));
      if (eq == std::string_view::npos) break;
      p = eq + 1;
    }
    if (parts.size() != 2) {
      std::string msg = "invalid selector: [";
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i) msg += ' ';
        msg += parts[i];
      }
      msg += ']';
      throw Error(msg);
    }
    const std::string_view key = trim(parts[0]);
    if (auto msgs = validation::IsQualifiedName(key); !msgs.empty()) {
      throw internal::KeyError(field::Path(), key, msgs);
    }
    const std::string_view value = trim(parts[1]);
    if (auto msgs = validation::IsValidLabelValue(value); !msgs.empty()) {
      throw field::Invalid(field::Path().Key(key), std::string(value), validation::JoinMessages(msgs));
    }
    out[std::string(key)] = std::string(value);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace apimachinery::labels

APIMACHINERY_STRINGER(apimachinery::labels, Requirement);
APIMACHINERY_STRINGER(apimachinery::labels, Selector);

// The parser (internal::Parser, ParseToRequirements) needs the complete Requirement type.
#include "apimachinery/labels/internal/parser.hpp"  // IWYU pragma: export
