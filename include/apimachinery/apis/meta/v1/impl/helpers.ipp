// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/helpers.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/helpers.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL labels::Selector LabelSelectorAsSelector(const LabelSelector& ps) {
  return LabelSelectorAsSelector(&ps);
}

APIMACHINERY_DECL labels::Selector LabelSelectorAsSelector(const std::optional<LabelSelector>& ps) {
  return LabelSelectorAsSelector(ps ? &*ps : nullptr);
}

APIMACHINERY_DECL std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector& ps) {
  return LabelSelectorAsMap(&ps);
}

APIMACHINERY_DECL LabelSelector SetAsLabelSelector(const std::map<std::string, std::string>& ls) {
  return LabelSelector{ls, {}};
}

APIMACHINERY_DECL std::string FormatLabelSelector(const LabelSelector& ls) {
  return FormatLabelSelector(&ls);
}

APIMACHINERY_DECL labels::Selector LabelSelectorAsSelector(const LabelSelector* ps) {
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

APIMACHINERY_DECL std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector* ps) {
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

APIMACHINERY_DECL LabelSelector ParseToLabelSelector(std::string_view selector) {
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

APIMACHINERY_DECL std::string FormatLabelSelector(const LabelSelector* ls) {
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
