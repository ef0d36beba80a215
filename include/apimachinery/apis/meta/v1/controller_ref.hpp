// metav1 controller references: the owner reference with `controller: true` that names the one
// object managing another.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1 controller_ref.go: IsControlledBy, GetControllerOf,
// GetControllerOfNoCopy, NewControllerRef.
//
// Example:
//   metav1::PartialObjectMetadata rs, pod;
//   rs.metadata = {.name = "web-5d9", .namespace_ = "default", .uid = "2f8e6c1a"};
//   schema::GroupVersionKind rsGVK{"apps", "v1", "ReplicaSet"};
//   pod.metadata.owner_references.push_back(metav1::NewControllerRef(rs.metadata, rsGVK));
//   metav1::IsControlledBy(pod, rs);                 // true
//   std::optional<metav1::OwnerReference> ref = metav1::GetControllerOf(pod);
//
// Each function takes the object's metav1::ObjectMeta or a runtime::Object (typed objects and
// Unstructured alike; an object without metadata, such as a list, has no owner references and an
// empty name and UID).
//
// Differences from upstream: Go's metav1.Object interface becomes ObjectMeta / runtime::Object;
// GetControllerOf returns a std::optional copy instead of a new pointer, GetControllerOfNoCopy a
// pointer into the object's metadata (nullptr when there is no controller).
// Throws: NewControllerRef and GetControllerOf only std::bad_alloc; the rest nothing.
// Cost: linear in the owner references. Thread-safety: as the objects (const access only).
#pragma once

#include <optional>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::metav1 {

// GetControllerOfNoCopy returns the owner reference marked as controller, or nullptr.
inline const OwnerReference* GetControllerOfNoCopy(const ObjectMeta& controllee) noexcept {
  for (const auto& ref : controllee.owner_references) {
    if (ref.controller.value_or(false)) return &ref;
  }
  return nullptr;
}
inline const OwnerReference* GetControllerOfNoCopy(const runtime::Object& controllee) noexcept {
  const ObjectMeta* m = controllee.GetObjectMeta();
  return m == nullptr ? nullptr : GetControllerOfNoCopy(*m);
}

// GetControllerOf returns a copy of the controller reference, if any.
inline std::optional<OwnerReference> GetControllerOf(const ObjectMeta& controllee) {
  const OwnerReference* ref = GetControllerOfNoCopy(controllee);
  if (ref == nullptr) return std::nullopt;
  return *ref;
}
inline std::optional<OwnerReference> GetControllerOf(const runtime::Object& controllee) {
  const OwnerReference* ref = GetControllerOfNoCopy(controllee);
  if (ref == nullptr) return std::nullopt;
  return *ref;
}

// IsControlledBy reports whether `obj` has a controller reference whose UID is the owner's.
inline bool IsControlledBy(const ObjectMeta& obj, const ObjectMeta& owner) noexcept {
  const OwnerReference* ref = GetControllerOfNoCopy(obj);
  return ref != nullptr && ref->uid == owner.uid;
}
inline bool IsControlledBy(const runtime::Object& obj, const runtime::Object& owner) noexcept {
  const OwnerReference* ref = GetControllerOfNoCopy(obj);
  if (ref == nullptr) return false;
  const ObjectMeta* m = owner.GetObjectMeta();
  return ref->uid == (m == nullptr ? std::string_view() : std::string_view(m->uid));
}

// NewControllerRef returns a controller reference (controller and blockOwnerDeletion true) to
// `owner`, whose kind is `gvk`.
inline OwnerReference NewControllerRef(const ObjectMeta& owner, const schema::GroupVersionKind& gvk) {
  return OwnerReference{gvk.GroupVersion().String(), gvk.kind, owner.name, owner.uid, true, true};
}
inline OwnerReference NewControllerRef(const runtime::Object& owner, const schema::GroupVersionKind& gvk) {
  const ObjectMeta* m = owner.GetObjectMeta();
  if (m == nullptr) return OwnerReference{gvk.GroupVersion().String(), gvk.kind, {}, {}, true, true};
  return NewControllerRef(*m, gvk);
}

}  // namespace apimachinery::metav1
