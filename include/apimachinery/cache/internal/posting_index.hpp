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
#include "apimachinery/config.hpp"

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

  APIMACHINERY_DECL std::uint32_t FindValue(std::string_view v, std::uint64_t h) const;
  APIMACHINERY_DECL bool SlotHas(ConstSlotRefs refs, std::uint32_t slot, std::uint32_t value) const;
  APIMACHINERY_DECL std::size_t MemoryBytes() const;
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
  APIMACHINERY_DECL std::size_t size() const noexcept;
  APIMACHINERY_DECL std::string_view value(std::size_t i) const noexcept;
  APIMACHINERY_DECL std::uint64_t Hash(std::size_t i) const noexcept;
};

inline void FileSlot(IndexData& ix, SlotRefs refs, std::uint32_t id, PreparedIndex& pv);
// Removes the slot whose entry in this index is `ref` (one of `refs`) from its postings.
APIMACHINERY_DECL void UnfileSlot(IndexData& ix, SlotRefs refs, SlotRef& ref);
APIMACHINERY_DECL void RemoveFromPosting(IndexData& ix, SlotRefs refs, std::uint32_t value,
                                         std::uint32_t pos);
// Drops the tombstones of a posting, recording the new positions of the ids it moves.
APIMACHINERY_DECL void CompactPosting(IndexData& ix, SlotRefs refs, std::uint32_t value);
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

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/posting_index.ipp"
#endif
