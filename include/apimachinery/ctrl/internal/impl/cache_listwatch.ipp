// Definitions of the non-template functions declared in <apimachinery/ctrl/internal/cache_listwatch.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/internal/cache_listwatch.hpp"

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL std::optional<std::uint64_t> ParseResourceVersion(std::string_view rv) noexcept {
  std::uint64_t v = 0;
  const auto r = std::from_chars(rv.data(), rv.data() + rv.size(), v);
  if (rv.empty() || r.ec != std::errc() || r.ptr != rv.data() + rv.size()) return std::nullopt;
  return v;
}

APIMACHINERY_DECL CacheObjectDecoder::CacheObjectDecoder(const runtime::Scheme* scheme,
                                                         CacheDecodeShape shape, schema::GroupVersionKind gvk,
                                                         std::shared_ptr<util::json::StringPool> pool)
    : scheme_(scheme), shape_(shape), gvk_(std::move(gvk)), pool_(std::move(pool)) {
  if (shape_ == CacheDecodeShape::kTyped && scheme_ == nullptr)
    throw Error("ctrl: a typed decoder needs a Scheme");
}

APIMACHINERY_DECL CacheDecodeShape CacheObjectDecoder::Shape() const noexcept { return shape_; }

APIMACHINERY_DECL const schema::GroupVersionKind& CacheObjectDecoder::Kind() const noexcept { return gvk_; }

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> CacheObjectDecoder::FromJSON(
    nlohmann::json item) const {
  switch (shape_) {
    case CacheDecodeShape::kTyped:
      return Typed(item);
    case CacheDecodeShape::kUnstructured: {
      auto u = std::make_shared<runtime::Unstructured>(std::move(item));
      u->SetGroupVersionKind(gvk_);
      return u;
    }
    case CacheDecodeShape::kMetadata: {
      auto m = std::make_shared<metav1::PartialObjectMetadata>(item.get<metav1::PartialObjectMetadata>());
      m->SetGroupVersionKind(gvk_);
      return m;
    }
    case CacheDecodeShape::kCompact: {
      if (item.is_object()) {  // else the constructor throws Unstructured's DecodeError
        item["apiVersion"] = gvk_.GroupVersion().String();
        item["kind"] = gvk_.kind;
      }
      return std::make_shared<const runtime::CompactUnstructured>(util::json::Compact::From(item, pool_));
    }
  }
  return nullptr;
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> CacheObjectDecoder::FromWatch(
    std::shared_ptr<const runtime::Object> obj) const {
  if (!obj) return obj;
  const util::TypeId id = obj->GetTypeId();
  if (id == util::kTypeId<runtime::Unstructured>) {
    const auto& u = static_cast<const runtime::Unstructured&>(*obj);
    switch (shape_) {
      case CacheDecodeShape::kTyped:
        return Typed(u.UnstructuredContent());
      case CacheDecodeShape::kUnstructured:
        if (u.GetObjectKind() == gvk_) return obj;
        {
          auto copy = std::make_shared<runtime::Unstructured>(u);
          copy->SetGroupVersionKind(gvk_);
          return copy;
        }
      case CacheDecodeShape::kMetadata: {
        auto m = std::make_shared<metav1::PartialObjectMetadata>();
        m->metadata = u.GetObjectMeta() != nullptr ? *u.GetObjectMeta() : metav1::ObjectMeta{};
        m->SetGroupVersionKind(gvk_);
        return m;
      }
      case CacheDecodeShape::kCompact: {
        if (u.GetObjectKind() == gvk_) return std::make_shared<const runtime::CompactUnstructured>(u, pool_);
        runtime::Unstructured copy(u);
        copy.SetGroupVersionKind(gvk_);
        return std::make_shared<const runtime::CompactUnstructured>(copy, pool_);
      }
    }
  }
  if (id == util::kTypeId<runtime::CompactUnstructured>) {  // a source that decodes compact objects
    if (shape_ != CacheDecodeShape::kCompact) {
      return FromWatch(std::make_shared<const runtime::Unstructured>(
          static_cast<const runtime::CompactUnstructured&>(*obj).ToUnstructured()));
    }
    if (obj->GetObjectKind() == gvk_) return obj;
    auto copy = std::make_shared<runtime::CompactUnstructured>(
        static_cast<const runtime::CompactUnstructured&>(*obj));
    copy->SetGroupVersionKind(gvk_);
    return copy;
  }
  if (id == util::kTypeId<metav1::PartialObjectMetadata>) {
    if (obj->GetObjectKind() == gvk_) return obj;
    auto m = std::make_shared<metav1::PartialObjectMetadata>(
        static_cast<const metav1::PartialObjectMetadata&>(*obj));
    m->SetGroupVersionKind(gvk_);
    return m;
  }
  return obj;
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> CacheObjectDecoder::Typed(
    const nlohmann::json& content) const {
  std::unique_ptr<runtime::Object> typed = scheme_->New(gvk_);
  const runtime::TypeInfo* info = scheme_->TypeInfoFor(typed->GetTypeId());
  try {
    if (info == nullptr || info->from_json == nullptr) throw Error("no JSON reader");
    info->from_json(content, *typed, nullptr);
  } catch (const std::exception&) {
    runtime::Unstructured u(content);
    u.SetGroupVersionKind(gvk_);
    typed = scheme_->UnstructuredToTyped(u);  // throws the Scheme's text
  }
  typed->SetGroupVersionKind(gvk_);
  return std::shared_ptr<const runtime::Object>(std::move(typed));
}

APIMACHINERY_DECL CacheListWatch::CacheListWatch(std::shared_ptr<dynamic::Interface> api,
                                                 schema::GroupVersionResource gvr, std::string ns,
                                                 CacheListSelectors selectors,
                                                 std::shared_ptr<const CacheObjectDecoder> decoder)
    : api_(std::move(api)),
      gvr_(std::move(gvr)),
      namespace_(std::move(ns)),
      selectors_(std::move(selectors)),
      decoder_(std::move(decoder)) {
  if (!api_) throw Error("ctrl: the cache's dynamic::Interface is null");
  if (!decoder_) throw Error("ctrl: the cache's decoder is null");
}

APIMACHINERY_DECL cache::ListResult CacheListWatch::List(const metav1::ListOptions& options) {
  nlohmann::json list = api_->List(gvr_, namespace_, Apply(options), Shape());
  cache::ListResult out;
  if (auto md = list.find("metadata"); md != list.end() && md->is_object()) {
    if (auto rv = md->find("resourceVersion"); rv != md->end() && rv->is_string()) out.resource_version = *rv;
    if (auto c = md->find("continue"); c != md->end() && c->is_string()) out.continue_ = *c;
  }
  if (auto items = list.find("items"); items != list.end() && items->is_array()) {
    out.items.reserve(items->size());
    for (auto& item : *items) out.items.push_back(decoder_->FromJSON(std::move(item)));
  }
  if (out.continue_.empty()) RecordFirstList(out.resource_version);
  return out;
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> CacheListWatch::Watch(
    const metav1::ListOptions& options) {
  return std::make_unique<DecodingWatch>(api_->Watch(gvr_, namespace_, Apply(options), Shape()), decoder_);
}

APIMACHINERY_DECL const std::string& CacheListWatch::Namespace() const noexcept { return namespace_; }

APIMACHINERY_DECL const CacheListSelectors& CacheListWatch::Selectors() const noexcept { return selectors_; }

APIMACHINERY_DECL std::uint64_t CacheListWatch::FirstListResourceVersion() const noexcept {
  return first_list_rv_.load(std::memory_order_acquire);
}

APIMACHINERY_DECL CacheListWatch::DecodingWatch::DecodingWatch(
    std::unique_ptr<watch::Interface> inner, std::shared_ptr<const CacheObjectDecoder> decoder)
    : inner_(std::move(inner)), decoder_(std::move(decoder)) {}

APIMACHINERY_DECL std::optional<watch::Event> CacheListWatch::DecodingWatch::Next() {
  if (failed_ || !inner_) return std::nullopt;
  std::optional<watch::Event> ev = inner_->Next();
  if (!ev || ev->type == watch::EventType::kError) return ev;
  try {
    ev->object = decoder_->FromWatch(std::move(ev->object));
  } catch (const std::exception& e) {
    failed_ = true;
    inner_->Stop();
    return watch::Event{watch::EventType::kError,
                        std::make_shared<const metav1::Status>(errors::NewInternalError(e.what()).Status())};
  }
  return ev;
}

APIMACHINERY_DECL void CacheListWatch::DecodingWatch::Stop() noexcept {
  if (inner_) inner_->Stop();
}

APIMACHINERY_DECL dynamic::ResponseShape CacheListWatch::Shape() const noexcept {
  return decoder_->Shape() == CacheDecodeShape::kMetadata ? dynamic::ResponseShape::kPartialObjectMetadata
                                                          : dynamic::ResponseShape::kObject;
}

APIMACHINERY_DECL metav1::ListOptions CacheListWatch::Apply(metav1::ListOptions o) const {
  o.label_selector = selectors_.label_selector;
  o.field_selector = selectors_.field_selector;
  return o;
}

APIMACHINERY_DECL void CacheListWatch::RecordFirstList(const std::string& rv) {
  if (listed_.exchange(true, std::memory_order_acq_rel)) return;
  if (const auto v = ParseResourceVersion(rv)) first_list_rv_.store(*v, std::memory_order_release);
}

}  // namespace apimachinery::ctrl::internal
