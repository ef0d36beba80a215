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

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::runtime {

// NotRegisteredError: a type, kind or version is unknown to the scheme (upstream notRegisteredErr).
class NotRegisteredError : public Error {
 public:
  APIMACHINERY_DECL static NotRegisteredError ForKind(std::string_view scheme,
                                                      const schema::GroupVersionKind& gvk);
  APIMACHINERY_DECL static NotRegisteredError ForType(std::string_view scheme, std::string_view type_name);
  APIMACHINERY_DECL static NotRegisteredError ForTarget(std::string_view scheme, std::string_view type_name,
                                                        std::string_view target);
  APIMACHINERY_DECL static NotRegisteredError GVKForTarget(std::string_view scheme,
                                                           const schema::GroupVersionKind& gvk,
                                                           std::string_view target);

  std::string scheme_name;
  schema::GroupVersionKind gvk;
  std::string type_name;  // empty when built from a GVK
  std::string target;     // the target versioner's Identifier(), empty when none

 private:
  APIMACHINERY_DECL NotRegisteredError(std::string_view scheme, schema::GroupVersionKind k, std::string t,
                                       std::string tgt);

  APIMACHINERY_DECL static std::string Message(std::string_view scheme, const schema::GroupVersionKind& k,
                                               const std::string& t, const std::string& tgt);
};

// MissingKindError: a serialized object has no kind.
class MissingKindError : public Error {
 public:
  APIMACHINERY_DECL explicit MissingKindError(std::string data_);
  std::string data;
};

// MissingVersionError: a serialized object has no apiVersion.
class MissingVersionError : public Error {
 public:
  APIMACHINERY_DECL explicit MissingVersionError(std::string data_);
  std::string data;
};

// StrictDecodingError: unknown or duplicate fields found by a strict decode. The object was still
// decoded (upstream returns it together with this error); see the codec for how to get it.
class StrictDecodingError : public Error {
 public:
  APIMACHINERY_DECL explicit StrictDecodingError(std::vector<std::string> errs);
  std::vector<std::string> errors;  // upstream: Errors()

 private:
  APIMACHINERY_DECL static std::string Message(const std::vector<std::string>& errs);
};

// SchemeRegistrationError: what upstream panics with during registration.
class SchemeRegistrationError : public Error {
 public:
  using Error::Error;
};

APIMACHINERY_DECL bool IsNotRegisteredError(const std::exception& e);
APIMACHINERY_DECL bool IsMissingKind(const std::exception& e);
APIMACHINERY_DECL bool IsMissingVersion(const std::exception& e);
APIMACHINERY_DECL bool IsStrictDecodingError(const std::exception& e);
// AsStrictDecodingError returns the StrictDecodingError inside e, or nullptr.
APIMACHINERY_DECL const StrictDecodingError* AsStrictDecodingError(const std::exception& e) noexcept;

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/error.ipp"
#endif
