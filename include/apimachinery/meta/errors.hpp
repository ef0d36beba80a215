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
  explicit NoResourceMatchError(schema::GroupVersionResource partial);

  schema::GroupVersionResource partial_resource;
};

// NoKindMatchError: no kind matched the group kind in any of the searched versions.
// Text: `no matches for kind "K" in group "G"` (no versions), `... in version "g/v"` (one distinct),
// `... in versions ["g/v1" "g/v2"]` (several, deduplicated and byte-order sorted).
class NoKindMatchError : public NoMatchError {
 public:
  explicit NoKindMatchError(schema::GroupKind group_kind, std::vector<std::string> searched_versions = {});

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
  AmbiguousResourceError(schema::GroupVersionResource partial,
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
  AmbiguousKindError(schema::GroupVersionKind partial,
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
  MapperError() noexcept {}  // NOLINT(modernize-use-equals-default)

  static MapperError NoResourceMatch(schema::GroupVersionResource partial);
  static MapperError NoKindMatch(schema::GroupKind group_kind, std::vector<std::string> searched_versions);
  static MapperError AmbiguousResource(schema::GroupVersionResource partial,
                                       std::vector<schema::GroupVersionResource> matching_resources,
                                       std::vector<schema::GroupVersionKind> matching_kinds);
  static MapperError AmbiguousKind(schema::GroupVersionKind partial,
                                   std::vector<schema::GroupVersionResource> matching_resources,
                                   std::vector<schema::GroupVersionKind> matching_kinds);
  // An untyped upstream error (Go's errors.New / fmt.Errorf): becomes apimachinery::Error(text).
  static MapperError Plain(const std::string& text);
  // Wraps an arbitrary exception; classifies it (IsNoMatchError / IsAmbiguousError) once, here.
  // A typed meta error inside is kept as is (not re-created), so derived types survive.
  static MapperError FromException(std::exception_ptr e);
  // FromException(std::current_exception()); call only inside a catch block.
  static MapperError FromCurrentException();
  // Several errors aggregated into an AggregateError (upstream utilerrors.NewAggregate).
  // An empty list gives no error.
  static MapperError Aggregate(const std::vector<MapperError>& errs);

  explicit operator bool() const noexcept { return code_ != Code::kNone; }
  Code code() const noexcept { return code_; }
  // True for NoResourceMatch/NoKindMatch, and for other exceptions that IsNoMatchError accepts.
  bool IsNoMatch() const noexcept { return no_match_; }
  // True for AmbiguousResource/AmbiguousKind, and other exceptions that IsAmbiguousError accepts.
  bool IsAmbiguous() const noexcept { return ambiguous_; }

  // Throws the described exception. Precondition: *this holds an error.
  [[noreturn]] void Throw() const;
  // The described exception as an exception_ptr (null when there is no error).
  std::exception_ptr ToExceptionPtr() const;
  // The what() text of the described error ("" when there is no error).
  std::string Message() const;

  // Payload accessors (empty values when not applicable): the partial resource of
  // NoResourceMatch/AmbiguousResource; the partial kind of AmbiguousKind, or the group kind (no
  // version) of NoKindMatch.
  schema::GroupVersionResource resource() const;
  schema::GroupVersionKind kind() const;
  const std::vector<std::string>& versions() const noexcept;
  const std::vector<schema::GroupVersionResource>& matching_resources() const noexcept;
  const std::vector<schema::GroupVersionKind>& matching_kinds() const noexcept;

 private:
  // The lists and foreign exceptions; the (group, version, name) triple is kept inline so that the
  // common no-match errors allocate nothing for short names.
  struct Detail {
    std::vector<std::string> versions;
    std::vector<schema::GroupVersionResource> matching_resources;
    std::vector<schema::GroupVersionKind> matching_kinds;
    std::exception_ptr exception;
  };
  static const Detail& EmptyDetail() noexcept {
    static const Detail empty;
    return empty;
  }

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

inline std::string NoKindMatchMessage(const schema::GroupKind& gk, const std::vector<std::string>& versions) {
  std::vector<std::string> searched;
  searched.reserve(versions.size());
  for (const auto& v : versions) searched.push_back(schema::GroupVersion{gk.group, v}.String());
  std::sort(searched.begin(), searched.end());
  searched.erase(std::unique(searched.begin(), searched.end()), searched.end());
  if (searched.empty()) {
    return "no matches for kind " + util::Quote(gk.kind) + " in group " + util::Quote(gk.group);
  }
  if (searched.size() == 1) {
    return "no matches for kind " + util::Quote(gk.kind) + " in version " + util::Quote(searched.front());
  }
  std::string out = "no matches for kind " + util::Quote(gk.kind) + " in versions [";
  for (std::size_t i = 0; i < searched.size(); ++i) {
    if (i) out.push_back(' ');
    out += util::Quote(searched[i]);
  }
  out.push_back(']');
  return out;
}

inline std::string AmbiguousMessage(const std::string& partial,
                                    const std::vector<schema::GroupVersionResource>& resources,
                                    const std::vector<schema::GroupVersionKind>& kinds) {
  if (!kinds.empty() && !resources.empty()) {
    return partial + " matches multiple resources " + JoinList(resources) + " and kinds " + JoinList(kinds);
  }
  if (!kinds.empty()) return partial + " matches multiple kinds " + JoinList(kinds);
  if (!resources.empty()) return partial + " matches multiple resources " + JoinList(resources);
  return partial + " matches multiple resources or kinds";
}

}  // namespace internal

inline NoResourceMatchError::NoResourceMatchError(schema::GroupVersionResource partial)
    : NoMatchError("no matches for " + partial.String()), partial_resource(std::move(partial)) {}

inline NoKindMatchError::NoKindMatchError(schema::GroupKind gk, std::vector<std::string> versions)
    : NoMatchError(internal::NoKindMatchMessage(gk, versions)),
      group_kind(std::move(gk)),
      searched_versions(std::move(versions)) {}

inline AmbiguousResourceError::AmbiguousResourceError(schema::GroupVersionResource partial,
                                                      std::vector<schema::GroupVersionResource> resources,
                                                      std::vector<schema::GroupVersionKind> kinds)
    : AmbiguousError(internal::AmbiguousMessage(partial.String(), resources, kinds)),
      partial_resource(std::move(partial)),
      matching_resources(std::move(resources)),
      matching_kinds(std::move(kinds)) {}

inline AmbiguousKindError::AmbiguousKindError(schema::GroupVersionKind partial,
                                              std::vector<schema::GroupVersionResource> resources,
                                              std::vector<schema::GroupVersionKind> kinds)
    : AmbiguousError(internal::AmbiguousMessage(partial.String(), resources, kinds)),
      partial_kind(std::move(partial)),
      matching_resources(std::move(resources)),
      matching_kinds(std::move(kinds)) {}

inline bool IsNoMatchError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const NoMatchError*>(&x) != nullptr; });
}

inline bool IsAmbiguousError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const AmbiguousError*>(&x) != nullptr; });
}

inline bool IsNoMatchError(const std::exception_ptr& e) {
  if (!e) return false;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return IsNoMatchError(ex);
  } catch (...) {
    return false;
  }
}

inline bool IsAmbiguousError(const std::exception_ptr& e) {
  if (!e) return false;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return IsAmbiguousError(ex);
  } catch (...) {
    return false;
  }
}

inline MapperError MapperError::NoResourceMatch(schema::GroupVersionResource partial) {
  MapperError e;
  e.code_ = Code::kNoResourceMatch;
  e.no_match_ = true;
  e.triple_.emplace(
      Triple{std::move(partial.group), std::move(partial.version), std::move(partial.resource)});
  return e;
}

inline MapperError MapperError::NoKindMatch(schema::GroupKind group_kind,
                                            std::vector<std::string> searched_versions) {
  MapperError e;
  e.code_ = Code::kNoKindMatch;
  e.no_match_ = true;
  e.triple_.emplace(Triple{std::move(group_kind.group), std::string(), std::move(group_kind.kind)});
  if (!searched_versions.empty()) {
    auto d = std::make_shared<Detail>();
    d->versions = std::move(searched_versions);
    e.detail_ = std::move(d);
  }
  return e;
}

inline MapperError MapperError::AmbiguousResource(
    schema::GroupVersionResource partial, std::vector<schema::GroupVersionResource> matching_resources,
    std::vector<schema::GroupVersionKind> matching_kinds) {
  MapperError e;
  e.code_ = Code::kAmbiguousResource;
  e.ambiguous_ = true;
  e.triple_.emplace(
      Triple{std::move(partial.group), std::move(partial.version), std::move(partial.resource)});
  auto d = std::make_shared<Detail>();
  d->matching_resources = std::move(matching_resources);
  d->matching_kinds = std::move(matching_kinds);
  e.detail_ = std::move(d);
  return e;
}

inline MapperError MapperError::AmbiguousKind(schema::GroupVersionKind partial,
                                              std::vector<schema::GroupVersionResource> matching_resources,
                                              std::vector<schema::GroupVersionKind> matching_kinds) {
  MapperError e;
  e.code_ = Code::kAmbiguousKind;
  e.ambiguous_ = true;
  e.triple_.emplace(Triple{std::move(partial.group), std::move(partial.version), std::move(partial.kind)});
  auto d = std::make_shared<Detail>();
  d->matching_resources = std::move(matching_resources);
  d->matching_kinds = std::move(matching_kinds);
  e.detail_ = std::move(d);
  return e;
}

inline MapperError MapperError::Plain(const std::string& text) {
  MapperError e;
  e.code_ = Code::kOther;
  auto d = std::make_shared<Detail>();
  d->exception = std::make_exception_ptr(Error(text));
  e.detail_ = std::move(d);
  return e;
}

inline MapperError MapperError::FromException(std::exception_ptr ex) {
  MapperError e;
  if (!ex) return e;
  e.code_ = Code::kOther;
  e.no_match_ = IsNoMatchError(ex);
  e.ambiguous_ = IsAmbiguousError(ex);
  auto d = std::make_shared<Detail>();
  d->exception = std::move(ex);
  e.detail_ = std::move(d);
  return e;
}

inline MapperError MapperError::FromCurrentException() { return FromException(std::current_exception()); }

inline MapperError MapperError::Aggregate(const std::vector<MapperError>& errs) {
  std::vector<std::exception_ptr> ptrs;
  ptrs.reserve(errs.size());
  for (const auto& err : errs) {
    if (err) ptrs.push_back(err.ToExceptionPtr());
  }
  if (ptrs.empty()) return MapperError();
  return FromException(std::make_exception_ptr(AggregateError(std::move(ptrs))));
}

inline void MapperError::Throw() const {
  const Detail& d = detail_ ? *detail_ : EmptyDetail();
  switch (code_) {
    case Code::kNoResourceMatch:
      throw NoResourceMatchError(resource());
    case Code::kNoKindMatch:
      throw NoKindMatchError(schema::GroupKind{triple_->group, triple_->name}, d.versions);
    case Code::kAmbiguousResource:
      throw AmbiguousResourceError(resource(), d.matching_resources, d.matching_kinds);
    case Code::kAmbiguousKind:
      throw AmbiguousKindError(kind(), d.matching_resources, d.matching_kinds);
    case Code::kOther:
      if (d.exception) std::rethrow_exception(d.exception);
      break;
    case Code::kNone:
      break;
  }
  throw Error("meta: MapperError::Throw called without an error");
}

inline std::exception_ptr MapperError::ToExceptionPtr() const {
  const Detail& d = detail_ ? *detail_ : EmptyDetail();
  switch (code_) {
    case Code::kNoResourceMatch:
      return std::make_exception_ptr(NoResourceMatchError(resource()));
    case Code::kNoKindMatch:
      return std::make_exception_ptr(
          NoKindMatchError(schema::GroupKind{triple_->group, triple_->name}, d.versions));
    case Code::kAmbiguousResource:
      return std::make_exception_ptr(
          AmbiguousResourceError(resource(), d.matching_resources, d.matching_kinds));
    case Code::kAmbiguousKind:
      return std::make_exception_ptr(AmbiguousKindError(kind(), d.matching_resources, d.matching_kinds));
    case Code::kOther:
      return d.exception;
    case Code::kNone:
      break;
  }
  return nullptr;
}

inline std::string MapperError::Message() const {
  const Detail& d = detail_ ? *detail_ : EmptyDetail();
  switch (code_) {
    case Code::kNoResourceMatch:
      return "no matches for " + resource().String();
    case Code::kNoKindMatch:
      return internal::NoKindMatchMessage(schema::GroupKind{triple_->group, triple_->name}, d.versions);
    case Code::kAmbiguousResource:
      return internal::AmbiguousMessage(resource().String(), d.matching_resources, d.matching_kinds);
    case Code::kAmbiguousKind:
      return internal::AmbiguousMessage(kind().String(), d.matching_resources, d.matching_kinds);
    case Code::kOther:
      return WhatOf(d.exception);
    case Code::kNone:
      break;
  }
  return {};
}

inline schema::GroupVersionResource MapperError::resource() const {
  if (code_ != Code::kNoResourceMatch && code_ != Code::kAmbiguousResource) return {};
  return {triple_->group, triple_->version, triple_->name};
}
inline schema::GroupVersionKind MapperError::kind() const {
  if (code_ != Code::kNoKindMatch && code_ != Code::kAmbiguousKind) return {};
  return {triple_->group, triple_->version, triple_->name};
}
inline const std::vector<std::string>& MapperError::versions() const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).versions;
}
inline const std::vector<schema::GroupVersionResource>& MapperError::matching_resources() const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).matching_resources;
}
inline const std::vector<schema::GroupVersionKind>& MapperError::matching_kinds() const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).matching_kinds;
}

}  // namespace apimachinery::meta
