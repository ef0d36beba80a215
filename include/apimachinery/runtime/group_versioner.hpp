// runtime::GroupVersioner: picks the target kind of a conversion from the kinds an object has
// (k8s.io/apimachinery/pkg/runtime, interfaces.go + codec.go).
//
// Example:
//   runtime::Scheme scheme;   // with the apps types and their conversions registered
//   runtime::Unstructured obj;
//   obj.UnmarshalJSON(R"({"apiVersion": "apps/v1beta1", "kind": "Deployment"})");
//   scheme.ConvertToVersion(obj, schema::GroupVersion{"apps", "v1"});   // implicit conversion
//   scheme.ConvertToVersion(obj, runtime::InternalGroupVersioner);
//   auto multi = runtime::NewMultiGroupVersioner({"", "v1"}, {{"custom", "TestType3"}});
//
// GroupVersioner is a small value type (a shared, immutable implementation) constructed implicitly
// from anything with `std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(const
// std::vector<schema::GroupVersionKind>&) const` and `std::string Identifier() const`:
// schema::GroupVersion, schema::GroupVersions (k8s.io/apimachinery/pkg/runtime/schema/
// group_version.go: KindForGroupVersionKinds), the versioners here, user types.
//
// | versioner | KindForGroupVersionKinds | Identifier() |
// | InternalGroupVersioner | first kind already __internal, else the first kind re-targeted to __internal |
// internal | | DisabledGroupVersioner | never | disabled | | NewMultiGroupVersioner(gv, gks) | no gks or one
// gk of gv's group: plain gv; else first input kind whose group matches an accepted gk (and Kind when set) ->
// gv.WithKind | {"accepted":..,"coerce":"false","name":"multi","target":..} | |
// NewCoercingMultiGroupVersioner | same; no hit with a non-empty input -> gv.WithKind(first kind) | ...
// "coerce":"true" ... |
//
// Throws: nothing but std::bad_alloc. Thread-safety: immutable values; safe to share.
// Differences from upstream: Go's `(gvk, ok)` is std::optional.
#pragma once

#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/json.hpp"

namespace apimachinery::runtime {

// GroupVersionerLike<T>: T can act as a GroupVersioner.
template <typename T>
concept GroupVersionerLike = requires(const T& t, const std::vector<schema::GroupVersionKind>& k) {
  { t.KindForGroupVersionKinds(k) } -> std::convertible_to<std::optional<schema::GroupVersionKind>>;
  { t.Identifier() } -> std::convertible_to<std::string>;
};

class GroupVersioner {
 public:
  // The dynamic interface behind a GroupVersioner.
  class Interface {
   public:
    virtual ~Interface() = default;
    virtual std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
        const std::vector<schema::GroupVersionKind>& kinds) const = 0;
    virtual std::string Identifier() const = 0;
  };

  // Implicit: wraps any GroupVersionerLike value (schema::GroupVersion, GroupVersions, ...).
  template <typename T>
  requires(GroupVersionerLike<T> && !std::same_as<std::remove_cvref_t<T>, GroupVersioner>)
      GroupVersioner(T impl)  // NOLINT(google-explicit-constructor)
      : impl_(std::make_shared<Model<T>>(std::move(impl))) {}
  APIMACHINERY_DECL explicit GroupVersioner(std::shared_ptr<const Interface> impl);

  // KindForGroupVersionKinds: the target kind for an object with `kinds`, or nullopt.
  APIMACHINERY_DECL std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>& kinds) const;
  // Identifier: a string that identifies the versioner (used in errors and cache keys).
  APIMACHINERY_DECL std::string Identifier() const;

 private:
  template <typename T>
  class Model final : public Interface {
   public:
    explicit Model(T v) : v_(std::move(v)) {}
    std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
        const std::vector<schema::GroupVersionKind>& kinds) const override {
      return v_.KindForGroupVersionKinds(kinds);
    }
    std::string Identifier() const override { return v_.Identifier(); }

   private:
    T v_;
  };
  std::shared_ptr<const Interface> impl_;
};

// InternalGroupVersionerType: converts to the internal version of the object's group.
struct InternalGroupVersionerType {
  APIMACHINERY_DECL std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>& kinds) const;
  APIMACHINERY_DECL std::string Identifier() const;
};

// DisabledGroupVersionerType: rejects every conversion.
struct DisabledGroupVersionerType {
  APIMACHINERY_DECL std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>&) const;
  APIMACHINERY_DECL std::string Identifier() const;
};

// Upstream: runtime.InternalGroupVersioner / runtime.DisabledGroupVersioner.
inline constexpr InternalGroupVersionerType InternalGroupVersioner{};
inline constexpr DisabledGroupVersionerType DisabledGroupVersioner{};

// MultiGroupVersionerType: accepts kinds of several groups and converts them to one target GV.
struct MultiGroupVersionerType {
  schema::GroupVersion target;
  std::vector<schema::GroupKind> accepted_group_kinds;
  bool coerce = false;

  APIMACHINERY_DECL std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>& kinds) const;
  APIMACHINERY_DECL std::string Identifier() const;
};

// NewMultiGroupVersioner: with no group kinds, or exactly one of gv's own group, this is plain gv.
APIMACHINERY_DECL GroupVersioner NewMultiGroupVersioner(schema::GroupVersion gv,
                                                        std::vector<schema::GroupKind> group_kinds = {});

// NewCoercingMultiGroupVersioner: like NewMultiGroupVersioner, but an unmatched non-empty input is
// coerced to gv with its first kind.
APIMACHINERY_DECL GroupVersioner
NewCoercingMultiGroupVersioner(schema::GroupVersion gv, std::vector<schema::GroupKind> group_kinds = {});

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/group_versioner.ipp"
#endif
