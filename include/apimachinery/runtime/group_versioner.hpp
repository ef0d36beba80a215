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
  explicit GroupVersioner(std::shared_ptr<const Interface> impl) : impl_(std::move(impl)) {}

  // KindForGroupVersionKinds: the target kind for an object with `kinds`, or nullopt.
  std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>& kinds) const {
    return impl_->KindForGroupVersionKinds(kinds);
  }
  // Identifier: a string that identifies the versioner (used in errors and cache keys).
  std::string Identifier() const { return impl_->Identifier(); }

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
  std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
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
  std::string Identifier() const { return "internal"; }
};

// DisabledGroupVersionerType: rejects every conversion.
struct DisabledGroupVersionerType {
  std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>&) const {
    return std::nullopt;
  }
  std::string Identifier() const { return "disabled"; }
};

// Upstream: runtime.InternalGroupVersioner / runtime.DisabledGroupVersioner.
inline constexpr InternalGroupVersionerType InternalGroupVersioner{};
inline constexpr DisabledGroupVersionerType DisabledGroupVersioner{};

// MultiGroupVersionerType: accepts kinds of several groups and converts them to one target GV.
struct MultiGroupVersionerType {
  schema::GroupVersion target;
  std::vector<schema::GroupKind> accepted_group_kinds;
  bool coerce = false;

  std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
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
  std::string Identifier() const {
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
};

// NewMultiGroupVersioner: with no group kinds, or exactly one of gv's own group, this is plain gv.
inline GroupVersioner NewMultiGroupVersioner(schema::GroupVersion gv,
                                             std::vector<schema::GroupKind> group_kinds = {}) {
  if (group_kinds.empty() || (group_kinds.size() == 1 && group_kinds.front().group == gv.group)) {
    return GroupVersioner(std::move(gv));
  }
  return GroupVersioner(MultiGroupVersionerType{std::move(gv), std::move(group_kinds), false});
}

// NewCoercingMultiGroupVersioner: like NewMultiGroupVersioner, but an unmatched non-empty input is
// coerced to gv with its first kind.
inline GroupVersioner NewCoercingMultiGroupVersioner(schema::GroupVersion gv,
                                                     std::vector<schema::GroupKind> group_kinds = {}) {
  return GroupVersioner(MultiGroupVersionerType{std::move(gv), std::move(group_kinds), true});
}

}  // namespace apimachinery::runtime
