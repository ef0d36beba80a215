// Definitions of the non-template functions declared in <apimachinery/workqueue/metrics.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/workqueue/metrics.hpp"

namespace apimachinery::workqueue::internal {

APIMACHINERY_DECL RetryMetrics::RetryMetrics(std::string_view name,
                                             std::shared_ptr<MetricsProvider> provider) {
  if (name.empty()) return;
  if (!provider) provider = GlobalProvider();
  if (provider) retries_ = provider->NewRetriesMetric(name);
}

APIMACHINERY_DECL void RetryMetrics::Retry() {
  if (retries_) retries_->Inc();
}

APIMACHINERY_DECL GlobalMetricsFactory& GlobalFactory() {
  static GlobalMetricsFactory factory;
  return factory;
}

}  // namespace apimachinery::workqueue::internal

namespace apimachinery::workqueue {

APIMACHINERY_DECL void SetProvider(std::shared_ptr<MetricsProvider> provider) {
  auto& f = internal::GlobalFactory();
  std::lock_guard<std::mutex> g(f.mu);
  if (f.set) return;
  f.set = true;
  f.provider = std::move(provider);
}

APIMACHINERY_DECL std::shared_ptr<MetricsProvider> GlobalProvider() {
  auto& f = internal::GlobalFactory();
  std::lock_guard<std::mutex> g(f.mu);
  return f.provider;
}

}  // namespace apimachinery::workqueue
