// Definitions of the non-template functions declared in <apimachinery/cache/shared_informer.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/shared_informer.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL bool ResourceEventHandlerRegistration::HasSynced() const { return listener_->HasSynced(); }

APIMACHINERY_DECL ResourceEventHandlerRegistration::ResourceEventHandlerRegistration(
    std::shared_ptr<internal::ProcessorListener> l)
    : listener_(std::move(l)) {}

APIMACHINERY_DECL SharedIndexInformer::SharedIndexInformer(std::shared_ptr<ListerWatcher> lw,
                                                           std::chrono::milliseconds resync_period,
                                                           Indexers indexers)
    : SharedIndexInformer(std::move(lw), SharedIndexInformerOptions{resync_period, std::move(indexers)}) {}

APIMACHINERY_DECL std::shared_ptr<ResourceEventHandlerRegistration> SharedIndexInformer::AddEventHandler(
    ResourceEventHandlerFuncs handler) {
  return AddEventHandlerWithResyncPeriod(std::move(handler), default_event_handler_resync_period_);
}

APIMACHINERY_DECL bool SharedIndexInformer::HasStarted() const {
  std::lock_guard lock(started_mu_);
  return started_;
}

APIMACHINERY_DECL bool SharedIndexInformer::IsStopped() const {
  std::lock_guard lock(started_mu_);
  return stopped_;
}

APIMACHINERY_DECL std::string SharedIndexInformer::LastSyncResourceVersion() const {
  std::lock_guard lock(started_mu_);
  return controller_ ? controller_->LastSyncResourceVersion() : std::string();
}

APIMACHINERY_DECL Indexer& SharedIndexInformer::GetIndexer() noexcept { return *indexer_; }

APIMACHINERY_DECL const Indexer& SharedIndexInformer::GetIndexer() const noexcept { return *indexer_; }

APIMACHINERY_DECL Indexer& SharedIndexInformer::GetStore() noexcept { return *indexer_; }

APIMACHINERY_DECL const Indexer& SharedIndexInformer::GetStore() const noexcept { return *indexer_; }

APIMACHINERY_DECL void SharedIndexInformer::AddIndexers(const Indexers& indexers) {
  std::lock_guard lock(started_mu_);
  if (stopped_) throw Error("indexer was not added because it has stopped already");
  indexer_->AddIndexers(indexers);
}

APIMACHINERY_DECL void SharedIndexInformer::SetTransform(TransformFunc transform) {
  std::lock_guard lock(started_mu_);
  if (started_) throw Error("informer has already started");
  transform_ = std::move(transform);
}

APIMACHINERY_DECL void SharedIndexInformer::SetWatchErrorHandler(
    std::function<void(const std::exception_ptr&)> handler) {
  std::lock_guard lock(started_mu_);
  if (started_) throw Error("informer has already started");
  watch_error_handler_ = std::move(handler);
}

APIMACHINERY_DECL std::chrono::milliseconds SharedIndexInformer::ResyncCheckPeriod() const {
  std::lock_guard lock(started_mu_);
  return resync_check_period_;
}

APIMACHINERY_DECL std::chrono::milliseconds SharedIndexInformer::HandlerResyncPeriod(
    const ResourceEventHandlerRegistration& reg) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(reg.listener_->ResyncPeriod());
}

APIMACHINERY_DECL bool SharedIndexInformer::IsRegistered(const ResourceEventHandlerRegistration& reg) const {
  return processor_.IsRegistered(reg.listener_.get());
}

APIMACHINERY_DECL std::size_t SharedIndexInformer::EventHandlerCount() const {
  return processor_.ListenerCount();
}

APIMACHINERY_DECL void SharedIndexInformer::Distributor::OnAdd(const ObjectPtr& obj, bool initial) const {
  processor.Distribute(internal::Notification::Add(obj, initial), false);
}

APIMACHINERY_DECL void SharedIndexInformer::Distributor::OnUpdate(const ObjectPtr& old_obj,
                                                                  const ObjectPtr& new_obj) const {
  bool is_sync = false;
  const metav1::ObjectMeta* n = new_obj->GetObjectMeta();
  const metav1::ObjectMeta* o = old_obj->GetObjectMeta();
  if (n != nullptr && o != nullptr) is_sync = n->resource_version == o->resource_version;
  processor.Distribute(internal::Notification::Update(old_obj, new_obj), is_sync);
}

APIMACHINERY_DECL void SharedIndexInformer::Distributor::OnDelete(const ObjectPtr& obj) const {
  processor.Distribute(internal::Notification::Delete(obj), false);
}

APIMACHINERY_DECL void SharedIndexInformer::ReportError(const std::exception_ptr& e) const noexcept {
  if (!error_handler_) return;
  try {
    error_handler_(e);
  } catch (...) {  // a throwing error handler is ignored
  }
}

APIMACHINERY_DECL std::chrono::milliseconds SharedIndexInformer::DetermineResyncPeriod(
    std::chrono::milliseconds desired, std::chrono::milliseconds check) {
  if (desired == std::chrono::milliseconds::zero()) return desired;
  if (check == std::chrono::milliseconds::zero()) return std::chrono::milliseconds::zero();
  return std::max(desired, check);
}

APIMACHINERY_DECL SharedIndexInformer::SharedIndexInformer(std::shared_ptr<ListerWatcher> lw,
                                                           SharedIndexInformerOptions options)
    : lister_watcher_(std::move(lw)),
      indexer_(std::make_shared<Indexer>(MetaNamespaceKeyFunc, options.indexers, options.store)),
      clock_(options.clock ? std::move(options.clock) : std::make_shared<util::clock::RealClock>()),
      reflector_options_(std::move(options.reflector)),
      error_handler_(std::move(options.error_handler)),
      processor_(clock_),
      resync_check_period_(options.resync_period),
      default_event_handler_resync_period_(options.resync_period) {
  if (!lister_watcher_) throw Error("cache.SharedIndexInformer: the ListerWatcher is null");
}

APIMACHINERY_DECL std::shared_ptr<ResourceEventHandlerRegistration>
SharedIndexInformer::AddEventHandlerWithResyncPeriod(ResourceEventHandlerFuncs handler,
                                                     std::chrono::milliseconds resync_period) {
  std::lock_guard lock(started_mu_);
  if (stopped_) throw Error("handler was not added to shared informer because it has stopped already");
  if (resync_period > std::chrono::milliseconds::zero()) {
    resync_period = std::max(resync_period, kMinimumResyncPeriod);
    if (resync_period < resync_check_period_) {
      if (started_) {
        resync_period = resync_check_period_;
      } else {
        resync_check_period_ = resync_period;
        const auto check = resync_check_period_;
        processor_.ResyncCheckPeriodChanged([check](util::clock::Duration requested) {
          return util::clock::Duration(
              DetermineResyncPeriod(std::chrono::duration_cast<std::chrono::milliseconds>(requested), check));
        });
      }
    }
  }
  internal::ListenerHandler h{std::move(handler.on_add), std::move(handler.on_update),
                              std::move(handler.on_delete)};
  auto listener = std::make_shared<internal::ProcessorListener>(
      std::move(h), resync_period, DetermineResyncPeriod(resync_period, resync_check_period_), clock_->Now(),
      [this] { return HasSynced(); }, error_handler_);
  std::shared_ptr<ResourceEventHandlerRegistration> reg(new ResourceEventHandlerRegistration(listener));
  if (!started_) {
    processor_.AddListener(listener);
    return reg;
  }
  // Joining a running informer: hold deltas back, give the new handler the store's contents as
  // its initial list, then let deltas flow again.
  std::lock_guard block(block_deltas_);
  processor_.AddListener(listener);
  const ObjectList items = indexer_->List();
  for (std::size_t i = 0; i < items.size(); ++i)
    listener->Add(internal::Notification::Add(items.Share(i), true));
  return reg;
}

APIMACHINERY_DECL void SharedIndexInformer::RemoveEventHandler(
    const std::shared_ptr<ResourceEventHandlerRegistration>& handle) {
  if (!handle) return;
  std::lock_guard lock(started_mu_);
  std::lock_guard block(block_deltas_);
  processor_.RemoveListener(handle->listener_.get());
}

APIMACHINERY_DECL void ShutDownEventHandler(SharedIndexInformer& informer,
                                            const std::shared_ptr<ResourceEventHandlerRegistration>& handle) {
  if (!handle) return;
  informer.RemoveEventHandler(handle);
  handle->listener_->WaitFinished();
}

APIMACHINERY_DECL bool SharedIndexInformer::HasSynced() const {
  if (synced_.load(std::memory_order_acquire)) return true;
  const RealFIFO* fifo = fifo_raw_.load(std::memory_order_acquire);
  if (fifo == nullptr || !fifo->HasSynced()) return false;
  synced_.store(true, std::memory_order_release);
  return true;
}

APIMACHINERY_DECL void SharedIndexInformer::HandleDeltas(const Deltas& deltas, bool is_in_initial_list) {
  std::lock_guard block(block_deltas_);
  Distributor d{processor_};
  for (const Delta& delta : deltas) {
    try {
      ProcessDelta(d, *indexer_, delta, is_in_initial_list);
    } catch (...) {
      ReportError(std::current_exception());
    }
  }
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): by value, as Reflector::Run
APIMACHINERY_DECL void SharedIndexInformer::Run(std::stop_token stop) {
  {
    std::lock_guard lock(started_mu_);
    if (started_) return;
    fifo_ = std::make_shared<RealFIFO>(MetaNamespaceKeyFunc, indexer_, transform_);
    Config cfg;
    cfg.queue = fifo_;
    cfg.lister_watcher = lister_watcher_;
    cfg.process_batch = [this](const Deltas& d, bool initial) { HandleDeltas(d, initial); };
    cfg.reflector = reflector_options_;
    cfg.reflector.resync_period = resync_check_period_;
    cfg.reflector.should_resync = [this] { return processor_.ShouldResync(); };
    if (watch_error_handler_) cfg.reflector.watch_error_handler = watch_error_handler_;
    if (!cfg.reflector.clock) cfg.reflector.clock = clock_;
    controller_ = std::make_unique<Controller>(std::move(cfg));
    fifo_raw_.store(fifo_.get(), std::memory_order_release);
    started_ = true;
  }
  processor_.Run();
  // Stop order as upstream: no new handlers, then the processor (joining every listener).
  struct StopGuard {
    explicit StopGuard(SharedIndexInformer& informer) : s(informer) {}
    StopGuard(const StopGuard&) = delete;
    StopGuard& operator=(const StopGuard&) = delete;
    ~StopGuard() {
      {
        std::lock_guard lock(s.started_mu_);
        s.stopped_ = true;
      }
      s.processor_.Stop();
    }
    SharedIndexInformer& s;
  } guard(*this);
  controller_->Run(stop);
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): the signature takes the token by value
APIMACHINERY_DECL bool WaitForCacheSync(std::stop_token stop,
                                        const std::vector<std::function<bool()>>& has_synced) {
  std::mutex mu;
  std::condition_variable_any cv;
  for (;;) {
    if (std::all_of(has_synced.begin(), has_synced.end(),
                    [](const std::function<bool()>& f) { return !f || f(); })) {
      return true;
    }
    std::unique_lock lock(mu);
    cv.wait_for(lock, stop, std::chrono::milliseconds(100), [] { return false; });
    if (stop.stop_requested()) return false;
  }
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> StripManagedFields(
    std::shared_ptr<const runtime::Object> obj) {
  if (!obj) return obj;
  const metav1::ObjectMeta* meta = obj->GetObjectMeta();
  if (meta == nullptr || meta->managed_fields.empty()) return obj;
  if (const auto* c = dynamic_cast<const runtime::CompactUnstructured*>(obj.get())) {
    return std::make_shared<const runtime::CompactUnstructured>(c->WithoutManagedFields());
  }
  std::unique_ptr<runtime::Object> copy = obj->DeepCopyObject();
  if (auto* u = dynamic_cast<runtime::Unstructured*>(copy.get())) {
    u->SetManagedFields({});  // removes metadata.managedFields from the JSON and the view
  } else {
    // Move-assigned (clear() would keep the copy's storage, and `= {}` assigns an initializer list).
    copy->GetObjectMeta()->managed_fields = std::vector<metav1::ManagedFieldsEntry>();
  }
  return copy;
}

}  // namespace apimachinery::cache
