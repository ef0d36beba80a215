// Definitions of the non-template functions declared in <apimachinery/restmapper/internal/builder.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/internal/builder.hpp"

namespace apimachinery::restmapper::internal {

APIMACHINERY_DECL CompiledRESTMapper::CompiledRESTMapper(const std::vector<GroupInput>& groups)
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

APIMACHINERY_DECL bool CompiledRESTMapper::PatternMatches(const PriorityPattern& p, const std::string& group,
                                                          const std::string& version) const noexcept {
  return (p.group == kWildcard || p.group == group) && (p.version == kWildcard || p.version == version);
}

APIMACHINERY_DECL void CompiledRESTMapper::AddTable(Builder& b,
                                                    const std::vector<discovery::APIResource>& resources) {
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
    const std::string singular = r.singular_name.empty() ? util::ToLowerASCII(r.kind) : r.singular_name;
    add_specific(util::ToLowerASCII(r.kind), r.name, singular, scope);
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

APIMACHINERY_DECL void CompiledRESTMapper::Finish(Builder& b) {
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

}  // namespace apimachinery::restmapper::internal
