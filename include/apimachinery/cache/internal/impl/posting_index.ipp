// Definitions of the non-template functions declared in <apimachinery/cache/internal/posting_index.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/posting_index.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL std::uint32_t IndexData::FindValue(std::string_view v, std::uint64_t h) const {
  return value_table.Find(h, [&](std::uint32_t id) { return KeysEqual(postings[id].value, v); });
}

APIMACHINERY_DECL bool IndexData::SlotHas(ConstSlotRefs refs, std::uint32_t slot, std::uint32_t value) const {
  const SlotRef& ref = refs[slot];
  if (ref.value == kMulti) {
    for (const ValuePos& vp : multi[ref.pos]) {
      if (vp.value == value) return true;
    }
    return false;
  }
  return ref.value == value + 2;
}

APIMACHINERY_DECL std::size_t PreparedIndex::size() const noexcept { return count; }

APIMACHINERY_DECL std::string_view PreparedIndex::value(std::size_t i) const noexcept {
  return i == 0 ? first : std::string_view(owned[i]);
}

APIMACHINERY_DECL std::uint64_t PreparedIndex::Hash(std::size_t i) const noexcept {
  return i == 0 ? hash0 : hashes[i];
}

APIMACHINERY_DECL void RemoveFromPosting(IndexData& ix, SlotRefs refs, std::uint32_t value,
                                         std::uint32_t pos) {
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

APIMACHINERY_DECL void CompactPosting(IndexData& ix, SlotRefs refs, std::uint32_t value) {
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

APIMACHINERY_DECL void UnfileSlot(IndexData& ix, SlotRefs refs, SlotRef& ref) {
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

APIMACHINERY_DECL std::size_t IndexData::MemoryBytes() const {
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
