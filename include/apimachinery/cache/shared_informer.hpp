// cache::SharedIndexInformer: one list+watch of a resource, an indexed local cache kept current
// from it, and any number of event handlers, each with its own buffer and thread
// (k8s.io/client-go/tools/cache/shared_informer.go: sharedIndexInformer, WaitForCacheSync,
// ResourceEventHandlerRegistration, ShutDownEventHandler; StripManagedFields is
// sigs.k8s.io/controller-runtime/pkg/cache/cache.go: TransformStripManagedFields).
//
// Example:
//   testing::FakeAPIServer server;   // or any source of pods
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<cache::ListerWatcher> lw = server.ListerWatcher({"", "v1", "pods"});
//   static constexpr auto Print = [](const runtime::Object& o, std::string_view what) {
//     fmt::print("{}: {}\n", o.GetObjectMeta()->name, what);
//   };
//   cache::Indexers indexers{{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}};
//   cache::SharedIndexInformer informer(lw, std::chrono::minutes(10), indexers);
//   informer.SetTransform(cache::StripManagedFields);
//   auto reg = informer.AddEventHandler({
//       .on_add = [](const auto& obj, bool initial) { Print(*obj, initial ? "listed" : "added"); },
//       .on_update = [](const auto& /*old_obj*/, const auto& new_obj) { Print(*new_obj, "updated"); },
//       .on_delete = [](const auto& obj) { if (cache::AsTombstone(*obj)) fmt::print("state unknown\n"); }});
//   std::jthread t([&](std::stop_token stop) { informer.Run(stop); });
//   cache::WaitForCacheSync(t.get_stop_token(), {[&] { return reg->HasSynced(); }});
//   informer.GetIndexer().ByIndex(cache::kNamespaceIndex, "default");
//
// How it works: Run makes a RealFIFO whose known objects are the indexer, a Reflector that fills
// it, and pops it on the calling thread. Every popped delta is applied to the indexer first and
// then distributed: each handler's listener appends it to its own unbounded queue, which the
// listener's thread delivers in order; a slow handler delays only itself. A handler added after
// Run started first receives the current contents as adds with is_in_initial_list = true (taken
// while deltas are held back, so it misses nothing and sees nothing twice). Resync: every
// `resync check period` the Reflector asks the informer whether any handler is due; the Sync
// deltas then reach only the handlers whose period elapsed, as OnUpdate(obj, obj). An update
// whose resourceVersion did not change (a resync, or a relisted unchanged object) counts as a
// sync notification and goes only to those handlers, as upstream.
//
// Objects handed to handlers and read from the store are std::shared_ptr<const runtime::Object>:
// a handler cannot modify the shared copy (it does not compile); copy to modify.
//
// Throws:
// - AddEventHandler / AddEventHandlerWithResyncPeriod after Run returned: apimachinery::Error
//   `handler was not added to shared informer because it has stopped already`.
// - SetTransform / SetWatchErrorHandler after Run started: `informer has already started`.
// - AddIndexers after Run returned: `indexer was not added because it has stopped already`; an
//   index name already present: the store's `indexer conflict: ...`.
// - Run propagates what the Reflector's Run throws (after stopping everything). Errors applying a
//   delta to the store (key or index functions throwing) are not propagated: the delta is
//   dropped, as upstream's processLoop drops processDeltas' error, and the exception goes to
//   SharedIndexInformerOptions::error_handler when set.
// - A handler callback that throws: the exception is caught on the listener's thread and goes to
//   error_handler (stderr when unset); that notification is skipped and delivery goes on.
//   Upstream crashes the process by default (utilruntime.ReallyCrash); a test asserts ours.
// Thread-safety: every member function may be called from any thread, also from inside a handler
// callback (AddEventHandler and RemoveEventHandler included); the informer must outlive Run.
// Callbacks of one handler never overlap and arrive in order. No handler callback runs after Run
// returns (Run joins the listeners' threads). After RemoveEventHandler returns, no new callback
// of that handler starts; one already running may still be finishing (as upstream; use
// ShutDownEventHandler to wait for it, never from that handler's own callback).
// Cost: per delta, one store write and one queue push per handler; memory: the store plus what
// the slowest handler has not consumed yet.
// Differences from upstream:
// - Errors are exceptions (Go returns them); no logging, no metrics, no mutation detector.
// - Listeners are threads, not goroutines; see cache/internal/shared_processor.hpp.
// - HasSynced is the RealFIFO's, latched; upstream closes a channel from a goroutine.
// - SharedIndexInformerOptions adds the clock, the Reflector's options and error_handler.
// - There is no example object: Reflector's options.expected_type plays that role.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/controller.hpp"
#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/internal/shared_processor.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/cache/reflector.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/cache/the_real_fifo.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/clock.hpp"

namespace apimachinery::cache {

class SharedIndexInformer;

// ResourceEventHandlerRegistration: the handle AddEventHandler returns (shared_informer.go:
// ResourceEventHandlerRegistration). It must not be used after its informer is destroyed.
class ResourceEventHandlerRegistration {
 public:
  // HasSynced: the informer has synced and this handler has received every object of the
  // initial list (for a handler added late: of the contents it was given).
  APIMACHINERY_DECL bool HasSynced() const;

 private:
  friend class SharedIndexInformer;
  APIMACHINERY_DECL friend void ShutDownEventHandler(
      SharedIndexInformer&, const std::shared_ptr<ResourceEventHandlerRegistration>&);
  APIMACHINERY_DECL explicit ResourceEventHandlerRegistration(std::shared_ptr<internal::ProcessorListener> l);
  std::shared_ptr<internal::ProcessorListener> listener_;
};

// SharedIndexInformerOptions: the full set of knobs (shared_informer.go:
// SharedIndexInformerOptions, plus what upstream sets through unexported fields).
struct SharedIndexInformerOptions {
  // resync_period: the default handler resync period and the initial resync check period; 0
  // means no resync.
  std::chrono::milliseconds resync_period{0};
  Indexers indexers{};
  // store: the indexer's options (label_index: a label index that Select uses for label
  // selectors, at the cost of one posting per label of every object).
  ThreadSafeStoreOptions store{};
  // clock: for the handlers' resync schedule, and the Reflector's when reflector.clock is empty.
  // Empty: util::clock::RealClock.
  std::shared_ptr<util::clock::Clock> clock{};
  // reflector: name, page size, watch timeout, backoff, expected type, streaming list. Its
  // resync_period and should_resync are the informer's and are overwritten; its
  // watch_error_handler is replaced by SetWatchErrorHandler's when that was called.
  ReflectorOptions reflector{};
  // error_handler: receives what handler callbacks and the store's key/index functions throw.
  std::function<void(const std::exception_ptr&)> error_handler{};
};

class SharedIndexInformer {
 public:
  using ObjectPtr = std::shared_ptr<const runtime::Object>;

  // kMinimumResyncPeriod: a handler's non-zero resync period is raised to this (upstream
  // minimumResyncPeriod).
  static constexpr std::chrono::milliseconds kMinimumResyncPeriod{1000};

  APIMACHINERY_DECL SharedIndexInformer(std::shared_ptr<ListerWatcher> lw,
                                        std::chrono::milliseconds resync_period, Indexers indexers = {});
  APIMACHINERY_DECL SharedIndexInformer(std::shared_ptr<ListerWatcher> lw,
                                        SharedIndexInformerOptions options);
  SharedIndexInformer(const SharedIndexInformer&) = delete;
  SharedIndexInformer& operator=(const SharedIndexInformer&) = delete;
  ~SharedIndexInformer() = default;

  // AddEventHandler registers a handler with the informer's default resync period.
  APIMACHINERY_DECL std::shared_ptr<ResourceEventHandlerRegistration> AddEventHandler(
      ResourceEventHandlerFuncs handler);
  // AddEventHandlerWithResyncPeriod: a handler with its own resync period (0: none). A period
  // under one second becomes one second; one shorter than the resync check period lowers the
  // check period before Run, and is raised to it after (shared_informer.go:
  // AddEventHandlerWithOptions).
  APIMACHINERY_DECL std::shared_ptr<ResourceEventHandlerRegistration> AddEventHandlerWithResyncPeriod(
      ResourceEventHandlerFuncs handler, std::chrono::milliseconds resync_period);
  // RemoveEventHandler unregisters a handler; a registration that is not (or no longer) one of
  // this informer's is ignored.
  APIMACHINERY_DECL void RemoveEventHandler(const std::shared_ptr<ResourceEventHandlerRegistration>& handle);

  // Run lists, watches and delivers until `stop` is requested; blocks. A second call returns at
  // once (upstream logs a warning).
  APIMACHINERY_DECL void Run(std::stop_token stop);
  APIMACHINERY_DECL bool HasStarted() const;
  // HasSynced: the first list has been applied to the store (and handed to the handlers' queues).
  APIMACHINERY_DECL bool HasSynced() const;
  // IsStopped: Run has returned (or is returning).
  APIMACHINERY_DECL bool IsStopped() const;
  // LastSyncResourceVersion: the Reflector's; "" before Run.
  APIMACHINERY_DECL std::string LastSyncResourceVersion() const;

  APIMACHINERY_DECL Indexer& GetIndexer() noexcept;
  APIMACHINERY_DECL const Indexer& GetIndexer() const noexcept;
  APIMACHINERY_DECL Indexer& GetStore() noexcept;
  APIMACHINERY_DECL const Indexer& GetStore() const noexcept;

  // AddIndexers adds indexes, before or after Run started (existing objects are indexed).
  APIMACHINERY_DECL void AddIndexers(const Indexers& indexers);
  // SetTransform: applied to every object before it is queued and stored (before Run only).
  APIMACHINERY_DECL void SetTransform(TransformFunc transform);
  // SetWatchErrorHandler: called with every list/watch error (before Run only).
  APIMACHINERY_DECL void SetWatchErrorHandler(std::function<void(const std::exception_ptr&)> handler);

  // For tests: the resync check period and a handler's effective resync period.
  APIMACHINERY_DECL std::chrono::milliseconds ResyncCheckPeriod() const;
  APIMACHINERY_DECL static std::chrono::milliseconds HandlerResyncPeriod(
      const ResourceEventHandlerRegistration& reg);
  APIMACHINERY_DECL bool IsRegistered(const ResourceEventHandlerRegistration& reg) const;
  APIMACHINERY_DECL std::size_t EventHandlerCount() const;

 private:
  friend void ShutDownEventHandler(SharedIndexInformer&,
                                   const std::shared_ptr<ResourceEventHandlerRegistration>&);

  // Distributor: the informer as the ProcessDelta handler (shared_informer.go: OnAdd, OnUpdate,
  // OnDelete), called with block_deltas_ held.
  struct Distributor {
    internal::SharedProcessor& processor;
    APIMACHINERY_DECL void OnAdd(const ObjectPtr& obj, bool initial) const;
    APIMACHINERY_DECL void OnUpdate(const ObjectPtr& old_obj, const ObjectPtr& new_obj) const;
    APIMACHINERY_DECL void OnDelete(const ObjectPtr& obj) const;
  };

  APIMACHINERY_DECL void HandleDeltas(const Deltas& deltas, bool is_in_initial_list);
  APIMACHINERY_DECL void ReportError(const std::exception_ptr& e) const noexcept;
  APIMACHINERY_DECL static std::chrono::milliseconds DetermineResyncPeriod(std::chrono::milliseconds desired,
                                                                           std::chrono::milliseconds check);

  std::shared_ptr<ListerWatcher> lister_watcher_;
  std::shared_ptr<Indexer> indexer_;
  std::shared_ptr<util::clock::Clock> clock_;
  ReflectorOptions reflector_options_;
  std::function<void(const std::exception_ptr&)> error_handler_;
  internal::SharedProcessor processor_;

  mutable std::mutex started_mu_;
  bool started_ = false;
  bool stopped_ = false;
  std::chrono::milliseconds resync_check_period_;
  const std::chrono::milliseconds default_event_handler_resync_period_;
  TransformFunc transform_;
  std::function<void(const std::exception_ptr&)> watch_error_handler_;
  std::shared_ptr<RealFIFO> fifo_;
  std::unique_ptr<Controller> controller_;
  std::atomic<const RealFIFO*> fifo_raw_{nullptr};
  mutable std::atomic<bool> synced_{false};

  // Held while deltas are applied and distributed, and while a handler joins or leaves.
  std::mutex block_deltas_;
};

// ShutDownEventHandler removes the handler and waits until its thread has finished the callback
// in flight (shared_informer.go: ShutDownEventHandler). Deadlocks when called from that handler's
// own callback.
void ShutDownEventHandler(SharedIndexInformer& informer,
                          const std::shared_ptr<ResourceEventHandlerRegistration>& handle);

// WaitForCacheSync polls the functions every 100 ms (the first time at once) until all return
// true (true) or `stop` is requested (false); a stop wakes it at once (shared_informer.go:
// WaitForCacheSync, syncedPollPeriod).
bool WaitForCacheSync(std::stop_token stop, const std::vector<std::function<bool()>>& has_synced);

// StripManagedFields: a TransformFunc that drops metadata.managedFields (typed objects,
// runtime::Unstructured and runtime::CompactUnstructured alike), usually to save memory in the cache
// (controller-runtime/pkg/cache/cache.go: TransformStripManagedFields). An object without
// managedFields (or without metadata) is returned as is; otherwise a copy without them (the input
// is shared and immutable, where upstream edits the freshly decoded object in place).
std::shared_ptr<const runtime::Object> StripManagedFields(std::shared_ptr<const runtime::Object> obj);

// Implementation details follow.

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/shared_informer.ipp"
#endif
