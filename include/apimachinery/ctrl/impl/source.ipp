// Definitions of the non-template functions declared in <apimachinery/ctrl/source.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/source.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL void Source::Stop() {}

APIMACHINERY_DECL KindSource::KindSource(cache::SharedIndexInformer& informer, EventHandlerPtr handler,
                                         std::vector<PredicatePtr> predicates, std::string type_name)
    : KindSource([&informer]() -> cache::SharedIndexInformer& { return informer; }, std::move(handler),
                 std::move(predicates), std::move(type_name)) {}

APIMACHINERY_DECL KindSource::KindSource(InformerGetter get_informer, EventHandlerPtr handler,
                                         std::vector<PredicatePtr> predicates, std::string type_name,
                                         KindSourceOptions options)
    : get_informer_(std::move(get_informer)),
      handler_(std::move(handler)),
      predicates_(std::move(predicates)),
      type_name_(std::move(type_name)),
      options_(std::move(options)) {
  if (!options_.log_sink) options_.log_sink = NewStderrLogSink();
}

APIMACHINERY_DECL void KindSource::Start(std::stop_token stop, std::shared_ptr<Queue> queue) {
  (void)stop;
  if (!handler_) throw Error("must create Kind with non-nil handler");
  {
    std::lock_guard lock(mu_);
    pending_.push_back(std::move(queue));
  }
  TryPending();
}

APIMACHINERY_DECL void KindSource::WaitForSync(std::stop_token stop, std::chrono::milliseconds timeout) {
  auto last_try = std::chrono::steady_clock::now();
  auto synced = [&] {
    {
      std::lock_guard lock(mu_);
      if (pending_.empty()) {
        for (const auto& [inf, reg] : registrations_) {
          if (!inf->HasSynced() || !reg->HasSynced()) return false;
        }
        return true;
      }
    }
    if (std::chrono::steady_clock::now() - last_try >= options_.retry_interval) {
      last_try = std::chrono::steady_clock::now();
      TryPending();
    }
    return false;
  };
  const auto period =
      std::min<std::chrono::milliseconds>(std::chrono::milliseconds(100), options_.retry_interval);
  if (internal::PollUntil(stop, timeout, synced, period) == internal::PollResult::kTimedOut) {
    throw Error("timed out waiting for cache to be synced for " + String());
  }
}

APIMACHINERY_DECL void KindSource::Stop() {
  std::vector<
      std::pair<cache::SharedIndexInformer*, std::shared_ptr<cache::ResourceEventHandlerRegistration>>>
      regs;
  {
    std::lock_guard lock(mu_);
    regs.swap(registrations_);
    pending_.clear();
  }
  for (auto& [inf, reg] : regs) inf->RemoveEventHandler(reg);
}

APIMACHINERY_DECL std::string KindSource::String() const {
  return "kind source: " + (type_name_.empty() ? std::string("unknown type") : type_name_);
}

APIMACHINERY_DECL cache::ResourceEventHandlerFuncs KindSource::MakeHandler(EventHandlerPtr h,
                                                                           std::vector<PredicatePtr> preds,
                                                                           std::shared_ptr<Queue> queue) {
  auto state = std::make_shared<const State>(State{std::move(h), std::move(preds), std::move(queue)});
  cache::ResourceEventHandlerFuncs f;
  f.on_add = [state](const EventObject& obj, bool initial) {
    if (!obj) return;
    CreateEvent e{obj, initial};
    for (const auto& p : state->predicates) {
      if (!p->Create(e)) return;
    }
    state->handler->Create(e, *state->queue);
  };
  f.on_update = [state](const EventObject& old_obj, const EventObject& new_obj) {
    if (!old_obj || !new_obj) return;
    UpdateEvent e{old_obj, new_obj};
    for (const auto& p : state->predicates) {
      if (!p->Update(e)) return;
    }
    state->handler->Update(e, *state->queue);
  };
  f.on_delete = [state](const EventObject& obj) {
    if (!obj) return;
    DeleteEvent e{obj, false};
    if (const auto* t = cache::AsTombstone(*obj)) {
      if (!t->obj) return;
      e.object = t->obj;
      e.delete_state_unknown = true;
    }
    for (const auto& p : state->predicates) {
      if (!p->Delete(e)) return;
    }
    state->handler->Delete(e, *state->queue);
  };
  return f;
}

APIMACHINERY_DECL void KindSource::TryPending() {
  {
    std::lock_guard lock(mu_);
    if (pending_.empty()) return;
  }
  cache::SharedIndexInformer* informer = nullptr;
  try {
    informer = &get_informer_();
  } catch (const meta::NoKindMatchError& e) {
    options_.log_sink->Error(e.what(), "if kind is a CRD, it should be installed before calling Start",
                             {{"kind", e.group_kind.String()}});
    return;
  } catch (const runtime::NotRegisteredError& e) {
    options_.log_sink->Error(e.what(), "kind must be registered to the Scheme", {});
    return;
  } catch (const std::exception& e) {
    options_.log_sink->Error(e.what(), "failed to get informer from cache", {});
    return;
  }
  std::lock_guard lock(mu_);
  for (auto& queue : pending_) {
    auto reg = informer->AddEventHandler(MakeHandler(handler_, predicates_, std::move(queue)));
    registrations_.emplace_back(informer, std::move(reg));
  }
  pending_.clear();
}

APIMACHINERY_DECL ChannelSource::ChannelSource(EventHandlerPtr handler, std::vector<PredicatePtr> predicates)
    : handler_(std::move(handler)), predicates_(std::move(predicates)) {}

APIMACHINERY_DECL void ChannelSource::Start(std::stop_token stop, std::shared_ptr<Queue> queue) {
  (void)stop;
  if (!handler_) throw Error("must specify Channel.Handler");
  std::vector<GenericEvent> pending;
  {
    std::lock_guard lock(mu_);
    queues_.push_back(queue);
    if (!started_) pending.swap(pending_);
    started_ = true;
  }
  for (const auto& e : pending) Deliver(e, *queue);
}

APIMACHINERY_DECL void ChannelSource::Stop() {
  std::lock_guard lock(mu_);
  queues_.clear();
}

APIMACHINERY_DECL void ChannelSource::Push(GenericEvent e) {
  std::vector<std::shared_ptr<Queue>> queues;
  {
    std::lock_guard lock(mu_);
    if (closed_) return;
    if (!started_) {
      pending_.push_back(std::move(e));
      return;
    }
    queues = queues_;
  }
  for (const auto& q : queues) Deliver(e, *q);
}

APIMACHINERY_DECL void ChannelSource::Close() {
  std::lock_guard lock(mu_);
  closed_ = true;
  pending_.clear();
}

APIMACHINERY_DECL std::string ChannelSource::String() const {
  return fmt::format("channel source: {}", static_cast<const void*>(this));
}

APIMACHINERY_DECL void ChannelSource::Deliver(const GenericEvent& e, Queue& q) const {
  for (const auto& p : predicates_) {
    if (!p->Generic(e)) return;
  }
  handler_->Generic(e, q);
}

APIMACHINERY_DECL FuncSource::FuncSource(std::function<void(std::stop_token, std::shared_ptr<Queue>)> fn)
    : fn_(std::move(fn)) {}

APIMACHINERY_DECL void FuncSource::Start(std::stop_token stop, std::shared_ptr<Queue> queue) {
  fn_(std::move(stop), std::move(queue));
}

APIMACHINERY_DECL std::string FuncSource::String() const {
  return fmt::format("func source: {}", static_cast<const void*>(this));
}

}  // namespace apimachinery::ctrl
