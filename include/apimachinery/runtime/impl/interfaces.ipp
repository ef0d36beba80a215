// Definitions of the non-template functions declared in <apimachinery/runtime/interfaces.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL metav1::ObjectMeta* Object::GetObjectMeta() noexcept { return MutableObjectMeta(); }

APIMACHINERY_DECL const metav1::ListMeta* Object::GetListMeta() const noexcept { return nullptr; }

APIMACHINERY_DECL metav1::ObjectMeta* Object::MutableObjectMeta() noexcept {
  return const_cast<metav1::ObjectMeta*>(std::as_const(*this).GetObjectMeta());
}

}  // namespace apimachinery::runtime
