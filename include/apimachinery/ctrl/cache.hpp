// ctrl::Cache: the informer-backed Reader operators read through: one list+watch per object type,
// kept current in an indexed in-process store, read without copies
// (sigs.k8s.io/controller-runtime pkg/cache: cache.go Options/ByObject/Config/New,
// informer_cache.go informerCache, multi_namespace_cache.go, internal/cache_reader.go CacheReader,
// internal/informers.go Informers).
//
// Example (namespace scope):
//   struct PodSpec { std::string node_name; };
//   APIMACHINERY_FIELDS(PodSpec, node_name)
//   struct Pod : runtime::ObjectBase<Pod> {   // the part of core/v1 Pod used
//     static constexpr std::string_view kKind = "Pod";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     PodSpec spec;
//   };
//   APIMACHINERY_FIELDS(Pod, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Pod)
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Pod>({"", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   ctrl::Cache cache(scheme, mapper, server.Dynamic(), {.default_transform = cache::StripManagedFields});
//   cache.IndexField<Pod>("spec.nodeName", [](const Pod& p) { return std::vector{p.spec.node_name}; });
//   std::jthread t([&](std::stop_token s) { cache.Start(s); });
//   cache.WaitForCacheSync(t.get_stop_token());
//   std::shared_ptr<const Pod> p = cache.Get<Pod>({"default", "web-0"});      // the cached object
//   auto on_node = cache.List<Pod>(ctrl::InNamespace("default"),
//                                  ctrl::MatchingFields{{{"spec.nodeName", "node-7"}}},
//                                  ctrl::MatchingLabels{{{"app", "web"}}});     // one indexed Select
//   Pod written_pod = *p;
//   written_pod.metadata.labels["app"] = "web";
//   ctrl::NewClient(scheme, mapper, server.Dynamic())->Update(written_pod);
//   cache.WaitFor(written_pod, std::chrono::seconds(5));                      // read your own write
//
// Types: a C++ type registered in the Scheme (its kind comes from the Scheme), or
// runtime::Unstructured / metav1::PartialObjectMetadata of an explicit kind (ObjectType::gvk);
// each ObjectType has its own informers (metadata-only ones watch with
// ResponseShape::kPartialObjectMetadata). The resource and scope come from the RESTMapper. A
// type's informers are made on first use (a read, GetInformer, IndexField); made before Start they
// start with it, made after it they start at once and the read that made them waits until they
// have synced (as upstream's Informers.Get).
//
// Selective caching: CacheOptions' defaults and `by_object` choose, per type, the namespaces
// (one informer per configured namespace; the "" entry is every namespace but the configured
// ones, through `metadata.namespace!=` field selector terms), label and field selectors (pushed
// into every list and watch) and the transform. Namespaces are ignored for cluster-scoped types.
// Types in `disable_for` are never cached: their reads go to `api_reader`.
//
// Reads: Get is one store lookup; List runs one cache::Indexer::Select with the namespace, the
// label selector and the field selector's terms mapped to the indexes IndexField registered
// (`field:<name>`), `!=` included, then stops at Limit. Objects are handed out as the cached
// std::shared_ptr<const T> (never copied; upstream deep-copies unless UnsafeDisableDeepCopy, which
// has no counterpart here because there is nothing to disable).
// Read your own writes: GetOptions / ListOptions::min_resource_version (ctrl::MinResourceVersion),
// WaitForResourceVersion and WaitFor block until an informer of the type has delivered an event of
// at least that resourceVersion (so the store holds every change up to it; once synced, the
// watermark starts at the initial list's resourceVersion), or throw errors::NewTimeoutError. resourceVersions
// are compared as unsigned integers (what kube-apiserver's etcd revisions and testing::FakeAPIServer's are);
// a write the cache's selectors exclude never arrives, so waiting for it times out. Stats: per informer, the
// objects held and the bytes they retain, measured by walking each object (ctrl/internal/cache_size.hpp says
// what is counted).
//
// Throws:
// - Reads before Start: ErrCacheNotStarted (`the cache is not started, can not read objects`).
// - reader_fails_on_missing_informer and no informer for the type yet: ErrResourceNotCached
//   (`<gvk> is not cached`), before and after Start.
// - Get of a missing object: errors::StatusError NotFound with controller-runtime's text, which
//   names the kind: `<Kind>.<group> "<name>" not found` (`Pod "web-0" not found` for the core group).
// - List: a field selector term whose field has no index: apimachinery::Error `Index with name
//   field:<f> does not exist` for the first term, `index with name field:<f> does not exist` for a
//   later one (upstream's two texts: client-go's ByIndex, then cache_reader.go byIndexes); a
//   continue token: `continue list option is not supported by the cache`.
// - A namespace no informer covers (namespaces configured, no "" entry): `unable to get:
//   <ns>/<name> because of unknown namespace for the cache` / `unable to list: <ns> because of
//   unknown namespace for the cache` (multi_namespace_cache.go).
// - Waiting for a lazily made informer that cannot sync because the cache stopped:
//   errors::NewTimeoutError `failed waiting for <type> Informer to sync`.
// - runtime::NotRegisteredError / meta::NoKindMatchError from the Scheme and the RESTMapper.
// - Start twice: apimachinery::Error `Informer already started`.
// Thread-safety: every member function may be called from any thread. Start blocks until its
// token is stopped, then stops every informer and joins their threads; the destructor does the
// same for a running cache. The Scheme, RESTMapper and dynamic::Interface must outlive the cache.
// Cost: Get O(1) plus one shared lock; List O(smallest driving posting) (cache::Indexer::Select).
// Differences from upstream: reads return shared objects instead of filling the caller's; the
// field indexes hold the raw values (the namespace is a separate Select term, where upstream
// indexes `<ns>/<value>` and `__all_namespaces/<value>`); non-equality field selectors are served
// (upstream: `non-exact field matches are not supported by the cache`); several namespaces make
// several informers behind one type, and GetInformer then refuses (use GetInformers);
// read-your-own-writes, Stats, CompactUnstructured reads and their string interning
// (CacheOptions::intern_strings) have no upstream counterpart.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <shared_mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/select_query.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/interfaces.hpp"
#include "apimachinery/ctrl/internal/cache_listwatch.hpp"
#include "apimachinery/ctrl/internal/cache_size.hpp"
#include "apimachinery/ctrl/options.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::ctrl {

// ErrCacheNotStarted: a read before Start (informer_cache.go: ErrCacheNotStarted).
class ErrCacheNotStarted : public Error {
 public:
  APIMACHINERY_DECL ErrCacheNotStarted();
};

// ErrResourceNotCached: reader_fails_on_missing_informer and the type has no informer
// (informer_cache.go: ErrResourceNotCached).
class ErrResourceNotCached : public Error {
 public:
  APIMACHINERY_DECL explicit ErrResourceNotCached(schema::GroupVersionKind kind);
  schema::GroupVersionKind gvk;
};

// NamespaceConfig: how one namespace of a type is cached (cache.go: Config). Unset members take
// the type's (then the cache's default) value.
struct NamespaceConfig {
  std::optional<labels::Selector> label_selector = {};
  std::optional<fields::Selector> field_selector = {};
  cache::TransformFunc transform = {};
};

// ByObject: how one type is cached (cache.go: ByObject). Unset members take the defaults.
struct ByObject {
  // namespaces: namespace -> config; "" = every namespace not listed. nullopt: the defaults.
  std::optional<std::map<std::string, NamespaceConfig>> namespaces = {};
  std::optional<labels::Selector> label_selector = {};
  std::optional<fields::Selector> field_selector = {};
  cache::TransformFunc transform = {};
};

// CacheOptions: cache.go: Options.
struct CacheOptions {
  // sync_period: the informers' resync period, each informer's multiplied by a random factor in
  // [0.9, 1.1) so that they do not resync at once (upstream default: 10 hours;
  // pkg/cache/internal/informers.go: calculateResyncPeriod).
  std::chrono::milliseconds sync_period = std::chrono::hours(10);
  // default_namespaces: empty = all namespaces (see ByObject::namespaces).
  std::map<std::string, NamespaceConfig> default_namespaces = {};
  labels::Selector default_label_selector = {};
  fields::Selector default_field_selector = {};
  cache::TransformFunc default_transform = {};
  std::vector<std::pair<ObjectType, ByObject>> by_object = {};
  // disable_for: types never cached; their reads go to api_reader (required then).
  std::vector<ObjectType> disable_for = {};
  std::shared_ptr<const Reader> api_reader = {};
  // reader_fails_on_missing_informer: reads of a type without an informer throw
  // ErrResourceNotCached instead of making one.
  bool reader_fails_on_missing_informer = false;
  // clock: the informers' clock (resync schedule); empty: the real clock.
  std::shared_ptr<util::clock::Clock> clock = {};
  // label_index: each informer's store keeps a label index (cache::ThreadSafeStoreOptions), so a
  // MatchingLabels List reads the postings of its terms instead of scanning the namespace (or
  // every object); costs one posting per label of each object. controller-runtime always scans.
  bool label_index = true;
  // intern_strings: the informers of CompactUnstructured types intern the strings of
  // util::json::Compact's policy (object keys, namespaces, kinds and apiVersions, label values,
  // finalizers, managedFields managers) into one StringPool that the cache's informers share
  // (Cache::InternedStrings). For the realistic pod of bench/ctrl_bench.cpp this cuts the cached
  // document from 7.3 KB to 5.1 KB for 13% more decoding time. No effect on other types.
  bool intern_strings = true;
};

class Cache : public Reader {
 public:
  // InformerStats: one informer's objects and the bytes they retain.
  struct InformerStats {
    ObjectType type;
    schema::GroupVersionKind gvk;
    std::string namespace_;  // the informer's namespace ("" = all)
    std::size_t objects = 0;
    std::size_t bytes = 0;
    // exact: every object was walked with its type's measure (false for a typed T the cache only
    // met through the untyped Reader calls: metadata only, a lower bound).
    bool exact = true;
  };

  APIMACHINERY_DECL Cache(const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
                          std::shared_ptr<dynamic::Interface> api, CacheOptions options = {});
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;
  // Declared inline (as the overrides below): no key function, so no includer emits the vtable.
  APIMACHINERY_DECL ~Cache() override;

  // GetInformer: the type's informer, made on first use (started at once after Start). Throws
  // apimachinery::Error when the type is cached by several informers (several namespaces).
  template <typename T>
  cache::SharedIndexInformer& GetInformer() {
    Track<T>();
    return GetInformer(ObjectType::Of<T>());
  }
  APIMACHINERY_DECL cache::SharedIndexInformer& GetInformer(const ObjectType& type);
  // GetInformers: every informer of the type (one per configured namespace).
  APIMACHINERY_DECL std::vector<cache::SharedIndexInformer*> GetInformers(const ObjectType& type);

  // IndexField registers the index `field:<field>` on the type's informers (before or after
  // start; existing objects are indexed). MatchingFields{{field, v}} then selects the objects
  // `extract` returns v for. Throws the store's `indexer conflict: ...` for a field indexed twice.
  template <typename T>
  void IndexField(std::string field, std::function<std::vector<std::string>(const T&)> extract) {
    Track<T>();
    IndexField(ObjectType::Of<T>(), std::move(field),
               [fn = std::move(extract)](const runtime::Object& o) { return fn(static_cast<const T&>(o)); });
  }
  template <typename T>
  void IndexField(const schema::GroupVersionKind& gvk, std::string field,
                  std::function<std::vector<std::string>(const T&)> extract) {
    IndexField(ObjectType::Of<T>(gvk), std::move(field),
               [fn = std::move(extract)](const runtime::Object& o) { return fn(static_cast<const T&>(o)); });
  }
  APIMACHINERY_DECL void IndexField(const ObjectType& type, std::string field,
                                    std::function<std::vector<std::string>(const runtime::Object&)> extract);

  // Start runs every informer (and those made later) until `stop` is requested; blocks.
  APIMACHINERY_DECL void Start(std::stop_token stop);
  // WaitForCacheSync: waits for Start, then for every informer made so far to sync; false when
  // `stop` was requested first.
  APIMACHINERY_DECL bool WaitForCacheSync(std::stop_token stop);
  APIMACHINERY_DECL bool IsStarted() const;

  // WaitForResourceVersion: until an informer of the type delivered resourceVersion >= rv.
  // Throws errors::NewTimeoutError after `timeout`; apimachinery::Error for a non-numeric rv.
  APIMACHINERY_DECL void WaitForResourceVersion(const ObjectType& type, std::string_view rv,
                                                std::chrono::milliseconds timeout);
  // WaitFor: read your own write of `obj` (its type, namespace and metadata.resourceVersion).
  template <typename T>
  void WaitFor(const T& obj, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    ObjectType type = ObjectType::Of<T>();
    if constexpr (std::is_same_v<T, runtime::Unstructured> ||
                  std::is_same_v<T, metav1::PartialObjectMetadata>) {
      type.gvk = obj.GetObjectKind();
    } else {
      Track<T>();
    }
    const metav1::ObjectMeta* m = obj.GetObjectMeta();
    if (m == nullptr) throw Error("ctrl: WaitFor needs an object with metadata");
    WaitForResourceVersionIn(type, m->namespace_, true, m->resource_version, timeout);
  }

  // Stats: one entry per informer. The bytes of CompactUnstructured objects do not include the
  // string pool they share (InternedStrings).
  APIMACHINERY_DECL std::vector<InformerStats> Stats() const;
  // InternedStrings: the pool of CacheOptions::intern_strings (strings held and the bytes the
  // pool retains; zeros without interning).
  struct InternStats {
    std::size_t strings = 0;
    std::size_t bytes = 0;
  };
  APIMACHINERY_DECL InternStats InternedStrings() const;

  // Reader.
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> GetObject(
      const ObjectType& type, const ObjectKey& key, const GetOptions& options) const override;
  APIMACHINERY_DECL ObjectList<runtime::Object> ListObjects(const ObjectType& type,
                                                            const ListOptions& options) const override;

  // For tests: whether the type has informers, and whether they run.
  APIMACHINERY_DECL bool HasInformer(const ObjectType& type) const;

 private:
  // Slice: one informer of a type (one namespace, or all).
  struct Slice {
    std::string namespace_;  // "" = all (minus `excluded`)
    std::vector<std::string> excluded;
    std::shared_ptr<cache::SharedIndexInformer> informer;
    std::shared_ptr<cache::ResourceEventHandlerRegistration> tracker;
    std::shared_ptr<const internal::CacheListWatch> lw;
    // Read-your-own-writes watermark: the highest resourceVersion delivered after the store
    // applied it, raised to the first list's resourceVersion once the slice has synced
    // (RaiseToList).
    std::mutex rv_mu;
    std::condition_variable rv_cv;
    std::uint64_t observed = 0;
    bool started = false;
  };
  struct Entry {
    ObjectType type;
    schema::GroupVersionKind gvk;
    meta::RESTMapping mapping;
    std::vector<std::unique_ptr<Slice>> slices;
    std::atomic<internal::SizeFunc> size{nullptr};
    APIMACHINERY_DECL bool Namespaced() const;
  };

  template <typename T>
  void Track() {
    if constexpr (!std::is_same_v<T, runtime::Unstructured> &&
                  !std::is_same_v<T, metav1::PartialObjectMetadata>) {
      sizes_.Set(util::kTypeId<T>, internal::SizeFuncFor<T>());
    }
  }

  // SizeRegistry: the measures of the typed types seen through the templates.
  class SizeRegistry {
   public:
    APIMACHINERY_DECL void Set(util::TypeId id, internal::SizeFunc f);
    APIMACHINERY_DECL internal::SizeFunc Get(util::TypeId id) const;

   private:
    mutable std::mutex mu_;
    std::vector<std::pair<util::TypeId, internal::SizeFunc>> funcs_;
  };

  APIMACHINERY_DECL static bool SameType(const ObjectType& a, const ObjectType& b);
  APIMACHINERY_DECL bool Disabled(const ObjectType& type) const;
  APIMACHINERY_DECL schema::GroupVersionKind KindOf(const ObjectType& type) const;
  // JitteredSyncPeriod: period x [0.9, 1.1) (informers.go: calculateResyncPeriod).
  APIMACHINERY_DECL static std::chrono::milliseconds JitteredSyncPeriod(std::chrono::milliseconds period);
  // Find: the entry or null (shared lock).
  APIMACHINERY_DECL Entry* Find(const ObjectType& type) const;
  // Obtain: the entry, made when missing (started at once after Start). `made` says whether this
  // call made it.
  APIMACHINERY_DECL Entry& Obtain(const ObjectType& type, bool* made = nullptr);
  // ForRead: the entry a read uses: the not-started / missing-informer checks, and the wait for a
  // lazily made informer to sync.
  APIMACHINERY_DECL Entry& ForRead(const ObjectType& type) const;
  APIMACHINERY_DECL void StartSlice(Slice& s);
  APIMACHINERY_DECL static void Observe(Slice& s, const runtime::Object* obj);
  // RaiseToList: once the slice's informer and tracker have synced, the store holds the first
  // list: raise the watermark to that list's resourceVersion.
  APIMACHINERY_DECL static void RaiseToList(Slice& s);
  APIMACHINERY_DECL static std::uint64_t ParseRV(std::string_view rv);
  APIMACHINERY_DECL void WaitSlices(const std::vector<Slice*>& slices, std::string_view rv,
                                    std::chrono::milliseconds timeout, const Entry& e) const;
  APIMACHINERY_DECL void WaitForResourceVersionIn(const ObjectType& type, std::string_view ns, bool has_ns,
                                                  std::string_view rv, std::chrono::milliseconds timeout);
  // SliceFor: the slice serving namespace `ns` (null when none does).
  APIMACHINERY_DECL static Slice* SliceFor(const Entry& e, std::string_view ns);
  APIMACHINERY_DECL cache::SelectQuery Query(const Slice& s, const ListOptions& options,
                                             const Entry& e) const;

  const runtime::Scheme* scheme_;
  std::shared_ptr<const meta::RESTMapper> mapper_;
  std::shared_ptr<dynamic::Interface> api_;
  CacheOptions options_;
  SizeRegistry sizes_;
  std::shared_ptr<util::json::StringPool> pool_;  // set with options_.intern_strings

  mutable std::mutex mu_;  // started_, stopped_, threads_
  std::condition_variable_any started_cv_;
  bool started_ = false;
  bool stopped_ = false;
  std::stop_source own_stop_;
  std::vector<std::thread> threads_;

  mutable std::shared_mutex entries_mu_;
  std::vector<std::unique_ptr<Entry>> entries_;
};

// Implementation details follow.

namespace internal {
inline constexpr std::string_view kFieldIndexPrefix = "field:";
APIMACHINERY_DECL std::string FieldIndexName(std::string field);
}  // namespace internal

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/cache.ipp"
#endif
