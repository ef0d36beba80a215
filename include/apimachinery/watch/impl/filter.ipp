// Definitions of the non-template functions declared in <apimachinery/watch/filter.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/watch/filter.hpp"

namespace apimachinery::watch {

APIMACHINERY_DECL FilteredWatch::FilteredWatch(std::unique_ptr<Interface> incoming, FilterFunc f)
    : incoming_(std::move(incoming)), f_(std::move(f)) {}

APIMACHINERY_DECL std::optional<Event> FilteredWatch::Next() {
  while (std::optional<Event> ev = incoming_->Next()) {
    if (std::optional<Event> out = f_(std::move(*ev))) return out;
  }
  return std::nullopt;
}

APIMACHINERY_DECL void FilteredWatch::Stop() noexcept { incoming_->Stop(); }

APIMACHINERY_DECL std::unique_ptr<Interface> Filter(std::unique_ptr<Interface> w, FilterFunc f) {
  return std::make_unique<FilteredWatch>(std::move(w), std::move(f));
}

APIMACHINERY_DECL Recorder::Recorder(std::unique_ptr<Interface> w) : incoming_(std::move(w)) {}

APIMACHINERY_DECL std::optional<Event> Recorder::Next() {
  std::optional<Event> ev = incoming_->Next();
  if (ev) {
    std::lock_guard lock(mu_);
    events_.push_back(*ev);
  }
  return ev;
}

APIMACHINERY_DECL void Recorder::Stop() noexcept { incoming_->Stop(); }

APIMACHINERY_DECL std::vector<Event> Recorder::Events() const {
  std::lock_guard lock(mu_);
  return events_;
}

}  // namespace apimachinery::watch
