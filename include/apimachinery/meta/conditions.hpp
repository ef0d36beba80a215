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

namespace apimachinery::meta {

// FindStatusCondition returns the condition of `condition_type`, or nullptr.
inline const metav1::Condition* FindStatusCondition(const std::vector<metav1::Condition>& conditions,
                                                    std::string_view condition_type) noexcept {
  for (const auto& c : conditions) {
    if (c.type == condition_type) return &c;
  }
  return nullptr;
}
inline metav1::Condition* FindStatusCondition(std::vector<metav1::Condition>& conditions,
                                              std::string_view condition_type) noexcept {
  for (auto& c : conditions) {
    if (c.type == condition_type) return &c;
  }
  return nullptr;
}

// SetStatusCondition sets `new_condition` in `conditions` and returns whether they changed.
inline bool SetStatusCondition(std::vector<metav1::Condition>& conditions, metav1::Condition new_condition,
                               std::optional<metav1::Time> now = std::nullopt) {
  auto current = [&now] { return now ? *now : metav1::Now(); };
  metav1::Condition* existing = FindStatusCondition(conditions, new_condition.type);
  if (existing == nullptr) {
    if (new_condition.last_transition_time.IsZero()) new_condition.last_transition_time = current();
    conditions.push_back(std::move(new_condition));
    return true;
  }
  bool changed = false;
  if (existing->status != new_condition.status) {
    existing->status = std::move(new_condition.status);
    existing->last_transition_time =
        new_condition.last_transition_time.IsZero() ? current() : new_condition.last_transition_time;
    changed = true;
  }
  if (existing->reason != new_condition.reason) {
    existing->reason = std::move(new_condition.reason);
    changed = true;
  }
  if (existing->message != new_condition.message) {
    existing->message = std::move(new_condition.message);
    changed = true;
  }
  if (existing->observed_generation != new_condition.observed_generation) {
    existing->observed_generation = new_condition.observed_generation;
    changed = true;
  }
  return changed;
}
inline bool SetStatusCondition(std::vector<metav1::Condition>* conditions, metav1::Condition new_condition,
                               std::optional<metav1::Time> now = std::nullopt) {
  if (conditions == nullptr) return false;
  return SetStatusCondition(*conditions, std::move(new_condition), now);
}

// RemoveStatusCondition removes every condition of `condition_type`; returns whether one was there.
inline bool RemoveStatusCondition(std::vector<metav1::Condition>& conditions,
                                  std::string_view condition_type) {
  const auto before = conditions.size();
  std::erase_if(conditions, [&](const metav1::Condition& c) { return c.type == condition_type; });
  return conditions.size() != before;
}
inline bool RemoveStatusCondition(std::vector<metav1::Condition>* conditions,
                                  std::string_view condition_type) {
  if (conditions == nullptr) return false;
  return RemoveStatusCondition(*conditions, condition_type);
}

// IsStatusConditionPresentAndEqual: the first condition of `condition_type` has `status`.
inline bool IsStatusConditionPresentAndEqual(const std::vector<metav1::Condition>& conditions,
                                             std::string_view condition_type,
                                             std::string_view status) noexcept {
  const metav1::Condition* c = FindStatusCondition(conditions, condition_type);
  return c != nullptr && c->status == status;
}

// IsStatusConditionTrue: the condition is present with status "True".
inline bool IsStatusConditionTrue(const std::vector<metav1::Condition>& conditions,
                                  std::string_view condition_type) noexcept {
  return IsStatusConditionPresentAndEqual(conditions, condition_type, metav1::kConditionTrue);
}

// IsStatusConditionFalse: the condition is present with status "False".
inline bool IsStatusConditionFalse(const std::vector<metav1::Condition>& conditions,
                                   std::string_view condition_type) noexcept {
  return IsStatusConditionPresentAndEqual(conditions, condition_type, metav1::kConditionFalse);
}

}  // namespace apimachinery::meta
