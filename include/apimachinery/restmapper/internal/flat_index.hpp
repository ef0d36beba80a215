// restmapper/internal/flat_index.hpp: the hash tables of the discovery mapper: StringMap (a
// std::unordered_map probed by std::string_view, used while building) and FlatIndex (the immutable
// open-addressing index the lookups probe). No upstream counterpart: Go's DefaultRESTMapper keeps
// plain maps per group-version (k8s.io/apimachinery/pkg/api/meta/restmapper.go).
//
// Throws: Build throws std::bad_alloc only; Find never throws. Cost: Build is O(keys), Find one
// hash and an expected O(1) linear probe (load factor <= 1/2), no allocation.
// Thread-safety: a FlatIndex is immutable after Build; Find may be called from many threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apimachinery/util/fast_hash.hpp"

namespace apimachinery::restmapper::internal {

using util::FastHash;
using util::KeyEquals;

// StringMap: the builder's maps, probed by std::string_view without allocating.
template <typename V>
using StringMap = std::unordered_map<std::string, V, util::StringHash, util::StringEqual>;

// FlatIndex: an immutable open-addressing map from a key of one or two strings to a uint32_t,
// probed without allocating. Built once; load factor <= 1/2. The key bytes live in one buffer and
// each slot carries its key's lengths, so a probe touches the slot array and that buffer only.
class FlatIndex {
 public:
  // `keys[i]` (first, second) maps to `values[i]`; keys must be distinct, values < 0xFFFFFFFF.
  void Build(const std::vector<std::pair<std::string, std::string>>& keys,
             const std::vector<std::uint32_t>& values) {
    std::size_t size = 8;
    while (size < keys.size() * 2) size *= 2;
    slots_.assign(size, Slot{});
    mask_ = size - 1;
    chars_.clear();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto& [first, second] = keys[i];
      const std::uint64_t h = Hash(first, second);
      std::size_t at = static_cast<std::size_t>(h) & mask_;
      while (slots_[at].value != kEmpty) at = (at + 1) & mask_;
      slots_[at] = Slot{h, values[i], static_cast<std::uint32_t>(chars_.size()),
                        static_cast<std::uint32_t>(first.size()), static_cast<std::uint32_t>(second.size())};
      chars_ += first;
      chars_ += second;
    }
  }
  // The value of (a, b), or nullptr.
  const std::uint32_t* Find(std::string_view a, std::string_view b = {}) const noexcept {
    if (slots_.empty()) return nullptr;
    const std::uint64_t h = Hash(a, b);
    const char* chars = chars_.data();
    for (std::size_t at = static_cast<std::size_t>(h) & mask_;; at = (at + 1) & mask_) {
      const Slot& slot = slots_[at];
      if (slot.value == kEmpty) return nullptr;
      if (slot.hash == h && KeyEquals(std::string_view(chars + slot.offset, slot.first_size), a) &&
          KeyEquals(std::string_view(chars + slot.offset + slot.first_size, slot.second_size), b)) {
        return &slot.value;
      }
    }
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t value = kEmpty;
    std::uint32_t offset = 0;  // of the key's bytes (first, then second) in chars_
    std::uint32_t first_size = 0;
    std::uint32_t second_size = 0;
  };
  [[gnu::always_inline]] static std::uint64_t Hash(std::string_view a, std::string_view b) noexcept {
    // The two halves are hashed independently (in parallel), then combined.
    if (b.empty()) return FastHash(a);
    return FastHash(a) ^ (FastHash(b, 0x5851F42D4C957F2DULL) * util::internal::kMulA);
  }

  std::vector<Slot> slots_;
  std::string chars_;
  std::size_t mask_ = 0;
};

}  // namespace apimachinery::restmapper::internal
