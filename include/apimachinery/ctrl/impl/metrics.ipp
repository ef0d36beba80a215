// Definitions of the non-template functions declared in <apimachinery/ctrl/metrics.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/metrics.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL void NoopMetrics::ReconcileResult(std::string_view, std::string_view) {}

APIMACHINERY_DECL void NoopMetrics::ReconcileError(std::string_view) {}

APIMACHINERY_DECL void NoopMetrics::TerminalReconcileError(std::string_view) {}

APIMACHINERY_DECL void NoopMetrics::ReconcileTime(std::string_view, std::chrono::nanoseconds) {}

APIMACHINERY_DECL void NoopMetrics::WorkerCount(std::string_view, int) {}

APIMACHINERY_DECL void NoopMetrics::ActiveWorkers(std::string_view, int) {}

APIMACHINERY_DECL void CountingMetrics::ReconcileResult(std::string_view controller,
                                                        std::string_view result) {
  std::lock_guard lock(mu_);
  ++totals_[{std::string(controller), std::string(result)}];
}

APIMACHINERY_DECL void CountingMetrics::ReconcileError(std::string_view controller) {
  Inc(errors_, controller);
}

APIMACHINERY_DECL void CountingMetrics::TerminalReconcileError(std::string_view controller) {
  Inc(terminal_errors_, controller);
}

APIMACHINERY_DECL void CountingMetrics::ReconcileTime(std::string_view controller,
                                                      std::chrono::nanoseconds duration) {
  std::lock_guard lock(mu_);
  auto& t = times_[std::string(controller)];
  ++t.first;
  t.second += duration;
}

APIMACHINERY_DECL void CountingMetrics::WorkerCount(std::string_view controller, int workers) {
  std::lock_guard lock(mu_);
  workers_[std::string(controller)] = workers;
}

APIMACHINERY_DECL void CountingMetrics::ActiveWorkers(std::string_view controller, int delta) {
  std::lock_guard lock(mu_);
  active_[std::string(controller)] += delta;
}

APIMACHINERY_DECL std::int64_t CountingMetrics::ReconcileTotal(std::string_view controller,
                                                               std::string_view result) const {
  std::lock_guard lock(mu_);
  auto it = totals_.find({std::string(controller), std::string(result)});
  return it == totals_.end() ? 0 : it->second;
}

APIMACHINERY_DECL std::int64_t CountingMetrics::ReconcileErrors(std::string_view controller) const {
  return Get(errors_, controller);
}

APIMACHINERY_DECL std::int64_t CountingMetrics::TerminalReconcileErrors(std::string_view controller) const {
  return Get(terminal_errors_, controller);
}

APIMACHINERY_DECL std::int64_t CountingMetrics::ReconcileTimeCount(std::string_view controller) const {
  std::lock_guard lock(mu_);
  auto it = times_.find(std::string(controller));
  return it == times_.end() ? 0 : it->second.first;
}

APIMACHINERY_DECL std::chrono::nanoseconds CountingMetrics::ReconcileTimeSum(
    std::string_view controller) const {
  std::lock_guard lock(mu_);
  auto it = times_.find(std::string(controller));
  return it == times_.end() ? std::chrono::nanoseconds{0} : it->second.second;
}

APIMACHINERY_DECL std::int64_t CountingMetrics::Workers(std::string_view controller) const {
  return Get(workers_, controller);
}

APIMACHINERY_DECL std::int64_t CountingMetrics::Active(std::string_view controller) const {
  return Get(active_, controller);
}

APIMACHINERY_DECL void CountingMetrics::Inc(Counters& c, std::string_view controller) {
  std::lock_guard lock(mu_);
  ++c[std::string(controller)];
}

APIMACHINERY_DECL std::int64_t CountingMetrics::Get(const Counters& c, std::string_view controller) const {
  std::lock_guard lock(mu_);
  auto it = c.find(controller);
  return it == c.end() ? 0 : it->second;
}

}  // namespace apimachinery::ctrl
