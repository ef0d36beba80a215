// schema: GroupVersion, GroupKind, GroupResource, GroupVersionKind, GroupVersionResource.
//
// The identity types of the Kubernetes type system (k8s.io/apimachinery/pkg/runtime/schema,
// group_version.go). Plain aggregates with std::string members in upstream order, so
// `schema::GroupVersionKind{"apps", "v1", "Deployment"}` works. Each type comes with String()
// (upstream's exact format), Empty(), comparison, std::hash, fmt::formatter, operator<< and the
// metav1 JSON wire shape (GroupVersion as the string "apps/v1", the others as objects).
//
// Example:
//   auto gv = schema::ParseGroupVersion("apps/v1");          // {apps, v1}
//   auto [full, partial] = schema::ParseResourceArg("deployments.v1.apps");
//   fmt::print("{}", gv.WithKind("Deployment"));             // apps/v1, Kind=Deployment
//
// Parsing never validates characters or case, exactly as upstream. Parse errors throw
// schema::ParseError with upstream's text. Thread-safety: value types.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/error.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/internal/hash_combine.hpp"

namespace apimachinery::schema {

// The version name of a group's internal (hub) representation.
inline constexpr std::string_view kAPIVersionInternal = "__internal";

// ParseError is thrown by the Parse* functions (upstream returns a plain fmt.Errorf).
class ParseError : public Error {
 public:
  using Error::Error;
};

struct GroupVersionKind;
struct GroupVersionResource;

// GroupResource names a resource in a group without a version ("deployments.apps").
struct GroupResource {
  std::string group{};
  std::string resource{};

  bool Empty() const noexcept { return group.empty() && resource.empty(); }
  // "deployments.apps", "pods" for the core group, ".apps" with no resource.
  std::string String() const {
    if (group.empty()) return resource;
    return resource + "." + group;
  }
  GroupVersionResource WithVersion(std::string version) const;
  friend bool operator==(const GroupResource&, const GroupResource&) = default;
  friend auto operator<=>(const GroupResource&, const GroupResource&) = default;
};

// GroupKind names a kind in a group without a version ("Deployment.apps").
struct GroupKind {
  std::string group{};
  std::string kind{};

  bool Empty() const noexcept { return group.empty() && kind.empty(); }
  // "Deployment.apps", "Pod" for the core group.
  std::string String() const {
    if (group.empty()) return kind;
    return kind + "." + group;
  }
  GroupVersionKind WithVersion(std::string version) const;
  friend bool operator==(const GroupKind&, const GroupKind&) = default;
  friend auto operator<=>(const GroupKind&, const GroupKind&) = default;
};

// GroupVersion is an API group and one of its versions ("apps/v1", "v1" for core).
struct GroupVersion {
  std::string group{};
  std::string version{};

  bool Empty() const noexcept { return group.empty() && version.empty(); }
  // "apps/v1"; "v1" for the core group; "apps/" with no version; "" when empty.
  std::string String() const {
    if (!group.empty()) return group + "/" + version;
    return version;
  }
  // Same as String() (upstream's GroupVersioner identifier).
  std::string Identifier() const { return String(); }
  GroupVersionKind WithKind(std::string kind) const;
  GroupVersionResource WithResource(std::string resource) const;
  // k8s.io/apimachinery/pkg/runtime/schema/group_version.go: GroupVersion.KindForGroupVersionKinds:
  // the first kind with this
  // exact group and version, else the first kind of this group re-targeted to this version.
  std::optional<GroupVersionKind> KindForGroupVersionKinds(const std::vector<GroupVersionKind>& kinds) const;
  friend bool operator==(const GroupVersion&, const GroupVersion&) = default;
  friend auto operator<=>(const GroupVersion&, const GroupVersion&) = default;
};

// GroupVersionKind unambiguously identifies a kind.
struct GroupVersionKind {
  std::string group{};
  std::string version{};
  std::string kind{};

  bool Empty() const noexcept { return group.empty() && version.empty() && kind.empty(); }
  // Always "group/version, Kind=kind", even for the core group ("/v1, Kind=Pod").
  std::string String() const { return group + "/" + version + ", Kind=" + kind; }
  schema::GroupKind GroupKind() const { return {group, kind}; }
  schema::GroupVersion GroupVersion() const { return {group, version}; }
  // ("apps/v1", "Deployment"); ("", "") for an empty GVK.
  std::pair<std::string, std::string> ToAPIVersionAndKind() const {
    if (Empty()) return {};
    return {GroupVersion().String(), kind};
  }
  friend bool operator==(const GroupVersionKind&, const GroupVersionKind&) = default;
  friend auto operator<=>(const GroupVersionKind&, const GroupVersionKind&) = default;
};

// GroupVersionResource unambiguously identifies a resource.
struct GroupVersionResource {
  std::string group{};
  std::string version{};
  std::string resource{};

  bool Empty() const noexcept { return group.empty() && version.empty() && resource.empty(); }
  // Always "group/version, Resource=resource".
  std::string String() const { return group + "/" + version + ", Resource=" + resource; }
  schema::GroupResource GroupResource() const { return {group, resource}; }
  schema::GroupVersion GroupVersion() const { return {group, version}; }
  friend bool operator==(const GroupVersionResource&, const GroupVersionResource&) = default;
  friend auto operator<=>(const GroupVersionResource&, const GroupVersionResource&) = default;
};

// GroupVersions is an ordered list of GroupVersions (upstream: schema.GroupVersions).
struct GroupVersions {
  std::vector<GroupVersion> items{};

  // "[v1,apps/v1]".
  std::string Identifier() const;
  // k8s.io/apimachinery/pkg/runtime/schema/group_version.go: GroupVersions.KindForGroupVersionKinds
  // (with bestMatch).
  std::optional<GroupVersionKind> KindForGroupVersionKinds(const std::vector<GroupVersionKind>& kinds) const;
  friend bool operator==(const GroupVersions&, const GroupVersions&) = default;
};

// ParseGroupVersion turns "group/version" into a GroupVersion. "" and "/" give an empty value; a
// string with no slash is a core-group version; two or more slashes throw
// `unexpected GroupVersion string: <input>`.
GroupVersion ParseGroupVersion(std::string_view gv);

// ParseGroupKind splits "Kind.group" at the first dot ("StatefulSet.apps"). Never throws.
GroupKind ParseGroupKind(std::string_view gk);

// ParseGroupResource splits "resource.group" at the first dot ("deployments.apps"). Never throws.
GroupResource ParseGroupResource(std::string_view gr);

// ParseResourceArg interprets kubectl's "resource[.version.group]" argument: with two or more dots
// the first result holds resource.version.group; the second is always ParseGroupResource(arg).
std::pair<std::optional<GroupVersionResource>, GroupResource> ParseResourceArg(std::string_view arg);

// ParseKindArg: the same for "Kind[.version.group]".
std::pair<std::optional<GroupVersionKind>, GroupKind> ParseKindArg(std::string_view arg);

// FromAPIVersionAndKind builds a GVK from an apiVersion and a kind. An unparseable apiVersion is
// ignored (only the kind is kept), as upstream does.
GroupVersionKind FromAPIVersionAndKind(std::string_view api_version, std::string_view kind);

// Implementation details follow.

namespace internal {
inline std::string_view::size_type CountChar(std::string_view s, char c) noexcept {
  std::string_view::size_type n = 0;
  for (char ch : s) n += (ch == c);
  return n;
}

// Upstream's bestMatch: the first target that also appears in `kinds`, else the first target.
inline GroupVersionKind BestMatch(const std::vector<GroupVersionKind>& kinds,
                                  const std::vector<GroupVersionKind>& targets) {
  for (const auto& t : targets) {
    for (const auto& k : kinds) {
      if (k == t) return t;
    }
  }
  return targets.front();
}
}  // namespace internal

inline GroupVersionResource GroupResource::WithVersion(std::string version) const {
  return {group, std::move(version), resource};
}
inline GroupVersionKind GroupKind::WithVersion(std::string version) const {
  return {group, std::move(version), kind};
}
inline GroupVersionKind GroupVersion::WithKind(std::string kind) const {
  return {group, version, std::move(kind)};
}
inline GroupVersionResource GroupVersion::WithResource(std::string resource) const {
  return {group, version, std::move(resource)};
}

inline std::optional<GroupVersionKind> GroupVersion::KindForGroupVersionKinds(
    const std::vector<GroupVersionKind>& kinds) const {
  for (const auto& k : kinds) {
    if (k.group == group && k.version == version) return k;
  }
  for (const auto& k : kinds) {
    if (k.group == group) return WithKind(k.kind);
  }
  return std::nullopt;
}

inline std::string GroupVersions::Identifier() const {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ",";
    out += items[i].String();
  }
  return out + "]";
}

inline std::optional<GroupVersionKind> GroupVersions::KindForGroupVersionKinds(
    const std::vector<GroupVersionKind>& kinds) const {
  std::vector<GroupVersionKind> targets;
  for (const auto& gv : items) {
    if (auto t = gv.KindForGroupVersionKinds(kinds)) targets.push_back(std::move(*t));
  }
  if (targets.empty()) return std::nullopt;
  if (targets.size() == 1) return targets.front();
  return internal::BestMatch(kinds, targets);
}

inline GroupVersion ParseGroupVersion(std::string_view gv) {
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

inline GroupKind ParseGroupKind(std::string_view gk) {
  auto dot = gk.find('.');
  if (dot == std::string_view::npos) return {"", std::string(gk)};
  return {std::string(gk.substr(dot + 1)), std::string(gk.substr(0, dot))};
}

inline GroupResource ParseGroupResource(std::string_view gr) {
  auto dot = gr.find('.');
  if (dot == std::string_view::npos) return {"", std::string(gr)};
  return {std::string(gr.substr(dot + 1)), std::string(gr.substr(0, dot))};
}

namespace internal {
// Splits "a.b.rest" into (a, b, rest) when `s` has two or more dots.
inline std::optional<std::array<std::string, 3>> SplitThree(std::string_view s) {
  if (CountChar(s, '.') < 2) return std::nullopt;
  auto d1 = s.find('.');
  auto d2 = s.find('.', d1 + 1);
  return std::array<std::string, 3>{std::string(s.substr(0, d1)), std::string(s.substr(d1 + 1, d2 - d1 - 1)),
                                    std::string(s.substr(d2 + 1))};
}
}  // namespace internal

inline std::pair<std::optional<GroupVersionResource>, GroupResource> ParseResourceArg(std::string_view arg) {
  std::optional<GroupVersionResource> full;
  if (auto parts = internal::SplitThree(arg)) {
    full = GroupVersionResource{(*parts)[2], (*parts)[1], (*parts)[0]};
  }
  return {std::move(full), ParseGroupResource(arg)};
}

inline std::pair<std::optional<GroupVersionKind>, GroupKind> ParseKindArg(std::string_view arg) {
  std::optional<GroupVersionKind> full;
  if (auto parts = internal::SplitThree(arg)) {
    full = GroupVersionKind{(*parts)[2], (*parts)[1], (*parts)[0]};
  }
  return {std::move(full), ParseGroupKind(arg)};
}

inline GroupVersionKind FromAPIVersionAndKind(std::string_view api_version, std::string_view kind) {
  try {
    return ParseGroupVersion(api_version).WithKind(std::string(kind));
  } catch (const ParseError&) {
    return {"", "", std::string(kind)};
  }
}

// --- JSON (metav1 wire shapes) -----------------------------------------------------------------------
namespace internal {
inline std::string RequireStringMember(const nlohmann::json& j, const char* key, const char* type) {
  if (!j.is_object()) throw ParseError(fmt::format("{} must be a JSON object", type));
  auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_string()) throw ParseError(fmt::format("{}.{} must be a string", type, key));
  return it->get<std::string>();
}
}  // namespace internal

inline void to_json(nlohmann::json& j, const GroupVersion& v) { j = v.String(); }
inline void from_json(const nlohmann::json& j, GroupVersion& v) {
  if (!j.is_string()) throw ParseError("GroupVersion must be a JSON string");
  v = ParseGroupVersion(j.get_ref<const std::string&>());
}
inline void to_json(nlohmann::json& j, const GroupKind& v) {
  j = nlohmann::json{{"group", v.group}, {"kind", v.kind}};
}
inline void from_json(const nlohmann::json& j, GroupKind& v) {
  v = {internal::RequireStringMember(j, "group", "GroupKind"),
       internal::RequireStringMember(j, "kind", "GroupKind")};
}
inline void to_json(nlohmann::json& j, const GroupResource& v) {
  j = nlohmann::json{{"group", v.group}, {"resource", v.resource}};
}
inline void from_json(const nlohmann::json& j, GroupResource& v) {
  v = {internal::RequireStringMember(j, "group", "GroupResource"),
       internal::RequireStringMember(j, "resource", "GroupResource")};
}
inline void to_json(nlohmann::json& j, const GroupVersionKind& v) {
  j = nlohmann::json{{"group", v.group}, {"version", v.version}, {"kind", v.kind}};
}
inline void from_json(const nlohmann::json& j, GroupVersionKind& v) {
  v = {internal::RequireStringMember(j, "group", "GroupVersionKind"),
       internal::RequireStringMember(j, "version", "GroupVersionKind"),
       internal::RequireStringMember(j, "kind", "GroupVersionKind")};
}
inline void to_json(nlohmann::json& j, const GroupVersionResource& v) {
  j = nlohmann::json{{"group", v.group}, {"version", v.version}, {"resource", v.resource}};
}
inline void from_json(const nlohmann::json& j, GroupVersionResource& v) {
  v = {internal::RequireStringMember(j, "group", "GroupVersionResource"),
       internal::RequireStringMember(j, "version", "GroupVersionResource"),
       internal::RequireStringMember(j, "resource", "GroupVersionResource")};
}

}  // namespace apimachinery::schema

// --- std::hash -------------------------------------------------------------------------------------
template <>
struct std::hash<apimachinery::schema::GroupVersion> {
  std::size_t operator()(const apimachinery::schema::GroupVersion& v) const noexcept {
    using apimachinery::util::internal::HashCombine;
    return HashCombine(HashCombine(0, v.group), v.version);
  }
};
template <>
struct std::hash<apimachinery::schema::GroupKind> {
  std::size_t operator()(const apimachinery::schema::GroupKind& v) const noexcept {
    using apimachinery::util::internal::HashCombine;
    return HashCombine(HashCombine(1, v.group), v.kind);
  }
};
template <>
struct std::hash<apimachinery::schema::GroupResource> {
  std::size_t operator()(const apimachinery::schema::GroupResource& v) const noexcept {
    using apimachinery::util::internal::HashCombine;
    return HashCombine(HashCombine(2, v.group), v.resource);
  }
};
template <>
struct std::hash<apimachinery::schema::GroupVersionKind> {
  std::size_t operator()(const apimachinery::schema::GroupVersionKind& v) const noexcept {
    using apimachinery::util::internal::HashCombine;
    return HashCombine(HashCombine(HashCombine(3, v.group), v.version), v.kind);
  }
};
template <>
struct std::hash<apimachinery::schema::GroupVersionResource> {
  std::size_t operator()(const apimachinery::schema::GroupVersionResource& v) const noexcept {
    using apimachinery::util::internal::HashCombine;
    return HashCombine(HashCombine(HashCombine(4, v.group), v.version), v.resource);
  }
};

// --- operator<< and fmt::formatter (print String(); width and alignment work) ------------------------
APIMACHINERY_STRINGER(apimachinery::schema, GroupVersion);
APIMACHINERY_STRINGER(apimachinery::schema, GroupKind);
APIMACHINERY_STRINGER(apimachinery::schema, GroupResource);
APIMACHINERY_STRINGER(apimachinery::schema, GroupVersionKind);
APIMACHINERY_STRINGER(apimachinery::schema, GroupVersionResource);
