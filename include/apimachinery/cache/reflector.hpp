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
#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit VeryShortWatchError(std::string_view name);
  APIMACHINERY_DECL const std::string& name() const noexcept;

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
APIMACHINERY_DECL bool IsExpiredError(const std::exception& e);
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
  APIMACHINERY_DECL Reflector(std::shared_ptr<ListerWatcher> lw, ReflectorStore& store,
                              ReflectorOptions options = {});
  Reflector(const Reflector&) = delete;
  Reflector& operator=(const Reflector&) = delete;
  Reflector(Reflector&&) = delete;
  Reflector& operator=(Reflector&&) = delete;
  ~Reflector() = default;

  // Run: ListAndWatch until stopped, reporting each error and backing off between attempts
  // (reflector.go: Reflector.Run). Blocks; returns promptly once `stop` is stopped.
  // NOLINTNEXTLINE(performance-unnecessary-value-param): the signature of the agreed interface.
  APIMACHINERY_DECL void Run(std::stop_token stop);
  // ListAndWatch: one list (or streaming list) and the watches that follow it, until a watch
  // fails or `stop` is stopped (reflector.go: ListAndWatch). Throws the error that ended it.
  APIMACHINERY_DECL void ListAndWatch(const std::stop_token& stop);

  // LastSyncResourceVersion: the version of the last list or event applied (thread-safe).
  APIMACHINERY_DECL std::string LastSyncResourceVersion() const;
  // IsLastSyncResourceVersionUnavailable: the last list or watch at LastSyncResourceVersion
  // answered 410 or "too large" (thread-safe).
  APIMACHINERY_DECL bool IsLastSyncResourceVersionUnavailable() const;
  APIMACHINERY_DECL const std::string& Name() const noexcept;
  // TypeDescription: expected_type, or "<unspecified>".
  APIMACHINERY_DECL const std::string& TypeDescription() const noexcept;

  // DefaultWatchErrorHandler: stderr, except for 410s (reflector.go: DefaultWatchErrorHandler).
  APIMACHINERY_DECL static void DefaultWatchErrorHandler(const Reflector& r, const std::exception_ptr& err);

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
    APIMACHINERY_DECL ActiveWatch(Reflector& r, const std::stop_token& stop, watch::Interface& w);
    ActiveWatch(const ActiveWatch&) = delete;
    ActiveWatch& operator=(const ActiveWatch&) = delete;
    APIMACHINERY_DECL ~ActiveWatch();

   private:
    Reflector& r_;
  };

  APIMACHINERY_DECL void ReportError(const std::exception_ptr& err);
  template <typename Fn>
  void ApplyToStore(Fn&& fn) {
    try {
      fn();
    } catch (...) {
      ReportError(std::current_exception());
    }
  }
  APIMACHINERY_DECL void List(const std::stop_token& stop);
  APIMACHINERY_DECL std::unique_ptr<watch::Interface> WatchList(const std::stop_token& stop);
  APIMACHINERY_DECL void WatchWithResync(const std::stop_token& stop, std::unique_ptr<watch::Interface> w);
  APIMACHINERY_DECL void Watch(const std::stop_token& stop, std::unique_ptr<watch::Interface> w);
  APIMACHINERY_DECL WatchOutcome HandleAnyWatch(const std::stop_token& stop, util::clock::Time start,
                                                watch::Interface& w, ReflectorStore& store,
                                                bool exit_on_initial_events_end,
                                                const std::function<void(const std::string&, bool)>& set_rv);
  APIMACHINERY_DECL void ResyncLoop(const std::stop_token& stop);
  // Sleep: waits d on the clock; false when stopped first.
  APIMACHINERY_DECL bool Sleep(const std::stop_token& stop, util::clock::Duration d);
  APIMACHINERY_DECL std::int64_t WatchTimeoutSeconds();
  // WatchDeadlineAfter: how long after its start a watch opened with timeout_seconds is stopped
  // client-side when the server has not ended it.
  APIMACHINERY_DECL static util::clock::Duration WatchDeadlineAfter(std::int64_t timeout_seconds);
  APIMACHINERY_DECL bool MatchesExpectedType(const runtime::Object& obj) const;
  APIMACHINERY_DECL bool IsRetriableWatchError(const std::exception_ptr& err) const;

  APIMACHINERY_DECL void SetLastSyncResourceVersion(std::string v);
  APIMACHINERY_DECL void SetIsLastSyncResourceVersionUnavailable(bool v);
  APIMACHINERY_DECL std::string RelistResourceVersion() const;
  APIMACHINERY_DECL std::string RewatchResourceVersion() const;

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
APIMACHINERY_DECL std::string GoTypeName(std::string_view cpp_name);

APIMACHINERY_DECL std::string ExceptionText(const std::exception_ptr& err);

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
  APIMACHINERY_DECL void Add(std::shared_ptr<const runtime::Object> obj) override;
  APIMACHINERY_DECL void Update(std::shared_ptr<const runtime::Object> obj) override;
  APIMACHINERY_DECL void Delete(std::shared_ptr<const runtime::Object> obj) override;
  APIMACHINERY_DECL void Replace(const std::vector<std::shared_ptr<const runtime::Object>>& items,
                                 std::string_view /*resource_version*/) override;
  APIMACHINERY_DECL void Resync() override;
  APIMACHINERY_DECL std::vector<std::shared_ptr<const runtime::Object>> List() const;

 private:
  std::map<std::string, std::shared_ptr<const runtime::Object>> items_;
};

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/reflector.ipp"
#endif
