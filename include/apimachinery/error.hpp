// apimachinery::Error: the root of every exception this library throws.
//
// Go's `(value, error)` becomes "return the value or throw". `what()` is upstream's `Error()` text
// byte for byte where upstream has one. Where upstream returns a plain, untyped error, the library
// throws `apimachinery::Error` itself with the upstream text.
//
// AggregateError mirrors k8s.io/apimachinery/pkg/util/errors.Aggregate: it holds several errors and
// prints them the way upstream does (one error: its own text; several: `[e1, e2]` with duplicate
// texts removed; all equal: the one text without brackets).
//
// Thread-safety: these are immutable value types once constructed.
#pragma once

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/config.hpp"

namespace apimachinery {

// Error is the base of every exception thrown by apimachinery-cpp.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// AggregateError holds several errors (upstream: utilerrors.Aggregate).
class AggregateError : public Error {
 public:
  APIMACHINERY_DECL explicit AggregateError(std::vector<std::exception_ptr> errs);

  std::vector<std::exception_ptr> errors;

  // Message renders upstream's aggregate text for a list of errors.
  APIMACHINERY_DECL static std::string Message(const std::vector<std::exception_ptr>& errs);
};

// WhatOf returns the what() text of an exception_ptr ("" for a null pointer, "unknown error" for a
// non-std exception).
APIMACHINERY_DECL std::string WhatOf(const std::exception_ptr& e);

// AnyErrorMatches reports whether `pred` holds for `e` or, when `e` is an AggregateError, for any
// error inside it (recursively). This is how the `Is...` predicates look inside aggregates, as Go's
// errors.Is does.
template <typename Pred>
bool AnyErrorMatches(const std::exception& e, Pred&& pred) {
  if (pred(e)) return true;
  if (const auto* agg = dynamic_cast<const AggregateError*>(&e)) {
    for (const auto& inner : agg->errors) {
      if (!inner) continue;
      try {
        std::rethrow_exception(inner);
      } catch (const std::exception& ex) {
        if (AnyErrorMatches(ex, pred)) return true;
      } catch (...) {
      }
    }
  }
  return false;
}

// Implementation details follow.

}  // namespace apimachinery

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/impl/error.ipp"
#endif
