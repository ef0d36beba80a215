// Definitions of the non-template functions declared in <apimachinery/ctrl/predicate.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/predicate.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL PredicateFuncs::PredicateFuncs(std::function<bool(const CreateEvent&)> create,
                                                 std::function<bool(const DeleteEvent&)> del,
                                                 std::function<bool(const UpdateEvent&)> update,
                                                 std::function<bool(const GenericEvent&)> generic)
    : create_func(std::move(create)),
      delete_func(std::move(del)),
      update_func(std::move(update)),
      generic_func(std::move(generic)) {}

APIMACHINERY_DECL bool PredicateFuncs::Create(const CreateEvent& e) const {
  return !create_func || create_func(e);
}

APIMACHINERY_DECL bool PredicateFuncs::Delete(const DeleteEvent& e) const {
  return !delete_func || delete_func(e);
}

APIMACHINERY_DECL bool PredicateFuncs::Update(const UpdateEvent& e) const {
  return !update_func || update_func(e);
}

APIMACHINERY_DECL bool PredicateFuncs::Generic(const GenericEvent& e) const {
  return !generic_func || generic_func(e);
}

APIMACHINERY_DECL PredicateFuncs NewPredicateFuncs(std::function<bool(const runtime::Object&)> filter) {
  auto f = std::make_shared<std::function<bool(const runtime::Object&)>>(std::move(filter));
  auto on = [f](const EventObject& o) { return o != nullptr && (*f)(*o); };
  return PredicateFuncs([on](const CreateEvent& e) { return on(e.object); },
                        [on](const DeleteEvent& e) { return on(e.object); },
                        [on](const UpdateEvent& e) { return on(e.object_new); },
                        [on](const GenericEvent& e) { return on(e.object); });
}

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL std::pair<const metav1::ObjectMeta*, const metav1::ObjectMeta*> BothMeta(
    const UpdateEvent& e) noexcept {
  if (!e.object_old || !e.object_new) return {nullptr, nullptr};
  const metav1::ObjectMeta* o = e.object_old->GetObjectMeta();
  const metav1::ObjectMeta* n = e.object_new->GetObjectMeta();
  if (o == nullptr || n == nullptr) return {nullptr, nullptr};
  return {o, n};
}

}  // namespace apimachinery::ctrl::internal

namespace apimachinery::ctrl {

APIMACHINERY_DECL bool ResourceVersionChangedPredicate::Update(const UpdateEvent& e) const {
  auto [o, n] = internal::BothMeta(e);
  return o != nullptr && o->resource_version != n->resource_version;
}

APIMACHINERY_DECL bool GenerationChangedPredicate::Update(const UpdateEvent& e) const {
  auto [o, n] = internal::BothMeta(e);
  return o != nullptr && o->generation != n->generation;
}

APIMACHINERY_DECL bool AnnotationChangedPredicate::Update(const UpdateEvent& e) const {
  auto [o, n] = internal::BothMeta(e);
  return o != nullptr && o->annotations != n->annotations;
}

APIMACHINERY_DECL bool LabelChangedPredicate::Update(const UpdateEvent& e) const {
  auto [o, n] = internal::BothMeta(e);
  return o != nullptr && o->labels != n->labels;
}

APIMACHINERY_DECL PredicatePtr ToPredicate(PredicatePtr p) { return p; }

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL AndPredicate::AndPredicate(std::vector<PredicatePtr> ps) : ps_(std::move(ps)) {}

APIMACHINERY_DECL bool AndPredicate::Create(const CreateEvent& e) const {
  return All([&](const auto& p) { return p->Create(e); });
}

APIMACHINERY_DECL bool AndPredicate::Delete(const DeleteEvent& e) const {
  return All([&](const auto& p) { return p->Delete(e); });
}

APIMACHINERY_DECL bool AndPredicate::Update(const UpdateEvent& e) const {
  return All([&](const auto& p) { return p->Update(e); });
}

APIMACHINERY_DECL bool AndPredicate::Generic(const GenericEvent& e) const {
  return All([&](const auto& p) { return p->Generic(e); });
}

APIMACHINERY_DECL OrPredicate::OrPredicate(std::vector<PredicatePtr> ps) : ps_(std::move(ps)) {}

APIMACHINERY_DECL bool OrPredicate::Create(const CreateEvent& e) const {
  return Any([&](const auto& p) { return p->Create(e); });
}

APIMACHINERY_DECL bool OrPredicate::Delete(const DeleteEvent& e) const {
  return Any([&](const auto& p) { return p->Delete(e); });
}

APIMACHINERY_DECL bool OrPredicate::Update(const UpdateEvent& e) const {
  return Any([&](const auto& p) { return p->Update(e); });
}

APIMACHINERY_DECL bool OrPredicate::Generic(const GenericEvent& e) const {
  return Any([&](const auto& p) { return p->Generic(e); });
}

APIMACHINERY_DECL NotPredicate::NotPredicate(PredicatePtr p) : p_(std::move(p)) {}

APIMACHINERY_DECL bool NotPredicate::Create(const CreateEvent& e) const { return !p_->Create(e); }

APIMACHINERY_DECL bool NotPredicate::Delete(const DeleteEvent& e) const { return !p_->Delete(e); }

APIMACHINERY_DECL bool NotPredicate::Update(const UpdateEvent& e) const { return !p_->Update(e); }

APIMACHINERY_DECL bool NotPredicate::Generic(const GenericEvent& e) const { return !p_->Generic(e); }

}  // namespace apimachinery::ctrl::internal

namespace apimachinery::ctrl {

APIMACHINERY_DECL PredicatePtr And(std::vector<PredicatePtr> ps) {
  return std::make_shared<const internal::AndPredicate>(std::move(ps));
}

APIMACHINERY_DECL PredicatePtr Or(std::vector<PredicatePtr> ps) {
  return std::make_shared<const internal::OrPredicate>(std::move(ps));
}

APIMACHINERY_DECL PredicateFuncs LabelSelectorPredicate(const metav1::LabelSelector& selector) {
  labels::Selector s = metav1::LabelSelectorAsSelector(selector);
  return NewPredicateFuncs([s = std::move(s)](const runtime::Object& o) {
    const metav1::ObjectMeta* m = o.GetObjectMeta();
    return m != nullptr && s.Matches(m->labels);
  });
}

}  // namespace apimachinery::ctrl
