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
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// ContextDoneError: a Pop's stop_token was stopped while the queue was empty.
class ContextDoneError : public Error {
 public:
  APIMACHINERY_DECL ContextDoneError();
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

  APIMACHINERY_DECL RealFIFO(KeyFunc key_func, std::shared_ptr<const KeyListerGetter> known_objects,
                             TransformFunc transformer = {});
  RealFIFO(const RealFIFO&) = delete;
  RealFIFO& operator=(const RealFIFO&) = delete;
  RealFIFO(RealFIFO&&) = delete;
  RealFIFO& operator=(RealFIFO&&) = delete;
  ~RealFIFO() override = default;

  APIMACHINERY_DECL void Add(ObjectPtr obj) override;
  APIMACHINERY_DECL void Update(ObjectPtr obj) override;
  APIMACHINERY_DECL void Delete(ObjectPtr obj) override;

  // Replace queues tombstones for vanished keys, then a Replaced delta per item.
  APIMACHINERY_DECL void Replace(const std::vector<ObjectPtr>& items,
                                 std::string_view resource_version) override;
  APIMACHINERY_DECL void Replace(const std::vector<ObjectPtr>& items);
  // Resync queues a Sync delta for every known object without a queued delta.
  APIMACHINERY_DECL void Resync() override;

  // Pop blocks until a delta is queued, removes it and calls process(Deltas{delta}, initial)
  // with the lock held. Returns the popped deltas.
  APIMACHINERY_DECL Deltas Pop(const PopProcessFunc& process);
  APIMACHINERY_DECL Deltas Pop(std::stop_token stop, const PopProcessFunc& process);
  // PopBatch blocks like Pop and removes up to max_batch_size deltas (at least one).
  APIMACHINERY_DECL Deltas PopBatch(const ProcessBatchFunc& process, std::size_t max_batch_size);
  APIMACHINERY_DECL Deltas PopBatch(std::stop_token stop, const ProcessBatchFunc& process,
                                    std::size_t max_batch_size);

  // HasSynced: Add/Update/Delete came first, or everything the first Replace queued was popped.
  APIMACHINERY_DECL bool HasSynced() const;
  // Close wakes every blocked Pop; they throw FIFOClosedError once the queue is drained.
  APIMACHINERY_DECL void Close();
  APIMACHINERY_DECL bool IsClosed() const;
  // Len returns the number of queued deltas.
  APIMACHINERY_DECL std::size_t Len() const;
  // KeyOf: a tombstone's key, else the key function (KeyError on failure).
  APIMACHINERY_DECL std::string KeyOf(const runtime::Object& obj) const;
  APIMACHINERY_DECL const TransformFunc& Transformer() const noexcept;

 private:
  struct Entry {
    Delta delta;
    std::string key;
  };

  APIMACHINERY_DECL void Append(DeltaType type, ObjectPtr obj);
  APIMACHINERY_DECL ObjectPtr Transform(ObjectPtr obj, bool skip) const;
  APIMACHINERY_DECL bool HasSyncedLocked() const noexcept;
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

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/the_real_fifo.ipp"
#endif
