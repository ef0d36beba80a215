// meta/errors.hpp: the RESTMapper error types (k8s.io/apimachinery/pkg/api/meta/errors.go).
//
// What a mapper throws when a lookup matches nothing (NoMatchError: NoResourceMatchError,
// NoKindMatchError) or more than one thing (AmbiguousError: AmbiguousResourceError,
// AmbiguousKindError). `what()` is upstream's Error() text byte for byte:
//
//   no matches for /, Resource=foo
//   no matches for kind "Foo" in versions ["apps/v1" "apps/v2"]
//   /, Resource=thing matches multiple kinds [g3/v1, Kind=Thing g4/v1, Kind=Thing]
//
// Example:
//   meta::DefaultRESTMapper mapper({schema::GroupVersion{"", "v1"}});
//   try { mapper.KindFor({"", "", "widgets"}); }
//   catch (const std::exception& e) { if (meta::IsNoMatchError(e)) fmt::print("{}\n", e.what()); }
//
// IsNoMatchError / IsAmbiguousError match by type, and look inside AggregateError (as Go's
// errors.Is looks through wrapping and aggregates).
//
// MapperError is the non-throwing error descriptor the mappers pass between each other (see
// interfaces.hpp, MapperResult): it records which of the four typed errors (or which other
// exception) a lookup produced, so composite mappers can test "is this a no-match?" without
// throwing and catching; the exception is only built when a public method throws it.
//
// Throws: constructors may throw std::bad_alloc only.
// Thread-safety: immutable value types once constructed. MapperError is a copyable value: the
// partial resource of a no-match error is stored inline (no allocation for short names), other
// payloads are shared immutable state; it may be shared between threads.
//
// Differences from upstream:
// - None in the texts: kinds, groups and versions are quoted with util::Quote (Go's `%q`).
// - MapperError has no upstream counterpart (Go returns error values, which are cheap).
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/internal/join_list.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::meta {

// NoMatchError is the base of the "nothing matched" errors (upstream: the two types that
// errors.Is(err, &NoResourceMatchError{}) / &NoKindMatchError{} recognise).
class NoMatchError : public Error {
 protected:
  using Error::Error;
};

// NoResourceMatchError: no resource matched the (partial) request.
// Text: `no matches for <partial_resource.String()>`.
class NoResourceMatchError : public NoMatchError {
 public:
  APIMACHINERY_DECL explicit NoResourceMatchError(schema::GroupVersionResource partial);

  schema::GroupVersionResource partial_resource;
};

// NoKindMatchError: no kind matched the group kind in any of the searched versions.
// Text: `no matches for kind "K" in group "G"` (no versions), `... in version "g/v"` (one distinct),
// `... in versions ["g/v1" "g/v2"]` (several, deduplicated and byte-order sorted).
class NoKindMatchError : public NoMatchError {
 public:
  APIMACHINERY_DECL explicit NoKindMatchError(schema::GroupKind group_kind,
                                              std::vector<std::string> searched_versions = {});

  schema::GroupKind group_kind;
  std::vector<std::string> searched_versions;
};

// AmbiguousError is the base of the "more than one thing matched" errors.
class AmbiguousError : public Error {
 protected:
  using Error::Error;
};

// AmbiguousResourceError: a partial resource matched several resources and/or kinds. Note that
// upstream's KindFor reports ambiguity with this type too (with matching_kinds filled).
// Text: `<gvr> matches multiple resources [..] and kinds [..]` / `... matches multiple kinds [..]` /
// `... matches multiple resources [..]` / `... matches multiple resources or kinds`.
class AmbiguousResourceError : public AmbiguousError {
 public:
  APIMACHINERY_DECL AmbiguousResourceError(schema::GroupVersionResource partial,
                                           std::vector<schema::GroupVersionResource> matching_resources,
                                           std::vector<schema::GroupVersionKind> matching_kinds);

  schema::GroupVersionResource partial_resource;
  std::vector<schema::GroupVersionResource> matching_resources;
  std::vector<schema::GroupVersionKind> matching_kinds;
};

// AmbiguousKindError: a (partial) kind matched several resources and/or kinds. Produced only by
// the RESTMapping method of the Priority and Multi mappers. Same four text shapes as
// AmbiguousResourceError, prefixed by the GVK string.
class AmbiguousKindError : public AmbiguousError {
 public:
  APIMACHINERY_DECL AmbiguousKindError(schema::GroupVersionKind partial,
                                       std::vector<schema::GroupVersionResource> matching_resources,
                                       std::vector<schema::GroupVersionKind> matching_kinds);

  schema::GroupVersionKind partial_kind;
  std::vector<schema::GroupVersionResource> matching_resources;
  std::vector<schema::GroupVersionKind> matching_kinds;
};

// IsNoMatchError reports whether `e` is a NoResourceMatchError or NoKindMatchError, or an
// AggregateError containing one (recursively).
bool IsNoMatchError(const std::exception& e);
// Same for a captured exception (false for a null pointer or a non-std exception).
bool IsNoMatchError(const std::exception_ptr& e);

// IsAmbiguousError reports whether `e` is an AmbiguousResourceError or AmbiguousKindError, or an
// AggregateError containing one (recursively).
bool IsAmbiguousError(const std::exception& e);
bool IsAmbiguousError(const std::exception_ptr& e);

// MapperError: a non-throwing description of a mapper error (or of no error). The four typed
// errors are stored as their payload and only materialised as exceptions by Throw() /
// ToExceptionPtr(); any other error is kept as a std::exception_ptr, classified once when
// captured.
class MapperError {
 public:
  enum class Code : std::uint8_t {
    kNone,               // no error
    kNoResourceMatch,    // NoResourceMatchError (payload: resource)
    kNoKindMatch,        // NoKindMatchError (payload: kind.group/kind.kind, versions)
    kAmbiguousResource,  // AmbiguousResourceError (payload: resource, matching_*)
    kAmbiguousKind,      // AmbiguousKindError (payload: kind, matching_*)
    kOther,              // any other exception (payload: exception)
  };

  // No error. User-provided (not `= default`) on purpose: `MapperError()` then runs the member
  // initialisers only, instead of first zero-filling the whole object (value-initialisation).
  APIMACHINERY_DECL MapperError() noexcept;  // NOLINT(modernize-use-equals-default)

  APIMACHINERY_DECL static MapperError NoResourceMatch(schema::GroupVersionResource partial);
  APIMACHINERY_DECL static MapperError NoKindMatch(schema::GroupKind group_kind,
                                                   std::vector<std::string> searched_versions);
  APIMACHINERY_DECL static MapperError AmbiguousResource(
      schema::GroupVersionResource partial, std::vector<schema::GroupVersionResource> matching_resources,
      std::vector<schema::GroupVersionKind> matching_kinds);
  APIMACHINERY_DECL static MapperError AmbiguousKind(
      schema::GroupVersionKind partial, std::vector<schema::GroupVersionResource> matching_resources,
      std::vector<schema::GroupVersionKind> matching_kinds);
  // An untyped upstream error (Go's errors.New / fmt.Errorf): becomes apimachinery::Error(text).
  APIMACHINERY_DECL static MapperError Plain(const std::string& text);
  // Wraps an arbitrary exception; classifies it (IsNoMatchError / IsAmbiguousError) once, here.
  // A typed meta error inside is kept as is (not re-created), so derived types survive.
  APIMACHINERY_DECL static MapperError FromException(std::exception_ptr e);
  // FromException(std::current_exception()); call only inside a catch block.
  APIMACHINERY_DECL static MapperError FromCurrentException();
  // Several errors aggregated into an AggregateError (upstream utilerrors.NewAggregate).
  // An empty list gives no error.
  APIMACHINERY_DECL static MapperError Aggregate(const std::vector<MapperError>& errs);

  APIMACHINERY_DECL explicit operator bool() const noexcept;
  APIMACHINERY_DECL Code code() const noexcept;
  // True for NoResourceMatch/NoKindMatch, and for other exceptions that IsNoMatchError accepts.
  APIMACHINERY_DECL bool IsNoMatch() const noexcept;
  // True for AmbiguousResource/AmbiguousKind, and other exceptions that IsAmbiguousError accepts.
  APIMACHINERY_DECL bool IsAmbiguous() const noexcept;

  // Throws the described exception. Precondition: *this holds an error.
  [[noreturn]] APIMACHINERY_DECL void Throw() const;
  // The described exception as an exception_ptr (null when there is no error).
  APIMACHINERY_DECL std::exception_ptr ToExceptionPtr() const;
  // The what() text of the described error ("" when there is no error).
  APIMACHINERY_DECL std::string Message() const;

  // Payload accessors (empty values when not applicable): the partial resource of
  // NoResourceMatch/AmbiguousResource; the partial kind of AmbiguousKind, or the group kind (no
  // version) of NoKindMatch.
  APIMACHINERY_DECL schema::GroupVersionResource resource() const;
  APIMACHINERY_DECL schema::GroupVersionKind kind() const;
  APIMACHINERY_DECL const std::vector<std::string>& versions() const noexcept;
  APIMACHINERY_DECL const std::vector<schema::GroupVersionResource>& matching_resources() const noexcept;
  APIMACHINERY_DECL const std::vector<schema::GroupVersionKind>& matching_kinds() const noexcept;

 private:
  // The lists and foreign exceptions; the (group, version, name) triple is kept inline so that the
  // common no-match errors allocate nothing for short names.
  struct Detail {
    std::vector<std::string> versions;
    std::vector<schema::GroupVersionResource> matching_resources;
    std::vector<schema::GroupVersionKind> matching_kinds;
    std::exception_ptr exception;
  };
  APIMACHINERY_DECL static const Detail& EmptyDetail() noexcept;

  // The resource or kind triple of the four typed errors (engaged exactly for them). Kept in an
  // optional so that the empty descriptor every successful lookup carries is a few stores to
  // make and two tests to destroy.
  struct Triple {
    std::string group, version, name;
  };

  Code code_ = Code::kNone;
  bool no_match_ = false;
  bool ambiguous_ = false;
  std::optional<Triple> triple_;
  std::shared_ptr<const Detail> detail_;
};

// Implementation details follow.

namespace internal {

// JoinList renders Go's %v of a slice of Stringers: `[a b c]` (the shared helper).
using util::internal::JoinList;

APIMACHINERY_DECL std::string NoKindMatchMessage(const schema::GroupKind& gk,
                                                 const std::vector<std::string>& versions);

APIMACHINERY_DECL std::string AmbiguousMessage(const std::string& partial,
                                               const std::vector<schema::GroupVersionResource>& resources,
                                               const std::vector<schema::GroupVersionKind>& kinds);

}  // namespace internal

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/errors.ipp"
#endif
