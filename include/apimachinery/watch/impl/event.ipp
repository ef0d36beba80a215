// Definitions of the non-template functions declared in <apimachinery/watch/event.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

APIMACHINERY_DECL InvalidEventTypeError::InvalidEventTypeError(std::string_view type)
    : Error("got invalid watch event type: " + std::string(type)), type_(type) {}

APIMACHINERY_DECL const std::string& InvalidEventTypeError::type() const noexcept { return type_; }

APIMACHINERY_DECL EventType ParseEventType(std::string_view name) {
  for (EventType t : {EventType::kAdded, EventType::kModified, EventType::kDeleted, EventType::kBookmark,
                      EventType::kError}) {
    if (String(t) == name) return t;
  }
  throw InvalidEventTypeError(name);
}

APIMACHINERY_DECL std::optional<Event> EmptyWatch::Next() { return std::nullopt; }

APIMACHINERY_DECL void EmptyWatch::Stop() noexcept {}

APIMACHINERY_DECL std::unique_ptr<Interface> NewEmptyWatch() { return std::make_unique<EmptyWatch>(); }

}  // namespace apimachinery::watch
