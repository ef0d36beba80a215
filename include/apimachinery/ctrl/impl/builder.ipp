// Definitions of the non-template functions declared in <apimachinery/ctrl/builder.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/builder.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL Builder::Builder(Manager& mgr) : mgr_(&mgr) {}

APIMACHINERY_DECL Builder& Builder::For(const ObjectType& type, const std::vector<PredicatePtr>& predicates) {
  return ForType(type, type.gvk, Getter(type), predicates);
}

APIMACHINERY_DECL Builder& Builder::Owns(const ObjectType& type, const std::vector<PredicatePtr>& predicates,
                                         bool match_every_owner) {
  owns_.push_back(Watch{type, Getter(type), nullptr, predicates, match_every_owner, TypeName(type)});
  return *this;
}

APIMACHINERY_DECL Builder& Builder::Watches(const ObjectType& type, EventHandlerPtr h,
                                            const std::vector<PredicatePtr>& predicates) {
  watches_.push_back(Watch{type, Getter(type), std::move(h), predicates, false, TypeName(type)});
  return *this;
}

APIMACHINERY_DECL Builder& Builder::WatchesRawSource(SourcePtr src) {
  raw_.push_back(std::move(src));
  return *this;
}

APIMACHINERY_DECL Builder& Builder::WithEventFilter(PredicatePtr p) {
  global_.push_back(std::move(p));
  return *this;
}

APIMACHINERY_DECL Builder& Builder::WithOptions(ControllerOptions options) {
  options_ = std::move(options);
  return *this;
}

APIMACHINERY_DECL Builder& Builder::Named(std::string name) {
  name_ = std::move(name);
  return *this;
}

APIMACHINERY_DECL std::shared_ptr<Controller> Builder::Build(std::shared_ptr<Reconciler> r) {
  if (!r) throw Error("must provide a non-nil Reconciler");
  if (for_error_) throw Error(*for_error_);
  std::string name = name_;
  if (name.empty()) {
    if (!for_) throw Error("one of For() or Named() must be called");
    name = util::ToLowerASCII(for_kind_.kind);
  }
  if (!owns_.empty() && !for_) throw Error("Owns() can only be used together with For()");
  if (!for_ && watches_.empty() && raw_.empty()) {
    throw Error(
        "there are no watches configured, controller will never get triggered. Use For(), Owns(), "
        "Watches() or "
        "WatchesRawSource() to set them up");
  }
  ControllerOptions options = options_;
  if (!options.log_sink) options.log_sink = mgr_->GetLogger().Sink();  // the manager's log
  const std::shared_ptr<LogSink> log = options.log_sink;
  auto c = std::make_shared<Controller>(std::move(name), std::move(r), std::move(options));
  if (for_) {
    c->Watch(MakeKind(*for_, std::make_shared<EnqueueRequestForObject>(), log));
  }
  for (auto& own : owns_) {
    OwnerOptions o;
    o.only_controller = !own.match_every_owner;
    c->Watch(MakeKind(own, std::make_shared<OwnerHandler>(for_kind_.GroupKind(), mgr_->GetRESTMapperPtr(), o),
                      log));
  }
  for (auto& w : watches_) c->Watch(MakeKind(w, w.handler, log));
  for (auto& s : raw_) c->Watch(s);
  mgr_->Add(c);
  return c;
}

APIMACHINERY_DECL std::shared_ptr<Controller> Builder::Complete(std::shared_ptr<Reconciler> r) {
  return Build(std::move(r));
}

APIMACHINERY_DECL Builder& Builder::ForType(const ObjectType& type, schema::GroupVersionKind kind,
                                            KindSource::InformerGetter getter,
                                            const std::vector<PredicatePtr>& predicates) {
  if (for_) {
    for_error_ = "For(...) should only be called once, could not assign multiple objects for reconciliation";
    return *this;
  }
  for_ = Watch{type, std::move(getter), nullptr, predicates, false, TypeName(type)};
  for_kind_ = std::move(kind);
  return *this;
}

APIMACHINERY_DECL KindSource::InformerGetter Builder::Getter(const ObjectType& type) {
  Manager* m = mgr_;
  return [m, type]() -> cache::SharedIndexInformer& { return m->GetCache().GetInformer(type); };
}

APIMACHINERY_DECL std::string Builder::TypeName(const ObjectType& type) {
  std::string n(type.type.name());
  if (!type.gvk.kind.empty()) n += "[" + type.gvk.GroupVersion().String() + " " + type.gvk.kind + "]";
  return n;
}

APIMACHINERY_DECL std::shared_ptr<KindSource> Builder::MakeKind(const Watch& w, EventHandlerPtr h,
                                                                std::shared_ptr<LogSink> log) const {
  std::vector<PredicatePtr> preds = global_;
  preds.insert(preds.end(), w.predicates.begin(), w.predicates.end());
  return std::make_shared<KindSource>(w.getter, std::move(h), std::move(preds), w.type_name,
                                      KindSourceOptions{.log_sink = std::move(log)});
}

APIMACHINERY_DECL Builder NewControllerManagedBy(Manager& mgr) { return Builder(mgr); }

}  // namespace apimachinery::ctrl
