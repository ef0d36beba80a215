// Definitions of the non-template functions declared in <apimachinery/pager/pager.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/pager/pager.hpp"

namespace apimachinery::pager {

APIMACHINERY_DECL ContextCanceledError::ContextCanceledError() : Error("context canceled") {}

}  // namespace apimachinery::pager
