// cache::Reflector: keeps a ReflectorStore (a RealFIFO) in step with the server by listing and
// then watching one resource (k8s.io/client-go/tools/cache/reflector.go: Reflector,
// ReflectorStore, NewReflectorWithOptions, Run, ListAndWatch, list, watch, watchList,
// handleAnyWatch, relistResourceVersion, rewatchResourceVersion, isExpiredError,
// isTooLargeResourceVersionError, isWatchErrorRetriable, DefaultWatchErrorHandler,
// VeryShortWatchError).
//
// Example:
//   testing::FakeAPIServer server;   // or any source of pods
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<cache::ListerWatcher> lw = server.ListerWatcher({"", "v1", "pods"});
//   auto indexer = std::make_shared<cache::Indexer>(cache::DeletionHandlingMetaNamespaceKeyFunc);
//   cache::RealFIFO fifo(cache::DeletionHandlingMetaNamespaceKeyFunc, indexer);
//   cache::Reflector r(lw, fifo, {.name = "pods", .resync_period = std::chrono::seconds(30)});
//   std::jthread t([&](std::stop_token st) { r.Run(st); });
//   t.request_stop();
//   t.join();
//
// What Run does, as upstream:
// - List (through pager::ListPager) at relistResourceVersion(): "0" first (any version the
//   server has cached), the last seen version afterwards, "" (a consistent read) after a list or
//   watch found that version unavailable (410 Expired/Gone, or "Too large resource version").
//   Pages: page_size when set; else the pager's 500 for "0" and "" (or for any version once a
//   list at "0" came back paginated); else no limit, so the server's watch cache can answer. A
//   list that fails with an unavailable version is retried at once at "". The items go to
//   store.Replace(items, resourceVersion).
// - Watch from the list's resourceVersion with allowWatchBookmarks and a timeoutSeconds drawn in
//   [min_watch_timeout, 2*min_watch_timeout). ADDED/MODIFIED/DELETED go to Add/Update/Delete; every
//   event (bookmarks included) advances LastSyncResourceVersion, except that a watch started at
//   "" or "0" (synthetic ADDEDs in no version order) waits for its first other event. A watch that
//   ends cleanly is reopened from the last seen version without a list; an ERROR event (a 410
//   included), any other watch failure, or a watch that ended within a second without an event
//   (VeryShortWatchError) ends ListAndWatch: Run reports the error, backs off, and lists again.
//   A Watch call refused with 429 is retried after a backoff without a relist.
// - Backoff between attempts: wait::Backoff (800ms, factor 2, jitter 1.0, cap 30s by default)
//   reset after backoff_reset (2 minutes) on the options' clock.
// - Resync: every resync_period, when should_resync (empty: always) says so, store.Resync(),
//   from a helper thread that lives only while a watch is being consumed; a throwing Resync ends
//   the watch with that error.
// - Streaming list (use_watch_list, unless the ListerWatcher says it cannot): a watch with
//   sendInitialEvents=true, resourceVersionMatch=NotOlderThan and bookmarks, collected into a
//   temporary store until the bookmark annotated `k8s.io/initial-events-end: "true"`, then one
//   Replace with the bookmark's version; the same watch goes on. When the server refuses it, the
//   Reflector lists instead (for that attempt).
//
// Stop: Run returns soon after its stop_token is stopped: a Watch blocked in Next is stopped
// (watch::Interface::Stop), a backoff or resync sleep is woken. A List or Watch *call* in flight
// cannot be interrupted (ListerWatcher has no cancellation): Run returns when it returns, and no
// store call is made after a stop was seen. When Run returns no thread of the Reflector is left and
// no store call or watch_error_handler call is in progress or will be made.
//
// Throws: the constructor throws apimachinery::Error for a null ListerWatcher. Run throws nothing
// of its own: every list/watch error (and what the store throws during a list) goes to
// watch_error_handler, and Run retries; what the handler throws propagates out of Run.
// ListAndWatch throws the error that ended it.
// Cost: one thread (the caller's), a watchdog thread per watch the Reflector opens, and, with a
// resync period, one resync thread per watch.
// Thread-safety: LastSyncResourceVersion and IsLastSyncResourceVersionUnavailable may be called
// from any thread at any time; Run/ListAndWatch from one thread at a time. Store calls come from the
// Run thread, except Resync (the resync thread): the store must accept both concurrently (RealFIFO
// does).
//
// Differences from upstream:
// - An event whose object is of the wrong type (expected_type), has no metadata, or whose type is
//   none of the five, ends the watch with an UnexpectedWatchEventError through
//   watch_error_handler and a relist (upstream logs and skips the event). Watch-stream errors
//   (ERROR events, VeryShortWatchError) also reach watch_error_handler (upstream only logs them in
//   watch()); the handler receives a std::exception_ptr instead of a Go error.
// - List errors are passed on as thrown (no "failed to list <type>: " wrapping), so that
//   errors::IsGone and friends still classify them.
// - A watch the server has not ended by its timeoutSeconds plus a grace (1 s + a tenth of the
//   timeout) is stopped by the Reflector and reopened from the last seen version: a silently
//   stalled watch (no events, no close: a dropped connection or a wedged server) heals by
//   itself. Upstream relies on the server (and the transport) to end it, and stalls otherwise.
// - min_watch_timeout is honoured as given (upstream ignores values under 5 minutes), so that
//   tests can use short timeouts; a value <= 0 means 5 minutes.
// - expected_type is a string: the object's C++ type name (util::TypeId, e.g.
//   `apimachinery::runtime::Unstructured`), Go's spelling of it (`*unstructured.Unstructured`,
//   `*<last namespace>.<Type>` for other types), or a GVK in schema's String() form
//   (`example.com/v1, Kind=Widget`, upstream's expectedGVK for Unstructured objects).
// - No "connection refused" classification (there is no transport here), no retry of internal
//   errors (upstream's MaxInternalErrorRetryDuration, off by default), no logger, no metrics, no
//   ResourceVersionUpdater/ReflectorBookmarkStore/TransformingStore optional interfaces, no
//   watch-list data consistency check.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/cache/reflector_store.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/pager/pager.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/type_id.hpp"
#include "apimachinery/util/wait/backoff.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::cache {

// kInitialEventsAnnotationKey: the annotation of the bookmark that ends a streaming list's
// initial events (k8s.io/apimachinery/pkg/apis/meta/v1/types.go: InitialEventsAnnotationKey).
inline constexpr std::string_view kInitialEventsAnnotationKey = "k8s.io/initial-events-end";
// kCauseTypeResourceVersionTooLarge: the StatusCause type of a "Too large resource version"
// answer (k8s.io/apimachinery/pkg/apis/meta/v1/types.go: CauseTypeResourceVersionTooLarge).
inline constexpr std::string_view kCauseTypeResourceVersionTooLarge = "ResourceVersionTooLarge";

// VeryShortWatchError: a watch ended within a second without delivering an event
// (reflector.go: VeryShortWatchError).
class VeryShortWatchError : public Error {
 public:
  explicit VeryShortWatchError(std::string_view name)
      : Error("very short watch: " + std::string(name) +
              ": Unexpected watch close - watch lasted less than a second and no items received"),
        name_(name) {}
  const std::string& name() const noexcept { return name_; }

 private:
  std::string name_;
};

// UnexpectedWatchEventError: an event the Reflector cannot apply (wrong object type, no object,
// no metadata, an unknown event type). The text names the reflector and what was wrong, in the
// words of upstream's log messages (`Unexpected watch event object type`, `Unable to understand
// watch event`, `Unknown watch event`).
class UnexpectedWatchEventError : public Error {
 public:
  using Error::Error;
};

// IsExpiredError: a 410 (reflector.go: isExpiredError: IsResourceExpired or IsGone).
inline bool IsExpiredError(const std::exception& e) {
  return errors::IsResourceExpired(e) || errors::IsGone(e);
}
// IsTooLargeResourceVersionError: the server has not reached the asked resourceVersion yet
// (reflector.go: isTooLargeResourceVersionError: the ResourceVersionTooLarge cause, or, from
// servers before 1.18.6, a timeout with the "Too large resource version" text).
bool IsTooLargeResourceVersionError(const std::exception& e);

// ReflectorOptions configures a Reflector (reflector.go: ReflectorOptions and the exported
// Reflector fields WatchListPageSize, ShouldResync).
struct ReflectorOptions {
  // name: for messages; empty means "reflector".
  std::string name{};
  // expected_type: the type every object must have (see the top of the file); empty: any.
  std::string expected_type{};
  // resync_period: 0 means no resync.
  std::chrono::milliseconds resync_period{0};
  // should_resync: asked at every resync period; empty means always.
  std::function<bool()> should_resync{};
  // page_size: the list's page size (Go's WatchListPageSize); 0: upstream's choice.
  std::int64_t page_size = 0;
  // min_watch_timeout: a watch's timeoutSeconds is drawn in [min, 2*min); <= 0: 5 minutes.
  std::chrono::milliseconds min_watch_timeout{std::chrono::minutes(5)};
  // clock: for backoff, resync, watch durations; empty: a util::clock::RealClock.
  std::shared_ptr<util::clock::Clock> clock{};
  // watch_error_handler: called with every list/watch error (upstream WatchErrorHandler); empty:
  // DefaultWatchErrorHandler (stderr, quiet for 410s).
  std::function<void(const std::exception_ptr&)> watch_error_handler{};
  // use_watch_list: try a streaming list first (Go's WatchListClient feature).
  bool use_watch_list = false;
  // backoff: the delays between failed attempts (reflector.go: defaultBackoffInit/Max/Factor/
  // Jitter; steps = ceil(max/init)).
  wait::Backoff backoff{.duration = std::chrono::milliseconds(800),
                        .factor = 2.0,
                        .jitter = 1.0,
                        .steps = 38,
                        .cap = std::chrono::seconds(30)};
  // backoff_reset: the backoff starts over when this much time passed since its last reset
  // (reflector.go: defaultBackoffReset).
  std::chrono::milliseconds backoff_reset{std::chrono::minutes(2)};
};

class Reflector {
 public:
  // The store must outlive Run. Throws apimachinery::Error when lw is null.
  Reflector(std::shared_ptr<ListerWatcher> lw, ReflectorStore& store, ReflectorOptions options = {});
  Reflector(const Reflector&) = delete;
  Reflector& operator=(const Reflector&) = delete;
  Reflector(Reflector&&) = delete;
  Reflector& operator=(Reflector&&) = delete;
  ~Reflector() = default;

  // Run: ListAndWatch until stopped, reporting each error and backing off between attempts
  // (reflector.go: Reflector.Run). Blocks; returns promptly once `stop` is stopped.
  // NOLINTNEXTLINE(performance-unnecessary-value-param): the signature of the agreed interface.
  void Run(std::stop_token stop);
  // ListAndWatch: one list (or streaming list) and the watches that follow it, until a watch
  // fails or `stop` is stopped (reflector.go: ListAndWatch). Throws the error that ended it.
  void ListAndWatch(const std::stop_token& stop);

  // LastSyncResourceVersion: the version of the last list or event applied (thread-safe).
  std::string LastSyncResourceVersion() const;
  // IsLastSyncResourceVersionUnavailable: the last list or watch at LastSyncResourceVersion
  // answered 410 or "too large" (thread-safe).
  bool IsLastSyncResourceVersionUnavailable() const;
  const std::string& Name() const noexcept { return name_; }
  // TypeDescription: expected_type, or "<unspecified>".
  const std::string& TypeDescription() const noexcept { return type_description_; }

  // DefaultWatchErrorHandler: stderr, except for 410s (reflector.go: DefaultWatchErrorHandler).
  static void DefaultWatchErrorHandler(const Reflector& r, const std::exception_ptr& err);

 private:
  enum class WatchEnd { kClosed, kStopped, kError, kInitialEventsEnd };
  struct WatchOutcome {
    WatchEnd end = WatchEnd::kClosed;
    std::exception_ptr err{};
  };
  class TemporaryStore;
  // ActiveWatch: makes w the watch a stop (or a failed resync) ends, while it is consumed.
  class ActiveWatch {
   public:
    ActiveWatch(Reflector& r, const std::stop_token& stop, watch::Interface& w) : r_(r) {
      std::lock_guard g(r_.watch_mu_);
      r_.current_watch_ = &w;
      if (stop.stop_requested() || r_.resync_failed_.load(std::memory_order_acquire)) w.Stop();
    }
    ActiveWatch(const ActiveWatch&) = delete;
    ActiveWatch& operator=(const ActiveWatch&) = delete;
    ~ActiveWatch() {
      std::lock_guard g(r_.watch_mu_);
      r_.current_watch_ = nullptr;
    }

   private:
    Reflector& r_;
  };

  void ReportError(const std::exception_ptr& err);
  template <typename Fn>
  void ApplyToStore(Fn&& fn) {
    try {
      fn();
    } catch (...) {
      ReportError(std::current_exception());
    }
  }
  void List(const std::stop_token& stop);
  std::unique_ptr<watch::Interface> WatchList(const std::stop_token& stop);
  void WatchWithResync(const std::stop_token& stop, std::unique_ptr<watch::Interface> w);
  void Watch(const std::stop_token& stop, std::unique_ptr<watch::Interface> w);
  WatchOutcome HandleAnyWatch(const std::stop_token& stop, util::clock::Time start, watch::Interface& w,
                              ReflectorStore& store, bool exit_on_initial_events_end,
                              const std::function<void(const std::string&, bool)>& set_rv);
  void ResyncLoop(const std::stop_token& stop);
  // Sleep: waits d on the clock; false when stopped first.
  bool Sleep(const std::stop_token& stop, util::clock::Duration d);
  std::int64_t WatchTimeoutSeconds();
  // WatchDeadlineAfter: how long after its start a watch opened with timeout_seconds is stopped
  // client-side when the server has not ended it.
  static util::clock::Duration WatchDeadlineAfter(std::int64_t timeout_seconds);
  bool MatchesExpectedType(const runtime::Object& obj) const;
  bool IsRetriableWatchError(const std::exception_ptr& err) const;

  void SetLastSyncResourceVersion(std::string v);
  void SetIsLastSyncResourceVersionUnavailable(bool v);
  std::string RelistResourceVersion() const;
  std::string RewatchResourceVersion() const;

  std::shared_ptr<ListerWatcher> lw_;
  ReflectorStore& store_;
  ReflectorOptions options_;
  std::string name_;
  std::string type_description_;
  std::shared_ptr<util::clock::Clock> clock_;
  std::chrono::milliseconds min_watch_timeout_;
  wait::DelayFunc delay_;
  bool use_watch_list_ = false;
  bool paginated_result_ = false;
  std::mt19937_64 rand_{std::random_device{}()};
  // The last type found to match expected_type (only the Run thread reads or writes it).
  mutable util::TypeId matched_type_{};

  mutable std::mutex rv_mu_;
  std::string last_sync_resource_version_;
  bool is_last_sync_resource_version_unavailable_ = false;

  // The watch being consumed (so that a stop or a resync failure can end it) and the resync
  // thread's error.
  std::mutex watch_mu_;
  watch::Interface* current_watch_ = nullptr;
  std::exception_ptr resync_error_;
  std::atomic<bool> resync_failed_{false};
};

// Implementation details follow.

namespace internal {

// GoTypeName: Go's reflect spelling of an object's type (`*unstructured.Unstructured`,
// `*<last namespace>.<Type>`).
inline std::string GoTypeName(std::string_view cpp_name) {
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

inline std::string ExceptionText(const std::exception_ptr& err) {
  if (!err) return "<nil>";
  try {
    std::rethrow_exception(err);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error";
  }
}

// Classify: applies pred to the exception in err (false for a non-std exception).
template <typename Pred>
bool Classify(const std::exception_ptr& err, Pred&& pred) {
  if (!err) return false;
  try {
    std::rethrow_exception(err);
  } catch (const std::exception& e) {
    return pred(e);
  } catch (...) {
    return false;
  }
}

}  // namespace internal

// TemporaryStore: the streaming list's objects by key (upstream: NewStore with
// DeletionHandlingMetaNamespaceKeyFunc); List returns them in key order.
class Reflector::TemporaryStore final : public ReflectorStore {
 public:
  void Add(std::shared_ptr<const runtime::Object> obj) override {
    std::string key = DeletionHandlingMetaNamespaceKeyFunc(*obj);
    items_[std::move(key)] = std::move(obj);
  }
  void Update(std::shared_ptr<const runtime::Object> obj) override { Add(std::move(obj)); }
  void Delete(std::shared_ptr<const runtime::Object> obj) override {
    items_.erase(DeletionHandlingMetaNamespaceKeyFunc(*obj));
  }
  void Replace(const std::vector<std::shared_ptr<const runtime::Object>>& items,
               std::string_view /*resource_version*/) override {
    items_.clear();
    for (const auto& obj : items) Add(obj);
  }
  void Resync() override {}
  std::vector<std::shared_ptr<const runtime::Object>> List() const {
    std::vector<std::shared_ptr<const runtime::Object>> out;
    out.reserve(items_.size());
    for (const auto& [key, obj] : items_) out.push_back(obj);
    return out;
  }

 private:
  std::map<std::string, std::shared_ptr<const runtime::Object>> items_;
};

inline bool IsTooLargeResourceVersionError(const std::exception& e) {
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

inline Reflector::Reflector(std::shared_ptr<ListerWatcher> lw, ReflectorStore& store,
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

inline void Reflector::DefaultWatchErrorHandler(const Reflector& r, const std::exception_ptr& err) {
  if (internal::Classify(err, [](const std::exception& e) { return IsExpiredError(e); })) return;
  fmt::print(stderr, "reflector {}: Failed to watch {}: {}\n", r.Name(), r.TypeDescription(),
             internal::ExceptionText(err));
}

inline void Reflector::ReportError(const std::exception_ptr& err) {
  if (options_.watch_error_handler) {
    options_.watch_error_handler(err);
  } else {
    DefaultWatchErrorHandler(*this, err);
  }
}

// NOLINTNEXTLINE(performance-unnecessary-value-param): the signature of the agreed interface.
inline void Reflector::Run(std::stop_token stop) {
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

inline void Reflector::ListAndWatch(const std::stop_token& stop) {
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

inline void Reflector::List(const std::stop_token& stop) {
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

inline std::int64_t Reflector::WatchTimeoutSeconds() {
  const double min_s = std::chrono::duration<double>(min_watch_timeout_).count();
  const double r = std::uniform_real_distribution<double>(0.0, 1.0)(rand_);
  return static_cast<std::int64_t>(min_s + r * min_s);  // in [min, 2*min)
}

inline util::clock::Duration Reflector::WatchDeadlineAfter(std::int64_t timeout_seconds) {
  // The server's timeout plus a grace of a second and a tenth of the timeout for its last events.
  const auto timeout = std::chrono::seconds(timeout_seconds);
  return std::chrono::duration_cast<util::clock::Duration>(timeout + std::chrono::seconds(1) + timeout / 10);
}

inline bool Reflector::IsRetriableWatchError(const std::exception_ptr& err) const {
  return internal::Classify(err, [](const std::exception& e) { return errors::IsTooManyRequests(e); });
}

inline std::unique_ptr<watch::Interface> Reflector::WatchList(const std::stop_token& stop) {
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

inline bool Reflector::Sleep(const std::stop_token& stop, util::clock::Duration d) {
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

inline void Reflector::ResyncLoop(const std::stop_token& stop) {
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

inline void Reflector::WatchWithResync(const std::stop_token& stop, std::unique_ptr<watch::Interface> w) {
  std::optional<std::jthread> resync;
  if (options_.resync_period > std::chrono::milliseconds::zero()) {
    resync.emplace([this](const std::stop_token& st) { ResyncLoop(st); });
  }
  // The resync thread is stopped and joined before this returns (jthread's destructor), whatever
  // Watch throws.
  Watch(stop, std::move(w));
}

inline void Reflector::Watch(const std::stop_token& stop, std::unique_ptr<watch::Interface> w) {
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

inline bool Reflector::MatchesExpectedType(const runtime::Object& obj) const {
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

inline Reflector::WatchOutcome Reflector::HandleAnyWatch(
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

inline std::string Reflector::LastSyncResourceVersion() const {
  std::lock_guard g(rv_mu_);
  return last_sync_resource_version_;
}

inline bool Reflector::IsLastSyncResourceVersionUnavailable() const {
  std::lock_guard g(rv_mu_);
  return is_last_sync_resource_version_unavailable_;
}

inline void Reflector::SetLastSyncResourceVersion(std::string v) {
  std::lock_guard g(rv_mu_);
  last_sync_resource_version_ = std::move(v);
}

inline void Reflector::SetIsLastSyncResourceVersionUnavailable(bool v) {
  std::lock_guard g(rv_mu_);
  is_last_sync_resource_version_unavailable_ = v;
}

inline std::string Reflector::RelistResourceVersion() const {
  std::lock_guard g(rv_mu_);
  if (is_last_sync_resource_version_unavailable_) return "";  // a consistent read
  if (last_sync_resource_version_.empty()) return "0";        // the watch cache may answer
  return last_sync_resource_version_;
}

inline std::string Reflector::RewatchResourceVersion() const {
  std::lock_guard g(rv_mu_);
  if (is_last_sync_resource_version_unavailable_) return "";
  return last_sync_resource_version_;
}

}  // namespace apimachinery::cache
