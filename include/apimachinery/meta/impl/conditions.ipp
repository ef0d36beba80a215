// Definitions of the non-template functions declared in <apimachinery/meta/conditions.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/conditions.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL const metav1::Condition* FindStatusCondition(
    const std::vector<metav1::Condition>& conditions, std::string_view condition_type) noexcept {
  for (const auto& c : conditions) {
    if (c.type == condition_type) return &c;
  }
  return nullptr;
}

APIMACHINERY_DECL metav1::Condition* FindStatusCondition(std::vector<metav1::Condition>& conditions,
                                                         std::string_view condition_type) noexcept {
  for (auto& c : conditions) {
    if (c.type == condition_type) return &c;
  }
  return nullptr;
}

APIMACHINERY_DECL bool SetStatusCondition(std::vector<metav1::Condition>& conditions,
                                          metav1::Condition new_condition, std::optional<metav1::Time> now) {
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

APIMACHINERY_DECL bool SetStatusCondition(std::vector<metav1::Condition>* conditions,
                                          metav1::Condition new_condition, std::optional<metav1::Time> now) {
  if (conditions == nullptr) return false;
  return SetStatusCondition(*conditions, std::move(new_condition), now);
}

APIMACHINERY_DECL bool RemoveStatusCondition(std::vector<metav1::Condition>& conditions,
                                             std::string_view condition_type) {
  const auto before = conditions.size();
  std::erase_if(conditions, [&](const metav1::Condition& c) { return c.type == condition_type; });
  return conditions.size() != before;
}

APIMACHINERY_DECL bool RemoveStatusCondition(std::vector<metav1::Condition>* conditions,
                                             std::string_view condition_type) {
  if (conditions == nullptr) return false;
  return RemoveStatusCondition(*conditions, condition_type);
}

APIMACHINERY_DECL bool IsStatusConditionPresentAndEqual(const std::vector<metav1::Condition>& conditions,
                                                        std::string_view condition_type,
                                                        std::string_view status) noexcept {
  const metav1::Condition* c = FindStatusCondition(conditions, condition_type);
  return c != nullptr && c->status == status;
}

APIMACHINERY_DECL bool IsStatusConditionTrue(const std::vector<metav1::Condition>& conditions,
                                             std::string_view condition_type) noexcept {
  return IsStatusConditionPresentAndEqual(conditions, condition_type, metav1::kConditionTrue);
}

APIMACHINERY_DECL bool IsStatusConditionFalse(const std::vector<metav1::Condition>& conditions,
                                              std::string_view condition_type) noexcept {
  return IsStatusConditionPresentAndEqual(conditions, condition_type, metav1::kConditionFalse);
}

}  // namespace apimachinery::meta
