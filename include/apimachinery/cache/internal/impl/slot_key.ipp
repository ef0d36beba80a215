// Definitions of the non-template functions declared in <apimachinery/cache/internal/slot_key.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/slot_key.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL SlotKey::SlotKey() noexcept { raw_[0] = kVacant; }

APIMACHINERY_DECL SlotKey::~SlotKey() { delete[] HeapData(); }

APIMACHINERY_DECL void SlotKey::Assign(std::string_view s) {
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

APIMACHINERY_DECL void SlotKey::Clear() noexcept {
  delete[] HeapData();
  raw_[0] = kVacant;
}

APIMACHINERY_DECL bool SlotKey::vacant() const noexcept { return raw_[0] == kVacant; }

APIMACHINERY_DECL std::string_view SlotKey::view() const noexcept {
  if (raw_[0] <= kInline) return {reinterpret_cast<const char*>(raw_ + 1), raw_[0]};
  if (raw_[0] == kVacant) return {};
  std::uint32_t n;
  std::memcpy(&n, raw_ + kSizeAt, sizeof n);
  return {HeapData(), n};
}

APIMACHINERY_DECL std::size_t SlotKey::HeapBytes() const noexcept {
  return raw_[0] == kHeap ? view().size() : 0;
}

APIMACHINERY_DECL char* SlotKey::HeapData() const noexcept {
  if (raw_[0] != kHeap) return nullptr;
  char* p;
  std::memcpy(&p, raw_ + kPointerAt, sizeof p);
  return p;
}

}  // namespace apimachinery::cache::internal
