// meta condition helpers: set, find, test and remove a metav1::Condition in a status's condition
// list, keyed by the condition's type.
//
// Port of k8s.io/apimachinery/pkg/api/meta/conditions.go: SetStatusCondition, RemoveStatusCondition,
// FindStatusCondition, IsStatusConditionTrue, IsStatusConditionFalse,
// IsStatusConditionPresentAndEqual.
//
// Example:
//   std::vector<metav1::Condition> conditions;  // e.g. a Widget's status.conditions
//   bool changed = meta::SetStatusCondition(conditions,
//       {.type = "Ready", .status = std::string(metav1::kConditionTrue), .reason = "Synced"});  // true
//   if (meta::IsStatusConditionTrue(conditions, "Ready")) { /* ready */ }
//
// SetStatusCondition appends a condition of a new type (lastTransitionTime set to now when unset),
// or updates the existing one in place: status (and then lastTransitionTime: the given one, else
// now), reason, message and observedGeneration; it returns whether anything changed, and never
// touches lastTransitionTime when the status stays the same.
//
// "now": the optional last argument of SetStatusCondition; when it is not given, metav1::Now() (the
// wall clock, second precision). util::clock's clocks are monotonic (steady_clock), so they cannot
// stand in for a wall-clock timestamp; pass `now` to make results deterministic in tests.
//
// Differences from upstream: the list is taken by reference (the pointer overloads keep Go's nil
// check: nullptr changes nothing and returns false); FindStatusCondition returns a pointer into the
// list (nullptr when absent), valid until the list changes, as Go's.
// Throws: nothing but std::bad_alloc. Cost: linear in the list. Thread-safety: as the list.
#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"

namespace apimachinery::meta {

// FindStatusCondition returns the condition of `condition_type`, or nullptr.
APIMACHINERY_DECL const metav1::Condition* FindStatusCondition(
    const std::vector<metav1::Condition>& conditions, std::string_view condition_type) noexcept;
APIMACHINERY_DECL metav1::Condition* FindStatusCondition(std::vector<metav1::Condition>& conditions,
                                                         std::string_view condition_type) noexcept;

// SetStatusCondition sets `new_condition` in `conditions` and returns whether they changed.
APIMACHINERY_DECL bool SetStatusCondition(std::vector<metav1::Condition>& conditions,
                                          metav1::Condition new_condition,
                                          std::optional<metav1::Time> now = std::nullopt);
APIMACHINERY_DECL bool SetStatusCondition(std::vector<metav1::Condition>* conditions,
                                          metav1::Condition new_condition,
                                          std::optional<metav1::Time> now = std::nullopt);

// RemoveStatusCondition removes every condition of `condition_type`; returns whether one was there.
APIMACHINERY_DECL bool RemoveStatusCondition(std::vector<metav1::Condition>& conditions,
                                             std::string_view condition_type);
APIMACHINERY_DECL bool RemoveStatusCondition(std::vector<metav1::Condition>* conditions,
                                             std::string_view condition_type);

// IsStatusConditionPresentAndEqual: the first condition of `condition_type` has `status`.
APIMACHINERY_DECL bool IsStatusConditionPresentAndEqual(const std::vector<metav1::Condition>& conditions,
                                                        std::string_view condition_type,
                                                        std::string_view status) noexcept;

// IsStatusConditionTrue: the condition is present with status "True".
APIMACHINERY_DECL bool IsStatusConditionTrue(const std::vector<metav1::Condition>& conditions,
                                             std::string_view condition_type) noexcept;

// IsStatusConditionFalse: the condition is present with status "False".
APIMACHINERY_DECL bool IsStatusConditionFalse(const std::vector<metav1::Condition>& conditions,
                                              std::string_view condition_type) noexcept;

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/conditions.ipp"
#endif
