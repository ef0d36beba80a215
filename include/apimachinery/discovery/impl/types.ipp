// Definitions of the non-template functions declared in <apimachinery/discovery/types.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/types.hpp"

namespace apimachinery::discovery {

APIMACHINERY_DECL DecodeError::DecodeError(std::string doc, std::string json_path, std::string why)
    : util::json::DecodeError(Format(doc, json_path, why)),
      document(std::move(doc)),
      path(std::move(json_path)),
      reason(std::move(why)) {}

APIMACHINERY_DECL std::string DecodeError::Format(const std::string& doc, const std::string& json_path,
                                                  const std::string& why) {
  if (json_path.empty()) return fmt::format("discovery: cannot decode {}: {}", doc, why);
  return fmt::format("discovery: cannot decode {}: {}: {}", doc, json_path, why);
}

}  // namespace apimachinery::discovery

namespace apimachinery::discovery::internal {

APIMACHINERY_DECL Decoder::Decoder(std::string document) : document_(std::move(document)) {}

APIMACHINERY_DECL void Decoder::Fail(const std::string& path, std::string reason) const {
  throw DecodeError(document_, path, std::move(reason));
}

APIMACHINERY_DECL void Decoder::TypeFail(const std::string& path, const nlohmann::json& v,
                                         std::string_view go_type) const {
  Fail(path, util::internal::UnmarshalTypeErrorText(util::internal::JSONTypeName(v), go_type));
}

APIMACHINERY_DECL std::string_view Decoder::TypeName(const nlohmann::json& j) noexcept {
  return util::internal::JSONTypeName(j);
}

APIMACHINERY_DECL std::string Decoder::Join(const std::string& path, std::string_view key) {
  if (path.empty()) return std::string(key);
  return path + "." + std::string(key);
}

APIMACHINERY_DECL std::string Decoder::Index(const std::string& path, std::size_t i) {
  return fmt::format("{}[{}]", path, i);
}

APIMACHINERY_DECL const nlohmann::json* Decoder::Member(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return nullptr;
  return &*it;
}

APIMACHINERY_DECL void Decoder::RequireObject(const nlohmann::json& j, const std::string& path,
                                              std::string_view go_type) const {
  if (!j.is_object()) TypeFail(path, j, go_type);
}

APIMACHINERY_DECL void Decoder::String(const nlohmann::json& j, const std::string& path, const char* strct,
                                       const char* key, std::string& out, std::string_view go_type) const {
  const nlohmann::json* m = Member(j, key);
  if (m == nullptr) return;
  util::internal::JSONFieldScope scope(strct, key);
  if (!util::internal::ReadValue(*m, out)) TypeFail(Join(path, key), *m, go_type);
}

APIMACHINERY_DECL void Decoder::Bool(const nlohmann::json& j, const std::string& path, const char* strct,
                                     const char* key, bool& out) const {
  const nlohmann::json* m = Member(j, key);
  if (m == nullptr) return;
  util::internal::JSONFieldScope scope(strct, key);
  if (!util::internal::ReadValue(*m, out)) TypeFail(Join(path, key), *m, "bool");
}

APIMACHINERY_DECL void Decoder::Strings(const nlohmann::json& j, const std::string& path, const char* strct,
                                        const char* key, std::vector<std::string>& out) const {
  Array(j, path, strct, key, "[]string", out,
        [this](const nlohmann::json& e, const std::string& p, std::string& s) {
          // Go decodes a null element of []string as "".
          if (e.is_null()) return;
          if (!util::internal::ReadValue(e, s)) TypeFail(p, e, "string");
        });
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path,
                                       GroupVersionForDiscovery& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.GroupVersionForDiscovery");
  constexpr const char* s = "GroupVersionForDiscovery";
  String(j, path, s, "groupVersion", v.group_version);
  String(j, path, s, "version", v.version);
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path, APIGroup& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.APIGroup");
  constexpr const char* s = "APIGroup";
  String(j, path, s, "name", v.name);
  Array(j, path, s, "versions", "[]v1.GroupVersionForDiscovery", v.versions,
        [this](const nlohmann::json& e, const std::string& p, GroupVersionForDiscovery& out) {
          Decode(e, p, out);
        });
  if (const nlohmann::json* m = Member(j, "preferredVersion")) {
    util::internal::JSONFieldScope scope(s, "preferredVersion");
    Decode(*m, Join(path, "preferredVersion"), v.preferred_version);
  }
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path,
                                       APIResource& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.APIResource");
  constexpr const char* s = "APIResource";
  String(j, path, s, "name", v.name);
  String(j, path, s, "singularName", v.singular_name);
  Bool(j, path, s, "namespaced", v.namespaced);
  String(j, path, s, "group", v.group);
  String(j, path, s, "version", v.version);
  String(j, path, s, "kind", v.kind);
  Strings(j, path, s, "verbs", v.verbs);
  Strings(j, path, s, "shortNames", v.short_names);
  Strings(j, path, s, "categories", v.categories);
  String(j, path, s, "storageVersionHash", v.storage_version_hash);
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path,
                                       APIResourceList& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.APIResourceList");
  constexpr const char* s = "APIResourceList";
  String(j, path, s, "groupVersion", v.group_version);
  Array(j, path, s, "resources", "[]v1.APIResource", v.resources,
        [this](const nlohmann::json& e, const std::string& p, APIResource& out) { Decode(e, p, out); });
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path,
                                       APIGroupList& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.APIGroupList");
  Array(j, path, "APIGroupList", "groups", "[]v1.APIGroup", v.groups,
        [this](const nlohmann::json& e, const std::string& p, APIGroup& out) { Decode(e, p, out); });
}

APIMACHINERY_DECL void Decoder::Decode(const nlohmann::json& j, const std::string& path,
                                       APIVersions& v) const {
  if (j.is_null()) return;
  RequireObject(j, path, "v1.APIVersions");
  Strings(j, path, "APIVersions", "versions", v.versions);
}

}  // namespace apimachinery::discovery::internal

namespace apimachinery::discovery {

APIMACHINERY_DECL APIGroup APIVersionsToAPIGroup(const APIVersions& versions) {
  APIGroup group;
  for (const auto& v : versions.versions) group.versions.push_back(GroupVersionForDiscovery{v, v});
  if (!group.versions.empty()) group.preferred_version = group.versions.front();
  return group;
}

APIMACHINERY_DECL APIResourceList ParseAPIResourceList(std::string_view text, std::string_view document) {
  return internal::ParseDocument<APIResourceList>(text, document, "APIResourceList");
}

APIMACHINERY_DECL APIGroupList ParseAPIGroupList(std::string_view text, std::string_view document) {
  return internal::ParseDocument<APIGroupList>(text, document, "APIGroupList");
}

APIMACHINERY_DECL APIGroup ParseAPIGroup(std::string_view text, std::string_view document) {
  return internal::ParseDocument<APIGroup>(text, document, "APIGroup");
}

APIMACHINERY_DECL APIVersions ParseAPIVersions(std::string_view text, std::string_view document) {
  return internal::ParseDocument<APIVersions>(text, document, "APIVersions");
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersionForDiscovery& v) {
  j = nlohmann::json{{"groupVersion", v.group_version}, {"version", v.version}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersionForDiscovery& v) {
  GroupVersionForDiscovery out;
  internal::Decoder("GroupVersionForDiscovery").Decode(j, "", out);
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIGroup& v) {
  j = nlohmann::json{{"name", v.name}, {"versions", v.versions}, {"preferredVersion", v.preferred_version}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIGroup& v) {
  APIGroup out;
  internal::Decoder("APIGroup").Decode(j, "", out);
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIResource& v) {
  j = nlohmann::json{{"name", v.name},
                     {"singularName", v.singular_name},
                     {"namespaced", v.namespaced},
                     {"kind", v.kind},
                     {"verbs", v.verbs}};
  // omitempty fields
  if (!v.group.empty()) j["group"] = v.group;
  if (!v.version.empty()) j["version"] = v.version;
  if (!v.short_names.empty()) j["shortNames"] = v.short_names;
  if (!v.categories.empty()) j["categories"] = v.categories;
  if (!v.storage_version_hash.empty()) j["storageVersionHash"] = v.storage_version_hash;
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIResource& v) {
  APIResource out;
  internal::Decoder("APIResource").Decode(j, "", out);
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIResourceList& v) {
  j = nlohmann::json{{"groupVersion", v.group_version}, {"resources", v.resources}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIResourceList& v) {
  APIResourceList out;
  internal::Decoder("APIResourceList").Decode(j, "", out);
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIGroupList& v) {
  j = nlohmann::json{{"groups", v.groups}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIGroupList& v) {
  APIGroupList out;
  internal::Decoder("APIGroupList").Decode(j, "", out);
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIVersions& v) {
  j = nlohmann::json{{"versions", v.versions}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIVersions& v) {
  APIVersions out;
  internal::Decoder("APIVersions").Decode(j, "", out);
  v = std::move(out);
}

}  // namespace apimachinery::discovery
