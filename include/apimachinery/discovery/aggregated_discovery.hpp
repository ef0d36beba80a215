// discovery/aggregated_discovery.hpp: aggregated discovery (apidiscovery.k8s.io/v2 and v2beta1
// APIGroupDiscoveryList) and its conversion to the legacy shapes (k8s.io/client-go/discovery,
// aggregated_discovery.go), plus AggregatedDiscovery, a DiscoveryInterface over such documents.
//
// An API server that supports aggregated discovery serves everything a client needs in one
// document per root (/api and /apis): every group, its versions (preferred first), and each
// version's resources with their subresources. Clients convert it to the legacy documents
// (APIGroup, APIResourceList) and build their RESTMappers from those:
//
//   auto doc = discovery::ParseAPIGroupDiscoveryList(text);          // aggregated_v2.json
//   discovery::SplitDiscovery split = discovery::SplitGroupsAndResources(doc);
//   // split.groups.groups: legacy APIGroups; split.resources: one APIResourceList per version
//
//   auto client = discovery::AggregatedDiscovery::FromFile(dir / "aggregated_v2.json");
//   auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
//
// Conversion, as upstream: resource -> name, singularResource -> singularName, scope
// "Namespaced" -> namespaced (anything else is cluster-scoped), responseKind -> group/version/kind,
// verbs, shortNames and categories copied. Each subresource becomes its own APIResource named
// "<parent>/<sub>" with the parent's singular name and scope and its own responseKind and verbs.
// A resource without a responseKind (absent, null or all-empty) is left out but its subresources
// are still listed; a subresource without one is left out. A version marked "Stale" is not listed
// in its group and is reported in SplitDiscovery::failed as StaleGroupVersionError. The preferred
// version of a group is its first non-stale version.
//
// Throws: ParseAPIGroupDiscoveryList throws discovery::DecodeError (malformed JSON, wrong JSON
// types, a document of another kind or apiVersion). AggregatedDiscovery::FromFile also throws
// apimachinery::Error for an unreadable file. ServerResourcesForGroupVersion throws NotFoundError
// for a group-version that is not in the documents and StaleGroupVersionError for a stale one.
// Thread-safety: the types are plain values; AggregatedDiscovery may be used from many threads at
// once (one internal mutex).
//
// Differences from upstream:
// - SplitGroupsAndResources returns the resource lists in document order (a vector) and the stale
//   group-versions as a vector of (group-version, exception); upstream returns Go maps.
// - v2 and v2beta1 share one set of C++ types (the wire shapes are identical); the document's
//   apiVersion is kept in APIGroupDiscoveryList::api_version.
// - ObjectMeta is reduced to the name; TypeMeta of the items is not kept.
// - AggregatedDiscovery has no upstream counterpart (upstream's DiscoveryClient fetches and
//   converts the documents internally). AddLegacyGroup lets a client combine an aggregated /apis
//   document with a legacy /api core group.
#pragma once

#include <cstddef>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"

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
  std::string subresource;
  // What the subresource returns; may differ from the parent (scale -> autoscaling/v1 Scale).
  std::optional<schema::GroupVersionKind> response_kind;
  std::vector<schema::GroupVersionKind> accepted_types;
  std::vector<std::string> verbs;

  friend bool operator==(const APISubresourceDiscovery&, const APISubresourceDiscovery&) = default;
};

// APIResourceDiscovery: one resource of a group-version.
struct APIResourceDiscovery {
  std::string resource;  // plural name
  std::optional<schema::GroupVersionKind> response_kind;
  std::string scope;  // kScopeNamespace or kScopeCluster
  std::string singular_resource;
  std::vector<std::string> verbs;
  std::vector<std::string> short_names;
  std::vector<std::string> categories;
  std::vector<APISubresourceDiscovery> subresources;

  friend bool operator==(const APIResourceDiscovery&, const APIResourceDiscovery&) = default;
};

// APIVersionDiscovery: one version of a group with its resources.
struct APIVersionDiscovery {
  std::string version;
  std::vector<APIResourceDiscovery> resources;
  std::string freshness;  // kDiscoveryFreshnessCurrent, kDiscoveryFreshnessStale or ""

  friend bool operator==(const APIVersionDiscovery&, const APIVersionDiscovery&) = default;
};

// APIGroupDiscovery: one group, its versions in preference order.
struct APIGroupDiscovery {
  std::string name;  // metadata.name; "" for the core group (served at /api)
  std::vector<APIVersionDiscovery> versions;

  friend bool operator==(const APIGroupDiscovery&, const APIGroupDiscovery&) = default;
};

// APIGroupDiscoveryList: the aggregated document of one root (/api or /apis).
struct APIGroupDiscoveryList {
  std::string api_version{kAggregatedDiscoveryV2};
  std::vector<APIGroupDiscovery> items;

  friend bool operator==(const APIGroupDiscoveryList&, const APIGroupDiscoveryList&) = default;
};

// StaleGroupVersionError: a group-version the aggregated document marks "Stale" (its aggregated
// server did not answer). Text: `stale GroupVersion discovery: <group-version>`.
class StaleGroupVersionError : public Error {
 public:
  explicit StaleGroupVersionError(schema::GroupVersion gv)
      : Error(fmt::format("stale GroupVersion discovery: {}", gv.String())), group_version(std::move(gv)) {}

  schema::GroupVersion group_version;
};

// SplitDiscovery: an aggregated document in the legacy shapes.
struct SplitDiscovery {
  APIGroupList groups;
  // One list per non-stale group-version, in document order (group, then version).
  std::vector<APIResourceList> resources;
  // The stale group-versions, each with a StaleGroupVersionError.
  std::vector<std::pair<schema::GroupVersion, std::exception_ptr>> failed;
};

// ParseAPIGroupDiscoveryList decodes an aggregated document (apiVersion apidiscovery.k8s.io/v2 or
// v2beta1; a document without apiVersion is taken as v2). Throws DecodeError.
APIGroupDiscoveryList ParseAPIGroupDiscoveryList(std::string_view text,
                                                 std::string_view document = "APIGroupDiscoveryList");

// SplitGroupsAndResources converts an aggregated document to the legacy groups and resource lists
// (see the file comment). Throws: std::bad_alloc only.
SplitDiscovery SplitGroupsAndResources(const APIGroupDiscoveryList& list);

// ConvertAPIResource / ConvertAPISubresource convert one entry; nullopt when it has no
// responseKind (upstream returns an error and leaves the entry out).
std::optional<APIResource> ConvertAPIResource(const APIResourceDiscovery& in);
std::optional<APIResource> ConvertAPISubresource(const APIResource& parent,
                                                 const APISubresourceDiscovery& in);

// nlohmann hooks (found by ADL). from_json throws DecodeError; to_json writes the v2 wire shape.
void to_json(nlohmann::json& j, const APISubresourceDiscovery& v);
void to_json(nlohmann::json& j, const APIResourceDiscovery& v);
void to_json(nlohmann::json& j, const APIVersionDiscovery& v);
void to_json(nlohmann::json& j, const APIGroupDiscovery& v);
void to_json(nlohmann::json& j, const APIGroupDiscoveryList& v);
void from_json(const nlohmann::json& j, APIGroupDiscoveryList& v);

// AggregatedDiscovery: a DiscoveryInterface serving converted aggregated documents.
class AggregatedDiscovery : public DiscoveryInterface {
 public:
  AggregatedDiscovery() = default;
  // Serves the groups of `list` (see Add).
  explicit AggregatedDiscovery(const APIGroupDiscoveryList& list) { Add(list); }

  // FromFile reads and decodes one aggregated document.
  static std::shared_ptr<AggregatedDiscovery> FromFile(const std::filesystem::path& file);

  // Add converts `list` and serves its groups; a group already served under the same name is
  // replaced in place (so the /api document's core group can be added before or after /apis).
  void Add(const APIGroupDiscoveryList& list);
  // AddLegacyGroup serves a group given in the legacy shapes (for example the core group of a
  // server whose /api is not aggregated): `group` and one list per version, replacing a group of
  // the same name.
  void AddLegacyGroup(APIGroup group, std::vector<APIResourceList> lists);

  // The groups in document order, the core group (named "") first.
  inline std::vector<APIGroup> ServerGroups() override;
  // Throws NotFoundError, or StaleGroupVersionError for a stale group-version.
  inline APIResourceList ServerResourcesForGroupVersion(std::string_view group_version) override;

 private:
  void PutGroupLocked(APIGroup group);

  std::mutex mu_;
  std::vector<APIGroup> groups_;
  std::map<std::string, APIResourceList, std::less<>> resources_;
  std::map<std::string, schema::GroupVersion, std::less<>> stale_;
};

// Implementation details follow.

namespace internal {

class AggregatedDecoder {
 public:
  explicit AggregatedDecoder(std::string document) : d_(std::move(document)) {}

  const Decoder& base() const { return d_; }

  void DecodeKind(const nlohmann::json& j, const std::string& path, schema::GroupVersionKind& v) const {
    d_.RequireObject(j, path);
    d_.String(j, path, "group", v.group);
    d_.String(j, path, "version", v.version);
    d_.String(j, path, "kind", v.kind);
  }

  void OptionalKind(const nlohmann::json& j, const std::string& path, const char* key,
                    std::optional<schema::GroupVersionKind>& out) const {
    const nlohmann::json* m = d_.Member(j, path, key);
    if (m == nullptr) return;  // absent or null: Go's nil pointer
    schema::GroupVersionKind gvk;
    DecodeKind(*m, Decoder::Join(path, key), gvk);
    out = std::move(gvk);
  }

  void Decode(const nlohmann::json& j, const std::string& path, APISubresourceDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path);
    d_.String(j, path, "subresource", v.subresource);
    OptionalKind(j, path, "responseKind", v.response_kind);
    d_.Array(j, path, "acceptedTypes", v.accepted_types,
             [this](const nlohmann::json& e, const std::string& p, schema::GroupVersionKind& out) {
               if (!e.is_null()) DecodeKind(e, p, out);
             });
    d_.Strings(j, path, "verbs", v.verbs);
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIResourceDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path);
    d_.String(j, path, "resource", v.resource);
    OptionalKind(j, path, "responseKind", v.response_kind);
    d_.String(j, path, "scope", v.scope);
    d_.String(j, path, "singularResource", v.singular_resource);
    d_.Strings(j, path, "verbs", v.verbs);
    d_.Strings(j, path, "shortNames", v.short_names);
    d_.Strings(j, path, "categories", v.categories);
    d_.Array(j, path, "subresources", v.subresources,
             [this](const nlohmann::json& e, const std::string& p, APISubresourceDiscovery& out) {
               Decode(e, p, out);
             });
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIVersionDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path);
    d_.String(j, path, "version", v.version);
    d_.Array(j, path, "resources", v.resources,
             [this](const nlohmann::json& e, const std::string& p, APIResourceDiscovery& out) {
               Decode(e, p, out);
             });
    d_.String(j, path, "freshness", v.freshness);
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIGroupDiscovery& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path);
    if (const nlohmann::json* meta = d_.Member(j, path, "metadata")) {
      d_.String(*meta, Decoder::Join(path, "metadata"), "name", v.name);
    }
    d_.Array(j, path, "versions", v.versions,
             [this](const nlohmann::json& e, const std::string& p, APIVersionDiscovery& out) {
               Decode(e, p, out);
             });
  }

  void Decode(const nlohmann::json& j, const std::string& path, APIGroupDiscoveryList& v) const {
    if (j.is_null()) return;
    d_.RequireObject(j, path);
    std::string api_version;
    d_.String(j, path, "apiVersion", api_version);
    if (!api_version.empty() && api_version != kAggregatedDiscoveryV2 &&
        api_version != kAggregatedDiscoveryV2Beta1) {
      d_.Fail(Decoder::Join(path, "apiVersion"),
              fmt::format("expected {} or {}, got {}", kAggregatedDiscoveryV2, kAggregatedDiscoveryV2Beta1,
                          api_version));
    }
    v.api_version = api_version.empty() ? std::string(kAggregatedDiscoveryV2) : api_version;
    d_.Array(
        j, path, "items", v.items,
        [this](const nlohmann::json& e, const std::string& p, APIGroupDiscovery& out) { Decode(e, p, out); });
  }

 private:
  Decoder d_;
};

inline nlohmann::json KindJSON(const schema::GroupVersionKind& k) {
  return nlohmann::json{{"group", k.group}, {"version", k.version}, {"kind", k.kind}};
}

inline bool HasKind(const std::optional<schema::GroupVersionKind>& k) { return k.has_value() && !k->Empty(); }

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
    j = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    std::string_view what = e.what();
    if (auto close = what.find("] ");
        !what.empty() && what.front() == '[' && close != std::string_view::npos) {
      what.remove_prefix(close + 2);
    }
    dec.base().Fail("", fmt::format("invalid JSON: {}", what));
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

inline std::optional<APIResource> ConvertAPIResource(const APIResourceDiscovery& in) {
  if (!internal::HasKind(in.response_kind)) return std::nullopt;
  APIResource r;
  r.name = in.resource;
  r.singular_name = in.singular_resource;
  r.namespaced = in.scope == kScopeNamespace;
  r.group = in.response_kind->group;
  r.version = in.response_kind->version;
  r.kind = in.response_kind->kind;
  r.verbs = in.verbs;
  r.short_names = in.short_names;
  r.categories = in.categories;
  return r;
}

inline std::optional<APIResource> ConvertAPISubresource(const APIResource& parent,
                                                        const APISubresourceDiscovery& in) {
  if (!internal::HasKind(in.response_kind)) return std::nullopt;
  APIResource r;
  r.name = parent.name + "/" + in.subresource;
  r.singular_name = parent.singular_name;
  r.namespaced = parent.namespaced;
  r.group = in.response_kind->group;
  r.version = in.response_kind->version;
  r.kind = in.response_kind->kind;
  r.verbs = in.verbs;
  return r;
}

inline SplitDiscovery SplitGroupsAndResources(const APIGroupDiscoveryList& list) {
  SplitDiscovery out;
  out.groups.groups.reserve(list.items.size());
  for (const auto& g : list.items) {
    APIGroup group;
    group.name = g.name;
    for (const auto& v : g.versions) {
      schema::GroupVersion gv{g.name, v.version};
      if (v.freshness == kDiscoveryFreshnessStale) {
        out.failed.emplace_back(gv, std::make_exception_ptr(StaleGroupVersionError(gv)));
        continue;
      }
      GroupVersionForDiscovery version{gv.String(), v.version};
      // The preferred version is the first non-stale one.
      if (group.versions.empty()) group.preferred_version = version;
      group.versions.push_back(version);

      APIResourceList resources;
      resources.group_version = version.group_version;
      resources.resources.reserve(v.resources.size());
      for (const auto& r : v.resources) {
        // A resource without a kind is left out, but still names its subresources (upstream
        // converts it partially and uses that as the parent).
        APIResource parent;
        if (std::optional<APIResource> converted = ConvertAPIResource(r)) {
          resources.resources.push_back(*converted);
          parent = std::move(*converted);
        } else {
          parent.name = r.resource;
          parent.singular_name = r.singular_resource;
          parent.namespaced = r.scope == kScopeNamespace;
        }
        for (const auto& sub : r.subresources) {
          if (std::optional<APIResource> s = ConvertAPISubresource(parent, sub)) {
            resources.resources.push_back(std::move(*s));
          }
        }
      }
      out.resources.push_back(std::move(resources));
    }
    out.groups.groups.push_back(std::move(group));
  }
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

inline std::shared_ptr<AggregatedDiscovery> AggregatedDiscovery::FromFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) throw Error(fmt::format("discovery: cannot read {}", file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  auto client = std::make_shared<AggregatedDiscovery>();
  client->Add(ParseAPIGroupDiscoveryList(text.str(), file.filename().string()));
  return client;
}

inline void AggregatedDiscovery::PutGroupLocked(APIGroup group) {
  // Forget what the replaced group served.
  for (auto it = groups_.begin(); it != groups_.end(); ++it) {
    if (it->name != group.name) continue;
    for (const auto& v : it->versions) resources_.erase(v.group_version);
    for (auto s = stale_.begin(); s != stale_.end();) {
      s = s->second.group == group.name ? stale_.erase(s) : std::next(s);
    }
    *it = std::move(group);
    return;
  }
  groups_.push_back(std::move(group));
}

inline void AggregatedDiscovery::Add(const APIGroupDiscoveryList& list) {
  SplitDiscovery split = SplitGroupsAndResources(list);
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& g : split.groups.groups) PutGroupLocked(std::move(g));
  for (auto& r : split.resources) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
  for (auto& [gv, err] : split.failed) stale_.insert_or_assign(gv.String(), gv);
}

inline void AggregatedDiscovery::AddLegacyGroup(APIGroup group, std::vector<APIResourceList> lists) {
  std::lock_guard<std::mutex> lock(mu_);
  PutGroupLocked(std::move(group));
  for (auto& r : lists) {
    std::string key = r.group_version;
    resources_.insert_or_assign(std::move(key), std::move(r));
  }
}

inline std::vector<APIGroup> AggregatedDiscovery::ServerGroups() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<APIGroup> out;
  out.reserve(groups_.size());
  for (const auto& g : groups_) {
    if (g.name.empty()) out.push_back(g);
  }
  for (const auto& g : groups_) {
    if (!g.name.empty()) out.push_back(g);
  }
  return out;
}

inline APIResourceList AggregatedDiscovery::ServerResourcesForGroupVersion(std::string_view group_version) {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = resources_.find(group_version); it != resources_.end()) return it->second;
  if (auto it = stale_.find(group_version); it != stale_.end()) throw StaleGroupVersionError(it->second);
  throw NotFoundError();
}

}  // namespace apimachinery::discovery
