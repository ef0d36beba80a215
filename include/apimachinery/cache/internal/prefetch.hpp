// cache/internal/prefetch.hpp: cache hints used by ThreadSafeStore (not part of the public API).
// They never dereference their argument. Thread-safety: none needed.
#pragma once

#include <cstdint>

namespace apimachinery::cache::internal {

// PrefetchAddress asks the cache for the line holding `p`. A hint only: never dereferenced.
inline void PrefetchAddress(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}
// PrefetchObject hints the cache about an object and, for std::make_shared objects, the control
// block in front of it, which copying or dropping a shared_ptr touches.
inline void PrefetchObject(const void* p) noexcept {
  // Integer arithmetic: no pointer arithmetic on a possibly null pointer.
  PrefetchAddress(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) - 16));
}

}  // namespace apimachinery::cache::internal
