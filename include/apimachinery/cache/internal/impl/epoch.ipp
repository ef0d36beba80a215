// Definitions of the non-template functions declared in <apimachinery/cache/internal/epoch.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/epoch.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL void Epoch::Pin() noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }

APIMACHINERY_DECL void Epoch::Unpin(Epoch* e) noexcept {
  while (e != nullptr && e->refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    Epoch* next = e->next_;
    delete e;
    e = next;
  }
}

APIMACHINERY_DECL EpochReclaimer::EpochReclaimer() : current_(new Epoch) {}

APIMACHINERY_DECL EpochReclaimer::~EpochReclaimer() { Epoch::Unpin(current_); }

APIMACHINERY_DECL Epoch* EpochReclaimer::PinCurrent() const noexcept {
  current_->read_.store(true, std::memory_order_relaxed);
  current_->Pin();
  return current_;
}

APIMACHINERY_DECL auto EpochReclaimer::Retire(std::shared_ptr<const void> old) -> Released {
  Released released;
  if (current_->refs_.load(std::memory_order_acquire) == 1) {
    // Only the reclaimer holds the epoch: no list can reach anything it retired.
    if (!current_->retired_.empty()) released.earlier.swap(current_->retired_);
    current_->read_.store(false, std::memory_order_relaxed);
    released.object = std::move(old);
    return released;
  }
  if (!old) return released;
  current_->retired_.push_back(std::move(old));
  if (current_->read_.load(std::memory_order_relaxed)) {
    // Later reads cannot see `old`: give them a fresh epoch so they do not pin it.
    auto* fresh = new Epoch;  // the reclaimer's reference
    fresh->Pin();             // the link from the current epoch
    Epoch* previous = current_;
    previous->next_ = fresh;
    current_ = fresh;
    Epoch::Unpin(previous);  // the reclaimer's reference to the previous epoch
  }
  return released;
}

}  // namespace apimachinery::cache::internal
