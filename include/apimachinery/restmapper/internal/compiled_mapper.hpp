// restmapper/internal/compiled_mapper.hpp: the discovery RESTMapper compiled into one immutable
// index. Users name it only as meta::RESTMapper (restmapper::NewDiscoveryRESTMapper).
//
// Upstream's NewDiscoveryRESTMapper returns PriorityRESTMapper{MultiRESTMapper{one DefaultRESTMapper
// per group-version}, resource and kind priority patterns} (upstream-semantics §7.1). Every lookup
// then asks every per-version mapper in turn (each miss allocating an error) and walks the pattern
// lists: O(group-versions + patterns) per call. This class gives the same answers, including
// errors and their texts, from hash indexes built once:
//
// - Build: each group-version's registrations are simulated exactly as DefaultRESTMapper's maps
//   would hold them (lower-case kind, kind, <Kind>List, List; subresources skipped; later
//   registrations overwrite earlier ones), then folded into
//     by_resource_  resource name -> the group-versions where a request for it can match, with the
//                   kind (resourceToKind) and the matching plurals (pluralToSingular), and the
//                   precomputed answers for the common request shape {Resource: name};
//     by_kind_      kind -> group -> the RESTMappings of that group-kind in Multi order, with the
//                   precomputed RESTMapping answer for "no versions";
//     tables_       per group-version: group, version, ids of the priority patterns matching it.
// - Lookup: one hash probe. Requests with a group and/or version filter the (short) hit list by the
//   per-version rules (exact group+version; group as a raw string prefix, because each per-version
//   mapper falls back to prefix matching on its own; version only), de-duplicate as Multi does and
//   resolve ties by walking only the patterns that match a candidate, in pattern order.
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
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/discovery/types.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::restmapper::internal {

// One group's discovery data, as NewDiscoveryRESTMapper receives it (pointers into the caller's
// APIGroupResources; only used during construction).
struct GroupInput {
  const discovery::APIGroup* group = nullptr;
  const std::map<std::string, std::vector<discovery::APIResource>>* version_resources = nullptr;
};

// The wildcard of priority patterns (meta::kAnyGroup, kAnyVersion).
inline constexpr std::string_view kWildcard = "*";

// A priority pattern of the discovery mapper: {group, version, *}. `*` is a wildcard.
struct PriorityPattern {
  std::string group;
  std::string version;
};

// DiscoveryPriorityPatterns builds upstream's resource/kind priority list (both have this shape):
// core v1; then per group its preferred version (if it has resources) and its other versions with
// resources, in discovery order; then {group, *} per group.
std::vector<PriorityPattern> DiscoveryPriorityPatterns(const std::vector<GroupInput>& groups);

// Lower-case ASCII letters (strings.ToLower for ASCII input).
inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

inline bool HasAsciiUpper(std::string_view s) noexcept {
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') return true;
  }
  return false;
}

// Transparent hashing, so lookups by std::string_view do not allocate.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template <typename V>
using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

// CompiledRESTMapper: see the file comment.
class CompiledRESTMapper final : public meta::RESTMapper {
 public:
  explicit CompiledRESTMapper(const std::vector<GroupInput>& groups);

  meta::MapperResult<schema::GroupVersionKind> TryKindFor(const schema::GroupVersionResource& resource) const override;
  meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const override;
  meta::MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  meta::MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const override;
  meta::MapperResult<meta::RESTMapping> TryRESTMapping(const schema::GroupKind& gk,
                                                       const std::vector<std::string>& versions) const override;
  meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;
  meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override;
  std::string String() const override;

  // The priority patterns in effect (upstream's ResourcePriority / KindPriority, without the
  // trailing `*` resource or kind).
  const std::vector<PriorityPattern>& patterns() const noexcept { return patterns_; }

 private:
  // One registered group-version (one upstream per-version DefaultRESTMapper).
  struct Table {
    std::string group;
    std::string version;
    std::vector<std::uint32_t> pattern_ids;  // ascending
  };
  // A plural registration that a requested name matches (pluralToSingular entry).
  struct PluralMatch {
    std::string plural;
    schema::GroupVersionResource singular;
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
    std::optional<schema::GroupVersionKind> kind_for;           // nullopt: ambiguous
    std::optional<schema::GroupVersionResource> resource_for;   // nullopt: ambiguous
  };
  struct KindGroupEntry {
    std::string group;
    std::vector<meta::RESTMapping> mappings;  // in Multi order
    std::vector<std::uint32_t> tables;        // table of each mapping
    int best = -1;                            // precomputed RESTMapping(gk) answer; -1: ambiguous
  };

  void AddTable(const std::string& group, const std::string& version,
                const std::vector<discovery::APIResource>& resources);
  void Finish();

  const ResourceEntry* FindResource(std::string_view name) const;
  const KindGroupEntry* FindKind(const schema::GroupKind& gk) const;
  bool PatternMatches(const PriorityPattern& p, const std::string& group, const std::string& version) const noexcept;
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
  bool TableMatches(const Table& t, const schema::GroupVersionResource& input, const Coerced& c) const noexcept;
  // The error for a request without a resource (Multi over >= 1 DefaultRESTMapper).
  meta::MapperError MissingResource(const schema::GroupVersionResource& input, const Coerced& c) const;

  // Candidates of a resource request: kinds or plural resources, de-duplicated as Multi does,
  // with their tables. Returns false (and sets `error`) when nothing matches.
  bool CollectKinds(const schema::GroupVersionResource& input, std::vector<schema::GroupVersionKind>& out,
                    std::vector<std::uint32_t>& tables, meta::MapperError& error) const;
  bool CollectResources(const schema::GroupVersionResource& input, std::vector<schema::GroupVersionResource>& out,
                        std::vector<std::uint32_t>& tables, meta::MapperError& error) const;
  // The RESTMappings Multi returns for gk/versions, with their tables.
  bool CollectMappings(const schema::GroupKind& gk, const std::vector<std::string>& versions,
                       std::vector<const meta::RESTMapping*>& out, std::vector<std::uint32_t>& tables,
                       meta::MapperError& error) const;

  std::vector<PriorityPattern> patterns_;
  std::vector<Table> tables_;
  StringMap<ResourceEntry> by_resource_;
  StringMap<std::vector<KindGroupEntry>> by_kind_;
  std::size_t resource_count_ = 0;
};

// Implementation details follow.

inline std::vector<PriorityPattern> DiscoveryPriorityPatterns(const std::vector<GroupInput>& groups) {
  std::vector<PriorityPattern> out;
  out.push_back({"", "v1"});  // core v1 always comes first
  for (const auto& in : groups) {
    const auto& g = *in.group;
    const auto& vr = *in.version_resources;
    const std::string& preferred = g.preferred_version.version;
    if (!preferred.empty() && vr.count(preferred) != 0) out.push_back({g.name, preferred});
    for (const auto& v : g.versions) {
      if (vr.count(v.version) == 0) continue;
      if (v.version != preferred) out.push_back({g.name, v.version});
    }
  }
  for (const auto& in : groups) out.push_back({in.group->name, "*"});
  return out;
}

// UnsafeGuessKindToResource's plural rule for an already lower-cased kind.
inline std::string GuessPlural(const std::string& singular) {
  if (singular.empty()) return singular;
  if (singular.size() >= 9 && singular.compare(singular.size() - 9, 9, "endpoints") == 0) return singular;
  switch (singular.back()) {
    case 's': return singular + "es";
    case 'y': return singular.substr(0, singular.size() - 1) + "ies";
    default: return singular + "s";
  }
}

inline CompiledRESTMapper::CompiledRESTMapper(const std::vector<GroupInput>& groups)
    : patterns_(DiscoveryPriorityPatterns(groups)) {
  // Pattern ids by exact group; patterns whose group is the wildcard apply to every group.
  StringMap<std::vector<std::uint32_t>> patterns_by_group;
  std::vector<std::uint32_t> wildcard_group;
  for (std::uint32_t i = 0; i < patterns_.size(); ++i) {
    if (patterns_[i].group == kWildcard) {
      wildcard_group.push_back(i);
    } else {
      patterns_by_group[patterns_[i].group].push_back(i);
    }
  }
  for (const auto& in : groups) {
    const auto& g = *in.group;
    for (const auto& v : g.versions) {
      auto it = in.version_resources->find(v.version);
      if (it == in.version_resources->end()) continue;
      Table t{g.name, v.version, {}};
      auto consider = [&](std::uint32_t id) {
        if (PatternMatches(patterns_[id], t.group, t.version)) t.pattern_ids.push_back(id);
      };
      if (auto p = patterns_by_group.find(g.name); p != patterns_by_group.end()) {
        for (auto id : p->second) consider(id);
      }
      for (auto id : wildcard_group) consider(id);
      std::sort(t.pattern_ids.begin(), t.pattern_ids.end());
      t.pattern_ids.erase(std::unique(t.pattern_ids.begin(), t.pattern_ids.end()), t.pattern_ids.end());
      tables_.push_back(std::move(t));
      AddTable(g.name, v.version, it->second);
    }
  }
  Finish();
}

inline bool CompiledRESTMapper::PatternMatches(const PriorityPattern& p, const std::string& group,
                                               const std::string& version) const noexcept {
  return (p.group == kWildcard || p.group == group) && (p.version == kWildcard || p.version == version);
}

inline void CompiledRESTMapper::AddTable(const std::string& group, const std::string& version,
                                         const std::vector<discovery::APIResource>& resources) {
  const auto table = static_cast<std::uint32_t>(tables_.size() - 1);
  const schema::GroupVersion gv{group, version};

  // DefaultRESTMapper's maps for this group-version, keyed by name (the group-version is implied).
  struct KindInfo {
    std::string plural;
    meta::RESTScopeName scope;
  };
  StringMap<std::string> resource_to_kind;
  StringMap<KindInfo> kind_to_plural;
  std::vector<PluralMatch> plurals;  // pluralToSingular, first-insertion order
  StringMap<std::size_t> plural_index;
  std::vector<std::string> kind_order;  // kinds in first-registration order

  auto add_specific = [&](const std::string& kind, const std::string& plural,
                          const schema::GroupVersionResource& singular, meta::RESTScopeName scope) {
    if (auto it = plural_index.find(plural); it != plural_index.end()) {
      plurals[it->second].singular = singular;
    } else {
      plural_index.emplace(plural, plurals.size());
      plurals.push_back({plural, singular});
    }
    // A zero singular (resource without kind and singular name) keys the zero GVR: never matched.
    if (!singular.resource.empty()) resource_to_kind[singular.resource] = kind;
    if (!plural.empty()) resource_to_kind[plural] = kind;
    auto [it, inserted] = kind_to_plural.insert_or_assign(kind, KindInfo{plural, scope});
    if (inserted) kind_order.push_back(kind);
    (void)it;
  };
  auto add = [&](const std::string& kind, meta::RESTScopeName scope) {
    std::string singular = AsciiLower(kind);
    std::string plural = GuessPlural(singular);
    add_specific(kind, plural, gv.WithResource(singular), scope);
  };

  for (const auto& r : resources) {
    if (r.name.find('/') != std::string::npos) continue;  // subresource
    ++resource_count_;
    const auto scope = r.namespaced ? meta::RESTScopeName::kNamespace : meta::RESTScopeName::kRoot;
    schema::GroupVersionResource singular;
    if (!r.singular_name.empty()) {
      singular = gv.WithResource(r.singular_name);
    } else if (!r.kind.empty()) {
      singular = gv.WithResource(AsciiLower(r.kind));  // legacy servers: guess from the kind
    }
    add_specific(AsciiLower(r.kind), r.name, singular, scope);
    add_specific(r.kind, r.name, singular, scope);
    add(r.kind + "List", scope);
  }
  add("List", meta::RESTScopeName::kRoot);

  // Resource names a request can match here: resourceToKind keys, plurals and singulars.
  StringMap<ResourceHit> hits;
  auto hit_for = [&](const std::string& name) -> ResourceHit& {
    auto [it, inserted] = hits.try_emplace(name);
    if (inserted) it->second.table = table;
    return it->second;
  };
  for (const auto& [name, kind] : resource_to_kind) hit_for(name).kind = kind;
  for (const auto& e : plurals) {
    if (!e.singular.resource.empty() && e.singular.group == group && e.singular.version == version) {
      ResourceHit& h = hit_for(e.singular.resource);
      h.matches.push_back(e);
      if (h.exact_plural.empty()) h.exact_plural = e.plural;
    }
    if (!e.plural.empty()) {
      ResourceHit& h = hit_for(e.plural);
      h.matches.push_back(e);
      h.exact_plural = e.plural;  // a plural equal to the name wins
    }
  }
  for (auto& [name, h] : hits) {
    std::stable_sort(h.matches.begin(), h.matches.end(),
                     [](const PluralMatch& a, const PluralMatch& b) { return a.plural < b.plural; });
    by_resource_[name].hits.push_back(std::move(h));
  }

  for (const auto& kind : kind_order) {
    const KindInfo& info = kind_to_plural.find(kind)->second;
    auto& groups = by_kind_[kind];
    KindGroupEntry* entry = nullptr;
    for (auto& e : groups) {
      if (e.group == group) entry = &e;
    }
    if (entry == nullptr) {
      groups.push_back(KindGroupEntry{group, {}, {}, -1});
      entry = &groups.back();
    }
    entry->mappings.push_back(meta::RESTMapping{gv.WithResource(info.plural), gv.WithKind(kind), info.scope});
    entry->tables.push_back(table);
  }
}

inline void CompiledRESTMapper::Finish() {
  for (auto& [name, entry] : by_resource_) {
    std::vector<std::uint32_t> kind_tables, resource_tables;
    for (const auto& h : entry.hits) {
      const Table& t = tables_[h.table];
      if (h.kind) {
        schema::GroupVersionKind gvk{t.group, t.version, *h.kind};
        if (std::find(entry.all_kinds.begin(), entry.all_kinds.end(), gvk) == entry.all_kinds.end()) {
          entry.all_kinds.push_back(std::move(gvk));
          kind_tables.push_back(h.table);
        }
      }
      for (const auto& m : h.matches) {
        schema::GroupVersionResource gvr{t.group, t.version, m.plural};
        if (std::find(entry.all_resources.begin(), entry.all_resources.end(), gvr) == entry.all_resources.end()) {
          entry.all_resources.push_back(std::move(gvr));
          resource_tables.push_back(h.table);
        }
      }
    }
    if (!entry.all_kinds.empty()) {
      int k = Narrow(kind_tables, nullptr);
      if (k >= 0) entry.kind_for = entry.all_kinds[static_cast<std::size_t>(k)];
    }
    if (!entry.all_resources.empty()) {
      int r = Narrow(resource_tables, nullptr);
      if (r >= 0) entry.resource_for = entry.all_resources[static_cast<std::size_t>(r)];
    }
  }
  for (auto& [kind, groups] : by_kind_) {
    for (auto& e : groups) e.best = Narrow(e.tables, nullptr);
  }
}

inline int CompiledRESTMapper::Narrow(const std::vector<std::uint32_t>& tables,
                                      const std::vector<std::string>* user_versions) const {
  const std::size_t n = tables.size();
  if (n == 1) return 0;
  if (n == 0) return -1;
  // alive[c] == generation marks the candidates still in the running.
  std::vector<std::uint32_t> alive(n, 0);
  std::uint32_t generation = 0;
  auto narrow_to = [&](auto&& matches) -> int {
    // Upstream: 0 matches -> next pattern; 1 -> that one; more -> continue with those.
    std::size_t count = 0, last = 0;
    for (std::size_t c = 0; c < n; ++c) {
      if (alive[c] == generation && matches(c)) {
        ++count;
        last = c;
      }
    }
    if (count == 0) return -2;
    if (count == 1) return static_cast<int>(last);
    const std::uint32_t next = generation + 1;
    for (std::size_t c = 0; c < n; ++c) {
      if (alive[c] == generation && matches(c)) alive[c] = next;
    }
    generation = next;
    return -2;
  };
  if (user_versions != nullptr) {
    for (const auto& v : *user_versions) {
      int r = narrow_to([&](std::size_t c) { return v == kWildcard || v == tables_[tables[c]].version; });
      if (r >= 0) return r;
    }
  }
  // Walk only the patterns that match some candidate, in pattern order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (pattern id, candidate)
  for (std::size_t c = 0; c < n; ++c) {
    for (auto id : tables_[tables[c]].pattern_ids) pairs.emplace_back(id, static_cast<std::uint32_t>(c));
  }
  std::sort(pairs.begin(), pairs.end());
  for (std::size_t i = 0; i < pairs.size();) {
    std::size_t j = i;
    while (j < pairs.size() && pairs[j].first == pairs[i].first) ++j;
    int r = narrow_to([&](std::size_t c) {
      for (std::size_t k = i; k < j; ++k) {
        if (pairs[k].second == c) return true;
      }
      return false;
    });
    if (r >= 0) return r;
    i = j;
  }
  std::size_t count = 0, last = 0;
  for (std::size_t c = 0; c < n; ++c) {
    if (alive[c] == generation) {
      ++count;
      last = c;
    }
  }
  return count == 1 ? static_cast<int>(last) : -1;
}

inline CompiledRESTMapper::Coerced CompiledRESTMapper::Coerce(const schema::GroupVersionResource& input) {
  Coerced c;
  if (HasAsciiUpper(input.resource)) {
    c.lowered = AsciiLower(input.resource);
    c.resource = c.lowered;
  } else {
    c.resource = input.resource;
  }
  c.version = input.version == schema::kAPIVersionInternal ? std::string_view() : std::string_view(input.version);
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

inline const CompiledRESTMapper::ResourceEntry* CompiledRESTMapper::FindResource(std::string_view name) const {
  auto it = by_resource_.find(name);
  return it == by_resource_.end() ? nullptr : &it->second;
}

inline const CompiledRESTMapper::KindGroupEntry* CompiledRESTMapper::FindKind(const schema::GroupKind& gk) const {
  auto it = by_kind_.find(std::string_view(gk.kind));
  if (it == by_kind_.end()) return nullptr;
  for (const auto& e : it->second) {
    if (e.group == gk.group) return &e;
  }
  return nullptr;
}

inline bool CompiledRESTMapper::CollectKinds(const schema::GroupVersionResource& input,
                                             std::vector<schema::GroupVersionKind>& out,
                                             std::vector<std::uint32_t>& tables, meta::MapperError& error) const {
  Coerced c = Coerce(input);
  if (c.resource.empty()) {
    error = MissingResource(input, c);
    return false;
  }
  if (const ResourceEntry* e = FindResource(c.resource)) {
    for (const auto& h : e->hits) {
      const Table& t = tables_[h.table];
      if (!h.kind || !TableMatches(t, input, c)) continue;
      schema::GroupVersionKind gvk{t.group, t.version, *h.kind};
      if (std::find(out.begin(), out.end(), gvk) != out.end()) continue;
      out.push_back(std::move(gvk));
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
    schema::GroupVersionResource gvr{t.group, t.version, plural};
    if (std::find(out.begin(), out.end(), gvr) != out.end()) return;
    out.push_back(std::move(gvr));
    tables.push_back(table);
  };
  if (const ResourceEntry* e = FindResource(c.resource)) {
    for (const auto& h : e->hits) {
      const Table& t = tables_[h.table];
      if (!TableMatches(t, input, c)) continue;
      if (c.has_group && c.has_version) {
        if (!h.exact_plural.empty()) push(t, h.exact_plural, h.table);
        continue;
      }
      for (const auto& m : h.matches) push(t, m.plural, h.table);
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
  if (input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
      !input.resource.empty()) {
    // The common shape {Resource: name}: precomputed.
    const ResourceEntry* e = HasAsciiUpper(input.resource) ? FindResource(AsciiLower(input.resource))
                                                            : FindResource(input.resource);
    if (e == nullptr || e->all_kinds.empty()) {
      return meta::MapperResult<schema::GroupVersionKind>::Err(meta::MapperError::NoResourceMatch(input));
    }
    if (e->kind_for) return meta::MapperResult<schema::GroupVersionKind>::Ok(*e->kind_for);
    return meta::MapperResult<schema::GroupVersionKind>::Err(
        meta::MapperError::AmbiguousResource(input, {}, e->all_kinds));
  }
  std::vector<schema::GroupVersionKind> kinds;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectKinds(input, kinds, tables, error)) return meta::MapperResult<schema::GroupVersionKind>::Err(error);
  int best = Narrow(tables, nullptr);
  if (best >= 0) return meta::MapperResult<schema::GroupVersionKind>::Ok(kinds[static_cast<std::size_t>(best)]);
  return meta::MapperResult<schema::GroupVersionKind>::Err(
      meta::MapperError::AmbiguousResource(input, {}, std::move(kinds)));
}

inline meta::MapperResult<std::vector<schema::GroupVersionKind>> CompiledRESTMapper::TryKindsFor(
    const schema::GroupVersionResource& input) const {
  using Result = meta::MapperResult<std::vector<schema::GroupVersionKind>>;
  if (input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
      !input.resource.empty()) {
    const ResourceEntry* e = HasAsciiUpper(input.resource) ? FindResource(AsciiLower(input.resource))
                                                            : FindResource(input.resource);
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
  if (input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
      !input.resource.empty()) {
    const ResourceEntry* e = HasAsciiUpper(input.resource) ? FindResource(AsciiLower(input.resource))
                                                            : FindResource(input.resource);
    if (e == nullptr || e->all_resources.empty()) return Result::Err(meta::MapperError::NoResourceMatch(input));
    if (e->resource_for) return Result::Ok(*e->resource_for);
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
  if (input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
      !input.resource.empty()) {
    const ResourceEntry* e = HasAsciiUpper(input.resource) ? FindResource(AsciiLower(input.resource))
                                                            : FindResource(input.resource);
    if (e == nullptr || e->all_resources.empty()) return Result::Err(meta::MapperError::NoResourceMatch(input));
    return Result::Ok(e->all_resources);
  }
  std::vector<schema::GroupVersionResource> resources;
  std::vector<std::uint32_t> tables;
  meta::MapperError error;
  if (!CollectResources(input, resources, tables, error)) return Result::Err(error);
  return Result::Ok(std::move(resources));
}

inline bool CompiledRESTMapper::CollectMappings(const schema::GroupKind& gk, const std::vector<std::string>& versions,
                                                std::vector<const meta::RESTMapping*>& out,
                                                std::vector<std::uint32_t>& tables, meta::MapperError& error) const {
  // Per-version mapper rule: the first requested version ("" and __internal skipped) registered
  // there wins; if no usable version was requested, its default group-version is the candidate.
  auto usable = [](const std::string& v) { return !v.empty() && v != schema::kAPIVersionInternal; };
  const bool had_version = std::any_of(versions.begin(), versions.end(), usable);
  if (const KindGroupEntry* e = FindKind(gk)) {
    for (std::size_t i = 0; i < e->mappings.size(); ++i) {
      if (had_version) {
        const std::string& version = tables_[e->tables[i]].version;
        if (!usable(version) || std::find(versions.begin(), versions.end(), version) == versions.end()) continue;
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

inline meta::MapperResult<std::string> CompiledRESTMapper::TryResourceSingularizer(std::string_view resource) const {
  using Result = meta::MapperResult<std::string>;
  // Multi: the first per-version mapper that succeeds wins; otherwise the last one's error.
  if (tables_.empty()) return Result::Ok(std::string());
  const std::string name(resource);
  const std::string lowered = AsciiLower(resource);
  if (lowered.empty()) return Result::Err(meta::MapperError::Plain("a resource must be present, got: /, Resource="));
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
        schema::GroupVersionResource singular;
        for (const auto& m : h.matches) {
          if (singular.Empty()) {
            singular = m.singular;
            continue;
          }
          if (m.singular.resource != singular.resource) {
            std::vector<schema::GroupVersionResource> listed;
            for (const auto& x : h.matches) listed.push_back({t.group, t.version, x.plural});
            error = meta::MapperError::Plain(
                fmt::format("multiple possible singular resources ({}) found for {}", meta::internal::JoinList(listed), name));
            break;
          }
        }
        if (!error && singular.Empty()) {
          error = meta::MapperError::Plain(fmt::format("no singular of resource {} has been defined", name));
        }
        if (!error) return Result::Ok(singular.resource);
      }
      if (h.table + 1 == tables_.size()) last_error = error;
    }
  }
  return Result::Err(last_error);
}

inline std::string CompiledRESTMapper::String() const {
  return fmt::format("DiscoveryRESTMapper{{{} group-versions, {} resources, {} priority patterns}}", tables_.size(),
                     resource_count_, patterns_.size());
}

}  // namespace apimachinery::restmapper::internal
