// cache/internal/id_table.hpp: the store's names for the shared hash table (util::internal::IdTable,
// util/internal/id_table.hpp) and for the string hash and equality it uses with it (not part of the
// public API).
#pragma once

#include <cstdint>
#include <string_view>

#include "apimachinery/config.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/internal/id_table.hpp"
#include "apimachinery/util/internal/prefetch.hpp"

namespace apimachinery::cache::internal {

using util::internal::IdTable;
using util::internal::kNoId;
using util::internal::PrefetchAddress;

// HashKey: the hash used for keys and index values (64-bit; the table keeps the upper half).
APIMACHINERY_DECL std::uint64_t HashKey(std::string_view s) noexcept;
// KeysEqual: the equality that goes with it.
APIMACHINERY_DECL bool KeysEqual(std::string_view a, std::string_view b) noexcept;

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/id_table.ipp"
#endif
