// Definitions of the non-template functions declared in <apimachinery/ctrl/reconcile.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/reconcile.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL std::string Request::String() const { return Key().String(); }

APIMACHINERY_DECL types::NamespacedName Request::Key() const {
  return types::NamespacedName{namespace_, name};
}

APIMACHINERY_DECL Request Request::FromKey(const types::NamespacedName& key) {
  return Request{key.namespace_, key.name};
}

APIMACHINERY_DECL bool Result::IsZero() const noexcept {
  return !requeue && requeue_after == std::chrono::milliseconds::zero();
}

APIMACHINERY_DECL FuncReconciler::FuncReconciler(std::function<Result(const Request&)> fn)
    : fn_(std::move(fn)) {}

APIMACHINERY_DECL Result FuncReconciler::Reconcile(const Request& request) { return fn_(request); }

APIMACHINERY_DECL std::shared_ptr<Reconciler> ReconcileFunc(std::function<Result(const Request&)> fn) {
  return std::make_shared<FuncReconciler>(std::move(fn));
}

APIMACHINERY_DECL TerminalError::TerminalError() : Error("nil terminal error") {}

APIMACHINERY_DECL TerminalError::TerminalError(std::string_view message)
    : Error("terminal error: " + std::string(message)) {}

}  // namespace apimachinery::ctrl
