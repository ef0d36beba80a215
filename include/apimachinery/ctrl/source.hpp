// ctrl::Source, KindSource, ChannelSource, FuncSource: where a controller's events come from
// (sigs.k8s.io/controller-runtime pkg/source/source.go: Source, SyncingSource, Kind, Channel, Func;
// pkg/internal/source/kind.go and event_handler.go: Kind.Start, WaitForSync, EventHandler).
//
// Example:
//   testing::FakeAPIServer server;
//   server.AddResource({"example.com", "v1", "widgets"}, "Widget", meta::RESTScopeName::kNamespace);
//   cache::SharedIndexInformer informer(server.ListerWatcher({"example.com", "v1", "widgets"}),
//                                       std::chrono::minutes(10));
//   auto reconciler = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//   ctrl::Controller controller("widget", reconciler);
//   auto obj = std::make_shared<const runtime::Unstructured>();   // any object, from anywhere
//   auto widgets = std::make_shared<ctrl::KindSource>(
//       informer, std::make_shared<ctrl::EnqueueRequestForObject>(),
//       std::vector<ctrl::PredicatePtr>{ctrl::ToPredicate(ctrl::GenerationChangedPredicate{})}, "Widget");
//   auto external = std::make_shared<ctrl::ChannelSource>(std::make_shared<ctrl::EnqueueRequestForObject>());
//   controller.Watch(widgets);  controller.Watch(external);
//   external->Push({obj});        // a GenericEvent, from any thread
//
// Kind registers an event handler with a cache::SharedIndexInformer at Start; every informer
// notification becomes a Create/Update/Delete event (a tombstone: the last known object with
// delete_state_unknown), goes through the predicates (all must pass) and then to the handler with
// the controller's queue. WaitForSync waits until the informer has synced and the registration
// has received the initial list. Stop removes the registration (the controller calls it when it
// stops; callbacks in flight keep the queue alive through their shared_ptr).
// Channel delivers pushed GenericEvents to every queue it was started with; events pushed before
// the first Start are kept and delivered then; after Close pushes are dropped; after Stop
// (the controller stopped) they go nowhere.
// Func is a Source from a function of (stop, queue).
//
// Throws:
// - Kind::Start: the informer's `handler was not added to shared informer because it has stopped
//   already`; Error `must create Kind with non-nil handler`. A getter that throws is not an error
//   of Start: it is logged (NoKindMatchError: `if kind is a CRD, it should be installed before
//   calling Start`; NotRegisteredError: `kind must be registered to the Scheme`; else `failed to
//   get informer from cache`) and retried by WaitForSync every KindSourceOptions::retry_interval.
// - Kind::WaitForSync: apimachinery::Error `timed out waiting for cache to be synced for <String()>`
//   after the timeout, also while the getter still fails (not when `stop` was requested: it then
//   returns, as upstream).
// - Channel::Start: Error `must specify Channel.Handler` for a null handler.
// - Handlers and predicates that throw inside an informer callback: the informer reports the
//   exception (its error_handler, else stderr) and the event is dropped; on Push they propagate
//   to the caller.
// Thread-safety: Start, Stop, WaitForSync and Push may be called from any thread.
// Differences from upstream: names are flat in namespace ctrl (source.Kind, Channel, Func are
// KindSource, ChannelSource, FuncSource); no context; Start takes the queue as a shared_ptr; Kind takes the
// informer (or a getter) instead of a cache and a type, and retries a failing getter from
// WaitForSync (which the controller calls right after Start) rather than from a goroutine of its
// own, so a Kind started but never waited for does not retry; Channel has no Go channel: Push delivers on the
// caller's thread (no 1024-event buffer per destination, no sync goroutine), and buffers without bound until
// the first Start; the informer source (source.Informer) is Kind over the given informer.
#pragma once

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/event.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/internal/controller_wait.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/runtime/error.hpp"

namespace apimachinery::ctrl {

// Source: starts delivering events to a queue (source.Source). Start must not block.
class Source {
 public:
  virtual ~Source() = default;
  virtual void Start(std::stop_token stop, std::shared_ptr<Queue> queue) = 0;
  // Stop: deliver nothing more to the queues this source was started with (best effort; the
  // controller calls it when it stops). Default: nothing.
  APIMACHINERY_DECL virtual void Stop();
  virtual std::string String() const = 0;

 protected:
  Source() = default;
  Source(const Source&) = default;
  Source& operator=(const Source&) = default;
  Source(Source&&) = default;
  Source& operator=(Source&&) = default;
};

// SyncingSource: a Source that can wait until its initial state has been delivered
// (source.SyncingSource).
class SyncingSource : public Source {
 public:
  // WaitForSync blocks until synced, `stop` is requested (returns) or `timeout` passed (throws).
  virtual void WaitForSync(std::stop_token stop, std::chrono::milliseconds timeout) = 0;
};

using SourcePtr = std::shared_ptr<Source>;

// KindSourceOptions: how a Kind retries its informer getter.
struct KindSourceOptions {
  // retry_interval: how often WaitForSync calls a getter that failed again (kind.go polls every
  // 10 s: a CRD installed after Start is picked up).
  std::chrono::milliseconds retry_interval{std::chrono::seconds(10)};
  // log_sink: where each failed call is logged, with upstream's messages; empty: stderr.
  std::shared_ptr<LogSink> log_sink{};
};

// Kind: the events of one informer (source.Kind over cache.Cache.GetInformer).
class KindSource final : public SyncingSource {
 public:
  using InformerGetter = std::function<cache::SharedIndexInformer&()>;

  // `type_name` names the object type in String() (`kind source: <type_name>`).
  APIMACHINERY_DECL KindSource(cache::SharedIndexInformer& informer, EventHandlerPtr handler,
                               std::vector<PredicatePtr> predicates = {}, std::string type_name = {});
  // `get_informer` is called at Start (Cache::GetInformer, which may create the informer) and,
  // while it throws, again every options.retry_interval by WaitForSync.
  APIMACHINERY_DECL KindSource(InformerGetter get_informer, EventHandlerPtr handler,
                               std::vector<PredicatePtr> predicates = {}, std::string type_name = {},
                               KindSourceOptions options = {});

  APIMACHINERY_DECL void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override;

  APIMACHINERY_DECL void WaitForSync(std::stop_token stop, std::chrono::milliseconds timeout) override;

  APIMACHINERY_DECL void Stop() override;

  APIMACHINERY_DECL std::string String() const override;

  // MakeHandler: the informer callbacks of a Kind (pkg/internal/source/event_handler.go).
  APIMACHINERY_DECL static cache::ResourceEventHandlerFuncs MakeHandler(EventHandlerPtr h,
                                                                        std::vector<PredicatePtr> preds,
                                                                        std::shared_ptr<Queue> queue);

 private:
  struct State {
    EventHandlerPtr handler;
    std::vector<PredicatePtr> predicates;
    std::shared_ptr<Queue> queue;
  };

  // TryPending: the getter called for the queues started but not yet registered; on success each
  // gets its handler, on failure the error is logged as kind.go logs it and they stay pending.
  // Throws what AddEventHandler throws (an informer stopped already).
  APIMACHINERY_DECL void TryPending();

  InformerGetter get_informer_;
  EventHandlerPtr handler_;
  std::vector<PredicatePtr> predicates_;
  std::string type_name_;
  KindSourceOptions options_;
  mutable std::mutex mu_;
  std::vector<std::shared_ptr<Queue>> pending_;  // started, the getter not yet successful
  std::vector<
      std::pair<cache::SharedIndexInformer*, std::shared_ptr<cache::ResourceEventHandlerRegistration>>>
      registrations_;
};

// Channel: GenericEvents pushed by user code (source.Channel).
class ChannelSource final : public Source {
 public:
  APIMACHINERY_DECL explicit ChannelSource(EventHandlerPtr handler,
                                           std::vector<PredicatePtr> predicates = {});

  APIMACHINERY_DECL void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override;
  APIMACHINERY_DECL void Stop() override;

  // Push: deliver `e` to every started queue (through the predicates and the handler), on this
  // thread; kept until the first Start when there is none yet; dropped after Close.
  APIMACHINERY_DECL void Push(GenericEvent e);
  // Close: drop every later Push (closing the Go channel).
  APIMACHINERY_DECL void Close();

  APIMACHINERY_DECL std::string String() const override;

 private:
  APIMACHINERY_DECL void Deliver(const GenericEvent& e, Queue& q) const;

  EventHandlerPtr handler_;
  std::vector<PredicatePtr> predicates_;
  std::mutex mu_;
  bool started_ = false;
  bool closed_ = false;
  std::vector<GenericEvent> pending_;
  std::vector<std::shared_ptr<Queue>> queues_;
};

// Func: a Source from a function (source.Func).
class FuncSource final : public Source {
 public:
  APIMACHINERY_DECL explicit FuncSource(std::function<void(std::stop_token, std::shared_ptr<Queue>)> fn);
  APIMACHINERY_DECL void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override;
  APIMACHINERY_DECL std::string String() const override;

 private:
  std::function<void(std::stop_token, std::shared_ptr<Queue>)> fn_;
};

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/source.ipp"
#endif
