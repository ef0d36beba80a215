// runtime::RawExtension: a field holding an embedded object as raw JSON bytes (external versions)
// or as a decoded runtime::Object (internal versions).
//
// Port of k8s.io/apimachinery/pkg/runtime types.go (RawExtension) and extension.go (MarshalJSON,
// UnmarshalJSON, guessContentType).
//
// Example:
//   struct Review { runtime::RawExtension object; };               // "object": {...} kept verbatim
//   runtime::RawExtension ext;
//   ext.UnmarshalJSON(R"({"kind":"Pod", "apiVersion":"v1"})");     // ext.raw holds those bytes
//   ext.MarshalJSON();                                              // the same bytes back
//
// MarshalJSON: "null" when there are no raw bytes and no object; the raw bytes verbatim when they
// look like JSON (first byte a JSON start or whitespace). UnmarshalJSON: "null" leaves the value
// untouched, anything else is copied into `raw` byte for byte (Go does not validate it either: the
// enclosing decoder has). to_json / from_json (nlohmann) are the same through a parsed value:
// to_json parses `raw`, from_json stores the compact text of the value (`j.dump()`), so the
// original whitespace of a document read through nlohmann is not kept.
//
// Throws: apimachinery::Error from MarshalJSON / to_json:
// - `cannot convert RawExtension with unrecognized content type to unstructured` for bytes that do
//   not start like JSON (upstream's text; CBOR is not supported, see below);
// - from to_json only: `json: error calling MarshalJSON for type runtime.RawExtension: <reason>`
//   when the raw bytes are not valid JSON (Go's prefix; the reason is nlohmann's description);
// - an `object` without `raw`: `runtime.RawExtension: an Object without Raw needs a serializer` —
//   Go json.Marshal's the object itself; here encoding a typed object needs the Scheme (encode it
//   with runtime::JSONSerializer into `raw` first).
//
// Differences from upstream: `raw` is a std::string (Go's []byte), and an empty string stands for
// Go's nil slice (Go's empty non-nil slice has no counterpart); no CBOR (the self-described CBOR
// prefix is reported as an unrecognized content type); equality compares `raw` and the identity of
// `object` (Go's DeepEqual compares the object's content).
// Thread-safety: value type (the object is shared, not copied, when the extension is copied).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::runtime {

struct RawExtension {
  // Raw is the serialization of the object (JSON), empty when unset.
  std::string raw{};
  // Object can hold the decoded object (internal versions).
  std::shared_ptr<Object> object{};

  // MarshalJSON returns the JSON text of the extension. Throws: see the top comment.
  APIMACHINERY_DECL std::string MarshalJSON() const;
  // UnmarshalJSON keeps `in` as the raw bytes ("null" leaves the value unchanged).
  APIMACHINERY_DECL void UnmarshalJSON(std::string_view in);

  APIMACHINERY_DECL friend bool operator==(const RawExtension& a, const RawExtension& b) noexcept;
};

void to_json(nlohmann::json& j, const RawExtension& re);
void from_json(const nlohmann::json& j, RawExtension& re);

// Implementation details follow.

namespace internal {

// LooksLikeJSON: extension.go's guessContentType returning ContentTypeJSON.
APIMACHINERY_DECL bool LooksLikeJSON(std::string_view raw) noexcept;

APIMACHINERY_DECL void CheckRawExtension(const RawExtension& re);

}  // namespace internal

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/extension.ipp"
#endif
