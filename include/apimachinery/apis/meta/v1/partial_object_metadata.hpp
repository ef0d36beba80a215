// metav1::PartialObjectMetadata / PartialObjectMetadataList: an object reduced to its metadata.
//
// Port of the types of k8s.io/apimachinery/pkg/apis/meta/v1 types.go that metadata-only clients
// and informers use (a server answers with them for `Accept: ...;as=PartialObjectMetadata`).
// Runtime objects through runtime::ObjectBase, so the cache stores them like any other object.
//
// Example:
//   std::string text = R"({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-0"}})";
//   metav1::PartialObjectMetadata p = nlohmann::json::parse(text);   // any object's JSON
//   p.metadata.name;
//
// JSON: apiVersion and kind inline, "metadata"; the list has "metadata" (ListMeta) and "items".
// to_json's document has its keys sorted; AppendJSON writes Go's order (kind, apiVersion,
// metadata, items), as runtime::JSONSerializer::Encode does.
// Reading any object's JSON keeps only those keys (as upstream). Checked reads throw
// metav1::DecodeError / TimeParseError.
//
// Differences from upstream: the list always writes "items" (Go: `json:"items"`, so the same),
// and writes "metadata" only when non-empty (Go writes `{}` for the ObjectMeta struct).
//
// Thread-safety: value types.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::metav1 {

// PartialObjectMetadata: the TypeMeta and ObjectMeta of an object.
struct PartialObjectMetadata : runtime::ObjectBase<PartialObjectMetadata> {
  static constexpr std::string_view kKind = "PartialObjectMetadata";

  TypeMeta type_meta;
  ObjectMeta metadata;

  APIMACHINERY_DECL friend bool operator==(const PartialObjectMetadata& a, const PartialObjectMetadata& b);
};

// PartialObjectMetadataList: a list of PartialObjectMetadata.
struct PartialObjectMetadataList : runtime::ObjectBase<PartialObjectMetadataList> {
  static constexpr std::string_view kKind = "PartialObjectMetadataList";

  TypeMeta type_meta;
  ListMeta list_meta;  // "metadata"
  std::vector<PartialObjectMetadata> items;

  APIMACHINERY_DECL friend bool operator==(const PartialObjectMetadataList& a,
                                           const PartialObjectMetadataList& b);
};

void to_json(nlohmann::json& j, const PartialObjectMetadata& v);
void from_json(const nlohmann::json& j, PartialObjectMetadata& v);
void to_json(nlohmann::json& j, const PartialObjectMetadataList& v);
// AppendJSON: to_json's members as text, in Go's order (kind, apiVersion, metadata, items; the
// metadata through types.hpp's AppendJSON); `type_meta` when not null replaces the object's own
// apiVersion/kind (the serializer's stamp, TypeInfo::append_json).
void AppendJSON(std::string& out, const PartialObjectMetadata& v, const TypeMeta* type_meta = nullptr);
void AppendJSON(std::string& out, const PartialObjectMetadataList& v, const TypeMeta* type_meta = nullptr);
void from_json(const nlohmann::json& j, PartialObjectMetadataList& v);

// Implementation details follow.

namespace internal {
APIMACHINERY_DECL void WriteTypeMeta(nlohmann::json& j, const TypeMeta& t);
APIMACHINERY_DECL void ReadTypeMeta(const nlohmann::json& j, TypeMeta& t, std::string_view strct);
}  // namespace internal

namespace internal {
// AppendNonEmptyMeta: `"metadata":{...}` unless the metadata writes as `{}` (to_json omits it).
template <typename Meta>
void AppendNonEmptyMeta(std::string& out, bool& first, const Meta& m) {
  const std::size_t mark = out.size();
  const bool was_first = first;
  util::json::AppendKey(out, first, "metadata");
  const std::size_t value = out.size();
  AppendJSON(out, m);
  if (out.size() - value == 2) {  // `{}`
    out.resize(mark);
    first = was_first;
  }
}
}  // namespace internal

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/partial_object_metadata.ipp"
#endif
