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
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::metav1 {

// PartialObjectMetadata: the TypeMeta and ObjectMeta of an object.
struct PartialObjectMetadata : runtime::ObjectBase<PartialObjectMetadata> {
  static constexpr std::string_view kKind = "PartialObjectMetadata";

  TypeMeta type_meta;
  ObjectMeta metadata;

  friend bool operator==(const PartialObjectMetadata& a, const PartialObjectMetadata& b) {
    return a.type_meta == b.type_meta && a.metadata == b.metadata;
  }
};

// PartialObjectMetadataList: a list of PartialObjectMetadata.
struct PartialObjectMetadataList : runtime::ObjectBase<PartialObjectMetadataList> {
  static constexpr std::string_view kKind = "PartialObjectMetadataList";

  TypeMeta type_meta;
  ListMeta list_meta;  // "metadata"
  std::vector<PartialObjectMetadata> items;

  friend bool operator==(const PartialObjectMetadataList& a, const PartialObjectMetadataList& b) {
    return a.type_meta == b.type_meta && a.list_meta == b.list_meta && a.items == b.items;
  }
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
inline void WriteTypeMeta(nlohmann::json& j, const TypeMeta& t) {
  WriteString(j, "apiVersion", t.api_version);
  WriteString(j, "kind", t.kind);
}
inline void ReadTypeMeta(const nlohmann::json& j, TypeMeta& t, std::string_view strct) {
  if (const auto* x = Find(j, "apiVersion")) ReadString(*x, t.api_version, strct, "apiVersion");
  if (const auto* x = Find(j, "kind")) ReadString(*x, t.kind, strct, "kind");
}
}  // namespace internal

inline void to_json(nlohmann::json& j, const PartialObjectMetadata& v) {
  j = nlohmann::json::object();
  internal::WriteTypeMeta(j, v.type_meta);
  nlohmann::json meta = v.metadata;
  if (!meta.empty()) j["metadata"] = std::move(meta);
}

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

inline void AppendJSON(std::string& out, const PartialObjectMetadata& v, const TypeMeta* type_meta) {
  bool first = true;
  out += '{';
  AppendInlineJSON(out, first, type_meta != nullptr ? *type_meta : v.type_meta);
  internal::AppendNonEmptyMeta(out, first, v.metadata);
  out += '}';
}

inline void AppendJSON(std::string& out, const PartialObjectMetadataList& v, const TypeMeta* type_meta) {
  bool first = true;
  out += '{';
  AppendInlineJSON(out, first, type_meta != nullptr ? *type_meta : v.type_meta);
  internal::AppendNonEmptyMeta(out, first, v.list_meta);
  util::json::AppendKey(out, first, "items");
  out += '[';
  for (std::size_t i = 0; i < v.items.size(); ++i) {
    if (i > 0) out += ',';
    AppendJSON(out, v.items[i]);
  }
  out += ']';
  out += '}';
}

inline void from_json(const nlohmann::json& j, PartialObjectMetadata& v) {
  internal::RequireObject(j, "v1.PartialObjectMetadata");
  PartialObjectMetadata p;
  internal::ReadTypeMeta(j, p.type_meta, "PartialObjectMetadata");
  if (const auto* x = internal::Find(j, "metadata")) from_json(*x, p.metadata);
  v = std::move(p);
}

inline void to_json(nlohmann::json& j, const PartialObjectMetadataList& v) {
  j = nlohmann::json::object();
  internal::WriteTypeMeta(j, v.type_meta);
  nlohmann::json meta = v.list_meta;
  if (!meta.empty()) j["metadata"] = std::move(meta);
  nlohmann::json items = nlohmann::json::array();
  for (const auto& item : v.items) items.push_back(item);
  j["items"] = std::move(items);
}

inline void from_json(const nlohmann::json& j, PartialObjectMetadataList& v) {
  internal::RequireObject(j, "v1.PartialObjectMetadataList");
  PartialObjectMetadataList l;
  internal::ReadTypeMeta(j, l.type_meta, "PartialObjectMetadataList");
  if (const auto* x = internal::Find(j, "metadata")) from_json(*x, l.list_meta);
  if (const auto* x = internal::Find(j, "items")) {
    internal::ReadObjectSlice(*x, l.items, "PartialObjectMetadataList", "items",
                              "[]v1.PartialObjectMetadata");
  }
  v = std::move(l);
}

}  // namespace apimachinery::metav1
