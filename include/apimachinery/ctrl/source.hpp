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
  virtual void Stop() {}
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
  KindSource(cache::SharedIndexInformer& informer, EventHandlerPtr handler,
             std::vector<PredicatePtr> predicates = {}, std::string type_name = {})
      : KindSource([&informer]() -> cache::SharedIndexInformer& { return informer; }, std::move(handler),
                   std::move(predicates), std::move(type_name)) {}
  // `get_informer` is called at Start (Cache::GetInformer, which may create the informer) and,
  // while it throws, again every options.retry_interval by WaitForSync.
  KindSource(InformerGetter get_informer, EventHandlerPtr handler, std::vector<PredicatePtr> predicates = {},
             std::string type_name = {}, KindSourceOptions options = {})
      : get_informer_(std::move(get_informer)),
        handler_(std::move(handler)),
        predicates_(std::move(predicates)),
        type_name_(std::move(type_name)),
        options_(std::move(options)) {
    if (!options_.log_sink) options_.log_sink = NewStderrLogSink();
  }

  void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override {
    (void)stop;
    if (!handler_) throw Error("must create Kind with non-nil handler");
    {
      std::lock_guard lock(mu_);
      pending_.push_back(std::move(queue));
    }
    TryPending();
  }

  void WaitForSync(std::stop_token stop, std::chrono::milliseconds timeout) override {
    auto last_try = std::chrono::steady_clock::now();
    auto synced = [&] {
      {
        std::lock_guard lock(mu_);
        if (pending_.empty()) {
          for (const auto& [inf, reg] : registrations_) {
            if (!inf->HasSynced() || !reg->HasSynced()) return false;
          }
          return true;
        }
      }
      if (std::chrono::steady_clock::now() - last_try >= options_.retry_interval) {
        last_try = std::chrono::steady_clock::now();
        TryPending();
      }
      return false;
    };
    const auto period =
        std::min<std::chrono::milliseconds>(std::chrono::milliseconds(100), options_.retry_interval);
    if (internal::PollUntil(stop, timeout, synced, period) == internal::PollResult::kTimedOut) {
      throw Error("timed out waiting for cache to be synced for " + String());
    }
  }

  void Stop() override {
    std::vector<
        std::pair<cache::SharedIndexInformer*, std::shared_ptr<cache::ResourceEventHandlerRegistration>>>
        regs;
    {
      std::lock_guard lock(mu_);
      regs.swap(registrations_);
      pending_.clear();
    }
    for (auto& [inf, reg] : regs) inf->RemoveEventHandler(reg);
  }

  std::string String() const override {
    return "kind source: " + (type_name_.empty() ? std::string("unknown type") : type_name_);
  }

  // MakeHandler: the informer callbacks of a Kind (pkg/internal/source/event_handler.go).
  static cache::ResourceEventHandlerFuncs MakeHandler(EventHandlerPtr h, std::vector<PredicatePtr> preds,
                                                      std::shared_ptr<Queue> queue) {
    auto state = std::make_shared<const State>(State{std::move(h), std::move(preds), std::move(queue)});
    cache::ResourceEventHandlerFuncs f;
    f.on_add = [state](const EventObject& obj, bool initial) {
      if (!obj) return;
      CreateEvent e{obj, initial};
      for (const auto& p : state->predicates) {
        if (!p->Create(e)) return;
      }
      state->handler->Create(e, *state->queue);
    };
    f.on_update = [state](const EventObject& old_obj, const EventObject& new_obj) {
      if (!old_obj || !new_obj) return;
      UpdateEvent e{old_obj, new_obj};
      for (const auto& p : state->predicates) {
        if (!p->Update(e)) return;
      }
      state->handler->Update(e, *state->queue);
    };
    f.on_delete = [state](const EventObject& obj) {
      if (!obj) return;
      DeleteEvent e{obj, false};
      if (const auto* t = cache::AsTombstone(*obj)) {
        if (!t->obj) return;
        e.object = t->obj;
        e.delete_state_unknown = true;
      }
      for (const auto& p : state->predicates) {
        if (!p->Delete(e)) return;
      }
      state->handler->Delete(e, *state->queue);
    };
    return f;
  }

 private:
  struct State {
    EventHandlerPtr handler;
    std::vector<PredicatePtr> predicates;
    std::shared_ptr<Queue> queue;
  };

  // TryPending: the getter called for the queues started but not yet registered; on success each
  // gets its handler, on failure the error is logged as kind.go logs it and they stay pending.
  // Throws what AddEventHandler throws (an informer stopped already).
  void TryPending() {
    {
      std::lock_guard lock(mu_);
      if (pending_.empty()) return;
    }
    cache::SharedIndexInformer* informer = nullptr;
    try {
      informer = &get_informer_();
    } catch (const meta::NoKindMatchError& e) {
      options_.log_sink->Error(e.what(), "if kind is a CRD, it should be installed before calling Start",
                               {{"kind", e.group_kind.String()}});
      return;
    } catch (const runtime::NotRegisteredError& e) {
      options_.log_sink->Error(e.what(), "kind must be registered to the Scheme", {});
      return;
    } catch (const std::exception& e) {
      options_.log_sink->Error(e.what(), "failed to get informer from cache", {});
      return;
    }
    std::lock_guard lock(mu_);
    for (auto& queue : pending_) {
      auto reg = informer->AddEventHandler(MakeHandler(handler_, predicates_, std::move(queue)));
      registrations_.emplace_back(informer, std::move(reg));
    }
    pending_.clear();
  }

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
  explicit ChannelSource(EventHandlerPtr handler, std::vector<PredicatePtr> predicates = {})
      : handler_(std::move(handler)), predicates_(std::move(predicates)) {}

  void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override {
    (void)stop;
    if (!handler_) throw Error("must specify Channel.Handler");
    std::vector<GenericEvent> pending;
    {
      std::lock_guard lock(mu_);
      queues_.push_back(queue);
      if (!started_) pending.swap(pending_);
      started_ = true;
    }
    for (const auto& e : pending) Deliver(e, *queue);
  }
  void Stop() override {
    std::lock_guard lock(mu_);
    queues_.clear();
  }

  // Push: deliver `e` to every started queue (through the predicates and the handler), on this
  // thread; kept until the first Start when there is none yet; dropped after Close.
  void Push(GenericEvent e) {
    std::vector<std::shared_ptr<Queue>> queues;
    {
      std::lock_guard lock(mu_);
      if (closed_) return;
      if (!started_) {
        pending_.push_back(std::move(e));
        return;
      }
      queues = queues_;
    }
    for (const auto& q : queues) Deliver(e, *q);
  }
  // Close: drop every later Push (closing the Go channel).
  void Close() {
    std::lock_guard lock(mu_);
    closed_ = true;
    pending_.clear();
  }

  std::string String() const override {
    return fmt::format("channel source: {}", static_cast<const void*>(this));
  }

 private:
  void Deliver(const GenericEvent& e, Queue& q) const {
    for (const auto& p : predicates_) {
      if (!p->Generic(e)) return;
    }
    handler_->Generic(e, q);
  }

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
  explicit FuncSource(std::function<void(std::stop_token, std::shared_ptr<Queue>)> fn) : fn_(std::move(fn)) {}
  void Start(std::stop_token stop, std::shared_ptr<Queue> queue) override {
    fn_(std::move(stop), std::move(queue));
  }
  std::string String() const override {
    return fmt::format("func source: {}", static_cast<const void*>(this));
  }

 private:
  std::function<void(std::stop_token, std::shared_ptr<Queue>)> fn_;
};

}  // namespace apimachinery::ctrl
