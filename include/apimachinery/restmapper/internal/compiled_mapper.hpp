// restmapper/internal/compiled_mapper.hpp: the discovery RESTMapper compiled into one immutable
// index. Users name it only as meta::RESTMapper (restmapper::NewDiscoveryRESTMapper).
//
// Upstream's NewDiscoveryRESTMapper returns PriorityRESTMapper{MultiRESTMapper{one DefaultRESTMapper
// per group-version}, resource and kind priority patterns} (k8s.io/client-go/restmapper/
// discovery.go: NewDiscoveryRESTMapper). Every lookup
// then asks every per-version mapper in turn (each miss allocating an error) and walks the pattern
// lists: O(group-versions + patterns) per call. This class gives the same answers, including
// errors and their texts, from hash indexes built once:
//
// - Build: each group-version's registrations are simulated exactly as DefaultRESTMapper's maps
//   would hold them (lower-case kind, kind, <Kind>List, List; subresources skipped; later
//   registrations overwrite earlier ones), then folded into
//     resources_    per resource name: the group-versions where a request for it can match, with
//                   the kind (resourceToKind) and the matching plurals (pluralToSingular), and the
//                   precomputed answers for the common request shape {Resource: name};
//     kinds_        per (kind, group): its RESTMappings in Multi order, with the precomputed
//                   RESTMapping answer for "no versions";
//     tables_       per group-version: group, version, ids of the priority patterns matching it;
//   and two open-addressing hash indexes (FlatIndex) over the names.
// - Lookup: one hash probe, no allocation beyond the returned value. The public KindFor,
//   ResourceFor and RESTMapping (the Do... hooks of meta/interfaces.hpp) copy a precomputed hit
//   straight into the caller's result; every other case goes through the Try... methods.
//   Requests with a group and/or version filter the (short) hit list by the per-version rules
//   (exact group+version; group as a raw string prefix, because each per-version mapper falls
//   back to prefix matching on its own; version only), de-duplicate as Multi does and resolve
//   ties by walking only the patterns that match a candidate, in pattern order.
//
// Throws: the Try... methods never throw for mapper errors (std::bad_alloc only); the public
// methods throw the meta errors upstream returns. The constructor throws std::bad_alloc only.
// Thread-safety: immutable after construction; every method may be called from many threads.
//
// Differences from upstream (beyond the literal composition's O(n) cost):
// - Where Go iterates a map and stops at the first hit (DefaultRESTMapper.ResourcesFor with group
//   and version given, when the name is the plural of one registration and the singular of
//   another), the plural wins, then the first registration.
// - Lower-casing of kinds and requested resources is ASCII-only (Go: Unicode).
// - String() prints a summary, not the nested mapper dump.
//
// Files: flat_index.hpp (StringMap, FlatIndex), priority_patterns.hpp
// (GroupInput, PriorityPattern, DiscoveryPriorityPatterns), builder.hpp (the constructor and its
// build steps, included at the end: they need the complete class); this header holds the class and
// the lookups.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/restmapper/internal/flat_index.hpp"
#include "apimachinery/restmapper/internal/priority_patterns.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"
#include "apimachinery/util/internal/join_list.hpp"

namespace apimachinery::restmapper::internal {

// CompiledRESTMapper: see the file comment.
class CompiledRESTMapper final : public meta::RESTMapper {
 public:
  APIMACHINERY_DECL explicit CompiledRESTMapper(const std::vector<GroupInput>& groups);

  APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL meta::MapperResult<std::string> TryResourceSingularizer(
      std::string_view resource) const override;
  APIMACHINERY_DECL std::string String() const override;

  // The priority patterns in effect (upstream's ResourcePriority / KindPriority, without the
  // trailing `*` resource or kind).
  APIMACHINERY_DECL const std::vector<PriorityPattern>& patterns() const noexcept;

 protected:
  // The public lookups: a precomputed hit is copied straight into the caller's result; anything
  // else goes through the Try... method (same answers and errors).
  APIMACHINERY_DECL schema::GroupVersionKind DoKindFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL schema::GroupVersionResource DoResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL meta::RESTMapping DoRESTMapping(const schema::GroupKind& gk,
                                                    const std::vector<std::string>& versions) const override;
  APIMACHINERY_DECL std::vector<schema::GroupVersionResource> DoResourcesFor(
      const schema::GroupVersionResource& input) const override;

 private:
  // One registered group-version (one upstream per-version DefaultRESTMapper).
  struct Table {
    std::string group;
    std::string version;
    std::vector<std::uint32_t> pattern_ids;  // ascending
    // An earlier table has the same group-version (a version listed twice): same registrations,
    // so its answers are already in every de-duplicated (Multi) result.
    bool duplicate = false;
  };
  // A plural registration that a requested name matches (pluralToSingular entry).
  struct PluralMatch {
    std::string plural;
    // The singular's resource name; its group-version is the table's. "" stands for the zero GVR
    // (a registration without singular name and kind), the only way a singular can be empty.
    std::string singular;
  };
  // What one group-version holds for one requested (lower-case) resource name.
  struct ResourceHit {
    std::uint32_t table = 0;
    std::optional<std::string> kind;  // resourceToKind[name]
    // pluralToSingular entries whose singular or plural is the name, sorted by plural, with the
    // duplicates DefaultRESTMapper.ResourcesFor produces (needed for the singularizer's message).
    std::vector<PluralMatch> matches;
    // The one plural the exact {group, version, resource} request yields ("" if none).
    std::string exact_plural;
  };
  struct ResourceEntry {
    std::vector<ResourceHit> hits;  // in Multi (group, then version) order
    // Precomputed answers for requests {Resource: name} (no group, no version).
    std::vector<schema::GroupVersionKind> all_kinds;
    std::vector<schema::GroupVersionResource> all_resources;
    int kind_for = -1;      // index into all_kinds; -1: ambiguous (or none)
    int resource_for = -1;  // index into all_resources; -1: ambiguous (or none)
  };
  struct KindGroupEntry {
    std::string kind;
    std::string group;
    std::vector<meta::RESTMapping> mappings;  // in Multi order
    std::vector<std::uint32_t> tables;        // table of each mapping
    int best = -1;                            // precomputed RESTMapping(gk) answer; -1: ambiguous
  };

  // Build-time state: name -> entry ids, and scratch maps reused for every table.
  struct Builder;
  APIMACHINERY_DECL void AddTable(Builder& b, const std::vector<discovery::APIResource>& resources);
  APIMACHINERY_DECL void Finish(Builder& b);

  APIMACHINERY_DECL const ResourceEntry* FindResource(std::string_view name) const;
  // Requests of the common shape {Resource: name} (no group; no version, or __internal) are
  // answered from the precomputed lists of the entry.
  // `try_fn().ValueOrThrow()`, kept out of line so that the hit paths of the Do... methods stay small.
  template <typename TryFn>
  [[gnu::noinline, gnu::cold]] static auto ValueOrThrowCold(const TryFn& try_fn) {
    return try_fn().ValueOrThrow();
  }
  APIMACHINERY_DECL static bool IsPlainRequest(const schema::GroupVersionResource& input) noexcept;
  // The entry of a plain request's (lower-cased) resource, or nullptr.
  APIMACHINERY_DECL const ResourceEntry* FindPlain(const schema::GroupVersionResource& input) const;
  APIMACHINERY_DECL const KindGroupEntry* FindKind(const schema::GroupKind& gk) const;
  APIMACHINERY_DECL bool PatternMatches(const PriorityPattern& p, const std::string& group,
                                        const std::string& version) const noexcept;
  // Upstream's priority narrowing over candidates living in `tables` (one per candidate):
  // `user_versions` patterns first (RESTMapping with versions), then the discovery patterns.
  // Returns the chosen candidate, or -1 when it stays ambiguous.
  APIMACHINERY_DECL int Narrow(const std::vector<std::uint32_t>& tables,
                               const std::vector<std::string>* user_versions) const;

  // The request after coerceResourceForMatching, plus what the lookup needs.
  struct Coerced {
    std::string lowered;  // storage when the resource had upper-case letters
    std::string_view resource;
    std::string_view version;
    bool has_group = false;
    bool has_version = false;
  };
  APIMACHINERY_DECL static Coerced Coerce(const schema::GroupVersionResource& input);
  APIMACHINERY_DECL bool TableMatches(const Table& t, const schema::GroupVersionResource& input,
                                      const Coerced& c) const noexcept;
  // The error for a request without a resource (Multi over >= 1 DefaultRESTMapper).
  APIMACHINERY_DECL meta::MapperError MissingResource(const schema::GroupVersionResource& input,
                                                      const Coerced& c) const;

  // Candidates of a resource request: kinds or plural resources, de-duplicated as Multi does,
  // with their tables. Returns false (and sets `error`) when nothing matches.
  APIMACHINERY_DECL bool CollectKinds(const schema::GroupVersionResource& input,
                                      std::vector<schema::GroupVersionKind>& out,
                                      std::vector<std::uint32_t>& tables, meta::MapperError& error) const;
  APIMACHINERY_DECL bool CollectResources(const schema::GroupVersionResource& input,
                                          std::vector<schema::GroupVersionResource>& out,
                                          std::vector<std::uint32_t>& tables, meta::MapperError& error) const;
  // The RESTMappings Multi returns for gk/versions, with their tables.
  APIMACHINERY_DECL bool CollectMappings(const schema::GroupKind& gk,
                                         const std::vector<std::string>& versions,
                                         std::vector<const meta::RESTMapping*>& out,
                                         std::vector<std::uint32_t>& tables, meta::MapperError& error) const;

  std::vector<PriorityPattern> patterns_;
  std::vector<Table> tables_;
  std::vector<ResourceEntry> resources_;
  FlatIndex resource_index_;  // lower-case resource name -> resources_ index
  std::vector<KindGroupEntry> kinds_;
  FlatIndex kind_index_;  // (kind, group) -> kinds_ index
  std::size_t resource_count_ = 0;
};

// The lookups.

}  // namespace apimachinery::restmapper::internal

// The constructor and its build steps need the complete class.
#include "apimachinery/restmapper/internal/builder.hpp"  // IWYU pragma: export

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/restmapper/internal/impl/compiled_mapper.ipp"
#endif
