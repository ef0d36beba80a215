// cache/internal/posting_index.hpp: one inverted index of a ThreadSafeStore (not part of the public
// API): index value -> posting (an unordered vector of slot ids, with tombstones), and per slot
// where it is filed (SlotRef), so an update moves a slot between postings in O(1).
//
// PreparedIndex holds one object's values for one index, computed before the store's lock is
// taken; FileSlot / UnfileSlot apply them.
// Thread-safety: none; the store synchronises (every function here runs under its exclusive lock,
// IndexData's const members under its shared lock).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/cache/internal/chunked_array.hpp"
#include "apimachinery/cache/internal/id_table.hpp"

namespace apimachinery::cache::internal {

struct Posting {
  std::string value;
  std::vector<std::uint32_t> ids;  // live ids and kDeadId tombstones
  std::uint32_t live = 0;          // ids that are not tombstones
};
// A removed entry of Posting::ids, skipped by readers until the posting is compacted.
inline constexpr std::uint32_t kDeadId = kNoId;
// Compaction starts when a posting's tombstones exceed both its live ids and this.
inline constexpr std::size_t kMinTombstones = 8;
struct ValuePos {
  std::uint32_t value;
  std::uint32_t pos;
};
// SlotRef::value: 0 = not indexed, 1 = several values (pos is an index into IndexData::multi),
// v + 2 = exactly one value with id v (pos is the slot's position in that posting).
inline constexpr std::uint32_t kNone = 0;
inline constexpr std::uint32_t kMulti = 1;
// Where one slot is filed in one index.
struct SlotRef {
  std::uint32_t value = kNone;
  std::uint32_t pos = 0;
};
// One index's column of a slot-major table of SlotRefs (State::refs): a slot's refs for every
// index are adjacent, so a write reads and writes one line for them, not one per index.
template <typename Table>
struct RefColumn {
  Table* table;
  std::size_t stride;  // the number of indexes
  std::size_t index;
  auto& operator[](std::uint32_t slot) const noexcept { return (*table)[std::size_t{slot} * stride + index]; }
};
using SlotRefs = RefColumn<ChunkedArray<SlotRef>>;
using ConstSlotRefs = RefColumn<const ChunkedArray<SlotRef>>;
struct IndexData {
  IdTable value_table;
  std::vector<Posting> postings;
  std::vector<std::uint32_t> free_values;
  std::vector<std::vector<ValuePos>> multi;
  std::vector<std::uint32_t> free_multi;

  std::uint32_t FindValue(std::string_view v, std::uint64_t h) const {
    return value_table.Find(h, [&](std::uint32_t id) { return KeysEqual(postings[id].value, v); });
  }
  bool SlotHas(ConstSlotRefs refs, std::uint32_t slot, std::uint32_t value) const {
    const SlotRef& ref = refs[slot];
    if (ref.value == kMulti) {
      for (const ValuePos& vp : multi[ref.pos]) {
        if (vp.value == value) return true;
      }
      return false;
    }
    return ref.value == value + 2;
  }
  std::size_t MemoryBytes() const;
};
// The values one object is indexed under, for one index (sorted, distinct), with their hashes.
// Value 0 is either borrowed from the object (an index with a FieldValueFunc:
// MetaNamespaceIndexFunc, FieldIndexFunc; valid while the object is alive) or owned[0]; the
// others are owned (what the index function returned).
struct PreparedIndex {
  PreparedIndex() noexcept = default;
  // Move-only: `first` may view owned[0], whose bytes a move of `owned` keeps where they are.
  PreparedIndex(PreparedIndex&&) noexcept = default;
  PreparedIndex& operator=(PreparedIndex&&) noexcept = default;
  PreparedIndex(const PreparedIndex&) = delete;
  PreparedIndex& operator=(const PreparedIndex&) = delete;
  ~PreparedIndex() = default;

  std::vector<std::string> owned;     // the index function's values (empty when borrowed)
  std::vector<std::uint64_t> hashes;  // every value's hash, only when there are several
  std::string_view first;             // value 0
  std::uint64_t hash0 = 0;            // hash of value 0
  std::uint32_t count = 0;            // number of values
  // For one value: its id in the index, looked up under the lock by ApplyUpdate (kNoId when no
  // object has it yet).
  std::uint32_t value_id = kNoId;
  std::size_t size() const noexcept { return count; }
  std::string_view value(std::size_t i) const noexcept { return i == 0 ? first : std::string_view(owned[i]); }
  std::uint64_t Hash(std::size_t i) const noexcept { return i == 0 ? hash0 : hashes[i]; }
};

inline void FileSlot(IndexData& ix, SlotRefs refs, std::uint32_t id, PreparedIndex& pv);
// Removes the slot whose entry in this index is `ref` (one of `refs`) from its postings.
inline void UnfileSlot(IndexData& ix, SlotRefs refs, SlotRef& ref);
inline void RemoveFromPosting(IndexData& ix, SlotRefs refs, std::uint32_t value, std::uint32_t pos);
// Drops the tombstones of a posting, recording the new positions of the ids it moves.
inline void CompactPosting(IndexData& ix, SlotRefs refs, std::uint32_t value);
// Files `id` under `value`; `known` is the value's id when the caller looked it up already.
inline std::uint32_t AddToPosting(IndexData& ix, std::string_view value, std::uint64_t h, std::uint32_t id,
                                  std::uint32_t known = kNoId);

// Implementation details follow.

[[gnu::always_inline]] inline std::uint32_t AddToPosting(IndexData& ix, std::string_view value,
                                                         std::uint64_t h, std::uint32_t id,
                                                         std::uint32_t known) {
  std::uint32_t v = known != kNoId ? known : ix.FindValue(value, h);
  if (v == kNoId) {
    if (!ix.free_values.empty()) {
      v = ix.free_values.back();
      ix.free_values.pop_back();
      ix.postings[v].value = value;
    } else {
      v = static_cast<std::uint32_t>(ix.postings.size());
      ix.postings.push_back(Posting{std::string(value), {}});
    }
    ix.value_table.Insert(h, v);
  }
  Posting& p = ix.postings[v];
  p.ids.push_back(id);  // the caller records the position (ids.size() - 1)
  ++p.live;
  return v;
}

inline void RemoveFromPosting(IndexData& ix, SlotRefs refs, std::uint32_t value, std::uint32_t pos) {
  Posting& p = ix.postings[value];
  if (--p.live == 0) {
    ix.value_table.Erase(HashKey(p.value), value);
    std::string().swap(p.value);
    std::vector<std::uint32_t>().swap(p.ids);
    ix.free_values.push_back(value);
    return;
  }
  if (pos + 1 == p.ids.size()) {
    // The last entry: drop it and any tombstones before it.
    p.ids.pop_back();
    while (p.ids.back() == kDeadId) p.ids.pop_back();  // a live id remains (live > 0)
    return;
  }
  p.ids[pos] = kDeadId;
  const std::size_t dead = p.ids.size() - p.live;
  if (dead > kMinTombstones && dead > p.live) CompactPosting(ix, refs, value);
}

inline void CompactPosting(IndexData& ix, SlotRefs refs, std::uint32_t value) {
  std::vector<std::uint32_t>& ids = ix.postings[value].ids;
  std::size_t out = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::uint32_t id = ids[i];
    if (id == kDeadId) continue;
    if (out != i) {
      ids[out] = id;
      // Record the move in the slot's back-pointer for this value.
      SlotRef& ref = refs[id];
      if (ref.value == kMulti) {
        for (ValuePos& vp : ix.multi[ref.pos]) {
          if (vp.value == value) {
            vp.pos = static_cast<std::uint32_t>(out);
            break;
          }
        }
      } else {
        ref.pos = static_cast<std::uint32_t>(out);
      }
    }
    ++out;
  }
  ids.resize(out);
  if (ids.capacity() > 4 * out + 16) ids.shrink_to_fit();
}

inline void UnfileSlot(IndexData& ix, SlotRefs refs, SlotRef& ref) {
  const SlotRef was = ref;
  if (was.value == kNone) return;
  ref = SlotRef{};
  if (was.value == kMulti) {
    // Detach the list first: a compaction triggered by one removal records moves of *other*
    // slots only (our entries are tombstones by then; each posting holds our id once).
    std::vector<ValuePos> list = std::move(ix.multi[was.pos]);
    ix.multi[was.pos].clear();
    ix.free_multi.push_back(was.pos);
    for (const ValuePos& vp : list) RemoveFromPosting(ix, refs, vp.value, vp.pos);
  } else {
    RemoveFromPosting(ix, refs, was.value - 2, was.pos);
  }
}

[[gnu::always_inline]] inline void FileSlot(IndexData& ix, SlotRefs refs, std::uint32_t id,
                                            PreparedIndex& pv) {
  SlotRef& ref = refs[id];
  if (pv.size() == 1 && pv.value_id != kNoId && ref.value == pv.value_id + 2) {
    return;  // the common case: one value, unchanged
  }
  UnfileSlot(ix, refs, ref);
  if (pv.size() == 0) return;
  if (pv.size() == 1) {
    // The id looked up earlier is stale if unfiling just emptied (and freed) that posting.
    std::uint32_t known = pv.value_id;
    if (known != kNoId && ix.postings[known].live == 0) known = kNoId;
    const std::uint32_t v = AddToPosting(ix, pv.value(0), pv.hash0, id, known);
    ref = SlotRef{v + 2, static_cast<std::uint32_t>(ix.postings[v].ids.size() - 1)};
    return;
  }
  std::uint32_t m;
  if (!ix.free_multi.empty()) {
    m = ix.free_multi.back();
    ix.free_multi.pop_back();
  } else {
    m = static_cast<std::uint32_t>(ix.multi.size());
    ix.multi.emplace_back();
  }
  // Filing only appends to postings (no swaps), so the back-pointers can be published last.
  std::vector<ValuePos> list;
  list.reserve(pv.size());
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const std::uint32_t v = AddToPosting(ix, pv.value(i), pv.Hash(i), id);
    list.push_back(ValuePos{v, static_cast<std::uint32_t>(ix.postings[v].ids.size() - 1)});
  }
  ix.multi[m] = std::move(list);
  ref = SlotRef{kMulti, m};
}

inline std::size_t IndexData::MemoryBytes() const {
  // A string whose capacity exceeds an empty string's holds its bytes on the heap (an empty
  // string's capacity is its inline buffer's, 0 for an implementation without one).
  static const std::size_t kInlineCapacity = std::string().capacity();
  std::size_t n = value_table.MemoryBytes() + postings.capacity() * sizeof(Posting) +
                  free_values.capacity() * sizeof(std::uint32_t) +
                  multi.capacity() * sizeof(std::vector<ValuePos>) +
                  free_multi.capacity() * sizeof(std::uint32_t);
  for (const Posting& p : postings) {
    n += p.ids.capacity() * sizeof(std::uint32_t);
    if (p.value.capacity() > kInlineCapacity) n += p.value.capacity() + 1;
  }
  for (const auto& m : multi) n += m.capacity() * sizeof(ValuePos);
  return n;
}

}  // namespace apimachinery::cache::internal
