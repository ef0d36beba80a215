// Definitions of the non-template functions declared in <apimachinery/util/managedfields/field_manager.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/managedfields/field_manager.hpp"

namespace apimachinery::managedfields {

APIMACHINERY_DECL FieldManager::FieldManager(TypeRef type, schema::GroupVersionKind gvk,
                                             std::string subresource, Set reset_fields)
    : type_(std::move(type)),
      gvk_(std::move(gvk)),
      subresource_(std::move(subresource)),
      reset_(std::move(reset_fields)) {}

APIMACHINERY_DECL const std::string& FieldManager::Subresource() const noexcept { return subresource_; }

APIMACHINERY_DECL Set FieldManager::Filter(const Set& s) const {
  return reset_.Empty() ? s : s.RecursiveDifference(reset_);
}

APIMACHINERY_DECL std::string FieldManager::APIVersion() const { return gvk_.GroupVersion().String(); }

APIMACHINERY_DECL ManagerKey FieldManager::UpdateKey(std::string_view manager) const {
  return ManagerKey{manager.empty() ? "unknown" : std::string(manager), "Update", APIVersion(), subresource_};
}

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL const Set& StripSet() {
  static const Set s = [] {
    Set out;
    auto f = [](const char* n) { return PathElement::Field(n); };
    for (const char* top : {"apiVersion", "kind", "metadata"}) out.Insert({f(top)});
    for (const char* m : {"name", "namespace", "creationTimestamp", "selfLink", "uid", "clusterName",
                          "generation", "managedFields", "resourceVersion"}) {
      out.Insert({f("metadata"), f(m)});
    }
    return out;
  }();
  return s;
}

APIMACHINERY_DECL std::int64_t UnixSeconds(const std::optional<std::string>& t) {
  if (!t || t->empty()) return 0;
  try {
    return metav1::ParseRFC3339(*t).Unix();
  } catch (const std::exception&) {
    return 0;
  }
}

APIMACHINERY_DECL std::string PrintManager(const ManagerKey& k) {
  std::string s = util::Quote(k.manager);
  if (!k.subresource.empty()) s = fmt::format("{} with subresource {}", s, util::Quote(k.subresource));
  if (k.operation == "Update") s = fmt::format("{} using {}", s, k.api_version);
  return s;
}

APIMACHINERY_DECL nlohmann::json WithoutManagedFields(nlohmann::json obj) {
  if (auto md = obj.find("metadata"); md != obj.end() && md->is_object()) md->erase("managedFields");
  return obj;
}

APIMACHINERY_DECL bool HasUID(const nlohmann::json& obj) {
  auto md = obj.find("metadata");
  if (md == obj.end() || !md->is_object()) return false;
  auto uid = md->find("uid");
  return uid != md->end() && uid->is_string() && !uid->get_ref<const std::string&>().empty();
}

APIMACHINERY_DECL std::string GVKString(const schema::GroupVersionKind& gvk) { return gvk.String(); }

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL Managed DecodeManagedFields(const nlohmann::json& entries) {
  Managed managed;
  if (entries.is_null()) return managed;
  if (!entries.is_array()) throw Error("managedFields must be a list");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const nlohmann::json& e = entries[i];
    if (!e.is_object()) throw Error(fmt::format("managed fields entry {} is not an object", i));
    auto str = [&](const char* k) {
      auto it = e.find(k);
      return it != e.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const std::string op = str("operation");
    if (op != "Apply" && op != "Update") throw Error("operation must be `Apply` or `Update`");
    const std::string api_version = str("apiVersion");
    if (api_version.empty()) throw Error("apiVersion must not be empty");
    const std::string fields_type = str("fieldsType");
    if (fields_type.empty()) throw Error(fmt::format("missing fieldsType in managed fields entry {}", i));
    if (fields_type != "FieldsV1") {
      throw Error(
          fmt::format("invalid fieldsType {} in managed fields entry {}", util::Quote(fields_type), i));
    }
    ManagerKey key{str("manager"), op, op == "Apply" ? std::string() : api_version, str("subresource")};
    VersionedSet vs;
    vs.api_version = api_version;
    vs.applied = op == "Apply";
    if (auto f = e.find("fieldsV1"); f != e.end() && !f->is_null()) vs.set = Set::FromFieldsV1(*f);
    managed.fields[key] = std::move(vs);
    if (auto t = e.find("time"); t != e.end() && t->is_string()) {
      managed.times[key] = t->get<std::string>();
    } else {
      managed.times[key] = std::nullopt;
    }
  }
  return managed;
}

APIMACHINERY_DECL nlohmann::json EncodeManagedFields(const Managed& managed) {
  if (managed.fields.empty()) return nullptr;
  struct Entry {
    ManagerKey key;
    const VersionedSet* vs;
    std::optional<std::string> time;
  };
  std::vector<Entry> entries;
  for (const auto& [key, vs] : managed.fields) {
    auto t = managed.times.find(key);
    entries.push_back(Entry{key, &vs, t == managed.times.end() ? std::nullopt : t->second});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& p, const Entry& q) {
    const std::string po = p.vs->applied ? "Apply" : "Update";
    const std::string qo = q.vs->applied ? "Apply" : "Update";
    if (po != qo) return po < qo;
    const std::int64_t ps = internal::UnixSeconds(p.time);
    const std::int64_t qs = internal::UnixSeconds(q.time);
    if (ps != qs) return ps < qs;
    return std::tie(p.key.manager, p.vs->api_version, p.key.subresource) <
           std::tie(q.key.manager, q.vs->api_version, q.key.subresource);
  });
  nlohmann::json out = nlohmann::json::array();
  for (const auto& e : entries) {
    nlohmann::json j = nlohmann::json::object();
    if (!e.key.manager.empty()) j["manager"] = e.key.manager;
    j["operation"] = e.vs->applied ? "Apply" : "Update";
    j["apiVersion"] = e.vs->api_version;
    if (e.time) j["time"] = *e.time;
    j["fieldsType"] = "FieldsV1";
    j["fieldsV1"] = e.vs->set.ToFieldsV1();
    if (!e.key.subresource.empty()) j["subresource"] = e.key.subresource;
    out.push_back(std::move(j));
  }
  return out;
}

APIMACHINERY_DECL Comparison FieldManager::TakeChanges(const nlohmann::json& live, const nlohmann::json& obj,
                                                       Managed& managed, const ManagerKey& workflow,
                                                       bool force) const {
  Comparison c = Compare(*type_, live, obj);
  c.removed = Filter(c.removed);
  c.modified = Filter(c.modified);
  c.added = Filter(c.added);
  const Set changed = c.modified.Union(c.added);
  std::vector<std::pair<ManagerKey, Set>> conflicts;
  for (const auto& [key, vs] : managed.fields) {
    if (key == workflow) continue;
    Set conflict = vs.set.Intersection(changed);
    if (!conflict.Empty()) conflicts.emplace_back(key, std::move(conflict));
  }
  if (!force && !conflicts.empty()) {
    // conflict.go: NewConflictError, getConflictMessage.
    std::vector<metav1::StatusCause> causes;
    std::size_t n = 0;
    std::string listing;
    for (const auto& conflict : conflicts) {
      const std::string who = internal::PrintManager(conflict.first);
      listing += fmt::format("{}conflicts with {}:", listing.empty() ? "" : "\n", who);
      conflict.second.Iterate([&](const Path& p) {
        ++n;
        causes.push_back(metav1::StatusCause{std::string(metav1::kCauseTypeFieldManagerConflict),
                                             fmt::format("conflict with {}", who), PathString(p)});
        listing += fmt::format("\n- {}", PathString(p));
      });
    }
    std::string message =
        n == 1 ? fmt::format("Apply failed with 1 conflict: {}: {}", causes[0].message, causes[0].field)
               : fmt::format("Apply failed with {} conflicts: {}", n, listing);
    throw errors::NewApplyConflict(std::move(causes), std::move(message));
  }
  for (auto& [key, set] : conflicts) managed.fields[key].set = managed.fields[key].set.Difference(set);
  if (!c.removed.Empty()) {
    for (auto& [key, vs] : managed.fields) {
      if (key != workflow) vs.set = vs.set.Difference(c.removed);
    }
  }
  for (auto it = managed.fields.begin(); it != managed.fields.end();) {
    if (it->second.set.Empty() && it->first != workflow) {
      managed.times.erase(it->first);
      it = managed.fields.erase(it);
    } else {
      ++it;
    }
  }
  return c;
}

APIMACHINERY_DECL void FieldManager::UpdateManaged(const nlohmann::json& live, const nlohmann::json& obj,
                                                   Managed& managed, const ManagerKey& key,
                                                   std::string_view now) const {
  // managedfieldsupdater.go: the change is computed for a fresh "current-operation" manager (so
  // that the manager's own earlier fields are treated as another manager's), then merged into it.
  const ManagerKey current{"current-operation", "Update", APIVersion(), subresource_};
  const Comparison c = TakeChanges(live, obj, managed, current, true);
  Set set = c.modified.Union(c.added);
  if (auto it = managed.fields.find(current); it != managed.fields.end())
    set = it->second.set.Difference(c.removed).Union(set);
  set = Filter(set).Difference(internal::StripSet());
  managed.fields.erase(current);
  managed.times.erase(current);
  if (set.Empty()) return;
  auto prev = managed.fields.find(key);
  if (prev != managed.fields.end()) {
    prev->second.set = set.Union(prev->second.set);
    prev->second.api_version = APIVersion();
    prev->second.applied = false;
  } else {
    managed.fields[key] = VersionedSet{std::move(set), APIVersion(), false};
  }
  managed.times[key] = std::string(now);
}

APIMACHINERY_DECL void FieldManager::CapUpdateManagers(Managed& managed) const {
  // capmanagers.go: capUpdateManagers (at most 10 Update managers; the oldest merge into
  // "ancient-changes" per version).
  constexpr std::size_t kMax = 10;
  std::vector<ManagerKey> updaters;
  for (const auto& [key, vs] : managed.fields) {
    if (!vs.applied) updaters.push_back(key);
  }
  if (updaters.size() <= kMax) return;
  std::sort(updaters.begin(), updaters.end(), [&](const ManagerKey& a, const ManagerKey& b) {
    const std::int64_t as = internal::UnixSeconds(managed.times[a]);
    const std::int64_t bs = internal::UnixSeconds(managed.times[b]);
    if (as != bs) return as < bs;
    return a < b;
  });
  std::map<std::string, ManagerKey> first_of_version;
  std::size_t length = updaters.size();
  for (std::size_t i = 0; i < updaters.size() && length > kMax; ++i) {
    const ManagerKey& m = updaters[i];
    const VersionedSet vs = managed.fields[m];
    const std::optional<std::string> time = managed.times[m];
    const ManagerKey bucket{"ancient-changes", "Update", vs.api_version, ""};
    auto first = first_of_version.find(vs.api_version);
    if (first == first_of_version.end()) {
      first_of_version.emplace(vs.api_version, m);
      continue;
    }
    if (managed.fields.count(bucket) == 0) {
      managed.fields[bucket] = managed.fields[first->second];
      managed.fields.erase(first->second);
      managed.times.erase(first->second);
    }
    managed.fields[bucket] =
        VersionedSet{vs.set.Union(managed.fields[bucket].set), vs.api_version, vs.applied};
    managed.fields.erase(m);
    managed.times.erase(m);
    --length;
    managed.times[bucket] = time;
  }
}

APIMACHINERY_DECL nlohmann::json FieldManager::Update(const nlohmann::json& live, nlohmann::json obj,
                                                      std::string_view manager, std::string_view now) const {
  // fieldmanager.go: decodeLiveOrNew, then the chain; UpdateNoErrors keeps the live
  // managedFields on any failure.
  const nlohmann::json* live_md = live.contains("metadata") ? &live["metadata"] : nullptr;
  const nlohmann::json live_entries = live_md != nullptr && live_md->is_object()
                                          ? live_md->value("managedFields", nlohmann::json())
                                          : nlohmann::json();
  auto restore_live = [&](nlohmann::json o) {
    if (auto md = o.find("metadata"); md != o.end() && md->is_object()) {
      if (live_entries.is_null()) {
        md->erase("managedFields");
      } else {
        (*md)["managedFields"] = live_entries;
      }
    }
    return o;
  };
  if (!obj.is_object()) return obj;
  try {
    Managed managed;
    auto decode_live = [&] {
      try {
        return DecodeManagedFields(live_entries);
      } catch (const Error&) {
        return Managed{};
      }
    };
    const nlohmann::json* md =
        obj.contains("metadata") && obj["metadata"].is_object() ? &obj["metadata"] : nullptr;
    const nlohmann::json* req =
        md != nullptr && md->contains("managedFields") ? &(*md)["managedFields"] : nullptr;
    if (!subresource_.empty() || req == nullptr || req->is_null()) {
      managed = decode_live();
    } else if (req->is_array() &&
               (req->empty() || (req->size() == 1 && req->at(0).is_object() && req->at(0).empty()))) {
      managed = Managed{};  // isResetManagedFields
    } else {
      try {
        managed = DecodeManagedFields(*req);
      } catch (const Error&) {
        managed = Managed{};
      }
      if (managed.fields.empty()) managed = decode_live();
    }
    obj = internal::WithoutManagedFields(std::move(obj));
    // skipnonapplied.go: an existing object without managed fields is not tracked.
    if (managed.fields.empty() && internal::HasUID(live)) return obj;
    UpdateManaged(internal::WithoutManagedFields(live), obj, managed, UpdateKey(manager), now);
    CapUpdateManagers(managed);
    nlohmann::json entries = EncodeManagedFields(managed);
    if (!entries.is_null()) obj["metadata"]["managedFields"] = std::move(entries);
    return obj;
  } catch (const Error&) {
    return restore_live(std::move(obj));
  }
}

APIMACHINERY_DECL nlohmann::json FieldManager::Prune(const nlohmann::json& merged, const Managed& managed,
                                                     const ManagerKey& applier,
                                                     const std::optional<VersionedSet>& last) const {
  // update.go: Updater.prune, addBackOwnedItems, addBackDanglingItems.
  if (!last || last->set.Empty()) return merged;
  const Type& t = *type_;
  const Set last_set = EnsureNamedFieldsAreMembers(last->set, t);
  nlohmann::json pruned = RemoveItems(t, merged, last_set);
  Set managed_all;
  for (const auto& [key, vs] : managed.fields) managed_all = managed_all.Union(vs.set);
  (void)applier;
  // merged's set serves both steps (one version: nothing to convert between them).
  const Set merged_set = EnsureNamedFieldsAreMembers(ToFieldSet(t, merged), t);
  {
    const Set pruned_set = EnsureNamedFieldsAreMembers(ToFieldSet(t, pruned), t);
    pruned = RemoveItems(
        t, merged, merged_set.Difference(pruned_set.Union(EnsureNamedFieldsAreMembers(managed_all, t))));
  }
  const Set pruned_set = EnsureNamedFieldsAreMembers(ToFieldSet(t, pruned), t);
  return RemoveItems(t, merged, merged_set.Difference(pruned_set).Intersection(last_set));
}

APIMACHINERY_DECL nlohmann::json FieldManager::Apply(const nlohmann::json& live, const nlohmann::json& config,
                                                     std::string_view manager, bool force,
                                                     std::string_view now) const {
  // versioncheck.go
  auto text = [&](const char* key) {
    auto it = config.is_object() ? config.find(key) : config.end();
    return it != config.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const schema::GroupVersionKind config_gvk = schema::FromAPIVersionAndKind(text("apiVersion"), text("kind"));
  if (!(config_gvk == gvk_)) {
    throw errors::NewBadRequest(fmt::format("invalid object type: {}", internal::GVKString(config_gvk)));
  }
  // structuredmerge.go: Apply
  if (auto md = config.find("metadata"); md != config.end() && md->is_object()) {
    if (auto mf = md->find("managedFields"); mf != md->end() && !mf->is_null()) {
      throw errors::NewBadRequest("metadata.managedFields must be nil");
    }
  }
  Managed managed;
  try {
    const nlohmann::json* md = live.contains("metadata") ? &live["metadata"] : nullptr;
    if (md != nullptr && md->is_object() && md->contains("managedFields")) {
      managed = DecodeManagedFields((*md)["managedFields"]);
    }
  } catch (const Error& e) {
    throw errors::NewInternalError(fmt::format("failed to decode managed fields: {}", e.what()));
  }
  nlohmann::json base = internal::WithoutManagedFields(live);
  if (managed.fields.empty()) {
    // skipnonapplied.go: the existing fields belong to "before-first-apply".
    nlohmann::json empty = {{"apiVersion", text("apiVersion")}, {"kind", text("kind")}};
    UpdateManaged(empty, base, managed, UpdateKey("before-first-apply"), now);
    CapUpdateManagers(managed);
  }
  const ManagerKey key{std::string(manager), "Apply", "", subresource_};
  auto name_of = [&] {
    const nlohmann::json* md = config.contains("metadata") ? &config["metadata"] : nullptr;
    auto s = [&](const char* k) {
      return md != nullptr && md->is_object() && md->contains(k) && (*md)[k].is_string()
                 ? (*md)[k].get<std::string>()
                 : std::string();
    };
    return fmt::format("{}/{}; {}", s("namespace"), s("name"), internal::GVKString(gvk_));
  };
  nlohmann::json merged;
  Set config_set;
  try {
    merged = Merge(*type_, base, config);
    config_set = ToFieldSet(*type_, config);
  } catch (const ValidationError& e) {
    throw errors::NewInternalError(
        fmt::format("failed to create typed patch object ({}): {}", name_of(), e.what()));
  }
  std::optional<VersionedSet> last;
  if (auto it = managed.fields.find(key); it != managed.fields.end()) last = it->second;
  managed.fields[key] = VersionedSet{Filter(config_set), APIVersion(), true};
  nlohmann::json next = Prune(merged, managed, key, last);
  TakeChanges(base, next, managed, key, force);
  // stripmeta.go
  if (auto it = managed.fields.find(key); it != managed.fields.end()) {
    it->second.set = it->second.set.Difference(internal::StripSet());
    if (it->second.set.Empty()) {
      managed.fields.erase(it);
      managed.times.erase(key);
    }
  }
  // managedfieldsupdater.go: a changed object stamps the applier's time.
  const bool changed = !util::json::Equal(base, next);
  if (changed) {
    managed.times[key] = std::string(now);
  } else {
    next = base;
  }
  if (managed.fields.count(key) != 0 && managed.times.count(key) == 0) managed.times[key] = std::nullopt;
  nlohmann::json entries = EncodeManagedFields(managed);
  if (!entries.is_null()) {
    next["metadata"]["managedFields"] = std::move(entries);
  } else if (next.contains("metadata") && next["metadata"].is_object()) {
    next["metadata"].erase("managedFields");
  }
  return next;
}

}  // namespace apimachinery::managedfields
