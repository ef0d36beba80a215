// Delta types shared by the FIFOs and informers, the DeletedFinalStateUnknown tombstone, and the
// tombstone-aware key function.
//
// Example:
//   auto last_known = std::make_shared<const metav1::PartialObjectMetadata>();   // the last state seen
//   cache::Delta d{cache::DeltaType::kDeleted,
//                  std::make_shared<const cache::DeletedFinalStateUnknown>("ns/a", last_known)};
//   cache::DeletionHandlingMetaNamespaceKeyFunc(*d.object);   // "ns/a"
//
// Upstream: k8s.io/client-go/tools/cache/delta_fifo.go (DeltaType, Delta, Deltas,
// DeletedFinalStateUnknown, ErrFIFOClosed) and controller.go (DeletionHandlingMetaNamespaceKeyFunc).
// Throws: DeletionHandlingMetaNamespaceKeyFunc throws like MetaNamespaceKeyFunc for non-tombstones.
// Thread-safety: value types; the tombstone is immutable once shared.
// Differences from upstream: the tombstone is a runtime::Object (so it travels in the same
// std::shared_ptr<const runtime::Object> as real objects) without ObjectMeta; its `obj` may be
// null (upstream's nil Obj). DeltaType is an enum whose String() is upstream's string.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::cache {

// DeltaType is the kind of change a Delta records.
enum class DeltaType { kAdded, kUpdated, kDeleted, kReplaced, kSync };

// String returns upstream's name ("Added", "Updated", "Deleted", "Replaced", "Sync").
constexpr std::string_view String(DeltaType t) noexcept {
  switch (t) {
    case DeltaType::kAdded:
      return "Added";
    case DeltaType::kUpdated:
      return "Updated";
    case DeltaType::kDeleted:
      return "Deleted";
    case DeltaType::kReplaced:
      return "Replaced";
    case DeltaType::kSync:
      return "Sync";
  }
  return "";
}

// Delta: one change and the object after it (the last known state for deletions; possibly a
// DeletedFinalStateUnknown tombstone).
struct Delta {
  DeltaType type = DeltaType::kAdded;
  std::shared_ptr<const runtime::Object> object;
};

// Deltas: a list of Delta, oldest first.
using Deltas = std::vector<Delta>;

// Oldest / Newest return the first / last delta, or nullptr when empty.
APIMACHINERY_DECL const Delta* Oldest(const Deltas& d) noexcept;
APIMACHINERY_DECL const Delta* Newest(const Deltas& d) noexcept;

// DeletedFinalStateUnknown is placed in a FIFO when an object was deleted but the deletion was
// missed (a relist no longer lists it): `key` is its store key and `obj` its last known state
// (possibly stale, possibly null).
struct DeletedFinalStateUnknown : runtime::ObjectBase<DeletedFinalStateUnknown> {
  static constexpr std::string_view kKind = "DeletedFinalStateUnknown";

  DeletedFinalStateUnknown() = default;
  APIMACHINERY_DECL DeletedFinalStateUnknown(std::string k, std::shared_ptr<const runtime::Object> o);

  metav1::TypeMeta type_meta;
  std::string key;
  std::shared_ptr<const runtime::Object> obj;
};

// AsTombstone returns the tombstone when `obj` is one, else nullptr.
APIMACHINERY_DECL const DeletedFinalStateUnknown* AsTombstone(const runtime::Object& obj) noexcept;

// DeletionHandlingMetaNamespaceKeyFunc: a tombstone's key, else MetaNamespaceKeyFunc.
APIMACHINERY_DECL std::string DeletionHandlingMetaNamespaceKeyFunc(const runtime::Object& obj);

// FIFOClosedError: Pop on a closed, drained queue (upstream ErrFIFOClosed).
class FIFOClosedError : public Error {
 public:
  APIMACHINERY_DECL FIFOClosedError();
};

}  // namespace apimachinery::cache

APIMACHINERY_STRINGER(apimachinery::cache, DeltaType);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/delta_fifo.ipp"
#endif
