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
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/fast_hash.hpp"
#include "apimachinery/util/internal/join_list.hpp"

namespace apimachinery::restmapper::internal {

using util::FastHash;
using util::KeyEquals;

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

// Whether `s` has an ASCII upper-case letter. Eight bytes at a time: a byte b is flagged when
// 'A' <= b <= 'Z' (bytes >= 0x80 never are).
inline bool HasAsciiUpper(std::string_view s) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kLow7 = kOnes * 0x7F;
  constexpr std::uint64_t kHigh = kOnes * 0x80;
  auto flags = [&](std::uint64_t x) noexcept {
    const std::uint64_t low = x & kLow7;
    // ((0x7F + 'Z' + 1) - low) keeps the high bit where low <= 'Z'; (low + (0x7F - ('A' - 1))) sets
    // it where low >= 'A'; ~x drops bytes with the high bit set.
    return ((kOnes * (0x7F + 'Z' + 1)) - low) & ~x & (low + kOnes * (0x7F - ('A' - 1))) & kHigh;
  };
  const char* p = s.data();
  const std::size_t n = s.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (flags(w) != 0) return true;
  }
  for (; i < n; ++i) {
    if (p[i] >= 'A' && p[i] <= 'Z') return true;
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

// FlatIndex: an immutable open-addressing map from a key of one or two strings to a uint32_t,
// probed without allocating. Built once; load factor <= 1/2. The key bytes live in one buffer and
// each slot carries its key's lengths, so a probe touches the slot array and that buffer only.
class FlatIndex {
 public:
  // `keys[i]` (first, second) maps to `values[i]`; keys must be distinct, values < 0xFFFFFFFF.
  void Build(const std::vector<std::pair<std::string, std::string>>& keys,
             const std::vector<std::uint32_t>& values) {
    std::size_t size = 8;
    while (size < keys.size() * 2) size *= 2;
    slots_.assign(size, Slot{});
    mask_ = size - 1;
    chars_.clear();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto& [first, second] = keys[i];
      const std::uint64_t h = Hash(first, second);
      std::size_t at = static_cast<std::size_t>(h) & mask_;
      while (slots_[at].value != kEmpty) at = (at + 1) & mask_;
      slots_[at] = Slot{h, values[i], static_cast<std::uint32_t>(chars_.size()),
                        static_cast<std::uint32_t>(first.size()), static_cast<std::uint32_t>(second.size())};
      chars_ += first;
      chars_ += second;
    }
  }
  // The value of (a, b), or nullptr.
  const std::uint32_t* Find(std::string_view a, std::string_view b = {}) const noexcept {
    if (slots_.empty()) return nullptr;
    const std::uint64_t h = Hash(a, b);
    const char* chars = chars_.data();
    for (std::size_t at = static_cast<std::size_t>(h) & mask_;; at = (at + 1) & mask_) {
      const Slot& slot = slots_[at];
      if (slot.value == kEmpty) return nullptr;
      if (slot.hash == h && KeyEquals(std::string_view(chars + slot.offset, slot.first_size), a) &&
          KeyEquals(std::string_view(chars + slot.offset + slot.first_size, slot.second_size), b)) {
        return &slot.value;
      }
    }
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t value = kEmpty;
    std::uint32_t offset = 0;  // of the key's bytes (first, then second) in chars_
    std::uint32_t first_size = 0;
    std::uint32_t second_size = 0;
  };
  [[gnu::always_inline]] static std::uint64_t Hash(std::string_view a, std::string_view b) noexcept {
    // The two halves are hashed independently (in parallel), then combined.
    if (b.empty()) return FastHash(a);
    return FastHash(a) ^ (FastHash(b, 0x5851F42D4C957F2DULL) * util::internal::kMulA);
  }

  std::vector<Slot> slots_;
  std::string chars_;
  std::size_t mask_ = 0;
};

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
    return HasAsciiUpper(input.resource) ? FindResource(AsciiLower(input.resource))
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

struct CompiledRESTMapper::Builder {
  StringMap<std::uint32_t> resource_ids;  // name -> resources_ index
  StringMap<std::uint32_t> kind_ids;      // kind '\0' group -> kinds_ index
  // Scratch: DefaultRESTMapper's maps for the table being added, keyed by name.
  struct KindInfo {
    std::string plural;
    meta::RESTScopeName scope;
  };
  StringMap<std::string> resource_to_kind;
  StringMap<KindInfo> kind_to_plural;
  std::vector<std::string> kind_order;  // kinds in first-registration order
  std::vector<PluralMatch> plurals;     // pluralToSingular, first-insertion order
  StringMap<std::size_t> plural_index;
  StringMap<ResourceHit> hits;
};

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
  StringMap<bool> seen_gvs;
  Builder builder;
  for (const auto& in : groups) {
    const auto& g = *in.group;
    for (const auto& v : g.versions) {
      auto it = in.version_resources->find(v.version);
      if (it == in.version_resources->end()) continue;
      Table t{g.name, v.version, {}, false};
      auto consider = [&](std::uint32_t id) {
        if (PatternMatches(patterns_[id], t.group, t.version)) t.pattern_ids.push_back(id);
      };
      if (auto p = patterns_by_group.find(g.name); p != patterns_by_group.end()) {
        for (auto id : p->second) consider(id);
      }
      for (auto id : wildcard_group) consider(id);
      std::sort(t.pattern_ids.begin(), t.pattern_ids.end());
      t.pattern_ids.erase(std::unique(t.pattern_ids.begin(), t.pattern_ids.end()), t.pattern_ids.end());
      std::string gv_key = g.name;
      gv_key.push_back('\0');
      gv_key += v.version;
      t.duplicate = !seen_gvs.emplace(std::move(gv_key), true).second;
      tables_.push_back(std::move(t));
      AddTable(builder, it->second);
    }
  }
  Finish(builder);
}

inline bool CompiledRESTMapper::PatternMatches(const PriorityPattern& p, const std::string& group,
                                               const std::string& version) const noexcept {
  return (p.group == kWildcard || p.group == group) && (p.version == kWildcard || p.version == version);
}

inline void CompiledRESTMapper::AddTable(Builder& b, const std::vector<discovery::APIResource>& resources) {
  const auto table = static_cast<std::uint32_t>(tables_.size() - 1);
  const std::string& group = tables_.back().group;
  const std::string& version = tables_.back().version;
  const schema::GroupVersion gv{group, version};

  b.resource_to_kind.clear();
  b.kind_to_plural.clear();
  b.kind_order.clear();
  b.plurals.clear();
  b.plural_index.clear();
  b.hits.clear();

  auto add_specific = [&](const std::string& kind, const std::string& plural, const std::string& singular,
                          meta::RESTScopeName scope) {
    if (auto it = b.plural_index.find(plural); it != b.plural_index.end()) {
      b.plurals[it->second].singular = singular;
    } else {
      b.plural_index.emplace(plural, b.plurals.size());
      b.plurals.push_back({plural, singular});
    }
    // A zero singular (resource without kind and singular name) keys the zero GVR: never matched.
    if (!singular.empty()) b.resource_to_kind[singular] = kind;
    if (!plural.empty()) b.resource_to_kind[plural] = kind;
    auto [it, inserted] = b.kind_to_plural.insert_or_assign(kind, Builder::KindInfo{plural, scope});
    if (inserted) b.kind_order.push_back(kind);
    (void)it;
  };
  // DefaultRESTMapper.Add: the resources guessed from the kind (upstream's UnsafeGuessKindToResource).
  auto add = [&](const std::string& kind, meta::RESTScopeName scope) {
    auto [plural, singular] = meta::UnsafeGuessKindToResource(schema::GroupVersionKind{"", "", kind});
    add_specific(kind, plural.resource, singular.resource, scope);
  };

  for (const auto& r : resources) {
    if (r.name.find('/') != std::string::npos) continue;  // subresource
    ++resource_count_;
    const auto scope = r.namespaced ? meta::RESTScopeName::kNamespace : meta::RESTScopeName::kRoot;
    // Legacy servers list no singular name: guess it from the kind (no kind: the zero GVR).
    const std::string singular = r.singular_name.empty() ? AsciiLower(r.kind) : r.singular_name;
    add_specific(AsciiLower(r.kind), r.name, singular, scope);
    add_specific(r.kind, r.name, singular, scope);
    add(r.kind + "List", scope);
  }
  add("List", meta::RESTScopeName::kRoot);

  // Resource names a request can match here: resourceToKind keys, plurals and singulars.
  auto hit_for = [&](const std::string& name) -> ResourceHit& {
    auto [it, inserted] = b.hits.try_emplace(name);
    if (inserted) it->second.table = table;
    return it->second;
  };
  for (const auto& [name, kind] : b.resource_to_kind) hit_for(name).kind = kind;
  for (const auto& e : b.plurals) {
    if (!e.singular.empty()) {
      ResourceHit& h = hit_for(e.singular);
      h.matches.push_back(e);
      if (h.exact_plural.empty()) h.exact_plural = e.plural;
    }
    if (!e.plural.empty()) {
      ResourceHit& h = hit_for(e.plural);
      h.matches.push_back(e);
      h.exact_plural = e.plural;  // a plural equal to the name wins
    }
  }
  for (auto& [name, h] : b.hits) {
    std::stable_sort(h.matches.begin(), h.matches.end(),
                     [](const PluralMatch& x, const PluralMatch& y) { return x.plural < y.plural; });
    auto [id, inserted] = b.resource_ids.try_emplace(name, static_cast<std::uint32_t>(resources_.size()));
    if (inserted) resources_.emplace_back();
    resources_[id->second].hits.push_back(std::move(h));
  }

  for (const auto& kind : b.kind_order) {
    const Builder::KindInfo& info = b.kind_to_plural.find(kind)->second;
    std::string key = kind;
    key.push_back('\0');
    key += group;
    auto [id, inserted] = b.kind_ids.try_emplace(std::move(key), static_cast<std::uint32_t>(kinds_.size()));
    if (inserted) kinds_.push_back(KindGroupEntry{kind, group, {}, {}, -1});
    KindGroupEntry& entry = kinds_[id->second];
    entry.mappings.push_back(meta::RESTMapping{gv.WithResource(info.plural), gv.WithKind(kind), info.scope});
    entry.tables.push_back(table);
  }
}

inline void CompiledRESTMapper::Finish(Builder& b) {
  std::vector<std::pair<std::string, std::string>> keys;
  std::vector<std::uint32_t> values;
  keys.reserve(b.resource_ids.size());
  values.reserve(b.resource_ids.size());
  std::vector<std::uint32_t> kind_tables, resource_tables;
  for (auto& [name, id] : b.resource_ids) {
    ResourceEntry& entry = resources_[id];
    kind_tables.clear();
    resource_tables.clear();
    for (const auto& h : entry.hits) {
      const Table& t = tables_[h.table];
      if (t.duplicate) continue;  // Multi de-duplication
      if (h.kind) {
        entry.all_kinds.push_back(schema::GroupVersionKind{t.group, t.version, *h.kind});
        kind_tables.push_back(h.table);
      }
      const PluralMatch* previous = nullptr;
      for (const auto& m : h.matches) {
        if (previous != nullptr && previous->plural == m.plural) continue;  // sorted: duplicates adjacent
        previous = &m;
        entry.all_resources.push_back(schema::GroupVersionResource{t.group, t.version, m.plural});
        resource_tables.push_back(h.table);
      }
    }
    if (!entry.all_kinds.empty()) {
      int k = Narrow(kind_tables, nullptr);
      entry.kind_for = k;
    }
    if (!entry.all_resources.empty()) {
      int r = Narrow(resource_tables, nullptr);
      entry.resource_for = r;
    }
    keys.emplace_back(name, std::string());
    values.push_back(id);
  }
  resource_index_.Build(keys, values);

  keys.clear();
  values.clear();
  for (std::uint32_t i = 0; i < kinds_.size(); ++i) {
    kinds_[i].best = Narrow(kinds_[i].tables, nullptr);
    keys.emplace_back(kinds_[i].kind, kinds_[i].group);
    values.push_back(i);
  }
  kind_index_.Build(keys, values);
}

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
  if (HasAsciiUpper(input.resource)) {
    c.lowered = AsciiLower(input.resource);
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
  const std::string lowered = AsciiLower(resource);
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
