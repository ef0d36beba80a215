// util::json::StringPool: a thread-safe, append-only table of interned strings, shared by the
// Compact documents that were parsed with it, so that a string repeated across thousands of
// cached objects (keys, namespaces, label values, owner kinds, field managers) is stored once.
//
// Example:
//   auto pool = std::make_shared<util::json::StringPool>();
//   util::json::Compact a = util::json::Compact::Parse(R"({"metadata":{"namespace":"default"}})", pool);
//   util::json::Compact b = util::json::Compact::Parse(R"({"metadata":{"namespace":"default"}})", pool);
//   // "metadata", "namespace" and "default" are stored once, in the pool; a and b refer to them.
//   std::uint32_t id = pool->Intern("kube-system");      // StringPool::kNone when refused
//   std::string_view s = pool->View(id);                  // "kube-system"
//
// What it is for: the informer caches of ctrl::Cache (CacheOptions::intern_strings) hold tens of
// thousands of objects whose JSON repeats the same keys and a few hundred distinct values.
// util::json::Compact stores each string where it occurs; with a pool, the strings its policy
// selects (Compact's header lists them) are replaced by a 31-bit id into the pool.
//
// Layout: the bytes of the interned strings sit in 16 KiB chunks that never move, each string
// after a one-byte length; a string's id is its chunk number (high bits) and offset (low 14
// bits). A util::internal::IdTable hashed with util::FastHash finds a string's id by its bytes.
// Nothing is ever removed: the pool lives as long as the last document that refers to it (they
// hold it by shared_ptr) and grows only with new distinct strings, up to Options::max_bytes; once
// full, Intern refuses new strings (kNone) and documents keep those strings inline, so a stream
// of unique values (uids, timestamps) cannot grow it past the cap. Strings longer than
// Options::max_length (at most 255) are never interned.
//
// Upstream: none. client-go's informers keep every string of every object (Go's `unique` package
// interns comparable values, but nothing in client-go uses it for cached objects).
// Throws: the constructor throws std::invalid_argument for max_length > 255 or max_bytes above
// 2 GiB; Intern and InternMany throw std::bad_alloc. View, Size, Bytes throw nothing.
// Cost: Intern is a hash of the string, one IdTable probe and, on a miss, an append (amortised
// O(1)); InternMany takes the lock once for all its strings. View is two dependent loads.
// Thread-safety: every member may be called concurrently. Intern and InternMany serialise on a
// mutex; View takes no lock: it is valid for any id returned earlier by this pool to the calling
// thread or to a thread that handed it over with a synchronising operation (as a document
// published through a store is).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string_view>

#include "apimachinery/config.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/internal/id_table.hpp"

namespace apimachinery::util::json {

class StringPool {
 public:
  // kNone: Intern's "not interned" (too long, or the pool is full).
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  struct Options {
    // max_bytes: the chunk bytes the pool may hold (the hash table adds about 16 bytes per
    // string); at most 2 GiB, since ids must fit in 31 bits.
    std::size_t max_bytes = std::size_t{64} << 20;
    // max_length: longer strings are not interned (at most 255).
    std::size_t max_length = 128;
  };

  APIMACHINERY_DECL StringPool();
  APIMACHINERY_DECL explicit StringPool(Options options);
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;
  APIMACHINERY_DECL ~StringPool();

  APIMACHINERY_DECL const Options& options() const noexcept;

  // Intern: the id of `s`, added when new; kNone when `s` is longer than max_length or the pool
  // has no room left for it.
  APIMACHINERY_DECL std::uint32_t Intern(std::string_view s);
  // InternMany: ids[i] = Intern(strings[i]) for every i, under one lock. `ids` has at least
  // strings.size() elements.
  APIMACHINERY_DECL void InternMany(std::span<const std::string_view> strings, std::span<std::uint32_t> ids);

  // View: the bytes of an id that Intern returned (see the thread-safety note above).
  APIMACHINERY_DECL std::string_view View(std::uint32_t id) const noexcept;

  // Size: the strings interned. Bytes: the memory the pool holds (chunks, hash table, chunk
  // directory).
  APIMACHINERY_DECL std::size_t Size() const;
  APIMACHINERY_DECL std::size_t Bytes() const;

 private:
  static constexpr std::uint32_t kOffsetBits = 14;
  static constexpr std::size_t kChunkBytes = std::size_t{1} << kOffsetBits;
  static constexpr std::uint32_t kOffsetMask = static_cast<std::uint32_t>(kChunkBytes) - 1;

  APIMACHINERY_DECL std::uint32_t InternLocked(std::string_view s);

  Options options_;
  std::size_t max_chunks_ = 0;
  // chunks_[i] for i < chunk_count_: the chunks written so far (published with release, so that
  // View may read the directory without the lock).
  std::unique_ptr<std::atomic<char*>[]> chunks_;
  mutable std::mutex mu_;
  std::size_t chunk_count_ = 0;    // guarded by mu_
  std::size_t used_ = 0;           // bytes used in the last chunk; guarded by mu_
  util::internal::IdTable table_;  // guarded by mu_
};

}  // namespace apimachinery::util::json

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/json/impl/string_pool.ipp"
#endif
