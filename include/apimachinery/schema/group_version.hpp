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
// schema::ParseError with upstream's text; JSON that does not fit throws util::json::DecodeError
// (see "JSON" below). Thread-safety: value types.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/internal/hash_combine.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/decode_error.hpp"

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

  APIMACHINERY_DECL bool Empty() const noexcept;
  // "deployments.apps", "pods" for the core group, ".apps" with no resource.
  APIMACHINERY_DECL std::string String() const;
  APIMACHINERY_DECL GroupVersionResource WithVersion(std::string version) const;
  friend bool operator==(const GroupResource&, const GroupResource&) = default;
  friend auto operator<=>(const GroupResource&, const GroupResource&) = default;
};

// GroupKind names a kind in a group without a version ("Deployment.apps").
struct GroupKind {
  std::string group{};
  std::string kind{};

  APIMACHINERY_DECL bool Empty() const noexcept;
  // "Deployment.apps", "Pod" for the core group.
  APIMACHINERY_DECL std::string String() const;
  APIMACHINERY_DECL GroupVersionKind WithVersion(std::string version) const;
  friend bool operator==(const GroupKind&, const GroupKind&) = default;
  friend auto operator<=>(const GroupKind&, const GroupKind&) = default;
};

// GroupVersion is an API group and one of its versions ("apps/v1", "v1" for core).
struct GroupVersion {
  std::string group{};
  std::string version{};

  APIMACHINERY_DECL bool Empty() const noexcept;
  // "apps/v1"; "v1" for the core group; "apps/" with no version; "" when empty.
  APIMACHINERY_DECL std::string String() const;
  // Same as String() (upstream's GroupVersioner identifier).
  APIMACHINERY_DECL std::string Identifier() const;
  APIMACHINERY_DECL GroupVersionKind WithKind(std::string kind) const;
  APIMACHINERY_DECL GroupVersionResource WithResource(std::string resource) const;
  // k8s.io/apimachinery/pkg/runtime/schema/group_version.go: GroupVersion.KindForGroupVersionKinds:
  // the first kind with this
  // exact group and version, else the first kind of this group re-targeted to this version.
  APIMACHINERY_DECL std::optional<GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<GroupVersionKind>& kinds) const;
  friend bool operator==(const GroupVersion&, const GroupVersion&) = default;
  friend auto operator<=>(const GroupVersion&, const GroupVersion&) = default;
};

// GroupVersionKind unambiguously identifies a kind.
struct GroupVersionKind {
  std::string group{};
  std::string version{};
  std::string kind{};

  APIMACHINERY_DECL bool Empty() const noexcept;
  // Always "group/version, Kind=kind", even for the core group ("/v1, Kind=Pod").
  APIMACHINERY_DECL std::string String() const;
  APIMACHINERY_DECL schema::GroupKind GroupKind() const;
  APIMACHINERY_DECL schema::GroupVersion GroupVersion() const;
  // ("apps/v1", "Deployment"); ("", "") for an empty GVK.
  APIMACHINERY_DECL std::pair<std::string, std::string> ToAPIVersionAndKind() const;
  friend bool operator==(const GroupVersionKind&, const GroupVersionKind&) = default;
  friend auto operator<=>(const GroupVersionKind&, const GroupVersionKind&) = default;
};

// GroupVersionResource unambiguously identifies a resource.
struct GroupVersionResource {
  std::string group{};
  std::string version{};
  std::string resource{};

  APIMACHINERY_DECL bool Empty() const noexcept;
  // Always "group/version, Resource=resource".
  APIMACHINERY_DECL std::string String() const;
  APIMACHINERY_DECL schema::GroupResource GroupResource() const;
  APIMACHINERY_DECL schema::GroupVersion GroupVersion() const;
  friend bool operator==(const GroupVersionResource&, const GroupVersionResource&) = default;
  friend auto operator<=>(const GroupVersionResource&, const GroupVersionResource&) = default;
};

// GroupVersions is an ordered list of GroupVersions (upstream: schema.GroupVersions).
struct GroupVersions {
  std::vector<GroupVersion> items{};

  // "[v1,apps/v1]".
  APIMACHINERY_DECL std::string Identifier() const;
  // k8s.io/apimachinery/pkg/runtime/schema/group_version.go: GroupVersions.KindForGroupVersionKinds
  // (with bestMatch).
  APIMACHINERY_DECL std::optional<GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<GroupVersionKind>& kinds) const;
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
APIMACHINERY_DECL std::string_view::size_type CountChar(std::string_view s, char c) noexcept;

// Upstream's bestMatch: the first target that also appears in `kinds`, else the first target.
APIMACHINERY_DECL GroupVersionKind BestMatch(const std::vector<GroupVersionKind>& kinds,
                                             const std::vector<GroupVersionKind>& targets);
}  // namespace internal

namespace internal {
// Splits "a.b.rest" into (a, b, rest) when `s` has two or more dots.
APIMACHINERY_DECL std::optional<std::array<std::string, 3>> SplitThree(std::string_view s);
}  // namespace internal

// --- JSON (metav1 wire shapes) -----------------------------------------------------------------------
// The shapes of metav1's GroupVersion (a string, apis/meta/v1/group_version.go:
// GroupVersion.UnmarshalJSON) and GroupKind, GroupResource, GroupVersionKind, GroupVersionResource
// (objects of string members, as their json tags say). from_json replaces the value; null gives
// the empty value. Throws util::json::DecodeError with Go's texts (`json: cannot unmarshal number
// into Go struct field GroupKind.kind of type string`; `... into Go value of type v1.GroupKind`),
// and for a GroupVersion string ParseGroupVersion's text (`unexpected GroupVersion string: a/b/c`),
// as UnmarshalJSON returns it.
namespace internal {
// ReadStringMembers: decodes the object `j` (Go type `go_type`, struct name `strct`) whose members
// are all strings into `out` (key, destination); absent and null members give "". On a throw
// some destinations may already be written: the callers decode into a local and move it out.
APIMACHINERY_DECL void ReadStringMembers(const nlohmann::json& j, std::string_view strct,
                                         std::string_view go_type,
                                         std::initializer_list<std::pair<const char*, std::string*>> out);
}  // namespace internal

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersion& v);
APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersion& v);
APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupKind& v);
APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupKind& v);
APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupResource& v);
APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupResource& v);
APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersionKind& v);
APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersionKind& v);
APIMACHINERY_DECL void to_json(nlohmann::json& j, const GroupVersionResource& v);
APIMACHINERY_DECL void from_json(const nlohmann::json& j, GroupVersionResource& v);

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

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/schema/impl/group_version.ipp"
#endif
