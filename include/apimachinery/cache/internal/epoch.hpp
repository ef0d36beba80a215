// cache/internal/epoch.hpp: deferred reclamation of the objects a store replaces or deletes,
// so that the lists it hands out can hold plain pointers (no reference count per object).
//
// Go returns []interface{} from a store read: pointers, kept alive by the garbage collector.
// Copying a std::shared_ptr per result instead costs an atomic increment and decrement on each
// object's control block, usually a cache miss apiece; for 50 or 1,000 results that dominates the
// read. Here a read pins one Epoch instead:
//
// - The reclaimer holds the current Epoch. A read (under the store's shared lock) pins it.
// - A write (under the store's exclusive lock) that removes an object Retires it. If nothing pins
//   the current epoch, no list can reach the object and it is released at once, with anything the
//   epoch still held. Otherwise the object joins the epoch's retired list, and if a read pinned
//   this epoch directly a fresh epoch becomes current, linked from the old one: a list pinning an
//   older epoch keeps every later epoch (and so everything retired after it read) alive.
// - Unpinning the last reference to an epoch destroys it and its retired objects, then unpins the
//   next epoch (iteratively: chains can be long while a list is held across many writes).
//
// Thread-safety: Pin and Retire must be called with the owner's lock held (shared for Pin,
// exclusive for Retire and ~EpochReclaimer); Unpin may be called from any thread at any time.
// Memory: nothing per stored object; an Epoch per write only while lists are held across writes.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"

namespace apimachinery::cache::internal {

class Epoch {
 public:
  Epoch() = default;
  Epoch(const Epoch&) = delete;
  Epoch& operator=(const Epoch&) = delete;
  ~Epoch() = default;

  // Adds a reference (a list, the reclaimer, or the link from the previous epoch).
  APIMACHINERY_DECL void Pin() noexcept;

  // Drops a reference; the last one destroys the epoch, its retired objects, and unpins the next.
  APIMACHINERY_DECL static void Unpin(Epoch* e) noexcept;

 private:
  friend class EpochReclaimer;

  std::atomic<std::uint32_t> refs_{1};
  // Set by a read that pinned this epoch while it was current (written under the shared lock,
  // read under the exclusive lock: the lock orders them).
  std::atomic<bool> read_{false};
  Epoch* next_ = nullptr;                             // pinned by this epoch
  std::vector<std::shared_ptr<const void>> retired_;  // objects removed while this epoch was current
};

class EpochReclaimer {
 public:
  APIMACHINERY_DECL EpochReclaimer();
  EpochReclaimer(const EpochReclaimer&) = delete;
  EpochReclaimer& operator=(const EpochReclaimer&) = delete;
  APIMACHINERY_DECL ~EpochReclaimer();

  // Read side (shared lock held): pins and returns the current epoch; the caller Unpins it.
  APIMACHINERY_DECL Epoch* PinCurrent() const noexcept;

  // What a write releases once it has dropped its lock.
  struct Released {
    std::shared_ptr<const void> object;
    std::vector<std::shared_ptr<const void>> earlier;  // retired before, now unreachable
  };

  // Write side (exclusive lock held): `old` leaves the store. Returns what can be released at
  // once; the caller destroys it after dropping the lock.
  // A null `old` (a write that removed nothing) still releases what has become unreachable.
  [[nodiscard]] APIMACHINERY_DECL Released Retire(std::shared_ptr<const void> old);

 private:
  Epoch* current_;
};

}  // namespace apimachinery::cache::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/internal/impl/epoch.ipp"
#endif
