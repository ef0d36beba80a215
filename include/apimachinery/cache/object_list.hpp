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
  ObjectList(const ObjectList& other) : items_(other.items_), epoch_(other.epoch_) {
    if (epoch_ != nullptr) epoch_->Pin();
  }
  ObjectList(ObjectList&& other) noexcept
      : items_(std::move(other.items_)), epoch_(std::exchange(other.epoch_, nullptr)) {
    other.items_.clear();
  }
  ObjectList& operator=(ObjectList other) noexcept {
    swap(other);
    return *this;
  }
  ~ObjectList() { internal::Epoch::Unpin(epoch_); }

  void swap(ObjectList& other) noexcept {
    items_.swap(other.items_);
    std::swap(epoch_, other.epoch_);
  }

  std::size_t size() const noexcept { return items_.size(); }
  bool empty() const noexcept { return items_.empty(); }
  const_iterator begin() const noexcept { return items_.begin(); }
  const_iterator end() const noexcept { return items_.end(); }
  const runtime::Object* operator[](std::size_t i) const noexcept { return items_[i]; }
  const runtime::Object* front() const noexcept { return items_.front(); }
  const runtime::Object* back() const noexcept { return items_.back(); }

  // Share returns an owning reference to element i (one atomic increment; pins no epoch).
  std::shared_ptr<const runtime::Object> Share(std::size_t i) const { return ShareOf(items_[i]); }

  // ToVector returns owning references to every element (one atomic increment each).
  std::vector<std::shared_ptr<const runtime::Object>> ToVector() const {
    std::vector<std::shared_ptr<const runtime::Object>> out;
    out.reserve(items_.size());
    for (const runtime::Object* o : items_) out.push_back(ShareOf(o));
    return out;
  }

  // For stores: a list of `items` read while `epoch` was pinned (ownership of the pin moves in).
  static ObjectList Adopt(std::vector<const runtime::Object*> items, internal::Epoch* epoch) noexcept {
    ObjectList list;
    list.items_ = std::move(items);
    list.epoch_ = epoch;
    return list;
  }

 private:
  std::shared_ptr<const runtime::Object> ShareOf(const runtime::Object* o) const {
    // Objects in a store are owned by shared_ptrs, so weak_from_this is set. Should a type hide
    // its enable_shared_from_this base, fall back to sharing the epoch pin: correct, but it keeps
    // the epoch (and what it retired) alive as long as the reference.
    if (auto owned = o->weak_from_this().lock()) return owned;
    epoch_->Pin();
    std::shared_ptr<const void> pin(static_cast<const void*>(epoch_),
                                    [e = epoch_](const void*) { internal::Epoch::Unpin(e); });
    return std::shared_ptr<const runtime::Object>(std::move(pin), o);
  }

  std::vector<const runtime::Object*> items_;
  internal::Epoch* epoch_ = nullptr;
};

// ObjectRef: one borrowed object (or none), kept alive while the ref lives (see the top comment).
// operator=(ObjectRef) by value is both the copy and the move assignment (copy-and-swap).
class ObjectRef {  // NOLINT(cppcoreguidelines-special-member-functions)
 public:
  ObjectRef() = default;
  ObjectRef(const ObjectRef& other) noexcept : obj_(other.obj_), epoch_(other.epoch_) {
    if (epoch_ != nullptr) epoch_->Pin();
  }
  ObjectRef(ObjectRef&& other) noexcept
      : obj_(std::exchange(other.obj_, nullptr)), epoch_(std::exchange(other.epoch_, nullptr)) {}
  ObjectRef& operator=(ObjectRef other) noexcept {
    std::swap(obj_, other.obj_);
    std::swap(epoch_, other.epoch_);
    return *this;
  }
  ~ObjectRef() { internal::Epoch::Unpin(epoch_); }

  // get returns the object, or null when the lookup found nothing.
  const runtime::Object* get() const noexcept { return obj_; }
  explicit operator bool() const noexcept { return obj_ != nullptr; }
  const runtime::Object& operator*() const noexcept { return *obj_; }
  const runtime::Object* operator->() const noexcept { return obj_; }

  // Share returns an owning reference (null for an empty ref; one atomic increment on the
  // object's control block). Throws std::bad_weak_ptr only if the object's type hides its
  // enable_shared_from_this base, which runtime::Object forbids.
  std::shared_ptr<const runtime::Object> Share() const {
    if (obj_ == nullptr) return nullptr;
    return obj_->shared_from_this();
  }

  // For stores: `obj` read while `epoch` was pinned (ownership of the pin moves in; both null for
  // absence).
  static ObjectRef Adopt(const runtime::Object* obj, internal::Epoch* epoch) noexcept {
    ObjectRef ref;
    ref.obj_ = obj;
    ref.epoch_ = epoch;
    return ref;
  }

 private:
  const runtime::Object* obj_ = nullptr;
  internal::Epoch* epoch_ = nullptr;
};

}  // namespace apimachinery::cache
