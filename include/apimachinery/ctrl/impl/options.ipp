// Definitions of the non-template functions declared in <apimachinery/ctrl/options.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/options.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL metav1::ListOptions ListOptions::AsListOptions() const {
  metav1::ListOptions o;
  if (!label_selector.Empty()) o.label_selector = label_selector.String();
  if (!field_selector.Empty()) o.field_selector = field_selector.String();
  o.limit = limit;
  o.continue_ = continue_;
  return o;
}

APIMACHINERY_DECL InNamespace::InNamespace(std::string ns) : namespace_(std::move(ns)) {}

APIMACHINERY_DECL void InNamespace::ApplyToList(ListOptions& o) const { o.namespace_ = namespace_; }

APIMACHINERY_DECL void MatchingLabels::ApplyToList(ListOptions& o) const {
  o.label_selector = labels::SelectorFromSet(labels);
}

APIMACHINERY_DECL void MatchingLabelsSelector::ApplyToList(ListOptions& o) const {
  o.label_selector = selector;
}

APIMACHINERY_DECL void MatchingFields::ApplyToList(ListOptions& o) const {
  o.field_selector = fields::SelectorFromSet(fields);
}

APIMACHINERY_DECL void MatchingFieldsSelector::ApplyToList(ListOptions& o) const {
  o.field_selector = selector;
}

APIMACHINERY_DECL Limit::Limit(std::int64_t v) : n(v) {}

APIMACHINERY_DECL void Limit::ApplyToList(ListOptions& o) const { o.limit = n; }

APIMACHINERY_DECL Continue::Continue(std::string t) : token(std::move(t)) {}

APIMACHINERY_DECL void Continue::ApplyToList(ListOptions& o) const { o.continue_ = token; }

APIMACHINERY_DECL MinResourceVersion::MinResourceVersion(std::string rv, std::chrono::milliseconds t)
    : resource_version(std::move(rv)), timeout(t) {}

APIMACHINERY_DECL void MinResourceVersion::ApplyToList(ListOptions& o) const {
  o.min_resource_version = resource_version;
  o.wait_timeout = timeout;
}

APIMACHINERY_DECL void MinResourceVersion::ApplyToGet(GetOptions& o) const {
  o.min_resource_version = resource_version;
  o.wait_timeout = timeout;
}

APIMACHINERY_DECL void DryRunAll::ApplyToCreate(metav1::CreateOptions& o) const {
  o.dry_run = {std::string(metav1::kDryRunAll)};
}

APIMACHINERY_DECL void DryRunAll::ApplyToUpdate(metav1::UpdateOptions& o) const {
  o.dry_run = {std::string(metav1::kDryRunAll)};
}

APIMACHINERY_DECL void DryRunAll::ApplyToPatch(metav1::PatchOptions& o) const {
  o.dry_run = {std::string(metav1::kDryRunAll)};
}

APIMACHINERY_DECL void DryRunAll::ApplyToApply(metav1::PatchOptions& o) const { ApplyToPatch(o); }

APIMACHINERY_DECL void DryRunAll::ApplyToDelete(metav1::DeleteOptions& o) const {
  o.dry_run = {std::string(metav1::kDryRunAll)};
}

APIMACHINERY_DECL FieldOwner::FieldOwner(std::string o) : owner(std::move(o)) {}

APIMACHINERY_DECL void FieldOwner::ApplyToCreate(metav1::CreateOptions& o) const { o.field_manager = owner; }

APIMACHINERY_DECL void FieldOwner::ApplyToUpdate(metav1::UpdateOptions& o) const { o.field_manager = owner; }

APIMACHINERY_DECL void FieldOwner::ApplyToPatch(metav1::PatchOptions& o) const { o.field_manager = owner; }

APIMACHINERY_DECL void FieldOwner::ApplyToApply(metav1::PatchOptions& o) const { o.field_manager = owner; }

APIMACHINERY_DECL void ForceOwnership::ApplyToPatch(metav1::PatchOptions& o) const { o.force = true; }

APIMACHINERY_DECL void ForceOwnership::ApplyToApply(metav1::PatchOptions& o) const { o.force = true; }

APIMACHINERY_DECL void Preconditions::ApplyToDelete(metav1::DeleteOptions& o) const {
  o.preconditions = preconditions;
}

APIMACHINERY_DECL PropagationPolicy::PropagationPolicy(std::string p) : policy(std::move(p)) {}

APIMACHINERY_DECL void PropagationPolicy::ApplyToDelete(metav1::DeleteOptions& o) const {
  o.propagation_policy = policy;
}

APIMACHINERY_DECL GracePeriodSeconds::GracePeriodSeconds(std::int64_t s) : seconds(s) {}

APIMACHINERY_DECL void GracePeriodSeconds::ApplyToDelete(metav1::DeleteOptions& o) const {
  o.grace_period_seconds = seconds;
}

}  // namespace apimachinery::ctrl
