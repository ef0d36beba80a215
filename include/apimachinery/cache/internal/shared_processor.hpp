// cache::internal::ProcessorListener and SharedProcessor: how a SharedIndexInformer relays
// notifications to its handlers (k8s.io/client-go/tools/cache/shared_informer.go:
// processorListener, sharedProcessor, addNotification, updateNotification, deleteNotification;
// client-go/tools/cache/synctrack: SingleFileTracker). Not for users: name
// cache::SharedIndexInformer instead.
//
// A ProcessorListener owns one handler, one unbounded FIFO of notifications and one thread that
// calls the handler; Add never blocks, so a slow handler delays only itself. SharedProcessor holds
// the listeners, fans every notification out to them and decides which of them take part in a
// resync.
//
// Throws: nothing of its own; std::system_error when a thread cannot be started. An exception
// thrown by a handler callback is caught on the listener's thread, reported to the listener's
// error function (stderr when it has none), and the next notification is delivered.
// Thread-safety: every member function may be called from any thread, except Join (not from the
// listener's own thread). Cost: Add is one lock and a deque push; Distribute is a shared lock and
// one Add per listener.
// Differences from upstream:
// - One thread per listener instead of two goroutines (pop, run) and two channels: the buffer is a
//   std::deque under the listener's mutex, and the thread waits on a condition variable.
// - Close (RemoveEventHandler, the processor stopping) drops the notifications not yet started,
//   as upstream's pop does; the callback in flight finishes, and no callback starts after Close
//   returns (upstream may still start one notification already handed to run()).
// - A throwing handler skips that notification without upstream's one-second pause (upstream's
//   processorListener.run sleeps after a recovered panic; by default it re-panics and the process
//   ends). An initial-list add that throws still counts as delivered for HasSynced (upstream's
//   tracker would stay unsynced forever).
// - The "has synced" tracker asks the informer (a function) instead of waiting on its channel
//   in a third goroutine (watchSynced).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/clock.hpp"

namespace apimachinery::cache::internal {

using ObjectPtr = std::shared_ptr<const runtime::Object>;

// Handler: the three callbacks of one registration (empty ones are skipped).
struct ListenerHandler {
  std::function<void(const ObjectPtr&, bool)> on_add;
  std::function<void(const ObjectPtr&, const ObjectPtr&)> on_update;
  std::function<void(const ObjectPtr&)> on_delete;
};

// Notification: one add, update or delete for a listener.
struct Notification {
  enum class Kind : std::uint8_t { kAdd, kUpdate, kDelete };
  Kind kind = Kind::kAdd;
  bool is_in_initial_list = false;
  ObjectPtr old_obj;  // kUpdate: the old state; kDelete: the deleted object (or tombstone)
  ObjectPtr new_obj;  // kAdd, kUpdate: the new state

  APIMACHINERY_DECL static Notification Add(ObjectPtr obj, bool initial);
  APIMACHINERY_DECL static Notification Update(ObjectPtr old_obj, ObjectPtr new_obj);
  APIMACHINERY_DECL static Notification Delete(ObjectPtr obj);
};

// ErrorFunc receives what a handler callback threw.
using ErrorFunc = std::function<void(const std::exception_ptr&)>;

class ProcessorListener {
 public:
  using Duration = util::clock::Duration;
  using Time = util::clock::Time;

  // requested_resync_period: what the handler asked for (after the minimum); resync_period: the
  // period in use (0 when the informer does not resync). upstream_has_synced: the informer's
  // HasSynced.
  APIMACHINERY_DECL ProcessorListener(ListenerHandler handler, Duration requested_resync_period,
                                      Duration resync_period, Time now,
                                      std::function<bool()> upstream_has_synced, ErrorFunc on_error = {});
  ProcessorListener(const ProcessorListener&) = delete;
  ProcessorListener& operator=(const ProcessorListener&) = delete;
  APIMACHINERY_DECL ~ProcessorListener();

  // HasSynced: the informer has synced and every initial-list add queued here was delivered
  // (synctrack.SingleFileTracker.HasSynced).
  APIMACHINERY_DECL bool HasSynced() const;

  // Add queues a notification (never blocks). Ignored once closed.
  APIMACHINERY_DECL void Add(Notification n);

  // Start runs the delivery thread (once). No-op after Close.
  APIMACHINERY_DECL void Start();

  // Close stops delivery: queued notifications are dropped, the callback in flight (if any) ends
  // normally, no other callback starts. Idempotent.
  APIMACHINERY_DECL void Close();

  // WaitFinished blocks until the delivery thread has ended (or was never started) after Close
  // (upstream: ShutdownChan). Must not be called from this listener's own callbacks.
  APIMACHINERY_DECL void WaitFinished();

  // Join waits for the thread to end (after Close). Not from the listener's own thread.
  APIMACHINERY_DECL void Join();

  APIMACHINERY_DECL bool ShouldResync(Time now);
  APIMACHINERY_DECL void DetermineNextResync(Time now);
  APIMACHINERY_DECL void SetResyncPeriod(Duration d);
  APIMACHINERY_DECL Duration ResyncPeriod() const;
  APIMACHINERY_DECL Duration RequestedResyncPeriod() const noexcept;
  // Pending: notifications queued and not yet started (for tests and metrics).
  APIMACHINERY_DECL std::size_t Pending() const;

 private:
  APIMACHINERY_DECL void RunLoop();

  APIMACHINERY_DECL void Deliver(const Notification& n) noexcept;

  APIMACHINERY_DECL void Report(const std::exception_ptr& e) noexcept;

  ListenerHandler handler_;
  std::function<bool()> upstream_has_synced_;
  ErrorFunc on_error_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Notification> queue_;
  bool closed_ = false;
  bool started_ = false;
  bool finished_ = false;
  std::thread thread_;
  std::atomic<std::int64_t> initial_pending_{0};

  const Duration requested_resync_period_;
  mutable std::mutex resync_mu_;
  Duration resync_period_;
  Time next_resync_{};
};

// SharedProcessor: the listeners of one informer (shared_informer.go: sharedProcessor).
class SharedProcessor {
 public:
  APIMACHINERY_DECL explicit SharedProcessor(std::shared_ptr<util::clock::Clock> clock);
  SharedProcessor(const SharedProcessor&) = delete;
  SharedProcessor& operator=(const SharedProcessor&) = delete;
  APIMACHINERY_DECL ~SharedProcessor();

  APIMACHINERY_DECL const std::shared_ptr<util::clock::Clock>& Clock() const noexcept;

  // AddListener registers a listener (syncing, as upstream) and starts it when the processor
  // runs. Returns whether the processor is running.
  APIMACHINERY_DECL bool AddListener(const std::shared_ptr<ProcessorListener>& l);

  // RemoveListener closes and unregisters `l`; false when it is not registered (no-op).
  APIMACHINERY_DECL bool RemoveListener(const ProcessorListener* l);

  // IsRegistered: `l` is one of the current listeners.
  APIMACHINERY_DECL bool IsRegistered(const ProcessorListener* l) const;
  APIMACHINERY_DECL std::size_t ListenerCount() const;

  // Distribute hands `n` to every listener, or for a sync notification to the listeners whose
  // resync is due (as chosen by the last ShouldResync).
  APIMACHINERY_DECL void Distribute(const Notification& n, bool sync);

  // Run starts every listener's thread; later listeners start as they are added.
  APIMACHINERY_DECL void Run();

  // Stop closes every listener, forgets them (a stopped processor cannot be reused, as
  // upstream) and waits for their threads. Not from a listener's thread.
  APIMACHINERY_DECL void Stop();

  // ShouldResync marks the listeners whose resync is due as syncing (and schedules their next
  // one); true when any is (shared_informer.go: sharedProcessor.shouldResync).
  APIMACHINERY_DECL bool ShouldResync();

  // ResyncCheckPeriodChanged recomputes every listener's period against a new check period.
  template <typename Determine>
  void ResyncCheckPeriodChanged(Determine&& determine) {
    std::shared_lock lock(mu_);
    for (const Entry& e : listeners_)
      e.listener->SetResyncPeriod(determine(e.listener->RequestedResyncPeriod()));
  }

 private:
  struct Entry {
    std::shared_ptr<ProcessorListener> listener;
    bool syncing = true;  // written by ShouldResync under the exclusive lock
  };

  std::shared_ptr<util::clock::Clock> clock_;
  mutable std::shared_mutex mu_;
  std::vector<Entry> listeners_;
  std::vector<std::shared_ptr<ProcessorListener>> retired_;
  bool started_ = false;
};

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/shared_processor.ipp"
#endif
