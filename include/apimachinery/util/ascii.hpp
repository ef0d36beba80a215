// util/ascii: ASCII-only case mapping, the one lower-casing helper of the library, and the one
// test for upper-case ASCII letters.
//
// Example:
//   util::ToLowerASCII("ConfigMap");  // "configmap"
//   util::ToLowerASCII("Ä-X");        // "Ä-x"  (bytes >= 0x80 are copied unchanged)
//   util::HasUpperASCII("pods");      // false: nothing to lower, the caller can skip the copy
//
// ToLowerASCII is strings.ToLower (Go src/strings/strings.go: ToLower) for ASCII input: 'A'..'Z'
// become 'a'..'z', every other byte is copied. The RESTMappers lower-case kinds and requested
// resources with it (k8s.io/apimachinery/pkg/api/meta/restmapper.go: UnsafeGuessKindToResource,
// coerceResourceForMatching; k8s.io/client-go/restmapper/discovery.go: NewDiscoveryRESTMapper).
//
// HasUpperASCII tells whether ToLowerASCII would change anything: the RESTMappers ask it before
// lower-casing a requested resource (upstream's coerceResourceForMatching lower-cases every
// request; these skip the copy when there is nothing to lower).
//
// Throws: ToLowerASCII only std::bad_alloc; HasUpperASCII nothing. Cost: one pass; ToLowerASCII
// one allocation (the result), HasUpperASCII none (eight bytes at a time).
// Thread-safety: stateless free functions.
// Differences from upstream: ASCII only; Go's strings.ToLower also maps non-ASCII upper-case runes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"

namespace apimachinery::util {

// `s` with its ASCII upper-case letters lower-cased.
APIMACHINERY_DECL std::string ToLowerASCII(std::string_view s);

// Whether `s` has an ASCII upper-case letter ('A'..'Z'; bytes >= 0x80 never count). Eight bytes
// at a time: a byte b of a word is flagged when 'A' <= b <= 'Z'.
APIMACHINERY_DECL bool HasUpperASCII(std::string_view s) noexcept;

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/ascii.ipp"
#endif
