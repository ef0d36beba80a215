// ctrl::controllerutil: owner references and finalizers on any object, as operator code writes
// them with controller-runtime.
//
// Port of sigs.k8s.io/controller-runtime pkg/controller/controllerutil/controllerutil.go
// (AlreadyOwnedError, OwnerReferenceOption, WithBlockOwnerDeletion, SetControllerReference,
// SetOwnerReference, RemoveOwnerReference, HasControllerReference, HasOwnerReference,
// RemoveControllerReference, AddFinalizer, RemoveFinalizer, ContainsFinalizer) and of
// pkg/client/apiutil/apimachinery.go: GVKForObject, which finds the owner's kind in the Scheme.
//
// Example (namespace scope):
//   struct WidgetSpec { int size = 0; };
//   APIMACHINERY_FIELDS(WidgetSpec, size)
//   struct Widget : runtime::ObjectBase<Widget> {   // a custom resource (runtime/interfaces.hpp)
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
// Example:
//   namespace controllerutil = ctrl::controllerutil;
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Widget>({"example.com", "v1"});
//   Widget widget;
//   widget.metadata = {.name = "w", .namespace_ = "ns", .uid = "6a3e0f2c"};
//   metav1::PartialObjectMetadata deployment;   // any object, typed or not
//   deployment.metadata = {.name = "w-web", .namespace_ = "ns"};
//   controllerutil::SetControllerReference(widget, deployment, scheme);   // throws AlreadyOwnedError
//   if (controllerutil::AddFinalizer(widget, "example.com/cleanup")) { /* update the object */ }
//
// Objects are runtime::Object (typed objects and runtime::Unstructured alike); the metadata is read
// and written through Object::GetObjectMeta(). Two owner references refer to the same object when
// their API group, kind and name are equal (the version and UID are not compared: the reference is
// replaced, with the owner's current version and UID).
//
// Throws (Go returns the error; here it is thrown, with upstream's text):
// - SetControllerReference: AlreadyOwnedError (`Object <ns>/<name> is already owned by another
//   <Kind> controller <name>`) when another controller owns `controlled`;
// - SetControllerReference, SetOwnerReference: apimachinery::Error `cross-namespace owner references
//   are disallowed, owner's namespace <a>, obj's namespace <b>` and `cluster-scoped resource must not
//   have a namespace-scoped owner, owner's namespace <a>`;
// - every function taking a Scheme: GVKForObject's errors: runtime::NotRegisteredError for a type
//   the Scheme does not know, runtime::MissingKindError / MissingVersionError for an Unstructured or
//   PartialObjectMetadata without apiVersion/kind, apimachinery::Error `cannot create
//   group-version-kind for unversioned type <T>` and the `multiple GroupVersionKinds associated with
//   Go type <T> within the Scheme, ...` texts;
// - RemoveOwnerReference / RemoveControllerReference: apimachinery::Error `<T> does not have any
//   owner references`, `<T> does not have an owner reference for <T>`, `<T> does not have a owner
//   reference with controller equals true`, `<T> does not have an controller reference for <T>`,
//   `<T> owner is not the controller reference for <T>` (upstream's wording, typos included);
// - any function given an object without ObjectMeta (a list): apimachinery::Error `<T> has no
//   object metadata` (Go's types rule that out at compile time).
// A function that throws leaves the object unchanged.
//
// Differences from upstream: Go's `%T` (`*v1.Deployment`) is the C++ type name here
// (util::TypeId::name(), e.g. `examples::Widget`). The "not a runtime.Object" errors cannot occur
// (every argument is one). Options are plain functions of OwnerReference&.
// Cost: linear in the owner references / finalizers. Thread-safety: the object must not be used
// concurrently while it is modified; the Scheme is only read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/apis/meta/v1/controller_ref.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::ctrl::controllerutil {

// AlreadyOwnedError: `controlled` already has another controller (upstream: *AlreadyOwnedError).
// Members: the object's namespace and name, and the existing controller reference.
class AlreadyOwnedError : public Error {
 public:
  APIMACHINERY_DECL AlreadyOwnedError(std::string ns, std::string name, metav1::OwnerReference existing);

  std::string object_namespace;
  std::string object_name;
  metav1::OwnerReference owner;
};

// OwnerReferenceOption modifies the reference SetControllerReference / SetOwnerReference build.
using OwnerReferenceOption = std::function<void(metav1::OwnerReference&)>;

// WithBlockOwnerDeletion sets blockOwnerDeletion on the reference.
APIMACHINERY_DECL OwnerReferenceOption WithBlockOwnerDeletion(bool block_owner_deletion);

// GVKForObject returns the kind `obj` is registered under in `scheme` (an Unstructured or
// PartialObjectMetadata: the kind it carries). Throws: see the top comment.
schema::GroupVersionKind GVKForObject(const runtime::Object& obj, const runtime::Scheme& scheme);

// SetControllerReference adds (or updates) a controller reference to `owner` on `controlled`.
void SetControllerReference(const runtime::Object& owner, runtime::Object& controlled,
                            const runtime::Scheme& scheme,
                            const std::vector<OwnerReferenceOption>& opts = {});

// SetOwnerReference adds (or updates) a non-controller reference to `owner` on `object`.
void SetOwnerReference(const runtime::Object& owner, runtime::Object& object, const runtime::Scheme& scheme,
                       const std::vector<OwnerReferenceOption>& opts = {});

// RemoveOwnerReference removes the reference to `owner` from `object`.
void RemoveOwnerReference(const runtime::Object& owner, runtime::Object& object,
                          const runtime::Scheme& scheme);

// HasControllerReference: `object` has an owner reference with controller true.
bool HasControllerReference(const runtime::Object& object) noexcept;

// HasOwnerReference: `owner_refs` holds a reference to `obj` (group, kind and name).
bool HasOwnerReference(const std::vector<metav1::OwnerReference>& owner_refs, const runtime::Object& obj,
                       const runtime::Scheme& scheme);

// RemoveControllerReference removes the controller reference to `owner` from `object`.
void RemoveControllerReference(const runtime::Object& owner, runtime::Object& object,
                               const runtime::Scheme& scheme);

// AddFinalizer adds `finalizer` when absent; returns whether the list changed.
bool AddFinalizer(runtime::Object& o, std::string_view finalizer);
// RemoveFinalizer removes every copy of `finalizer`; returns whether the list changed.
bool RemoveFinalizer(runtime::Object& o, std::string_view finalizer);
// ContainsFinalizer: `finalizer` is in the object's list.
bool ContainsFinalizer(const runtime::Object& o, std::string_view finalizer);

// Implementation details follow.

namespace internal {

APIMACHINERY_DECL std::string TypeName(const runtime::Object& o);

APIMACHINERY_DECL const metav1::ObjectMeta& Meta(const runtime::Object& o);

APIMACHINERY_DECL metav1::ObjectMeta& Meta(runtime::Object& o);

// ReferSameObject: same API group (an unparsable apiVersion refers to nothing), kind and name.
APIMACHINERY_DECL bool ReferSameObject(const metav1::OwnerReference& a, const metav1::OwnerReference& b);

APIMACHINERY_DECL std::ptrdiff_t IndexOwnerRef(const std::vector<metav1::OwnerReference>& refs,
                                               const metav1::OwnerReference& ref);

APIMACHINERY_DECL void UpsertOwnerRef(metav1::OwnerReference ref, metav1::ObjectMeta& m);

APIMACHINERY_DECL void ValidateOwner(const metav1::ObjectMeta& owner, const metav1::ObjectMeta& object);

// RefTo: the reference to `owner` (kind from the Scheme) that the lookups compare with.
APIMACHINERY_DECL metav1::OwnerReference RefTo(const runtime::Object& owner, const runtime::Scheme& scheme);

APIMACHINERY_DECL std::string QuotedGVKs(const std::vector<schema::GroupVersionKind>& gvks);

}  // namespace internal

}  // namespace apimachinery::ctrl::controllerutil

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/controllerutil/impl/controllerutil.ipp"
#endif
