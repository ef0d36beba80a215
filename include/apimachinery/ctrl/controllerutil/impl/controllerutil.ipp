// Definitions of the non-template functions declared in
// <apimachinery/ctrl/controllerutil/controllerutil.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/controllerutil/controllerutil.hpp"

namespace apimachinery::ctrl::controllerutil {

APIMACHINERY_DECL AlreadyOwnedError::AlreadyOwnedError(std::string ns, std::string name,
                                                       metav1::OwnerReference existing)
    : Error(fmt::format("Object {}/{} is already owned by another {} controller {}", ns, name, existing.kind,
                        existing.name)),
      object_namespace(std::move(ns)),
      object_name(std::move(name)),
      owner(std::move(existing)) {}

APIMACHINERY_DECL OwnerReferenceOption WithBlockOwnerDeletion(bool block_owner_deletion) {
  return [block_owner_deletion](metav1::OwnerReference& ref) {
    ref.block_owner_deletion = block_owner_deletion;
  };
}

}  // namespace apimachinery::ctrl::controllerutil

namespace apimachinery::ctrl::controllerutil::internal {

APIMACHINERY_DECL std::string TypeName(const runtime::Object& o) { return std::string(o.GetTypeId().name()); }

APIMACHINERY_DECL const metav1::ObjectMeta& Meta(const runtime::Object& o) {
  const metav1::ObjectMeta* m = o.GetObjectMeta();
  if (m == nullptr) throw Error(TypeName(o) + " has no object metadata");
  return *m;
}

APIMACHINERY_DECL metav1::ObjectMeta& Meta(runtime::Object& o) {
  metav1::ObjectMeta* m = o.GetObjectMeta();
  if (m == nullptr) throw Error(TypeName(o) + " has no object metadata");
  return *m;
}

APIMACHINERY_DECL bool ReferSameObject(const metav1::OwnerReference& a, const metav1::OwnerReference& b) {
  schema::GroupVersion agv, bgv;
  try {
    agv = schema::ParseGroupVersion(a.api_version);
    bgv = schema::ParseGroupVersion(b.api_version);
  } catch (const Error&) {
    return false;
  }
  return agv.group == bgv.group && a.kind == b.kind && a.name == b.name;
}

APIMACHINERY_DECL std::ptrdiff_t IndexOwnerRef(const std::vector<metav1::OwnerReference>& refs,
                                               const metav1::OwnerReference& ref) {
  for (std::size_t i = 0; i < refs.size(); ++i) {
    if (ReferSameObject(refs[i], ref)) return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

APIMACHINERY_DECL void UpsertOwnerRef(metav1::OwnerReference ref, metav1::ObjectMeta& m) {
  const auto idx = IndexOwnerRef(m.owner_references, ref);
  if (idx == -1) {
    m.owner_references.push_back(std::move(ref));
  } else {
    m.owner_references[static_cast<std::size_t>(idx)] = std::move(ref);
  }
}

APIMACHINERY_DECL void ValidateOwner(const metav1::ObjectMeta& owner, const metav1::ObjectMeta& object) {
  if (owner.namespace_.empty()) return;
  if (object.namespace_.empty()) {
    throw Error("cluster-scoped resource must not have a namespace-scoped owner, owner's namespace " +
                owner.namespace_);
  }
  if (owner.namespace_ != object.namespace_) {
    throw Error("cross-namespace owner references are disallowed, owner's namespace " + owner.namespace_ +
                ", obj's namespace " + object.namespace_);
  }
}

APIMACHINERY_DECL metav1::OwnerReference RefTo(const runtime::Object& owner, const runtime::Scheme& scheme) {
  const schema::GroupVersionKind gvk = GVKForObject(owner, scheme);
  const metav1::ObjectMeta& m = Meta(owner);
  return metav1::OwnerReference{
      gvk.GroupVersion().String(), gvk.kind, m.name, m.uid, std::nullopt, std::nullopt};
}

APIMACHINERY_DECL std::string QuotedGVKs(const std::vector<schema::GroupVersionKind>& gvks) {
  // Go's %q of a []schema.GroupVersionKind: each element's String() quoted, space-separated.
  std::string out = "[";
  for (std::size_t i = 0; i < gvks.size(); ++i) {
    if (i > 0) out += ' ';
    out += util::Quote(gvks[i].String());
  }
  return out + "]";
}

}  // namespace apimachinery::ctrl::controllerutil::internal

namespace apimachinery::ctrl::controllerutil {

APIMACHINERY_DECL schema::GroupVersionKind GVKForObject(const runtime::Object& obj,
                                                        const runtime::Scheme& scheme) {
  const util::TypeId id = obj.GetTypeId();
  if (id == util::kTypeId<metav1::PartialObjectMetadata> ||
      id == util::kTypeId<metav1::PartialObjectMetadataList>) {
    schema::GroupVersionKind gvk = obj.GetObjectKind();
    if (gvk.kind.empty()) throw runtime::MissingKindError("unstructured object has no kind");
    if (gvk.version.empty()) throw runtime::MissingVersionError("unstructured object has no version");
    return gvk;
  }
  auto [gvks, unversioned] = scheme.ObjectKinds(obj);
  if (unversioned)
    throw Error("cannot create group-version-kind for unversioned type " + internal::TypeName(obj));
  if (gvks.empty()) {
    throw Error("no GroupVersionKind associated with Go type " + internal::TypeName(obj) +
                ", was the type registered with the Scheme?");
  }
  if (gvks.size() > 1) {
    const std::string err =
        "multiple GroupVersionKinds associated with Go type " + internal::TypeName(obj) +
        " within the Scheme, this can happen when a type is registered for multiple GVKs at "
        "the same time";
    const schema::GroupVersionKind current = obj.GetObjectKind();
    if (!current.Empty()) {
      for (const auto& gvk : gvks) {
        if (gvk == current) return gvk;
      }
      throw Error(
          err + ": the object's supplied GroupVersionKind " + util::Quote(current.String()) +
          " was not found in the Scheme's list; refusing to guess at one: " + internal::QuotedGVKs(gvks));
    }
    throw Error(err +
                ": callers can either fix their type registration to only register it once, or specify the "
                "GroupVersionKind to use for object passed in; refusing to guess at one: " +
                internal::QuotedGVKs(gvks));
  }
  return gvks.front();
}

APIMACHINERY_DECL void SetControllerReference(const runtime::Object& owner, runtime::Object& controlled,
                                              const runtime::Scheme& scheme,
                                              const std::vector<OwnerReferenceOption>& opts) {
  const metav1::ObjectMeta& owner_meta = internal::Meta(owner);
  metav1::ObjectMeta& meta = internal::Meta(controlled);
  internal::ValidateOwner(owner_meta, meta);
  metav1::OwnerReference ref = internal::RefTo(owner, scheme);
  ref.block_owner_deletion = true;
  ref.controller = true;
  for (const auto& opt : opts) opt(ref);
  if (const auto* existing = metav1::GetControllerOfNoCopy(meta);
      existing != nullptr && !internal::ReferSameObject(*existing, ref)) {
    throw AlreadyOwnedError(meta.namespace_, meta.name, *existing);
  }
  internal::UpsertOwnerRef(std::move(ref), meta);
}

APIMACHINERY_DECL void SetOwnerReference(const runtime::Object& owner, runtime::Object& object,
                                         const runtime::Scheme& scheme,
                                         const std::vector<OwnerReferenceOption>& opts) {
  const metav1::ObjectMeta& owner_meta = internal::Meta(owner);
  metav1::ObjectMeta& meta = internal::Meta(object);
  internal::ValidateOwner(owner_meta, meta);
  metav1::OwnerReference ref = internal::RefTo(owner, scheme);
  for (const auto& opt : opts) opt(ref);
  internal::UpsertOwnerRef(std::move(ref), meta);
}

APIMACHINERY_DECL void RemoveOwnerReference(const runtime::Object& owner, runtime::Object& object,
                                            const runtime::Scheme& scheme) {
  metav1::ObjectMeta& meta = internal::Meta(object);
  if (meta.owner_references.empty()) {
    throw Error(internal::TypeName(object) + " does not have any owner references");
  }
  const auto index = internal::IndexOwnerRef(meta.owner_references, internal::RefTo(owner, scheme));
  if (index == -1) {
    throw Error(internal::TypeName(object) + " does not have an owner reference for " +
                internal::TypeName(owner));
  }
  meta.owner_references.erase(meta.owner_references.begin() + index);
}

APIMACHINERY_DECL bool HasControllerReference(const runtime::Object& object) noexcept {
  return metav1::GetControllerOfNoCopy(object) != nullptr;
}

APIMACHINERY_DECL bool HasOwnerReference(const std::vector<metav1::OwnerReference>& owner_refs,
                                         const runtime::Object& obj, const runtime::Scheme& scheme) {
  return internal::IndexOwnerRef(owner_refs, internal::RefTo(obj, scheme)) != -1;
}

APIMACHINERY_DECL void RemoveControllerReference(const runtime::Object& owner, runtime::Object& object,
                                                 const runtime::Scheme& scheme) {
  metav1::ObjectMeta& meta = internal::Meta(object);
  if (!HasControllerReference(object)) {
    throw Error(internal::TypeName(object) + " does not have a owner reference with controller equals true");
  }
  const auto index = internal::IndexOwnerRef(meta.owner_references, internal::RefTo(owner, scheme));
  if (index == -1) {
    throw Error(internal::TypeName(object) + " does not have an controller reference for " +
                internal::TypeName(owner));
  }
  if (!meta.owner_references[static_cast<std::size_t>(index)].controller.value_or(false)) {
    throw Error(internal::TypeName(owner) + " owner is not the controller reference for " +
                internal::TypeName(object));
  }
  meta.owner_references.erase(meta.owner_references.begin() + index);
}

APIMACHINERY_DECL bool AddFinalizer(runtime::Object& o, std::string_view finalizer) {
  auto& f = internal::Meta(o).finalizers;
  if (std::find(f.begin(), f.end(), finalizer) != f.end()) return false;
  f.emplace_back(finalizer);
  return true;
}

APIMACHINERY_DECL bool RemoveFinalizer(runtime::Object& o, std::string_view finalizer) {
  auto& f = internal::Meta(o).finalizers;
  return std::erase(f, finalizer) != 0;
}

APIMACHINERY_DECL bool ContainsFinalizer(const runtime::Object& o, std::string_view finalizer) {
  const auto& f = internal::Meta(o).finalizers;
  return std::find(f.begin(), f.end(), finalizer) != f.end();
}

}  // namespace apimachinery::ctrl::controllerutil
