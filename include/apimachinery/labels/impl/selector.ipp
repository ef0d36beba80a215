// Definitions of the non-template functions declared in <apimachinery/labels/selector.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/labels/selector.hpp"

namespace apimachinery::labels {

APIMACHINERY_DECL const std::string& Requirement::Key() const noexcept { return key_; }

APIMACHINERY_DECL selection::Operator Requirement::Operator() const noexcept { return operator_; }

APIMACHINERY_DECL const std::vector<std::string>& Requirement::ValuesUnsorted() const noexcept {
  return values_;
}

APIMACHINERY_DECL bool Requirement::Matches(const Set& ls) const {
  auto it = ls.find(key_);
  return it == ls.end() ? MatchesAbsent() : MatchesValue(it->second);
}

APIMACHINERY_DECL bool Requirement::Equal(const Requirement& other) const noexcept { return *this == other; }

APIMACHINERY_DECL bool Selector::Empty() const noexcept { return !nothing_ && (!reqs_ || reqs_->empty()); }

APIMACHINERY_DECL Selector Selector::Add(const Requirement& r) const { return Add(labels::Requirements{r}); }

APIMACHINERY_DECL bool Selector::Selectable() const noexcept { return !nothing_; }

APIMACHINERY_DECL bool Selector::MatchesNothing() const noexcept { return nothing_; }

APIMACHINERY_DECL Selector Selector::DeepCopySelector() const { return *this; }

APIMACHINERY_DECL bool operator==(const Selector& a, const Selector& b) noexcept {
  return a.nothing_ == b.nothing_ && a.Requirements() == b.Requirements();
}

APIMACHINERY_DECL Selector Selector::MakeNothing() noexcept {
  Selector s;
  s.nothing_ = true;
  return s;
}

APIMACHINERY_DECL Selector Everything() noexcept { return Selector(); }

APIMACHINERY_DECL Selector Nothing() noexcept { return Selector::MakeNothing(); }

APIMACHINERY_DECL Selector NewSelector() noexcept { return Selector(); }

APIMACHINERY_DECL bool MatchesNothing(const Selector& s) noexcept { return s.MatchesNothing(); }

APIMACHINERY_DECL Selector SelectorFromValidatedSet(const Set& ls) { return SelectorFromSet(ls); }

APIMACHINERY_DECL Selector ValidatedSetSelector(const Set& ls) { return SelectorFromSet(ls); }

APIMACHINERY_DECL Selector AsSelector(const Set& ls) { return SelectorFromSet(ls); }

APIMACHINERY_DECL Selector AsValidatedSelector(const Set& ls) { return ValidatedSelectorFromSet(ls); }

APIMACHINERY_DECL Selector AsSelectorPreValidated(const Set& ls) { return SelectorFromValidatedSet(ls); }

}  // namespace apimachinery::labels

namespace apimachinery::labels::internal {

APIMACHINERY_DECL Requirement MakeRequirement(std::string key, selection::Operator op,
                                              std::vector<std::string> values) {
  Requirement r;
  r.key_ = std::move(key);
  r.operator_ = op;
  r.values_ = std::move(values);
  return r;
}

APIMACHINERY_DECL field::Error KeyError(const field::Path& path, std::string_view key,
                                        const std::vector<std::string>& msgs) {
  return field::Invalid(path, std::string(key), validation::JoinMessages(msgs));
}

APIMACHINERY_DECL void ValidateRequirement(std::string_view key, std::optional<selection::Operator> op,
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

APIMACHINERY_DECL void SortByKey(Requirements& reqs) {
  std::stable_sort(reqs.begin(), reqs.end(),
                   [](const Requirement& a, const Requirement& b) { return a.Key() < b.Key(); });
}

}  // namespace apimachinery::labels::internal

namespace apimachinery::labels {

APIMACHINERY_DECL std::vector<std::string> Requirement::Values() const {
  std::vector<std::string> out = values_;
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

APIMACHINERY_DECL bool Requirement::MatchesAbsent() const noexcept {
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

APIMACHINERY_DECL bool Requirement::MatchesValue(std::string_view v) const noexcept {
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

APIMACHINERY_DECL std::string Requirement::String() const {
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

APIMACHINERY_DECL Requirement NewRequirement(std::string_view key, selection::Operator op,
                                             std::vector<std::string> values) {
  field::ErrorList errs;
  internal::ValidateRequirement(key, op, selection::String(op), values, /*check_key=*/true, errs);
  if (!errs.empty()) throw *field::ToAggregate(errs);
  return internal::MakeRequirement(std::string(key), op, std::move(values));
}

APIMACHINERY_DECL Requirement NewRequirement(std::string_view key, std::string_view op,
                                             std::vector<std::string> values) {
  const auto parsed = selection::OperatorFromString(op);
  field::ErrorList errs;
  internal::ValidateRequirement(key, parsed, op, values, /*check_key=*/true, errs);
  if (!errs.empty()) throw *field::ToAggregate(errs);
  return internal::MakeRequirement(std::string(key), *parsed, std::move(values));
}

APIMACHINERY_DECL const labels::Requirements& Selector::Requirements() const noexcept {
  static const labels::Requirements kEmpty;
  return reqs_ ? *reqs_ : kEmpty;
}

APIMACHINERY_DECL bool Selector::Matches(const Set& ls) const {
  if (nothing_) return false;
  if (!reqs_) return true;
  for (const auto& r : *reqs_) {
    if (!r.Matches(ls)) return false;
  }
  return true;
}

APIMACHINERY_DECL std::string Selector::String() const {
  std::string out;
  if (nothing_ || !reqs_) return out;
  for (std::size_t i = 0; i < reqs_->size(); ++i) {
    if (i) out += ',';
    out += (*reqs_)[i].String();
  }
  return out;
}

APIMACHINERY_DECL Selector Selector::Add(const labels::Requirements& reqs) const {
  if (nothing_) return *this;
  labels::Requirements all = Requirements();
  all.insert(all.end(), reqs.begin(), reqs.end());
  internal::SortByKey(all);
  return FromSortedRequirements(std::move(all));
}

APIMACHINERY_DECL Selector Selector::FromSortedRequirements(labels::Requirements reqs) {
  Selector s;
  if (!reqs.empty()) s.reqs_ = std::make_shared<const labels::Requirements>(std::move(reqs));
  return s;
}

APIMACHINERY_DECL std::optional<std::string> Selector::RequiresExactMatch(std::string_view key) const {
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

APIMACHINERY_DECL Selector Parse(std::string_view selector) {
  return Selector::FromSortedRequirements(ParseToRequirements(selector));
}

APIMACHINERY_DECL Selector SelectorFromSet(const Set& ls) {
  labels::Requirements reqs;
  reqs.reserve(ls.size());
  for (const auto& [k, v] : ls) {
    reqs.push_back(internal::MakeRequirement(k, selection::Operator::kEquals, {v}));
  }
  return Selector::FromSortedRequirements(std::move(reqs));  // std::map iterates sorted by key
}

APIMACHINERY_DECL Selector ValidatedSelectorFromSet(const Set& ls) {
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

APIMACHINERY_DECL Set ConvertSelectorToLabelsMap(std::string_view selector) {
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
