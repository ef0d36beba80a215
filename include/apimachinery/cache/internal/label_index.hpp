// cache/internal/label_index.hpp: the index functions behind ThreadSafeStore's optional label
// index (ThreadSafeStoreOptions::label_index; not part of the public API): one posting per label
// key, one per `key=value` pair. They are kept apart from the user's indexes (no name, not
// listed by GetIndexers), so every index name is the user's.
// Throws: nothing but std::bad_alloc. Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

namespace internal {

// Where the label index's postings sit after the user's indexes: one posting per label key, one
// per encoded `key=value` pair.
inline constexpr std::size_t kLabelKeys = 0;
inline constexpr std::size_t kLabelPairs = 1;

// EncodeLabelPair encodes (key, value) unambiguously: 4-byte key length, key, value.
APIMACHINERY_DECL std::string EncodeLabelPair(std::string_view key, std::string_view value);
APIMACHINERY_DECL std::vector<std::string> LabelKeyIndexFunc(const runtime::Object& obj);
APIMACHINERY_DECL std::vector<std::string> LabelPairIndexFunc(const runtime::Object& obj);
}  // namespace internal

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/label_index.ipp"
#endif
