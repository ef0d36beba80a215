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

#include "apimachinery/config.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/schema/group_version.hpp"

namespace apimachinery::meta {

// FirstHitRESTMapper: the first successful delegate wins (see the file comment).
class FirstHitRESTMapper : public MultiRESTMapper {
 public:
  // Throws: apimachinery::Error if a delegate is null.
  APIMACHINERY_DECL explicit FirstHitRESTMapper(std::vector<std::shared_ptr<RESTMapper>> delegates);

  APIMACHINERY_DECL MapperResult<schema::GroupVersionKind> TryKindFor(
      const schema::GroupVersionResource& resource) const override;
  APIMACHINERY_DECL MapperResult<schema::GroupVersionResource> TryResourceFor(
      const schema::GroupVersionResource& input) const override;
  APIMACHINERY_DECL MapperResult<meta::RESTMapping> TryRESTMapping(
      const schema::GroupKind& gk, const std::vector<std::string>& versions) const override;

  // `FirstHitRESTMapper{\n\t<MultiRESTMapper String()>\n}`.
  APIMACHINERY_DECL std::string String() const override;

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
  APIMACHINERY_DECL static MapperError CollapseAggregateErrors(std::vector<MapperError> errors);
};

}  // namespace apimachinery::meta

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/meta/impl/firsthit_restmapper.ipp"
#endif
