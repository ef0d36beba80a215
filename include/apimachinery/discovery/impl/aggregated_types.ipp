// Definitions of the non-template functions declared in <apimachinery/discovery/aggregated_types.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/discovery/aggregated_types.hpp"

namespace apimachinery::discovery::internal {

APIMACHINERY_DECL AggregatedDecoder::AggregatedDecoder(std::string document) : d_(std::move(document)) {}

APIMACHINERY_DECL const Decoder& AggregatedDecoder::base() const { return d_; }

APIMACHINERY_DECL void AggregatedDecoder::DecodeKind(const nlohmann::json& j, const std::string& path,
                                                     schema::GroupVersionKind& v) const {
  d_.RequireObject(j, path, "v1.GroupVersionKind");
  constexpr const char* s = "GroupVersionKind";
  d_.String(j, path, s, "group", v.group);
  d_.String(j, path, s, "version", v.version);
  d_.String(j, path, s, "kind", v.kind);
}

APIMACHINERY_DECL void AggregatedDecoder::OptionalKind(const nlohmann::json& j, const std::string& path,
                                                       const char* strct, const char* key,
                                                       std::optional<schema::GroupVersionKind>& out) const {
  const nlohmann::json* m = Decoder::Member(j, key);
  if (m == nullptr) return;  // absent or null: Go's nil pointer
  util::internal::JSONFieldScope scope(strct, key);
  schema::GroupVersionKind gvk;
  DecodeKind(*m, Decoder::Join(path, key), gvk);
  out = std::move(gvk);
}

APIMACHINERY_DECL void AggregatedDecoder::Decode(const nlohmann::json& j, const std::string& path,
                                                 APISubresourceDiscovery& v) const {
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

APIMACHINERY_DECL void AggregatedDecoder::Decode(const nlohmann::json& j, const std::string& path,
                                                 APIResourceDiscovery& v) const {
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

APIMACHINERY_DECL void AggregatedDecoder::Decode(const nlohmann::json& j, const std::string& path,
                                                 APIVersionDiscovery& v) const {
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

APIMACHINERY_DECL void AggregatedDecoder::Decode(const nlohmann::json& j, const std::string& path,
                                                 APIGroupDiscovery& v) const {
  if (j.is_null()) return;
  d_.RequireObject(j, path, "v2.APIGroupDiscovery");
  constexpr const char* s = "APIGroupDiscovery";
  if (const nlohmann::json* meta = Decoder::Member(j, "metadata")) {
    util::internal::JSONFieldScope scope(s, "metadata");
    const std::string here = Decoder::Join(path, "metadata");
    d_.RequireObject(*meta, here, "v1.ObjectMeta");
    d_.String(*meta, here, "ObjectMeta", "name", v.name);
  }
  d_.Array(
      j, path, s, "versions", "[]v2.APIVersionDiscovery", v.versions,
      [this](const nlohmann::json& e, const std::string& p, APIVersionDiscovery& out) { Decode(e, p, out); });
}

APIMACHINERY_DECL void AggregatedDecoder::Decode(const nlohmann::json& j, const std::string& path,
                                                 APIGroupDiscoveryList& v) const {
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

APIMACHINERY_DECL nlohmann::json KindJSON(const schema::GroupVersionKind& k) {
  return nlohmann::json{{"group", k.group}, {"version", k.version}, {"kind", k.kind}};
}

}  // namespace apimachinery::discovery::internal

namespace apimachinery::discovery {

APIMACHINERY_DECL APIGroupDiscoveryList ParseAPIGroupDiscoveryList(std::string_view text,
                                                                   std::string_view document) {
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

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APISubresourceDiscovery& v) {
  j = nlohmann::json{{"subresource", v.subresource}, {"verbs", v.verbs}};
  if (v.response_kind) j["responseKind"] = internal::KindJSON(*v.response_kind);
  if (!v.accepted_types.empty()) {
    nlohmann::json types = nlohmann::json::array();
    for (const auto& t : v.accepted_types) types.push_back(internal::KindJSON(t));
    j["acceptedTypes"] = std::move(types);
  }
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIResourceDiscovery& v) {
  j = nlohmann::json{{"resource", v.resource}, {"scope", v.scope}, {"verbs", v.verbs}};
  if (v.response_kind) j["responseKind"] = internal::KindJSON(*v.response_kind);
  if (!v.singular_resource.empty()) j["singularResource"] = v.singular_resource;
  if (!v.short_names.empty()) j["shortNames"] = v.short_names;
  if (!v.categories.empty()) j["categories"] = v.categories;
  if (!v.subresources.empty()) j["subresources"] = v.subresources;
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIVersionDiscovery& v) {
  j = nlohmann::json{{"version", v.version}, {"resources", v.resources}};
  if (!v.freshness.empty()) j["freshness"] = v.freshness;
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIGroupDiscovery& v) {
  j = nlohmann::json{{"metadata", nlohmann::json{{"name", v.name}}}, {"versions", v.versions}};
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const APIGroupDiscoveryList& v) {
  j = nlohmann::json{{"apiVersion", v.api_version},
                     {"kind", "APIGroupDiscoveryList"},
                     {"metadata", nlohmann::json::object()},
                     {"items", v.items}};
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, APIGroupDiscoveryList& v) {
  APIGroupDiscoveryList out;
  internal::AggregatedDecoder("APIGroupDiscoveryList").Decode(j, "", out);
  v = std::move(out);
}

}  // namespace apimachinery::discovery
