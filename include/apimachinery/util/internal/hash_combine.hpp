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

#include "apimachinery/config.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::size_t HashCombine(std::size_t seed, std::string_view s) noexcept;

}  // namespace apimachinery::util::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/internal/impl/hash_combine.ipp"
#endif
