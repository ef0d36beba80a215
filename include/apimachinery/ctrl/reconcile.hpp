// ctrl::Request, ctrl::Result, ctrl::Reconciler, ctrl::TerminalError: what a controller hands
// its reconciler and what it answers (sigs.k8s.io/controller-runtime pkg/reconcile/reconcile.go:
// Request, Result, Reconciler, Func, TerminalError).
//
// Example (namespace scope):
//   struct WidgetSpec { int size = 0; };
//   APIMACHINERY_FIELDS(WidgetSpec, size)
//   struct Widget : runtime::ObjectBase<Widget> {   // a custom resource (runtime/interfaces.hpp)
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   class WidgetReconciler : public ctrl::Reconciler {
//    public:
//     explicit WidgetReconciler(std::shared_ptr<ctrl::Client> c) : client(std::move(c)) {}
//     ctrl::Result Reconcile(const ctrl::Request& req) override {
//       auto w = client->Get<Widget>(req.Key());             // throws: retried with backoff
//       if (!Valid(*w)) throw ctrl::TerminalError("bad spec");  // not retried
//       return {.requeue_after = std::chrono::minutes(5)};   // look again in five minutes
//     }
//    private:
//     static bool Valid(const Widget& w) { return w.spec.size >= 0; }
//     std::shared_ptr<ctrl::Client> client;
//   };
// Example:
//   auto r = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//
// A reconciler reports an error by throwing: the controller logs it, counts it and requeues the
// request rate-limited (upstream's non-nil error); a TerminalError is logged and counted but not
// requeued. The Result of a call that throws is ignored, as upstream ignores Requeue and
// RequeueAfter next to an error.
//
// Throws: nothing of their own (TerminalError's constructors: std::bad_alloc).
// Thread-safety: Request and Result are values; a Reconciler is called from up to
// MaxConcurrentReconciles threads at once, never twice at once for one Request.
// Differences from upstream: no context argument; errors are exceptions; Result has no
// Priority (the controller's queue is the workqueue's rate-limited queue, not controller-runtime's
// priority queue); Request has its own namespace_/name members instead of embedding
// types.NamespacedName (Key() converts).
#pragma once

#include <chrono>
#include <compare>
#include <concepts>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/types/namespacedname.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/internal/hash_combine.hpp"

namespace apimachinery::ctrl {

// Request: the namespace and name of the object to reconcile (reconcile.Request). An empty
// namespace_ is a cluster-scoped object.
struct Request {
  std::string namespace_{};
  std::string name{};

  // String: "<namespace>/<name>" ("/<name>" without namespace), as types.NamespacedName prints.
  APIMACHINERY_DECL std::string String() const;
  // Key: the request as a client key (types.NamespacedName).
  APIMACHINERY_DECL types::NamespacedName Key() const;
  APIMACHINERY_DECL static Request FromKey(const types::NamespacedName& key);

  friend bool operator==(const Request&, const Request&) = default;
  friend auto operator<=>(const Request&, const Request&) = default;
};

// Result: what a successful reconcile asks for (reconcile.Result). requeue_after > 0 requeues
// the request after that delay (and resets its backoff); requeue (deprecated upstream) requeues
// it rate-limited; the zero Result requeues nothing.
struct Result {
  bool requeue = false;
  std::chrono::milliseconds requeue_after{0};

  APIMACHINERY_DECL bool IsZero() const noexcept;
  friend bool operator==(const Result&, const Result&) = default;
};

// Reconciler: makes the world match the object named by the request (reconcile.Reconciler).
// Throw to report an error (see the top comment).
class Reconciler {
 public:
  virtual ~Reconciler() = default;
  virtual Result Reconcile(const Request& request) = 0;

 protected:
  Reconciler() = default;
  Reconciler(const Reconciler&) = default;
  Reconciler& operator=(const Reconciler&) = default;
  Reconciler(Reconciler&&) = default;
  Reconciler& operator=(Reconciler&&) = default;
};

// FuncReconciler: a Reconciler calling a function (reconcile.Func).
class FuncReconciler final : public Reconciler {
 public:
  APIMACHINERY_DECL explicit FuncReconciler(std::function<Result(const Request&)> fn);
  APIMACHINERY_DECL Result Reconcile(const Request& request) override;

 private:
  std::function<Result(const Request&)> fn_;
};

// ReconcileFunc: a shared FuncReconciler over `fn`.
APIMACHINERY_DECL std::shared_ptr<Reconciler> ReconcileFunc(std::function<Result(const Request&)> fn);

// TerminalError: an error the controller must not retry (reconcile.TerminalError). what() is
// upstream's `terminal error: <wrapped>`; a TerminalError wrapping nothing says `nil terminal
// error`. `wrapped` holds the wrapped exception when built from one (else null).
class TerminalError : public Error {
 public:
  APIMACHINERY_DECL TerminalError();
  APIMACHINERY_DECL explicit TerminalError(std::string_view message);
  // Wraps `e` (its what() is the text; a copy of `e` is kept in `wrapped`).
  template <typename E>
  requires std::derived_from<E, std::exception>
  explicit TerminalError(const E& e)
      : Error("terminal error: " + std::string(e.what())), wrapped(std::make_exception_ptr(e)) {}

  std::exception_ptr wrapped;
};

}  // namespace apimachinery::ctrl

APIMACHINERY_STRINGER(apimachinery::ctrl, Request);

template <>
struct std::hash<apimachinery::ctrl::Request> {
  std::size_t operator()(const apimachinery::ctrl::Request& r) const noexcept {
    return apimachinery::util::internal::HashCombine(
        apimachinery::util::internal::HashCombine(0x5251, r.namespace_), r.name);
  }
};

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/reconcile.ipp"
#endif
