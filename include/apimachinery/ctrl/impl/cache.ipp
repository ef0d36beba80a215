// Definitions of the non-template functions declared in <apimachinery/ctrl/cache.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/cache.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL ErrCacheNotStarted::ErrCacheNotStarted()
    : Error("the cache is not started, can not read objects") {}

APIMACHINERY_DECL ErrResourceNotCached::ErrResourceNotCached(schema::GroupVersionKind kind)
    : Error(kind.String() + " is not cached"), gvk(std::move(kind)) {}

APIMACHINERY_DECL bool Cache::IsStarted() const {
  std::lock_guard lock(mu_);
  return started_;
}

APIMACHINERY_DECL auto Cache::InternedStrings() const -> InternStats {
  return pool_ ? InternStats{pool_->Size(), pool_->Bytes()} : InternStats{};
}

APIMACHINERY_DECL bool Cache::Entry::Namespaced() const {
  return mapping.scope == meta::RESTScopeName::kNamespace;
}

APIMACHINERY_DECL void Cache::SizeRegistry::Set(util::TypeId id, internal::SizeFunc f) {
  std::lock_guard lock(mu_);
  for (auto& [k, v] : funcs_)
    if (k == id) return;
  funcs_.emplace_back(id, f);
}

APIMACHINERY_DECL internal::SizeFunc Cache::SizeRegistry::Get(util::TypeId id) const {
  std::lock_guard lock(mu_);
  for (const auto& [k, v] : funcs_)
    if (k == id) return v;
  return nullptr;
}

APIMACHINERY_DECL bool Cache::SameType(const ObjectType& a, const ObjectType& b) {
  return a.type == b.type && (a.gvk == b.gvk || !a.NeedsKind());
}

APIMACHINERY_DECL bool Cache::Disabled(const ObjectType& type) const {
  return std::any_of(options_.disable_for.begin(), options_.disable_for.end(),
                     [&](const ObjectType& d) { return SameType(d, type); });
}

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL std::string FieldIndexName(std::string field) {
  field.insert(0, kFieldIndexPrefix);
  return field;
}

}  // namespace apimachinery::ctrl::internal

namespace apimachinery::ctrl {

APIMACHINERY_DECL Cache::Cache(const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
                               std::shared_ptr<dynamic::Interface> api, CacheOptions options)
    : scheme_(&scheme), mapper_(std::move(mapper)), api_(std::move(api)), options_(std::move(options)) {
  if (!mapper_) throw Error("ctrl: the cache's RESTMapper is null");
  if (!api_) throw Error("ctrl: the cache's dynamic::Interface is null");
  if (!options_.disable_for.empty() && !options_.api_reader)
    throw Error("ctrl: CacheOptions.disable_for needs an api_reader");
  if (options_.intern_strings) pool_ = std::make_shared<util::json::StringPool>();
}

APIMACHINERY_DECL Cache::~Cache() {
  own_stop_.request_stop();
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mu_);
    threads.swap(threads_);
  }
  for (auto& t : threads) t.join();
}

APIMACHINERY_DECL std::chrono::milliseconds Cache::JitteredSyncPeriod(std::chrono::milliseconds period) {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  const double factor = std::uniform_real_distribution<double>(0.9, 1.1)(rng);
  return std::chrono::milliseconds(static_cast<std::int64_t>(static_cast<double>(period.count()) * factor));
}

APIMACHINERY_DECL schema::GroupVersionKind Cache::KindOf(const ObjectType& type) const {
  if (type.NeedsKind()) {
    if (type.gvk.kind.empty())
      throw Error("ctrl: an Unstructured, CompactUnstructured or PartialObjectMetadata read needs a kind");
    return type.gvk;
  }
  const runtime::TypeInfo* info = scheme_->TypeInfoFor(type.type);
  if (info == nullptr) throw runtime::NotRegisteredError::ForType(scheme_->Name(), type.type.name());
  std::unique_ptr<runtime::Object> probe = info->make();
  return scheme_->ObjectKinds(*probe).first.front();
}

APIMACHINERY_DECL Cache::Entry* Cache::Find(const ObjectType& type) const {
  std::shared_lock lock(entries_mu_);
  for (const auto& e : entries_)
    if (SameType(e->type, type)) return e.get();
  return nullptr;
}

APIMACHINERY_DECL Cache::Entry& Cache::Obtain(const ObjectType& type, bool* made) {
  if (made != nullptr) *made = false;
  if (Entry* e = Find(type)) return *e;
  const schema::GroupVersionKind gvk = KindOf(type);
  meta::RESTMapping mapping = mapper_->RESTMapping(gvk.GroupKind(), {gvk.version});

  // The type's configuration: by_object over the defaults (cache.go: defaultOpts).
  ByObject cfg;
  for (const auto& [t, b] : options_.by_object)
    if (SameType(t, type)) cfg = b;
  const labels::Selector label = cfg.label_selector.value_or(options_.default_label_selector);
  const fields::Selector field = cfg.field_selector.value_or(options_.default_field_selector);
  const cache::TransformFunc transform = cfg.transform ? cfg.transform : options_.default_transform;
  std::map<std::string, NamespaceConfig> namespaces = cfg.namespaces.value_or(options_.default_namespaces);
  if (mapping.scope != meta::RESTScopeName::kNamespace || namespaces.empty())
    namespaces = {{"", NamespaceConfig{}}};

  internal::CacheDecodeShape shape = internal::CacheDecodeShape::kTyped;
  if (type.IsUnstructured()) shape = internal::CacheDecodeShape::kUnstructured;
  if (type.IsMetadata()) shape = internal::CacheDecodeShape::kMetadata;
  if (type.IsCompact()) shape = internal::CacheDecodeShape::kCompact;
  auto decoder = std::make_shared<const internal::CacheObjectDecoder>(scheme_, shape, gvk, pool_);

  auto entry = std::make_unique<Entry>();
  entry->type = ObjectType{type.type, type.NeedsKind() ? gvk : schema::GroupVersionKind{}};
  entry->gvk = gvk;
  entry->mapping = mapping;
  for (const auto& [ns, nc] : namespaces) {
    auto slice = std::make_unique<Slice>();
    slice->namespace_ = ns;
    fields::Selector f = nc.field_selector.value_or(field);
    if (ns.empty()) {
      std::vector<fields::Selector> terms;
      if (!f.Empty()) terms.push_back(f);
      for (const auto& [other, unused] : namespaces) {
        if (other.empty()) continue;
        slice->excluded.push_back(other);
        terms.push_back(fields::Selector::NotHasTerm("metadata.namespace", other));
      }
      if (terms.size() > 1)
        f = fields::Selector::And(std::move(terms));
      else if (terms.size() == 1)
        f = std::move(terms.front());
    }
    const labels::Selector l = nc.label_selector.value_or(label);
    internal::CacheListSelectors sel{l.Empty() ? std::string() : l.String(),
                                     f.Empty() ? std::string() : f.String()};
    auto lw = std::make_shared<internal::CacheListWatch>(api_, mapping.resource, ns, std::move(sel), decoder);
    slice->lw = lw;
    cache::SharedIndexInformerOptions io;
    io.resync_period = JitteredSyncPeriod(options_.sync_period);
    io.indexers = {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}};
    io.clock = options_.clock;
    io.store.label_index = options_.label_index;
    io.reflector.name = ns.empty() ? gvk.String() : gvk.String() + " in " + ns;
    slice->informer = std::make_shared<cache::SharedIndexInformer>(std::move(lw), std::move(io));
    const cache::TransformFunc& t = nc.transform ? nc.transform : transform;
    if (t) slice->informer->SetTransform(t);
    Slice* raw = slice.get();
    slice->tracker = slice->informer->AddEventHandlerWithResyncPeriod(
        {.on_add = [raw](const auto& o, bool) { Observe(*raw, o.get()); },
         .on_update = [raw](const auto&, const auto& o) { Observe(*raw, o.get()); },
         .on_delete = [raw](const auto& o) { Observe(*raw, o.get()); }},
        std::chrono::milliseconds::zero());
    entry->slices.push_back(std::move(slice));
  }

  Entry* out = nullptr;
  {
    std::unique_lock lock(entries_mu_);
    for (const auto& e : entries_)
      if (SameType(e->type, type)) return *e;  // made concurrently by another caller
    entries_.push_back(std::move(entry));
    out = entries_.back().get();
  }
  if (made != nullptr) *made = true;
  {
    std::lock_guard lock(mu_);
    if (started_ && !stopped_)
      for (auto& s : out->slices) StartSlice(*s);
  }
  return *out;
}

// Called with mu_ held.
APIMACHINERY_DECL void Cache::StartSlice(Slice& s) {
  if (s.started) return;
  s.started = true;
  threads_.emplace_back([informer = s.informer, stop = own_stop_.get_token()] { informer->Run(stop); });
}

APIMACHINERY_DECL void Cache::Observe(Slice& s, const runtime::Object* obj) {
  if (obj == nullptr) return;
  if (const auto* t = cache::AsTombstone(*obj)) obj = t->obj.get();
  if (obj == nullptr) return;
  const metav1::ObjectMeta* m = obj->GetObjectMeta();
  if (m == nullptr) return;
  const std::optional<std::uint64_t> parsed = internal::ParseResourceVersion(m->resource_version);
  if (!parsed) return;
  const std::uint64_t rv = *parsed;
  {
    std::lock_guard lock(s.rv_mu);
    if (rv <= s.observed) return;
    s.observed = rv;
  }
  s.rv_cv.notify_all();
}

APIMACHINERY_DECL void Cache::RaiseToList(Slice& s) {
  if (!s.informer->HasSynced() || !s.tracker->HasSynced()) return;
  const std::uint64_t listed = s.lw->FirstListResourceVersion();
  {
    std::lock_guard lock(s.rv_mu);
    if (listed <= s.observed) return;
    s.observed = listed;
  }
  s.rv_cv.notify_all();
}

APIMACHINERY_DECL std::uint64_t Cache::ParseRV(std::string_view rv) {
  const std::optional<std::uint64_t> v = internal::ParseResourceVersion(rv);
  if (!v)
    throw Error(
        fmt::format("ctrl: resourceVersion {} is not a number the cache can compare", util::Quote(rv)));
  return *v;
}

APIMACHINERY_DECL cache::SharedIndexInformer& Cache::GetInformer(const ObjectType& type) {
  Entry& e = Obtain(type);
  if (e.slices.size() != 1)
    throw Error(fmt::format("ctrl: {} is cached by {} informers (one per namespace); use GetInformers",
                            e.gvk.String(), e.slices.size()));
  return *e.slices.front()->informer;
}

APIMACHINERY_DECL std::vector<cache::SharedIndexInformer*> Cache::GetInformers(const ObjectType& type) {
  Entry& e = Obtain(type);
  std::vector<cache::SharedIndexInformer*> out;
  for (auto& s : e.slices) out.push_back(s->informer.get());
  return out;
}

APIMACHINERY_DECL void Cache::IndexField(
    const ObjectType& type, std::string field,
    std::function<std::vector<std::string>(const runtime::Object&)> extract) {
  if (!extract) throw Error("ctrl: IndexField needs an extraction function");
  Entry& e = Obtain(type);
  const std::string name = internal::FieldIndexName(std::move(field));
  for (auto& s : e.slices) s->informer->AddIndexers({{name, extract}});
}

APIMACHINERY_DECL bool Cache::HasInformer(const ObjectType& type) const { return Find(type) != nullptr; }

// NOLINTNEXTLINE(performance-unnecessary-value-param): a token is taken by value
APIMACHINERY_DECL void Cache::Start(std::stop_token stop) {
  // Wake on either the caller's token or the cache's own (destruction). Registered before mu_ is
  // taken: a callback of a token already stopped runs here, and takes mu_ itself.
  std::stop_token own = own_stop_.get_token();
  std::stop_callback wake(own, [this] {
    std::lock_guard l(mu_);
    started_cv_.notify_all();
  });
  std::unique_lock lock(mu_);
  if (started_) throw Error("Informer already started");
  started_ = true;
  {
    std::shared_lock entries(entries_mu_);
    for (auto& e : entries_)
      for (auto& s : e->slices) StartSlice(*s);
  }
  started_cv_.notify_all();
  started_cv_.wait(lock, std::move(stop), [&] { return own.stop_requested(); });
  stopped_ = true;
  lock.unlock();
  own_stop_.request_stop();
  std::vector<std::thread> threads;
  {
    std::lock_guard l(mu_);
    threads.swap(threads_);
  }
  for (auto& t : threads) t.join();
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): a token is taken by value
APIMACHINERY_DECL bool Cache::WaitForCacheSync(std::stop_token stop) {
  {
    std::unique_lock lock(mu_);
    if (!started_cv_.wait(lock, stop, [&] { return started_; })) return false;
  }
  std::vector<std::function<bool()>> synced;
  {
    std::shared_lock lock(entries_mu_);
    for (auto& e : entries_)
      for (auto& s : e->slices) {
        synced.push_back([i = s->informer] { return i->HasSynced(); });
        synced.push_back([r = s->tracker] { return r->HasSynced(); });
      }
  }
  return cache::WaitForCacheSync(std::move(stop), synced);
}

APIMACHINERY_DECL Cache::Entry& Cache::ForRead(const ObjectType& type) const {
  auto& self = const_cast<Cache&>(*this);  // making an informer is not a visible change
  Entry* e = Find(type);
  if (e == nullptr) {
    if (options_.reader_fails_on_missing_informer) throw ErrResourceNotCached(KindOf(type));
    e = &self.Obtain(type);
  }
  bool started = false;
  {
    std::lock_guard lock(mu_);
    started = started_;
  }
  if (!started) throw ErrCacheNotStarted();
  // A lazily made informer: wait for it to sync before answering (informers.go: Informers.Get).
  for (auto& s : e->slices) {
    if (s->informer->HasSynced() && s->tracker->HasSynced()) continue;
    const bool ok = cache::WaitForCacheSync(
        own_stop_.get_token(),
        {[i = s->informer] { return i->HasSynced(); }, [r = s->tracker] { return r->HasSynced(); }});
    if (!ok) {
      throw errors::NewTimeoutError(fmt::format("failed waiting for {} Informer to sync", e->gvk.String()),
                                    0);
    }
  }
  return *e;
}

APIMACHINERY_DECL Cache::Slice* Cache::SliceFor(const Entry& e, std::string_view ns) {
  Slice* all = nullptr;
  for (const auto& s : e.slices) {
    if (s->namespace_ == ns) return s.get();
    if (s->namespace_.empty()) all = s.get();
  }
  return all;
}

APIMACHINERY_DECL void Cache::WaitSlices(const std::vector<Slice*>& slices, std::string_view rv,
                                         std::chrono::milliseconds timeout, const Entry& e) const {
  const std::uint64_t want = ParseRV(rv);
  for (Slice* s : slices) RaiseToList(*s);  // ForRead has waited for their sync
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto reached = [&] {
    for (Slice* s : slices) {
      std::lock_guard lock(s->rv_mu);
      if (s->observed >= want) return true;
    }
    return false;
  };
  // With one slice, sleep on its condition variable; with several, poll them in short steps.
  while (!reached()) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      throw errors::NewTimeoutError(
          fmt::format("timed out waiting for the cache of {} to observe resourceVersion {}", e.gvk.String(),
                      rv),
          0);
    }
    Slice* s = slices.front();
    std::unique_lock lock(s->rv_mu);
    const auto step = slices.size() == 1 ? deadline : std::min(deadline, now + std::chrono::milliseconds(10));
    s->rv_cv.wait_until(lock, step, [&] { return s->observed >= want; });
  }
}

APIMACHINERY_DECL void Cache::WaitForResourceVersionIn(const ObjectType& type, std::string_view ns,
                                                       bool has_ns, std::string_view rv,
                                                       std::chrono::milliseconds timeout) {
  const Entry& e = ForRead(type);
  std::vector<Slice*> slices;
  if (has_ns && e.Namespaced()) {
    if (Slice* s = SliceFor(e, ns)) slices.push_back(s);
  }
  if (slices.empty())
    for (const auto& s : e.slices) slices.push_back(s.get());
  WaitSlices(slices, rv, timeout, e);
}

APIMACHINERY_DECL void Cache::WaitForResourceVersion(const ObjectType& type, std::string_view rv,
                                                     std::chrono::milliseconds timeout) {
  WaitForResourceVersionIn(type, {}, false, rv, timeout);
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Cache::GetObject(const ObjectType& type,
                                                                          const ObjectKey& key,
                                                                          const GetOptions& options) const {
  if (Disabled(type)) return options_.api_reader->GetObject(type, key, options);
  const Entry& e = ForRead(type);
  ObjectKey k = key;
  if (!e.Namespaced()) k.namespace_.clear();  // cache_reader.go: Get
  Slice* s = SliceFor(e, k.namespace_);
  if (s == nullptr)
    throw Error(
        fmt::format("unable to get: {}/{} because of unknown namespace for the cache", k.namespace_, k.name));
  if (!options.min_resource_version.empty())
    WaitSlices({s}, options.min_resource_version, options.wait_timeout, e);
  const cache::Indexer& store = s->informer->GetIndexer();
  std::shared_ptr<const runtime::Object> obj =
      k.namespace_.empty() ? store.GetByKey(k.name) : store.GetByKey(k.namespace_ + "/" + k.name);
  if (!obj) throw errors::NewNotFound(schema::GroupResource{e.gvk.group, e.gvk.kind}, k.name);
  return obj;
}

APIMACHINERY_DECL cache::SelectQuery Cache::Query(const Slice& s, const ListOptions& options,
                                                  const Entry& e) const {
  cache::SelectQuery q;
  if (!options.namespace_.empty()) q.InNamespace(options.namespace_);
  q.MatchingLabels(options.label_selector);
  if (!options.field_selector.Empty()) {
    const cache::Indexer& indexer = s.informer->GetIndexer();
    const fields::Requirements reqs = options.field_selector.Requirements();
    for (std::size_t i = 0; i < reqs.size(); ++i) {
      const std::string name = internal::FieldIndexName(reqs[i].field);
      if (!indexer.HasIndex(name)) {
        // client-go's ByIndex text for the first term, cache_reader.go's byIndexes text after it.
        throw Error(fmt::format("{} with name {} does not exist", i == 0 ? "Index" : "index", name));
      }
    }
    q.MatchingIndexes(options.field_selector.Transform([](const std::string& f, const std::string& v) {
      return std::pair<std::string, std::string>(internal::FieldIndexName(f), v);
    }));
  }
  (void)e;
  return q;
}

APIMACHINERY_DECL ObjectList<runtime::Object> Cache::ListObjects(const ObjectType& type,
                                                                 const ListOptions& options) const {
  if (Disabled(type)) return options_.api_reader->ListObjects(type, options);
  if (!options.continue_.empty()) throw Error("continue list option is not supported by the cache");
  const Entry& e = ForRead(type);
  std::vector<Slice*> slices;
  if (!options.namespace_.empty()) {
    Slice* s = SliceFor(e, e.Namespaced() ? std::string_view(options.namespace_) : std::string_view());
    if (s == nullptr)
      throw Error(
          fmt::format("unable to list: {} because of unknown namespace for the cache", options.namespace_));
    slices.push_back(s);
  } else {
    for (const auto& s : e.slices) slices.push_back(s.get());
  }
  if (!options.min_resource_version.empty())
    WaitSlices(slices, options.min_resource_version, options.wait_timeout, e);
  ObjectList<runtime::Object> out;
  const std::size_t limit =
      options.limit > 0 ? static_cast<std::size_t>(options.limit) : static_cast<std::size_t>(-1);
  for (Slice* s : slices) {
    const cache::ObjectList hits = s->informer->GetIndexer().Select(Query(*s, options, e));
    for (std::size_t i = 0; i < hits.size() && out.items.size() < limit; ++i)
      out.items.push_back(hits.Share(i));
    if (out.items.size() >= limit) break;
  }
  return out;
}

APIMACHINERY_DECL std::vector<Cache::InformerStats> Cache::Stats() const {
  std::vector<InformerStats> out;
  std::shared_lock lock(entries_mu_);
  for (const auto& e : entries_) {
    internal::SizeFunc size = nullptr;
    if (e->type.IsUnstructured()) {
      size = internal::SizeFuncFor<runtime::Unstructured>();
    } else if (e->type.IsCompact()) {
      size = internal::SizeFuncFor<runtime::CompactUnstructured>();
    } else if (e->type.IsMetadata()) {
      size = internal::SizeFuncFor<metav1::PartialObjectMetadata>();
    } else {
      size = sizes_.Get(e->type.type);
    }
    for (const auto& s : e->slices) {
      InformerStats st{e->type, e->gvk, s->namespace_, 0, 0, size != nullptr};
      const cache::ObjectList items = s->informer->GetIndexer().List();
      st.objects = items.size();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const runtime::Object& o = *items[i];
        // A transform may store another type than the informer's: measure what is there.
        if (size != nullptr &&
            o.GetTypeId() == (e->type.IsUnstructured() ? util::kTypeId<runtime::Unstructured>
                              : e->type.IsMetadata()   ? util::kTypeId<metav1::PartialObjectMetadata>
                                                       : e->type.type)) {  // (compact: its own type)
          st.bytes += size(o);
        } else {
          st.bytes += internal::UntypedRetainedBytes(o);
          if (o.GetTypeId() != util::kTypeId<runtime::Unstructured> &&
              o.GetTypeId() != util::kTypeId<runtime::CompactUnstructured> &&
              o.GetTypeId() != util::kTypeId<metav1::PartialObjectMetadata>)
            st.exact = false;
        }
      }
      out.push_back(std::move(st));
    }
  }
  return out;
}

}  // namespace apimachinery::ctrl
