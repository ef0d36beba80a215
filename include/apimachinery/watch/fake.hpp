// watch::FakeWatcher and watch::RaceFreeFakeWatcher: watches that tests feed by hand
// (k8s.io/apimachinery/pkg/watch/watch.go: FakeWatcher, RaceFreeFakeWatcher, DefaultChanSize).
//
// Example:
//   auto pod = std::make_shared<const metav1::PartialObjectMetadata>();
//   auto w = std::make_unique<watch::RaceFreeFakeWatcher>();
//   w->Add(pod);                      // queued (at most kDefaultChanSize events are buffered)
//   w->Stop();                        // later Adds are ignored; queued events are still delivered
//   cache::ListWatch lw;
//   lw.watch_func = [&](const metav1::ListOptions&) { return std::move(w); };   // to the code under test
//
// Semantics are upstream's channel semantics:
// - FakeWatcher(n) is Go's `make(chan Event, n)` (NewFakeWithOptions{ChannelSize: n}); n = 0, the
//   default, is an unbuffered channel: Add blocks until a Next has taken the event. A send on a
//   stopped FakeWatcher, or one blocked when Stop is called, throws ClosedChannelError (Go
//   panics: "send on closed channel").
// - RaceFreeFakeWatcher never blocks: it buffers kDefaultChanSize (100) events and throws
//   ChannelFullError ("channel full", Go panics) when the buffer is full; a send after Stop is
//   ignored.
// - Stop closes the channel: Next still returns the events buffered before it, then std::nullopt
//   (a closed Go channel drains first). Reset reopens a stopped watcher with an empty channel (for
//   FakeWatcher an unbuffered one, as upstream's Reset makes `make(chan Event)`).
//
// Cost: one mutex and condition variable; an event is moved, never copied.
// Thread-safety: every member function may be called from any thread. Destroying the watcher
// stops it and waits until the calls blocked in Next or Add (which then return or throw) have left.
// Differences from upstream: panics are exceptions; no logger.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "apimachinery/error.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

// kDefaultChanSize: the buffer of RaceFreeFakeWatcher (watch.go: DefaultChanSize).
inline constexpr std::size_t kDefaultChanSize = 100;

// ClosedChannelError: a FakeWatcher send after (or interrupted by) Stop; Go panics with
// "send on closed channel".
class ClosedChannelError : public Error {
 public:
  ClosedChannelError() : Error("send on closed channel") {}
};

// ChannelFullError: a RaceFreeFakeWatcher send with kDefaultChanSize events already buffered; Go
// panics with fmt.Errorf("channel full").
class ChannelFullError : public Error {
 public:
  ChannelFullError() : Error("channel full") {}
};

namespace internal {

// EventChannel: Go's `chan Event` with a capacity (0: unbuffered), close and drain semantics.
class EventChannel {
 public:
  explicit EventChannel(std::size_t capacity) : capacity_(capacity) {}
  EventChannel(const EventChannel&) = delete;
  EventChannel& operator=(const EventChannel&) = delete;
  ~EventChannel() {
    std::unique_lock lock(mu_);
    closed_ = true;
    cv_.notify_all();
    cv_.wait(lock, [&] { return users_ == 0; });
  }

  // Send blocks while the buffer is full (capacity 0: until a receiver took the event).
  // Throws ClosedChannelError when the channel is or gets closed before the event is taken.
  void Send(Event ev) {
    std::unique_lock lock(mu_);
    User user(*this);
    if (capacity_ == 0) {
      cv_.wait(lock, [&] { return closed_ || queue_.empty(); });
      if (closed_) throw ClosedChannelError();
      queue_.push_back(std::move(ev));
      const std::uint64_t ticket = ++sent_;
      cv_.notify_all();
      cv_.wait(lock, [&] { return closed_ || received_ >= ticket; });
      if (received_ < ticket) {
        queue_.pop_back();  // never taken: a Go sender blocked on a closed channel panics
        throw ClosedChannelError();
      }
      return;
    }
    cv_.wait(lock, [&] { return closed_ || queue_.size() < capacity_; });
    if (closed_) throw ClosedChannelError();
    queue_.push_back(std::move(ev));
    ++sent_;
    cv_.notify_all();
  }

  // TrySend: Go's `select { case ch <- ev: default: }` on a buffered channel. Returns false when
  // the buffer is full; drops the event (and returns true) on a closed channel.
  bool TrySend(Event ev) {
    std::lock_guard lock(mu_);
    if (closed_) return true;
    if (queue_.size() >= capacity_) return false;
    queue_.push_back(std::move(ev));
    ++sent_;
    cv_.notify_all();
    return true;
  }

  std::optional<Event> Receive() {
    std::unique_lock lock(mu_);
    User user(*this);
    cv_.wait(lock, [&] { return closed_ || !queue_.empty(); });
    if (queue_.empty()) return std::nullopt;
    Event ev = std::move(queue_.front());
    queue_.pop_front();
    ++received_;
    cv_.notify_all();
    return ev;
  }

  // Close: idempotent; wakes every waiter. Returns whether this call closed it.
  bool Close() noexcept {
    std::lock_guard lock(mu_);
    if (closed_) return false;
    closed_ = true;
    cv_.notify_all();
    return true;
  }

  bool Closed() const {
    std::lock_guard lock(mu_);
    return closed_;
  }

  // Reopen: a new, empty, open channel of `capacity` (upstream's Reset makes a new channel).
  void Reopen(std::size_t capacity) {
    std::lock_guard lock(mu_);
    queue_.clear();
    capacity_ = capacity;
    closed_ = false;
    received_ = sent_;
    cv_.notify_all();
  }

 private:
  // User counts the threads inside Send/Receive, so the destructor can wait for them.
  struct User {
    explicit User(EventChannel& c) : ch(c) { ++ch.users_; }
    ~User() {
      if (--ch.users_ == 0) ch.cv_.notify_all();
    }
    User(const User&) = delete;
    User& operator=(const User&) = delete;
    EventChannel& ch;
  };

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Event> queue_;
  std::size_t capacity_;
  bool closed_ = false;
  std::uint64_t sent_ = 0;
  std::uint64_t received_ = 0;
  int users_ = 0;
};

}  // namespace internal

// FakeWatcher: a watch fed by Add/Modify/Delete/Error/Action (watch.go: FakeWatcher).
class FakeWatcher final : public Interface {
 public:
  // channel_size: Go's FakeOptions.ChannelSize (0: unbuffered, every send waits for a Next).
  explicit FakeWatcher(std::size_t channel_size = 0) : ch_(channel_size) {}

  std::optional<Event> Next() override { return ch_.Receive(); }
  void Stop() noexcept override { ch_.Close(); }
  bool IsStopped() const { return ch_.Closed(); }
  // Reset reopens the watcher with a new, unbuffered channel (watch.go: FakeWatcher.Reset).
  void Reset() { ch_.Reopen(0); }

  // The senders block as a Go channel send does; each throws ClosedChannelError once stopped.
  void Add(std::shared_ptr<const runtime::Object> obj) { Action(EventType::kAdded, std::move(obj)); }
  void Modify(std::shared_ptr<const runtime::Object> obj) { Action(EventType::kModified, std::move(obj)); }
  void Delete(std::shared_ptr<const runtime::Object> last_value) {
    Action(EventType::kDeleted, std::move(last_value));
  }
  void Error(std::shared_ptr<const runtime::Object> err_value) {
    Action(EventType::kError, std::move(err_value));
  }
  void Action(EventType type, std::shared_ptr<const runtime::Object> obj) {
    ch_.Send(Event{type, std::move(obj)});
  }

 private:
  internal::EventChannel ch_;
};

// RaceFreeFakeWatcher: a non-blocking FakeWatcher with a kDefaultChanSize buffer
// (watch.go: RaceFreeFakeWatcher).
class RaceFreeFakeWatcher final : public Interface {
 public:
  RaceFreeFakeWatcher() : ch_(kDefaultChanSize) {}

  std::optional<Event> Next() override { return ch_.Receive(); }
  void Stop() noexcept override { ch_.Close(); }
  bool IsStopped() const { return ch_.Closed(); }
  // Reset reopens the watcher with a new, empty kDefaultChanSize buffer.
  void Reset() { ch_.Reopen(kDefaultChanSize); }

  // The senders never block: ignored once stopped; ChannelFullError when the buffer is full.
  void Add(std::shared_ptr<const runtime::Object> obj) { Action(EventType::kAdded, std::move(obj)); }
  void Modify(std::shared_ptr<const runtime::Object> obj) { Action(EventType::kModified, std::move(obj)); }
  void Delete(std::shared_ptr<const runtime::Object> last_value) {
    Action(EventType::kDeleted, std::move(last_value));
  }
  void Error(std::shared_ptr<const runtime::Object> err_value) {
    Action(EventType::kError, std::move(err_value));
  }
  void Action(EventType type, std::shared_ptr<const runtime::Object> obj) {
    if (!ch_.TrySend(Event{type, std::move(obj)})) throw ChannelFullError();
  }

 private:
  internal::EventChannel ch_;
};

}  // namespace apimachinery::watch
