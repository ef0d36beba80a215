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

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

// kDefaultChanSize: the buffer of RaceFreeFakeWatcher (watch.go: DefaultChanSize).
inline constexpr std::size_t kDefaultChanSize = 100;

// ClosedChannelError: a FakeWatcher send after (or interrupted by) Stop; Go panics with
// "send on closed channel".
class ClosedChannelError : public Error {
 public:
  APIMACHINERY_DECL ClosedChannelError();
};

// ChannelFullError: a RaceFreeFakeWatcher send with kDefaultChanSize events already buffered; Go
// panics with fmt.Errorf("channel full").
class ChannelFullError : public Error {
 public:
  APIMACHINERY_DECL ChannelFullError();
};

namespace internal {

// EventChannel: Go's `chan Event` with a capacity (0: unbuffered), close and drain semantics.
class EventChannel {
 public:
  APIMACHINERY_DECL explicit EventChannel(std::size_t capacity);
  EventChannel(const EventChannel&) = delete;
  EventChannel& operator=(const EventChannel&) = delete;
  APIMACHINERY_DECL ~EventChannel();

  // Send blocks while the buffer is full (capacity 0: until a receiver took the event).
  // Throws ClosedChannelError when the channel is or gets closed before the event is taken.
  APIMACHINERY_DECL void Send(Event ev);

  // TrySend: Go's `select { case ch <- ev: default: }` on a buffered channel. Returns false when
  // the buffer is full; drops the event (and returns true) on a closed channel.
  APIMACHINERY_DECL bool TrySend(Event ev);

  APIMACHINERY_DECL std::optional<Event> Receive();

  // Close: idempotent; wakes every waiter. Returns whether this call closed it.
  APIMACHINERY_DECL bool Close() noexcept;

  APIMACHINERY_DECL bool Closed() const;

  // Reopen: a new, empty, open channel of `capacity` (upstream's Reset makes a new channel).
  APIMACHINERY_DECL void Reopen(std::size_t capacity);

 private:
  // User counts the threads inside Send/Receive, so the destructor can wait for them.
  struct User {
    APIMACHINERY_DECL explicit User(EventChannel& c);
    APIMACHINERY_DECL ~User();
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
  APIMACHINERY_DECL explicit FakeWatcher(std::size_t channel_size = 0);

  APIMACHINERY_DECL std::optional<Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;
  APIMACHINERY_DECL bool IsStopped() const;
  // Reset reopens the watcher with a new, unbuffered channel (watch.go: FakeWatcher.Reset).
  APIMACHINERY_DECL void Reset();

  // The senders block as a Go channel send does; each throws ClosedChannelError once stopped.
  APIMACHINERY_DECL void Add(std::shared_ptr<const runtime::Object> obj);
  APIMACHINERY_DECL void Modify(std::shared_ptr<const runtime::Object> obj);
  APIMACHINERY_DECL void Delete(std::shared_ptr<const runtime::Object> last_value);
  APIMACHINERY_DECL void Error(std::shared_ptr<const runtime::Object> err_value);
  APIMACHINERY_DECL void Action(EventType type, std::shared_ptr<const runtime::Object> obj);

 private:
  internal::EventChannel ch_;
};

// RaceFreeFakeWatcher: a non-blocking FakeWatcher with a kDefaultChanSize buffer
// (watch.go: RaceFreeFakeWatcher).
class RaceFreeFakeWatcher final : public Interface {
 public:
  APIMACHINERY_DECL RaceFreeFakeWatcher();

  APIMACHINERY_DECL std::optional<Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;
  APIMACHINERY_DECL bool IsStopped() const;
  // Reset reopens the watcher with a new, empty kDefaultChanSize buffer.
  APIMACHINERY_DECL void Reset();

  // The senders never block: ignored once stopped; ChannelFullError when the buffer is full.
  APIMACHINERY_DECL void Add(std::shared_ptr<const runtime::Object> obj);
  APIMACHINERY_DECL void Modify(std::shared_ptr<const runtime::Object> obj);
  APIMACHINERY_DECL void Delete(std::shared_ptr<const runtime::Object> last_value);
  APIMACHINERY_DECL void Error(std::shared_ptr<const runtime::Object> err_value);
  APIMACHINERY_DECL void Action(EventType type, std::shared_ptr<const runtime::Object> obj);

 private:
  internal::EventChannel ch_;
};

}  // namespace apimachinery::watch

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/watch/impl/fake.ipp"
#endif
