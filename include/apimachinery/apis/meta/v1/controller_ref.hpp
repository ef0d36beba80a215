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
#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::metav1 {

// GetControllerOfNoCopy returns the owner reference marked as controller, or nullptr.
APIMACHINERY_DECL const OwnerReference* GetControllerOfNoCopy(const ObjectMeta& controllee) noexcept;
APIMACHINERY_DECL const OwnerReference* GetControllerOfNoCopy(const runtime::Object& controllee) noexcept;

// GetControllerOf returns a copy of the controller reference, if any.
APIMACHINERY_DECL std::optional<OwnerReference> GetControllerOf(const ObjectMeta& controllee);
APIMACHINERY_DECL std::optional<OwnerReference> GetControllerOf(const runtime::Object& controllee);

// IsControlledBy reports whether `obj` has a controller reference whose UID is the owner's.
APIMACHINERY_DECL bool IsControlledBy(const ObjectMeta& obj, const ObjectMeta& owner) noexcept;
APIMACHINERY_DECL bool IsControlledBy(const runtime::Object& obj, const runtime::Object& owner) noexcept;

// NewControllerRef returns a controller reference (controller and blockOwnerDeletion true) to
// `owner`, whose kind is `gvk`.
APIMACHINERY_DECL OwnerReference NewControllerRef(const ObjectMeta& owner,
                                                  const schema::GroupVersionKind& gvk);
APIMACHINERY_DECL OwnerReference NewControllerRef(const runtime::Object& owner,
                                                  const schema::GroupVersionKind& gvk);

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/controller_ref.ipp"
#endif
