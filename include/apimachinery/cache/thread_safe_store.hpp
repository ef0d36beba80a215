// cache::ThreadSafeStore: a concurrent, indexed map from string keys to shared immutable objects.
//
// Example:
//   using Pod = runtime::Unstructured;   // any runtime::Object type
//   cache::IndexFunc NodeNameIndexFunc = [](const runtime::Object& o) {
//     auto node = runtime::NestedString(static_cast<const Pod&>(o).Body(), "spec", "nodeName");
//     return node ? std::vector<std::string>{*node} : std::vector<std::string>{};
//   };
//   Pod pod;
//   pod.UnmarshalJSON(R"({"metadata": {"name": "pod-1", "namespace": "ns"},
//                         "spec": {"nodeName": "node-7"}})");
//   cache::ThreadSafeStore store({{"byNode", NodeNameIndexFunc}}, {.label_index = true});
//   store.Add("ns/pod-1", std::make_shared<const Pod>(pod));
//   auto on_node = store.ByIndex("byNode", "node-7");     // cache::ObjectList of const Object*
//   auto hits = store.Select(cache::SelectQuery()
//                                .InNamespace("ns")
//                                .WhereIndex("byNode", selection::Operator::kEquals, "node-7")
//                                .MatchingLabels(labels::Parse("app=web")));
//
// Upstream: k8s.io/client-go/tools/cache/thread_safe_store.go (threadSafeMap, storeIndex).
//
// Design (the pieces: select_query.hpp, the query types; internal/posting_index.hpp, one inverted
// index; internal/label_index.hpp, the label index functions; internal/chunked_array.hpp and
// slot_key.hpp, the containers; util/internal/id_table.hpp, the hash table, through
// internal/id_table.hpp):
// - Keys are interned to small integer ids: a slot array holds the object per id, a key array its
//   key (inline up to 31 bytes, two keys to a cache line), and a compact open-addressing table
//   maps a key's hash to its id. Freed ids are reused.
// - Every index is inverted: value -> posting (an unordered vector of ids). Each slot remembers,
//   per index, which posting(s) it is in and at which position, so an update moves the id from
//   the old posting to the new one in O(1) and never calls the index function on the old object.
//   These back-pointers are stored slot-major (a slot's entries for every index are adjacent),
//   so a write touches one line for them whatever the number of indexes.
//   A removal writes a tombstone at the id's position (one store, no read of another slot), and
//   a posting is compacted when its tombstones outnumber both its live ids and 8, so a posting
//   holds at most about twice its live ids and the compaction is amortised O(1) per removal.
//   Empty postings are removed with their value.
// - Optional label index (ThreadSafeStoreOptions::label_index; kept apart from the user's
//   indexes): postings for every `key=value` pair and every label key, so a selector's `=`, `==`,
//   `in` and exists requirements can drive a query.
// - A write first looks everything up and prefetches every line it will write (the key's bucket
//   even before the index functions run, then the postings' lines and the replaced object, whose
//   reference count is often on the same line), and only then modifies anything, so its cache
//   misses overlap.
// - Reads (List, ByIndex, Index, Select) return a cache::ObjectList (GetRef a cache::ObjectRef):
//   plain pointers plus one pin on a reclamation epoch (internal/epoch.hpp), so a read costs no
//   reference count per object.
//   Replaced and deleted objects are released when no list that could see them remains.
// - Select() answers namespace + index requirements (= and !=) + label selector in one read: it
//   picks the smallest posting among everything an index covers as the driver and filters the
//   driver's ids with O(1) per-slot checks (index membership) and Selector::Matches for labels;
//   without any usable posting it scans. The result equals a full scan with the same filters.
//
// Throws:
// - ByIndex, IndexKeys, Index and an index requirement in Select naming an unknown index throw
//   apimachinery::Error `Index with name <name> does not exist`.
// - AddIndexers throws apimachinery::Error `indexer conflict: map[<name>:{} ...]` when a name is
//   already registered.
// - Index functions may throw; Add, Update, Replace and AddIndexers then propagate the exception
//   and leave the store unchanged (values are computed before anything is modified).
// - Add/Update/Replace with a null object throw apimachinery::Error
//   `cache: null object for key "<key>"` and change nothing (upstream's threadSafeMap stores nil,
//   unindexed: thread_safe_store.go: storeIndex.updateSingleIndex skips a nil object).
// Thread-safety: every member function may be called concurrently. Reads take a shared lock
// (internal::SharedMutex: one atomic increment and decrement; writers are preferred, so readers
// wait while writes queue up) and never copy objects (Get copies one shared_ptr; lists copy pointers and
// pin an epoch). Writes compute keys' hashes and all index values before taking the exclusive
// lock and release replaced objects after dropping it (or leave them to the epoch). Index functions are
// called without any lock held, except when a write races with AddIndexers (the values are then recomputed
// under the lock before anything is modified). Complexity (n objects, k results, v values an object is
// indexed under): Add/Update/Delete O(v) expected; Get O(1) expected; List/ListKeys O(n); ByIndex O(k);
// IndexKeys O(k log k); ListIndexFuncValues O(d log d) for d distinct values; Replace O(n·v) with
// the exclusive lock held only for a swap; AddIndexers O(n); Select O(smallest driving posting)
// or O(n) when nothing is indexed.
//
// Differences from upstream:
// - Get returns a null shared_ptr for absence (Go's `(item, exists)`).
// - Orders are deterministic instead of Go map order: List/ListKeys in id order, ByIndex and
//   Index in posting order (unspecified but deterministic for a given history), IndexKeys and
//   ListIndexFuncValues sorted.
// - AddIndexers is allowed at any time and back-fills the new indexes.
// - GetIndexers returns a copy.
// - Select and the label index have no upstream counterpart.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>  // std::shared_lock
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/internal/chunked_array.hpp"
#include "apimachinery/cache/internal/epoch.hpp"
#include "apimachinery/cache/internal/id_table.hpp"
#include "apimachinery/cache/internal/label_index.hpp"
#include "apimachinery/cache/internal/posting_index.hpp"
#include "apimachinery/cache/internal/shared_mutex.hpp"
#include "apimachinery/cache/internal/slot_key.hpp"
#include "apimachinery/cache/object_list.hpp"
#include "apimachinery/cache/select_query.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/labels/label_set.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::cache {

// ThreadSafeStoreOptions: optional features.
struct ThreadSafeStoreOptions {
  // Keep `key=value` and `key` postings of every object's labels (used by Select).
  bool label_index = false;
};

class ThreadSafeStore {
 public:
  using ObjectPtr = std::shared_ptr<const runtime::Object>;

  APIMACHINERY_DECL explicit ThreadSafeStore(const Indexers& indexers = {},
                                             ThreadSafeStoreOptions options = {});
  ThreadSafeStore(const ThreadSafeStore&) = delete;
  ThreadSafeStore& operator=(const ThreadSafeStore&) = delete;
  // Lists read from the store stay valid after it is destroyed.
  APIMACHINERY_DECL ~ThreadSafeStore();

  // Add inserts or replaces the object stored under `key` (same as Update).
  APIMACHINERY_DECL void Add(std::string_view key, ObjectPtr obj);
  // Update inserts or replaces the object stored under `key` and re-files it in every index.
  APIMACHINERY_DECL void Update(std::string_view key, ObjectPtr obj);
  // Delete removes `key` (no-op when absent).
  APIMACHINERY_DECL void Delete(std::string_view key);
  // Get returns the object stored under `key`, or null.
  APIMACHINERY_DECL ObjectPtr Get(std::string_view key) const;
  // GetRef lends the object stored under `key` (an empty ref when absent) without touching its
  // reference count: the ref pins the store's reclamation epoch, like a list (object_list.hpp).
  // Cheaper than Get when the object's control block is not in cache (a random key: Go's
  // GetByKey, which returns a pointer, is the comparable call).
  APIMACHINERY_DECL ObjectRef GetRef(std::string_view key) const;
  // List returns every stored object.
  APIMACHINERY_DECL ObjectList List() const;
  // ListKeys returns every key.
  APIMACHINERY_DECL std::vector<std::string> ListKeys() const;
  // Replace swaps the whole content for `items` (key, object); a later duplicate key wins.
  APIMACHINERY_DECL void Replace(std::vector<std::pair<std::string, ObjectPtr>> items,
                                 std::string_view resource_version = {});
  // Resync is a no-op (deprecated upstream).
  APIMACHINERY_DECL void Resync();
  // Len returns the number of stored objects.
  APIMACHINERY_DECL std::size_t Len() const;

  // Index returns the objects sharing at least one value of index `index_name` with `obj`.
  APIMACHINERY_DECL ObjectList Index(std::string_view index_name, const runtime::Object& obj) const;
  // IndexKeys returns the sorted keys of the objects indexed under `indexed_value`.
  APIMACHINERY_DECL std::vector<std::string> IndexKeys(std::string_view index_name,
                                                       std::string_view indexed_value) const;
  // ListIndexFuncValues returns the sorted distinct values of an index (empty for an unknown one).
  APIMACHINERY_DECL std::vector<std::string> ListIndexFuncValues(std::string_view index_name) const;
  // ByIndex returns the objects indexed under `indexed_value`.
  APIMACHINERY_DECL ObjectList ByIndex(std::string_view index_name, std::string_view indexed_value) const;
  // ForEachByIndex calls fn(const runtime::Object&) for each object indexed under
  // `indexed_value`, under the shared lock, without touching reference counts. fn must not call
  // back into the store's writers.
  template <typename Fn>
  void ForEachByIndex(std::string_view index_name, std::string_view indexed_value, Fn&& fn) const;
  // GetIndexers returns a copy of the registered index functions.
  APIMACHINERY_DECL Indexers GetIndexers() const;
  // HasIndex: whether an index of that name is registered (no copy: a scan of the names under the
  // shared lock).
  APIMACHINERY_DECL bool HasIndex(std::string_view index_name) const;
  // AddIndexers registers more indexes and back-fills them from the stored objects.
  APIMACHINERY_DECL void AddIndexers(const Indexers& new_indexers);

  // Select returns the objects passing every filter of `query` (see the top comment).
  APIMACHINERY_DECL ObjectList Select(const SelectQuery& query) const;
  // HasLabelIndex reports whether the label postings are maintained.
  APIMACHINERY_DECL bool HasLabelIndex() const noexcept;

  // MemoryBytes: what the store and its indexes allocate beyond the objects (keys, slots,
  // tables, postings), computed from capacities. Diagnostic.
  APIMACHINERY_DECL std::size_t MemoryBytes() const;

 private:
  using PlainIndexFunc = std::vector<std::string> (*)(const runtime::Object&);
  APIMACHINERY_DECL static PlainIndexFunc PlainIndexFuncOf(const IndexFunc& fn) noexcept;
  struct FuncEntry {
    std::string name;
    IndexFunc fn;
    // fn is MetaNamespaceIndexFunc (the query planner may answer namespace restrictions with it).
    bool is_namespace = IsMetaNamespaceIndexFunc(fn);
    // For MetaNamespaceIndexFunc and FieldIndexFunc: the value is read straight from the object
    // (no vector, no string copy).
    FieldValueFunc field = FieldValueFuncOf(fn);
    // When fn wraps a plain function: that function, called directly (no std::function hop).
    PlainIndexFunc plain = PlainIndexFuncOf(fn);
  };
  using FuncSet = std::vector<FuncEntry>;

  struct Slot {
    ObjectPtr obj;  // null when the id is free
  };
  using Posting = internal::Posting;
  static constexpr std::uint32_t kDeadId = internal::kDeadId;
  using ValuePos = internal::ValuePos;
  static constexpr std::uint32_t kNone = internal::kNone;
  static constexpr std::uint32_t kMulti = internal::kMulti;
  using SlotRef = internal::SlotRef;
  using SlotRefs = internal::SlotRefs;
  using ConstSlotRefs = internal::ConstSlotRefs;
  using IndexData = internal::IndexData;
  using PreparedIndex = internal::PreparedIndex;
  // The values of one object for every index (inline for up to 4 indexes: no allocation).
  struct Prepared {
    static constexpr std::size_t kInline = 4;
    const FuncSet* funcs = nullptr;
    std::size_t n = 0;
    PreparedIndex inline_items[kInline];
    std::vector<PreparedIndex> heap_items;

    APIMACHINERY_DECL void Resize(std::size_t count);
    APIMACHINERY_DECL PreparedIndex& operator[](std::size_t i) noexcept;
    APIMACHINERY_DECL const PreparedIndex& operator[](std::size_t i) const noexcept;
  };
  struct State {
    const FuncSet* funcs = nullptr;
    internal::ChunkedArray<Slot> slots;
    // keys[id]: the key of slot id (vacant when the id is free). Apart from the slots, so that a
    // key compare and the slot's other lines load in parallel, not one after the other.
    internal::ChunkedArray<internal::SlotKey> keys;
    std::uint32_t next_id = 0;  // ids [0, next_id) have been handed out
    std::vector<std::uint32_t> free_ids;
    internal::IdTable key_table;
    // indexes[i] for (*funcs)[i], then the label index's two when it is on (see label_funcs_).
    std::vector<IndexData> indexes;
    // refs[slot * indexes.size() + i]: where each slot is filed in index i.
    internal::ChunkedArray<SlotRef> refs;
    std::size_t size = 0;

    APIMACHINERY_DECL SlotRefs Refs(std::size_t i) noexcept;
    APIMACHINERY_DECL ConstSlotRefs Refs(std::size_t i) const noexcept;

    APIMACHINERY_DECL std::uint32_t FindKey(std::string_view key, std::uint64_t h) const;
  };

  // The values of `obj` for every index of `funcs`, then for the label index when it is on.
  APIMACHINERY_DECL void Prepare(const FuncSet& funcs, const runtime::Object& obj, Prepared& out) const;
  static void PrepareOne(const FuncEntry& f, const runtime::Object& obj, PreparedIndex& out);
  // Applies under the exclusive lock; returns the replaced object (to release after unlocking).
  APIMACHINERY_DECL static ObjectPtr ApplyUpdate(State& st, std::string_view key, std::uint64_t key_hash,
                                                 ObjectPtr obj, Prepared& prep);
  APIMACHINERY_DECL static ObjectPtr ApplyDelete(State& st, std::string_view key, std::uint64_t key_hash);
  // Before anything is modified: records each single new value's id in `prep` (kNoId when new
  // to the index) and prefetches the posting lines the filing will write. `id` is kNoId for a
  // key not stored yet.
  static void PlanFiling(const State& st, std::uint32_t id, Prepared& prep);
  // Files `items` in an empty state with `index_count` indexes (the user's and the label index's).
  APIMACHINERY_DECL static void BuildState(State& st, const FuncSet* funcs, std::size_t index_count,
                                           const std::vector<std::pair<std::string, ObjectPtr>>& items,
                                           std::vector<Prepared>& prepared);

  // Appends the objects of `ids`, prefetching slots ahead (memory-latency bound).
  APIMACHINERY_DECL static void CollectObjects(const State& st, const std::uint32_t* ids, std::size_t n,
                                               std::vector<const runtime::Object*>& out);
  // A list of `items`; call with the shared lock held (pins the current epoch).
  APIMACHINERY_DECL ObjectList MakeList(std::vector<const runtime::Object*> items) const;
  APIMACHINERY_DECL const IndexData* FindIndex(std::string_view name) const;  // shared lock held
  [[noreturn]] APIMACHINERY_DECL static void ThrowNoIndex(std::string_view name);
  APIMACHINERY_DECL const FuncSet* CurrentFuncs() const noexcept;

  mutable internal::SharedMutex mu_;
  State state_;
  // Keeps replaced and deleted objects alive while lists read earlier may point at them.
  internal::EpochReclaimer reclaimer_;
  bool label_index_ = false;
  // The label index's two functions (empty without it). They are no registered index: their
  // postings follow the user's in State::indexes (at funcs->size() + internal::kLabelKeys and
  // + internal::kLabelPairs), and only Select reads them.
  FuncSet label_funcs_;
  // The current FuncSet, readable without the lock; retired sets stay alive in all_funcs_.
  std::atomic<const FuncSet*> funcs_{nullptr};
  std::vector<std::unique_ptr<const FuncSet>> all_funcs_;
};

// Implementation details follow.

[[gnu::always_inline]] inline void ThreadSafeStore::PrepareOne(const FuncEntry& f, const runtime::Object& obj,
                                                               PreparedIndex& out) {
  out.value_id = internal::kNoId;
  if (f.field != nullptr) {
    const std::optional<std::string_view> v = f.field(obj);
    out.owned.clear();
    out.hashes.clear();
    out.count = v ? 1 : 0;
    out.first = v.value_or(std::string_view());
    out.hash0 = v ? internal::HashKey(*v) : 0;
    return;
  }
  out.owned = f.plain != nullptr ? f.plain(obj) : f.fn(obj);
  if (out.owned.size() > 1) {
    std::sort(out.owned.begin(), out.owned.end());
    out.owned.erase(std::unique(out.owned.begin(), out.owned.end()), out.owned.end());
  }
  out.count = static_cast<std::uint32_t>(out.owned.size());
  out.hashes.clear();
  if (out.count == 0) {
    out.first = {};
    out.hash0 = 0;
    return;
  }
  out.first = out.owned[0];
  out.hash0 = internal::HashKey(out.first);
  if (out.count > 1) {
    out.hashes.resize(out.count);
    for (std::size_t i = 0; i < out.count; ++i) out.hashes[i] = internal::HashKey(out.owned[i]);
  }
}

[[gnu::always_inline]] inline void ThreadSafeStore::PlanFiling(const State& st, std::uint32_t id,
                                                               Prepared& prep) {
  for (std::size_t i = 0; i < st.indexes.size(); ++i) {
    PreparedIndex& pv = prep[i];
    const IndexData& ix = st.indexes[i];
    const SlotRef was = id == internal::kNoId ? SlotRef{} : st.Refs(i)[id];
    const std::uint32_t sv = was.value;
    if (pv.size() == 1) {
      if (sv >= 2 && internal::KeysEqual(ix.postings[sv - 2].value, pv.value(0))) {
        pv.value_id = sv - 2;  // unchanged: nothing to write
        continue;
      }
      pv.value_id = ix.FindValue(pv.value(0), pv.hash0);
      if (pv.value_id != internal::kNoId) {
        const std::vector<std::uint32_t>& ids = ix.postings[pv.value_id].ids;
        internal::PrefetchAddress(ids.data() + ids.size());  // where the id will be appended
      }
    }
    // Where the old value's tombstone will be written.
    if (sv >= 2) internal::PrefetchAddress(ix.postings[sv - 2].ids.data() + was.pos);
  }
}

template <typename Fn>
void ThreadSafeStore::ForEachByIndex(std::string_view index_name, std::string_view indexed_value,
                                     Fn&& fn) const {
  const std::uint64_t h = internal::HashKey(indexed_value);
  std::shared_lock lock(mu_);
  const IndexData* ix = FindIndex(index_name);
  if (ix == nullptr) ThrowNoIndex(index_name);
  const std::uint32_t v = ix->FindValue(indexed_value, h);
  if (v == internal::kNoId) return;
  for (std::uint32_t id : ix->postings[v].ids) {
    if (id != kDeadId) fn(static_cast<const runtime::Object&>(*state_.slots[id].obj));
  }
}

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/thread_safe_store.ipp"
#endif
