// ctrl::Predicate and the predicates: filters on the events a source hands to its event handler
// (sigs.k8s.io/controller-runtime pkg/predicate/predicate.go: Predicate, Funcs, NewPredicateFuncs,
// ResourceVersionChangedPredicate, GenerationChangedPredicate, AnnotationChangedPredicate,
// LabelChangedPredicate, And, Or, Not, LabelSelectorPredicate).
//
// Example:
//   ctrl::PredicatePtr p = ctrl::Or(ctrl::GenerationChangedPredicate{}, ctrl::LabelChangedPredicate{});
//   ctrl::PredicatePtr mine = ctrl::ToPredicate(ctrl::NewPredicateFuncs([](const runtime::Object& o) {
//     return o.GetObjectMeta()->namespace_ == "prod"; }));
//
// A Predicate answers, per event kind, whether the event goes on to the handler. PredicateFuncs answers
// true for every kind whose function is unset. The *Changed predicates pass every create,
// delete and generic event, and an update only when the field differs between the old and the
// new object; an update missing either object (or its metadata) is refused. Predicates are shared
// as PredicatePtr (std::shared_ptr<const Predicate>); And/Or/Not accept PredicatePtrs and
// predicate values alike (values are copied into a shared pointer). And of nothing is true, Or of
// nothing false, as upstream.
//
// Throws: LabelSelectorPredicate: metav1::LabelSelectorAsSelector's errors; the rest nothing of
// their own (user functions may throw: the source then drops the event and reports it).
// Thread-safety: predicates are immutable after construction and called from informer threads.
// Differences from upstream: names are flat in namespace ctrl (predicate.Funcs is PredicateFuncs);
// not templated on the object type (runtime::Object); the "no old
// object" log lines are not written (a refused update is silent).
#pragma once

#include <concepts>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/helpers.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/event.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::ctrl {

// Predicate: whether an event is handed on (predicate.Predicate).
class Predicate {
 public:
  virtual ~Predicate() = default;
  virtual bool Create(const CreateEvent& e) const = 0;
  virtual bool Delete(const DeleteEvent& e) const = 0;
  virtual bool Update(const UpdateEvent& e) const = 0;
  virtual bool Generic(const GenericEvent& e) const = 0;

 protected:
  Predicate() = default;
  Predicate(const Predicate&) = default;
  Predicate& operator=(const Predicate&) = default;
  Predicate(Predicate&&) = default;
  Predicate& operator=(Predicate&&) = default;
};

using PredicatePtr = std::shared_ptr<const Predicate>;

// PredicateFuncs: a Predicate from up to four functions; an unset one answers true (predicate.Funcs).
struct PredicateFuncs : Predicate {
  PredicateFuncs() = default;
  APIMACHINERY_DECL PredicateFuncs(std::function<bool(const CreateEvent&)> create,
                                   std::function<bool(const DeleteEvent&)> del,
                                   std::function<bool(const UpdateEvent&)> update,
                                   std::function<bool(const GenericEvent&)> generic);

  std::function<bool(const CreateEvent&)> create_func{};
  std::function<bool(const DeleteEvent&)> delete_func{};
  std::function<bool(const UpdateEvent&)> update_func{};
  std::function<bool(const GenericEvent&)> generic_func{};

  APIMACHINERY_DECL bool Create(const CreateEvent& e) const override;
  APIMACHINERY_DECL bool Delete(const DeleteEvent& e) const override;
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
  APIMACHINERY_DECL bool Generic(const GenericEvent& e) const override;
};

// NewPredicateFuncs: every event kind filtered by `filter` on its object (the new one for
// updates). A null object is refused.
APIMACHINERY_DECL PredicateFuncs NewPredicateFuncs(std::function<bool(const runtime::Object&)> filter);

namespace internal {
// BothMeta: the old and new metadata of an update, or nullptrs when either is missing.
APIMACHINERY_DECL std::pair<const metav1::ObjectMeta*, const metav1::ObjectMeta*> BothMeta(
    const UpdateEvent& e) noexcept;
}  // namespace internal

// ResourceVersionChangedPredicate: updates whose resourceVersion changed (not resyncs).
struct ResourceVersionChangedPredicate : PredicateFuncs {
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
};

// GenerationChangedPredicate: updates whose metadata.generation changed (spec changes, for
// resources whose status is a subresource; upstream's caveats apply: no generation → no update).
struct GenerationChangedPredicate : PredicateFuncs {
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
};

// AnnotationChangedPredicate: updates whose annotations changed.
struct AnnotationChangedPredicate : PredicateFuncs {
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
};

// LabelChangedPredicate: updates whose labels changed.
struct LabelChangedPredicate : PredicateFuncs {
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
};

// ToPredicate: a PredicatePtr as is, or a copy of a predicate value.
APIMACHINERY_DECL PredicatePtr ToPredicate(PredicatePtr p);
template <typename P>
requires std::derived_from<std::remove_cvref_t<P>, Predicate> PredicatePtr ToPredicate(P&& p) {
  return std::make_shared<const std::remove_cvref_t<P>>(std::forward<P>(p));
}

namespace internal {
class AndPredicate final : public Predicate {
 public:
  APIMACHINERY_DECL explicit AndPredicate(std::vector<PredicatePtr> ps);
  APIMACHINERY_DECL bool Create(const CreateEvent& e) const override;
  APIMACHINERY_DECL bool Delete(const DeleteEvent& e) const override;
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
  APIMACHINERY_DECL bool Generic(const GenericEvent& e) const override;

 private:
  template <typename F>
  bool All(F f) const {
    for (const auto& p : ps_) {
      if (!f(p)) return false;
    }
    return true;
  }
  std::vector<PredicatePtr> ps_;
};

class OrPredicate final : public Predicate {
 public:
  APIMACHINERY_DECL explicit OrPredicate(std::vector<PredicatePtr> ps);
  APIMACHINERY_DECL bool Create(const CreateEvent& e) const override;
  APIMACHINERY_DECL bool Delete(const DeleteEvent& e) const override;
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
  APIMACHINERY_DECL bool Generic(const GenericEvent& e) const override;

 private:
  template <typename F>
  bool Any(F f) const {
    for (const auto& p : ps_) {
      if (f(p)) return true;
    }
    return false;
  }
  std::vector<PredicatePtr> ps_;
};

class NotPredicate final : public Predicate {
 public:
  APIMACHINERY_DECL explicit NotPredicate(PredicatePtr p);
  APIMACHINERY_DECL bool Create(const CreateEvent& e) const override;
  APIMACHINERY_DECL bool Delete(const DeleteEvent& e) const override;
  APIMACHINERY_DECL bool Update(const UpdateEvent& e) const override;
  APIMACHINERY_DECL bool Generic(const GenericEvent& e) const override;

 private:
  PredicatePtr p_;
};
}  // namespace internal

// And: true when every predicate is (predicate.And).
template <typename... Ps>
PredicatePtr And(Ps&&... ps) {
  return std::make_shared<const internal::AndPredicate>(
      std::vector<PredicatePtr>{ToPredicate(std::forward<Ps>(ps))...});
}
APIMACHINERY_DECL PredicatePtr And(std::vector<PredicatePtr> ps);
// Or: true when any predicate is (predicate.Or).
template <typename... Ps>
PredicatePtr Or(Ps&&... ps) {
  return std::make_shared<const internal::OrPredicate>(
      std::vector<PredicatePtr>{ToPredicate(std::forward<Ps>(ps))...});
}
APIMACHINERY_DECL PredicatePtr Or(std::vector<PredicatePtr> ps);
// Not: the negation (predicate.Not).
template <typename P>
PredicatePtr Not(P&& p) {
  return std::make_shared<const internal::NotPredicate>(ToPredicate(std::forward<P>(p)));
}

// LabelSelectorPredicate: objects whose labels match `selector` (predicate.LabelSelectorPredicate).
// Throws what metav1::LabelSelectorAsSelector throws for an invalid selector.
APIMACHINERY_DECL PredicateFuncs LabelSelectorPredicate(const metav1::LabelSelector& selector);

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/predicate.ipp"
#endif
