// ctrl::Metrics: the controller's metric hooks (sigs.k8s.io/controller-runtime
// pkg/internal/controller/metrics/metrics.go: controller_runtime_reconcile_total{controller,
// result}, controller_runtime_reconcile_errors_total, controller_runtime_terminal_reconcile_errors_total,
// controller_runtime_reconcile_time_seconds, controller_runtime_max_concurrent_reconciles,
// controller_runtime_active_workers).
//
// Example:
//   auto m = std::make_shared<ctrl::CountingMetrics>();
//   auto reconciler = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//   ctrl::Controller c("widget", reconciler, {.metrics = m});
//   m->ReconcileTotal("widget", ctrl::kResultSuccess);   // a count, for tests and simple export
//
// The controller calls the hooks of the Metrics it is given (NoopMetrics when none): one
// ReconcileResult per reconcile (result label kResultError, kResultRequeueAfter, kResultRequeue
// or kResultSuccess), ReconcileError for every error (terminal ones also TerminalReconcileError),
// ReconcileTime with each reconcile's duration, WorkerCount once at start, ActiveWorkers(+1/-1)
// around each item. Adapt these to a metrics library by implementing Metrics.
//
// Throws: nothing from the classes here. Thread-safety: hooks are called from every worker
// thread at once; CountingMetrics is safe for that.
// Differences from upstream: no Prometheus registry; no panic or timeout counters (a reconciler's
// exceptions are its errors, and there is no reconciliation timeout).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "apimachinery/config.hpp"

namespace apimachinery::ctrl {

inline constexpr std::string_view kResultError = "error";
inline constexpr std::string_view kResultRequeueAfter = "requeue_after";
inline constexpr std::string_view kResultRequeue = "requeue";
inline constexpr std::string_view kResultSuccess = "success";

class Metrics {
 public:
  virtual ~Metrics() = default;
  virtual void ReconcileResult(std::string_view controller, std::string_view result) = 0;
  virtual void ReconcileError(std::string_view controller) = 0;
  virtual void TerminalReconcileError(std::string_view controller) = 0;
  virtual void ReconcileTime(std::string_view controller, std::chrono::nanoseconds duration) = 0;
  virtual void WorkerCount(std::string_view controller, int workers) = 0;
  virtual void ActiveWorkers(std::string_view controller, int delta) = 0;

 protected:
  Metrics() = default;
  Metrics(const Metrics&) = default;
  Metrics& operator=(const Metrics&) = default;
  Metrics(Metrics&&) = default;
  Metrics& operator=(Metrics&&) = default;
};

// NoopMetrics: ignores everything.
class NoopMetrics final : public Metrics {
 public:
  APIMACHINERY_DECL void ReconcileResult(std::string_view, std::string_view) override;
  APIMACHINERY_DECL void ReconcileError(std::string_view) override;
  APIMACHINERY_DECL void TerminalReconcileError(std::string_view) override;
  APIMACHINERY_DECL void ReconcileTime(std::string_view, std::chrono::nanoseconds) override;
  APIMACHINERY_DECL void WorkerCount(std::string_view, int) override;
  APIMACHINERY_DECL void ActiveWorkers(std::string_view, int) override;
};

// CountingMetrics: counters and gauges per controller, behind one mutex.
class CountingMetrics final : public Metrics {
 public:
  APIMACHINERY_DECL void ReconcileResult(std::string_view controller, std::string_view result) override;
  APIMACHINERY_DECL void ReconcileError(std::string_view controller) override;
  APIMACHINERY_DECL void TerminalReconcileError(std::string_view controller) override;
  APIMACHINERY_DECL void ReconcileTime(std::string_view controller,
                                       std::chrono::nanoseconds duration) override;
  APIMACHINERY_DECL void WorkerCount(std::string_view controller, int workers) override;
  APIMACHINERY_DECL void ActiveWorkers(std::string_view controller, int delta) override;

  // Readers (0 for anything never reported).
  APIMACHINERY_DECL std::int64_t ReconcileTotal(std::string_view controller, std::string_view result) const;
  APIMACHINERY_DECL std::int64_t ReconcileErrors(std::string_view controller) const;
  APIMACHINERY_DECL std::int64_t TerminalReconcileErrors(std::string_view controller) const;
  // ReconcileTimeCount / Sum: how many durations were observed and their sum.
  APIMACHINERY_DECL std::int64_t ReconcileTimeCount(std::string_view controller) const;
  APIMACHINERY_DECL std::chrono::nanoseconds ReconcileTimeSum(std::string_view controller) const;
  APIMACHINERY_DECL std::int64_t Workers(std::string_view controller) const;
  APIMACHINERY_DECL std::int64_t Active(std::string_view controller) const;

 private:
  using Counters = std::map<std::string, std::int64_t, std::less<>>;
  APIMACHINERY_DECL void Inc(Counters& c, std::string_view controller);
  APIMACHINERY_DECL std::int64_t Get(const Counters& c, std::string_view controller) const;

  mutable std::mutex mu_;
  std::map<std::pair<std::string, std::string>, std::int64_t> totals_;
  Counters errors_, terminal_errors_, workers_, active_;
  std::map<std::string, std::pair<std::int64_t, std::chrono::nanoseconds>, std::less<>> times_;
};

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/metrics.ipp"
#endif
