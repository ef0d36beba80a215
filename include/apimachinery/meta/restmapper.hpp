// meta/restmapper.hpp: DefaultRESTMapper and UnsafeGuessKindToResource
// (k8s.io/apimachinery/pkg/api/meta/restmapper.go).
//
// DefaultRESTMapper maps kinds to resources and back from explicit registrations. A kind's
// resource is its lower-cased, naively pluralised name (UnsafeGuessKindToResource) unless given
// explicitly (AddSpecific); lookups also accept the singular name. Partial requests are resolved
// by the rules of upstream's ResourcesFor/KindsFor: an empty group means "any group", a group
// that matches nothing exactly is tried as a raw string prefix, and results are ordered by the
// position of their group-version in `default_group_versions`.
//
// Example:
//   meta::DefaultRESTMapper m({{"", "v1"}, {"apps", "v1"}});
//   m.Add({"apps", "v1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   m.KindFor({"", "", "deployment"});                 // apps/v1, Kind=Deployment
//   m.RESTMapping({"apps", "Deployment"}).resource;    // apps/v1, Resource=deployments
//
// Throws (see also the table in meta/errors.hpp and k8s.io/apimachinery/pkg/api/meta/errors.go):
// - KindsFor/ResourcesFor: apimachinery::Error `a resource must be present, got: <gvr>` for an
//   empty resource; NoResourceMatchError when nothing matches (ResourcesFor reports the coerced
//   request, KindsFor the original one).
// - KindFor/ResourceFor: as above, and AmbiguousResourceError (matching_kinds resp.
//   matching_resources) when several match.
// - RESTMapping(s): NoKindMatchError when there is no candidate version; NoResourceMatchError with
//   the kind in the resource field when candidates exist but none is registered.
// - ResourceSingularizer: ResourcesFor's errors; apimachinery::Error for several or no singulars.
// All lookups give the strong guarantee (they do not modify the mapper).
//
// Thread-safety: all const methods may run concurrently. Add/AddSpecific must not run concurrently
// with anything else (register everything first, then share the mapper).
//
// Complexity: upstream scans every registration for each partial lookup. This port keeps the
// registrations in hash maps plus an index by resource name, so a partial lookup costs
// O(number of registrations sharing the requested resource name) plus sorting the matches, and a
// fully qualified lookup is one hash lookup. Results, duplicates and ordering are identical.
//
// Differences from upstream:
// - Ordering where upstream's is unspecified: upstream's comparator puts a group-version that is
//   not in `default_group_versions` "before" anything, inconsistently, so those results come out in
//   Go-map order. Here they come first, ordered by (group, version) byte order, then the listed
//   group-versions in list order; within one group-version, by name (as upstream).
// - A fully qualified ResourcesFor that matches both a plural and some other entry's singular
//   (only possible through unusual AddSpecific calls) returns the plural itself, else the plural
//   registered first; upstream picks whichever its map iteration meets first.
// - Lower-casing (resource coercion, UnsafeGuessKindToResource) is ASCII-only; Go's
//   strings.ToLower also lower-cases non-ASCII letters.
// - Upstream's singularToPlural map is written but never read; it is not kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "apimachinery/error.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/internal/hash_combine.hpp"

namespace apimachinery::meta {

// UnsafeGuessKindToResource converts a kind to its (plural, singular) resources by upstream's naive
// English rules (restmapper.go: UnsafeGuessKindToResource, unpluralizedSuffixes): lower-case; a
// name ending in "endpoints" is its own plural; a trailing "s" gets "es", a trailing "y" becomes
// "ies", anything else gets "s". An empty kind gives two zero GVRs. Never throws (except
// std::bad_alloc).
std::pair<schema::GroupVersionResource, schema::GroupVersionResource> UnsafeGuessKindToResource(
    const schema::GroupVersionKind& kind);

// DefaultRESTMapper: a RESTMapper over explicit registrations (see the file comment).
class DefaultRESTMapper : public RESTMapper {
 public:
  // `default_group_versions` is the preference order used to sort results and the versions tried
  // by RESTMapping(s) when the caller gives none.
  explicit DefaultRESTMapper(std::vector<schema::GroupVersion> default_group_versions = {});

  // Add registers `kind` with its guessed plural and singular resources (UnsafeGuessKindToResource).
  // Thread-safety: not safe concurrently with any other call.
  void Add(const schema::GroupVersionKind& kind, RESTScopeName scope);

  // AddSpecific registers `kind` served by `plural`, also reachable as `singular`. Later
  // registrations overwrite earlier ones entry by entry, as upstream's maps do.
  // Thread-safety: not safe concurrently with any other call.
  void AddSpecific(const schema::GroupVersionKind& kind, const schema::GroupVersionResource& plural,
                   const schema::GroupVersionResource& singular, RESTScopeName scope);

  const std::vector<schema::GroupVersion>& default_group_versions() const noexcept {
    return default_group_versions_;
  }

  inline MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  inline MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  inline MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  inline MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  inline MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;

  // `DefaultRESTMapper{kindToPluralResource=map[<gvk>:<gvr> ...]}`, keys sorted as Go's fmt does.
  inline std::string String() const override;

 private:
  // A view of a GVR (for allocation-free hash lookups).
  struct GVRView {
    std::string_view group, version, resource;
  };
  struct GVRHash {
    using is_transparent = void;
    std::size_t operator()(const GVRView& v) const noexcept {
      return util::internal::HashCombine(
          util::internal::HashCombine(util::internal::HashCombine(4, v.group), v.version), v.resource);
    }
    std::size_t operator()(const schema::GroupVersionResource& v) const noexcept {
      return (*this)(GVRView{v.group, v.version, v.resource});
    }
  };
  struct GVREq {
    using is_transparent = void;
    static GVRView View(const GVRView& v) noexcept { return v; }
    static GVRView View(const schema::GroupVersionResource& v) noexcept {
      return {v.group, v.version, v.resource};
    }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const noexcept {
      const GVRView x = View(a), y = View(b);
      return x.resource == y.resource && x.group == y.group && x.version == y.version;
    }
  };
  struct GVKView {
    std::string_view group, version, kind;
  };
  struct GVKHash {
    using is_transparent = void;
    std::size_t operator()(const GVKView& v) const noexcept {
      return util::internal::HashCombine(
          util::internal::HashCombine(util::internal::HashCombine(3, v.group), v.version), v.kind);
    }
    std::size_t operator()(const schema::GroupVersionKind& v) const noexcept {
      return (*this)(GVKView{v.group, v.version, v.kind});
    }
  };
  struct GVKEq {
    using is_transparent = void;
    static GVKView View(const GVKView& v) noexcept { return v; }
    static GVKView View(const schema::GroupVersionKind& v) noexcept { return {v.group, v.version, v.kind}; }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const noexcept {
      const GVKView x = View(a), y = View(b);
      return x.kind == y.kind && x.group == y.group && x.version == y.version;
    }
  };

  // One key of upstream's resourceToKind map.
  struct KindEntry {
    schema::GroupVersionResource key;
    schema::GroupVersionKind kind;
    int kind_rank;  // rank of kind's group-version (see Rank)
  };
  // One key of upstream's pluralToSingular map.
  struct PluralEntry {
    schema::GroupVersionResource plural;
    schema::GroupVersionResource singular;
    int plural_rank;  // rank of plural's group-version
  };
  // A reason an entry of pluralToSingular matches a resource name: its singular or its plural
  // has that name (an entry whose two names are equal is listed twice, reproducing upstream's
  // duplicates).
  struct PluralHit {
    std::uint32_t entry;
    bool singular_side;
  };
  struct KindInfo {
    schema::GroupVersionResource plural;
    RESTScopeName scope;
  };

  // A request after upstream's coerceResourceForMatching: resource lower-cased, `__internal`
  // version dropped. Views into the request, or into `lowered` when lower-casing changed it.
  struct Coerced {
    std::string lowered;
    GVRView view;
    schema::GroupVersionResource ToGVR() const {
      return {std::string(view.group), std::string(view.version), std::string(view.resource)};
    }
  };
  static void Coerce(const schema::GroupVersionResource& in, Coerced& out);

  // Sort rank of a group-version: -1 when not in default_group_versions_ (sorted first, then by
  // group and version), else its last index in the list (upstream's loop keeps the last match).
  int Rank(std::string_view group, std::string_view version) const;
  // Upstream's preferred-group-version order (made total; see the file comment).
  static bool Before(int rank_a, std::string_view group_a, std::string_view version_a,
                     std::string_view name_a, int rank_b, std::string_view group_b,
                     std::string_view version_b, std::string_view name_b) {
    if (rank_a != rank_b) return rank_a < rank_b;
    if (rank_a < 0) {
      if (group_a != group_b) return group_a < group_b;
      if (version_a != version_b) return version_a < version_b;
    }
    return name_a < name_b;
  }

  void AddResourceKey(const schema::GroupVersionResource& key, const schema::GroupVersionKind& kind,
                      int kind_rank);
  static void RemoveHit(std::vector<PluralHit>& bucket, std::uint32_t entry, bool singular_side);

  using PluralHits = internal::SmallVec<const PluralEntry*, 8>;
  using KindHits = internal::SmallVec<const KindEntry*, 8>;
  using VersionList = internal::SmallVec<const std::string*, 8>;

  // Upstream's ResourcesFor/KindsFor matching, without building the result: fills `hits` (sorted)
  // or returns the error.
  MapperError FindPlurals(const Coerced& c, PluralHits& hits) const;
  MapperError FindKinds(const schema::GroupVersionResource& input, const Coerced& c, KindHits& hits) const;
  // RESTMappings' candidate versions (step 1-2 of upstream's algorithm); false when there is none.
  bool CandidateVersions(const schema::GroupKind& gk, const std::vector<std::string>& versions,
                         VersionList& out) const;
  const KindInfo* FindKind(const schema::GroupKind& gk, const std::string& version) const {
    auto it = kind_to_plural_.find(GVKView{gk.group, version, gk.kind});
    return it == kind_to_plural_.end() ? nullptr : &it->second;
  }

  std::vector<schema::GroupVersion> default_group_versions_;
  std::unordered_map<schema::GroupVersion, int> gv_rank_;

  // resourceToKind
  std::vector<KindEntry> kind_entries_;
  std::unordered_map<schema::GroupVersionResource, std::uint32_t, GVRHash, GVREq> resource_to_kind_;
  std::unordered_map<std::string, std::vector<std::uint32_t>, util::StringHash, util::StringEqual>
      kinds_by_resource_name_;

  // pluralToSingular
  std::vector<PluralEntry> plural_entries_;
  std::unordered_map<schema::GroupVersionResource, std::uint32_t, GVRHash, GVREq> plural_to_singular_;
  std::unordered_map<std::string, std::vector<PluralHit>, util::StringHash, util::StringEqual>
      plurals_by_resource_name_;
  std::unordered_map<schema::GroupVersionResource, std::vector<std::uint32_t>, GVRHash, GVREq>
      plurals_by_singular_;

  // kindToPluralResource + kindToScope (always written together)
  std::unordered_map<schema::GroupVersionKind, KindInfo, GVKHash, GVKEq> kind_to_plural_;
};

// Implementation details follow.

namespace internal {

inline bool EndsWith(std::string_view s, std::string_view suffix) noexcept {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace internal

inline std::pair<schema::GroupVersionResource, schema::GroupVersionResource> UnsafeGuessKindToResource(
    const schema::GroupVersionKind& kind) {
  if (kind.kind.empty()) return {};
  std::string singular_name = util::ToLowerASCII(kind.kind);
  schema::GroupVersionResource singular{kind.group, kind.version, singular_name};
  // upstream's unpluralizedSuffixes
  if (internal::EndsWith(singular_name, "endpoints")) return {singular, singular};
  std::string plural_name;
  switch (singular_name.back()) {
    case 's':
      plural_name = singular_name + "es";
      break;
    case 'y':
      plural_name = singular_name.substr(0, singular_name.size() - 1) + "ies";
      break;
    default:
      plural_name = singular_name + "s";
  }
  return {schema::GroupVersionResource{kind.group, kind.version, std::move(plural_name)},
          std::move(singular)};
}

inline DefaultRESTMapper::DefaultRESTMapper(std::vector<schema::GroupVersion> default_group_versions)
    : default_group_versions_(std::move(default_group_versions)) {
  for (std::size_t i = 0; i < default_group_versions_.size(); ++i) {
    gv_rank_[default_group_versions_[i]] = static_cast<int>(i);  // last index wins
  }
}

inline int DefaultRESTMapper::Rank(std::string_view group, std::string_view version) const {
  if (gv_rank_.empty()) return -1;
  auto it = gv_rank_.find(schema::GroupVersion{std::string(group), std::string(version)});
  return it == gv_rank_.end() ? -1 : it->second;
}

inline void DefaultRESTMapper::Add(const schema::GroupVersionKind& kind, RESTScopeName scope) {
  auto [plural, singular] = UnsafeGuessKindToResource(kind);
  AddSpecific(kind, plural, singular, scope);
}

inline void DefaultRESTMapper::RemoveHit(std::vector<PluralHit>& bucket, std::uint32_t entry,
                                         bool singular_side) {
  for (auto it = bucket.begin(); it != bucket.end(); ++it) {
    if (it->entry == entry && it->singular_side == singular_side) {
      bucket.erase(it);
      return;
    }
  }
}

inline void DefaultRESTMapper::AddResourceKey(const schema::GroupVersionResource& key,
                                              const schema::GroupVersionKind& kind, int kind_rank) {
  auto it = resource_to_kind_.find(key);
  if (it != resource_to_kind_.end()) {
    KindEntry& e = kind_entries_[it->second];
    e.kind = kind;
    e.kind_rank = kind_rank;
    return;
  }
  const auto id = static_cast<std::uint32_t>(kind_entries_.size());
  kind_entries_.push_back(KindEntry{key, kind, kind_rank});
  resource_to_kind_.emplace(key, id);
  auto bucket = kinds_by_resource_name_.find(key.resource);
  if (bucket == kinds_by_resource_name_.end()) {
    bucket = kinds_by_resource_name_.emplace(key.resource, std::vector<std::uint32_t>{}).first;
  }
  bucket->second.push_back(id);
}

inline void DefaultRESTMapper::AddSpecific(const schema::GroupVersionKind& kind,
                                           const schema::GroupVersionResource& plural,
                                           const schema::GroupVersionResource& singular,
                                           RESTScopeName scope) {
  // pluralToSingular[plural] = singular
  auto it = plural_to_singular_.find(plural);
  if (it == plural_to_singular_.end()) {
    const auto id = static_cast<std::uint32_t>(plural_entries_.size());
    plural_entries_.push_back(PluralEntry{plural, singular, Rank(plural.group, plural.version)});
    plural_to_singular_.emplace(plural, id);
    plurals_by_resource_name_[plural.resource].push_back(PluralHit{id, false});
    plurals_by_resource_name_[singular.resource].push_back(PluralHit{id, true});
    plurals_by_singular_[singular].push_back(id);
  } else {
    const std::uint32_t id = it->second;
    PluralEntry& e = plural_entries_[id];
    if (!(e.singular == singular)) {
      RemoveHit(plurals_by_resource_name_.find(e.singular.resource)->second, id, true);
      auto& old_list = plurals_by_singular_.find(e.singular)->second;
      old_list.erase(std::find(old_list.begin(), old_list.end(), id));
      e.singular = singular;
      plurals_by_resource_name_[singular.resource].push_back(PluralHit{id, true});
      plurals_by_singular_[singular].push_back(id);
    }
  }

  // resourceToKind[singular] = kind; resourceToKind[plural] = kind
  const int kind_rank = Rank(kind.group, kind.version);
  AddResourceKey(singular, kind, kind_rank);
  AddResourceKey(plural, kind, kind_rank);

  // kindToPluralResource[kind] = plural; kindToScope[kind] = scope
  kind_to_plural_.insert_or_assign(kind, KindInfo{plural, scope});
}

inline void DefaultRESTMapper::Coerce(const schema::GroupVersionResource& in, Coerced& out) {
  std::string_view resource = in.resource;
  if (util::HasUpperASCII(resource)) {
    out.lowered = util::ToLowerASCII(resource);
    resource = out.lowered;
  }
  std::string_view version = in.version;
  if (version == schema::kAPIVersionInternal) version = {};
  out.view = GVRView{in.group, version, resource};
}

inline MapperError DefaultRESTMapper::FindPlurals(const Coerced& c, PluralHits& hits) const {
  const GVRView& req = c.view;
  const bool has_group = !req.group.empty();
  const bool has_version = !req.version.empty();
  if (req.resource.empty())
    return MapperError::Plain("a resource must be present, got: " + c.ToGVR().String());

  if (has_group && has_version) {
    // Fully qualified: the entry whose plural is the request, else one whose singular is.
    if (auto it = plural_to_singular_.find(req); it != plural_to_singular_.end()) {
      hits.push_back(&plural_entries_[it->second]);
    } else if (auto s = plurals_by_singular_.find(req);
               s != plurals_by_singular_.end() && !s->second.empty()) {
      hits.push_back(&plural_entries_[*std::min_element(s->second.begin(), s->second.end())]);
    }
  } else if (auto bucket_it = plurals_by_resource_name_.find(req.resource);
             bucket_it != plurals_by_resource_name_.end()) {
    const auto& bucket = bucket_it->second;
    if (has_group) {
      for (const PluralHit& h : bucket) {
        const PluralEntry& e = plural_entries_[h.entry];
        const auto& side = h.singular_side ? e.singular : e.plural;
        if (side.group == req.group) hits.push_back(&e);
      }
      if (hits.empty()) {
        // No exact group: raw string prefix of the plural's group.
        for (const PluralHit& h : bucket) {
          const PluralEntry& e = plural_entries_[h.entry];
          if (std::string_view(e.plural.group).substr(0, req.group.size()) == req.group) hits.push_back(&e);
        }
      }
    } else if (has_version) {
      for (const PluralHit& h : bucket) {
        const PluralEntry& e = plural_entries_[h.entry];
        const auto& side = h.singular_side ? e.singular : e.plural;
        if (side.version == req.version) hits.push_back(&e);
      }
    } else {
      for (const PluralHit& h : bucket) hits.push_back(&plural_entries_[h.entry]);
    }
  }

  if (hits.empty()) return MapperError::NoResourceMatch(c.ToGVR());
  if (hits.size() > 1) {
    std::sort(hits.begin(), hits.end(), [](const PluralEntry* a, const PluralEntry* b) {
      return Before(a->plural_rank, a->plural.group, a->plural.version, a->plural.resource, b->plural_rank,
                    b->plural.group, b->plural.version, b->plural.resource);
    });
  }
  return MapperError();
}

inline MapperError DefaultRESTMapper::FindKinds(const schema::GroupVersionResource& input, const Coerced& c,
                                                KindHits& hits) const {
  const GVRView& req = c.view;
  const bool has_group = !req.group.empty();
  const bool has_version = !req.version.empty();
  if (req.resource.empty())
    return MapperError::Plain("a resource must be present, got: " + c.ToGVR().String());

  if (has_group && has_version) {
    if (auto it = resource_to_kind_.find(req); it != resource_to_kind_.end()) {
      hits.push_back(&kind_entries_[it->second]);
    }
  } else if (auto bucket_it = kinds_by_resource_name_.find(req.resource);
             bucket_it != kinds_by_resource_name_.end()) {
    const auto& bucket = bucket_it->second;
    if (has_group) {
      for (std::uint32_t id : bucket) {
        if (kind_entries_[id].key.group == req.group) hits.push_back(&kind_entries_[id]);
      }
      if (hits.empty()) {
        for (std::uint32_t id : bucket) {
          const KindEntry& e = kind_entries_[id];
          if (std::string_view(e.key.group).substr(0, req.group.size()) == req.group) hits.push_back(&e);
        }
      }
    } else if (has_version) {
      for (std::uint32_t id : bucket) {
        if (kind_entries_[id].key.version == req.version) hits.push_back(&kind_entries_[id]);
      }
    } else {
      for (std::uint32_t id : bucket) hits.push_back(&kind_entries_[id]);
    }
  }

  if (hits.empty()) return MapperError::NoResourceMatch(input);
  if (hits.size() > 1) {
    std::sort(hits.begin(), hits.end(), [](const KindEntry* a, const KindEntry* b) {
      return Before(a->kind_rank, a->kind.group, a->kind.version, a->kind.kind, b->kind_rank, b->kind.group,
                    b->kind.version, b->kind.kind);
    });
  }
  return MapperError();
}

inline MapperResult<std::vector<schema::GroupVersionResource>> DefaultRESTMapper::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  using Result = MapperResult<std::vector<schema::GroupVersionResource>>;
  Coerced c;
  Coerce(input, c);
  PluralHits hits;
  if (MapperError err = FindPlurals(c, hits)) return Result::Err(std::move(err));
  std::vector<schema::GroupVersionResource> out;
  out.reserve(hits.size());
  for (const PluralEntry* e : hits) out.push_back(e->plural);
  return Result::Ok(std::move(out));
}

inline MapperResult<schema::GroupVersionResource> DefaultRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  using Result = MapperResult<schema::GroupVersionResource>;
  Coerced c;
  Coerce(input, c);
  PluralHits hits;
  if (MapperError err = FindPlurals(c, hits)) return Result::Err(std::move(err));
  if (hits.size() == 1) return Result::Ok(hits.front()->plural);
  std::vector<schema::GroupVersionResource> all;
  all.reserve(hits.size());
  for (const PluralEntry* e : hits) all.push_back(e->plural);
  return Result::Err(MapperError::AmbiguousResource(input, std::move(all), {}));
}

inline MapperResult<std::vector<schema::GroupVersionKind>> DefaultRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& input) const {
  using Result = MapperResult<std::vector<schema::GroupVersionKind>>;
  Coerced c;
  Coerce(input, c);
  KindHits hits;
  if (MapperError err = FindKinds(input, c, hits)) return Result::Err(std::move(err));
  std::vector<schema::GroupVersionKind> out;
  out.reserve(hits.size());
  for (const KindEntry* e : hits) out.push_back(e->kind);
  return Result::Ok(std::move(out));
}

inline MapperResult<schema::GroupVersionKind> DefaultRESTMapper::TryKindFor(
    const schema::GroupVersionResource& resource) const {
  using Result = MapperResult<schema::GroupVersionKind>;
  Coerced c;
  Coerce(resource, c);
  KindHits hits;
  if (MapperError err = FindKinds(resource, c, hits)) return Result::Err(std::move(err));
  if (hits.size() == 1) return Result::Ok(hits.front()->kind);
  std::vector<schema::GroupVersionKind> all;
  all.reserve(hits.size());
  for (const KindEntry* e : hits) all.push_back(e->kind);
  return Result::Err(MapperError::AmbiguousResource(resource, {}, std::move(all)));
}

inline bool DefaultRESTMapper::CandidateVersions(const schema::GroupKind& gk,
                                                 const std::vector<std::string>& versions,
                                                 VersionList& out) const {
  bool had_version = false;
  // Pick the first requested version that is registered.
  for (const auto& version : versions) {
    if (version.empty() || version == schema::kAPIVersionInternal) continue;
    had_version = true;
    if (FindKind(gk, version) != nullptr) {
      out.push_back(&version);
      break;
    }
  }
  // Else the default versions of the group, in order.
  if (!had_version && out.empty()) {
    for (const auto& gv : default_group_versions_) {
      if (gv.group == gk.group) out.push_back(&gv.version);
    }
  }
  return !out.empty();
}

inline MapperResult<std::vector<meta::RESTMapping>> DefaultRESTMapper::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = MapperResult<std::vector<meta::RESTMapping>>;
  VersionList candidates;
  if (!CandidateVersions(gk, versions, candidates))
    return Result::Err(MapperError::NoKindMatch(gk, versions));
  std::vector<meta::RESTMapping> mappings;
  for (const std::string* version : candidates) {
    const KindInfo* info = FindKind(gk, *version);
    if (info == nullptr) continue;
    mappings.push_back(
        meta::RESTMapping{info->plural, schema::GroupVersionKind{gk.group, *version, gk.kind}, info->scope});
  }
  if (mappings.empty()) {
    return Result::Err(MapperError::NoResourceMatch(schema::GroupVersionResource{gk.group, "", gk.kind}));
  }
  return Result::Ok(std::move(mappings));
}

inline MapperResult<meta::RESTMapping> DefaultRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = MapperResult<meta::RESTMapping>;
  // RESTMappings then its first element, without building the others.
  VersionList candidates;
  if (!CandidateVersions(gk, versions, candidates))
    return Result::Err(MapperError::NoKindMatch(gk, versions));
  for (const std::string* version : candidates) {
    if (const KindInfo* info = FindKind(gk, *version)) {
      return Result::Ok(meta::RESTMapping{info->plural, schema::GroupVersionKind{gk.group, *version, gk.kind},
                                          info->scope});
    }
  }
  return Result::Err(MapperError::NoResourceMatch(schema::GroupVersionResource{gk.group, "", gk.kind}));
}

inline MapperResult<std::string> DefaultRESTMapper::TryResourceSingularizer(
    std::string_view resource_type) const {
  using Result = MapperResult<std::string>;
  const schema::GroupVersionResource partial{"", "", std::string(resource_type)};
  Coerced c;
  Coerce(partial, c);
  PluralHits hits;  // ResourcesFor(partial), each hit with its current singular
  if (MapperError err = FindPlurals(c, hits)) return Result::Err(std::move(err));
  const schema::GroupVersionResource* singular = nullptr;
  for (const PluralEntry* e : hits) {
    if (singular == nullptr || singular->Empty()) {
      singular = &e->singular;
      continue;
    }
    if (e->singular.resource != singular->resource) {
      std::vector<schema::GroupVersionResource> all;
      for (const PluralEntry* h : hits) all.push_back(h->plural);
      return Result::Err(MapperError::Plain("multiple possible singular resources (" +
                                            internal::JoinList(all) + ") found for " +
                                            std::string(resource_type)));
    }
  }
  if (singular == nullptr || singular->Empty()) {
    return Result::Err(
        MapperError::Plain("no singular of resource " + std::string(resource_type) + " has been defined"));
  }
  return Result::Ok(singular->resource);
}

inline std::string DefaultRESTMapper::String() const {
  std::map<schema::GroupVersionKind, const schema::GroupVersionResource*> sorted;
  for (const auto& [gvk, info] : kind_to_plural_) sorted.emplace(gvk, &info.plural);
  std::string out = "DefaultRESTMapper{kindToPluralResource=map[";
  bool first = true;
  for (const auto& [gvk, gvr] : sorted) {
    if (!first) out.push_back(' ');
    first = false;
    out += gvk.String();
    out.push_back(':');
    out += gvr->String();
  }
  out += "]}";
  return out;
}

}  // namespace apimachinery::meta
