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

namespace apimachinery {

// Error is the base of every exception thrown by apimachinery-cpp.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// AggregateError holds several errors (upstream: utilerrors.Aggregate).
class AggregateError : public Error {
 public:
  explicit AggregateError(std::vector<std::exception_ptr> errs)
      : Error(Message(errs)), errors(std::move(errs)) {}

  std::vector<std::exception_ptr> errors;

  // Message renders upstream's aggregate text for a list of errors.
  static std::string Message(const std::vector<std::exception_ptr>& errs);
};

// WhatOf returns the what() text of an exception_ptr ("" for a null pointer, "unknown error" for a
// non-std exception).
inline std::string WhatOf(const std::exception_ptr& e) {
  if (!e) return {};
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "unknown error";
  }
}

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

inline std::string AggregateError::Message(const std::vector<std::exception_ptr>& errs) {
  std::vector<std::string> texts;
  for (const auto& e : errs) {
    if (!e) continue;
    std::string t = WhatOf(e);
    bool seen = false;
    for (const auto& s : texts) seen = seen || s == t;
    if (!seen) texts.push_back(std::move(t));
  }
  if (texts.empty()) return {};
  if (texts.size() == 1) return texts.front();
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (i) out += ", ";
    out += texts[i];
  }
  out += "]";
  return out;
}

}  // namespace apimachinery
