// cache/internal/slot_key.hpp: SlotKey, an owned key in 32 bytes (inline up to 31 bytes, else one
// heap allocation), ThreadSafeStore's key array element (not part of the public API).
// Throws: Assign throws std::bad_alloc, or std::length_error for a key of 4 GiB or more.
// Thread-safety: none; the owner synchronises.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "apimachinery/config.hpp"

namespace apimachinery::cache::internal {

// SlotKey: an owned key in 32 bytes, two to a cache line: the bytes inline when there are at most
// 31 of them, else in one heap allocation. A default-constructed SlotKey is vacant (no key, as
// opposed to the empty key). Layout: byte 0 is the inline length (0-31), kHeap or kVacant; inline
// bytes follow it; a heap key keeps its uint32 length at offset 4 and its pointer at offset 8.
class alignas(32) SlotKey {
 public:
  static constexpr std::size_t kInline = 31;

  APIMACHINERY_DECL SlotKey() noexcept;
  SlotKey(const SlotKey&) = delete;
  SlotKey& operator=(const SlotKey&) = delete;
  APIMACHINERY_DECL ~SlotKey();

  // Assign replaces the key (strong guarantee: allocates before changing anything).
  APIMACHINERY_DECL void Assign(std::string_view s);
  // Clear makes the key vacant.
  APIMACHINERY_DECL void Clear() noexcept;

  APIMACHINERY_DECL bool vacant() const noexcept;
  APIMACHINERY_DECL std::string_view view() const noexcept;
  // HeapBytes: what the key allocates beyond its 32 bytes.
  APIMACHINERY_DECL std::size_t HeapBytes() const noexcept;

 private:
  static constexpr unsigned char kHeap = 0xFE;
  static constexpr unsigned char kVacant = 0xFF;
  static constexpr std::size_t kSizeAt = 4;
  static constexpr std::size_t kPointerAt = 8;

  APIMACHINERY_DECL char* HeapData() const noexcept;

  unsigned char raw_[32];
};
static_assert(sizeof(SlotKey) == 32);

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/slot_key.ipp"
#endif
