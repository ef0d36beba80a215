// watch::EventType, watch::Event and watch::Interface: the watch contract
// (k8s.io/apimachinery/pkg/watch/watch.go: EventType, Event, Interface, NewEmptyWatch).
//
// Example:
//   testing::FakeAPIServer server;   // or any source of pods
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<cache::ListerWatcher> lw = server.ListerWatcher({"", "v1", "pods"});
//   std::unique_ptr<watch::Interface> w = lw->Watch({.resource_version = "0"});
//   while (std::optional<watch::Event> ev = w->Next()) {   // blocks; nullopt once the watch ended
//     if (ev->type == watch::EventType::kError) break;     // ev->object is a metav1::Status
//   }
//   w->Stop();                                               // from any thread, any number of times
//
// Differences from upstream: Go's `ResultChan() <-chan Event` becomes a blocking pull, `Next()`,
// which returns std::nullopt where Go's channel is closed; Go's `for ev := range w.ResultChan()`
// is the loop above. An Interface is owned (std::unique_ptr); destroying one stops it. Go's
// EventType is an open string type; here it is a closed enum, and ParseEventType rejects the
// names upstream's decoder rejects (k8s.io/client-go/rest/watch/decoder.go: Decoder.Decode),
// with its text.
//
// Thread-safety: Stop may be called from any thread at any time, concurrently with Next; every
// implementation in this package also lets several threads call Next (each event goes to one of
// them, as with several receivers on a Go channel).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/format.hpp"

namespace apimachinery::watch {

// EventType: what happened to the object of an Event (watch.go: Added, Modified, Deleted,
// Bookmark, Error).
enum class EventType : std::uint8_t { kAdded, kModified, kDeleted, kBookmark, kError };

// String: the wire name (ADDED, MODIFIED, DELETED, BOOKMARK, ERROR). Never throws.
constexpr std::string_view String(EventType t) noexcept {
  switch (t) {
    case EventType::kAdded:
      return "ADDED";
    case EventType::kModified:
      return "MODIFIED";
    case EventType::kDeleted:
      return "DELETED";
    case EventType::kBookmark:
      return "BOOKMARK";
    case EventType::kError:
      return "ERROR";
  }
  return "";
}

// InvalidEventTypeError: a wire event type that is none of the five names
// (`got invalid watch event type: FOO`, k8s.io/client-go/rest/watch/decoder.go: Decoder.Decode).
class InvalidEventTypeError : public Error {
 public:
  APIMACHINERY_DECL explicit InvalidEventTypeError(std::string_view type);
  // type: the rejected name as received.
  APIMACHINERY_DECL const std::string& type() const noexcept;

 private:
  std::string type_;
};

// ParseEventType: the EventType of a wire name (case-sensitive, as upstream). Throws
// InvalidEventTypeError for anything else (the empty name included). Cost: one comparison per name.
APIMACHINERY_DECL EventType ParseEventType(std::string_view name);

// Event: one change to one object (watch.go: Event). For kAdded/kModified the object's new
// state; kDeleted: its state just before deletion; kBookmark: an object of the watched type with
// only resourceVersion (and maybe the `k8s.io/initial-events-end` annotation) set; kError: a
// metav1::Status.
struct Event {
  EventType type = EventType::kAdded;
  std::shared_ptr<const runtime::Object> object{};
};

// Interface: a stream of Events (watch.go: Interface).
class Interface {
 public:
  virtual ~Interface() = default;
  // Next blocks until the next event and returns std::nullopt once the watch has ended (stopped,
  // or ended by its source); after the first std::nullopt every later call returns std::nullopt
  // at once.
  virtual std::optional<Event> Next() = 0;
  // Stop ends the watch and wakes every blocked Next (which then returns std::nullopt).
  // Idempotent; callable from any thread. Never throws.
  virtual void Stop() noexcept = 0;

 protected:
  Interface() = default;
  Interface(const Interface&) = default;
  Interface& operator=(const Interface&) = default;
  Interface(Interface&&) = default;
  Interface& operator=(Interface&&) = default;
};

// EmptyWatch: a watch that has already ended (watch.go: NewEmptyWatch). Next returns std::nullopt
// at once; Stop does nothing.
class EmptyWatch final : public Interface {
 public:
  APIMACHINERY_DECL std::optional<Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;
};

// NewEmptyWatch: an EmptyWatch (watch.go: NewEmptyWatch).
APIMACHINERY_DECL std::unique_ptr<Interface> NewEmptyWatch();

}  // namespace apimachinery::watch

APIMACHINERY_STRINGER(apimachinery::watch, EventType);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/watch/impl/event.ipp"
#endif
