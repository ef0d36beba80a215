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
    return util::HasUpperASCII(input.resource) ? FindResource(util::ToLowerASCII(input.resource))
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

// The lookups.

inline int CompiledRESTMapper::Narrow(const std::vector<std::uint32_t>& tables,
                                      const std::vector<std::string>* user_versions) const {
  const std::size_t n = tables.size();
  if (n == 1) return 0;
  if (n == 0) return -1;
  // Upstream, per pattern in order: 0 matches -> next pattern; 1 -> that one; more -> continue
  // with those. alive[c] == generation marks the candidates still in the running.
  std::vector<std::uint32_t> alive(n, 0);
  std::uint32_t generation = 0;
  std::size_t remaining = n;
  if (user_versions != nullptr) {
    for (const auto& v : *user_versions) {
      auto matches = [&](std::size_t c) { return v == kWildcard || v == tables_[tables[c]].version; };
      std::size_t count = 0, last = 0;
      for (std::size_t c = 0; c < n; ++c) {
        if (alive[c] == generation && matches(c)) {
          ++count;
          last = c;
        }
      }
      if (count == 0) continue;
      if (count == 1) return static_cast<int>(last);
      for (std::size_t c = 0; c < n; ++c) {
        if (alive[c] == generation && matches(c)) alive[c] = generation + 1;
      }
      ++generation;
      remaining = count;
    }
  }
  // The discovery patterns: walk only those that match some candidate, in pattern order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (pattern id, candidate)
  for (std::size_t c = 0; c < n; ++c) {
    for (auto id : tables_[tables[c]].pattern_ids) pairs.emplace_back(id, static_cast<std::uint32_t>(c));
  }
  std::sort(pairs.begin(), pairs.end());
  for (std::size_t i = 0; i < pairs.size();) {
    std::size_t j = i;
    while (j < pairs.size() && pairs[j].first == pairs[i].first) ++j;
    std::size_t count = 0, last = 0;
    for (std::size_t k = i; k < j; ++k) {
      if (alive[pairs[k].second] == generation) {
        ++count;
        last = pairs[k].second;
      }
    }
    if (count == 1) return static_cast<int>(last);
    if (count > 1) {
      for (std::size_t k = i; k < j; ++k) {
        if (alive[pairs[k].second] == generation) alive[pairs[k].second] = generation + 1;
      }
      ++generation;
      remaining = count;
    }
    i = j;
  }
  if (remaining != 1) return -1;
  for (std::size_t c = 0; c < n; ++c) {
    if (alive[c] == generation) return static_cast<int>(c);
  }
  return -1;
}

inline CompiledRESTMapper::Coerced CompiledRESTMapper::Coerce(const schema::GroupVersionResource& input) {
  Coerced c;
  if (util::HasUpperASCII(input.resource)) {
    c.lowered = util::ToLowerASCII(input.resource);
    c.resource = c.lowered;
  } else {
    c.resource = input.resource;
  }
  c.version =
      input.version == schema::kAPIVersionInternal ? std::string_view() : std::string_view(input.version);
  c.has_group = !input.group.empty();
  c.has_version = !c.version.empty();
  return c;
}

inline bool CompiledRESTMapper::TableMatches(const Table& t, const schema::GroupVersionResource& input,
                                             const Coerced& c) const noexcept {
  if (c.has_group && c.has_version) return t.group == input.group && t.version == c.version;
  // Each per-version mapper falls back to a raw prefix match of the group when it has no exact
  // match; within one group-version, that is "the group starts with the requested group".
  if (c.has_group) return std::string_view(t.group).substr(0, input.group.size()) == input.group;
  if (c.has_version) return t.version == c.version;
  return true;
}

inline meta::MapperError CompiledRESTMapper::MissingResource(const schema::GroupVersionResource& input,
                                                             const Coerced& c) const {
  if (tables_.empty()) return meta::MapperError::NoResourceMatch(input);
  schema::GroupVersionResource coerced{input.group, std::string(c.version), std::string(c.resource)};
  return meta::MapperError::Plain("a resource must be present, got: " + coerced.String());
}

inline const CompiledRESTMapper::ResourceEntry* CompiledRESTMapper::FindResource(
    std::string_view name) const {
  const std::uint32_t* id = resource_index_.Find(name);
  return id == nullptr ? nullptr : &resources_[*id];
}

inline const CompiledRESTMapper::KindGroupEntry* CompiledRESTMapper::FindKind(
    const schema::GroupKind& gk) const {
  const std::uint32_t* id = kind_index_.Find(gk.kind, gk.group);
  return id == nullptr ? nullptr : &kinds_[*id];
}

inline bool CompiledRESTMapper::CollectKinds(const schema::GroupVersionResource& input,
                                             std::vector<schema::GroupVersionKind>& out,
                                             std::vector<std::uint32_t>& tables,
                                             meta::MapperError& error) const {
  Coerced c = Coerce(input);
  if (c.resource.empty()) {
    error = MissingResource(input, c);
    return false;
  }
  if (const ResourceEntry* e = FindResource(c.resource)) {
    for (const auto& h : e->hits) {
      const Table& t = tables_[h.table];
      if (t.duplicate || !h.kind || !TableMatches(t, input, c)) continue;  // duplicate: Multi de-dup
      out.push_back(schema::GroupVersionKind{t.group, t.version, *h.kind});
      tables.push_back(h.table);
    }
  }
  if (out.empty()) {
    error = meta::MapperError::NoResourceMatch(input);
    return false;
  }
  return true;
}

inline bool CompiledRESTMapper::CollectResources(const schema::GroupVersionResource& input,
                                                 std::vector<schema::GroupVersionResource>& out,
                                                 std::vector<std::uint32_t>& tables,
                                                 meta::MapperError& error) const {
  Coerced c = Coerce(input);
  if (c.resource.empty()) {
    error = MissingResource(input, c);
    return false;
  }
  auto push = [&](const Table& t, const std::string& plural, std::uint32_t table) {
    out.push_back(schema::GroupVersionResource{t.group, t.version, plural});
    tables.push_back(table);
  };
  if (const ResourceEntry* e = FindResource(c.resource)) {
    for (const auto& h : e->hits) {
      const Table& t = tables_[h.table];
      if (t.duplicate || !TableMatches(t, input, c)) continue;  // duplicate: Multi de-dup
      if (c.has_group && c.has_version) {
        if (!h.exact_plural.empty()) push(t, h.exact_plural, h.table);
        continue;
      }
      const PluralMatch* previous = nullptr;
      for (const auto& m : h.matches) {
        if (previous == nullptr || previous->plural != m.plural) push(t, m.plural, h.table);
        previous = &m;
      }
    }
  }
  if (out.empty()) {
    error = meta::MapperError::NoResourceMatch(input);
    return false;
  }
  return true;
}

inline meta::MapperResult<schema::GroupVersionKind> CompiledRESTMapper::TryKindFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    // The common shape {Resource: name}: precomputed.
    const ResourceEntry* e = FindPlain(input);
    if (e == nullptr || e->all_kinds.empty()) {
      return meta::MapperResult<schema::GroupVersionKind>::Err(meta::MapperError::NoResourceMatch(input));
    }
    if (e->kind_for >= 0) {
      return meta::MapperResult<schema::GroupVersionKind>::Ok(
          e->all_kinds[static_cast<std::size_t>(e->kind_for)]);
    }
    return meta::MapperResult<schema::GroupVersionKind>::Err(
        meta::MapperError::AmbiguousResource(input, {}, e->all_kinds));
  }
  std::vector<schema::GroupVersionKind> kinds;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectKinds(input, kinds, tables, error))
    return meta::MapperResult<schema::GroupVersionKind>::Err(error);
  int best = Narrow(tables, nullptr);
  if (best >= 0)
    return meta::MapperResult<schema::GroupVersionKind>::Ok(kinds[static_cast<std::size_t>(best)]);
  return meta::MapperResult<schema::GroupVersionKind>::Err(
      meta::MapperError::AmbiguousResource(input, {}, std::move(kinds)));
}

inline meta::MapperResult<std::vector<schema::GroupVersionKind>> CompiledRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& input) const {
  using Result = meta::MapperResult<std::vector<schema::GroupVersionKind>>;
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e == nullptr || e->all_kinds.empty()) return Result::Err(meta::MapperError::NoResourceMatch(input));
    return Result::Ok(e->all_kinds);
  }
  std::vector<schema::GroupVersionKind> kinds;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectKinds(input, kinds, tables, error)) return Result::Err(error);
  return Result::Ok(std::move(kinds));
}

inline meta::MapperResult<schema::GroupVersionResource> CompiledRESTMapper::TryResourceFor(
    const schema::GroupVersionResource& input) const {
  using Result = meta::MapperResult<schema::GroupVersionResource>;
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e == nullptr || e->all_resources.empty())
      return Result::Err(meta::MapperError::NoResourceMatch(input));
    if (e->resource_for >= 0) return Result::Ok(e->all_resources[static_cast<std::size_t>(e->resource_for)]);
    return Result::Err(meta::MapperError::AmbiguousResource(input, e->all_resources, {}));
  }
  std::vector<schema::GroupVersionResource> resources;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectResources(input, resources, tables, error)) return Result::Err(error);
  int best = Narrow(tables, nullptr);
  if (best >= 0) return Result::Ok(resources[static_cast<std::size_t>(best)]);
  return Result::Err(meta::MapperError::AmbiguousResource(input, std::move(resources), {}));
}

inline meta::MapperResult<std::vector<schema::GroupVersionResource>> CompiledRESTMapper::TryResourcesFor(
    const schema::GroupVersionResource& input) const {
  using Result = meta::MapperResult<std::vector<schema::GroupVersionResource>>;
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e == nullptr || e->all_resources.empty())
      return Result::Err(meta::MapperError::NoResourceMatch(input));
    return Result::Ok(e->all_resources);
  }
  std::vector<schema::GroupVersionResource> resources;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectResources(input, resources, tables, error)) return Result::Err(error);
  return Result::Ok(std::move(resources));
}

inline bool CompiledRESTMapper::CollectMappings(const schema::GroupKind& gk,
                                                const std::vector<std::string>& versions,
                                                std::vector<const meta::RESTMapping*>& out,
                                                std::vector<std::uint32_t>& tables,
                                                meta::MapperError& error) const {
  // Per-version mapper rule: the first requested version ("" and __internal skipped) registered
  // there wins; if no usable version was requested, its default group-version is the candidate.
  auto usable = [](const std::string& v) { return !v.empty() && v != schema::kAPIVersionInternal; };
  const bool had_version = std::any_of(versions.begin(), versions.end(), usable);
  if (const KindGroupEntry* e = FindKind(gk)) {
    for (std::size_t i = 0; i < e->mappings.size(); ++i) {
      if (had_version) {
        const std::string& version = tables_[e->tables[i]].version;
        if (!usable(version) || std::find(versions.begin(), versions.end(), version) == versions.end())
          continue;
      }
      out.push_back(&e->mappings[i]);
      tables.push_back(e->tables[i]);
    }
  }
  if (out.empty()) {
    error = meta::MapperError::NoKindMatch(gk, versions);
    return false;
  }
  return true;
}

inline meta::MapperResult<meta::RESTMapping> CompiledRESTMapper::TryRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = meta::MapperResult<meta::RESTMapping>;
  if (versions.empty()) {
    const KindGroupEntry* e = FindKind(gk);
    if (e == nullptr) return Result::Err(meta::MapperError::NoKindMatch(gk, {}));
    if (e->best >= 0) return Result::Ok(e->mappings[static_cast<std::size_t>(e->best)]);
    std::vector<schema::GroupVersionKind> kinds;
    for (const auto& m : e->mappings) kinds.push_back(m.group_version_kind);
    return Result::Err(meta::MapperError::AmbiguousKind(gk.WithVersion(""), {}, std::move(kinds)));
  }
  std::vector<const meta::RESTMapping*> mappings;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectMappings(gk, versions, mappings, tables, error)) return Result::Err(error);
  int best = Narrow(tables, &versions);
  if (best >= 0) return Result::Ok(*mappings[static_cast<std::size_t>(best)]);
  std::vector<schema::GroupVersionKind> kinds;
  kinds.reserve(mappings.size());
  for (const auto* m : mappings) kinds.push_back(m->group_version_kind);
  return Result::Err(meta::MapperError::AmbiguousKind(gk.WithVersion(""), {}, std::move(kinds)));
}

inline meta::MapperResult<std::vector<meta::RESTMapping>> CompiledRESTMapper::TryRESTMappings(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  using Result = meta::MapperResult<std::vector<meta::RESTMapping>>;
  std::vector<const meta::RESTMapping*> mappings;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectMappings(gk, versions, mappings, tables, error)) return Result::Err(error);
  std::vector<meta::RESTMapping> out;
  out.reserve(mappings.size());
  for (const auto* m : mappings) out.push_back(*m);
  return Result::Ok(std::move(out));
}

inline meta::MapperResult<std::string> CompiledRESTMapper::TryResourceSingularizer(
    std::string_view resource) const {
  using Result = meta::MapperResult<std::string>;
  // Multi: the first per-version mapper that succeeds wins; otherwise the last one's error.
  if (tables_.empty()) return Result::Ok(std::string());
  const std::string name(resource);
  const std::string lowered = util::ToLowerASCII(resource);
  if (lowered.empty())
    return Result::Err(meta::MapperError::Plain("a resource must be present, got: /, Resource="));
  const ResourceEntry* e = FindResource(lowered);
  meta::MapperError last_error = meta::MapperError::NoResourceMatch({"", "", lowered});
  if (e != nullptr) {
    for (const auto& h : e->hits) {
      meta::MapperError error;
      if (h.matches.empty()) {
        error = meta::MapperError::NoResourceMatch({"", "", lowered});
      } else {
        // DefaultRESTMapper.ResourceSingularizer over its ResourcesFor list.
        const Table& t = tables_[h.table];
        std::string singular;  // "" while none was found (Go: singular.Empty())
        for (const auto& m : h.matches) {
          if (singular.empty()) {
            singular = m.singular;
            continue;
          }
          if (m.singular != singular) {
            std::vector<schema::GroupVersionResource> listed;
            for (const auto& x : h.matches) listed.push_back({t.group, t.version, x.plural});
            error =
                meta::MapperError::Plain(fmt::format("multiple possible singular resources ({}) found for {}",
                                                     util::internal::JoinList(listed), name));
            break;
          }
        }
        if (!error && singular.empty()) {
          error = meta::MapperError::Plain(fmt::format("no singular of resource {} has been defined", name));
        }
        if (!error) return Result::Ok(std::move(singular));
      }
      if (h.table + 1 == tables_.size()) last_error = error;
    }
  }
  return Result::Err(last_error);
}

inline schema::GroupVersionKind CompiledRESTMapper::DoKindFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e != nullptr && e->kind_for >= 0) return e->all_kinds[static_cast<std::size_t>(e->kind_for)];
  }
  return ValueOrThrowCold([&] { return TryKindFor(input); });
}

inline schema::GroupVersionResource CompiledRESTMapper::DoResourceFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e != nullptr && e->resource_for >= 0)
      return e->all_resources[static_cast<std::size_t>(e->resource_for)];
  }
  return ValueOrThrowCold([&] { return TryResourceFor(input); });
}

inline meta::RESTMapping CompiledRESTMapper::DoRESTMapping(const schema::GroupKind& gk,
                                                           const std::vector<std::string>& versions) const {
  if (versions.empty()) {
    const KindGroupEntry* e = FindKind(gk);
    if (e != nullptr && e->best >= 0) return e->mappings[static_cast<std::size_t>(e->best)];
  }
  return ValueOrThrowCold([&] { return TryRESTMapping(gk, versions); });
}

inline std::string CompiledRESTMapper::String() const {
  return fmt::format("DiscoveryRESTMapper{{{} group-versions, {} resources, {} priority patterns}}",
                     tables_.size(), resource_count_, patterns_.size());
}

}  // namespace apimachinery::restmapper::internal

// The constructor and its build steps need the complete class.
#include "apimachinery/restmapper/internal/builder.hpp"  // IWYU pragma: export
