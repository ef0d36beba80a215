// Definitions of the non-template functions declared in <apimachinery/ctrl/interfaces.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/interfaces.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL bool ObjectType::IsUnstructured() const noexcept {
  return type == util::kTypeId<runtime::Unstructured>;
}

APIMACHINERY_DECL bool ObjectType::IsMetadata() const noexcept {
  return type == util::kTypeId<metav1::PartialObjectMetadata>;
}

APIMACHINERY_DECL bool ObjectType::IsCompact() const noexcept {
  return type == util::kTypeId<runtime::CompactUnstructured>;
}

APIMACHINERY_DECL bool ObjectType::NeedsKind() const noexcept {
  return IsUnstructured() || IsCompact() || IsMetadata();
}

APIMACHINERY_DECL WithSubResourceBody::WithSubResourceBody(runtime::Object& b) noexcept : body(&b) {}

APIMACHINERY_DECL SubResourceWriter& Client::Status() { return SubResource("status"); }

}  // namespace apimachinery::ctrl
