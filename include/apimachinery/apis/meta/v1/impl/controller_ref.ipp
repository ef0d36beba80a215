// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/controller_ref.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/controller_ref.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL const OwnerReference* GetControllerOfNoCopy(const ObjectMeta& controllee) noexcept {
  for (const auto& ref : controllee.owner_references) {
    if (ref.controller.value_or(false)) return &ref;
  }
  return nullptr;
}

APIMACHINERY_DECL const OwnerReference* GetControllerOfNoCopy(const runtime::Object& controllee) noexcept {
  const ObjectMeta* m = controllee.GetObjectMeta();
  return m == nullptr ? nullptr : GetControllerOfNoCopy(*m);
}

APIMACHINERY_DECL std::optional<OwnerReference> GetControllerOf(const ObjectMeta& controllee) {
  const OwnerReference* ref = GetControllerOfNoCopy(controllee);
  if (ref == nullptr) return std::nullopt;
  return *ref;
}

APIMACHINERY_DECL std::optional<OwnerReference> GetControllerOf(const runtime::Object& controllee) {
  const OwnerReference* ref = GetControllerOfNoCopy(controllee);
  if (ref == nullptr) return std::nullopt;
  return *ref;
}

APIMACHINERY_DECL bool IsControlledBy(const ObjectMeta& obj, const ObjectMeta& owner) noexcept {
  const OwnerReference* ref = GetControllerOfNoCopy(obj);
  return ref != nullptr && ref->uid == owner.uid;
}

APIMACHINERY_DECL bool IsControlledBy(const runtime::Object& obj, const runtime::Object& owner) noexcept {
  const OwnerReference* ref = GetControllerOfNoCopy(obj);
  if (ref == nullptr) return false;
  const ObjectMeta* m = owner.GetObjectMeta();
  return ref->uid == (m == nullptr ? std::string_view() : std::string_view(m->uid));
}

APIMACHINERY_DECL OwnerReference NewControllerRef(const ObjectMeta& owner,
                                                  const schema::GroupVersionKind& gvk) {
  return OwnerReference{gvk.GroupVersion().String(), gvk.kind, owner.name, owner.uid, true, true};
}

APIMACHINERY_DECL OwnerReference NewControllerRef(const runtime::Object& owner,
                                                  const schema::GroupVersionKind& gvk) {
  const ObjectMeta* m = owner.GetObjectMeta();
  if (m == nullptr) return OwnerReference{gvk.GroupVersion().String(), gvk.kind, {}, {}, true, true};
  return NewControllerRef(*m, gvk);
}

}  // namespace apimachinery::metav1
