// util/internal/prefetch.hpp: cache hints (shared internals: the store and IdTable use them; not
// part of the public API). They never dereference their argument. Thread-safety: none needed.
#pragma once

namespace apimachinery::util::internal {

// PrefetchAddress asks the cache for the line holding `p`. A hint only: never dereferenced.
inline void PrefetchAddress(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

}  // namespace apimachinery::util::internal
