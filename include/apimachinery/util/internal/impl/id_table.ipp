// Definitions of the non-template functions declared in <apimachinery/util/internal/id_table.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/internal/id_table.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL IdTable::IdTable(IdTable&& o) noexcept
    : entries_(std::move(o.entries_)), size_(std::exchange(o.size_, 0)) {
  PublishHint();
  o.PublishHint();
}

APIMACHINERY_DECL IdTable& IdTable::operator=(IdTable&& o) noexcept {
  entries_ = std::move(o.entries_);
  size_ = std::exchange(o.size_, 0);
  PublishHint();
  o.PublishHint();
  return *this;
}

APIMACHINERY_DECL std::size_t IdTable::size() const noexcept { return size_; }

APIMACHINERY_DECL std::size_t IdTable::capacity() const noexcept { return entries_.size(); }

APIMACHINERY_DECL std::size_t IdTable::MemoryBytes() const noexcept {
  return entries_.capacity() * sizeof(std::uint64_t);
}

APIMACHINERY_DECL void IdTable::PrefetchHome(std::uint64_t hash) const noexcept {
  const std::size_t cap = hint_cap_.load(std::memory_order_relaxed);
  const std::uintptr_t base = hint_base_.load(std::memory_order_relaxed);
  if (cap == 0) return;
  // Integer arithmetic: the address is only a hint and is never dereferenced.
  // NOLINTNEXTLINE(performance-no-int-to-ptr): a prefetch hint, never dereferenced.
  PrefetchAddress(reinterpret_cast<const void*>(base + Home(Tag(hash), cap) * sizeof(std::uint64_t)));
}

APIMACHINERY_DECL void IdTable::Insert(std::uint64_t hash, std::uint32_t id) {
  if ((size_ + 1) * 4 > entries_.size() * 3) Grow();
  Place(Tag(hash), id);
  ++size_;
}

APIMACHINERY_DECL void IdTable::Erase(std::uint64_t hash, std::uint32_t id) noexcept {
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

APIMACHINERY_DECL void IdTable::Clear() noexcept {
  entries_.clear();
  entries_.shrink_to_fit();
  size_ = 0;
  PublishHint();
}

APIMACHINERY_DECL void IdTable::Reserve(std::size_t n) {
  std::size_t cap = entries_.size();
  if (n * 4 <= cap * 3) return;
  while (n * 4 > cap * 3) cap = cap < 16 ? 16 : cap + cap / 2;
  Rehash(cap);
}

APIMACHINERY_DECL std::uint32_t IdTable::Tag(std::uint64_t hash) noexcept {
  return static_cast<std::uint32_t>(hash >> 32);
}

APIMACHINERY_DECL std::size_t IdTable::Home(std::uint32_t tag, std::size_t cap) noexcept {
  return static_cast<std::size_t>((static_cast<std::uint64_t>(tag) * cap) >> 32);
}

APIMACHINERY_DECL void IdTable::Place(std::uint32_t tag, std::uint32_t id) noexcept {
  const std::size_t cap = entries_.size();
  std::size_t i = Home(tag, cap);
  while (entries_[i] != 0) {
    if (++i == cap) i = 0;
  }
  entries_[i] = (static_cast<std::uint64_t>(tag) << 32) | (std::uint64_t{id} + 1);
}

APIMACHINERY_DECL void IdTable::Grow() {
  const std::size_t cap = entries_.size();
  Rehash(cap < 16 ? 16 : cap + cap / 2);
}

APIMACHINERY_DECL void IdTable::Rehash(std::size_t new_cap) {
  std::vector<std::uint64_t> old(new_cap, 0);
  old.swap(entries_);
  for (std::uint64_t v : old) {
    if (v != 0) Place(static_cast<std::uint32_t>(v >> 32), static_cast<std::uint32_t>(v) - 1);
  }
  PublishHint();
}

APIMACHINERY_DECL void IdTable::PublishHint() noexcept {
  hint_base_.store(reinterpret_cast<std::uintptr_t>(entries_.data()), std::memory_order_relaxed);
  hint_cap_.store(entries_.size(), std::memory_order_relaxed);
}

}  // namespace apimachinery::util::internal
