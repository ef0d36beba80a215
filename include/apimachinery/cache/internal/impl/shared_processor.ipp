// Definitions of the non-template functions declared in <apimachinery/cache/internal/shared_processor.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/internal/shared_processor.hpp"

namespace apimachinery::cache::internal {

APIMACHINERY_DECL Notification Notification::Add(ObjectPtr obj, bool initial) {
  return Notification{Kind::kAdd, initial, nullptr, std::move(obj)};
}

APIMACHINERY_DECL Notification Notification::Update(ObjectPtr old_obj, ObjectPtr new_obj) {
  return Notification{Kind::kUpdate, false, std::move(old_obj), std::move(new_obj)};
}

APIMACHINERY_DECL Notification Notification::Delete(ObjectPtr obj) {
  return Notification{Kind::kDelete, false, std::move(obj), nullptr};
}

APIMACHINERY_DECL ProcessorListener::ProcessorListener(ListenerHandler handler,
                                                       Duration requested_resync_period,
                                                       Duration resync_period, Time now,
                                                       std::function<bool()> upstream_has_synced,
                                                       ErrorFunc on_error)
    : handler_(std::move(handler)),
      upstream_has_synced_(std::move(upstream_has_synced)),
      on_error_(std::move(on_error)),
      requested_resync_period_(requested_resync_period),
      resync_period_(resync_period) {
  DetermineNextResync(now);
}

APIMACHINERY_DECL ProcessorListener::~ProcessorListener() {
  Close();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
  if (thread_.joinable()) thread_.detach();  // destroyed by its own thread's last reference
}

APIMACHINERY_DECL bool ProcessorListener::HasSynced() const {
  return upstream_has_synced_ && upstream_has_synced_() &&
         initial_pending_.load(std::memory_order_acquire) == 0;
}

APIMACHINERY_DECL void ProcessorListener::Add(Notification n) {
  std::unique_lock lock(mu_);
  if (closed_) return;
  if (n.kind == Notification::Kind::kAdd && n.is_in_initial_list) {
    initial_pending_.fetch_add(1, std::memory_order_acq_rel);
  }
  // The loop waits only for an empty queue: wake it for the first notification, after
  // unlocking, so it does not block on the mutex at once. notify_all: WaitFinished waits on
  // the same condition variable.
  const bool was_empty = queue_.empty();
  queue_.push_back(std::move(n));
  lock.unlock();
  if (was_empty) cv_.notify_all();
}

APIMACHINERY_DECL void ProcessorListener::Start() {
  std::lock_guard lock(mu_);
  if (closed_ || started_) return;
  started_ = true;
  thread_ = std::thread([this] { RunLoop(); });
}

APIMACHINERY_DECL void ProcessorListener::Close() {
  std::lock_guard lock(mu_);
  if (closed_) return;
  closed_ = true;
  if (!started_) finished_ = true;
  cv_.notify_all();
}

APIMACHINERY_DECL void ProcessorListener::WaitFinished() {
  std::unique_lock lock(mu_);
  cv_.wait(lock, [&] { return finished_; });
}

APIMACHINERY_DECL void ProcessorListener::Join() {
  WaitFinished();
  std::thread t;
  {
    std::lock_guard lock(mu_);
    t = std::move(thread_);
  }
  if (t.joinable()) {
    if (t.get_id() == std::this_thread::get_id()) {
      t.detach();
    } else {
      t.join();
    }
  }
}

APIMACHINERY_DECL bool ProcessorListener::ShouldResync(Time now) {
  std::lock_guard lock(resync_mu_);
  if (resync_period_ == Duration::zero()) return false;
  return now >= next_resync_;
}

APIMACHINERY_DECL void ProcessorListener::DetermineNextResync(Time now) {
  std::lock_guard lock(resync_mu_);
  next_resync_ = now + resync_period_;
}

APIMACHINERY_DECL void ProcessorListener::SetResyncPeriod(Duration d) {
  std::lock_guard lock(resync_mu_);
  resync_period_ = d;
}

APIMACHINERY_DECL auto ProcessorListener::ResyncPeriod() const -> Duration {
  std::lock_guard lock(resync_mu_);
  return resync_period_;
}

APIMACHINERY_DECL auto ProcessorListener::RequestedResyncPeriod() const noexcept -> Duration {
  return requested_resync_period_;
}

APIMACHINERY_DECL std::size_t ProcessorListener::Pending() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

APIMACHINERY_DECL void ProcessorListener::RunLoop() {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return closed_ || !queue_.empty(); });
    if (closed_) break;
    Notification n = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    Deliver(n);
    n = Notification{};  // release the objects before waiting again
    lock.lock();
  }
  std::deque<Notification> dropped;
  dropped.swap(queue_);
  finished_ = true;
  cv_.notify_all();
  lock.unlock();
}

APIMACHINERY_DECL void ProcessorListener::Deliver(const Notification& n) noexcept {
  try {
    switch (n.kind) {
      case Notification::Kind::kAdd:
        if (handler_.on_add) handler_.on_add(n.new_obj, n.is_in_initial_list);
        break;
      case Notification::Kind::kUpdate:
        if (handler_.on_update) handler_.on_update(n.old_obj, n.new_obj);
        break;
      case Notification::Kind::kDelete:
        if (handler_.on_delete) handler_.on_delete(n.old_obj);
        break;
    }
  } catch (...) {
    Report(std::current_exception());
  }
  if (n.kind == Notification::Kind::kAdd && n.is_in_initial_list) {
    initial_pending_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

APIMACHINERY_DECL void ProcessorListener::Report(const std::exception_ptr& e) noexcept {
  try {
    if (on_error_) {
      on_error_(e);
      return;
    }
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    fmt::print(stderr, "cache: event handler threw: {}\n", ex.what());
  } catch (...) {
    fmt::print(stderr, "cache: event handler threw a non-standard exception\n");
  }
}

APIMACHINERY_DECL SharedProcessor::SharedProcessor(std::shared_ptr<util::clock::Clock> clock)
    : clock_(std::move(clock)) {}

APIMACHINERY_DECL SharedProcessor::~SharedProcessor() { Stop(); }

APIMACHINERY_DECL const std::shared_ptr<util::clock::Clock>& SharedProcessor::Clock() const noexcept {
  return clock_;
}

APIMACHINERY_DECL bool SharedProcessor::AddListener(const std::shared_ptr<ProcessorListener>& l) {
  std::unique_lock lock(mu_);
  listeners_.push_back(Entry{l, true});
  if (started_) l->Start();
  return started_;
}

APIMACHINERY_DECL bool SharedProcessor::RemoveListener(const ProcessorListener* l) {
  std::shared_ptr<ProcessorListener> removed;
  {
    std::unique_lock lock(mu_);
    auto it = std::find_if(listeners_.begin(), listeners_.end(),
                           [&](const Entry& e) { return e.listener.get() == l; });
    if (it == listeners_.end()) return false;
    removed = std::move(it->listener);
    listeners_.erase(it);
    if (started_) retired_.push_back(removed);
  }
  removed->Close();
  return true;
}

APIMACHINERY_DECL bool SharedProcessor::IsRegistered(const ProcessorListener* l) const {
  std::shared_lock lock(mu_);
  return std::any_of(listeners_.begin(), listeners_.end(),
                     [&](const Entry& e) { return e.listener.get() == l; });
}

APIMACHINERY_DECL std::size_t SharedProcessor::ListenerCount() const {
  std::shared_lock lock(mu_);
  return listeners_.size();
}

APIMACHINERY_DECL void SharedProcessor::Distribute(const Notification& n, bool sync) {
  std::shared_lock lock(mu_);
  for (const Entry& e : listeners_) {
    if (!sync || e.syncing) e.listener->Add(n);
  }
}

APIMACHINERY_DECL void SharedProcessor::Run() {
  std::unique_lock lock(mu_);
  started_ = true;
  for (const Entry& e : listeners_) e.listener->Start();
}

APIMACHINERY_DECL void SharedProcessor::Stop() {
  std::vector<std::shared_ptr<ProcessorListener>> all;
  {
    std::unique_lock lock(mu_);
    for (Entry& e : listeners_) all.push_back(std::move(e.listener));
    listeners_.clear();
    for (auto& r : retired_) all.push_back(std::move(r));
    retired_.clear();
    started_ = false;
  }
  for (const auto& l : all) l->Close();
  for (const auto& l : all) l->Join();
}

APIMACHINERY_DECL bool SharedProcessor::ShouldResync() {
  std::unique_lock lock(mu_);
  bool needed = false;
  const auto now = clock_->Now();
  for (Entry& e : listeners_) {
    const bool due = e.listener->ShouldResync(now);
    e.syncing = due;
    if (due) {
      needed = true;
      e.listener->DetermineNextResync(now);
    }
  }
  return needed;
}

}  // namespace apimachinery::cache::internal
