// cache/internal/chunked_array.hpp: ChunkedArray<T>, a growable array in fixed 4096-element chunks
// (stable addresses, no 2x growth slack, O(1) indexing), behind ThreadSafeStore's slot, key and
// back-pointer arrays (not part of the public API).
// Throws: EnsureSize throws std::bad_alloc. Thread-safety: none; the owner synchronises.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace apimachinery::cache::internal {

// ChunkedArray<T>: value-initialised elements in chunks of 4096.
template <typename T>
class ChunkedArray {
 public:
  static constexpr std::size_t kShift = 12;
  static constexpr std::size_t kChunk = std::size_t{1} << kShift;

  T& operator[](std::size_t i) noexcept { return chunks_[i >> kShift][i & (kChunk - 1)]; }
  const T& operator[](std::size_t i) const noexcept { return chunks_[i >> kShift][i & (kChunk - 1)]; }
  // EnsureSize makes indexes [0, n) valid (new elements are value-initialised).
  void EnsureSize(std::size_t n) {
    while (chunks_.size() * kChunk < n) chunks_.push_back(std::make_unique<T[]>(kChunk));
  }
  std::size_t capacity() const noexcept { return chunks_.size() * kChunk; }
  std::size_t MemoryBytes() const noexcept {
    return chunks_.size() * kChunk * sizeof(T) + chunks_.capacity() * sizeof(void*);
  }
  void Clear() noexcept {
    chunks_.clear();
    chunks_.shrink_to_fit();
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
};

}  // namespace apimachinery::cache::internal
