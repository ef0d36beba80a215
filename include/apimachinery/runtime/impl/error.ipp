// Definitions of the non-template functions declared in <apimachinery/runtime/error.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/error.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL NotRegisteredError NotRegisteredError::ForKind(std::string_view scheme,
                                                                 const schema::GroupVersionKind& gvk) {
  return NotRegisteredError(scheme, gvk, {}, {});
}

APIMACHINERY_DECL NotRegisteredError NotRegisteredError::ForType(std::string_view scheme,
                                                                 std::string_view type_name) {
  return NotRegisteredError(scheme, {}, std::string(type_name), {});
}

APIMACHINERY_DECL NotRegisteredError NotRegisteredError::ForTarget(std::string_view scheme,
                                                                   std::string_view type_name,
                                                                   std::string_view target) {
  return NotRegisteredError(scheme, {}, std::string(type_name), std::string(target));
}

APIMACHINERY_DECL NotRegisteredError NotRegisteredError::GVKForTarget(std::string_view scheme,
                                                                      const schema::GroupVersionKind& gvk,
                                                                      std::string_view target) {
  return NotRegisteredError(scheme, gvk, {}, std::string(target));
}

APIMACHINERY_DECL NotRegisteredError::NotRegisteredError(std::string_view scheme, schema::GroupVersionKind k,
                                                         std::string t, std::string tgt)
    : Error(Message(scheme, k, t, tgt)),
      scheme_name(scheme),
      gvk(std::move(k)),
      type_name(std::move(t)),
      target(std::move(tgt)) {}

APIMACHINERY_DECL std::string NotRegisteredError::Message(std::string_view scheme,
                                                          const schema::GroupVersionKind& k,
                                                          const std::string& t, const std::string& tgt) {
  using util::Quote;
  if (!t.empty() && !tgt.empty()) {
    return fmt::format("{} is not suitable for converting to {} in scheme {}", t, Quote(tgt), Quote(scheme));
  }
  if (!k.Empty() && !tgt.empty()) {
    return fmt::format("{} is not suitable for converting to {} in scheme {}",
                       Quote(k.GroupVersion().String()), Quote(tgt), Quote(scheme));
  }
  if (!t.empty()) {
    return fmt::format("no kind is registered for the type {} in scheme {}", t, Quote(scheme));
  }
  if (k.kind.empty()) {
    return fmt::format("no version {} has been registered in scheme {}", Quote(k.GroupVersion().String()),
                       Quote(scheme));
  }
  if (k.version == schema::kAPIVersionInternal) {
    return fmt::format("no kind {} is registered for the internal version of group {} in scheme {}",
                       Quote(k.kind), Quote(k.group), Quote(scheme));
  }
  return fmt::format("no kind {} is registered for version {} in scheme {}", Quote(k.kind),
                     Quote(k.GroupVersion().String()), Quote(scheme));
}

APIMACHINERY_DECL MissingKindError::MissingKindError(std::string data_)
    : Error(fmt::format("Object 'Kind' is missing in '{}'", data_)), data(std::move(data_)) {}

APIMACHINERY_DECL MissingVersionError::MissingVersionError(std::string data_)
    : Error(fmt::format("Object 'apiVersion' is missing in '{}'", data_)), data(std::move(data_)) {}

APIMACHINERY_DECL StrictDecodingError::StrictDecodingError(std::vector<std::string> errs)
    : Error(Message(errs)), errors(std::move(errs)) {}

APIMACHINERY_DECL std::string StrictDecodingError::Message(const std::vector<std::string>& errs) {
  std::string s = "strict decoding error: ";
  for (std::size_t i = 0; i < errs.size(); ++i) {
    if (i) s += ", ";
    s += errs[i];
  }
  return s;
}

APIMACHINERY_DECL bool IsNotRegisteredError(const std::exception& e) {
  return AnyErrorMatches(e,
                         [](const std::exception& x) { return dynamic_cast<const NotRegisteredError*>(&x); });
}

APIMACHINERY_DECL bool IsMissingKind(const std::exception& e) {
  return AnyErrorMatches(e,
                         [](const std::exception& x) { return dynamic_cast<const MissingKindError*>(&x); });
}

APIMACHINERY_DECL bool IsMissingVersion(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const MissingVersionError*>(&x); });
}

APIMACHINERY_DECL bool IsStrictDecodingError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const StrictDecodingError*>(&x); });
}

APIMACHINERY_DECL const StrictDecodingError* AsStrictDecodingError(const std::exception& e) noexcept {
  return dynamic_cast<const StrictDecodingError*>(&e);
}

}  // namespace apimachinery::runtime
