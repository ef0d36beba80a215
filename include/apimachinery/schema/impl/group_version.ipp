// Definitions of the non-template functions declared in <apimachinery/schema/group_version.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::schema {

APIMACHINERY_DECL bool GroupResource::Empty() const noexcept { return group.empty() && resource.empty(); }

APIMACHINERY_DECL std::string GroupResource::String() const {
  if (group.empty()) return resource;
  return resource + "." + group;
}

APIMACHINERY_DECL bool GroupKind::Empty() const noexcept { return group.empty() && kind.empty(); }

APIMACHINERY_DECL std::string GroupKind::String() const {
  if (group.empty()) return kind;
  return kind + "." + group;
}

APIMACHINERY_DECL bool GroupVersion::Empty() const noexcept { return group.empty() && version.empty(); }

APIMACHINERY_DECL std::string GroupVersion::String() const {
  if (!group.empty()) return group + "/" + version;
  return version;
}

APIMACHINERY_DECL std::string GroupVersion::Identifier() const { return String(); }

APIMACHINERY_DECL bool GroupVersionKind::Empty() const noexcept {
  return group.empty() && version.empty() && kind.empty();
}

APIMACHINERY_DECL std::string GroupVersionKind::String() const {
  return group + "/" + version + ", Kind=" + kind;
}

APIMACHINERY_DECL schema::GroupKind GroupVersionKind::GroupKind() const { return {group, kind}; }

APIMACHINERY_DECL schema::GroupVersion GroupVersionKind::GroupVersion() const { return {group, version}; }

APIMACHINERY_DECL std::pair<std::string, std::string> GroupVersionKind::ToAPIVersionAndKind() const {
  if (Empty()) return {};
  return {GroupVersion().String(), kind};
}

APIMACHINERY_DECL bool GroupVersionResource::Empty() const noexcept {
  return group.empty() && version.empty() && resource.empty();
}

APIMACHINERY_DECL std::string GroupVersionResource::String() const {
  return group + "/" + version + ", Resource=" + resource;
}

APIMACHINERY_DECL schema::GroupResource GroupVersionResource::GroupResource() const {
  return {group, resource};
}

APIMACHINERY_DECL schema::GroupVersion GroupVersionResource::GroupVersion() const { return {group, version}; }

}  // namespace apimachinery::schema

namespace apimachinery::schema::internal {

APIMACHINERY_DECL std::string_view::size_type CountChar(std::string_view s, char c) noexcept {
  std::string_view::size_type n = 0;
  for (char ch : s) n += (ch == c);
  return n;
}

APIMACHINERY_DECL GroupVersionKind BestMatch(const std::vector<GroupVersionKind>& kinds,
                                             const std::vector<GroupVersionKind>& targets) {
  for (const auto& t : targets) {
    for (const auto& k : kinds) {
      if (k == t) return t;
    }
  }
  return targets.front();
}

}  // namespace apimachinery::schema::internal

namespace apimachinery::schema {

APIMACHINERY_DECL GroupVersionResource GroupResource::WithVersion(std::string version) const {
  return {group, std::move(version), resource};
}

APIMACHINERY_DECL GroupVersionKind GroupKind::WithVersion(std::string version) const {
  return {group, std::move(version), kind};
}

APIMACHINERY_DECL GroupVersionKind GroupVersion::WithKind(std::string kind) const {
  return {group, version, std::move(kind)};
}

APIMACHINERY_DECL GroupVersionResource GroupVersion::WithResource(std::string resource) const {
  return {group, version, std::move(resource)};
}

APIMACHINERY_DECL std::optional<GroupVersionKind> GroupVersion::KindForGroupVersionKinds(
    const std::vector<GroupVersionKind>& kinds) const {
  for (const auto& k : kinds) {
    if (k.group == group && k.version == version) return k;
  }
  for (const auto& k : kinds) {
    if (k.group == group) return WithKind(k.kind);
  }
  return std::nullopt;
}

APIMACHINERY_DECL std::string GroupVersions::Identifier() const {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ",";
    out += items[i].String();
  }
  return out + "]";
}

APIMACHINERY_DECL std::optional<GroupVersionKind> GroupVersions::KindForGroupVersionKinds(
    const std::vector<GroupVersionKind>& kinds) const {
  std::vector<GroupVersionKind> targets;
  for (const auto& gv : items) {
    if (auto t = gv.KindForGroupVersionKinds(kinds)) targets.push_back(std::move(*t));
  }
  if (targets.empty()) return std::nullopt;
  if (targets.size() == 1) return targets.front();
  return internal::BestMatch(kinds, targets);
}

APIMACHINERY_DECL GroupVersion ParseGroupVersion(std::string_view gv) {
  if (gv.empty() || gv == "/") return {};
  switch (internal::CountChar(gv, '/')) {
    case 0:
      return {"", std::string(gv)};
    case 1: {
      auto slash = gv.find('/');
      return {std::string(gv.substr(0, slash)), std::string(gv.substr(slash + 1))};
    }
    default:
      throw ParseError(fmt::format("unexpected GroupVersion string: {}", gv));
  }
}

APIMACHINERY_DECL GroupKind ParseGroupKind(std::string_view gk) {
  auto dot = gk.find('.');
  if (dot == std::string_view::npos) return {"", std::string(gk)};
  return {std::string(gk.substr(dot + 1)), std::string(gk.substr(0, dot))};
}

APIMACHINERY_DECL GroupResource ParseGroupResource(std::string_view gr) {
  auto dot = gr.find('.');
  if (dot == std::string_view::npos) return {"", std::string(gr)};
  return {std::string(gr.substr(dot + 1)), std::string(gr.substr(0, dot))};
}

}  // namespace apimachinery::schema

namespace apimachinery::schema::internal {

APIMACHINERY_DECL std::optional<std::array<std::string, 3>> SplitThree(std::string_view s) {
  if (CountChar(s, '.') < 2) return std::nullopt;
  auto d1 = s.find('.');
  auto d2 = s.find('.', d1 + 1);
  return std::array<std::string, 3>{std::string(s.substr(0, d1)), std::string(s.substr(d1 + 1, d2 - d1 - 1)),
                                    std::string(s.substr(d2 + 1))};
}

}  // namespace apimachinery::schema::internal

namespace apimachinery::schema {

APIMACHINERY_DECL std::pair<std::optional<GroupVersionResource>, GroupResource> ParseResourceArg(
    std::string_view arg) {
  std::optional<GroupVersionResource> full;
  if (auto parts = internal::SplitThree(arg)) {
    full = GroupVersionResource{(*parts)[2], (*parts)[1], (*parts)[0]};
  }
  return {std::move(full), ParseGroupResource(arg)};
}

APIMACHINERY_DECL std::pair<std::optional<GroupVersionKind>, GroupKind> ParseKindArg(std::string_view arg) {
  std::optional<GroupVersionKind> full;
  if (auto parts = internal::SplitThree(arg)) {
    full = GroupVersionKind{(*parts)[2], (*parts)[1], (*parts)[0]};
  }
  return {std::move(full), ParseGroupKind(arg)};
}

APIMACHINERY_DECL GroupVersionKind FromAPIVersionAndKind(std::string_view api_version,
                                                         std::string_view kind) {
  try {
    return ParseGroupVersion(api_version).WithKind(std::string(kind));
  } catch (const ParseError&) {
    return {"", "", std::string(kind)};
  }
}

}  // namespace apimachinery::schema

namespace apimachinery::schema::internal {

APIMACHINERY_DECL void ReadStringMembers(const nlohmann::json& j, std::string_view strct,
                                         std::string_view go_type,
                                         std::initializer_list<std::pair<const char*, std::string*>> out) {
  if (j.is_null()) {
    for (const auto& [key, member] : out) member->clear();
    return;
  }
  if (!j.is_object()) {
    throw util::json::DecodeError(
        util::internal::UnmarshalTypeErrorText(util::internal::JSONTypeName(j), go_type));
  }
  for (const auto& [key, member] : out) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
      member->clear();
    } else if (!util::internal::ReadValue(*it, *member)) {
      throw util::json::DecodeError(util::internal::UnmarshalFieldTypeErrorText(
          util::internal::JSONTypeName(*it), strct, key, "string"));
    }
  }
}

}  // namespace apimachinery::schema::internal

namespace apimachinery::schema {

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersion& v) { j = v.String(); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersion& v) {
  if (j.is_null()) {  // UnmarshalJSON gets "null": json.Unmarshal leaves the string "", which parses
    v = {};
    return;
  }
  if (!j.is_string()) {
    throw util::json::DecodeError(
        util::internal::UnmarshalTypeErrorText(util::internal::JSONTypeName(j), "string"));
  }
  try {
    v = ParseGroupVersion(j.get_ref<const std::string&>());
  } catch (const ParseError& e) {
    throw util::json::DecodeError(e.what());
  }
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupKind& v) {
  j = nlohmann::json{{"group", v.group}, {"kind", v.kind}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupKind& v) {
  GroupKind out;
  internal::ReadStringMembers(j, "GroupKind", "v1.GroupKind", {{"group", &out.group}, {"kind", &out.kind}});
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupResource& v) {
  j = nlohmann::json{{"group", v.group}, {"resource", v.resource}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupResource& v) {
  GroupResource out;
  internal::ReadStringMembers(j, "GroupResource", "v1.GroupResource",
                              {{"group", &out.group}, {"resource", &out.resource}});
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersionKind& v) {
  j = nlohmann::json{{"group", v.group}, {"version", v.version}, {"kind", v.kind}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersionKind& v) {
  GroupVersionKind out;
  internal::ReadStringMembers(j, "GroupVersionKind", "v1.GroupVersionKind",
                              {{"group", &out.group}, {"version", &out.version}, {"kind", &out.kind}});
  v = std::move(out);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersionResource& v) {
  j = nlohmann::json{{"group", v.group}, {"version", v.version}, {"resource", v.resource}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersionResource& v) {
  GroupVersionResource out;
  internal::ReadStringMembers(
      j, "GroupVersionResource", "v1.GroupVersionResource",
      {{"group", &out.group}, {"version", &out.version}, {"resource", &out.resource}});
  v = std::move(out);
}

}  // namespace apimachinery::schema
