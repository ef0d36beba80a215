// util/internal/id_table.hpp: IdTable, the library's open-addressing hash table (shared internals:
// cache's ThreadSafeStore keys and indexes, restmapper's compiled lookup index; not part of the
// public API). Keys are hashed with util::FastHash by its users.
//
// IdTable: an open-addressing hash set of 32-bit ids (linear probing, backward-shift deletion, no
// tombstones). Each entry is 8 bytes: the upper 32 bits of the element's hash and id+1. The
// element's key lives elsewhere (the store's slot, the index's posting, the mapper's key buffer);
// lookups compare the hash tag first and call back for the key only on a tag match. The capacity
// is not a power of two (it grows by 1.5x at 75% load) and the home bucket is
// (tag * capacity) >> 32, so memory stays between 10.7 and 16 bytes per element.
//
// Throws: Insert, Reserve: std::bad_alloc; everything else nothing. Cost: Find, Insert, Erase are
// expected O(1) (one or two cache lines of entries, plus the caller's key comparison on a tag
// match).
// Thread-safety: none; the owner synchronises. The one exception is IdTable::PrefetchHome, a
// cache hint that may be called without the owner's lock (it reads only atomics and never
// dereferences what it computes), so a writer can start loading its bucket before locking.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "apimachinery/util/internal/prefetch.hpp"

namespace apimachinery::util::internal {

// kNoId: IdTable::Find's "absent", and the one id that cannot be stored.
inline constexpr std::uint32_t kNoId = 0xFFFFFFFFu;

class IdTable {
 public:
  IdTable() = default;
  IdTable(IdTable&& o) noexcept : entries_(std::move(o.entries_)), size_(std::exchange(o.size_, 0)) {
    PublishHint();
    o.PublishHint();
  }
  IdTable& operator=(IdTable&& o) noexcept {
    entries_ = std::move(o.entries_);
    size_ = std::exchange(o.size_, 0);
    PublishHint();
    o.PublishHint();
    return *this;
  }
  IdTable(const IdTable&) = delete;
  IdTable& operator=(const IdTable&) = delete;
  ~IdTable() = default;

  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return entries_.size(); }
  std::size_t MemoryBytes() const noexcept { return entries_.capacity() * sizeof(std::uint64_t); }

  // Find returns the id whose hash is `hash` and for which eq(id) holds, or kNoId.
  template <typename Eq>
  std::uint32_t Find(std::uint64_t hash, Eq&& eq) const {
    const std::size_t cap = entries_.size();
    if (cap == 0) return kNoId;
    const std::uint32_t tag = Tag(hash);
    std::size_t i = Home(tag, cap);
    const std::uint64_t* e = entries_.data();
    while (true) {
      const std::uint64_t v = e[i];
      if (v == 0) return kNoId;
      if (static_cast<std::uint32_t>(v >> 32) == tag) {
        const std::uint32_t id = static_cast<std::uint32_t>(v) - 1;
        if (eq(id)) return id;
      }
      if (++i == cap) i = 0;
    }
  }

  // PrefetchHome asks the cache for the line of `hash`'s home bucket. Safe without the owner's
  // lock: a racing rehash at worst makes it prefetch a stale address, which is harmless.
  void PrefetchHome(std::uint64_t hash) const noexcept {
    const std::size_t cap = hint_cap_.load(std::memory_order_relaxed);
    const std::uintptr_t base = hint_base_.load(std::memory_order_relaxed);
    if (cap == 0) return;
    // Integer arithmetic: the address is only a hint and is never dereferenced.
    // NOLINTNEXTLINE(performance-no-int-to-ptr): a prefetch hint, never dereferenced.
    PrefetchAddress(reinterpret_cast<const void*>(base + Home(Tag(hash), cap) * sizeof(std::uint64_t)));
  }

  // Insert adds `id` under `hash` (the caller guarantees it is not present).
  void Insert(std::uint64_t hash, std::uint32_t id) {
    if ((size_ + 1) * 4 > entries_.size() * 3) Grow();
    Place(Tag(hash), id);
    ++size_;
  }

  // Erase removes the entry holding `id` under `hash` (no-op when absent).
  void Erase(std::uint64_t hash, std::uint32_t id) noexcept {
    const std::size_t cap = entries_.size();
    if (cap == 0) return;
    const std::uint32_t tag = Tag(hash);
    const std::uint64_t want = (static_cast<std::uint64_t>(tag) << 32) | (std::uint64_t{id} + 1);
    std::size_t i = Home(tag, cap);
    while (entries_[i] != want) {
      if (entries_[i] == 0) return;
      if (++i == cap) i = 0;
    }
    // Backward-shift deletion: pull later entries of the run into the hole when that does not
    // move them before their home bucket.
    std::size_t hole = i;
    std::size_t j = i;
    while (true) {
      if (++j == cap) j = 0;
      const std::uint64_t v = entries_[j];
      if (v == 0) break;
      const std::size_t home = Home(static_cast<std::uint32_t>(v >> 32), cap);
      const std::size_t dist_home = (j + cap - home) % cap;
      const std::size_t dist_hole = (j + cap - hole) % cap;
      if (dist_home >= dist_hole) {
        entries_[hole] = v;
        hole = j;
      }
    }
    entries_[hole] = 0;
    --size_;
  }

  void Clear() noexcept {
    entries_.clear();
    entries_.shrink_to_fit();
    size_ = 0;
    PublishHint();
  }

  void Reserve(std::size_t n) {
    std::size_t cap = entries_.size();
    if (n * 4 <= cap * 3) return;
    while (n * 4 > cap * 3) cap = cap < 16 ? 16 : cap + cap / 2;
    Rehash(cap);
  }

 private:
  static std::uint32_t Tag(std::uint64_t hash) noexcept { return static_cast<std::uint32_t>(hash >> 32); }
  static std::size_t Home(std::uint32_t tag, std::size_t cap) noexcept {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(tag) * cap) >> 32);
  }
  void Place(std::uint32_t tag, std::uint32_t id) noexcept {
    const std::size_t cap = entries_.size();
    std::size_t i = Home(tag, cap);
    while (entries_[i] != 0) {
      if (++i == cap) i = 0;
    }
    entries_[i] = (static_cast<std::uint64_t>(tag) << 32) | (std::uint64_t{id} + 1);
  }
  void Grow() {
    const std::size_t cap = entries_.size();
    Rehash(cap < 16 ? 16 : cap + cap / 2);
  }
  void Rehash(std::size_t new_cap) {
    std::vector<std::uint64_t> old(new_cap, 0);
    old.swap(entries_);
    for (std::uint64_t v : old) {
      if (v != 0) Place(static_cast<std::uint32_t>(v >> 32), static_cast<std::uint32_t>(v) - 1);
    }
    PublishHint();
  }
  void PublishHint() noexcept {
    hint_base_.store(reinterpret_cast<std::uintptr_t>(entries_.data()), std::memory_order_relaxed);
    hint_cap_.store(entries_.size(), std::memory_order_relaxed);
  }

  std::vector<std::uint64_t> entries_;
  std::size_t size_ = 0;
  // Copies of entries_.data() and entries_.size() for PrefetchHome, which runs without the lock.
  std::atomic<std::uintptr_t> hint_base_{0};
  std::atomic<std::size_t> hint_cap_{0};
};

}  // namespace apimachinery::util::internal
