// Definitions of the non-template functions declared in <apimachinery/error.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/error.hpp"

namespace apimachinery {

APIMACHINERY_DECL AggregateError::AggregateError(std::vector<std::exception_ptr> errs)
    : Error(Message(errs)), errors(std::move(errs)) {}

APIMACHINERY_DECL std::string WhatOf(const std::exception_ptr& e) {
  if (!e) return {};
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "unknown error";
  }
}

APIMACHINERY_DECL std::string AggregateError::Message(const std::vector<std::exception_ptr>& errs) {
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
