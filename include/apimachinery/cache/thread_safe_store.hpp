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

  explicit ThreadSafeStore(const Indexers& indexers = {}, ThreadSafeStoreOptions options = {});
  ThreadSafeStore(const ThreadSafeStore&) = delete;
  ThreadSafeStore& operator=(const ThreadSafeStore&) = delete;
  // Lists read from the store stay valid after it is destroyed.
  ~ThreadSafeStore();

  // Add inserts or replaces the object stored under `key` (same as Update).
  void Add(std::string_view key, ObjectPtr obj) { Update(key, std::move(obj)); }
  // Update inserts or replaces the object stored under `key` and re-files it in every index.
  void Update(std::string_view key, ObjectPtr obj);
  // Delete removes `key` (no-op when absent).
  void Delete(std::string_view key);
  // Get returns the object stored under `key`, or null.
  ObjectPtr Get(std::string_view key) const;
  // GetRef lends the object stored under `key` (an empty ref when absent) without touching its
  // reference count: the ref pins the store's reclamation epoch, like a list (object_list.hpp).
  // Cheaper than Get when the object's control block is not in cache (a random key: Go's
  // GetByKey, which returns a pointer, is the comparable call).
  ObjectRef GetRef(std::string_view key) const;
  // List returns every stored object.
  ObjectList List() const;
  // ListKeys returns every key.
  std::vector<std::string> ListKeys() const;
  // Replace swaps the whole content for `items` (key, object); a later duplicate key wins.
  void Replace(std::vector<std::pair<std::string, ObjectPtr>> items, std::string_view resource_version = {});
  // Resync is a no-op (deprecated upstream).
  void Resync() {}
  // Len returns the number of stored objects.
  std::size_t Len() const;

  // Index returns the objects sharing at least one value of index `index_name` with `obj`.
  ObjectList Index(std::string_view index_name, const runtime::Object& obj) const;
  // IndexKeys returns the sorted keys of the objects indexed under `indexed_value`.
  std::vector<std::string> IndexKeys(std::string_view index_name, std::string_view indexed_value) const;
  // ListIndexFuncValues returns the sorted distinct values of an index (empty for an unknown one).
  std::vector<std::string> ListIndexFuncValues(std::string_view index_name) const;
  // ByIndex returns the objects indexed under `indexed_value`.
  ObjectList ByIndex(std::string_view index_name, std::string_view indexed_value) const;
  // ForEachByIndex calls fn(const runtime::Object&) for each object indexed under
  // `indexed_value`, under the shared lock, without touching reference counts. fn must not call
  // back into the store's writers.
  template <typename Fn>
  void ForEachByIndex(std::string_view index_name, std::string_view indexed_value, Fn&& fn) const;
  // GetIndexers returns a copy of the registered index functions.
  Indexers GetIndexers() const;
  // HasIndex: whether an index of that name is registered (no copy: a scan of the names under the
  // shared lock).
  bool HasIndex(std::string_view index_name) const;
  // AddIndexers registers more indexes and back-fills them from the stored objects.
  void AddIndexers(const Indexers& new_indexers);

  // Select returns the objects passing every filter of `query` (see the top comment).
  ObjectList Select(const SelectQuery& query) const;
  // HasLabelIndex reports whether the label postings are maintained.
  bool HasLabelIndex() const noexcept { return label_index_; }

  // MemoryBytes: what the store and its indexes allocate beyond the objects (keys, slots,
  // tables, postings), computed from capacities. Diagnostic.
  std::size_t MemoryBytes() const;

 private:
  using PlainIndexFunc = std::vector<std::string> (*)(const runtime::Object&);
  static PlainIndexFunc PlainIndexFuncOf(const IndexFunc& fn) noexcept {
    const PlainIndexFunc* target = fn.target<PlainIndexFunc>();
    return target != nullptr ? *target : nullptr;
  }
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

    void Resize(std::size_t count) {
      n = count;
      if (count > kInline) heap_items.resize(count);
    }
    PreparedIndex& operator[](std::size_t i) noexcept {
      return n > kInline ? heap_items[i] : inline_items[i];
    }
    const PreparedIndex& operator[](std::size_t i) const noexcept {
      return n > kInline ? heap_items[i] : inline_items[i];
    }
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

    SlotRefs Refs(std::size_t i) noexcept { return {&refs, indexes.size(), i}; }
    ConstSlotRefs Refs(std::size_t i) const noexcept { return {&refs, indexes.size(), i}; }

    std::uint32_t FindKey(std::string_view key, std::uint64_t h) const {
      return key_table.Find(h, [&](std::uint32_t id) {
        internal::PrefetchAddress(&slots[id]);  // wanted next if the key matches
        return internal::KeysEqual(keys[id].view(), key);
      });
    }
  };

  // The values of `obj` for every index of `funcs`, then for the label index when it is on.
  void Prepare(const FuncSet& funcs, const runtime::Object& obj, Prepared& out) const;
  static void PrepareOne(const FuncEntry& f, const runtime::Object& obj, PreparedIndex& out);
  // Applies under the exclusive lock; returns the replaced object (to release after unlocking).
  static ObjectPtr ApplyUpdate(State& st, std::string_view key, std::uint64_t key_hash, ObjectPtr obj,
                               Prepared& prep);
  static ObjectPtr ApplyDelete(State& st, std::string_view key, std::uint64_t key_hash);
  // Before anything is modified: records each single new value's id in `prep` (kNoId when new
  // to the index) and prefetches the posting lines the filing will write. `id` is kNoId for a
  // key not stored yet.
  static void PlanFiling(const State& st, std::uint32_t id, Prepared& prep);
  // Files `items` in an empty state with `index_count` indexes (the user's and the label index's).
  static void BuildState(State& st, const FuncSet* funcs, std::size_t index_count,
                         const std::vector<std::pair<std::string, ObjectPtr>>& items,
                         std::vector<Prepared>& prepared);

  // Appends the objects of `ids`, prefetching slots ahead (memory-latency bound).
  static void CollectObjects(const State& st, const std::uint32_t* ids, std::size_t n,
                             std::vector<const runtime::Object*>& out);
  // A list of `items`; call with the shared lock held (pins the current epoch).
  ObjectList MakeList(std::vector<const runtime::Object*> items) const {
    return ObjectList::Adopt(std::move(items), reclaimer_.PinCurrent());
  }
  const IndexData* FindIndex(std::string_view name) const;  // shared lock held
  [[noreturn]] static void ThrowNoIndex(std::string_view name);
  const FuncSet* CurrentFuncs() const noexcept { return funcs_.load(std::memory_order_acquire); }

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

inline ThreadSafeStore::ThreadSafeStore(const Indexers& indexers, ThreadSafeStoreOptions options)
    : label_index_(options.label_index) {
  auto funcs = std::make_unique<FuncSet>();
  for (const auto& [name, fn] : indexers) funcs->push_back(FuncEntry{name, fn});
  if (label_index_) {
    label_funcs_.push_back(FuncEntry{std::string(), &internal::LabelKeyIndexFunc});
    label_funcs_.push_back(FuncEntry{std::string(), &internal::LabelPairIndexFunc});
  }
  state_.funcs = funcs.get();
  state_.indexes.resize(funcs->size() + label_funcs_.size());
  funcs_.store(funcs.get(), std::memory_order_release);
  all_funcs_.push_back(std::move(funcs));
}

inline ThreadSafeStore::~ThreadSafeStore() {
  // Lists may outlive the store: retire the content instead of destroying it under their feet.
  auto released = reclaimer_.Retire(std::make_shared<const State>(std::move(state_)));
}

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

inline void ThreadSafeStore::Prepare(const FuncSet& funcs, const runtime::Object& obj, Prepared& out) const {
  out.funcs = &funcs;
  out.Resize(funcs.size() + label_funcs_.size());
  for (std::size_t i = 0; i < funcs.size(); ++i) PrepareOne(funcs[i], obj, out[i]);
  for (std::size_t i = 0; i < label_funcs_.size(); ++i)
    PrepareOne(label_funcs_[i], obj, out[funcs.size() + i]);
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

inline ThreadSafeStore::ObjectPtr ThreadSafeStore::ApplyUpdate(State& st, std::string_view key,
                                                               std::uint64_t key_hash, ObjectPtr obj,
                                                               Prepared& prep) {
  std::uint32_t id = st.FindKey(key, key_hash);
  // Issue every miss the update will take before taking any of them (they then overlap): the
  // replaced object (std::make_shared puts the reference count dropped after unlocking beside it,
  // often on the same line) and the postings' lines.
  if (id != internal::kNoId) internal::PrefetchAddress(st.slots[id].obj.get());
  PlanFiling(st, id, prep);
  ObjectPtr old;
  if (id == internal::kNoId) {
    if (!st.free_ids.empty()) {
      id = st.free_ids.back();
      st.free_ids.pop_back();
    } else {
      id = st.next_id++;
      st.slots.EnsureSize(st.next_id);
      st.keys.EnsureSize(st.next_id);
      st.refs.EnsureSize(std::size_t{st.next_id} * st.indexes.size());
    }
    st.keys[id].Assign(key);
    st.key_table.Insert(key_hash, id);
    ++st.size;
  } else {
    old = std::move(st.slots[id].obj);
  }
  st.slots[id].obj = std::move(obj);
  for (std::size_t i = 0; i < st.indexes.size(); ++i)
    internal::FileSlot(st.indexes[i], st.Refs(i), id, prep[i]);
  return old;
}

inline ThreadSafeStore::ObjectPtr ThreadSafeStore::ApplyDelete(State& st, std::string_view key,
                                                               std::uint64_t key_hash) {
  const std::uint32_t id = st.FindKey(key, key_hash);
  if (id == internal::kNoId) return nullptr;
  for (std::size_t i = 0; i < st.indexes.size(); ++i)
    internal::UnfileSlot(st.indexes[i], st.Refs(i), st.Refs(i)[id]);
  st.key_table.Erase(key_hash, id);
  Slot& s = st.slots[id];
  ObjectPtr old = std::move(s.obj);
  st.keys[id].Clear();
  st.free_ids.push_back(id);
  --st.size;
  return old;
}

inline void ThreadSafeStore::Update(std::string_view key, ObjectPtr obj) {
  if (!obj) throw Error("cache: null object for key " + util::Quote(key));
  const std::uint64_t h = internal::HashKey(key);
  state_.key_table.PrefetchHome(h);  // loads while the index functions run
  Prepared prep;
  const FuncSet* funcs = CurrentFuncs();
  Prepare(*funcs, *obj, prep);
  const internal::EpochReclaimer::Released released = [&] {
    std::unique_lock lock(mu_);
    if (state_.funcs != funcs) Prepare(*state_.funcs, *obj, prep);  // AddIndexers raced us
    return reclaimer_.Retire(ApplyUpdate(state_, key, h, std::move(obj), prep));
  }();
  // What no list can reach is released here, outside the lock.
}

inline void ThreadSafeStore::Delete(std::string_view key) {
  const std::uint64_t h = internal::HashKey(key);
  const internal::EpochReclaimer::Released released = [&] {
    std::unique_lock lock(mu_);
    return reclaimer_.Retire(ApplyDelete(state_, key, h));
  }();
}

inline ThreadSafeStore::ObjectPtr ThreadSafeStore::Get(std::string_view key) const {
  const std::uint64_t h = internal::HashKey(key);
  std::shared_lock lock(mu_);
  const auto& slots = state_.slots;
  // Start loading the object (and so, often, its reference count beside it) while the key is
  // compared (the misses overlap).
  const std::uint32_t id = state_.key_table.Find(h, [&](std::uint32_t i) {
    internal::PrefetchAddress(slots[i].obj.get());
    return internal::KeysEqual(state_.keys[i].view(), key);
  });
  if (id == internal::kNoId) return nullptr;
  return slots[id].obj;
}

inline ObjectRef ThreadSafeStore::GetRef(std::string_view key) const {
  const std::uint64_t h = internal::HashKey(key);
  std::shared_lock lock(mu_);
  const std::uint32_t id = state_.FindKey(key, h);
  if (id == internal::kNoId) return ObjectRef();
  return ObjectRef::Adopt(state_.slots[id].obj.get(), reclaimer_.PinCurrent());
}

inline std::size_t ThreadSafeStore::Len() const {
  std::shared_lock lock(mu_);
  return state_.size;
}

inline ObjectList ThreadSafeStore::List() const {
  std::vector<const runtime::Object*> out;
  std::shared_lock lock(mu_);
  out.reserve(state_.size);
  for (std::uint32_t id = 0; id < state_.next_id; ++id) {
    if (const runtime::Object* o = state_.slots[id].obj.get()) out.push_back(o);
  }
  return MakeList(std::move(out));
}

inline std::vector<std::string> ThreadSafeStore::ListKeys() const {
  std::vector<std::string> out;
  std::shared_lock lock(mu_);
  out.reserve(state_.size);
  for (std::uint32_t id = 0; id < state_.next_id; ++id) {
    if (state_.slots[id].obj) out.emplace_back(state_.keys[id].view());
  }
  return out;
}

inline void ThreadSafeStore::BuildState(State& st, const FuncSet* funcs, std::size_t index_count,
                                        const std::vector<std::pair<std::string, ObjectPtr>>& items,
                                        std::vector<Prepared>& prepared) {
  st.funcs = funcs;
  st.indexes.clear();
  st.indexes.resize(index_count);
  st.key_table.Reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto& [key, obj] = items[i];
    ApplyUpdate(st, key, internal::HashKey(key), obj, prepared[i]);
  }
}

inline void ThreadSafeStore::Replace(std::vector<std::pair<std::string, ObjectPtr>> items,
                                     std::string_view /*resource_version*/) {
  for (const auto& [key, obj] : items) {
    if (!obj) throw Error("cache: null object for key " + util::Quote(key));
  }
  const FuncSet* funcs = CurrentFuncs();
  std::vector<Prepared> prepared(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) Prepare(*funcs, *items[i].second, prepared[i]);
  // Build outside the lock; rebuild under it only if AddIndexers changed the index set meanwhile.
  auto fresh = std::make_unique<State>();
  BuildState(*fresh, funcs, funcs->size() + label_funcs_.size(), items, prepared);
  internal::EpochReclaimer::Released released;
  {
    std::unique_lock lock(mu_);
    if (state_.funcs != funcs) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        Prepare(*state_.funcs, *items[i].second, prepared[i]);
      }
      fresh = std::make_unique<State>();
      BuildState(*fresh, state_.funcs, state_.funcs->size() + label_funcs_.size(), items, prepared);
    }
    std::swap(state_, *fresh);
    released = reclaimer_.Retire(std::shared_ptr<const State>(std::move(fresh)));
  }
  // The old content, unless a list may still see it, is destroyed here, outside the lock.
}

inline void ThreadSafeStore::CollectObjects(const State& st, const std::uint32_t* ids, std::size_t n,
                                            std::vector<const runtime::Object*>& out) {
  constexpr std::size_t kSlotAhead = 16;
  auto prefetch = [&](std::size_t i) {
    if (ids[i] != kDeadId) internal::PrefetchAddress(&st.slots[ids[i]]);
  };
  for (std::size_t i = 0; i < n && i < kSlotAhead; ++i) prefetch(i);
  for (std::size_t i = 0; i < n; ++i) {
    if (i + kSlotAhead < n) prefetch(i + kSlotAhead);
    if (ids[i] != kDeadId) out.push_back(st.slots[ids[i]].obj.get());
  }
}

inline const ThreadSafeStore::IndexData* ThreadSafeStore::FindIndex(std::string_view name) const {
  const FuncSet& funcs = *state_.funcs;
  for (std::size_t i = 0; i < funcs.size(); ++i) {
    if (funcs[i].name == name) return &state_.indexes[i];
  }
  return nullptr;
}

inline void ThreadSafeStore::ThrowNoIndex(std::string_view name) {
  throw Error(fmt::format("Index with name {} does not exist", name));
}

inline ObjectList ThreadSafeStore::ByIndex(std::string_view index_name,
                                           std::string_view indexed_value) const {
  const std::uint64_t h = internal::HashKey(indexed_value);
  std::vector<const runtime::Object*> out;
  std::shared_lock lock(mu_);
  const IndexData* ix = FindIndex(index_name);
  if (ix == nullptr) ThrowNoIndex(index_name);
  const std::uint32_t v = ix->FindValue(indexed_value, h);
  if (v == internal::kNoId) return ObjectList();
  const Posting& p = ix->postings[v];
  out.reserve(p.live);
  CollectObjects(state_, p.ids.data(), p.ids.size(), out);
  return MakeList(std::move(out));
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

inline std::vector<std::string> ThreadSafeStore::IndexKeys(std::string_view index_name,
                                                           std::string_view indexed_value) const {
  const std::uint64_t h = internal::HashKey(indexed_value);
  std::vector<std::string> out;
  {
    std::shared_lock lock(mu_);
    const IndexData* ix = FindIndex(index_name);
    if (ix == nullptr) ThrowNoIndex(index_name);
    const std::uint32_t v = ix->FindValue(indexed_value, h);
    if (v == internal::kNoId) return out;
    const Posting& p = ix->postings[v];
    out.reserve(p.live);
    for (std::uint32_t id : p.ids) {
      if (id != kDeadId) out.emplace_back(state_.keys[id].view());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> ThreadSafeStore::ListIndexFuncValues(std::string_view index_name) const {
  std::vector<std::string> out;
  {
    std::shared_lock lock(mu_);
    const IndexData* ix = FindIndex(index_name);
    if (ix == nullptr) return out;
    out.reserve(ix->value_table.size());
    for (const Posting& p : ix->postings) {
      if (p.live != 0) out.push_back(p.value);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline ObjectList ThreadSafeStore::Index(std::string_view index_name, const runtime::Object& obj) const {
  // Compute the object's values without the lock (the function is looked up under it).
  // FuncSets are never freed while the store lives (retired ones stay in all_funcs_), so the
  // entry may be used after the lock is dropped.
  const FuncEntry* entry = nullptr;
  {
    std::shared_lock lock(mu_);
    for (const auto& f : *state_.funcs) {
      if (f.name == index_name) entry = &f;
    }
  }
  if (entry == nullptr) ThrowNoIndex(index_name);
  PreparedIndex pv;
  PrepareOne(*entry, obj, pv);
  std::vector<const runtime::Object*> out;
  std::shared_lock lock(mu_);
  const IndexData* ix = FindIndex(index_name);
  if (ix == nullptr) ThrowNoIndex(index_name);
  std::vector<std::uint32_t> ids;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const std::uint32_t v = ix->FindValue(pv.value(i), pv.Hash(i));
    if (v == internal::kNoId) continue;
    for (std::uint32_t id : ix->postings[v].ids) {
      if (id != kDeadId) ids.push_back(id);
    }
  }
  if (pv.size() > 1) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  out.reserve(ids.size());
  CollectObjects(state_, ids.data(), ids.size(), out);
  return MakeList(std::move(out));
}

inline Indexers ThreadSafeStore::GetIndexers() const {
  Indexers out;
  std::shared_lock lock(mu_);
  for (const auto& f : *state_.funcs) out.emplace(f.name, f.fn);
  return out;
}

inline bool ThreadSafeStore::HasIndex(std::string_view index_name) const {
  std::shared_lock lock(mu_);
  for (const auto& f : *state_.funcs) {
    if (f.name == index_name) return true;
  }
  return false;
}

inline void ThreadSafeStore::AddIndexers(const Indexers& new_indexers) {
  if (new_indexers.empty()) return;
  // Snapshot the objects (shared lock), compute the new values without any lock, then file them
  // under the exclusive lock, recomputing only for slots that changed in between.
  std::vector<ObjectPtr> snapshot;
  const FuncSet* base = nullptr;
  {
    std::shared_lock lock(mu_);
    base = state_.funcs;
    snapshot.resize(state_.next_id);
    for (std::uint32_t id = 0; id < state_.next_id; ++id) snapshot[id] = state_.slots[id].obj;
  }
  auto check_conflict = [&](const FuncSet& funcs) {
    std::vector<std::string> conflicts;
    for (const auto& f : funcs) {
      if (new_indexers.count(f.name) != 0) conflicts.push_back(f.name);
    }
    if (!conflicts.empty()) {
      std::sort(conflicts.begin(), conflicts.end());
      std::string text = "indexer conflict: map[";
      for (std::size_t i = 0; i < conflicts.size(); ++i) {
        if (i != 0) text += ' ';
        text += conflicts[i];
        text += ":{}";
      }
      text += ']';
      throw Error(text);
    }
  };
  check_conflict(*base);
  std::vector<FuncEntry> fns;
  for (const auto& [name, fn] : new_indexers) fns.push_back(FuncEntry{name, fn});
  // values[k][id]
  std::vector<std::vector<PreparedIndex>> values(fns.size());
  for (std::size_t k = 0; k < fns.size(); ++k) {
    values[k].resize(snapshot.size());
    for (std::size_t id = 0; id < snapshot.size(); ++id) {
      if (snapshot[id]) PrepareOne(fns[k], *snapshot[id], values[k][id]);
    }
  }
  std::unique_lock lock(mu_);
  check_conflict(*state_.funcs);
  State& st = state_;
  // Everything that can throw (index functions on changed objects) happens before publishing.
  for (std::size_t k = 0; k < fns.size(); ++k) values[k].resize(st.next_id);
  for (std::uint32_t id = 0; id < st.next_id; ++id) {
    const ObjectPtr& cur = st.slots[id].obj;
    const bool same = id < snapshot.size() && snapshot[id] == cur;
    if (same) continue;
    for (std::size_t k = 0; k < fns.size(); ++k) {
      if (cur) {
        PrepareOne(fns[k], *cur, values[k][id]);
      } else {
        values[k][id] = PreparedIndex{};
      }
    }
  }
  // File the new indexes in tables of their own (one column each), merged into the slot-major
  // table below once the order of all indexes is known.
  std::vector<IndexData> built(fns.size());
  std::vector<internal::ChunkedArray<SlotRef>> built_refs(fns.size());
  for (std::size_t k = 0; k < fns.size(); ++k) {
    built_refs[k].EnsureSize(st.next_id);
    const SlotRefs refs{&built_refs[k], 1, 0};
    for (std::uint32_t id = 0; id < st.next_id; ++id) {
      if (st.slots[id].obj) internal::FileSlot(built[k], refs, id, values[k][id]);
    }
  }
  // The new FuncSet: the user's indexes sorted by name; the label index's postings after theirs.
  struct Entry {
    FuncEntry func;
    IndexData data;
    ConstSlotRefs refs;  // where its SlotRefs are now
  };
  // Allocate before anything is moved out of the state (nothing below then throws but bad_alloc
  // of a few small nodes).
  const std::size_t stride = st.indexes.size() + fns.size();
  const std::size_t user_count = st.funcs->size() + fns.size();
  internal::ChunkedArray<SlotRef> refs;
  refs.EnsureSize(std::size_t{st.next_id} * stride);
  auto funcs = std::make_unique<FuncSet>();
  funcs->reserve(user_count);
  std::vector<IndexData> indexes;
  indexes.reserve(stride);
  std::vector<Entry> ordered;
  ordered.reserve(stride);
  std::map<std::string, Entry, std::less<>> visible;
  std::vector<Entry> label;  // func unused
  for (std::size_t i = 0; i < st.funcs->size(); ++i) {
    const FuncEntry& f = (*st.funcs)[i];
    visible.emplace(f.name, Entry{f, std::move(st.indexes[i]), std::as_const(st).Refs(i)});
  }
  for (std::size_t i = st.funcs->size(); i < st.indexes.size(); ++i) {
    label.push_back(Entry{FuncEntry{}, std::move(st.indexes[i]), std::as_const(st).Refs(i)});
  }
  for (std::size_t k = 0; k < fns.size(); ++k) {
    std::string name = fns[k].name;
    visible.emplace(std::move(name),
                    Entry{std::move(fns[k]), std::move(built[k]), ConstSlotRefs{&built_refs[k], 1, 0}});
  }
  for (auto& [name, entry] : visible) ordered.push_back(std::move(entry));
  for (auto& entry : label) ordered.push_back(std::move(entry));
  for (std::uint32_t id = 0; id < st.next_id; ++id) {
    for (std::size_t j = 0; j < stride; ++j) refs[std::size_t{id} * stride + j] = ordered[j].refs[id];
  }
  for (std::size_t j = 0; j < stride; ++j) {
    if (j < user_count) funcs->push_back(std::move(ordered[j].func));
    indexes.push_back(std::move(ordered[j].data));
  }
  st.refs = std::move(refs);
  st.indexes = std::move(indexes);
  st.funcs = funcs.get();
  funcs_.store(funcs.get(), std::memory_order_release);
  all_funcs_.push_back(std::move(funcs));
}

inline ObjectList ThreadSafeStore::Select(const SelectQuery& query) const {
  std::vector<const runtime::Object*> out;
  if (query.label_selector.MatchesNothing() || internal::MatchesNothing(query.index_selector))
    return ObjectList();
  const fields::Requirements index_requirements = query.index_selector.Requirements();
  // Hash everything before taking the lock.
  const std::uint64_t ns_hash = query.namespace_ ? internal::HashKey(*query.namespace_) : 0;
  std::vector<std::uint64_t> req_hashes;
  req_hashes.reserve(index_requirements.size());
  for (const auto& r : index_requirements) req_hashes.push_back(internal::HashKey(r.value));
  struct LabelDriver {
    std::size_t req;  // index into the selector's requirements
    std::vector<std::string> encoded;
    std::vector<std::uint64_t> hashes;
    bool exists = false;
  };
  std::vector<LabelDriver> label_drivers;
  const labels::Requirements& lreqs = query.label_selector.Requirements();
  if (label_index_) {
    for (std::size_t i = 0; i < lreqs.size(); ++i) {
      const auto& r = lreqs[i];
      LabelDriver d{i, {}, {}, false};
      switch (r.Operator()) {
        case selection::Operator::kEquals:
        case selection::Operator::kDoubleEquals:
        case selection::Operator::kIn:
          for (const auto& v : r.ValuesUnsorted()) d.encoded.push_back(internal::EncodeLabelPair(r.Key(), v));
          std::sort(d.encoded.begin(), d.encoded.end());
          d.encoded.erase(std::unique(d.encoded.begin(), d.encoded.end()), d.encoded.end());
          break;
        case selection::Operator::kExists:
          d.exists = true;
          d.encoded.push_back(r.Key());
          break;
        default:
          continue;
      }
      for (const auto& e : d.encoded) d.hashes.push_back(internal::HashKey(e));
      label_drivers.push_back(std::move(d));
    }
  }

  std::shared_lock lock(mu_);
  const State& st = state_;
  const FuncSet& funcs = *st.funcs;
  // Resolve index requirements.
  struct ResolvedReq {
    const IndexData* ix;
    ConstSlotRefs refs;
    std::uint32_t value;  // kNoId when no object has it
    bool equals;
  };
  std::vector<ResolvedReq> resolved;
  resolved.reserve(index_requirements.size());
  // Candidate drivers: a list of postings (a union of disjoint postings for `in`).
  std::vector<const Posting*> best;
  std::size_t best_size = static_cast<std::size_t>(-1);
  bool have_driver = false;
  auto offer = [&](std::vector<const Posting*> lists) {
    std::size_t n = 0;
    for (const auto* l : lists) n += l->live;
    if (!have_driver || n < best_size) {
      best = std::move(lists);
      best_size = n;
      have_driver = true;
    }
  };
  for (std::size_t i = 0; i < index_requirements.size(); ++i) {
    const auto& r = index_requirements[i];
    const IndexData* ix = FindIndex(r.field);
    if (ix == nullptr) ThrowNoIndex(r.field);
    const std::uint32_t v = ix->FindValue(r.value, req_hashes[i]);
    const bool eq = r.op != selection::Operator::kNotEquals;  // Requirements() gives = or !=
    if (eq && v == internal::kNoId) return ObjectList();      // nothing is indexed under the value
    resolved.push_back(ResolvedReq{ix, st.Refs(static_cast<std::size_t>(ix - st.indexes.data())), v, eq});
    if (eq) offer({&ix->postings[v]});
  }
  if (query.namespace_) {
    for (std::size_t i = 0; i < funcs.size(); ++i) {
      if (funcs[i].name == kNamespaceIndex && funcs[i].is_namespace) {
        const IndexData& ix = st.indexes[i];
        const std::uint32_t v = ix.FindValue(*query.namespace_, ns_hash);
        if (v == internal::kNoId) return ObjectList();
        offer({&ix.postings[v]});
        break;
      }
    }
  }
  if (label_index_ && !label_drivers.empty()) {
    const IndexData* key_ix = &st.indexes[funcs.size() + internal::kLabelKeys];
    const IndexData* pair_ix = &st.indexes[funcs.size() + internal::kLabelPairs];
    for (const auto& d : label_drivers) {
      const IndexData* ix = d.exists ? key_ix : pair_ix;
      std::vector<const Posting*> lists;
      for (std::size_t j = 0; j < d.encoded.size(); ++j) {
        const std::uint32_t v = ix->FindValue(d.encoded[j], d.hashes[j]);
        if (v != internal::kNoId) lists.push_back(&ix->postings[v]);
      }
      if (lists.empty()) return ObjectList();  // no object can satisfy this requirement
      offer(std::move(lists));
    }
  }

  const bool check_labels = !query.label_selector.Empty();
  auto passes = [&](std::uint32_t id) {
    const runtime::Object& obj = *st.slots[id].obj;
    const metav1::ObjectMeta* meta = obj.GetObjectMeta();
    if (query.namespace_ && (meta == nullptr || meta->namespace_ != *query.namespace_)) return false;
    for (const auto& r : resolved) {
      const bool has = r.value != internal::kNoId && r.ix->SlotHas(r.refs, id, r.value);
      if (has != r.equals) return false;
    }
    if (check_labels) {
      static const labels::Set kNoLabels;
      if (!query.label_selector.Matches(meta != nullptr ? meta->labels : kNoLabels)) return false;
    }
    return true;
  };
  constexpr std::size_t kAhead = 4;
  if (have_driver) {
    out.reserve(best_size);
    for (const Posting* list : best) {
      const std::size_t n = list->ids.size();
      const std::uint32_t* ids = list->ids.data();
      for (std::size_t i = 0; i < n; ++i) {
        if (i + kAhead < n && ids[i + kAhead] != kDeadId) {
          internal::PrefetchAddress(st.slots[ids[i + kAhead]].obj.get());
        }
        if (ids[i] != kDeadId && passes(ids[i])) out.push_back(st.slots[ids[i]].obj.get());
      }
    }
  } else {
    for (std::uint32_t id = 0; id < st.next_id; ++id) {
      if (id + kAhead < st.next_id) internal::PrefetchAddress(st.slots[id + kAhead].obj.get());
      if (st.slots[id].obj && passes(id)) out.push_back(st.slots[id].obj.get());
    }
  }
  return MakeList(std::move(out));
}

inline std::size_t ThreadSafeStore::MemoryBytes() const {
  std::shared_lock lock(mu_);
  const State& st = state_;
  std::size_t n = st.slots.MemoryBytes() + st.keys.MemoryBytes() + st.key_table.MemoryBytes() +
                  st.refs.MemoryBytes() + st.free_ids.capacity() * sizeof(std::uint32_t);
  for (std::uint32_t id = 0; id < st.next_id; ++id) n += st.keys[id].HeapBytes();
  for (const auto& ix : st.indexes) n += ix.MemoryBytes();
  return n;
}

}  // namespace apimachinery::cache
