// Definitions of the non-template functions declared in <apimachinery/cache/thread_safe_store.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/thread_safe_store.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL void ThreadSafeStore::Add(std::string_view key, ObjectPtr obj) {
  Update(key, std::move(obj));
}

APIMACHINERY_DECL void ThreadSafeStore::Resync() {}

APIMACHINERY_DECL bool ThreadSafeStore::HasLabelIndex() const noexcept { return label_index_; }

APIMACHINERY_DECL auto ThreadSafeStore::PlainIndexFuncOf(const IndexFunc& fn) noexcept -> PlainIndexFunc {
  const PlainIndexFunc* target = fn.target<PlainIndexFunc>();
  return target != nullptr ? *target : nullptr;
}

APIMACHINERY_DECL void ThreadSafeStore::Prepared::Resize(std::size_t count) {
  n = count;
  if (count > kInline) heap_items.resize(count);
}

APIMACHINERY_DECL auto ThreadSafeStore::Prepared::operator[](std::size_t i) noexcept -> PreparedIndex& {
  return n > kInline ? heap_items[i] : inline_items[i];
}

APIMACHINERY_DECL auto ThreadSafeStore::Prepared::operator[](std::size_t i) const noexcept
    -> const PreparedIndex& {
  return n > kInline ? heap_items[i] : inline_items[i];
}

APIMACHINERY_DECL auto ThreadSafeStore::State::Refs(std::size_t i) noexcept -> SlotRefs {
  return {&refs, indexes.size(), i};
}

APIMACHINERY_DECL auto ThreadSafeStore::State::Refs(std::size_t i) const noexcept -> ConstSlotRefs {
  return {&refs, indexes.size(), i};
}

APIMACHINERY_DECL std::uint32_t ThreadSafeStore::State::FindKey(std::string_view key, std::uint64_t h) const {
  return key_table.Find(h, [&](std::uint32_t id) {
    internal::PrefetchAddress(&slots[id]);  // wanted next if the key matches
    return internal::KeysEqual(keys[id].view(), key);
  });
}

APIMACHINERY_DECL ObjectList ThreadSafeStore::MakeList(std::vector<const runtime::Object*> items) const {
  return ObjectList::Adopt(std::move(items), reclaimer_.PinCurrent());
}

APIMACHINERY_DECL auto ThreadSafeStore::CurrentFuncs() const noexcept -> const FuncSet* {
  return funcs_.load(std::memory_order_acquire);
}

APIMACHINERY_DECL ThreadSafeStore::ThreadSafeStore(const Indexers& indexers, ThreadSafeStoreOptions options)
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

APIMACHINERY_DECL ThreadSafeStore::~ThreadSafeStore() {
  // Lists may outlive the store: retire the content instead of destroying it under their feet.
  auto released = reclaimer_.Retire(std::make_shared<const State>(std::move(state_)));
}

APIMACHINERY_DECL void ThreadSafeStore::Prepare(const FuncSet& funcs, const runtime::Object& obj,
                                                Prepared& out) const {
  out.funcs = &funcs;
  out.Resize(funcs.size() + label_funcs_.size());
  for (std::size_t i = 0; i < funcs.size(); ++i) PrepareOne(funcs[i], obj, out[i]);
  for (std::size_t i = 0; i < label_funcs_.size(); ++i)
    PrepareOne(label_funcs_[i], obj, out[funcs.size() + i]);
}

APIMACHINERY_DECL ThreadSafeStore::ObjectPtr ThreadSafeStore::ApplyUpdate(State& st, std::string_view key,
                                                                          std::uint64_t key_hash,
                                                                          ObjectPtr obj, Prepared& prep) {
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

APIMACHINERY_DECL ThreadSafeStore::ObjectPtr ThreadSafeStore::ApplyDelete(State& st, std::string_view key,
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

APIMACHINERY_DECL void ThreadSafeStore::Update(std::string_view key, ObjectPtr obj) {
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

APIMACHINERY_DECL void ThreadSafeStore::Delete(std::string_view key) {
  const std::uint64_t h = internal::HashKey(key);
  const internal::EpochReclaimer::Released released = [&] {
    std::unique_lock lock(mu_);
    return reclaimer_.Retire(ApplyDelete(state_, key, h));
  }();
}

APIMACHINERY_DECL ThreadSafeStore::ObjectPtr ThreadSafeStore::Get(std::string_view key) const {
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

APIMACHINERY_DECL ObjectRef ThreadSafeStore::GetRef(std::string_view key) const {
  const std::uint64_t h = internal::HashKey(key);
  std::shared_lock lock(mu_);
  const std::uint32_t id = state_.FindKey(key, h);
  if (id == internal::kNoId) return ObjectRef();
  return ObjectRef::Adopt(state_.slots[id].obj.get(), reclaimer_.PinCurrent());
}

APIMACHINERY_DECL std::size_t ThreadSafeStore::Len() const {
  std::shared_lock lock(mu_);
  return state_.size;
}

APIMACHINERY_DECL ObjectList ThreadSafeStore::List() const {
  std::vector<const runtime::Object*> out;
  std::shared_lock lock(mu_);
  out.reserve(state_.size);
  for (std::uint32_t id = 0; id < state_.next_id; ++id) {
    if (const runtime::Object* o = state_.slots[id].obj.get()) out.push_back(o);
  }
  return MakeList(std::move(out));
}

APIMACHINERY_DECL std::vector<std::string> ThreadSafeStore::ListKeys() const {
  std::vector<std::string> out;
  std::shared_lock lock(mu_);
  out.reserve(state_.size);
  for (std::uint32_t id = 0; id < state_.next_id; ++id) {
    if (state_.slots[id].obj) out.emplace_back(state_.keys[id].view());
  }
  return out;
}

APIMACHINERY_DECL void ThreadSafeStore::BuildState(
    State& st, const FuncSet* funcs, std::size_t index_count,
    const std::vector<std::pair<std::string, ObjectPtr>>& items, std::vector<Prepared>& prepared) {
  st.funcs = funcs;
  st.indexes.clear();
  st.indexes.resize(index_count);
  st.key_table.Reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto& [key, obj] = items[i];
    ApplyUpdate(st, key, internal::HashKey(key), obj, prepared[i]);
  }
}

APIMACHINERY_DECL void ThreadSafeStore::Replace(std::vector<std::pair<std::string, ObjectPtr>> items,
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

APIMACHINERY_DECL void ThreadSafeStore::CollectObjects(const State& st, const std::uint32_t* ids,
                                                       std::size_t n,
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

APIMACHINERY_DECL const ThreadSafeStore::IndexData* ThreadSafeStore::FindIndex(std::string_view name) const {
  const FuncSet& funcs = *state_.funcs;
  for (std::size_t i = 0; i < funcs.size(); ++i) {
    if (funcs[i].name == name) return &state_.indexes[i];
  }
  return nullptr;
}

APIMACHINERY_DECL void ThreadSafeStore::ThrowNoIndex(std::string_view name) {
  throw Error(fmt::format("Index with name {} does not exist", name));
}

APIMACHINERY_DECL ObjectList ThreadSafeStore::ByIndex(std::string_view index_name,
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

APIMACHINERY_DECL std::vector<std::string> ThreadSafeStore::IndexKeys(std::string_view index_name,
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

APIMACHINERY_DECL std::vector<std::string> ThreadSafeStore::ListIndexFuncValues(
    std::string_view index_name) const {
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

APIMACHINERY_DECL ObjectList ThreadSafeStore::Index(std::string_view index_name,
                                                    const runtime::Object& obj) const {
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

APIMACHINERY_DECL Indexers ThreadSafeStore::GetIndexers() const {
  Indexers out;
  std::shared_lock lock(mu_);
  for (const auto& f : *state_.funcs) out.emplace(f.name, f.fn);
  return out;
}

APIMACHINERY_DECL bool ThreadSafeStore::HasIndex(std::string_view index_name) const {
  std::shared_lock lock(mu_);
  for (const auto& f : *state_.funcs) {
    if (f.name == index_name) return true;
  }
  return false;
}

APIMACHINERY_DECL void ThreadSafeStore::AddIndexers(const Indexers& new_indexers) {
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

APIMACHINERY_DECL ObjectList ThreadSafeStore::Select(const SelectQuery& query) const {
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

APIMACHINERY_DECL std::size_t ThreadSafeStore::MemoryBytes() const {
  std::shared_lock lock(mu_);
  const State& st = state_;
  std::size_t n = st.slots.MemoryBytes() + st.keys.MemoryBytes() + st.key_table.MemoryBytes() +
                  st.refs.MemoryBytes() + st.free_ids.capacity() * sizeof(std::uint32_t);
  for (std::uint32_t id = 0; id < st.next_id; ++id) n += st.keys[id].HeapBytes();
  for (const auto& ix : st.indexes) n += ix.MemoryBytes();
  return n;
}

}  // namespace apimachinery::cache
