// meta/interfaces.hpp: RESTMapper, RESTMapping, RESTScopeName (k8s.io/apimachinery/pkg/api/meta,
// interfaces.go).
//
// A RESTMapper maps between the type names of the API (GroupVersionKind) and the REST paths that
// serve them (GroupVersionResource), resolving partial requests ("pods", "deployments.apps") and
// picking the preferred version when a kind exists in several.
//
// Example:
//   meta::DefaultRESTMapper d({{"", "v1"}, {"apps", "v1"}, {"apps", "v1beta1"}});
//   d.Add({"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
//   d.Add({"apps", "v1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   d.Add({"apps", "v1beta1", "Deployment"}, meta::RESTScopeName::kNamespace);
//   const meta::RESTMapper& m = d;
//   schema::GroupVersionKind gvk = m.KindFor({"", "", "pods"});            // /v1, Kind=Pod
//   meta::RESTMapping mapping = m.RESTMapping({"apps", "Deployment"});      // apps/v1 deployments
//   meta::RESTMapping pinned = m.RESTMapping({"apps", "Deployment"}, {"v1beta1"});
//
// Two layers:
// - The seven public methods named as upstream (KindFor, KindsFor, ResourceFor, ResourcesFor,
//   RESTMapping, RESTMappings, ResourceSingularizer) are NON-virtual. They return the value or
//   throw the error (meta/errors.hpp). Because they are declared once, here, `RESTMapping(gk)`
//   without versions compiles on every concrete mapper type.
// - Each is backed by a public pure virtual `Try...` counterpart that never throws for mapper
//   errors: it returns a MapperResult (value and/or MapperError, as Go's `(value, error)`).
//   Implementations override the `Try...` methods; composite mappers (Priority, Multi,
//   FirstHit, the discovery mappers) call their delegates' `Try...` methods, so a composed lookup
//   builds and throws at most one exception, at the public boundary. Code that prefers writing
//   throwing logic can wrap it in CaptureMapperResult.
// - The public methods return `Try...(...).ValueOrThrow()`, except four: KindFor, ResourceFor,
//   RESTMapping and ResourcesFor run through a protected virtual hook (DoKindFor, DoResourceFor,
//   DoRESTMapping, DoResourcesFor) whose default is exactly that. A leaf mapper with a cheap hit
//   path (the discovery mapper) overrides them to copy the answer straight into the caller's
//   result, without a MapperResult in between (no move out of it, no empty MapperError): without
//   the hook a hit costs 37% more instructions for the single-value lookups, and ResourcesFor of
//   a plain resource takes 13% longer (restmapper_bench, paired). KindsFor, RESTMappings and
//   ResourceSingularizer have no hook: it would save under 10%. An override must return or throw
//   exactly what the default would. Composite mappers still go through their delegates' `Try...`
//   methods.
//
// Public boundary rule (MapperResult::ValueOrThrow): a value, when present, is returned even if an
// error came with it (k8s.io/apimachinery/pkg/api/meta/priority.go:
// PriorityRESTMapper.ResourceFor returns a single hit together with the delegate's error); otherwise the
// error is thrown; no value and no error gives the zero value (upstream's empty FirstHit mapper).
//
// Throws: see each mapper; all errors derive from apimachinery::Error. `Try...` methods may still
// throw std::bad_alloc.
// Thread-safety: every const method of every mapper in this package may be called from many
// threads at once. Mutators (DefaultRESTMapper::Add, Reset on some mappers) are documented per type.
//
// Differences from upstream:
// - RESTScope (an interface with Name()) is represented by the enum RESTScopeName.
// - The `Try...` protocol (MapperResult / MapperError) has no upstream counterpart.
// - The `...WithContext` variants (ResetWithContext) are not ported.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/format.hpp"

namespace apimachinery::meta {

// RESTScopeName: whether a resource is namespaced or cluster-wide. Prints as upstream's
// RESTScopeName strings: `namespace` and `root`.
enum class RESTScopeName { kNamespace, kRoot };

// String returns the upstream name of a scope ("namespace" / "root").
constexpr std::string_view String(RESTScopeName s) noexcept {
  return s == RESTScopeName::kRoot ? std::string_view("root") : std::string_view("namespace");
}
// ScopeNameString is the old spelling of String(RESTScopeName).
constexpr std::string_view ScopeNameString(RESTScopeName s) noexcept { return String(s); }

// RESTMapping: the information needed to deal with a kind at one REST endpoint.
struct RESTMapping {
  // The resource (plural name, with group and version) serving the kind.
  schema::GroupVersionResource resource;
  // The kind this mapping was requested for.
  schema::GroupVersionKind group_version_kind;
  // Whether the resource is namespaced.
  RESTScopeName scope = RESTScopeName::kNamespace;

  friend bool operator==(const RESTMapping&, const RESTMapping&) = default;
};

// String renders `{<resource> <gvk> <scope>}` (Go's %v of the struct, with the scope's name); it is
// what operator<< and fmt print.
APIMACHINERY_DECL std::string String(const RESTMapping& m);

// MapperResult<T>: what a `Try...` method produces: Go's `(value, error)`. `value` is set when the
// lookup produced a value (possibly together with an error); `error` is set when it failed.
template <typename T>
struct MapperResult {
  std::optional<T> value;
  MapperError error;

  // Ok builds the value in place: one copy (or move) of `v`, none more when the caller returns the
  // result directly (`return Result::Ok(x);` is a prvalue, elided into the caller's result).
  static MapperResult Ok(const T& v) {
    return MapperResult{std::optional<T>(std::in_place, v), MapperError()};
  }
  static MapperResult Ok(T&& v) {
    return MapperResult{std::optional<T>(std::in_place, std::move(v)), MapperError()};
  }
  static MapperResult Err(MapperError e) { return MapperResult{std::nullopt, std::move(e)}; }
  // A value together with an error (upstream returns both).
  static MapperResult Both(T v, MapperError e) {
    return MapperResult{std::optional<T>(std::move(v)), std::move(e)};
  }

  bool ok() const noexcept { return !error; }

  // The public-boundary rule: the value if present; else throw the error if any; else T{}.
  T ValueOrThrow() && {
    if (value) return std::move(*value);
    if (error) error.Throw();
    return T{};
  }
  T ValueOrThrow() const& {
    if (value) return *value;
    if (error) error.Throw();
    return T{};
  }
};

// RESTMapper: maps between kinds and resources. Abstract; see the file comment for the two layers.
class RESTMapper {
 public:
  virtual ~RESTMapper() = default;

  // KindFor takes a partial resource and returns the single match.
  // Throws: NoMatchError when nothing matches; AmbiguousResourceError (matching_kinds) when
  // several do; apimachinery::Error for invalid input.
  APIMACHINERY_DECL schema::GroupVersionKind KindFor(const schema::GroupVersionResource& resource) const;
  // KindsFor takes a partial resource and returns all matching kinds, preferred first.
  APIMACHINERY_DECL std::vector<schema::GroupVersionKind> KindsFor(
      const schema::GroupVersionResource& resource) const;
  // ResourceFor takes a partial resource and returns the single matching (plural) resource.
  APIMACHINERY_DECL schema::GroupVersionResource ResourceFor(const schema::GroupVersionResource& input) const;
  // ResourcesFor takes a partial resource and returns all matching (plural) resources.
  APIMACHINERY_DECL std::vector<schema::GroupVersionResource> ResourcesFor(
      const schema::GroupVersionResource& input) const;
  // RESTMapping identifies a preferred resource mapping for the group kind; `versions` (tried in
  // order) narrows the choice.
  APIMACHINERY_DECL meta::RESTMapping RESTMapping(const schema::GroupKind& gk,
                                                  const std::vector<std::string>& versions = {}) const;
  // RESTMappings returns all resource mappings for the group kind (restricted to `versions` if any
  // is given).
  APIMACHINERY_DECL std::vector<meta::RESTMapping> RESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions = {}) const;
  // ResourceSingularizer returns the singular name of a (plural) resource.
  APIMACHINERY_DECL std::string ResourceSingularizer(std::string_view resource) const;

  // The non-throwing counterparts (for mapper errors). Override these.
  virtual MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const = 0;
  virtual MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(
      const schema::GroupVersionResource& resource) const = 0;
  virtual MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const = 0;
  virtual MapperResult<std::vector<schema::GroupVersionResource>> TryResourcesFor(
      const schema::GroupVersionResource& input) const = 0;
  virtual MapperResult<meta::RESTMapping> TryRESTMapping(const schema::GroupKind& gk,
                                                         const std::vector<std::string>& versions) const = 0;
  virtual MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const = 0;
  virtual MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const = 0;

  // A human-readable description (upstream's String() where the mapper has one).
  APIMACHINERY_DECL virtual std::string String() const;

 protected:
  // The bodies of the public methods (see the file comment). Overrides must behave exactly as
  // these defaults.
  APIMACHINERY_DECL virtual schema::GroupVersionKind DoKindFor(
      const schema::GroupVersionResource& resource) const;
  APIMACHINERY_DECL virtual schema::GroupVersionResource DoResourceFor(
      const schema::GroupVersionResource& input) const;
  APIMACHINERY_DECL virtual std::vector<schema::GroupVersionResource> DoResourcesFor(
      const schema::GroupVersionResource& input) const;
  APIMACHINERY_DECL virtual meta::RESTMapping DoRESTMapping(const schema::GroupKind& gk,
                                                            const std::vector<std::string>& versions) const;

  RESTMapper() = default;
  RESTMapper(const RESTMapper&) = default;
  RESTMapper(RESTMapper&&) = default;
  RESTMapper& operator=(const RESTMapper&) = default;
  RESTMapper& operator=(RESTMapper&&) = default;
};

// ResettableRESTMapper: a RESTMapper that can drop its cached state (upstream: the interface with
// Reset()). Composite mappers pass Reset on to their delegates.
class ResettableRESTMapper : public RESTMapper {
 public:
  virtual void Reset() = 0;
};

// MaybeResetRESTMapper calls Reset() on `mapper` if it is a ResettableRESTMapper; otherwise it
// does nothing.
APIMACHINERY_DECL void MaybeResetRESTMapper(RESTMapper& mapper);

namespace internal {

// SmallVec: a vector of trivially copyable values with N inline slots (no allocation for the small
// match lists of the mappers' hot paths).
template <typename T, std::size_t N>
class SmallVec {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  SmallVec() = default;
  SmallVec(const SmallVec& o) { *this = o; }
  SmallVec& operator=(const SmallVec& o) {
    if (this == &o) return *this;
    clear();
    for (const T& v : o) push_back(v);
    return *this;
  }
  // A move takes the heap buffer (when there is one) and copies the inline slots; `o` is left empty.
  SmallVec(SmallVec&& o) noexcept { *this = std::move(o); }
  SmallVec& operator=(SmallVec&& o) noexcept {
    if (this == &o) return *this;
    heap_ = std::move(o.heap_);
    std::copy(o.inline_, o.inline_ + N, inline_);
    size_ = std::exchange(o.size_, 0);
    o.heap_.clear();
    return *this;
  }
  ~SmallVec() = default;

  void push_back(T v) {
    if (heap_.empty() && size_ < N) {
      inline_[size_++] = v;
      return;
    }
    if (heap_.empty()) heap_.assign(inline_, inline_ + size_);
    heap_.push_back(v);
    size_ = heap_.size();
  }
  void clear() noexcept {
    heap_.clear();
    size_ = 0;
  }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  T* begin() noexcept { return heap_.empty() ? inline_ : heap_.data(); }
  T* end() noexcept { return begin() + size_; }
  const T* begin() const noexcept { return heap_.empty() ? inline_ : heap_.data(); }
  const T* end() const noexcept { return begin() + size_; }
  T& operator[](std::size_t i) noexcept { return begin()[i]; }
  const T& operator[](std::size_t i) const noexcept { return begin()[i]; }
  T& front() noexcept { return *begin(); }

 private:
  T inline_[N] = {};
  std::size_t size_ = 0;
  std::vector<T> heap_;
};

}  // namespace internal

// CaptureMapperResult runs `fn` (which returns a T or throws) and turns an exception it throws into
// a MapperResult error. For implementations whose own logic is naturally throwing (slow path:
// classifying a caught exception costs a rethrow).
template <typename Fn>
auto CaptureMapperResult(Fn&& fn) -> MapperResult<decltype(fn())> {
  using T = decltype(fn());
  try {
    return MapperResult<T>::Ok(fn());
  } catch (...) {
    return MapperResult<T>::Err(MapperError::FromCurrentException());
  }
}

}  // namespace apimachinery::meta

APIMACHINERY_STRINGER(apimachinery::meta, RESTScopeName);
APIMACHINERY_STRINGER(apimachinery::meta, RESTMapping);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/interfaces.ipp"
#endif
