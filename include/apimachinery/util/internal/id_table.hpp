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

#include "apimachinery/config.hpp"
#include "apimachinery/util/internal/prefetch.hpp"

namespace apimachinery::util::internal {

// kNoId: IdTable::Find's "absent", and the one id that cannot be stored.
inline constexpr std::uint32_t kNoId = 0xFFFFFFFFu;

class IdTable {
 public:
  IdTable() = default;
  APIMACHINERY_DECL IdTable(IdTable&& o) noexcept;
  APIMACHINERY_DECL IdTable& operator=(IdTable&& o) noexcept;
  IdTable(const IdTable&) = delete;
  IdTable& operator=(const IdTable&) = delete;
  ~IdTable() = default;

  APIMACHINERY_DECL std::size_t size() const noexcept;
  APIMACHINERY_DECL std::size_t capacity() const noexcept;
  APIMACHINERY_DECL std::size_t MemoryBytes() const noexcept;

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
  APIMACHINERY_DECL void PrefetchHome(std::uint64_t hash) const noexcept;

  // Insert adds `id` under `hash` (the caller guarantees it is not present).
  APIMACHINERY_DECL void Insert(std::uint64_t hash, std::uint32_t id);

  // Erase removes the entry holding `id` under `hash` (no-op when absent).
  APIMACHINERY_DECL void Erase(std::uint64_t hash, std::uint32_t id) noexcept;

  APIMACHINERY_DECL void Clear() noexcept;

  APIMACHINERY_DECL void Reserve(std::size_t n);

 private:
  APIMACHINERY_DECL static std::uint32_t Tag(std::uint64_t hash) noexcept;
  APIMACHINERY_DECL static std::size_t Home(std::uint32_t tag, std::size_t cap) noexcept;
  APIMACHINERY_DECL void Place(std::uint32_t tag, std::uint32_t id) noexcept;
  APIMACHINERY_DECL void Grow();
  APIMACHINERY_DECL void Rehash(std::size_t new_cap);
  APIMACHINERY_DECL void PublishHint() noexcept;

  std::vector<std::uint64_t> entries_;
  std::size_t size_ = 0;
  // Copies of entries_.data() and entries_.size() for PrefetchHome, which runs without the lock.
  std::atomic<std::uintptr_t> hint_base_{0};
  std::atomic<std::size_t> hint_cap_{0};
};

}  // namespace apimachinery::util::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/internal/impl/id_table.ipp"
#endif
