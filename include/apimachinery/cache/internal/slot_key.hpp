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

namespace apimachinery::cache::internal {

// SlotKey: an owned key in 32 bytes, two to a cache line: the bytes inline when there are at most
// 31 of them, else in one heap allocation. A default-constructed SlotKey is vacant (no key, as
// opposed to the empty key). Layout: byte 0 is the inline length (0-31), kHeap or kVacant; inline
// bytes follow it; a heap key keeps its uint32 length at offset 4 and its pointer at offset 8.
class alignas(32) SlotKey {
 public:
  static constexpr std::size_t kInline = 31;

  SlotKey() noexcept { raw_[0] = kVacant; }
  SlotKey(const SlotKey&) = delete;
  SlotKey& operator=(const SlotKey&) = delete;
  ~SlotKey() { delete[] HeapData(); }

  // Assign replaces the key (strong guarantee: allocates before changing anything).
  void Assign(std::string_view s) {
    if (s.size() <= kInline) {
      Clear();
      raw_[0] = static_cast<unsigned char>(s.size());
      if (!s.empty()) std::memcpy(raw_ + 1, s.data(), s.size());
      return;
    }
    if (s.size() > std::numeric_limits<std::uint32_t>::max())
      throw std::length_error("cache: key longer than 4 GiB");
    char* heap = new char[s.size()];
    std::memcpy(heap, s.data(), s.size());
    Clear();
    const auto n = static_cast<std::uint32_t>(s.size());
    raw_[0] = kHeap;
    std::memcpy(raw_ + kSizeAt, &n, sizeof n);
    std::memcpy(raw_ + kPointerAt, &heap, sizeof heap);
  }
  // Clear makes the key vacant.
  void Clear() noexcept {
    delete[] HeapData();
    raw_[0] = kVacant;
  }

  bool vacant() const noexcept { return raw_[0] == kVacant; }
  std::string_view view() const noexcept {
    if (raw_[0] <= kInline) return {reinterpret_cast<const char*>(raw_ + 1), raw_[0]};
    if (raw_[0] == kVacant) return {};
    std::uint32_t n;
    std::memcpy(&n, raw_ + kSizeAt, sizeof n);
    return {HeapData(), n};
  }
  // HeapBytes: what the key allocates beyond its 32 bytes.
  std::size_t HeapBytes() const noexcept { return raw_[0] == kHeap ? view().size() : 0; }

 private:
  static constexpr unsigned char kHeap = 0xFE;
  static constexpr unsigned char kVacant = 0xFF;
  static constexpr std::size_t kSizeAt = 4;
  static constexpr std::size_t kPointerAt = 8;

  char* HeapData() const noexcept {
    if (raw_[0] != kHeap) return nullptr;
    char* p;
    std::memcpy(&p, raw_ + kPointerAt, sizeof p);
    return p;
  }

  unsigned char raw_[32];
};
static_assert(sizeof(SlotKey) == 32);

}  // namespace apimachinery::cache::internal
