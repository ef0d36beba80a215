// Definitions of the non-template functions declared in <apimachinery/runtime/scheme_unstructured.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/scheme_unstructured.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL std::unique_ptr<Object> Scheme::UnstructuredToTyped(const Object& in) const {
  auto kinds = ObjectKinds(in).first;
  std::unique_ptr<Object> typed = New(kinds.front());
  const TypeInfo* info = TypeInfoFor(typed->GetTypeId());
  const nlohmann::json content = in.GetTypeId() == util::kTypeId<Unstructured>
                                     ? static_cast<const Unstructured&>(in).UnstructuredContent()
                                     : static_cast<const UnstructuredList&>(in).UnstructuredContent();
  auto fail = [&](std::string_view cause) {
    return Error(
        fmt::format("unable to convert unstructured object to {}: {}", kinds.front().String(), cause));
  };
  try {
    info->from_json(content, *typed, nullptr);
  } catch (const std::exception& e) {
    // The type's reader refuses whatever upstream's converter refuses; the converter's walk then
    // names the first mismatch as upstream does (it runs only on failure: no cost on success).
    if (info->unstructured_mismatch != nullptr) {
      if (std::optional<std::string> mismatch = info->unstructured_mismatch(content)) throw fail(*mismatch);
    }
    throw fail(e.what());
  }
  return typed;
}

APIMACHINERY_DECL nlohmann::json Scheme::TypedContent(const Object& in) const {
  const TypeInfo* info = TypeInfoFor(in.GetTypeId());
  if (info == nullptr) throw NotRegisteredError::ForType(scheme_name_, in.GetTypeId().name());
  nlohmann::json j;
  try {
    info->to_json(in, j);
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("unable to convert object to unstructured: {}", e.what()));
  }
  if (!j.is_object()) {
    throw Error(fmt::format("unable to convert object to unstructured: got JSON {}, expected an object",
                            j.type_name()));
  }
  return j;
}

APIMACHINERY_DECL Unstructured Scheme::TypedToUnstructured(const Object& in,
                                                           const schema::GroupVersionKind& gvk) const {
  Unstructured u(TypedContent(in));
  u.SetGroupVersionKind(gvk);
  return u;
}

}  // namespace apimachinery::runtime
