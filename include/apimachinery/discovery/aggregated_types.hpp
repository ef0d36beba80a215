// discovery/aggregated_types.hpp: the aggregated discovery wire types (apidiscovery.k8s.io/v2 and
// v2beta1 APIGroupDiscoveryList, k8s.io/api/apidiscovery/v2/types.go) and their JSON.
//
// An API server that supports aggregated discovery serves everything a client needs in one
// document per root (/api and /apis): every group, its versions (preferred first), and each
// version's resources with their subresources.
//
// Example:
//   std::ifstream in("testdata/discovery/aggregated_v2.json");
//   std::string text{std::istreambuf_iterator<char>(in), {}};
//   auto doc = discovery::ParseAPIGroupDiscoveryList(text);
//
// Throws: ParseAPIGroupDiscoveryList and from_json throw discovery::DecodeError (malformed JSON,
// wrong JSON types, a document of another kind or apiVersion). Cost: one pass over the JSON.
// Thread-safety: the types are plain values.
//
// Differences from upstream:
// - v2 and v2beta1 share one set of C++ types (the wire shapes are identical); the document's
//   apiVersion is kept in APIGroupDiscoveryList::api_version.
// - ObjectMeta is reduced to the name; TypeMeta of the items is not kept.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/discovery/types.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/json/json.hpp"

namespace apimachinery::discovery {

// Scopes of APIResourceDiscovery (upstream: apidiscovery ResourceScope).
inline constexpr std::string_view kScopeNamespace = "Namespaced";
inline constexpr std::string_view kScopeCluster = "Cluster";
// Freshness of APIVersionDiscovery (upstream: apidiscovery DiscoveryFreshness).
inline constexpr std::string_view kDiscoveryFreshnessCurrent = "Current";
inline constexpr std::string_view kDiscoveryFreshnessStale = "Stale";
// The apiVersions of the aggregated document.
inline constexpr std::string_view kAggregatedDiscoveryV2 = "apidiscovery.k8s.io/v2";
inline constexpr std::string_view kAggregatedDiscoveryV2Beta1 = "apidiscovery.k8s.io/v2beta1";

// APISubresourceDiscovery: one subresource of a resource ("status", "scale").
struct APISubresourceDiscovery {
  std::string subresource{};
  // What the subresource returns; may differ from the parent (scale -> autoscaling/v1 Scale).
  std::optional<schema::GroupVersionKind> response_kind{};
  std::vector<schema::GroupVersionKind> accepted_types{};
  std::vector<std::string> verbs{};

  friend bool operator==(const APISubresourceDiscovery&, const APISubresourceDiscovery&) = default;
};

// APIResourceDiscovery: one resource of a group-version.
struct APIResourceDiscovery {
  std::string resource{};  // plural name
  std::optional<schema::GroupVersionKind> response_kind{};
  std::string scope{};  // kScopeNamespace or kScopeCluster
  std::string singular_resource{};
  std::vector<std::string> verbs{};
  std::vector<std::string> short_names{};
  std::vector<std::string> categories{};
  std::vector<APISubresourceDiscovery> subresources{};

  friend bool operator==(const APIResourceDiscovery&, const APIResourceDiscovery&) = default;
};

// APIVersionDiscovery: one version of a group with its resources.
struct APIVersionDiscovery {
  std::string version{};
  std::vector<APIResourceDiscovery> resources{};
  std::string freshness{};  // kDiscoveryFreshnessCurrent, kDiscoveryFreshnessStale or ""

  friend bool operator==(const APIVersionDiscovery&, const APIVersionDiscovery&) = default;
};

// APIGroupDiscovery: one group, its versions in preference order.
struct APIGroupDiscovery {
  std::string name{};  // metadata.name; "" for the core group (served at /api)
  std::vector<APIVersionDiscovery> versions{};

  friend bool operator==(const APIGroupDiscovery&, const APIGroupDiscovery&) = default;
};

// APIGroupDiscoveryList: the aggregated document of one root (/api or /apis).
struct APIGroupDiscoveryList {
  std::string api_version{kAggregatedDiscoveryV2};
  std::vector<APIGroupDiscovery> items{};

  friend bool operator==(const APIGroupDiscoveryList&, const APIGroupDiscoveryList&) = default;
};

// ParseAPIGroupDiscoveryList decodes an aggregated document (apiVersion apidiscovery.k8s.io/v2 or
// v2beta1; a document without apiVersion is taken as v2). Throws DecodeError.
APIGroupDiscoveryList ParseAPIGroupDiscoveryList(std::string_view text,
                                                 std::string_view document = "APIGroupDiscoveryList");

// nlohmann hooks (found by ADL). from_json throws DecodeError; to_json writes the v2 wire shape.
void to_json(nlohmann::json& j, const APISubresourceDiscovery& v);
void to_json(nlohmann::json& j, const APIResourceDiscovery& v);
void to_json(nlohmann::json& j, const APIVersionDiscovery& v);
void to_json(nlohmann::json& j, const APIGroupDiscovery& v);
void to_json(nlohmann::json& j, const APIGroupDiscoveryList& v);
void from_json(const nlohmann::json& j, APIGroupDiscoveryList& v);

// Implementation details follow.

namespace internal {

class AggregatedDecoder {
 public:
  explicit AggregatedDecoder(std::string document) : d_(std::move(document)) {}

  const Decoder& base() const { return d_; }

  void DecodeKind(const nlohmann::json& j, const std::string& path, schema::GroupVersionKind& v) const {
    d_.RequireObject(j, path, "v1.GroupVersionKind");
    constexpr const char* s = "GroupVersionKind";
    d_.String(j, path, s, "group", v.group);
    d_.String(j, path, s, "version", v.version);
    d_.String(j, path, s, "kind", v.kind);
  }

  void OptionalKind(const nlohmann::json& j, const std::string& path, const char* strct, const char* key,
                    std::optional<schema::GroupVersionKind>& out) const {
    const nlohmann::json* m = Decoder::Member(j, key);
    if (m == nullptr) return;  // absent or null: Go's nil pointer
    util::internal::JSONFieldScope scope(strct, key);
    schema::GroupVersionKind gvk;
    DecodeKind(*m, Decoder::Join(path, key), gvk);
    out = std::move(gvk);
  }

  void Decode(const nlohmann::json& j, const std::string& path, APISubresourceDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path, "v2.APISubresourceDiscovery");
    constexpr const char* s = "APISubresourceDiscovery";
    d_.String(j, path, s, "subresource", v.subresource);
    OptionalKind(j, path, s, "responseKind", v.response_kind);
    d_.Array(j, path, s, "acceptedTypes", "[]v1.GroupVersionKind", v.accepted_types,
             [this](const nlohmann::json& e, const std::string& p, schema::GroupVersionKind& out) {
               if (!e.is_null()) DecodeKind(e, p, out);
             });
    d_.Strings(j, path, s, "verbs", v.verbs);
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIResourceDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path, "v2.APIResourceDiscovery");
    constexpr const char* s = "APIResourceDiscovery";
    d_.String(j, path, s, "resource", v.resource);
    OptionalKind(j, path, s, "responseKind", v.response_kind);
    d_.String(j, path, s, "scope", v.scope, "v2.ResourceScope");
    d_.String(j, path, s, "singularResource", v.singular_resource);
    d_.Strings(j, path, s, "verbs", v.verbs);
    d_.Strings(j, path, s, "shortNames", v.short_names);
    d_.Strings(j, path, s, "categories", v.categories);
    d_.Array(j, path, s, "subresources", "[]v2.APISubresourceDiscovery", v.subresources,
             [this](const nlohmann::json& e, const std::string& p, APISubresourceDiscovery& out) {
               Decode(e, p, out);
             });
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIVersionDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path, "v2.APIVersionDiscovery");
    constexpr const char* s = "APIVersionDiscovery";
    d_.String(j, path, s, "version", v.version);
    d_.Array(j, path, s, "resources", "[]v2.APIResourceDiscovery", v.resources,
             [this](const nlohmann::json& e, const std::string& p, APIResourceDiscovery& out) {
               Decode(e, p, out);
             });
    d_.String(j, path, s, "freshness", v.freshness, "v2.DiscoveryFreshness");
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIGroupDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path, "v2.APIGroupDiscovery");
    constexpr const char* s = "APIGroupDiscovery";
    if (const nlohmann::json* meta = Decoder::Member(j, "metadata")) {
      util::internal::JSONFieldScope scope(s, "metadata");
      const std::string here = Decoder::Join(path, "metadata");
      d_.RequireObject(*meta, here, "v1.ObjectMeta");
      d_.String(*meta, here, "ObjectMeta", "name", v.name);
    }
    d_.Array(j, path, s, "versions", "[]v2.APIVersionDiscovery", v.versions,
             [this](const nlohmann::json& e, const std::string& p, APIVersionDiscovery& out) {
               Decode(e, p, out);
             });
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIGroupDiscoveryList& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path, "v2.APIGroupDiscoveryList");
    constexpr const char* s = "APIGroupDiscoveryList";
    std::string api_version;
    d_.String(j, path, s, "apiVersion", api_version);
    if (!api_version.empty() && api_version != kAggregatedDiscoveryV2 &&
        api_version != kAggregatedDiscoveryV2Beta1) {
      d_.Fail(Decoder::Join(path, "apiVersion"),
              fmt::format("expected {} or {}, got {}", kAggregatedDiscoveryV2, kAggregatedDiscoveryV2Beta1,
                          api_version));
    }
    v.api_version = api_version.empty() ? std::string(kAggregatedDiscoveryV2) : api_version;
    d_.Array(
        j, path, s, "items", "[]v2.APIGroupDiscovery", v.items,
        [this](const nlohmann::json& e, const std::string& p, APIGroupDiscovery& out) { Decode(e, p, out); });
  }

 private:
  Decoder d_;
};

inline nlohmann::json KindJSON(const schema::GroupVersionKind& k) {
  return nlohmann::json{{"group", k.group}, {"version", k.version}, {"kind", k.kind}};
}

}  // namespace internal

inline APIGroupDiscoveryList ParseAPIGroupDiscoveryList(std::string_view text, std::string_view document) {
  // The same checks as the legacy Parse* functions (blank text, JSON syntax, object, `kind`).
  internal::AggregatedDecoder dec{std::string(document)};
  bool blank = true;
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      blank = false;
      break;
    }
  }
  if (blank) dec.base().Fail("", "empty document");
  nlohmann::json j;
  try {
    j = util::json::Parse(text);
  } catch (const util::json::SyntaxError& e) {
    dec.base().Fail("", e.what());
  }

  if (!j.is_object()) {
    dec.base().Fail("", fmt::format("expected a JSON object, got {}", internal::Decoder::TypeName(j)));
  }
  if (auto it = j.find("kind"); it != j.end() && it->is_string() &&
                                !it->get_ref<const std::string&>().empty() &&
                                it->get_ref<const std::string&>() != "APIGroupDiscoveryList") {
    dec.base().Fail("kind",
                    fmt::format("expected APIGroupDiscoveryList, got {}", it->get_ref<const std::string&>()));
  }
  APIGroupDiscoveryList out;
  dec.Decode(j, "", out);
  return out;
}

inline void to_json(nlohmann::json& j, const APISubresourceDiscovery& v) {
  j = nlohmann::json{{"subresource", v.subresource}, {"verbs", v.verbs}};
  if (v.response_kind) j["responseKind"] = internal::KindJSON(*v.response_kind);
  if (!v.accepted_types.empty()) {
    nlohmann::json types = nlohmann::json::array();
    for (const auto& t : v.accepted_types) types.push_back(internal::KindJSON(t));
    j["acceptedTypes"] = std::move(types);
  }
}

inline void to_json(nlohmann::json& j, const APIResourceDiscovery& v) {
  j = nlohmann::json{{"resource", v.resource}, {"scope", v.scope}, {"verbs", v.verbs}};
  if (v.response_kind) j["responseKind"] = internal::KindJSON(*v.response_kind);
  if (!v.singular_resource.empty()) j["singularResource"] = v.singular_resource;
  if (!v.short_names.empty()) j["shortNames"] = v.short_names;
  if (!v.categories.empty()) j["categories"] = v.categories;
  if (!v.subresources.empty()) j["subresources"] = v.subresources;
}

inline void to_json(nlohmann::json& j, const APIVersionDiscovery& v) {
  j = nlohmann::json{{"version", v.version}, {"resources", v.resources}};
  if (!v.freshness.empty()) j["freshness"] = v.freshness;
}

inline void to_json(nlohmann::json& j, const APIGroupDiscovery& v) {
  j = nlohmann::json{{"metadata", nlohmann::json{{"name", v.name}}}, {"versions", v.versions}};
}

inline void to_json(nlohmann::json& j, const APIGroupDiscoveryList& v) {
  j = nlohmann::json{{"apiVersion", v.api_version},
                     {"kind", "APIGroupDiscoveryList"},
                     {"metadata", nlohmann::json::object()},
                     {"items", v.items}};
}

inline void from_json(const nlohmann::json& j, APIGroupDiscoveryList& v) {
  APIGroupDiscoveryList out;
  internal::AggregatedDecoder("APIGroupDiscoveryList").Decode(j, "", out);
  v = std::move(out);
}

}  // namespace apimachinery::discovery
