// util::internal::HashCombine: folds a string's std::hash into a seed (boost::hash_combine's
// mixing), for std::hash of composite keys. Shared internals (util/internal/: every package may use
// them, users must not): schema's std::hash specialisations (GroupVersion, GroupVersionKind, ...)
// and meta::DefaultRESTMapper's transparent GVR/GVK view hashes, which must agree with them.
//
//   HashCombine(HashCombine(3, gvk.group), gvk.version)
//
// Thread-safety: pure function. Cost: one std::hash of `s`.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace apimachinery::util::internal {

inline std::size_t HashCombine(std::size_t seed, std::string_view s) noexcept {
  return seed ^ (std::hash<std::string_view>{}(s) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace apimachinery::util::internal
