// runtime errors: the not-registered family, missing kind/version, strict decoding
// (k8s.io/apimachinery/pkg/runtime, error.go).
//
// Example:
//   runtime::Scheme scheme;
//   schema::GroupVersionKind gvk{"example.com", "v1", "Widget"};
//   try { scheme.New(gvk); } catch (const runtime::NotRegisteredError& e) { fmt::print("{}\n", e.what()); }
//   try {
//     scheme.New(gvk);
//   } catch (const std::exception& e) {
//     if (!runtime::IsNotRegisteredError(e)) throw;
//   }
//
// Every class derives from apimachinery::Error; what() is upstream's Error() text:
// - NotRegisteredError, built like upstream's four constructors:
//   - ForType(scheme, T): `no kind is registered for the type <T> in scheme "<scheme>"`
//   - ForTarget(scheme, T, target): `<T> is not suitable for converting to "<target>" in scheme
//     "<scheme>"`
//   - GVKForTarget(scheme, gvk, t): `"<group/version>" is not suitable for converting to "<target>"
//     in scheme "<scheme>"`
//   - ForKind(scheme, gvk): `no version "<gv>" has been registered in scheme "<scheme>"` (empty
//     Kind), `no kind "<Kind>" is registered for the internal version of group "<group>" in scheme
//     "<scheme>"`, `no kind "<Kind>" is registered for version "<gv>" in scheme "<scheme>"`
// - MissingKindError    `Object 'Kind' is missing in '<data>'`
// - MissingVersionError `Object 'apiVersion' is missing in '<data>'`
// - StrictDecodingError `strict decoding error: <e1>, <e2>` (members: errors, the individual texts)
// - SchemeRegistrationError: what upstream panics with while registering (double registration of
//   different types, missing version, unversioned kind clash), same texts.
//
// Differences from upstream: type names are C++ names (util::TypeId::name()); a target versioner
// is printed as its quoted Identifier() (Go's %q of the versioner value, util::Quote).
// Thread-safety: immutable values.
#pragma once

#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::runtime {

// NotRegisteredError: a type, kind or version is unknown to the scheme (upstream notRegisteredErr).
class NotRegisteredError : public Error {
 public:
  static NotRegisteredError ForKind(std::string_view scheme, const schema::GroupVersionKind& gvk) {
    return NotRegisteredError(scheme, gvk, {}, {});
  }
  static NotRegisteredError ForType(std::string_view scheme, std::string_view type_name) {
    return NotRegisteredError(scheme, {}, std::string(type_name), {});
  }
  static NotRegisteredError ForTarget(std::string_view scheme, std::string_view type_name,
                                      std::string_view target) {
    return NotRegisteredError(scheme, {}, std::string(type_name), std::string(target));
  }
  static NotRegisteredError GVKForTarget(std::string_view scheme, const schema::GroupVersionKind& gvk,
                                         std::string_view target) {
    return NotRegisteredError(scheme, gvk, {}, std::string(target));
  }

  std::string scheme_name;
  schema::GroupVersionKind gvk;
  std::string type_name;  // empty when built from a GVK
  std::string target;     // the target versioner's Identifier(), empty when none

 private:
  NotRegisteredError(std::string_view scheme, schema::GroupVersionKind k, std::string t, std::string tgt)
      : Error(Message(scheme, k, t, tgt)),
        scheme_name(scheme),
        gvk(std::move(k)),
        type_name(std::move(t)),
        target(std::move(tgt)) {}

  static std::string Message(std::string_view scheme, const schema::GroupVersionKind& k, const std::string& t,
                             const std::string& tgt) {
    using util::Quote;
    if (!t.empty() && !tgt.empty()) {
      return fmt::format("{} is not suitable for converting to {} in scheme {}", t, Quote(tgt),
                         Quote(scheme));
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
};

// MissingKindError: a serialized object has no kind.
class MissingKindError : public Error {
 public:
  explicit MissingKindError(std::string data_)
      : Error(fmt::format("Object 'Kind' is missing in '{}'", data_)), data(std::move(data_)) {}
  std::string data;
};

// MissingVersionError: a serialized object has no apiVersion.
class MissingVersionError : public Error {
 public:
  explicit MissingVersionError(std::string data_)
      : Error(fmt::format("Object 'apiVersion' is missing in '{}'", data_)), data(std::move(data_)) {}
  std::string data;
};

// StrictDecodingError: unknown or duplicate fields found by a strict decode. The object was still
// decoded (upstream returns it together with this error); see the codec for how to get it.
class StrictDecodingError : public Error {
 public:
  explicit StrictDecodingError(std::vector<std::string> errs)
      : Error(Message(errs)), errors(std::move(errs)) {}
  std::vector<std::string> errors;  // upstream: Errors()

 private:
  static std::string Message(const std::vector<std::string>& errs) {
    std::string s = "strict decoding error: ";
    for (std::size_t i = 0; i < errs.size(); ++i) {
      if (i) s += ", ";
      s += errs[i];
    }
    return s;
  }
};

// SchemeRegistrationError: what upstream panics with during registration.
class SchemeRegistrationError : public Error {
 public:
  using Error::Error;
};

inline bool IsNotRegisteredError(const std::exception& e) {
  return AnyErrorMatches(e,
                         [](const std::exception& x) { return dynamic_cast<const NotRegisteredError*>(&x); });
}
inline bool IsMissingKind(const std::exception& e) {
  return AnyErrorMatches(e,
                         [](const std::exception& x) { return dynamic_cast<const MissingKindError*>(&x); });
}
inline bool IsMissingVersion(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const MissingVersionError*>(&x); });
}
inline bool IsStrictDecodingError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const StrictDecodingError*>(&x); });
}
// AsStrictDecodingError returns the StrictDecodingError inside e, or nullptr.
inline const StrictDecodingError* AsStrictDecodingError(const std::exception& e) noexcept {
  return dynamic_cast<const StrictDecodingError*>(&e);
}

}  // namespace apimachinery::runtime
