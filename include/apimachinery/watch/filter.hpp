// watch::Filter and watch::Recorder: watches derived from another
// (k8s.io/apimachinery/pkg/watch/filter.go: Filter, FilterFunc, Recorder).
//
// Example:
//   std::unique_ptr<watch::Interface> w = std::make_unique<watch::RaceFreeFakeWatcher>();
//   auto only_adds = watch::Filter(std::move(w), [](watch::Event ev) -> std::optional<watch::Event> {
//     if (ev.type != watch::EventType::kAdded) return std::nullopt;   // drop
//     return ev;                                                      // keep (maybe changed)
//   });
//
// Differences from upstream: Go's FilterFunc returns (Event, keep bool); here an optional Event
// (std::nullopt drops). Go runs a goroutine that forwards the incoming channel; here Next pulls
// from the incoming watch on the caller's thread (no thread, no extra buffer). The filter runs on
// the thread calling Next; an exception it throws propagates out of that Next.
//
// Thread-safety: as the incoming watch (Stop from any thread, forwarded to it). Recorder's Events
// may be called from any thread.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

// FilterFunc: returns the event to deliver (possibly changed) or std::nullopt to drop it.
using FilterFunc = std::function<std::optional<Event>(Event)>;

// FilteredWatch: the Interface returned by Filter.
class FilteredWatch final : public Interface {
 public:
  FilteredWatch(std::unique_ptr<Interface> incoming, FilterFunc f)
      : incoming_(std::move(incoming)), f_(std::move(f)) {}
  std::optional<Event> Next() override {
    while (std::optional<Event> ev = incoming_->Next()) {
      if (std::optional<Event> out = f_(std::move(*ev))) return out;
    }
    return std::nullopt;
  }
  void Stop() noexcept override { incoming_->Stop(); }

 private:
  std::unique_ptr<Interface> incoming_;
  FilterFunc f_;
};

// Filter: a watch delivering f(event) for every event of `w` that f keeps (filter.go: Filter).
inline std::unique_ptr<Interface> Filter(std::unique_ptr<Interface> w, FilterFunc f) {
  return std::make_unique<FilteredWatch>(std::move(w), std::move(f));
}

// Recorder: a watch that passes every event through and remembers it (filter.go: Recorder).
class Recorder final : public Interface {
 public:
  explicit Recorder(std::unique_ptr<Interface> w) : incoming_(std::move(w)) {}
  std::optional<Event> Next() override {
    std::optional<Event> ev = incoming_->Next();
    if (ev) {
      std::lock_guard lock(mu_);
      events_.push_back(*ev);
    }
    return ev;
  }
  void Stop() noexcept override { incoming_->Stop(); }
  // Events: a copy of the events delivered so far, in order.
  std::vector<Event> Events() const {
    std::lock_guard lock(mu_);
    return events_;
  }

 private:
  std::unique_ptr<Interface> incoming_;
  mutable std::mutex mu_;
  std::vector<Event> events_;
};

}  // namespace apimachinery::watch
