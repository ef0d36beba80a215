// Definitions of the non-template functions declared in <apimachinery/cache/index.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/index.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL std::optional<std::string_view> NamespaceFieldValue(const runtime::Object& obj) {
  const metav1::ObjectMeta* meta = obj.GetObjectMeta();
  if (meta == nullptr) throw Error(std::string(kNoMetaError));
  return std::string_view(meta->namespace_);
}

}  // namespace apimachinery::cache::internal

namespace apimachinery::cache {

APIMACHINERY_DECL std::vector<std::string> MetaNamespaceIndexFunc(const runtime::Object& obj) {
  return {std::string(*internal::NamespaceFieldValue(obj))};
}

APIMACHINERY_DECL bool IsMetaNamespaceIndexFunc(const IndexFunc& fn) noexcept {
  using Fn = std::vector<std::string> (*)(const runtime::Object&);
  const Fn* target = fn.target<Fn>();
  return target != nullptr && *target == &MetaNamespaceIndexFunc;
}

APIMACHINERY_DECL std::vector<std::string> FieldIndex::operator()(const runtime::Object& obj) const {
  const std::optional<std::string_view> v = value(obj);
  if (!v) return {};
  return {std::string(*v)};
}

APIMACHINERY_DECL IndexFunc FieldIndexFunc(FieldValueFunc value) {
  if (value == nullptr) throw Error("cache: FieldIndexFunc needs a function");
  return FieldIndex{value};
}

}  // namespace apimachinery::cache
