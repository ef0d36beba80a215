// Definitions of the non-template functions declared in <apimachinery/workqueue/default_rate_limiters.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/workqueue/default_rate_limiters.hpp"

namespace apimachinery::workqueue::internal {

APIMACHINERY_DECL int IncFailures(int& n) {
  if (n < INT_MAX) ++n;
  return n;
}

}  // namespace apimachinery::workqueue::internal
