// Definitions of the non-template functions declared in <apimachinery/cache/delta_fifo.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/delta_fifo.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL const Delta* Oldest(const Deltas& d) noexcept { return d.empty() ? nullptr : &d.front(); }

APIMACHINERY_DECL const Delta* Newest(const Deltas& d) noexcept { return d.empty() ? nullptr : &d.back(); }

APIMACHINERY_DECL DeletedFinalStateUnknown::DeletedFinalStateUnknown(std::string k,
                                                                     std::shared_ptr<const runtime::Object> o)
    : key(std::move(k)), obj(std::move(o)) {}

APIMACHINERY_DECL const DeletedFinalStateUnknown* AsTombstone(const runtime::Object& obj) noexcept {
  if (obj.GetTypeId() == util::TypeIdOf<DeletedFinalStateUnknown>()) {
    return static_cast<const DeletedFinalStateUnknown*>(&obj);
  }
  return nullptr;
}

APIMACHINERY_DECL std::string DeletionHandlingMetaNamespaceKeyFunc(const runtime::Object& obj) {
  if (const auto* t = AsTombstone(obj)) return t->key;
  return MetaNamespaceKeyFunc(obj);
}

APIMACHINERY_DECL FIFOClosedError::FIFOClosedError() : Error("DeltaFIFO: manipulating with closed queue") {}

}  // namespace apimachinery::cache
