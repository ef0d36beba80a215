// Definitions of the non-template functions declared in <apimachinery/cache/the_real_fifo.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/the_real_fifo.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL ContextDoneError::ContextDoneError() : Error("context done") {}

APIMACHINERY_DECL void RealFIFO::Add(ObjectPtr obj) { Append(DeltaType::kAdded, std::move(obj)); }

APIMACHINERY_DECL void RealFIFO::Update(ObjectPtr obj) { Append(DeltaType::kUpdated, std::move(obj)); }

APIMACHINERY_DECL void RealFIFO::Delete(ObjectPtr obj) { Append(DeltaType::kDeleted, std::move(obj)); }

APIMACHINERY_DECL void RealFIFO::Replace(const std::vector<ObjectPtr>& items) { Replace(items, {}); }

APIMACHINERY_DECL const TransformFunc& RealFIFO::Transformer() const noexcept { return transformer_; }

APIMACHINERY_DECL bool RealFIFO::HasSyncedLocked() const noexcept {
  return populated_ && initial_population_count_ == 0;
}

APIMACHINERY_DECL RealFIFO::RealFIFO(KeyFunc key_func, std::shared_ptr<const KeyListerGetter> known_objects,
                                     TransformFunc transformer)
    : key_func_(std::move(key_func)),
      known_objects_(std::move(known_objects)),
      transformer_(std::move(transformer)) {
  if (!known_objects_) throw Error("coding error: knownObjects must be provided");
}

APIMACHINERY_DECL std::string RealFIFO::KeyOf(const runtime::Object& obj) const {
  if (const auto* t = AsTombstone(obj)) return t->key;
  try {
    return key_func_(obj);
  } catch (const KeyError&) {
    throw;
  } catch (const std::exception& e) {
    throw KeyError(obj.GetTypeId().name(), e.what());
  }
}

APIMACHINERY_DECL RealFIFO::ObjectPtr RealFIFO::Transform(ObjectPtr obj, bool skip) const {
  if (!transformer_ || skip || AsTombstone(*obj) != nullptr) return obj;
  return transformer_(std::move(obj));
}

APIMACHINERY_DECL void RealFIFO::Append(DeltaType type, ObjectPtr obj) {
  if (!obj) throw KeyError("<nil>", internal::kNoMetaError);
  std::string key = KeyOf(*obj);
  std::unique_lock lock(mu_);
  obj = Transform(std::move(obj), false);
  // A Pop waits only for an empty queue: wake it for the first item, after unlocking, so the
  // woken reader does not block on the mutex at once.
  const bool was_empty = items_.empty();
  items_.push_back(Entry{Delta{type, std::move(obj)}, std::move(key)});
  populated_ = true;
  lock.unlock();
  if (was_empty) cond_.notify_all();
}

APIMACHINERY_DECL void RealFIFO::Replace(const std::vector<ObjectPtr>& items,
                                         std::string_view /*resource_version*/) {
  std::vector<std::string> new_keys;
  new_keys.reserve(items.size());
  for (const auto& obj : items) {
    if (!obj) throw KeyError("<nil>", internal::kNoMetaError);
    new_keys.push_back(KeyOf(*obj));
  }
  std::unordered_set<std::string_view> new_key_set(new_keys.begin(), new_keys.end());

  // The known objects are read under the queue's lock, as upstream does: the process callbacks
  // (which update the known objects) run under it too, so the two views are consistent.
  std::unique_lock lock(mu_);
  std::vector<std::string> known_keys = known_objects_->ListKeys();
  std::vector<Entry> pending;
  // 1. Keys queued but not listed: a tombstone with the last queued object, unless the last
  //    queued delta already is a deletion.
  std::unordered_map<std::string_view, const Entry*> last_for_key;
  std::vector<std::string_view> queued_order;
  for (const Entry& e : items_) {
    auto [it, inserted] = last_for_key.try_emplace(e.key, &e);
    if (inserted) {
      queued_order.push_back(e.key);
    } else {
      it->second = &e;
    }
  }
  for (std::string_view k : queued_order) {
    if (new_key_set.count(k) != 0) continue;
    const Entry* last = last_for_key[k];
    if (last->delta.type == DeltaType::kDeleted) continue;
    pending.push_back(Entry{Delta{DeltaType::kDeleted, std::make_shared<const DeletedFinalStateUnknown>(
                                                           std::string(k), last->delta.object)},
                            std::string(k)});
  }
  // 2. Known keys neither listed nor queued: a tombstone with the known object (null if gone).
  for (const std::string& k : known_keys) {
    if (new_key_set.count(k) != 0 || last_for_key.count(k) != 0) continue;
    pending.push_back(Entry{Delta{DeltaType::kDeleted, std::make_shared<const DeletedFinalStateUnknown>(
                                                           k, known_objects_->GetByKey(k))},
                            k});
  }
  // 3. The listed objects.
  for (std::size_t i = 0; i < items.size(); ++i) {
    pending.push_back(Entry{Delta{DeltaType::kReplaced, Transform(items[i], false)}, new_keys[i]});
  }
  for (Entry& e : pending) items_.push_back(std::move(e));
  if (!populated_) {
    populated_ = true;
    initial_population_count_ = items_.size();
  }
  cond_.notify_all();
}

APIMACHINERY_DECL void RealFIFO::Resync() {
  std::unique_lock lock(mu_);
  std::vector<std::string> known_keys = known_objects_->ListKeys();
  std::unordered_set<std::string_view> queued;
  for (const Entry& e : items_) queued.insert(e.key);
  std::vector<Entry> pending;
  for (const std::string& k : known_keys) {
    if (queued.count(k) != 0) continue;
    ObjectPtr obj = known_objects_->GetByKey(k);
    if (!obj) continue;  // upstream logs and skips
    pending.push_back(Entry{Delta{DeltaType::kSync, std::move(obj)}, k});
  }
  if (pending.empty()) return;
  for (Entry& e : pending) items_.push_back(std::move(e));
  cond_.notify_all();
}

APIMACHINERY_DECL Deltas RealFIFO::Pop(const PopProcessFunc& process) {
  return PopImpl(
      [this](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, [this] { return !items_.empty() || closed_; });
        if (items_.empty()) throw FIFOClosedError();
      },
      1, process);
}

APIMACHINERY_DECL Deltas RealFIFO::Pop(std::stop_token stop, const PopProcessFunc& process) {
  return PopImpl(
      [this, &stop](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, stop, [this] { return !items_.empty() || closed_; });
        if (!items_.empty()) return;
        if (stop.stop_requested()) throw ContextDoneError();
        throw FIFOClosedError();
      },
      1, process);
}

APIMACHINERY_DECL Deltas RealFIFO::PopBatch(const ProcessBatchFunc& process, std::size_t max_batch_size) {
  return PopImpl(
      [this](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, [this] { return !items_.empty() || closed_; });
        if (items_.empty()) throw FIFOClosedError();
      },
      max_batch_size, process);
}

APIMACHINERY_DECL Deltas RealFIFO::PopBatch(std::stop_token stop, const ProcessBatchFunc& process,
                                            std::size_t max_batch_size) {
  return PopImpl(
      [this, &stop](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, stop, [this] { return !items_.empty() || closed_; });
        if (!items_.empty()) return;
        if (stop.stop_requested()) throw ContextDoneError();
        throw FIFOClosedError();
      },
      max_batch_size, process);
}

APIMACHINERY_DECL bool RealFIFO::HasSynced() const {
  std::lock_guard lock(mu_);
  return HasSyncedLocked();
}

APIMACHINERY_DECL void RealFIFO::Close() {
  std::lock_guard lock(mu_);
  closed_ = true;
  cond_.notify_all();
}

APIMACHINERY_DECL bool RealFIFO::IsClosed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

APIMACHINERY_DECL std::size_t RealFIFO::Len() const {
  std::lock_guard lock(mu_);
  return items_.size();
}

}  // namespace apimachinery::cache
