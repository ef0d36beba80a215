// Definitions of the non-template functions declared in <apimachinery/cache/reflector.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/reflector.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL VeryShortWatchError::VeryShortWatchError(std::string_view name)
    : Error("very short watch: " + std::string(name) +
            ": Unexpected watch close - watch lasted less than a second and no items received"),
      name_(name) {}

APIMACHINERY_DECL const std::string& VeryShortWatchError::name() const noexcept { return name_; }

APIMACHINERY_DECL bool IsExpiredError(const std::exception& e) {
  return errors::IsResourceExpired(e) || errors::IsGone(e);
}

APIMACHINERY_DECL const std::string& Reflector::Name() const noexcept { return name_; }

APIMACHINERY_DECL const std::string& Reflector::TypeDescription() const noexcept { return type_description_; }

APIMACHINERY_DECL Reflector::ActiveWatch::ActiveWatch(Reflector& r, const std::stop_token& stop,
                                                      watch::Interface& w)
    : r_(r) {
  std::lock_guard g(r_.watch_mu_);
  r_.current_watch_ = &w;
  if (stop.stop_requested() || r_.resync_failed_.load(std::memory_order_acquire)) w.Stop();
}

APIMACHINERY_DECL Reflector::ActiveWatch::~ActiveWatch() {
  std::lock_guard g(r_.watch_mu_);
  r_.current_watch_ = nullptr;
}

}  // namespace apimachinery::cache

namespace apimachinery::cache::internal {

APIMACHINERY_DECL std::string GoTypeName(std::string_view cpp_name) {
  if (cpp_name == "apimachinery::runtime::Unstructured") return "*unstructured.Unstructured";
  if (cpp_name == "apimachinery::runtime::UnstructuredList") return "*unstructured.UnstructuredList";
  std::string_view base = cpp_name.substr(0, cpp_name.find('<'));
  const auto last = base.rfind("::");
  if (last == std::string_view::npos) return "*" + std::string(base);
  std::string_view type = base.substr(last + 2);
  std::string_view prefix = base.substr(0, last);
  const auto before = prefix.rfind("::");
  std::string_view ns = before == std::string_view::npos ? prefix : prefix.substr(before + 2);
  if (ns == "metav1") ns = "v1";  // Go's package apis/meta/v1 is named v1
  return "*" + std::string(ns) + "." + std::string(type);
}

APIMACHINERY_DECL std::string ExceptionText(const std::exception_ptr& err) {
  if (!err) return "<nil>";
  try {
    std::rethrow_exception(err);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error";
  }
}

}  // namespace apimachinery::cache::internal

namespace apimachinery::cache {

APIMACHINERY_DECL void Reflector::TemporaryStore::Add(std::shared_ptr<const runtime::Object> obj) {
  std::string key = DeletionHandlingMetaNamespaceKeyFunc(*obj);
  items_[std::move(key)] = std::move(obj);
}

APIMACHINERY_DECL void Reflector::TemporaryStore::Update(std::shared_ptr<const runtime::Object> obj) {
  Add(std::move(obj));
}

APIMACHINERY_DECL void Reflector::TemporaryStore::Delete(std::shared_ptr<const runtime::Object> obj) {
  items_.erase(DeletionHandlingMetaNamespaceKeyFunc(*obj));
}

APIMACHINERY_DECL void Reflector::TemporaryStore::Replace(
    const std::vector<std::shared_ptr<const runtime::Object>>& items, std::string_view /*resource_version*/) {
  items_.clear();
  for (const auto& obj : items) Add(obj);
}

APIMACHINERY_DECL void Reflector::TemporaryStore::Resync() {}

APIMACHINERY_DECL std::vector<std::shared_ptr<const runtime::Object>> Reflector::TemporaryStore::List()
    const {
  std::vector<std::shared_ptr<const runtime::Object>> out;
  out.reserve(items_.size());
  for (const auto& [key, obj] : items_) out.push_back(obj);
  return out;
}

APIMACHINERY_DECL bool IsTooLargeResourceVersionError(const std::exception& e) {
  if (errors::HasStatusCause(e, kCauseTypeResourceVersionTooLarge)) return true;
  if (!errors::IsTimeout(e)) return false;
  const errors::StatusError* se = errors::AsStatusError(e);
  if (se == nullptr) return false;
  const metav1::Status& st = se->Status();
  if (!st.details) return false;
  for (const auto& cause : st.details->causes) {
    if (cause.message == "Too large resource version") return true;
  }
  return st.message.find("Too large resource version") != std::string::npos;
}

APIMACHINERY_DECL Reflector::Reflector(std::shared_ptr<ListerWatcher> lw, ReflectorStore& store,
                                       ReflectorOptions options)
    : lw_(std::move(lw)), store_(store), options_(std::move(options)) {
  if (!lw_) throw Error("cache.Reflector: ListerWatcher is nil");
  name_ = options_.name.empty() ? "reflector" : options_.name;
  type_description_ = options_.expected_type.empty() ? "<unspecified>" : options_.expected_type;
  clock_ = options_.clock ? options_.clock : std::make_shared<util::clock::RealClock>();
  min_watch_timeout_ = options_.min_watch_timeout > std::chrono::milliseconds::zero()
                           ? options_.min_watch_timeout
                           : std::chrono::milliseconds(std::chrono::minutes(5));
  delay_ = options_.backoff.DelayWithReset(clock_, options_.backoff_reset);
  use_watch_list_ = options_.use_watch_list && !lw_->IsWatchListSemanticsUnSupported();
}

APIMACHINERY_DECL void Reflector::DefaultWatchErrorHandler(const Reflector& r,
                                                           const std::exception_ptr& err) {
  if (internal::Classify(err, [](const std::exception& e) { return IsExpiredError(e); })) return;
  fmt::print(stderr, "reflector {}: Failed to watch {}: {}\n", r.Name(), r.TypeDescription(),
             internal::ExceptionText(err));
}

APIMACHINERY_DECL void Reflector::ReportError(const std::exception_ptr& err) {
  if (options_.watch_error_handler) {
    options_.watch_error_handler(err);
  } else {
    DefaultWatchErrorHandler(*this, err);
  }
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): the signature of the agreed interface.
APIMACHINERY_DECL void Reflector::Run(std::stop_token stop) {
  // Upstream: delayHandler.Until(ctx, immediate=true, sliding=true, ListAndWatch).
  while (!stop.stop_requested()) {
    try {
      ListAndWatch(stop);
    } catch (...) {
      if (stop.stop_requested()) break;
      ReportError(std::current_exception());
    }
    if (!Sleep(stop, delay_())) break;
  }
}

APIMACHINERY_DECL void Reflector::ListAndWatch(const std::stop_token& stop) {
  // A stop ends the watch being consumed (its Next returns).
  std::stop_callback interrupt(stop, [this] {
    std::lock_guard g(watch_mu_);
    if (current_watch_ != nullptr) current_watch_->Stop();
  });
  {
    std::lock_guard g(watch_mu_);
    resync_error_ = nullptr;
    resync_failed_.store(false, std::memory_order_release);
  }
  std::unique_ptr<watch::Interface> w;
  bool fallback_to_list = !use_watch_list_;
  if (use_watch_list_) {
    try {
      w = WatchList(stop);
      if (!w) return;  // stopped
    } catch (...) {
      // The server refused the streaming list: list instead (upstream logs at V(4)).
      if (stop.stop_requested()) return;
      fallback_to_list = true;
      w.reset();
    }
  }
  if (fallback_to_list) List(stop);
  if (stop.stop_requested()) return;
  WatchWithResync(stop, std::move(w));
}

APIMACHINERY_DECL void Reflector::List(const std::stop_token& stop) {
  metav1::ListOptions options;
  options.resource_version = RelistResourceVersion();
  pager::ListPager<ListResult> pager([this](const metav1::ListOptions& o) { return lw_->List(o); });
  if (options_.page_size != 0) {
    pager.page_size = options_.page_size;
  } else if (paginated_result_) {
    // A list at "0" came back paginated: the server pages; keep the default page size.
  } else if (!options.resource_version.empty() && options.resource_version != "0") {
    // Let the watch cache serve a list at a known version: it only does without a limit.
    pager.page_size = 0;
  }
  pager::ListPageResult<ListResult> result;
  try {
    result = pager.List(options, stop);
  } catch (const pager::ContextCanceledError&) {
    if (stop.stop_requested()) return;
    throw;
  } catch (const std::exception& e) {
    if (!IsExpiredError(e) && !IsTooLargeResourceVersionError(e)) throw;
    SetIsLastSyncResourceVersionUnavailable(true);
    metav1::ListOptions retry;
    retry.resource_version = RelistResourceVersion();
    try {
      result = pager.List(retry, stop);
    } catch (const pager::ContextCanceledError&) {
      if (stop.stop_requested()) return;
      throw;
    }
  }
  if (stop.stop_requested()) return;
  if (options.resource_version == "0" && result.paginated_result) paginated_result_ = true;
  SetIsLastSyncResourceVersionUnavailable(false);
  store_.Replace(result.list.items, result.list.resource_version);
  SetLastSyncResourceVersion(std::move(result.list.resource_version));
}

APIMACHINERY_DECL std::int64_t Reflector::WatchTimeoutSeconds() {
  const double min_s = std::chrono::duration<double>(min_watch_timeout_).count();
  const double r = std::uniform_real_distribution<double>(0.0, 1.0)(rand_);
  return static_cast<std::int64_t>(min_s + r * min_s);  // in [min, 2*min)
}

APIMACHINERY_DECL util::clock::Duration Reflector::WatchDeadlineAfter(std::int64_t timeout_seconds) {
  // The server's timeout plus a grace of a second and a tenth of the timeout for its last events.
  const auto timeout = std::chrono::seconds(timeout_seconds);
  return std::chrono::duration_cast<util::clock::Duration>(timeout + std::chrono::seconds(1) + timeout / 10);
}

APIMACHINERY_DECL bool Reflector::IsRetriableWatchError(const std::exception_ptr& err) const {
  return internal::Classify(err, [](const std::exception& e) { return errors::IsTooManyRequests(e); });
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> Reflector::WatchList(const std::stop_token& stop) {
  // Retriable errors: 429 backs off; an unavailable version restarts from "" (a consistent read).
  auto retriable_with_side_effects = [&](const std::exception_ptr& err) {
    if (IsRetriableWatchError(err)) {
      Sleep(stop, delay_());
      return true;
    }
    if (internal::Classify(err, [](const std::exception& e) {
          return IsExpiredError(e) || IsTooLargeResourceVersionError(e);
        })) {
      SetIsLastSyncResourceVersionUnavailable(true);
      return true;
    }
    return false;
  };
  std::unique_ptr<watch::Interface> w;
  std::string resource_version;
  TemporaryStore temporary;
  for (;;) {
    if (stop.stop_requested()) return nullptr;
    resource_version.clear();
    temporary = TemporaryStore();
    metav1::ListOptions options;
    options.resource_version = RewatchResourceVersion();
    options.allow_watch_bookmarks = true;
    options.send_initial_events = true;
    options.resource_version_match = std::string(metav1::kResourceVersionMatchNotOlderThan);
    options.timeout_seconds = WatchTimeoutSeconds();
    const util::clock::Time start = clock_->Now();
    try {
      w = lw_->Watch(options);
      if (!w) throw Error("cache.Reflector: Watch returned no watch");
    } catch (...) {
      if (retriable_with_side_effects(std::current_exception())) continue;
      throw;
    }
    WatchOutcome outcome;
    {
      ActiveWatch active(*this, stop, *w);
      outcome = HandleAnyWatch(stop, start, *w, temporary, true,
                               [&](const std::string& rv, bool event_received_besides_added) {
                                 if (event_received_besides_added) resource_version = rv;
                               });
    }
    if (outcome.end == WatchEnd::kInitialEventsEnd) break;
    w->Stop();
    w.reset();
    if (outcome.end == WatchEnd::kStopped) return nullptr;
    if (outcome.end == WatchEnd::kError) {
      if (retriable_with_side_effects(outcome.err)) continue;
      std::rethrow_exception(outcome.err);
    }
    // Closed before the initial events ended: start over.
  }
  SetIsLastSyncResourceVersionUnavailable(false);
  if (stop.stop_requested()) {
    w->Stop();
    return nullptr;
  }
  store_.Replace(temporary.List(), resource_version);
  SetLastSyncResourceVersion(resource_version);
  return w;
}

APIMACHINERY_DECL bool Reflector::Sleep(const std::stop_token& stop, util::clock::Duration d) {
  std::mutex mu;
  std::condition_variable cv;
  // Registered before the lock is taken: a callback that runs at once (stop already requested)
  // takes the lock itself.
  std::stop_callback wake(stop, [&] {
    std::lock_guard g(mu);
    cv.notify_all();
  });
  const util::clock::Time deadline = clock_->Now() + d;
  std::unique_lock lock(mu);
  while (!stop.stop_requested() && clock_->Now() < deadline) clock_->WaitUntil(cv, lock, deadline);
  return !stop.stop_requested();
}

APIMACHINERY_DECL void Reflector::ResyncLoop(const std::stop_token& stop) {
  const auto period = std::chrono::duration_cast<util::clock::Duration>(options_.resync_period);
  while (Sleep(stop, period)) {
    if (options_.should_resync && !options_.should_resync()) continue;
    try {
      store_.Resync();
    } catch (...) {
      std::lock_guard g(watch_mu_);
      resync_error_ = std::current_exception();
      resync_failed_.store(true, std::memory_order_release);
      if (current_watch_ != nullptr) current_watch_->Stop();
      return;
    }
  }
}

APIMACHINERY_DECL void Reflector::WatchWithResync(const std::stop_token& stop,
                                                  std::unique_ptr<watch::Interface> w) {
  std::optional<std::jthread> resync;
  if (options_.resync_period > std::chrono::milliseconds::zero()) {
    resync.emplace([this](const std::stop_token& st) { ResyncLoop(st); });
  }
  // The resync thread is stopped and joined before this returns (jthread's destructor), whatever
  // Watch throws.
  Watch(stop, std::move(w));
}

APIMACHINERY_DECL void Reflector::Watch(const std::stop_token& stop, std::unique_ptr<watch::Interface> w) {
  for (;;) {
    if (stop.stop_requested()) return;
    const util::clock::Time start = clock_->Now();
    bool propagate_rv_from_start = true;  // a reused watch is past its synthetic ADDEDs
    std::int64_t timeout_seconds = 0;     // of a watch opened here; 0: no watchdog
    if (!w) {
      metav1::ListOptions options;
      options.resource_version = LastSyncResourceVersion();
      timeout_seconds = WatchTimeoutSeconds();
      options.timeout_seconds = timeout_seconds;
      options.allow_watch_bookmarks = true;
      if (options.resource_version.empty() || options.resource_version == "0") {
        propagate_rv_from_start = false;
      }
      try {
        w = lw_->Watch(options);
        if (!w) throw Error("cache.Reflector: Watch returned no watch");
      } catch (...) {
        if (IsRetriableWatchError(std::current_exception())) {
          if (!Sleep(stop, delay_())) return;
          continue;
        }
        throw;
      }
    }
    WatchOutcome outcome;
    try {
      ActiveWatch active(*this, stop, *w);
      // The watchdog ends a watch the server did not end by its timeout (a stalled connection, a
      // server that stopped sending): stopped and joined before `w` is, whatever happens.
      std::optional<std::jthread> watchdog;
      if (timeout_seconds > 0) {
        const util::clock::Time deadline = start + WatchDeadlineAfter(timeout_seconds);
        watchdog.emplace([this, deadline, watch = w.get()](const std::stop_token& st) {
          if (Sleep(st, deadline - clock_->Now())) watch->Stop();
        });
      }
      outcome = HandleAnyWatch(stop, start, *w, store_, false,
                               [&](const std::string& rv, bool event_received_besides_added) {
                                 if (propagate_rv_from_start || event_received_besides_added) {
                                   SetLastSyncResourceVersion(rv);
                                 }
                               });
    } catch (...) {
      outcome = WatchOutcome{WatchEnd::kError, std::current_exception()};
    }
    w->Stop();
    w.reset();
    switch (outcome.end) {
      case WatchEnd::kStopped:
        return;
      case WatchEnd::kClosed:
      case WatchEnd::kInitialEventsEnd:
        continue;  // reopen from the last seen version, without a list
      case WatchEnd::kError:
        if (stop.stop_requested()) return;
        if (IsRetriableWatchError(outcome.err)) {
          if (!Sleep(stop, delay_())) return;
          continue;
        }
        std::rethrow_exception(outcome.err);
    }
  }
}

APIMACHINERY_DECL bool Reflector::MatchesExpectedType(const runtime::Object& obj) const {
  const std::string& want = options_.expected_type;
  if (want.empty()) return true;
  if (want.find(", Kind=") != std::string::npos) return obj.GetObjectKind().String() == want;
  const util::TypeId id = obj.GetTypeId();
  if (id == matched_type_) return true;  // the usual case: the type matched before
  const std::string_view cpp_name = id.name();
  if (cpp_name != want && internal::GoTypeName(cpp_name) != want) return false;
  matched_type_ = id;
  return true;
}

APIMACHINERY_DECL Reflector::WatchOutcome Reflector::HandleAnyWatch(
    const std::stop_token& stop, util::clock::Time start, watch::Interface& w, ReflectorStore& store,
    bool exit_on_initial_events_end, const std::function<void(const std::string&, bool)>& set_rv) {
  bool initial_events_end_received = false;
  bool event_received_besides_added = false;
  std::size_t event_count = 0;
  auto fail = [](const std::string& text) {
    return WatchOutcome{WatchEnd::kError, std::make_exception_ptr(UnexpectedWatchEventError(text))};
  };
  for (;;) {
    if (stop.stop_requested()) return WatchOutcome{WatchEnd::kStopped, nullptr};
    std::optional<watch::Event> event = w.Next();
    if (resync_failed_.load(std::memory_order_acquire)) {
      std::lock_guard g(watch_mu_);
      return WatchOutcome{WatchEnd::kError, resync_error_};
    }
    if (!event) {
      if (stop.stop_requested()) return WatchOutcome{WatchEnd::kStopped, nullptr};
      break;
    }
    // An event received is applied even when a stop came meanwhile (as upstream's select); the
    // stop is seen before the next one.
    if (event->type == watch::EventType::kError) {
      if (!event->object) return fail(name_ + ": watch ERROR event without an object");
      return WatchOutcome{WatchEnd::kError, errors::FromObject(*event->object)};
    }
    if (!event->object) {
      return fail(name_ + ": Unable to understand watch event: " + std::string(watch::String(event->type)) +
                  " event without an object");
    }
    const runtime::Object& obj = *event->object;
    if (!MatchesExpectedType(obj)) {
      const std::string actual =
          obj.GetTypeId().name().empty() ? "<nil>" : std::string(obj.GetTypeId().name());
      return fail(
          name_ + ": Unexpected watch event object type: expected " + options_.expected_type + ", got " +
          (options_.expected_type.find(", Kind=") != std::string::npos ? obj.GetObjectKind().String()
                                                                       : internal::GoTypeName(actual)));
    }
    const metav1::ObjectMeta* meta = obj.GetObjectMeta();
    if (meta == nullptr) {
      return fail(name_ + ": Unable to understand watch event: object has no meta: " +
                  internal::GoTypeName(obj.GetTypeId().name()));
    }
    std::string resource_version = meta->resource_version;
    switch (event->type) {
      // A store that refuses an object is reported and the watch goes on (upstream logs it).
      case watch::EventType::kAdded:
        ApplyToStore([&] { store.Add(event->object); });
        break;
      case watch::EventType::kModified:
        event_received_besides_added = true;
        ApplyToStore([&] { store.Update(event->object); });
        break;
      case watch::EventType::kDeleted:
        event_received_besides_added = true;
        ApplyToStore([&] { store.Delete(event->object); });
        break;
      case watch::EventType::kBookmark: {
        event_received_besides_added = true;
        auto it = meta->annotations.find(std::string(kInitialEventsAnnotationKey));
        if (it != meta->annotations.end() && it->second == "true") initial_events_end_received = true;
        break;
      }
      default:
        return fail(name_ + ": Unknown watch event: type " + std::to_string(static_cast<int>(event->type)));
    }
    set_rv(resource_version, event_received_besides_added);
    ++event_count;
    if (exit_on_initial_events_end && initial_events_end_received) {
      return WatchOutcome{WatchEnd::kInitialEventsEnd, nullptr};
    }
  }
  if (clock_->Since(start) < std::chrono::seconds(1) && event_count == 0) {
    return WatchOutcome{WatchEnd::kError, std::make_exception_ptr(VeryShortWatchError(name_))};
  }
  return WatchOutcome{WatchEnd::kClosed, nullptr};
}

APIMACHINERY_DECL std::string Reflector::LastSyncResourceVersion() const {
  std::lock_guard g(rv_mu_);
  return last_sync_resource_version_;
}

APIMACHINERY_DECL bool Reflector::IsLastSyncResourceVersionUnavailable() const {
  std::lock_guard g(rv_mu_);
  return is_last_sync_resource_version_unavailable_;
}

APIMACHINERY_DECL void Reflector::SetLastSyncResourceVersion(std::string v) {
  std::lock_guard g(rv_mu_);
  last_sync_resource_version_ = std::move(v);
}

APIMACHINERY_DECL void Reflector::SetIsLastSyncResourceVersionUnavailable(bool v) {
  std::lock_guard g(rv_mu_);
  is_last_sync_resource_version_unavailable_ = v;
}

APIMACHINERY_DECL std::string Reflector::RelistResourceVersion() const {
  std::lock_guard g(rv_mu_);
  if (is_last_sync_resource_version_unavailable_) return "";  // a consistent read
  if (last_sync_resource_version_.empty()) return "0";        // the watch cache may answer
  return last_sync_resource_version_;
}

APIMACHINERY_DECL std::string Reflector::RewatchResourceVersion() const {
  std::lock_guard g(rv_mu_);
  if (is_last_sync_resource_version_unavailable_) return "";
  return last_sync_resource_version_;
}

}  // namespace apimachinery::cache
