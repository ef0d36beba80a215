// restmapper/internal/compiled_mapper_decl.hpp: the declaration of CompiledRESTMapper, the
// discovery RESTMapper compiled into one immutable index (k8s.io/client-go/restmapper/discovery.go:
// NewDiscoveryRESTMapper). Its design, errors, cost and thread-safety are described in
// compiled_mapper.hpp, which defines the lookups; builder.hpp defines the constructor. Include
// compiled_mapper.hpp, not this header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/discovery/types.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/restmapper/internal/ascii.hpp"
#include "apimachinery/restmapper/internal/flat_index.hpp"
#include "apimachinery/restmapper/internal/priority_patterns.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"

namespace apimachinery::restmapper::internal {

// CompiledRESTMapper: see the file comment.
class CompiledRESTMapper final : public meta::RESTMapper {
 public:
  explicit CompiledRESTMapper(const std::vector<GroupInput>& groups);

  inline meta::MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  inline meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  inline meta::MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  inline meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;
  inline std::string String() const override;

  // The priority patterns in effect (upstream's ResourcePriority / KindPriority, without the
  // trailing `*` resource or kind).
  const std::vector<PriorityPattern>& patterns() const noexcept { return patterns_; }

 protected:
  // The public lookups: a precomputed hit is copied straight into the caller's result; anything
  // else goes through the Try... method (same answers and errors).
  inline schema::GroupVersionKind DoKindFor(const schema::GroupVersionResource& input) const override;
  inline schema::GroupVersionResource DoResourceFor(const schema::GroupVersionResource& input) const override;
  inline meta::RESTMapping DoRESTMapping(const schema::GroupKind& gk,
                                         const std::vector<std::string>& versions) const override;

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
  void AddTable(Builder& b, const std::vector<discovery::APIResource>& resources);
  void Finish(Builder& b);

  const ResourceEntry* FindResource(std::string_view name) const;
  // Requests of the common shape {Resource: name} (no group; no version, or __internal) are
  // answered from the precomputed lists of the entry.
  // `try_fn().ValueOrThrow()`, kept out of line so that the hit paths of the Do... methods stay small.
  template <typename TryFn>
  [[gnu::noinline, gnu::cold]] static auto ValueOrThrowCold(const TryFn& try_fn) {
    return try_fn().ValueOrThrow();
  }
  static bool IsPlainRequest(const schema::GroupVersionResource& input) noexcept {
    return input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
           !input.resource.empty();
  }
  // The entry of a plain request's (lower-cased) resource, or nullptr.
  const ResourceEntry* FindPlain(const schema::GroupVersionResource& input) const {
    return HasAsciiUpper(input.resource) ? FindResource(util::ToLowerASCII(input.resource))
                                         : FindResource(input.resource);
  }
  const KindGroupEntry* FindKind(const schema::GroupKind& gk) const;
  bool PatternMatches(const PriorityPattern& p, const std::string& group,
                      const std::string& version) const noexcept;
  // Upstream's priority narrowing over candidates living in `tables` (one per candidate):
  // `user_versions` patterns first (RESTMapping with versions), then the discovery patterns.
  // Returns the chosen candidate, or -1 when it stays ambiguous.
  int Narrow(const std::vector<std::uint32_t>& tables, const std::vector<std::string>* user_versions) const;

  // The request after coerceResourceForMatching, plus what the lookup needs.
  struct Coerced {
    std::string lowered;  // storage when the resource had upper-case letters
    std::string_view resource;
    std::string_view version;
    bool has_group = false;
    bool has_version = false;
  };
  static Coerced Coerce(const schema::GroupVersionResource& input);
  bool TableMatches(const Table& t, const schema::GroupVersionResource& input,
                    const Coerced& c) const noexcept;
  // The error for a request without a resource (Multi over >= 1 DefaultRESTMapper).
  meta::MapperError MissingResource(const schema::GroupVersionResource& input, const Coerced& c) const;

  // Candidates of a resource request: kinds or plural resources, de-duplicated as Multi does,
  // with their tables. Returns false (and sets `error`) when nothing matches.
  bool CollectKinds(const schema::GroupVersionResource& input, std::vector<schema::GroupVersionKind>& out,
                    std::vector<std::uint32_t>& tables, meta::MapperError& error) const;
  bool CollectResources(const schema::GroupVersionResource& input,
                        std::vector<schema::GroupVersionResource>& out, std::vector<std::uint32_t>& tables,
                        meta::MapperError& error) const;
  // The RESTMappings Multi returns for gk/versions, with their tables.
  bool CollectMappings(const schema::GroupKind& gk, const std::vector<std::string>& versions,
                       std::vector<const meta::RESTMapping*>& out, std::vector<std::uint32_t>& tables,
                       meta::MapperError& error) const;

  std::vector<PriorityPattern> patterns_;
  std::vector<Table> tables_;
  std::vector<ResourceEntry> resources_;
  FlatIndex resource_index_;  // lower-case resource name -> resources_ index
  std::vector<KindGroupEntry> kinds_;
  FlatIndex kind_index_;  // (kind, group) -> kinds_ index
  std::size_t resource_count_ = 0;
};

}  // namespace apimachinery::restmapper::internal
