// util/ascii: ASCII-only case mapping, the one lower-casing helper of the library.
//
//   util::ToLowerASCII("ConfigMap");  // "configmap"
//   util::ToLowerASCII("Ä-X");        // "Ä-x"  (bytes >= 0x80 are copied unchanged)
//
// ToLowerASCII is strings.ToLower (Go src/strings/strings.go: ToLower) for ASCII input: 'A'..'Z'
// become 'a'..'z', every other byte is copied. The RESTMappers lower-case kinds and requested
// resources with it (k8s.io/apimachinery/pkg/api/meta/restmapper.go: UnsafeGuessKindToResource,
// coerceResourceForMatching; k8s.io/client-go/restmapper/discovery.go: NewDiscoveryRESTMapper).
//
// Throws: only std::bad_alloc. Cost: one pass, one allocation (the result).
// Thread-safety: a stateless free function.
// Differences from upstream: ASCII only; Go's strings.ToLower also maps non-ASCII upper-case runes.
#pragma once

#include <string>
#include <string_view>

namespace apimachinery::util {

// `s` with its ASCII upper-case letters lower-cased.
inline std::string ToLowerASCII(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace apimachinery::util
