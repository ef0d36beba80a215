// Definitions of the non-template functions declared in
// <apimachinery/apis/meta/v1/partial_object_metadata.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL bool operator==(const PartialObjectMetadata& a, const PartialObjectMetadata& b) {
  return a.type_meta == b.type_meta && a.metadata == b.metadata;
}

APIMACHINERY_DECL bool operator==(const PartialObjectMetadataList& a, const PartialObjectMetadataList& b) {
  return a.type_meta == b.type_meta && a.list_meta == b.list_meta && a.items == b.items;
}

}  // namespace apimachinery::metav1

namespace apimachinery::metav1::internal {

APIMACHINERY_DECL void WriteTypeMeta(nlohmann::json& j, const TypeMeta& t) {
  WriteString(j, "apiVersion", t.api_version);
  WriteString(j, "kind", t.kind);
}

APIMACHINERY_DECL void ReadTypeMeta(const nlohmann::json& j, TypeMeta& t, std::string_view strct) {
  if (const auto* x = Find(j, "apiVersion")) ReadString(*x, t.api_version, strct, "apiVersion");
  if (const auto* x = Find(j, "kind")) ReadString(*x, t.kind, strct, "kind");
}

}  // namespace apimachinery::metav1::internal

namespace apimachinery::metav1 {

APIMACHINERY_DECL void to_json(nlohmann::json& j, const PartialObjectMetadata& v) {
  j = nlohmann::json::object();
  internal::WriteTypeMeta(j, v.type_meta);
  nlohmann::json meta = v.metadata;
  if (!meta.empty()) j["metadata"] = std::move(meta);
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const PartialObjectMetadata& v,
                                  const TypeMeta* type_meta) {
  bool first = true;
  out += '{';
  AppendInlineJSON(out, first, type_meta != nullptr ? *type_meta : v.type_meta);
  internal::AppendNonEmptyMeta(out, first, v.metadata);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const PartialObjectMetadataList& v,
                                  const TypeMeta* type_meta) {
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

APIMACHINERY_DECL void from_json(const nlohmann::json& j, PartialObjectMetadata& v) {
  internal::RequireObject(j, "v1.PartialObjectMetadata");
  PartialObjectMetadata p;
  internal::ReadTypeMeta(j, p.type_meta, "PartialObjectMetadata");
  if (const auto* x = internal::Find(j, "metadata")) from_json(*x, p.metadata);
  v = std::move(p);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const PartialObjectMetadataList& v) {
  j = nlohmann::json::object();
  internal::WriteTypeMeta(j, v.type_meta);
  nlohmann::json meta = v.list_meta;
  if (!meta.empty()) j["metadata"] = std::move(meta);
  nlohmann::json items = nlohmann::json::array();
  for (const auto& item : v.items) items.push_back(item);
  j["items"] = std::move(items);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, PartialObjectMetadataList& v) {
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
