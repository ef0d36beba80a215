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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit AggregatedDecoder(std::string document);

  APIMACHINERY_DECL const Decoder& base() const;

  APIMACHINERY_DECL void DecodeKind(const nlohmann::json& j, const std::string& path,
                                    schema::GroupVersionKind& v) const;

  APIMACHINERY_DECL void OptionalKind(const nlohmann::json& j, const std::string& path, const char* strct,
                                      const char* key, std::optional<schema::GroupVersionKind>& out) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path,
                                APISubresourceDiscovery& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path,
                                APIResourceDiscovery& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path,
                                APIVersionDiscovery& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path, APIGroupDiscovery& v) const;

  APIMACHINERY_DECL void Decode(const nlohmann::json& j, const std::string& path,
                                APIGroupDiscoveryList& v) const;

 private:
  Decoder d_;
};

APIMACHINERY_DECL nlohmann::json KindJSON(const schema::GroupVersionKind& k);

}  // namespace internal

}  // namespace apimachinery::discovery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/discovery/impl/aggregated_types.ipp"
#endif
