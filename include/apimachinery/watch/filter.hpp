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

#include "apimachinery/config.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

// FilterFunc: returns the event to deliver (possibly changed) or std::nullopt to drop it.
using FilterFunc = std::function<std::optional<Event>(Event)>;

// FilteredWatch: the Interface returned by Filter.
class FilteredWatch final : public Interface {
 public:
  APIMACHINERY_DECL FilteredWatch(std::unique_ptr<Interface> incoming, FilterFunc f);
  APIMACHINERY_DECL std::optional<Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;

 private:
  std::unique_ptr<Interface> incoming_;
  FilterFunc f_;
};

// Filter: a watch delivering f(event) for every event of `w` that f keeps (filter.go: Filter).
APIMACHINERY_DECL std::unique_ptr<Interface> Filter(std::unique_ptr<Interface> w, FilterFunc f);

// Recorder: a watch that passes every event through and remembers it (filter.go: Recorder).
class Recorder final : public Interface {
 public:
  APIMACHINERY_DECL explicit Recorder(std::unique_ptr<Interface> w);
  APIMACHINERY_DECL std::optional<Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;
  // Events: a copy of the events delivered so far, in order.
  APIMACHINERY_DECL std::vector<Event> Events() const;

 private:
  std::unique_ptr<Interface> incoming_;
  mutable std::mutex mu_;
  std::vector<Event> events_;
};

}  // namespace apimachinery::watch

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/watch/impl/filter.ipp"
#endif
