// ctrl::internal::CacheObjectDecoder and CacheListWatch: the ListerWatcher behind each informer of
// ctrl::Cache. It lists and watches one resource through dynamic::Interface, pushes the cache's
// selectors into every request, and turns what the server sends into the objects the cache
// stores: a registered typed T (through the Scheme), runtime::Unstructured, or
// metav1::PartialObjectMetadata (a metadata-only request, ResponseShape::kPartialObjectMetadata).
// Every stored object is stamped with the kind the cache was asked for.
//
// Upstream: sigs.k8s.io/controller-runtime pkg/cache/internal/informers.go (Informers.makeListWatcher:
// the structured, unstructured and metadata ListWatch functions) with the selectors of
// pkg/cache/internal/selector.go (ApplyToList).
//
// Throws: List and Watch pass on what dynamic::Interface throws (the api/errors family). A list
// item that does not decode throws the Scheme's error (`unable to convert unstructured object to
// <gvk>: <cause>`); a watch object that does not decode becomes an ERROR event (500, that text)
// and ends the watch, as a Reflector expects a decoding failure to surface.
// Cost: typed decode reads each item's JSON once into a new T (no intermediate Unstructured);
// Unstructured keeps the list item's JSON (moved, not copied); watch objects of the requested
// shape are passed through (metadata objects are copied once to stamp their kind).
// Thread-safety: CacheObjectDecoder is immutable after construction; CacheListWatch is as safe as
// the dynamic::Interface it calls (the Reflector calls one method at a time).
#pragma once

#include <atomic>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/compact.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/util/type_id.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::ctrl::internal {

// ParseResourceVersion: a resourceVersion as the number the cache compares (the API server's are
// decimal etcd revisions), or nullopt for anything else (empty, signs, trailing bytes, overflow).
inline std::optional<std::uint64_t> ParseResourceVersion(std::string_view rv) noexcept {
  std::uint64_t v = 0;
  const auto r = std::from_chars(rv.data(), rv.data() + rv.size(), v);
  if (rv.empty() || r.ec != std::errc() || r.ptr != rv.data() + rv.size()) return std::nullopt;
  return v;
}

// CacheDecodeShape: what the cache stores for a type.
enum class CacheDecodeShape { kTyped, kUnstructured, kMetadata, kCompact };

// CacheObjectDecoder: JSON (list items) or watch objects -> the stored object of one kind.
class CacheObjectDecoder {
 public:
  // `scheme` must outlive the decoder when shape is kTyped. Compact objects intern into `pool`
  // when it is set.
  CacheObjectDecoder(const runtime::Scheme* scheme, CacheDecodeShape shape, schema::GroupVersionKind gvk,
                     std::shared_ptr<util::json::StringPool> pool = nullptr)
      : scheme_(scheme), shape_(shape), gvk_(std::move(gvk)), pool_(std::move(pool)) {
    if (shape_ == CacheDecodeShape::kTyped && scheme_ == nullptr)
      throw Error("ctrl: a typed decoder needs a Scheme");
  }

  CacheDecodeShape Shape() const noexcept { return shape_; }
  const schema::GroupVersionKind& Kind() const noexcept { return gvk_; }

  // FromJSON: one list item.
  std::shared_ptr<const runtime::Object> FromJSON(nlohmann::json item) const {
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

  // FromWatch: a watch event's object (runtime::Unstructured, or metav1::PartialObjectMetadata for
  // a metadata watch). Anything else (a metav1::Status of an ERROR event) is returned unchanged.
  std::shared_ptr<const runtime::Object> FromWatch(std::shared_ptr<const runtime::Object> obj) const {
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
          if (u.GetObjectKind() == gvk_)
            return std::make_shared<const runtime::CompactUnstructured>(u, pool_);
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

 private:
  // Typed: New(gvk) filled by the type's registered JSON reader; on failure the Scheme's own
  // conversion (UnstructuredToTyped) runs to throw its exact text.
  std::shared_ptr<const runtime::Object> Typed(const nlohmann::json& content) const {
    std::unique_ptr<runtime::Object> typed = scheme_->New(gvk_);
    const runtime::TypeInfo* info = scheme_->TypeInfoFor(typed->GetTypeId());
    try {
      if (info == nullptr || info->from_json == nullptr) throw Error("no JSON reader");
      info->from_json(content, *typed);
    } catch (const std::exception&) {
      runtime::Unstructured u(content);
      u.SetGroupVersionKind(gvk_);
      typed = scheme_->UnstructuredToTyped(u);  // throws the Scheme's text
    }
    typed->SetGroupVersionKind(gvk_);
    return std::shared_ptr<const runtime::Object>(std::move(typed));
  }

  const runtime::Scheme* scheme_;
  CacheDecodeShape shape_;
  schema::GroupVersionKind gvk_;
  std::shared_ptr<util::json::StringPool> pool_;
};

// CacheListSelectors: what the cache pushes into every list and watch (rendered selectors).
struct CacheListSelectors {
  std::string label_selector = {};
  std::string field_selector = {};
};

// CacheListWatch: cache::ListerWatcher over dynamic::Interface for one resource, namespace and
// selector pair.
class CacheListWatch final : public cache::ListerWatcher {
 public:
  CacheListWatch(std::shared_ptr<dynamic::Interface> api, schema::GroupVersionResource gvr, std::string ns,
                 CacheListSelectors selectors, std::shared_ptr<const CacheObjectDecoder> decoder)
      : api_(std::move(api)),
        gvr_(std::move(gvr)),
        namespace_(std::move(ns)),
        selectors_(std::move(selectors)),
        decoder_(std::move(decoder)) {
    if (!api_) throw Error("ctrl: the cache's dynamic::Interface is null");
    if (!decoder_) throw Error("ctrl: the cache's decoder is null");
  }

  cache::ListResult List(const metav1::ListOptions& options) override {
    nlohmann::json list = api_->List(gvr_, namespace_, Apply(options), Shape());
    cache::ListResult out;
    if (auto md = list.find("metadata"); md != list.end() && md->is_object()) {
      if (auto rv = md->find("resourceVersion"); rv != md->end() && rv->is_string())
        out.resource_version = *rv;
      if (auto c = md->find("continue"); c != md->end() && c->is_string()) out.continue_ = *c;
    }
    if (auto items = list.find("items"); items != list.end() && items->is_array()) {
      out.items.reserve(items->size());
      for (auto& item : *items) out.items.push_back(decoder_->FromJSON(std::move(item)));
    }
    if (out.continue_.empty()) RecordFirstList(out.resource_version);
    return out;
  }

  std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override {
    return std::make_unique<DecodingWatch>(api_->Watch(gvr_, namespace_, Apply(options), Shape()), decoder_);
  }

  const std::string& Namespace() const noexcept { return namespace_; }
  const CacheListSelectors& Selectors() const noexcept { return selectors_; }

  // FirstListResourceVersion: the resourceVersion (as a number) of the first list that completed
  // (its last page), 0 before one did or when it is not a number. The Reflector replaces its
  // queue with that list right after it completes, so once the informer has synced its store
  // holds that list: the starting point of ctrl::Cache's read-your-own-writes watermark.
  // Reflector/SharedIndexInformer::LastSyncResourceVersion cannot serve there: it also advances
  // with watch events the informer has not applied yet. Thread-safe (an atomic).
  std::uint64_t FirstListResourceVersion() const noexcept {
    return first_list_rv_.load(std::memory_order_acquire);
  }

 private:
  class DecodingWatch final : public watch::Interface {
   public:
    DecodingWatch(std::unique_ptr<watch::Interface> inner, std::shared_ptr<const CacheObjectDecoder> decoder)
        : inner_(std::move(inner)), decoder_(std::move(decoder)) {}
    std::optional<watch::Event> Next() override {
      if (failed_ || !inner_) return std::nullopt;
      std::optional<watch::Event> ev = inner_->Next();
      if (!ev || ev->type == watch::EventType::kError) return ev;
      try {
        ev->object = decoder_->FromWatch(std::move(ev->object));
      } catch (const std::exception& e) {
        failed_ = true;
        inner_->Stop();
        return watch::Event{watch::EventType::kError, std::make_shared<const metav1::Status>(
                                                          errors::NewInternalError(e.what()).Status())};
      }
      return ev;
    }
    void Stop() noexcept override {
      if (inner_) inner_->Stop();
    }

   private:
    std::unique_ptr<watch::Interface> inner_;
    std::shared_ptr<const CacheObjectDecoder> decoder_;
    bool failed_ = false;
  };

  dynamic::ResponseShape Shape() const noexcept {
    return decoder_->Shape() == CacheDecodeShape::kMetadata ? dynamic::ResponseShape::kPartialObjectMetadata
                                                            : dynamic::ResponseShape::kObject;
  }
  metav1::ListOptions Apply(metav1::ListOptions o) const {
    o.label_selector = selectors_.label_selector;
    o.field_selector = selectors_.field_selector;
    return o;
  }

  std::shared_ptr<dynamic::Interface> api_;
  schema::GroupVersionResource gvr_;
  std::string namespace_;
  CacheListSelectors selectors_;
  std::shared_ptr<const CacheObjectDecoder> decoder_;
  std::atomic<std::uint64_t> first_list_rv_{0};
  std::atomic<bool> listed_{false};

  void RecordFirstList(const std::string& rv) {
    if (listed_.exchange(true, std::memory_order_acq_rel)) return;
    if (const auto v = ParseResourceVersion(rv)) first_list_rv_.store(*v, std::memory_order_release);
  }
};

}  // namespace apimachinery::ctrl::internal
