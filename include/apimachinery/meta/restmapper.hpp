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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit DefaultRESTMapper(std::vector<schema::GroupVersion> default_group_versions = {});

  // Add registers `kind` with its guessed plural and singular resources (UnsafeGuessKindToResource).
  // Thread-safety: not safe concurrently with any other call.
  APIMACHINERY_DECL void Add(const schema::GroupVersionKind& kind, RESTScopeName scope);

  // AddSpecific registers `kind` served by `plural`, also reachable as `singular`. Later
  // registrations overwrite earlier ones entry by entry, as upstream's maps do.
  // Thread-safety: not safe concurrently with any other call.
  APIMACHINERY_DECL void AddSpecific(const schema::GroupVersionKind& kind,
                                     const schema::GroupVersionResource& plural,
                                     const schema::GroupVersionResource& singular, RESTScopeName scope);

  APIMACHINERY_DECL const std::vector<schema::GroupVersion>& default_group_versions() const noexcept;

  APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL MapperResult<std::string> TryResourceSingularizer(
      std::string_view resource) const override;

  // `DefaultRESTMapper{kindToPluralResource=map[<gvk>:<gvr> ...]}`, keys sorted as Go's fmt does.
  APIMACHINERY_DECL std::string String() const override;

 private:
  // A view of a GVR (for allocation-free hash lookups).
  struct GVRView {
    std::string_view group, version, resource;
  };
  struct GVRHash {
    using is_transparent = void;
    APIMACHINERY_DECL std::size_t operator()(const GVRView& v) const noexcept;
    APIMACHINERY_DECL std::size_t operator()(const schema::GroupVersionResource& v) const noexcept;
  };
  struct GVREq {
    using is_transparent = void;
    APIMACHINERY_DECL static GVRView View(const GVRView& v) noexcept;
    APIMACHINERY_DECL static GVRView View(const schema::GroupVersionResource& v) noexcept;
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
    APIMACHINERY_DECL std::size_t operator()(const GVKView& v) const noexcept;
    APIMACHINERY_DECL std::size_t operator()(const schema::GroupVersionKind& v) const noexcept;
  };
  struct GVKEq {
    using is_transparent = void;
    APIMACHINERY_DECL static GVKView View(const GVKView& v) noexcept;
    APIMACHINERY_DECL static GVKView View(const schema::GroupVersionKind& v) noexcept;
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
    APIMACHINERY_DECL schema::GroupVersionResource ToGVR() const;
  };
  APIMACHINERY_DECL static void Coerce(const schema::GroupVersionResource& in, Coerced& out);

  // Sort rank of a group-version: -1 when not in default_group_versions_ (sorted first, then by
  // group and version), else its last index in the list (upstream's loop keeps the last match).
  APIMACHINERY_DECL int Rank(std::string_view group, std::string_view version) const;
  // Upstream's preferred-group-version order (made total; see the file comment).
  APIMACHINERY_DECL static bool Before(int rank_a, std::string_view group_a, std::string_view version_a,
                                       std::string_view name_a, int rank_b, std::string_view group_b,
                                       std::string_view version_b, std::string_view name_b);

  APIMACHINERY_DECL void AddResourceKey(const schema::GroupVersionResource& key,
                                        const schema::GroupVersionKind& kind, int kind_rank);
  APIMACHINERY_DECL static void RemoveHit(std::vector<PluralHit>& bucket, std::uint32_t entry,
                                          bool singular_side);

  using PluralHits = internal::SmallVec<const PluralEntry*, 8>;
  using KindHits = internal::SmallVec<const KindEntry*, 8>;
  using VersionList = internal::SmallVec<const std::string*, 8>;

  // Upstream's ResourcesFor/KindsFor matching, without building the result: fills `hits` (sorted)
  // or returns the error.
  APIMACHINERY_DECL MapperError FindPlurals(const Coerced& c, PluralHits& hits) const;
  APIMACHINERY_DECL MapperError FindKinds(const schema::GroupVersionResource& input, const Coerced& c,
                                          KindHits& hits) const;
  // RESTMappings' candidate versions (step 1-2 of upstream's algorithm); false when there is none.
  APIMACHINERY_DECL bool CandidateVersions(const schema::GroupKind& gk,
                                           const std::vector<std::string>& versions, VersionList& out) const;
  APIMACHINERY_DECL const KindInfo* FindKind(const schema::GroupKind& gk, const std::string& version) const;

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

APIMACHINERY_DECL bool EndsWith(std::string_view s, std::string_view suffix) noexcept;

}  // namespace internal

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/restmapper.ipp"
#endif
