// Definitions of the non-template functions declared in <apimachinery/meta/restmapper.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/restmapper.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL const std::vector<schema::GroupVersion>& DefaultRESTMapper::default_group_versions()
    const noexcept {
  return default_group_versions_;
}

APIMACHINERY_DECL std::size_t DefaultRESTMapper::GVRHash::operator()(const GVRView& v) const noexcept {
  return util::internal::HashCombine(
      util::internal::HashCombine(util::internal::HashCombine(4, v.group), v.version), v.resource);
}

APIMACHINERY_DECL std::size_t DefaultRESTMapper::GVRHash::operator()(
    const schema::GroupVersionResource& v) const noexcept {
  return (*this)(GVRView{v.group, v.version, v.resource});
}

APIMACHINERY_DECL auto DefaultRESTMapper::GVREq::View(const GVRView& v) noexcept -> GVRView { return v; }

APIMACHINERY_DECL auto DefaultRESTMapper::GVREq::View(const schema::GroupVersionResource& v) noexcept
    -> GVRView {
  return {v.group, v.version, v.resource};
}

APIMACHINERY_DECL std::size_t DefaultRESTMapper::GVKHash::operator()(const GVKView& v) const noexcept {
  return util::internal::HashCombine(
      util::internal::HashCombine(util::internal::HashCombine(3, v.group), v.version), v.kind);
}

APIMACHINERY_DECL std::size_t DefaultRESTMapper::GVKHash::operator()(
    const schema::GroupVersionKind& v) const noexcept {
  return (*this)(GVKView{v.group, v.version, v.kind});
}

APIMACHINERY_DECL auto DefaultRESTMapper::GVKEq::View(const GVKView& v) noexcept -> GVKView { return v; }

APIMACHINERY_DECL auto DefaultRESTMapper::GVKEq::View(const schema::GroupVersionKind& v) noexcept -> GVKView {
  return {v.group, v.version, v.kind};
}

APIMACHINERY_DECL schema::GroupVersionResource DefaultRESTMapper::Coerced::ToGVR() const {
  return {std::string(view.group), std::string(view.version), std::string(view.resource)};
}

APIMACHINERY_DECL bool DefaultRESTMapper::Before(int rank_a, std::string_view group_a,
                                                 std::string_view version_a, std::string_view name_a,
                                                 int rank_b, std::string_view group_b,
                                                 std::string_view version_b, std::string_view name_b) {
  if (rank_a != rank_b) return rank_a < rank_b;
  if (rank_a < 0) {
    if (group_a != group_b) return group_a < group_b;
    if (version_a != version_b) return version_a < version_b;
  }
  return name_a < name_b;
}

APIMACHINERY_DECL auto DefaultRESTMapper::FindKind(const schema::GroupKind& gk,
                                                   const std::string& version) const -> const KindInfo* {
  auto it = kind_to_plural_.find(GVKView{gk.group, version, gk.kind});
  return it == kind_to_plural_.end() ? nullptr : &it->second;
}

}  // namespace apimachinery::meta

namespace apimachinery::meta::internal {

APIMACHINERY_DECL bool EndsWith(std::string_view s, std::string_view suffix) noexcept {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace apimachinery::meta::internal

namespace apimachinery::meta {

APIMACHINERY_DECL std::pair<schema::GroupVersionResource, schema::GroupVersionResource>
UnsafeGuessKindToResource(const schema::GroupVersionKind& kind) {
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

APIMACHINERY_DECL DefaultRESTMapper::DefaultRESTMapper(
    std::vector<schema::GroupVersion> default_group_versions)
    : default_group_versions_(std::move(default_group_versions)) {
  for (std::size_t i = 0; i < default_group_versions_.size(); ++i) {
    gv_rank_[default_group_versions_[i]] = static_cast<int>(i);  // last index wins
  }
}

APIMACHINERY_DECL int DefaultRESTMapper::Rank(std::string_view group, std::string_view version) const {
  if (gv_rank_.empty()) return -1;
  auto it = gv_rank_.find(schema::GroupVersion{std::string(group), std::string(version)});
  return it == gv_rank_.end() ? -1 : it->second;
}

APIMACHINERY_DECL void DefaultRESTMapper::Add(const schema::GroupVersionKind& kind, RESTScopeName scope) {
  auto [plural, singular] = UnsafeGuessKindToResource(kind);
  AddSpecific(kind, plural, singular, scope);
}

APIMACHINERY_DECL void DefaultRESTMapper::RemoveHit(std::vector<PluralHit>& bucket, std::uint32_t entry,
                                                    bool singular_side) {
  for (auto it = bucket.begin(); it != bucket.end(); ++it) {
    if (it->entry == entry && it->singular_side == singular_side) {
      bucket.erase(it);
      return;
    }
  }
}

APIMACHINERY_DECL void DefaultRESTMapper::AddResourceKey(const schema::GroupVersionResource& key,
                                                         const schema::GroupVersionKind& kind,
                                                         int kind_rank) {
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

APIMACHINERY_DECL void DefaultRESTMapper::AddSpecific(const schema::GroupVersionKind& kind,
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

APIMACHINERY_DECL void DefaultRESTMapper::Coerce(const schema::GroupVersionResource& in, Coerced& out) {
  std::string_view resource = in.resource;
  if (util::HasUpperASCII(resource)) {
    out.lowered = util::ToLowerASCII(resource);
    resource = out.lowered;
  }
  std::string_view version = in.version;
  if (version == schema::kAPIVersionInternal) version = {};
  out.view = GVRView{in.group, version, resource};
}

APIMACHINERY_DECL MapperError DefaultRESTMapper::FindPlurals(const Coerced& c, PluralHits& hits) const {
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

APIMACHINERY_DECL MapperError DefaultRESTMapper::FindKinds(const schema::GroupVersionResource& input,
                                                           const Coerced& c, KindHits& hits) const {
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

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionResource>> DefaultRESTMapper::TryResourcesFor(
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

APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> DefaultRESTMapper::TryResourceFor(
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

APIMACHINERY_DECL MapperResult<std::vector<schema::GroupVersionKind>> DefaultRESTMapper::TryKindsFor(
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

APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> DefaultRESTMapper::TryKindFor(
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

APIMACHINERY_DECL bool DefaultRESTMapper::CandidateVersions(const schema::GroupKind& gk,
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

APIMACHINERY_DECL MapperResult<std::vector<meta::RESTMapping>> DefaultRESTMapper::TryRESTMappings(
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

APIMACHINERY_DECL MapperResult<meta::RESTMapping> DefaultRESTMapper::TryRESTMapping(
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

APIMACHINERY_DECL MapperResult<std::string> DefaultRESTMapper::TryResourceSingularizer(
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

APIMACHINERY_DECL std::string DefaultRESTMapper::String() const {
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
