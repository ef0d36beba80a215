// cache::ObjectList: the objects a store read returned (List, ByIndex, Index, Select), kept alive
// for as long as the list lives, without a reference count per object. cache::ObjectRef: the same
// for the one object a key lookup lends (ThreadSafeStore::GetRef, Indexer::GetByKeyRef).
//
// Example:
//   cache::Indexer store(cache::MetaNamespaceKeyFunc, {{"node", [](const runtime::Object& o) {
//                          return std::vector<std::string>{o.GetObjectMeta()->labels.at("node")};
//                        }}});
//   for (const runtime::Object* o : store.ByIndex("node", "node-7"))
//     fmt::print("{}\n", o->GetObjectMeta()->uid);
//   cache::ObjectList pods = store.List();
//   std::shared_ptr<const runtime::Object> keep = pods.Share(0);   // a reference of its own
//
// Elements are `const runtime::Object*`, never null. The list pins the store's reclamation epoch
// (internal/epoch.hpp): objects the store replaces or deletes after the read stay alive until every
// list that could see them is gone. Hold lists briefly (a reconcile, a handler); to keep an object
// longer, Share it, which takes an ordinary shared_ptr reference and pins nothing.
//
// Why not std::vector<std::shared_ptr<const Object>> (the earlier shape)? Copying a shared_ptr
// touches the object's control block (an atomic increment, and the decrement when the vector
// dies), usually a cache miss per object: it made ByIndex and List several times slower than the
// read itself. ToVector() gives that shape when an API needs it.
//
// ObjectRef costs one atomic increment and one decrement on the epoch's counter, a line every
// reader of the store shares (in cache when one thread reads, contended when many do), instead of
// the increment and decrement on the object's own control block that copying its shared_ptr
// costs, usually a cache miss. Hold it as briefly as a list.
//
// Thread-safety: a list (or ref) is an immutable value; copies may be used from any thread.
// Objects are immutable (const) as everywhere in the cache.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "apimachinery/cache/internal/epoch.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// operator=(ObjectList) by value is both the copy and the move assignment (copy-and-swap).
class ObjectList {  // NOLINT(cppcoreguidelines-special-member-functions)
 public:
  using value_type = const runtime::Object*;
  using const_iterator = std::vector<const runtime::Object*>::const_iterator;
  using iterator = const_iterator;
  using size_type = std::size_t;

  ObjectList() = default;
  APIMACHINERY_DECL ObjectList(const ObjectList& other);
  APIMACHINERY_DECL ObjectList(ObjectList&& other) noexcept;
  APIMACHINERY_DECL ObjectList& operator=(ObjectList other) noexcept;
  APIMACHINERY_DECL ~ObjectList();

  APIMACHINERY_DECL void swap(ObjectList& other) noexcept;

  APIMACHINERY_DECL std::size_t size() const noexcept;
  APIMACHINERY_DECL bool empty() const noexcept;
  APIMACHINERY_DECL const_iterator begin() const noexcept;
  APIMACHINERY_DECL const_iterator end() const noexcept;
  APIMACHINERY_DECL const runtime::Object* operator[](std::size_t i) const noexcept;
  APIMACHINERY_DECL const runtime::Object* front() const noexcept;
  APIMACHINERY_DECL const runtime::Object* back() const noexcept;

  // Share returns an owning reference to element i (one atomic increment; pins no epoch).
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Share(std::size_t i) const;

  // ToVector returns owning references to every element (one atomic increment each).
  APIMACHINERY_DECL std::vector<std::shared_ptr<const runtime::Object>> ToVector() const;

  // For stores: a list of `items` read while `epoch` was pinned (ownership of the pin moves in).
  APIMACHINERY_DECL static ObjectList Adopt(std::vector<const runtime::Object*> items,
                                            internal::Epoch* epoch) noexcept;

 private:
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ShareOf(const runtime::Object* o) const;

  std::vector<const runtime::Object*> items_;
  internal::Epoch* epoch_ = nullptr;
};

// ObjectRef: one borrowed object (or none), kept alive while the ref lives (see the top comment).
// operator=(ObjectRef) by value is both the copy and the move assignment (copy-and-swap).
class ObjectRef {  // NOLINT(cppcoreguidelines-special-member-functions)
 public:
  ObjectRef() = default;
  APIMACHINERY_DECL ObjectRef(const ObjectRef& other) noexcept;
  APIMACHINERY_DECL ObjectRef(ObjectRef&& other) noexcept;
  APIMACHINERY_DECL ObjectRef& operator=(ObjectRef other) noexcept;
  APIMACHINERY_DECL ~ObjectRef();

  // get returns the object, or null when the lookup found nothing.
  APIMACHINERY_DECL const runtime::Object* get() const noexcept;
  APIMACHINERY_DECL explicit operator bool() const noexcept;
  APIMACHINERY_DECL const runtime::Object& operator*() const noexcept;
  APIMACHINERY_DECL const runtime::Object* operator->() const noexcept;

  // Share returns an owning reference (null for an empty ref; one atomic increment on the
  // object's control block). Throws std::bad_weak_ptr only if the object's type hides its
  // enable_shared_from_this base, which runtime::Object forbids.
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Share() const;

  // For stores: `obj` read while `epoch` was pinned (ownership of the pin moves in; both null for
  // absence).
  APIMACHINERY_DECL static ObjectRef Adopt(const runtime::Object* obj, internal::Epoch* epoch) noexcept;

 private:
  const runtime::Object* obj_ = nullptr;
  internal::Epoch* epoch_ = nullptr;
};

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/object_list.ipp"
#endif
