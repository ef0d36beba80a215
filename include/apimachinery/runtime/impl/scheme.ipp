// Definitions of the non-template functions declared in <apimachinery/runtime/scheme.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/scheme.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL const std::string& Scheme::Name() const noexcept { return scheme_name_; }

APIMACHINERY_DECL void Scheme::EnableConversionChains(bool enable) {
  converter_.EnableConversionChains(enable);
}

APIMACHINERY_DECL void Scheme::AddFieldLabelConversionFunc(const schema::GroupVersionKind& gvk,
                                                           FieldLabelConversionFunc fn) {
  field_label_funcs_[gvk] = std::move(fn);
}

APIMACHINERY_DECL bool Scheme::Recognizes(const schema::GroupVersionKind& gvk) const {
  return gvk_to_type_.count(gvk) > 0;
}

APIMACHINERY_DECL const TypeInfo* Scheme::TypeInfoFor(util::TypeId id) const noexcept {
  auto it = types_.find(id);
  return it == types_.end() ? nullptr : &it->second.info;
}

APIMACHINERY_DECL const conversion::Converter& Scheme::Converter() const noexcept { return converter_; }

APIMACHINERY_DECL conversion::Converter& Scheme::Converter() noexcept { return converter_; }

APIMACHINERY_DECL bool Scheme::IsUnstructured(const Object& obj) noexcept {
  const util::TypeId id = obj.GetTypeId();
  return id == util::kTypeId<Unstructured> || id == util::kTypeId<UnstructuredList>;
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL std::string CallerName(const char* file, int line) {
  std::string_view f = file ? file : "";
  // Keep the last two path components (Go prints a package-relative path).
  auto last = f.rfind('/');
  if (last != std::string_view::npos && last > 0) {
    auto prev = f.rfind('/', last - 1);
    if (prev != std::string_view::npos) f = f.substr(prev + 1);
  }
  return fmt::format("{}:{}", f, line);
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL std::pair<std::string, std::string> DefaultMetaV1FieldSelectorConversion(
    std::string_view label, std::string_view value) {
  if (label == "metadata.name" || label == "metadata.namespace") {
    return {std::string(label), std::string(value)};
  }
  throw Error(fmt::format("{} is not a known field selector: only {}, {}", util::Quote(label),
                          util::Quote("metadata.name"), util::Quote("metadata.namespace")));
}

APIMACHINERY_DECL const GroupVersioner* TargetVersioner(const conversion::Scope& scope) noexcept {
  const conversion::Meta* m = scope.Meta();
  if (m == nullptr) return nullptr;
  if (const auto* p = std::any_cast<const GroupVersioner*>(&m->context)) return *p;
  return nullptr;
}

APIMACHINERY_DECL Scheme::Scheme(std::string name, const char* file, int line)
    : scheme_name_(name.empty() ? internal::CallerName(file, line) : std::move(name)) {
  RegisterStringConversions();
}

APIMACHINERY_DECL void Scheme::RegisterStringConversions() {
  using Strings = std::vector<std::string>;
  converter_.RegisterConversionFunc<Strings, std::string>(
      [](const Strings& in, std::string& out, conversion::Scope&) {
        out = in.empty() ? std::string() : in[0];
      });
  converter_.RegisterConversionFunc<Strings, int>([](const Strings& in, int& out, conversion::Scope&) {
    out = in.empty() ? 0 : static_cast<int>(util::ParseInt(in[0], 32, "Atoi"));
  });
  converter_.RegisterConversionFunc<Strings, bool>([](const Strings& in, bool& out, conversion::Scope&) {
    if (in.empty()) {
      out = false;
      return;
    }
    // strings.EqualFold(v, "false"): ASCII case folding, and U+017F (long s) folds to 's'.
    std::string folded = util::ToLowerASCII(in[0]);
    if (auto pos = folded.find("\xC5\xBF"); pos != std::string::npos) folded.replace(pos, 2, "s");
    out = !(in[0] == "0" || folded == "false");
  });
  converter_.RegisterConversionFunc<Strings, std::int64_t>(
      [](const Strings& in, std::int64_t& out, conversion::Scope&) {
        out = in.empty() ? 0 : util::ParseInt(in[0], 64);
      });
}

APIMACHINERY_DECL void Scheme::AddObservedVersion(const schema::GroupVersion& gv) {
  if (gv.version.empty() || gv.version == schema::kAPIVersionInternal) return;
  for (const auto& o : observed_versions_) {
    if (o == gv) return;
  }
  observed_versions_.push_back(gv);
}

APIMACHINERY_DECL void Scheme::SetVersionPriority(const std::vector<schema::GroupVersion>& versions) {
  std::set<std::string> groups;
  std::vector<std::string> order;
  for (const auto& v : versions) {
    if (v.version.empty() || v.version == schema::kAPIVersionInternal) {
      throw Error(fmt::format("internal versions cannot be prioritized: {}", v.String()));
    }
    groups.insert(v.group);
    order.push_back(v.version);
  }
  if (groups.size() != 1) {
    std::string list;
    for (const auto& g : groups) {
      if (!list.empty()) list += ", ";
      list += g;
    }
    throw Error(fmt::format("must register versions for exactly one group: {}", list));
  }
  version_priority_[*groups.begin()] = std::move(order);
}

APIMACHINERY_DECL std::unique_ptr<Object> Scheme::New(const schema::GroupVersionKind& gvk) const {
  if (auto it = gvk_to_type_.find(gvk); it != gvk_to_type_.end()) {
    return types_.at(it->second).info.make();
  }
  if (auto it = unversioned_kinds_.find(gvk.kind); it != unversioned_kinds_.end()) {
    return types_.at(it->second).info.make();
  }
  throw NotRegisteredError::ForKind(scheme_name_, gvk);
}

APIMACHINERY_DECL std::pair<std::vector<schema::GroupVersionKind>, bool> Scheme::ObjectKinds(
    const Object& obj) const {
  if (IsUnstructured(obj)) {
    schema::GroupVersionKind gvk = obj.GetObjectKind();
    if (gvk.kind.empty()) throw MissingKindError("unstructured object has no kind");
    if (gvk.version.empty()) throw MissingVersionError("unstructured object has no version");
    return {{gvk}, false};
  }
  const util::TypeId id = obj.GetTypeId();
  auto it = types_.find(id);
  if (it == types_.end()) throw NotRegisteredError::ForType(scheme_name_, id.name());
  return {it->second.gvks, unversioned_types_.count(id) > 0};
}

APIMACHINERY_DECL std::pair<bool, bool> Scheme::IsUnversioned(const Object& obj) const {
  const util::TypeId id = obj.GetTypeId();
  if (!types_.count(id)) return {false, false};
  return {unversioned_types_.count(id) > 0, true};
}

APIMACHINERY_DECL std::map<std::string, util::TypeId> Scheme::KnownTypes(
    const schema::GroupVersion& gv) const {
  std::map<std::string, util::TypeId> out;
  for (const auto& [gvk, id] : gvk_to_type_) {
    if (gvk.group == gv.group && gvk.version == gv.version) out[gvk.kind] = id;
  }
  return out;
}

APIMACHINERY_DECL std::map<schema::GroupVersionKind, util::TypeId> Scheme::AllKnownTypes() const {
  return {gvk_to_type_.begin(), gvk_to_type_.end()};
}

APIMACHINERY_DECL std::vector<schema::GroupVersion> Scheme::VersionsForGroupKind(
    const schema::GroupKind& gk) const {
  std::vector<schema::GroupVersion> available;
  for (const auto& [gvk, id] : gvk_to_type_) {
    if (gvk.group == gk.group && gvk.kind == gk.kind) available.push_back(gvk.GroupVersion());
  }
  std::vector<schema::GroupVersion> ret;
  for (const auto& version : PrioritizedVersionsForGroup(gk.group)) {
    for (const auto& a : available) {
      if (a == version) ret.push_back(a);
    }
  }
  return ret;
}

APIMACHINERY_DECL std::vector<schema::GroupVersion> Scheme::PrioritizedVersionsForGroup(
    std::string_view group) const {
  std::vector<schema::GroupVersion> ret;
  if (auto it = version_priority_.find(std::string(group)); it != version_priority_.end()) {
    for (const auto& v : it->second) ret.push_back({std::string(group), v});
  }
  for (const auto& observed : observed_versions_) {
    if (observed.group != group) continue;
    bool found = false;
    for (const auto& e : ret) found = found || e == observed;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

APIMACHINERY_DECL std::vector<schema::GroupVersion> Scheme::PrioritizedVersionsAllGroups() const {
  std::vector<schema::GroupVersion> ret;
  for (const auto& [group, versions] : version_priority_) {
    for (const auto& v : versions) ret.push_back({group, v});
  }
  for (const auto& observed : observed_versions_) {
    bool found = false;
    for (const auto& e : ret) found = found || e == observed;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

APIMACHINERY_DECL std::vector<schema::GroupVersion> Scheme::PreferredVersionAllGroups() const {
  std::vector<schema::GroupVersion> ret;
  for (const auto& [group, versions] : version_priority_) {
    if (!versions.empty()) ret.push_back({group, versions.front()});
  }
  for (const auto& observed : observed_versions_) {
    bool found = false;
    for (const auto& e : ret) found = found || e.group == observed.group;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

APIMACHINERY_DECL bool Scheme::IsGroupRegistered(std::string_view group) const {
  for (const auto& o : observed_versions_) {
    if (o.group == group) return true;
  }
  return false;
}

APIMACHINERY_DECL bool Scheme::IsVersionRegistered(const schema::GroupVersion& gv) const {
  for (const auto& o : observed_versions_) {
    if (o == gv) return true;
  }
  return false;
}

APIMACHINERY_DECL void Scheme::Default(Object& obj) const {
  if (auto it = defaulter_funcs_.find(obj.GetTypeId()); it != defaulter_funcs_.end()) {
    it->second(obj);
  }
}

APIMACHINERY_DECL std::pair<std::string, std::string> Scheme::ConvertFieldLabel(
    const schema::GroupVersionKind& gvk, std::string_view label, std::string_view value) const {
  if (auto it = field_label_funcs_.find(gvk); it != field_label_funcs_.end()) {
    return it->second(label, value);
  }
  return DefaultMetaV1FieldSelectorConversion(label, value);
}

APIMACHINERY_DECL void Scheme::SetTargetKind(Object& obj, const schema::GroupVersionKind& gvk) {
  if (gvk.version == schema::kAPIVersionInternal) {
    obj.SetGroupVersionKind({});
    return;
  }
  obj.SetGroupVersionKind(gvk);
}

APIMACHINERY_DECL std::unique_ptr<Object> Scheme::ConvertToVersion(const Object& in,
                                                                   const GroupVersioner& target) const {
  return ConvertToVersionImpl(true, in, nullptr, target);
}

APIMACHINERY_DECL std::unique_ptr<Object> Scheme::UnsafeConvertToVersion(std::unique_ptr<Object> in,
                                                                         const GroupVersioner& target) const {
  if (!in) throw Error("only pointer types may be converted: <nil>");
  const Object& ref = *in;
  return ConvertToVersionImpl(false, ref, std::move(in), target);
}

APIMACHINERY_DECL std::unique_ptr<Object> Scheme::ConvertToVersionImpl(bool copy, const Object& in_ref,
                                                                       std::unique_ptr<Object> owned,
                                                                       const GroupVersioner& target) const {
  const Object* in = &in_ref;
  std::unique_ptr<Object> typed;
  if (IsUnstructured(*in)) {
    typed = UnstructuredToTyped(*in);
    in = typed.get();
    owned.reset();
    copy = false;  // the typed object is ours already
  }
  const util::TypeId id = in->GetTypeId();
  auto it = types_.find(id);
  if (it == types_.end() || it->second.gvks.empty()) {
    throw NotRegisteredError::ForType(scheme_name_, id.name());
  }
  const std::vector<schema::GroupVersionKind>& kinds = it->second.gvks;

  // copyAndSetTargetKind: the safe variant copies, the unsafe one re-stamps the same object.
  auto copy_and_set = [&](const schema::GroupVersionKind& gvk) -> std::unique_ptr<Object> {
    std::unique_ptr<Object> out;
    if (typed) {
      out = std::move(typed);
    } else if (copy || !owned) {
      out = in->DeepCopyObject();
    } else {
      out = std::move(owned);
    }
    SetTargetKind(*out, gvk);
    return out;
  };
  auto unversioned_answer = [&](const schema::GroupVersionKind& unversioned_kind) {
    if (auto g = target.KindForGroupVersionKinds({unversioned_kind})) return copy_and_set(*g);
    return copy_and_set(unversioned_kind);
  };

  std::optional<schema::GroupVersionKind> gvk = target.KindForGroupVersionKinds(kinds);
  if (!gvk) {
    if (auto u = unversioned_types_.find(id); u != unversioned_types_.end()) {
      return unversioned_answer(u->second);
    }
    throw NotRegisteredError::ForTarget(scheme_name_, id.name(), target.Identifier());
  }
  for (const auto& kind : kinds) {
    if (kind == *gvk) return copy_and_set(*gvk);
  }
  if (auto u = unversioned_types_.find(id); u != unversioned_types_.end()) {
    return unversioned_answer(u->second);
  }
  std::unique_ptr<Object> out = New(*gvk);
  const GroupVersioner* target_ptr = &target;
  conversion::Meta meta{std::any(target_ptr)};
  converter_.Convert(dynamic_cast<const void*>(in), id, dynamic_cast<void*>(out.get()), out->GetTypeId(),
                     &meta);
  SetTargetKind(*out, *gvk);
  return out;
}

}  // namespace apimachinery::runtime
