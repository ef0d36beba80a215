// discovery/types.hpp: the discovery wire types (k8s.io/apimachinery/pkg/apis/meta/v1, types.go:
// APIVersions, APIGroupList, APIGroup, GroupVersionForDiscovery, APIResourceList, APIResource).
//
// What an API server serves at /api (APIVersions, the legacy core group), /apis (APIGroupList),
// /apis/<group> (APIGroup) and /api/v1, /apis/<group>/<version> (APIResourceList), decoded from and
// encoded to the real wire format (camelCase keys):
//
// Example:
//   std::ifstream in("testdata/discovery/apis__apps__v1.json");
//   std::string text{std::istreambuf_iterator<char>(in), {}};
//   auto list = discovery::ParseAPIResourceList(text);
//   for (const auto& r : list.resources) fmt::print("{} {}\n", r.name, r.kind);
//   nlohmann::json j = list;                                   // back to the wire shape
//
// Decoding follows upstream's JSON decoder (sigs.k8s.io/json as used by client-go): keys are
// case-sensitive, unknown keys are ignored (`serverAddressByClientCIDRs`, `responseKind`, ...),
// missing keys and `null` values leave the zero value, `storageVersionHash` is kept.
//
// Throws: every decode failure (malformed or truncated JSON, an empty document, a value of the
// wrong JSON type, a document of another kind) throws discovery::DecodeError, derived from
// util::json::DecodeError (metav1::DecodeError); its what() names the document, the JSON path and the
// problem, for a value of the wrong type Go's encoding/json text (what client-go's json.Unmarshal returns):
//   discovery: cannot decode APIResourceList: resources[2].namespaced: json: cannot unmarshal
//   string into Go struct field APIResource.resources.namespaced of type bool
// nlohmann exceptions never escape. Strong guarantee: the output object is only assigned on success
// for the Parse* functions.
// Thread-safety: plain value types.
//
// Differences from upstream:
// - TypeMeta (`kind`, `apiVersion`) is not stored; to_json does not write it. The Parse* functions
//   check `kind` when the document has one (a file of the wrong kind is an error, not an empty value).
// - `serverAddressByClientCIDRs` is dropped.
// - `verbs` is always written as an array (Go writes `null` for a nil slice).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/decode_error.hpp"
#include "apimachinery/util/json/json.hpp"

namespace apimachinery::discovery {

// DecodeError: a discovery document could not be decoded. It is a util::json::DecodeError (the
// one decode error type), with the document's name and the JSON path (array indices included).
class DecodeError : public util::json::DecodeError {
 public:
  // `document` names what was decoded (a type or a file name), `path` the JSON location inside it
  // ("" for the document itself), `reason` the problem.
  APIMACHINERY_DECL DecodeError(std::string doc, std::string json_path, std::string why);

  std::string document;
  std::string path;
  std::string reason;

 private:
  APIMACHINERY_DECL static std::string Format(const std::string& doc, const std::string& json_path,
                                              const std::string& why);
};

// GroupVersionForDiscovery: one version of a group ("apps/v1" and "v1").
struct GroupVersionForDiscovery {
  std::string group_version{};  // "apps/v1"; "v1" for the core group
  std::string version{};        // "v1"

  friend bool operator==(const GroupVersionForDiscovery&, const GroupVersionForDiscovery&) = default;
};

// APIGroup: a group with its versions and the version the server prefers.
struct APIGroup {
  std::string name{};  // "" for the core group
  std::vector<GroupVersionForDiscovery> versions{};
  GroupVersionForDiscovery preferred_version{};

  friend bool operator==(const APIGroup&, const APIGroup&) = default;
};

// APIResource: one resource (or subresource, "pods/status") served in a group-version.
struct APIResource {
  std::string name{};           // plural ("deployments") or "resource/subresource"
  std::string singular_name{};  // "deployment"; may be empty (then guessed from the kind)
  bool namespaced = false;
  std::string group{};  // set only when it differs from the list's (subresources such as scale)
  std::string version{};
  std::string kind{};
  std::vector<std::string> verbs{};
  std::vector<std::string> short_names{};
  std::vector<std::string> categories{};
  std::string storage_version_hash{};

  friend bool operator==(const APIResource&, const APIResource&) = default;
};

// APIResourceList: the resources served in one group-version.
struct APIResourceList {
  std::string group_version{};
  std::vector<APIResource> resources{};

  friend bool operator==(const APIResourceList&, const APIResourceList&) = default;
};

// APIGroupList: the groups served at /apis.
struct APIGroupList {
  std::vector<APIGroup> groups{};

  friend bool operator==(const APIGroupList&, const APIGroupList&) = default;
};

// APIVersions: the legacy /api document, listing the versions of the core group.
struct APIVersions {
  std::vector<std::string> versions{};

  friend bool operator==(const APIVersions&, const APIVersions&) = default;
};

// APIVersionsToAPIGroup turns the legacy /api document into the core group (name "", preferred
// version = the first listed), as upstream's discovery client does.
APIGroup APIVersionsToAPIGroup(const APIVersions& versions);

// Parse* decode one document from its JSON text. `document` names it in error messages (default:
// the type name). Throws DecodeError.
APIResourceList ParseAPIResourceList(std::string_view text, std::string_view document = "APIResourceList");
APIGroupList ParseAPIGroupList(std::string_view text, std::string_view document = "APIGroupList");
APIGroup ParseAPIGroup(std::string_view text, std::string_view document = "APIGroup");
APIVersions ParseAPIVersions(std::string_view text, std::string_view document = "APIVersions");

// nlohmann hooks (found by ADL). from_json throws DecodeError.
void to_json(nlohmann::json& j, const GroupVersionForDiscovery& v);
void from_json(const nlohmann::json& j, GroupVersionForDiscovery& v);
void to_json(nlohmann::json& j, const APIGroup& v);
void from_json(const nlohmann::json& j, APIGroup& v);
void to_json(nlohmann::json& j, const APIResource& v);
void from_json(const nlohmann::json& j, APIResource& v);
void to_json(nlohmann::json& j, const APIResourceList& v);
void from_json(const nlohmann::json& j, APIResourceList& v);
void to_json(nlohmann::json& j, const APIGroupList& v);
void from_json(const nlohmann::json& j, APIGroupList& v);
void to_json(nlohmann::json& j, const APIVersions& v);
void from_json(const nlohmann::json& j, APIVersions& v);

// Implementation details follow.

namespace internal {

// Decoder walks a JSON value with a path, so errors say where they happened: DecodeError's path
// has the array indices ("resources[2].namespaced"), its reason is Go's json.UnmarshalTypeError
// text, read through the shared checked reader (util/internal/json_read.hpp) with Go's struct and
// type names (`json: cannot unmarshal string into Go struct field APIResource.resources.namespaced
// of type bool`).
class Decoder {
 public:
  APIMACHINERY_DECL explicit Decoder(std::string document);

  [[noreturn]] APIMACHINERY_DECL void Fail(const std::string& path, std::string reason) const;
  // TypeFail: `v` does not fit a member of Go type `go_type` (at the JSONErrorContext).
  [[noreturn]] APIMACHINERY_DECL void TypeFail(const std::string& path, const nlohmann::json& v,
                                               std::string_view go_type) const;

  APIMACHINERY_DECL static std::string_view TypeName(const nlohmann::json& j) noexcept;

  APIMACHINERY_DECL static std::string Join(const std::string& path, std::string_view key);
  APIMACHINERY_DECL static std::string Index(const std::string& path, std::size_t i);

  // The member `key` of object `j` (already checked to be an object), or nullptr when absent or
  // null (Go leaves the zero value).
  APIMACHINERY_DECL static const nlohmann::json* Member(const nlohmann::json& j, const char* key);

  // RequireObject: `j` must be an object, the value of a Go struct of type `go_type`.
  APIMACHINERY_DECL void RequireObject(const nlohmann::json& j, const std::string& path,
                                       std::string_view go_type) const;

  // A string member; `go_type` names a Go string type ("v2.ResourceScope").
  APIMACHINERY_DECL void String(const nlohmann::json& j, const std::string& path, const char* strct,
                                const char* key, std::string& out, std::string_view go_type = "string") const;

  APIMACHINERY_DECL void Bool(const nlohmann::json& j, const std::string& path, const char* strct,
                              const char* key, bool& out) const;

  // An array member of Go type `go_type` whose elements are decoded by
  // `elem(element, element_path, out_element)` (inside the member's error context).
  template <typename T, typename Elem>
  void Array(const nlohmann::json& j, const std::string& path, const char* strct, const char* key,
             std::string_view go_type, std::vector<T>& out, Elem&& elem) const {
    const nlohmann::json* m = Member(j, key);
    if (m == nullptr) return;
    util::internal::JSONFieldScope scope(strct, key);
    const std::string here = Join(path, key);
    if (!m->is_array()) TypeFail(here, *m, go_type);
    std::vector<T> result;
    result.reserve(m->size());
    std::size_t i = 0;
    for (const auto& e : *m) {
      T value{};
      elem(e, Index(here, i++), value);
      result.push_back(std::move(value));
    }
    out = std::move(result);
  }

  APIMACHINERY_DECL void Strings(const nlohmann::json& j, const std::string& path, const char* strct,
                                 const char* key, std::vector<std::string>& out) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path,
                                GroupVersionForDiscovery& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIGroup& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIResource& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIResourceList& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIGroupList& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIVersions& v) const;

 private:
  std::string document_;
};

// ParseDocument parses `text` as one JSON object of kind `kind` and decodes it into a T.
template <typename T>
T ParseDocument(std::string_view text, std::string_view document, std::string_view kind) {
  Decoder d{std::string(document)};
  bool blank = true;
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      blank = false;
      break;
    }
  }
  if (blank) d.Fail("", "empty document");
  nlohmann::json j;
  try {
    j = util::json::Parse(text);
  } catch (const util::json::SyntaxError& e) {
    d.Fail("", e.what());
  }

  if (!j.is_object()) d.Fail("", fmt::format("expected a JSON object, got {}", Decoder::TypeName(j)));
  if (auto it = j.find("kind"); it != j.end() && it->is_string() &&
                                !it->get_ref<const std::string&>().empty() &&
                                it->get_ref<const std::string&>() != kind) {
    d.Fail("kind", fmt::format("expected {}, got {}", kind, it->get_ref<const std::string&>()));
  }
  T out{};
  d.Decode(j, "", out);
  return out;
}

}  // namespace internal

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/types.ipp"
#endif
