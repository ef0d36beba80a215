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

  static Notification Add(ObjectPtr obj, bool initial) {
    return Notification{Kind::kAdd, initial, nullptr, std::move(obj)};
  }
  static Notification Update(ObjectPtr old_obj, ObjectPtr new_obj) {
    return Notification{Kind::kUpdate, false, std::move(old_obj), std::move(new_obj)};
  }
  static Notification Delete(ObjectPtr obj) {
    return Notification{Kind::kDelete, false, std::move(obj), nullptr};
  }
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
  ProcessorListener(ListenerHandler handler, Duration requested_resync_period, Duration resync_period,
                    Time now, std::function<bool()> upstream_has_synced, ErrorFunc on_error = {})
      : handler_(std::move(handler)),
        upstream_has_synced_(std::move(upstream_has_synced)),
        on_error_(std::move(on_error)),
        requested_resync_period_(requested_resync_period),
        resync_period_(resync_period) {
    DetermineNextResync(now);
  }
  ProcessorListener(const ProcessorListener&) = delete;
  ProcessorListener& operator=(const ProcessorListener&) = delete;
  ~ProcessorListener() {
    Close();
    if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
    if (thread_.joinable()) thread_.detach();  // destroyed by its own thread's last reference
  }

  // HasSynced: the informer has synced and every initial-list add queued here was delivered
  // (synctrack.SingleFileTracker.HasSynced).
  bool HasSynced() const {
    return upstream_has_synced_ && upstream_has_synced_() &&
           initial_pending_.load(std::memory_order_acquire) == 0;
  }

  // Add queues a notification (never blocks). Ignored once closed.
  void Add(Notification n) {
    std::unique_lock lock(mu_);
    if (closed_) return;
    if (n.kind == Notification::Kind::kAdd && n.is_in_initial_list) {
      initial_pending_.fetch_add(1, std::memory_order_acq_rel);
    }
    // The loop waits only for an empty queue: wake it for the first notification, after
    // unlocking, so it does not block on the mutex at once. notify_all: WaitFinished waits on
    // the same condition variable.
    const bool was_empty = queue_.empty();
    queue_.push_back(std::move(n));
    lock.unlock();
    if (was_empty) cv_.notify_all();
  }

  // Start runs the delivery thread (once). No-op after Close.
  void Start() {
    std::lock_guard lock(mu_);
    if (closed_ || started_) return;
    started_ = true;
    thread_ = std::thread([this] { RunLoop(); });
  }

  // Close stops delivery: queued notifications are dropped, the callback in flight (if any) ends
  // normally, no other callback starts. Idempotent.
  void Close() {
    std::lock_guard lock(mu_);
    if (closed_) return;
    closed_ = true;
    if (!started_) finished_ = true;
    cv_.notify_all();
  }

  // WaitFinished blocks until the delivery thread has ended (or was never started) after Close
  // (upstream: ShutdownChan). Must not be called from this listener's own callbacks.
  void WaitFinished() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return finished_; });
  }

  // Join waits for the thread to end (after Close). Not from the listener's own thread.
  void Join() {
    WaitFinished();
    std::thread t;
    {
      std::lock_guard lock(mu_);
      t = std::move(thread_);
    }
    if (t.joinable()) {
      if (t.get_id() == std::this_thread::get_id()) {
        t.detach();
      } else {
        t.join();
      }
    }
  }

  bool ShouldResync(Time now) {
    std::lock_guard lock(resync_mu_);
    if (resync_period_ == Duration::zero()) return false;
    return now >= next_resync_;
  }
  void DetermineNextResync(Time now) {
    std::lock_guard lock(resync_mu_);
    next_resync_ = now + resync_period_;
  }
  void SetResyncPeriod(Duration d) {
    std::lock_guard lock(resync_mu_);
    resync_period_ = d;
  }
  Duration ResyncPeriod() const {
    std::lock_guard lock(resync_mu_);
    return resync_period_;
  }
  Duration RequestedResyncPeriod() const noexcept { return requested_resync_period_; }
  // Pending: notifications queued and not yet started (for tests and metrics).
  std::size_t Pending() const {
    std::lock_guard lock(mu_);
    return queue_.size();
  }

 private:
  void RunLoop() {
    std::unique_lock lock(mu_);
    for (;;) {
      cv_.wait(lock, [&] { return closed_ || !queue_.empty(); });
      if (closed_) break;
      Notification n = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Deliver(n);
      n = Notification{};  // release the objects before waiting again
      lock.lock();
    }
    std::deque<Notification> dropped;
    dropped.swap(queue_);
    finished_ = true;
    cv_.notify_all();
    lock.unlock();
  }

  void Deliver(const Notification& n) noexcept {
    try {
      switch (n.kind) {
        case Notification::Kind::kAdd:
          if (handler_.on_add) handler_.on_add(n.new_obj, n.is_in_initial_list);
          break;
        case Notification::Kind::kUpdate:
          if (handler_.on_update) handler_.on_update(n.old_obj, n.new_obj);
          break;
        case Notification::Kind::kDelete:
          if (handler_.on_delete) handler_.on_delete(n.old_obj);
          break;
      }
    } catch (...) {
      Report(std::current_exception());
    }
    if (n.kind == Notification::Kind::kAdd && n.is_in_initial_list) {
      initial_pending_.fetch_sub(1, std::memory_order_acq_rel);
    }
  }

  void Report(const std::exception_ptr& e) noexcept {
    try {
      if (on_error_) {
        on_error_(e);
        return;
      }
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      fmt::print(stderr, "cache: event handler threw: {}\n", ex.what());
    } catch (...) {
      fmt::print(stderr, "cache: event handler threw a non-standard exception\n");
    }
  }

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
  explicit SharedProcessor(std::shared_ptr<util::clock::Clock> clock) : clock_(std::move(clock)) {}
  SharedProcessor(const SharedProcessor&) = delete;
  SharedProcessor& operator=(const SharedProcessor&) = delete;
  ~SharedProcessor() { Stop(); }

  const std::shared_ptr<util::clock::Clock>& Clock() const noexcept { return clock_; }

  // AddListener registers a listener (syncing, as upstream) and starts it when the processor
  // runs. Returns whether the processor is running.
  bool AddListener(const std::shared_ptr<ProcessorListener>& l) {
    std::unique_lock lock(mu_);
    listeners_.push_back(Entry{l, true});
    if (started_) l->Start();
    return started_;
  }

  // RemoveListener closes and unregisters `l`; false when it is not registered (no-op).
  bool RemoveListener(const ProcessorListener* l) {
    std::shared_ptr<ProcessorListener> removed;
    {
      std::unique_lock lock(mu_);
      auto it = std::find_if(listeners_.begin(), listeners_.end(),
                             [&](const Entry& e) { return e.listener.get() == l; });
      if (it == listeners_.end()) return false;
      removed = std::move(it->listener);
      listeners_.erase(it);
      if (started_) retired_.push_back(removed);
    }
    removed->Close();
    return true;
  }

  // IsRegistered: `l` is one of the current listeners.
  bool IsRegistered(const ProcessorListener* l) const {
    std::shared_lock lock(mu_);
    return std::any_of(listeners_.begin(), listeners_.end(),
                       [&](const Entry& e) { return e.listener.get() == l; });
  }
  std::size_t ListenerCount() const {
    std::shared_lock lock(mu_);
    return listeners_.size();
  }

  // Distribute hands `n` to every listener, or for a sync notification to the listeners whose
  // resync is due (as chosen by the last ShouldResync).
  void Distribute(const Notification& n, bool sync) {
    std::shared_lock lock(mu_);
    for (const Entry& e : listeners_) {
      if (!sync || e.syncing) e.listener->Add(n);
    }
  }

  // Run starts every listener's thread; later listeners start as they are added.
  void Run() {
    std::unique_lock lock(mu_);
    started_ = true;
    for (const Entry& e : listeners_) e.listener->Start();
  }

  // Stop closes every listener, forgets them (a stopped processor cannot be reused, as
  // upstream) and waits for their threads. Not from a listener's thread.
  void Stop() {
    std::vector<std::shared_ptr<ProcessorListener>> all;
    {
      std::unique_lock lock(mu_);
      for (Entry& e : listeners_) all.push_back(std::move(e.listener));
      listeners_.clear();
      for (auto& r : retired_) all.push_back(std::move(r));
      retired_.clear();
      started_ = false;
    }
    for (const auto& l : all) l->Close();
    for (const auto& l : all) l->Join();
  }

  // ShouldResync marks the listeners whose resync is due as syncing (and schedules their next
  // one); true when any is (shared_informer.go: sharedProcessor.shouldResync).
  bool ShouldResync() {
    std::unique_lock lock(mu_);
    bool needed = false;
    const auto now = clock_->Now();
    for (Entry& e : listeners_) {
      const bool due = e.listener->ShouldResync(now);
      e.syncing = due;
      if (due) {
        needed = true;
        e.listener->DetermineNextResync(now);
      }
    }
    return needed;
  }

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
