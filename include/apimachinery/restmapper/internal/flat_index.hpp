// restmapper/internal/flat_index.hpp: the hash tables of the discovery mapper: StringMap (a
// std::unordered_map probed by std::string_view, used while building) and FlatIndex (the immutable
// index the lookups probe, over util::internal::IdTable). No upstream counterpart: Go's DefaultRESTMapper
// keeps plain maps per group-version (k8s.io/apimachinery/pkg/api/meta/restmapper.go).
//
// Throws: Build throws std::bad_alloc only; Find never throws. Cost: Build is O(keys), Find one
// hash and an expected O(1) linear probe (load factor <= 3/8), no allocation.
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

#include "apimachinery/config.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/internal/id_table.hpp"

namespace apimachinery::restmapper::internal {

using util::FastHash;
using util::KeyEquals;

// StringMap: the builder's maps, probed by std::string_view without allocating.
template <typename V>
using StringMap = std::unordered_map<std::string, V, util::StringHash, util::StringEqual>;

// FlatIndex: an immutable map from a key of one or two strings to a uint32_t, probed without
// allocating: the library's one open-addressing table (util::internal::IdTable) over the entries,
// whose key bytes live in one buffer. Built once, at a load factor of at most 3/8 (IdTable's own
// limit is 3/4: the spare room keeps a miss's probe run short; the index is small).
class FlatIndex {
 public:
  // `keys[i]` (first, second) maps to `values[i]`; keys must be distinct, fewer than 2^32 - 1.
  APIMACHINERY_DECL void Build(const std::vector<std::pair<std::string, std::string>>& keys,
                               const std::vector<std::uint32_t>& values);
  // The value of (a, b), or nullptr.
  APIMACHINERY_DECL const std::uint32_t* Find(std::string_view a, std::string_view b = {}) const noexcept;

 private:
  struct Entry {
    std::uint32_t value;
    std::uint32_t offset;  // of the key's bytes (first, then second) in chars_
    std::uint32_t first_size;
    std::uint32_t second_size;
  };
  [[gnu::always_inline]] static std::uint64_t Hash(std::string_view a, std::string_view b) noexcept {
    // The two halves are hashed independently (in parallel), then combined.
    if (b.empty()) return FastHash(a);
    return FastHash(a) ^ (FastHash(b, 0x5851F42D4C957F2DULL) * util::internal::kMulA);
  }

  std::vector<Entry> entries_;
  std::string chars_;
  util::internal::IdTable table_;
};

}  // namespace apimachinery::restmapper::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/internal/impl/flat_index.ipp"
#endif
