// Definitions of the non-template functions declared in <apimachinery/watch/fake.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/watch/fake.hpp"

namespace apimachinery::watch {

APIMACHINERY_DECL ClosedChannelError::ClosedChannelError() : Error("send on closed channel") {}

APIMACHINERY_DECL ChannelFullError::ChannelFullError() : Error("channel full") {}

}  // namespace apimachinery::watch

namespace apimachinery::watch::internal {

APIMACHINERY_DECL EventChannel::EventChannel(std::size_t capacity) : capacity_(capacity) {}

APIMACHINERY_DECL EventChannel::~EventChannel() {
  std::unique_lock lock(mu_);
  closed_ = true;
  cv_.notify_all();
  cv_.wait(lock, [&] { return users_ == 0; });
}

APIMACHINERY_DECL void EventChannel::Send(Event ev) {
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

APIMACHINERY_DECL bool EventChannel::TrySend(Event ev) {
  std::lock_guard lock(mu_);
  if (closed_) return true;
  if (queue_.size() >= capacity_) return false;
  queue_.push_back(std::move(ev));
  ++sent_;
  cv_.notify_all();
  return true;
}

APIMACHINERY_DECL std::optional<Event> EventChannel::Receive() {
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

APIMACHINERY_DECL bool EventChannel::Close() noexcept {
  std::lock_guard lock(mu_);
  if (closed_) return false;
  closed_ = true;
  cv_.notify_all();
  return true;
}

APIMACHINERY_DECL bool EventChannel::Closed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

APIMACHINERY_DECL void EventChannel::Reopen(std::size_t capacity) {
  std::lock_guard lock(mu_);
  queue_.clear();
  capacity_ = capacity;
  closed_ = false;
  received_ = sent_;
  cv_.notify_all();
}

APIMACHINERY_DECL EventChannel::User::User(EventChannel& c) : ch(c) { ++ch.users_; }

APIMACHINERY_DECL EventChannel::User::~User() {
  if (--ch.users_ == 0) ch.cv_.notify_all();
}

}  // namespace apimachinery::watch::internal

namespace apimachinery::watch {

APIMACHINERY_DECL FakeWatcher::FakeWatcher(std::size_t channel_size) : ch_(channel_size) {}

APIMACHINERY_DECL std::optional<Event> FakeWatcher::Next() { return ch_.Receive(); }

APIMACHINERY_DECL void FakeWatcher::Stop() noexcept { ch_.Close(); }

APIMACHINERY_DECL bool FakeWatcher::IsStopped() const { return ch_.Closed(); }

APIMACHINERY_DECL void FakeWatcher::Reset() { ch_.Reopen(0); }

APIMACHINERY_DECL void FakeWatcher::Add(std::shared_ptr<const runtime::Object> obj) {
  Action(EventType::kAdded, std::move(obj));
}

APIMACHINERY_DECL void FakeWatcher::Modify(std::shared_ptr<const runtime::Object> obj) {
  Action(EventType::kModified, std::move(obj));
}

APIMACHINERY_DECL void FakeWatcher::Delete(std::shared_ptr<const runtime::Object> last_value) {
  Action(EventType::kDeleted, std::move(last_value));
}

APIMACHINERY_DECL void FakeWatcher::Error(std::shared_ptr<const runtime::Object> err_value) {
  Action(EventType::kError, std::move(err_value));
}

APIMACHINERY_DECL void FakeWatcher::Action(EventType type, std::shared_ptr<const runtime::Object> obj) {
  ch_.Send(Event{type, std::move(obj)});
}

APIMACHINERY_DECL RaceFreeFakeWatcher::RaceFreeFakeWatcher() : ch_(kDefaultChanSize) {}

APIMACHINERY_DECL std::optional<Event> RaceFreeFakeWatcher::Next() { return ch_.Receive(); }

APIMACHINERY_DECL void RaceFreeFakeWatcher::Stop() noexcept { ch_.Close(); }

APIMACHINERY_DECL bool RaceFreeFakeWatcher::IsStopped() const { return ch_.Closed(); }

APIMACHINERY_DECL void RaceFreeFakeWatcher::Reset() { ch_.Reopen(kDefaultChanSize); }

APIMACHINERY_DECL void RaceFreeFakeWatcher::Add(std::shared_ptr<const runtime::Object> obj) {
  Action(EventType::kAdded, std::move(obj));
}

APIMACHINERY_DECL void RaceFreeFakeWatcher::Modify(std::shared_ptr<const runtime::Object> obj) {
  Action(EventType::kModified, std::move(obj));
}

APIMACHINERY_DECL void RaceFreeFakeWatcher::Delete(std::shared_ptr<const runtime::Object> last_value) {
  Action(EventType::kDeleted, std::move(last_value));
}

APIMACHINERY_DECL void RaceFreeFakeWatcher::Error(std::shared_ptr<const runtime::Object> err_value) {
  Action(EventType::kError, std::move(err_value));
}

APIMACHINERY_DECL void RaceFreeFakeWatcher::Action(EventType type,
                                                   std::shared_ptr<const runtime::Object> obj) {
  if (!ch_.TrySend(Event{type, std::move(obj)})) throw ChannelFullError();
}

}  // namespace apimachinery::watch
