// cache::Controller, the event-handler types and ProcessDeltas: the loop between a Reflector, a
// RealFIFO and a store (k8s.io/client-go/tools/cache/controller.go: Config, controller, New,
// Controller.Run, processLoop, processDeltas, processDeltasInBatch, ResourceEventHandler,
// ResourceEventHandlerFuncs, InformerOptions, NewInformerWithOptions).
//
// Example:
//   testing::FakeAPIServer server;   // or any source of pods
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<cache::ListerWatcher> lw = server.ListerWatcher({"", "v1", "pods"});
//   cache::ResourceEventHandlerFuncs handler{
//       .on_add = [](const auto& obj, bool) { fmt::print("added {}\n", obj->GetObjectMeta()->name); }};
//   auto indexer = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
//   auto fifo = std::make_shared<cache::RealFIFO>(cache::MetaNamespaceKeyFunc, indexer);
//   cache::Controller c({.queue = fifo, .lister_watcher = lw,
//                        .process = [&](const cache::Deltas& d, bool initial) {
//                          cache::ProcessDeltas(handler, *indexer, d, initial);
//                        }});
//   std::jthread t([&](std::stop_token stop) { c.Run(stop); });
//
// A Controller runs a Reflector (on a thread of its own) that fills the queue, and pops the
// queue on the calling thread, handing each delta (or batch) to `process`. ProcessDeltas applies
// deltas to a store and then calls the handler: the store is updated before anyone is told.
//
// Throws: Run propagates what `process` throws, after stopping and joining the Reflector (Go's
// TestPanicPropagated: a panic in a handler reaches the caller of Run); the deltas popped are
// consumed. ProcessDeltas propagates the store's KeyError/index-function errors and what the
// handler throws; the deltas after the failing one are not applied (upstream returns the error).
// Thread-safety: HasSynced and LastSyncResourceVersion may be called from any thread while Run
// runs; Run is called once (a second call returns at once, upstream logs it). No callback runs
// after Run returns. Cost: per delta, one store lookup and one write.
// Differences from upstream:
// - Config holds the Reflector's options as a ReflectorOptions (Go: FullResyncPeriod,
//   ShouldResync, WatchErrorHandler, WatchListPageSize, MinWatchTimeout, ObjectDescription as
//   separate fields) and the queue is a RealFIFO (InOrderInformers is GA; the DeltaFIFO path is
//   gone). The FIFO is the KnownObjects kind (upstream's AtomicFIFO gate, beta in 1.36, would use
//   ReplacedAll deltas instead; handlers see the same sequence: the deletions of a relist first,
//   then its adds and updates in list order).
// - `process_batch` (upstream ProcessBatch, gate InOrderInformersBatchProcess) receives up to
//   `batch_size` deltas of distinct keys; ProcessDeltas applies them one after the other (the
//   Indexer has no transactions, so a failing delta does not undo the earlier ones).
// - Cancellation is a std::stop_token; there is no one-second wait.Until restart of the loop.
// - A tombstone (DeletedFinalStateUnknown) is removed from the store by its key, so the store may
//   keep MetaNamespaceKeyFunc (and its allocation-free key path) where upstream's informer uses
//   DeletionHandlingMetaNamespaceKeyFunc.
#pragma once

#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>

#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/cache/reflector.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/cache/the_real_fifo.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// ResourceEventHandlerFuncs: the callbacks of an event handler (controller.go:
// ResourceEventHandlerFuncs). An empty function is skipped. on_delete may receive a
// DeletedFinalStateUnknown (AsTombstone) when a deletion was missed and noticed by a relist.
// Handlers must not assume they see every intermediate state: old_obj of on_update is the last
// state the store held. on_update also fires for a resync and for a relisted object, with equal
// resourceVersions.
struct ResourceEventHandlerFuncs {
  std::function<void(const std::shared_ptr<const runtime::Object>&, bool is_in_initial_list)> on_add{};
  std::function<void(const std::shared_ptr<const runtime::Object>& old_obj,
                     const std::shared_ptr<const runtime::Object>& new_obj)>
      on_update{};
  std::function<void(const std::shared_ptr<const runtime::Object>&)> on_delete{};

  APIMACHINERY_DECL void OnAdd(const std::shared_ptr<const runtime::Object>& obj,
                               bool is_in_initial_list) const;
  APIMACHINERY_DECL void OnUpdate(const std::shared_ptr<const runtime::Object>& old_obj,
                                  const std::shared_ptr<const runtime::Object>& new_obj) const;
  APIMACHINERY_DECL void OnDelete(const std::shared_ptr<const runtime::Object>& obj) const;
};

// ProcessFunc receives popped deltas and whether they belong to the initial list
// (controller.go: ProcessFunc, ProcessBatchFunc).
using ProcessFunc = std::function<void(const Deltas&, bool is_in_initial_list)>;

// ProcessDelta applies one delta to `store`, then tells `handler` (anything with
// OnAdd/OnUpdate/OnDelete as ResourceEventHandlerFuncs): Sync/Replaced/Added/Updated update an
// existing object (OnUpdate(old, new)) or add a new one (OnAdd(obj, is_in_initial_list));
// Deleted removes it (OnDelete with the delta's object, a tombstone included).
template <typename Handler>
void ProcessDelta(Handler& handler, Indexer& store, const Delta& d, bool is_in_initial_list) {
  const std::shared_ptr<const runtime::Object>& obj = d.object;
  if (!obj) throw KeyError("<nil>", internal::kNoMetaError);
  switch (d.type) {
    case DeltaType::kSync:
    case DeltaType::kReplaced:
    case DeltaType::kAdded:
    case DeltaType::kUpdated: {
      std::shared_ptr<const runtime::Object> old = store.Get(*obj);
      store.Update(obj);
      if (old) {
        handler.OnUpdate(old, obj);
      } else {
        handler.OnAdd(obj, is_in_initial_list);
      }
      return;
    }
    case DeltaType::kDeleted:
      if (const auto* t = AsTombstone(*obj)) {
        store.GetStore().Delete(t->key);
      } else {
        store.Delete(*obj);
      }
      handler.OnDelete(obj);
      return;
  }
}

// ProcessDeltas applies `deltas`, oldest first, with ProcessDelta (controller.go: processDeltas).
template <typename Handler>
void ProcessDeltas(Handler& handler, Indexer& store, const Deltas& deltas, bool is_in_initial_list) {
  for (const Delta& d : deltas) ProcessDelta(handler, store, d, is_in_initial_list);
}

// Config: what a Controller runs (controller.go: Config).
struct Config {
  // queue: the RealFIFO the Reflector fills and the loop pops.
  std::shared_ptr<RealFIFO> queue{};
  // lister_watcher: what the Reflector lists and watches.
  std::shared_ptr<ListerWatcher> lister_watcher{};
  // process: called with each popped delta (used when process_batch is empty).
  ProcessFunc process{};
  // process_batch: when set, called with up to batch_size deltas of distinct keys at a time.
  ProcessFunc process_batch{};
  std::size_t batch_size = 1000;  // upstream's defaultBatchSize
  // reflector: name, resync period (FullResyncPeriod) and should_resync, watch error handler,
  // page size, watch timeout, clock.
  ReflectorOptions reflector{};
};

// Controller: a Reflector feeding a queue, and the loop draining it (controller.go: controller).
class Controller {
 public:
  // Throws apimachinery::Error when the queue, the ListerWatcher or both process functions are
  // missing.
  APIMACHINERY_DECL explicit Controller(Config config);
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;
  ~Controller() = default;

  // Run lists and watches until `stop` is requested, processing deltas on the calling thread.
  APIMACHINERY_DECL void Run(const std::stop_token& stop);
  // HasSynced: the queue has handed out everything of the first list (RealFIFO::HasSynced).
  APIMACHINERY_DECL bool HasSynced() const;
  // LastSyncResourceVersion: the Reflector's, or "" before Run.
  APIMACHINERY_DECL std::string LastSyncResourceVersion() const;

 private:
  APIMACHINERY_DECL void ProcessLoop(const std::stop_token& stop);

  Config config_;
  mutable std::mutex mu_;
  std::shared_ptr<Reflector> reflector_;
  bool ran_ = false;
};

// InformerOptions: a store and a controller with one synchronous handler (controller.go:
// InformerOptions).
struct InformerOptions {
  std::shared_ptr<ListerWatcher> lister_watcher{};
  ResourceEventHandlerFuncs handler{};
  std::chrono::milliseconds resync_period{0};
  Indexers indexers{};
  TransformFunc transform{};
  ReflectorOptions reflector{};  // resync_period is taken from the field above
};

// Informer: what NewInformerWithOptions returns (Go returns (Store, Controller)).
struct Informer {
  std::shared_ptr<Indexer> store{};
  std::unique_ptr<Controller> controller{};
};

// NewInformerWithOptions: a store kept current from the ListerWatcher, its handler called on
// the thread that runs the controller, after the store is updated (controller.go:
// NewInformerWithOptions). The handler's exceptions propagate out of Controller::Run.
Informer NewInformerWithOptions(InformerOptions options);

// Implementation details follow.

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/controller.ipp"
#endif
