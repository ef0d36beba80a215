// Definitions of the non-template functions declared in
// <apimachinery/restmapper/internal/compiled_mapper.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/internal/compiled_mapper.hpp"

namespace apimachinery::restmapper::internal {

APIMACHINERY_DECL const std::vector<PriorityPattern>& CompiledRESTMapper::patterns() const noexcept {
  return patterns_;
}

APIMACHINERY_DECL bool CompiledRESTMapper::IsPlainRequest(
    const schema::GroupVersionResource& input) noexcept {
  return input.group.empty() && (input.version.empty() || input.version == schema::kAPIVersionInternal) &&
         !input.resource.empty();
}

APIMACHINERY_DECL auto CompiledRESTMapper::FindPlain(const schema::GroupVersionResource& input) const
    -> const ResourceEntry* {
  return util::HasUpperASCII(input.resource) ? FindResource(util::ToLowerASCII(input.resource))
                                             : FindResource(input.resource);
}

APIMACHINERY_DECL int CompiledRESTMapper::Narrow(const std::vector<std::uint32_t>& tables,
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

APIMACHINERY_DECL CompiledRESTMapper::Coerced CompiledRESTMapper::Coerce(
    const schema::GroupVersionResource& input) {
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

APIMACHINERY_DECL bool CompiledRESTMapper::TableMatches(const Table& t,
                                                        const schema::GroupVersionResource& input,
                                                        const Coerced& c) const noexcept {
  if (c.has_group && c.has_version) return t.group == input.group && t.version == c.version;
  // Each per-version mapper falls back to a raw prefix match of the group when it has no exact
  // match; within one group-version, that is "the group starts with the requested group".
  if (c.has_group) return std::string_view(t.group).substr(0, input.group.size()) == input.group;
  if (c.has_version) return t.version == c.version;
  return true;
}

APIMACHINERY_DECL meta::MapperError CompiledRESTMapper::MissingResource(
    const schema::GroupVersionResource& input, const Coerced& c) const {
  if (tables_.empty()) return meta::MapperError::NoResourceMatch(input);
  schema::GroupVersionResource coerced{input.group, std::string(c.version), std::string(c.resource)};
  return meta::MapperError::Plain("a resource must be present, got: " + coerced.String());
}

APIMACHINERY_DECL const CompiledRESTMapper::ResourceEntry* CompiledRESTMapper::FindResource(
    std::string_view name) const {
  const std::uint32_t* id = resource_index_.Find(name);
  return id == nullptr ? nullptr : &resources_[*id];
}

APIMACHINERY_DECL const CompiledRESTMapper::KindGroupEntry* CompiledRESTMapper::FindKind(
    const schema::GroupKind& gk) const {
  const std::uint32_t* id = kind_index_.Find(gk.kind, gk.group);
  return id == nullptr ? nullptr : &kinds_[*id];
}

APIMACHINERY_DECL bool CompiledRESTMapper::CollectKinds(const schema::GroupVersionResource& input,
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

APIMACHINERY_DECL bool CompiledRESTMapper::CollectResources(const schema::GroupVersionResource& input,
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

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionKind> CompiledRESTMapper::TryKindFor(
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

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionKind>> CompiledRESTMapper::TryKindsFor(
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

APIMACHINERY_DECL meta::MapperResult<schema::GroupVersionResource> CompiledRESTMapper::TryResourceFor(
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

APIMACHINERY_DECL meta::MapperResult<std::vector<schema::GroupVersionResource>>
CompiledRESTMapper::TryResourcesFor(const schema::GroupVersionResource& input) const {
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

APIMACHINERY_DECL bool CompiledRESTMapper::CollectMappings(const schema::GroupKind& gk,
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

APIMACHINERY_DECL meta::MapperResult<meta::RESTMapping> CompiledRESTMapper::TryRESTMapping(
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

APIMACHINERY_DECL meta::MapperResult<std::vector<meta::RESTMapping>> CompiledRESTMapper::TryRESTMappings(
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

APIMACHINERY_DECL meta::MapperResult<std::string> CompiledRESTMapper::TryResourceSingularizer(
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

APIMACHINERY_DECL schema::GroupVersionKind CompiledRESTMapper::DoKindFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e != nullptr && e->kind_for >= 0) return e->all_kinds[static_cast<std::size_t>(e->kind_for)];
  }
  return ValueOrThrowCold([&] { return TryKindFor(input); });
}

APIMACHINERY_DECL schema::GroupVersionResource CompiledRESTMapper::DoResourceFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e != nullptr && e->resource_for >= 0)
      return e->all_resources[static_cast<std::size_t>(e->resource_for)];
  }
  return ValueOrThrowCold([&] { return TryResourceFor(input); });
}

APIMACHINERY_DECL std::vector<schema::GroupVersionResource> CompiledRESTMapper::DoResourcesFor(
    const schema::GroupVersionResource& input) const {
  if (IsPlainRequest(input)) {
    const ResourceEntry* e = FindPlain(input);
    if (e != nullptr && !e->all_resources.empty()) return e->all_resources;
  }
  return ValueOrThrowCold([&] { return TryResourcesFor(input); });
}

APIMACHINERY_DECL meta::RESTMapping CompiledRESTMapper::DoRESTMapping(
    const schema::GroupKind& gk, const std::vector<std::string>& versions) const {
  if (versions.empty()) {
    const KindGroupEntry* e = FindKind(gk);
    if (e != nullptr && e->best >= 0) return e->mappings[static_cast<std::size_t>(e->best)];
  }
  return ValueOrThrowCold([&] { return TryRESTMapping(gk, versions); });
}

APIMACHINERY_DECL std::string CompiledRESTMapper::String() const {
  return fmt::format("DiscoveryRESTMapper{{{} group-versions, {} resources, {} priority patterns}}",
                     tables_.size(), resource_count_, patterns_.size());
}

}  // namespace apimachinery::restmapper::internal
