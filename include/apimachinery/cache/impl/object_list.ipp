// Definitions of the non-template functions declared in <apimachinery/cache/object_list.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/object_list.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL ObjectList::ObjectList(const ObjectList& other)
    : items_(other.items_), epoch_(other.epoch_) {
  if (epoch_ != nullptr) epoch_->Pin();
}

APIMACHINERY_DECL ObjectList::ObjectList(ObjectList&& other) noexcept
    : items_(std::move(other.items_)), epoch_(std::exchange(other.epoch_, nullptr)) {
  other.items_.clear();
}

APIMACHINERY_DECL ObjectList& ObjectList::operator=(ObjectList other) noexcept {
  swap(other);
  return *this;
}

APIMACHINERY_DECL ObjectList::~ObjectList() { internal::Epoch::Unpin(epoch_); }

APIMACHINERY_DECL void ObjectList::swap(ObjectList& other) noexcept {
  items_.swap(other.items_);
  std::swap(epoch_, other.epoch_);
}

APIMACHINERY_DECL std::size_t ObjectList::size() const noexcept { return items_.size(); }

APIMACHINERY_DECL bool ObjectList::empty() const noexcept { return items_.empty(); }

APIMACHINERY_DECL auto ObjectList::begin() const noexcept -> const_iterator { return items_.begin(); }

APIMACHINERY_DECL auto ObjectList::end() const noexcept -> const_iterator { return items_.end(); }

APIMACHINERY_DECL const runtime::Object* ObjectList::operator[](std::size_t i) const noexcept {
  return items_[i];
}

APIMACHINERY_DECL const runtime::Object* ObjectList::front() const noexcept { return items_.front(); }

APIMACHINERY_DECL const runtime::Object* ObjectList::back() const noexcept { return items_.back(); }

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ObjectList::Share(std::size_t i) const {
  return ShareOf(items_[i]);
}

APIMACHINERY_DECL std::vector<std::shared_ptr<const runtime::Object>> ObjectList::ToVector() const {
  std::vector<std::shared_ptr<const runtime::Object>> out;
  out.reserve(items_.size());
  for (const runtime::Object* o : items_) out.push_back(ShareOf(o));
  return out;
}

APIMACHINERY_DECL ObjectList ObjectList::Adopt(std::vector<const runtime::Object*> items,
                                               internal::Epoch* epoch) noexcept {
  ObjectList list;
  list.items_ = std::move(items);
  list.epoch_ = epoch;
  return list;
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ObjectList::ShareOf(const runtime::Object* o) const {
  // Objects in a store are owned by shared_ptrs, so weak_from_this is set. Should a type hide
  // its enable_shared_from_this base, fall back to sharing the epoch pin: correct, but it keeps
  // the epoch (and what it retired) alive as long as the reference.
  if (auto owned = o->weak_from_this().lock()) return owned;
  epoch_->Pin();
  std::shared_ptr<const void> pin(static_cast<const void*>(epoch_),
                                  [e = epoch_](const void*) { internal::Epoch::Unpin(e); });
  return std::shared_ptr<const runtime::Object>(std::move(pin), o);
}

APIMACHINERY_DECL ObjectRef::ObjectRef(const ObjectRef& other) noexcept
    : obj_(other.obj_), epoch_(other.epoch_) {
  if (epoch_ != nullptr) epoch_->Pin();
}

APIMACHINERY_DECL ObjectRef::ObjectRef(ObjectRef&& other) noexcept
    : obj_(std::exchange(other.obj_, nullptr)), epoch_(std::exchange(other.epoch_, nullptr)) {}

APIMACHINERY_DECL ObjectRef& ObjectRef::operator=(ObjectRef other) noexcept {
  std::swap(obj_, other.obj_);
  std::swap(epoch_, other.epoch_);
  return *this;
}

APIMACHINERY_DECL ObjectRef::~ObjectRef() { internal::Epoch::Unpin(epoch_); }

APIMACHINERY_DECL const runtime::Object* ObjectRef::get() const noexcept { return obj_; }

APIMACHINERY_DECL ObjectRef::operator bool() const noexcept { return obj_ != nullptr; }

APIMACHINERY_DECL const runtime::Object& ObjectRef::operator*() const noexcept { return *obj_; }

APIMACHINERY_DECL const runtime::Object* ObjectRef::operator->() const noexcept { return obj_; }

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ObjectRef::Share() const {
  if (obj_ == nullptr) return nullptr;
  return obj_->shared_from_this();
}

APIMACHINERY_DECL ObjectRef ObjectRef::Adopt(const runtime::Object* obj, internal::Epoch* epoch) noexcept {
  ObjectRef ref;
  ref.obj_ = obj;
  ref.epoch_ = epoch;
  return ref;
}

}  // namespace apimachinery::cache
