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
#include "apimachinery/config.hpp"
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
APIMACHINERY_DECL std::optional<std::uint64_t> ParseResourceVersion(std::string_view rv) noexcept;

// CacheDecodeShape: what the cache stores for a type.
enum class CacheDecodeShape { kTyped, kUnstructured, kMetadata, kCompact };

// CacheObjectDecoder: JSON (list items) or watch objects -> the stored object of one kind.
class CacheObjectDecoder {
 public:
  // `scheme` must outlive the decoder when shape is kTyped. Compact objects intern into `pool`
  // when it is set.
  APIMACHINERY_DECL CacheObjectDecoder(const runtime::Scheme* scheme, CacheDecodeShape shape,
                                       schema::GroupVersionKind gvk,
                                       std::shared_ptr<util::json::StringPool> pool = nullptr);

  APIMACHINERY_DECL CacheDecodeShape Shape() const noexcept;
  APIMACHINERY_DECL const schema::GroupVersionKind& Kind() const noexcept;

  // FromJSON: one list item.
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> FromJSON(nlohmann::json item) const;

  // FromWatch: a watch event's object (runtime::Unstructured, or metav1::PartialObjectMetadata for
  // a metadata watch). Anything else (a metav1::Status of an ERROR event) is returned unchanged.
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> FromWatch(
      std::shared_ptr<const runtime::Object> obj) const;

 private:
  // Typed: New(gvk) filled by the type's registered JSON reader; on failure the Scheme's own
  // conversion (UnstructuredToTyped) runs to throw its exact text.
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Typed(const nlohmann::json& content) const;

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
  APIMACHINERY_DECL CacheListWatch(std::shared_ptr<dynamic::Interface> api, schema::GroupVersionResource gvr,
                                   std::string ns, CacheListSelectors selectors,
                                   std::shared_ptr<const CacheObjectDecoder> decoder);

  APIMACHINERY_DECL cache::ListResult List(const metav1::ListOptions& options) override;

  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override;

  APIMACHINERY_DECL const std::string& Namespace() const noexcept;
  APIMACHINERY_DECL const CacheListSelectors& Selectors() const noexcept;

  // FirstListResourceVersion: the resourceVersion (as a number) of the first list that completed
  // (its last page), 0 before one did or when it is not a number. The Reflector replaces its
  // queue with that list right after it completes, so once the informer has synced its store
  // holds that list: the starting point of ctrl::Cache's read-your-own-writes watermark.
  // Reflector/SharedIndexInformer::LastSyncResourceVersion cannot serve there: it also advances
  // with watch events the informer has not applied yet. Thread-safe (an atomic).
  APIMACHINERY_DECL std::uint64_t FirstListResourceVersion() const noexcept;

 private:
  class DecodingWatch final : public watch::Interface {
   public:
    APIMACHINERY_DECL DecodingWatch(std::unique_ptr<watch::Interface> inner,
                                    std::shared_ptr<const CacheObjectDecoder> decoder);
    APIMACHINERY_DECL std::optional<watch::Event> Next() override;
    APIMACHINERY_DECL void Stop() noexcept override;

   private:
    std::unique_ptr<watch::Interface> inner_;
    std::shared_ptr<const CacheObjectDecoder> decoder_;
    bool failed_ = false;
  };

  APIMACHINERY_DECL dynamic::ResponseShape Shape() const noexcept;
  APIMACHINERY_DECL metav1::ListOptions Apply(metav1::ListOptions o) const;

  std::shared_ptr<dynamic::Interface> api_;
  schema::GroupVersionResource gvr_;
  std::string namespace_;
  CacheListSelectors selectors_;
  std::shared_ptr<const CacheObjectDecoder> decoder_;
  std::atomic<std::uint64_t> first_list_rv_{0};
  std::atomic<bool> listed_{false};

  APIMACHINERY_DECL void RecordFirstList(const std::string& rv);
};

}  // namespace apimachinery::ctrl::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/internal/impl/cache_listwatch.ipp"
#endif
