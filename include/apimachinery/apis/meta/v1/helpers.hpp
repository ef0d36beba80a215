// metav1 label-selector helpers: LabelSelector (the API form) to and from labels::Selector and
// labels::Set.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 helpers.go: LabelSelectorAsSelector,
// LabelSelectorAsMap, ParseToLabelSelector, SetAsLabelSelector, FormatLabelSelector.
//
// Example:
//   metav1::LabelSelector ls{{{"app", "web"}}, {{"tier", "In", {"fe", "be"}}}};
//   labels::Selector sel = metav1::LabelSelectorAsSelector(ls);   // "app=web,tier in (be,fe)"
//   metav1::ObjectMeta pod{.name = "web-0", .labels = {{"app", "web"}, {"tier", "fe"}}};
//   sel.Matches(pod.labels);                                      // true
//
// A Go `*LabelSelector` is a pointer here too: nullptr is Go's nil (LabelSelectorAsSelector gives
// labels::Nothing(), LabelSelectorAsMap an empty map, FormatLabelSelector "<none>"). Overloads take
// a reference and a std::optional (the C++ form of an optional `*LabelSelector` field).
//
// Throws (Go returns the error; here it is thrown, with upstream's text):
// - LabelSelectorAsSelector: apimachinery::Error `"Foo" is not a valid label selector operator`;
//   the AggregateError of labels::NewRequirement for an invalid key or values (e.g. `values: Invalid
//   value: []string{"a"}: values set must be empty for exists and does not exist`).
// - LabelSelectorAsMap: apimachinery::Error `operator "In" without a single value cannot be
//   converted into the old label selector format`, `operator "NotIn" cannot be converted into the
//   old label selector format`, `"Foo" is not a valid selector operator`.
// - ParseToLabelSelector: apimachinery::Error `couldn't parse the selector string "<s>": <parse
//   error>`, `"gt" isn't supported in label selectors`.
// FormatLabelSelector never throws (upstream prints "<error>" for a selector that does not convert).
//
// Differences from upstream: matchLabels is a std::map, so the requirements are built in key order
// (Go ranges over a map in random order; the resulting selector is the same, sorted by key, but
// which invalid label is reported first when several are invalid is fixed here). LabelSelectorAsMap
// returns no partial map with its error. An In/NotIn without values is reported with the bad value
// `[]` (Go copies the values into a nil slice and prints `null`).
// Cost: linear in the requirements (plus the selector's sort). Thread-safety: pure functions.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1 {

// LabelSelectorAsSelector converts the API form into a labels::Selector. Throws: see above.
labels::Selector LabelSelectorAsSelector(const LabelSelector* ps);
inline labels::Selector LabelSelectorAsSelector(const LabelSelector& ps) {
  return LabelSelectorAsSelector(&ps);
}
inline labels::Selector LabelSelectorAsSelector(const std::optional<LabelSelector>& ps) {
  return LabelSelectorAsSelector(ps ? &*ps : nullptr);
}

// LabelSelectorAsMap converts a selector made of equalities (matchLabels, and In with one value)
// into a label map. Throws: see above.
std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector* ps);
inline std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector& ps) {
  return LabelSelectorAsMap(&ps);
}

// ParseToLabelSelector parses selector text (labels::Parse's grammar) into the API form: equalities
// become matchLabels, in/notin/exists/!key become matchExpressions. Throws: see above.
LabelSelector ParseToLabelSelector(std::string_view selector);

// SetAsLabelSelector returns a selector whose matchLabels are `ls`.
inline LabelSelector SetAsLabelSelector(const std::map<std::string, std::string>& ls) {
  return LabelSelector{ls, {}};
}

// FormatLabelSelector prints the selector's labels::Selector form, "<none>" when empty, "<error>"
// when it does not convert.
std::string FormatLabelSelector(const LabelSelector* ls);
inline std::string FormatLabelSelector(const LabelSelector& ls) { return FormatLabelSelector(&ls); }

// Implementation details follow.

inline labels::Selector LabelSelectorAsSelector(const LabelSelector* ps) {
  if (ps == nullptr) return labels::Nothing();
  if (ps->match_labels.empty() && ps->match_expressions.empty()) return labels::Everything();
  labels::Requirements requirements;
  requirements.reserve(ps->match_labels.size() + ps->match_expressions.size());
  for (const auto& [k, v] : ps->match_labels) {
    requirements.push_back(labels::NewRequirement(k, selection::Operator::kEquals, {v}));
  }
  for (const auto& expr : ps->match_expressions) {
    selection::Operator op{};
    if (expr.operator_ == kLabelSelectorOpIn) {
      op = selection::Operator::kIn;
    } else if (expr.operator_ == kLabelSelectorOpNotIn) {
      op = selection::Operator::kNotIn;
    } else if (expr.operator_ == kLabelSelectorOpExists) {
      op = selection::Operator::kExists;
    } else if (expr.operator_ == kLabelSelectorOpDoesNotExist) {
      op = selection::Operator::kDoesNotExist;
    } else {
      throw Error(util::Quote(expr.operator_) + " is not a valid label selector operator");
    }
    requirements.push_back(labels::NewRequirement(expr.key, op, expr.values));
  }
  return labels::NewSelector().Add(requirements);
}

inline std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector* ps) {
  if (ps == nullptr) return {};
  std::map<std::string, std::string> selector = ps->match_labels;
  for (const auto& expr : ps->match_expressions) {
    if (expr.operator_ == kLabelSelectorOpIn) {
      if (expr.values.size() != 1) {
        throw Error("operator " + util::Quote(expr.operator_) +
                    " without a single value cannot be converted into the old label selector format");
      }
      selector[expr.key] = expr.values[0];
    } else if (expr.operator_ == kLabelSelectorOpNotIn || expr.operator_ == kLabelSelectorOpExists ||
               expr.operator_ == kLabelSelectorOpDoesNotExist) {
      throw Error("operator " + util::Quote(expr.operator_) +
                  " cannot be converted into the old label selector format");
    } else {
      throw Error(util::Quote(expr.operator_) + " is not a valid selector operator");
    }
  }
  return selector;
}

inline LabelSelector ParseToLabelSelector(std::string_view selector) {
  labels::Requirements reqs;
  try {
    reqs = labels::ParseToRequirements(selector);
  } catch (const Error& e) {
    throw Error("couldn't parse the selector string \"" + std::string(selector) + "\": " + e.what());
  }
  LabelSelector out;
  for (const auto& req : reqs) {
    std::string_view op;
    switch (req.Operator()) {
      case selection::Operator::kEquals:
      case selection::Operator::kDoubleEquals: {
        const auto& vals = req.ValuesUnsorted();
        if (vals.size() != 1) throw Error("equals operator must have exactly one value");
        out.match_labels[req.Key()] = vals.front();
        continue;
      }
      case selection::Operator::kIn:
        op = kLabelSelectorOpIn;
        break;
      case selection::Operator::kNotIn:
        op = kLabelSelectorOpNotIn;
        break;
      case selection::Operator::kExists:
        op = kLabelSelectorOpExists;
        break;
      case selection::Operator::kDoesNotExist:
        op = kLabelSelectorOpDoesNotExist;
        break;
      case selection::Operator::kGreaterThan:
      case selection::Operator::kLessThan:
        throw Error(util::Quote(selection::String(req.Operator())) + " isn't supported in label selectors");
      default:
        throw Error(util::Quote(selection::String(req.Operator())) +
                    " is not a valid label selector operator");
    }
    out.match_expressions.push_back(LabelSelectorRequirement{req.Key(), std::string(op), req.Values()});
  }
  return out;
}

inline std::string FormatLabelSelector(const LabelSelector* ls) {
  std::string l;
  try {
    l = LabelSelectorAsSelector(ls).String();
  } catch (const Error&) {
    return "<error>";
  }
  if (l.empty()) l = "<none>";
  return l;
}

}  // namespace apimachinery::metav1
