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
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1 {

// LabelSelectorAsSelector converts the API form into a labels::Selector. Throws: see above.
labels::Selector LabelSelectorAsSelector(const LabelSelector* ps);
APIMACHINERY_DECL labels::Selector LabelSelectorAsSelector(const LabelSelector& ps);
APIMACHINERY_DECL labels::Selector LabelSelectorAsSelector(const std::optional<LabelSelector>& ps);

// LabelSelectorAsMap converts a selector made of equalities (matchLabels, and In with one value)
// into a label map. Throws: see above.
std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector* ps);
APIMACHINERY_DECL std::map<std::string, std::string> LabelSelectorAsMap(const LabelSelector& ps);

// ParseToLabelSelector parses selector text (labels::Parse's grammar) into the API form: equalities
// become matchLabels, in/notin/exists/!key become matchExpressions. Throws: see above.
LabelSelector ParseToLabelSelector(std::string_view selector);

// SetAsLabelSelector returns a selector whose matchLabels are `ls`.
APIMACHINERY_DECL LabelSelector SetAsLabelSelector(const std::map<std::string, std::string>& ls);

// FormatLabelSelector prints the selector's labels::Selector form, "<none>" when empty, "<error>"
// when it does not convert.
std::string FormatLabelSelector(const LabelSelector* ls);
APIMACHINERY_DECL std::string FormatLabelSelector(const LabelSelector& ls);

// Implementation details follow.

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/helpers.ipp"
#endif
