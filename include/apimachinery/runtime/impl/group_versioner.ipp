// Definitions of the non-template functions declared in <apimachinery/runtime/group_versioner.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/group_versioner.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL GroupVersioner::GroupVersioner(std::shared_ptr<const Interface> impl)
    : impl_(std::move(impl)) {}

APIMACHINERY_DECL std::optional<schema::GroupVersionKind> GroupVersioner::KindForGroupVersionKinds(
    const std::vector<schema::GroupVersionKind>& kinds) const {
  return impl_->KindForGroupVersionKinds(kinds);
}

APIMACHINERY_DECL std::string GroupVersioner::Identifier() const { return impl_->Identifier(); }

APIMACHINERY_DECL std::optional<schema::GroupVersionKind>
InternalGroupVersionerType::KindForGroupVersionKinds(
    const std::vector<schema::GroupVersionKind>& kinds) const {
  for (const auto& k : kinds) {
    if (k.version == schema::kAPIVersionInternal) return k;
  }
  if (!kinds.empty()) {
    return schema::GroupVersionKind{kinds.front().group, std::string(schema::kAPIVersionInternal),
                                    kinds.front().kind};
  }
  return std::nullopt;
}

APIMACHINERY_DECL std::string InternalGroupVersionerType::Identifier() const { return "internal"; }

APIMACHINERY_DECL std::optional<schema::GroupVersionKind>
DisabledGroupVersionerType::KindForGroupVersionKinds(const std::vector<schema::GroupVersionKind>&) const {
  return std::nullopt;
}

APIMACHINERY_DECL std::string DisabledGroupVersionerType::Identifier() const { return "disabled"; }

APIMACHINERY_DECL std::optional<schema::GroupVersionKind> MultiGroupVersionerType::KindForGroupVersionKinds(
    const std::vector<schema::GroupVersionKind>& kinds) const {
  for (const auto& src : kinds) {
    for (const auto& gk : accepted_group_kinds) {
      if (gk.group != src.group) continue;
      if (!gk.kind.empty() && gk.kind != src.kind) continue;
      return target.WithKind(src.kind);
    }
  }
  if (coerce && !kinds.empty()) return target.WithKind(kinds.front().kind);
  return std::nullopt;
}

APIMACHINERY_DECL std::string MultiGroupVersionerType::Identifier() const {
  std::string accepted;
  for (std::size_t i = 0; i < accepted_group_kinds.size(); ++i) {
    if (i) accepted += ",";
    accepted += accepted_group_kinds[i].String();
  }
  nlohmann::json j = {{"name", "multi"},
                      {"target", target.String()},
                      {"accepted", accepted},
                      {"coerce", coerce ? "true" : "false"}};
  return util::json::Marshal(j);  // keys sorted, as Go's json.Marshal of a map
}

APIMACHINERY_DECL GroupVersioner NewMultiGroupVersioner(schema::GroupVersion gv,
                                                        std::vector<schema::GroupKind> group_kinds) {
  if (group_kinds.empty() || (group_kinds.size() == 1 && group_kinds.front().group == gv.group)) {
    return GroupVersioner(std::move(gv));
  }
  return GroupVersioner(MultiGroupVersionerType{std::move(gv), std::move(group_kinds), false});
}

APIMACHINERY_DECL GroupVersioner NewCoercingMultiGroupVersioner(schema::GroupVersion gv,
                                                                std::vector<schema::GroupKind> group_kinds) {
  return GroupVersioner(MultiGroupVersionerType{std::move(gv), std::move(group_kinds), true});
}

}  // namespace apimachinery::runtime
