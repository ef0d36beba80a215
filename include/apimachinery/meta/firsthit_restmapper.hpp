// meta/firsthit_restmapper.hpp: FirstHitRESTMapper
// (k8s.io/apimachinery/pkg/api/meta/firsthit_restmapper.go).
//
// FirstHitRESTMapper is a MultiRESTMapper whose singular lookups (ResourceFor, KindFor,
// RESTMapping) return the first delegate's successful answer instead of reporting ambiguity
// across delegates. The plural lookups, ResourceSingularizer and Reset are MultiRESTMapper's.
//
// Example:
//   std::vector<schema::GroupVersion> core{{"", "v1"}};
//   auto preferred_mapper = std::make_shared<meta::DefaultRESTMapper>(core);
//   preferred_mapper->Add({"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
//   auto fallback_mapper = std::make_shared<meta::DefaultRESTMapper>(core);
//   meta::FirstHitRESTMapper m({preferred_mapper, fallback_mapper});
//   m.KindFor({"", "", "pods"});   // preferred_mapper's answer if it has one
//
// Throws (singular lookups, k8s.io/apimachinery/pkg/api/meta/firsthit_restmapper.go:
// FirstHitRESTMapper.KindFor and the other singular methods): when every delegate failed: one delegate → its
// error; all errors are no-match errors → the first one; otherwise an AggregateError of all of
// them (upstream's `[e1, e2]` text). With no delegates at all, nothing is thrown and the zero value
// is returned (upstream returns a zero value with a nil error).
//
// Thread-safety: as MultiRESTMapper.
//
// Differences from upstream: a delegate answer that comes with an error (only
// PriorityRESTMapper produces those) counts as a failure, as upstream's `err == nil` test does.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::meta {

// FirstHitRESTMapper: the first successful delegate wins (see the file comment).
class FirstHitRESTMapper : public MultiRESTMapper {
 public:
  // Throws: apimachinery::Error if a delegate is null.
  explicit FirstHitRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates)
      : MultiRESTMapper(std::move(delegates)) {}

  MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override {
    return FirstHit([&](const RESTMapper& d) { return d.TryKindFor(resource); });
  }
  MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override {
    return FirstHit([&](const RESTMapper& d) { return d.TryResourceFor(input); });
  }
  MapperResult<meta::RESTMapping> TryRESTMapping(const schema::GroupKind& gk,
                                                 const std::vector<std::string>& versions) const override {
    return FirstHit([&](const RESTMapper& d) { return d.TryRESTMapping(gk, versions); });
  }

  // `FirstHitRESTMapper{\n\t<MultiRESTMapper String()>\n}`.
  std::string String() const override {
    return "FirstHitRESTMapper{\n\t" + MultiRESTMapper::String() + "\n}";
  }

 private:
  template <typename Fn>
  auto FirstHit(Fn&& ask) const -> decltype(ask(std::declval<const RESTMapper&>())) {
    using Result = decltype(ask(std::declval<const RESTMapper&>()));
    std::vector<MapperError> errors;
    for (const auto& d : delegates()) {
      Result r = ask(*d);
      if (!r.error) return r;
      errors.push_back(std::move(r.error));
    }
    return Result::Err(CollapseAggregateErrors(std::move(errors)));
  }

  // Upstream's collapseAggregateErrors: none → no error; one → it; all no-match → the first;
  // otherwise an aggregate.
  static MapperError CollapseAggregateErrors(std::vector<MapperError> errors) {
    if (errors.empty()) return MapperError();
    if (errors.size() == 1) return std::move(errors.front());
    bool all_no_match = true;
    for (const auto& e : errors) all_no_match = all_no_match && e.IsNoMatch();
    if (all_no_match) return std::move(errors.front());
    return MapperError::Aggregate(errors);
  }
};

}  // namespace apimachinery::meta
