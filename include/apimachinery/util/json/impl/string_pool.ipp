// Definitions of the non-template functions declared in <apimachinery/util/json/string_pool.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/json/string_pool.hpp"

namespace apimachinery::util::json {

APIMACHINERY_DECL StringPool::StringPool() : StringPool(Options{}) {}

APIMACHINERY_DECL StringPool::StringPool(Options options) : options_(options) {
  if (options_.max_length > 255) throw std::invalid_argument("json: StringPool max_length above 255");
  if (options_.max_bytes > (std::size_t{1} << 31))
    throw std::invalid_argument("json: StringPool max_bytes above 2 GiB");
  max_chunks_ = (options_.max_bytes + kChunkBytes - 1) / kChunkBytes;
  chunks_ = std::make_unique<std::atomic<char*>[]>(max_chunks_);
  for (std::size_t i = 0; i < max_chunks_; ++i) chunks_[i].store(nullptr, std::memory_order_relaxed);
}

APIMACHINERY_DECL StringPool::~StringPool() {
  for (std::size_t i = 0; i < chunk_count_; ++i) delete[] chunks_[i].load(std::memory_order_relaxed);
}

APIMACHINERY_DECL auto StringPool::options() const noexcept -> const Options& { return options_; }

APIMACHINERY_DECL std::uint32_t StringPool::Intern(std::string_view s) {
  std::lock_guard lock(mu_);
  return InternLocked(s);
}

APIMACHINERY_DECL void StringPool::InternMany(std::span<const std::string_view> strings,
                                              std::span<std::uint32_t> ids) {
  std::lock_guard lock(mu_);
  for (std::size_t i = 0; i < strings.size(); ++i) ids[i] = InternLocked(strings[i]);
}

APIMACHINERY_DECL std::string_view StringPool::View(std::uint32_t id) const noexcept {
  const char* chunk = chunks_[id >> kOffsetBits].load(std::memory_order_acquire);
  const char* at = chunk + (id & kOffsetMask);
  return {at + 1, static_cast<unsigned char>(*at)};
}

APIMACHINERY_DECL std::size_t StringPool::Size() const {
  std::lock_guard lock(mu_);
  return table_.size();
}

APIMACHINERY_DECL std::size_t StringPool::Bytes() const {
  std::lock_guard lock(mu_);
  return chunk_count_ * kChunkBytes + table_.MemoryBytes() + max_chunks_ * sizeof(std::atomic<char*>);
}

APIMACHINERY_DECL std::uint32_t StringPool::InternLocked(std::string_view s) {
  if (s.size() > options_.max_length) return kNone;
  const std::uint64_t h = util::FastHash(s);
  const std::uint32_t found = table_.Find(h, [&](std::uint32_t id) { return View(id) == s; });
  if (found != util::internal::kNoId) return found;
  const std::size_t need = s.size() + 1;
  if (chunk_count_ == 0 || used_ + need > kChunkBytes) {
    if (chunk_count_ == max_chunks_) return kNone;
    chunks_[chunk_count_].store(new char[kChunkBytes], std::memory_order_release);
    ++chunk_count_;
    used_ = 0;
  }
  char* chunk = chunks_[chunk_count_ - 1].load(std::memory_order_relaxed);
  chunk[used_] = static_cast<char>(static_cast<unsigned char>(s.size()));
  if (!s.empty()) std::memcpy(chunk + used_ + 1, s.data(), s.size());
  const auto id = static_cast<std::uint32_t>(((chunk_count_ - 1) << kOffsetBits) | used_);
  table_.Insert(h, id);  // may throw: the bytes written stay unused, nothing refers to them
  used_ += need;
  return id;
}

}  // namespace apimachinery::util::json
