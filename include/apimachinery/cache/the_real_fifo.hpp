// cache::RealFIFO: the ordered delta queue between a Reflector and an informer's store.
//
// Every notification is kept, in arrival order, with no per-key coalescing: Add/Update/Delete
// append Added/Updated/Deleted deltas; Replace (a relist) appends a Deleted delta with a
// DeletedFinalStateUnknown tombstone for every key that vanished (from the queue or the known
// objects) and then a Replaced delta per listed object; Resync appends a Sync delta for every
// known object that has nothing queued. Pop blocks until a delta is available and hands it to a
// callback under the queue's lock; PopBatch hands over several at once.
//
// Example:
//   auto indexer = std::make_shared<cache::Indexer>(cache::DeletionHandlingMetaNamespaceKeyFunc);
//   auto pod = std::make_shared<metav1::PartialObjectMetadata>();
//   pod->metadata = {.name = "web-0", .namespace_ = "default"};
//   std::vector<std::shared_ptr<const runtime::Object>> listed{pod};
//   cache::ResourceEventHandlerFuncs handler;
//   cache::RealFIFO fifo(cache::DeletionHandlingMetaNamespaceKeyFunc, indexer);
//   fifo.Replace(listed, "rv-1");
//   auto apply = [&](const cache::Deltas& d, bool initial) {
//     cache::ProcessDeltas(handler, *indexer, d, initial);
//   };
//   fifo.Pop([&](const cache::Deltas& d, bool initial) { apply(d, initial); });
//   fifo.HasSynced();   // true once everything from the first Replace has been popped
//
// Upstream: k8s.io/client-go/tools/cache/the_real_fifo.go.
// Throws: Add/Update/Delete/Replace throw KeyError when the key function fails (nothing is
// queued); a null object gives client-go's KeyError for nil, `couldn't create key for object
// <nil>: object has no meta: object does not implement the Object interfaces`
// (the_real_fifo.go: addToItems_locked, reconcileReplacement); a throwing transformer propagates (nothing is
// queued by that call). Pop/PopBatch throw FIFOClosedError once the queue is closed and drained,
// ContextDoneError when their stop_token is stopped while the queue is empty, and propagate what the process
// callback throws (the popped deltas are consumed either way). The constructor throws apimachinery::Error
// when known_objects is null (upstream panics). Thread-safety: all member functions may be called
// concurrently; the process callbacks run with the queue's lock held, so they must not call back into the
// queue. Complexity: Add/Update/Delete/Pop O(1) amortised; PopBatch O(batch); Replace O(queued + known
// + listed); Resync O(queued + known).
// Differences from upstream:
// - PopBatch (newer upstream releases batch deltas for the informer) is bounded by
//   `max_batch_size`, never puts two deltas of the same key in one batch (it stops before the
//   repeat) and never mixes deltas of the initial list with later ones.
// - Cancellation is a std::stop_token instead of a context.Context.
// - Replace and Resync are atomic: all keys and transforms are computed before anything is
//   queued.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/reflector_store.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// ContextDoneError: a Pop's stop_token was stopped while the queue was empty.
class ContextDoneError : public Error {
 public:
  ContextDoneError() : Error("context done") {}
};

// TransformFunc may replace an object before it is queued (upstream TransformFunc).
using TransformFunc =
    std::function<std::shared_ptr<const runtime::Object>(std::shared_ptr<const runtime::Object>)>;

class RealFIFO : public ReflectorStore {
 public:
  using ObjectPtr = std::shared_ptr<const runtime::Object>;
  // PopProcessFunc receives the popped deltas and whether they belong to the initial list.
  using PopProcessFunc = std::function<void(const Deltas&, bool is_in_initial_list)>;
  // ProcessBatchFunc receives a batch (distinct keys, arrival order).
  using ProcessBatchFunc = std::function<void(const Deltas&, bool is_in_initial_list)>;

  RealFIFO(KeyFunc key_func, std::shared_ptr<const KeyListerGetter> known_objects,
           TransformFunc transformer = {});
  RealFIFO(const RealFIFO&) = delete;
  RealFIFO& operator=(const RealFIFO&) = delete;
  RealFIFO(RealFIFO&&) = delete;
  RealFIFO& operator=(RealFIFO&&) = delete;
  ~RealFIFO() override = default;

  void Add(ObjectPtr obj) override { Append(DeltaType::kAdded, std::move(obj)); }
  void Update(ObjectPtr obj) override { Append(DeltaType::kUpdated, std::move(obj)); }
  void Delete(ObjectPtr obj) override { Append(DeltaType::kDeleted, std::move(obj)); }

  // Replace queues tombstones for vanished keys, then a Replaced delta per item.
  inline void Replace(const std::vector<ObjectPtr>& items, std::string_view resource_version) override;
  void Replace(const std::vector<ObjectPtr>& items) { Replace(items, {}); }
  // Resync queues a Sync delta for every known object without a queued delta.
  inline void Resync() override;

  // Pop blocks until a delta is queued, removes it and calls process(Deltas{delta}, initial)
  // with the lock held. Returns the popped deltas.
  Deltas Pop(const PopProcessFunc& process);
  Deltas Pop(std::stop_token stop, const PopProcessFunc& process);
  // PopBatch blocks like Pop and removes up to max_batch_size deltas (at least one).
  Deltas PopBatch(const ProcessBatchFunc& process, std::size_t max_batch_size);
  Deltas PopBatch(std::stop_token stop, const ProcessBatchFunc& process, std::size_t max_batch_size);

  // HasSynced: Add/Update/Delete came first, or everything the first Replace queued was popped.
  bool HasSynced() const;
  // Close wakes every blocked Pop; they throw FIFOClosedError once the queue is drained.
  void Close();
  bool IsClosed() const;
  // Len returns the number of queued deltas.
  std::size_t Len() const;
  // KeyOf: a tombstone's key, else the key function (KeyError on failure).
  std::string KeyOf(const runtime::Object& obj) const;
  const TransformFunc& Transformer() const noexcept { return transformer_; }

 private:
  struct Entry {
    Delta delta;
    std::string key;
  };

  void Append(DeltaType type, ObjectPtr obj);
  ObjectPtr Transform(ObjectPtr obj, bool skip) const;
  bool HasSyncedLocked() const noexcept { return populated_ && initial_population_count_ == 0; }
  template <typename Wait>
  Deltas PopImpl(Wait&& wait, std::size_t max, const PopProcessFunc& process);

  KeyFunc key_func_;
  std::shared_ptr<const KeyListerGetter> known_objects_;
  TransformFunc transformer_;

  mutable std::mutex mu_;
  std::condition_variable_any cond_;
  std::deque<Entry> items_;
  bool populated_ = false;
  std::size_t initial_population_count_ = 0;
  bool closed_ = false;
};

// Implementation details follow.

inline RealFIFO::RealFIFO(KeyFunc key_func, std::shared_ptr<const KeyListerGetter> known_objects,
                          TransformFunc transformer)
    : key_func_(std::move(key_func)),
      known_objects_(std::move(known_objects)),
      transformer_(std::move(transformer)) {
  if (!known_objects_) throw Error("coding error: knownObjects must be provided");
}

inline std::string RealFIFO::KeyOf(const runtime::Object& obj) const {
  if (const auto* t = AsTombstone(obj)) return t->key;
  try {
    return key_func_(obj);
  } catch (const KeyError&) {
    throw;
  } catch (const std::exception& e) {
    throw KeyError(obj.GetTypeId().name(), e.what());
  }
}

inline RealFIFO::ObjectPtr RealFIFO::Transform(ObjectPtr obj, bool skip) const {
  if (!transformer_ || skip || AsTombstone(*obj) != nullptr) return obj;
  return transformer_(std::move(obj));
}

inline void RealFIFO::Append(DeltaType type, ObjectPtr obj) {
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

inline void RealFIFO::Replace(const std::vector<ObjectPtr>& items, std::string_view /*resource_version*/) {
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

inline void RealFIFO::Resync() {
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

template <typename Wait>
Deltas RealFIFO::PopImpl(Wait&& wait, std::size_t max, const PopProcessFunc& process) {
  std::unique_lock lock(mu_);
  wait(lock);
  const bool initial = !HasSyncedLocked();
  std::size_t limit = max == 0 ? 1 : max;
  if (initial_population_count_ > 0 && initial_population_count_ < limit) {
    limit = initial_population_count_;  // never mix the initial list with later deltas
  }
  Deltas out;
  out.reserve(std::min(limit, items_.size()));
  if (limit == 1) {
    out.push_back(std::move(items_.front().delta));
    items_.pop_front();
  } else {
    std::unordered_set<std::string> keys;
    while (!items_.empty() && out.size() < limit) {
      Entry& e = items_.front();
      if (!keys.insert(e.key).second) break;  // a repeated key ends the batch
      out.push_back(std::move(e.delta));
      items_.pop_front();
    }
  }
  initial_population_count_ -= std::min(initial_population_count_, out.size());
  if (process) process(out, initial);
  return out;
}

inline Deltas RealFIFO::Pop(const PopProcessFunc& process) {
  return PopImpl(
      [this](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, [this] { return !items_.empty() || closed_; });
        if (items_.empty()) throw FIFOClosedError();
      },
      1, process);
}

inline Deltas RealFIFO::Pop(std::stop_token stop, const PopProcessFunc& process) {
  return PopImpl(
      [this, &stop](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, stop, [this] { return !items_.empty() || closed_; });
        if (!items_.empty()) return;
        if (stop.stop_requested()) throw ContextDoneError();
        throw FIFOClosedError();
      },
      1, process);
}

inline Deltas RealFIFO::PopBatch(const ProcessBatchFunc& process, std::size_t max_batch_size) {
  return PopImpl(
      [this](std::unique_lock<std::mutex>& lock) {
        cond_.wait(lock, [this] { return !items_.empty() || closed_; });
        if (items_.empty()) throw FIFOClosedError();
      },
      max_batch_size, process);
}

inline Deltas RealFIFO::PopBatch(std::stop_token stop, const ProcessBatchFunc& process,
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

inline bool RealFIFO::HasSynced() const {
  std::lock_guard lock(mu_);
  return HasSyncedLocked();
}

inline void RealFIFO::Close() {
  std::lock_guard lock(mu_);
  closed_ = true;
  cond_.notify_all();
}

inline bool RealFIFO::IsClosed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

inline std::size_t RealFIFO::Len() const {
  std::lock_guard lock(mu_);
  return items_.size();
}

}  // namespace apimachinery::cache
