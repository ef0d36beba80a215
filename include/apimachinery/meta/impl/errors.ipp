// Definitions of the non-template functions declared in <apimachinery/meta/errors.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/meta/errors.hpp"

namespace apimachinery::meta {

APIMACHINERY_DECL MapperError::MapperError() noexcept {}

APIMACHINERY_DECL MapperError::operator bool() const noexcept { return code_ != Code::kNone; }

APIMACHINERY_DECL auto MapperError::code() const noexcept -> Code { return code_; }

APIMACHINERY_DECL bool MapperError::IsNoMatch() const noexcept { return no_match_; }

APIMACHINERY_DECL bool MapperError::IsAmbiguous() const noexcept { return ambiguous_; }

APIMACHINERY_DECL auto MapperError::EmptyDetail() noexcept -> const Detail& {
  static const Detail empty;
  return empty;
}

}  // namespace apimachinery::meta

namespace apimachinery::meta::internal {

APIMACHINERY_DECL std::string NoKindMatchMessage(const schema::GroupKind& gk,
                                                 const std::vector<std::string>& versions) {
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

APIMACHINERY_DECL std::string AmbiguousMessage(const std::string& partial,
                                               const std::vector<schema::GroupVersionResource>& resources,
                                               const std::vector<schema::GroupVersionKind>& kinds) {
  if (!kinds.empty() && !resources.empty()) {
    return partial + " matches multiple resources " + JoinList(resources) + " and kinds " + JoinList(kinds);
  }
  if (!kinds.empty()) return partial + " matches multiple kinds " + JoinList(kinds);
  if (!resources.empty()) return partial + " matches multiple resources " + JoinList(resources);
  return partial + " matches multiple resources or kinds";
}

}  // namespace apimachinery::meta::internal

namespace apimachinery::meta {

APIMACHINERY_DECL NoResourceMatchError::NoResourceMatchError(schema::GroupVersionResource partial)
    : NoMatchError("no matches for " + partial.String()), partial_resource(std::move(partial)) {}

APIMACHINERY_DECL NoKindMatchError::NoKindMatchError(schema::GroupKind gk, std::vector<std::string> versions)
    : NoMatchError(internal::NoKindMatchMessage(gk, versions)),
      group_kind(std::move(gk)),
      searched_versions(std::move(versions)) {}

APIMACHINERY_DECL AmbiguousResourceError::AmbiguousResourceError(
    schema::GroupVersionResource partial, std::vector<schema::GroupVersionResource> resources,
    std::vector<schema::GroupVersionKind> kinds)
    : AmbiguousError(internal::AmbiguousMessage(partial.String(), resources, kinds)),
      partial_resource(std::move(partial)),
      matching_resources(std::move(resources)),
      matching_kinds(std::move(kinds)) {}

APIMACHINERY_DECL AmbiguousKindError::AmbiguousKindError(schema::GroupVersionKind partial,
                                                         std::vector<schema::GroupVersionResource> resources,
                                                         std::vector<schema::GroupVersionKind> kinds)
    : AmbiguousError(internal::AmbiguousMessage(partial.String(), resources, kinds)),
      partial_kind(std::move(partial)),
      matching_resources(std::move(resources)),
      matching_kinds(std::move(kinds)) {}

APIMACHINERY_DECL bool IsNoMatchError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const NoMatchError*>(&x) != nullptr; });
}

APIMACHINERY_DECL bool IsAmbiguousError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const AmbiguousError*>(&x) != nullptr; });
}

APIMACHINERY_DECL bool IsNoMatchError(const std::exception_ptr& e) {
  if (!e) return false;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return IsNoMatchError(ex);
  } catch (...) {
    return false;
  }
}

APIMACHINERY_DECL bool IsAmbiguousError(const std::exception_ptr& e) {
  if (!e) return false;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return IsAmbiguousError(ex);
  } catch (...) {
    return false;
  }
}

APIMACHINERY_DECL MapperError MapperError::NoResourceMatch(schema::GroupVersionResource partial) {
  MapperError e;
  e.code_ = Code::kNoResourceMatch;
  e.no_match_ = true;
  e.triple_.emplace(
      Triple{std::move(partial.group), std::move(partial.version), std::move(partial.resource)});
  return e;
}

APIMACHINERY_DECL MapperError MapperError::NoKindMatch(schema::GroupKind group_kind,
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

APIMACHINERY_DECL MapperError MapperError::AmbiguousResource(
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

APIMACHINERY_DECL MapperError MapperError::AmbiguousKind(
    schema::GroupVersionKind partial, std::vector<schema::GroupVersionResource> matching_resources,
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

APIMACHINERY_DECL MapperError MapperError::Plain(const std::string& text) {
  MapperError e;
  e.code_ = Code::kOther;
  auto d = std::make_shared<Detail>();
  d->exception = std::make_exception_ptr(Error(text));
  e.detail_ = std::move(d);
  return e;
}

APIMACHINERY_DECL MapperError MapperError::FromException(std::exception_ptr ex) {
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

APIMACHINERY_DECL MapperError MapperError::FromCurrentException() {
  return FromException(std::current_exception());
}

APIMACHINERY_DECL MapperError MapperError::Aggregate(const std::vector<MapperError>& errs) {
  std::vector<std::exception_ptr> ptrs;
  ptrs.reserve(errs.size());
  for (const auto& err : errs) {
    if (err) ptrs.push_back(err.ToExceptionPtr());
  }
  if (ptrs.empty()) return MapperError();
  return FromException(std::make_exception_ptr(AggregateError(std::move(ptrs))));
}

APIMACHINERY_DECL void MapperError::Throw() const {
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

APIMACHINERY_DECL std::exception_ptr MapperError::ToExceptionPtr() const {
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

APIMACHINERY_DECL std::string MapperError::Message() const {
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

APIMACHINERY_DECL schema::GroupVersionResource MapperError::resource() const {
  if (code_ != Code::kNoResourceMatch && code_ != Code::kAmbiguousResource) return {};
  return {triple_->group, triple_->version, triple_->name};
}

APIMACHINERY_DECL schema::GroupVersionKind MapperError::kind() const {
  if (code_ != Code::kNoKindMatch && code_ != Code::kAmbiguousKind) return {};
  return {triple_->group, triple_->version, triple_->name};
}

APIMACHINERY_DECL const std::vector<std::string>& MapperError::versions() const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).versions;
}

APIMACHINERY_DECL const std::vector<schema::GroupVersionResource>& MapperError::matching_resources()
    const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).matching_resources;
}

APIMACHINERY_DECL const std::vector<schema::GroupVersionKind>& MapperError::matching_kinds() const noexcept {
  return (detail_ ? *detail_ : EmptyDetail()).matching_kinds;
}

}  // namespace apimachinery::meta
