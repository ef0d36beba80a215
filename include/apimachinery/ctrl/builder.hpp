// ctrl::Builder: wires a controller into a manager: its primary type (For), the types it owns
// (Owns), other watches, options and the reconciler (sigs.k8s.io/controller-runtime
// pkg/builder/controller.go: ControllerManagedBy, For, Owns, Watches, WatchesRawSource,
// WithEventFilter, WithOptions, Named, Complete, Build).
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
//   struct ConfigMap : runtime::ObjectBase<ConfigMap> {   // the part of core/v1 ConfigMap used
//     static constexpr std::string_view kKind = "ConfigMap";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     std::map<std::string, std::string> data;
//   };
//   APIMACHINERY_FIELDS(ConfigMap, metadata, data)
//   APIMACHINERY_JSON_FIELDS(ConfigMap)
// Example:
//   auto scheme = std::make_shared<runtime::Scheme>();
//   scheme->AddKnownTypes<Widget>({"example.com", "v1"});
//   scheme->AddKnownTypes<ConfigMap>({"", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(*scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   ctrl::Manager mgr(scheme, mapper, server.Dynamic());
//   auto reconciler = ctrl::ReconcileFunc([](const ctrl::Request&) { return ctrl::Result{}; });
//   std::shared_ptr<ctrl::Controller> c = ctrl::NewControllerManagedBy(mgr)
//       .For<Widget>({ctrl::ToPredicate(ctrl::GenerationChangedPredicate{})})
//       .Owns<ConfigMap>()                         // the Widget controlling a changed ConfigMap
//       .WithOptions({.max_concurrent_reconciles = 2})
//       .Complete(reconciler);                     // made and added to the manager
//
// For<T>: a KindSource over the cache's informer of T with EnqueueRequestForObject (with
// OnlyMetadata: of metav1::PartialObjectMetadata of T's kind; Owns and WatchesMetadata alike).
// Owns<U>: a KindSource over U's informer with EnqueueRequestForOwner(the For type), only the
// controller reference unless match_every_owner. Watches: a KindSource over any type's informer with any
// handler. WithEventFilter predicates apply to every KindSource the builder makes. The informers are
// obtained from the cache when the controller starts. The controller's name is Named's, else the
// lower-cased kind of the For type. Without a log_sink in WithOptions the controller logs to the
// manager's sink.
//
// Throws (Build/Complete; apimachinery::Error with upstream's texts): `must provide a non-nil
// Reconciler`; `For(...) should only be called once, could not assign multiple objects for
// reconciliation`; `Owns() can only be used together with For()`; `there are no watches
// configured, controller will never get triggered. Use For(), Owns(), Watches() or
// WatchesRawSource() to set them up`; `one of For() or Named() must be called`; the Scheme's errors
// for an unregistered For type; the Manager's name-uniqueness error; Controller's constructor
// errors. At controller start, a KindSource whose informer cannot be made fails the start (see
// KindSource).
// Thread-safety: a Builder is used from one thread. Differences from upstream: WithOptions takes
// ControllerOptions (the reconciler is Complete's argument only); OnlyMetadata is a tag argument
// (`For<T>(ctrl::OnlyMetadata)`) rather than a variadic option; no webhooks.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/controller.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/interfaces.hpp"
#include "apimachinery/ctrl/manager.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/ctrl/source.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"

namespace apimachinery::ctrl {

// OnlyMetadata: the For/Owns option that watches and caches the type as
// metav1::PartialObjectMetadata of its kind (builder/options.go: OnlyMetadata, projectAsMetadata).
struct OnlyMetadataOption {};
inline constexpr OnlyMetadataOption OnlyMetadata{};

class Builder {
 public:
  APIMACHINERY_DECL explicit Builder(Manager& mgr);

  // For: the reconciled type T (registered in the manager's Scheme).
  template <typename T>
  Builder& For(const std::vector<PredicatePtr>& predicates = {}) {
    return ForType(ObjectType::Of<T>(), KindOf<T>(), Getter<T>(), predicates);
  }
  // For<T>(OnlyMetadata): T's kind, watched as metadata only.
  template <typename T>
  Builder& For(OnlyMetadataOption, const std::vector<PredicatePtr>& predicates = {}) {
    const ObjectType type = MetadataOf<T>();
    return ForType(type, type.gvk, Getter(type), predicates);
  }
  // For an Unstructured or PartialObjectMetadata type of kind `type.gvk`.
  APIMACHINERY_DECL Builder& For(const ObjectType& type, const std::vector<PredicatePtr>& predicates = {});

  // Owns: objects of type T controlled by (or, with match_every_owner, owned by) a For object.
  template <typename T>
  Builder& Owns(const std::vector<PredicatePtr>& predicates = {}, bool match_every_owner = false) {
    owns_.push_back(Watch{ObjectType::Of<T>(), Getter<T>(), nullptr, predicates, match_every_owner,
                          TypeName(ObjectType::Of<T>())});
    return *this;
  }
  // Owns<T>(OnlyMetadata): the owned objects watched as metadata only (owner references are
  // metadata).
  template <typename T>
  Builder& Owns(OnlyMetadataOption, const std::vector<PredicatePtr>& predicates = {},
                bool match_every_owner = false) {
    return Owns(MetadataOf<T>(), predicates, match_every_owner);
  }
  APIMACHINERY_DECL Builder& Owns(const ObjectType& type, const std::vector<PredicatePtr>& predicates = {},
                                  bool match_every_owner = false);

  // Watches: objects of type T, through `h`.
  template <typename T>
  Builder& Watches(EventHandlerPtr h, const std::vector<PredicatePtr>& predicates = {}) {
    watches_.push_back(Watch{ObjectType::Of<T>(), Getter<T>(), std::move(h), predicates, false,
                             TypeName(ObjectType::Of<T>())});
    return *this;
  }
  APIMACHINERY_DECL Builder& Watches(const ObjectType& type, EventHandlerPtr h,
                                     const std::vector<PredicatePtr>& predicates = {});
  // WatchesMetadata<T>: Watches of T's kind as metadata only (builder: WatchesMetadata).
  template <typename T>
  Builder& WatchesMetadata(EventHandlerPtr h, const std::vector<PredicatePtr>& predicates = {}) {
    return Watches(MetadataOf<T>(), std::move(h), predicates);
  }
  // WatchesRawSource: any source, as is (no global predicates).
  APIMACHINERY_DECL Builder& WatchesRawSource(SourcePtr src);
  APIMACHINERY_DECL Builder& WithEventFilter(PredicatePtr p);
  APIMACHINERY_DECL Builder& WithOptions(ControllerOptions options);
  APIMACHINERY_DECL Builder& Named(std::string name);

  // Build: the controller, with its watches, added to the manager.
  APIMACHINERY_DECL std::shared_ptr<Controller> Build(std::shared_ptr<Reconciler> r);
  // Complete: Build, for callers that keep no handle.
  APIMACHINERY_DECL std::shared_ptr<Controller> Complete(std::shared_ptr<Reconciler> r);

 private:
  struct Watch {
    ObjectType type;
    KindSource::InformerGetter getter;
    EventHandlerPtr handler;
    std::vector<PredicatePtr> predicates;
    bool match_every_owner = false;
    std::string type_name;
  };

  APIMACHINERY_DECL Builder& ForType(const ObjectType& type, schema::GroupVersionKind kind,
                                     KindSource::InformerGetter getter,
                                     const std::vector<PredicatePtr>& predicates);
  template <typename T>
  schema::GroupVersionKind KindOf() const {
    auto [kinds, unversioned] = mgr_->GetScheme().ObjectKinds(T{});
    (void)unversioned;
    return kinds.front();
  }
  template <typename T>
  ObjectType MetadataOf() const {
    return ObjectType::Of<metav1::PartialObjectMetadata>(KindOf<T>());
  }
  template <typename T>
  KindSource::InformerGetter Getter() {
    Manager* m = mgr_;
    return [m]() -> cache::SharedIndexInformer& { return m->GetCache().GetInformer<T>(); };
  }
  APIMACHINERY_DECL KindSource::InformerGetter Getter(const ObjectType& type);
  APIMACHINERY_DECL static std::string TypeName(const ObjectType& type);
  // MakeKind: the Kind of a watch, logging its getter's failures to the controller's log.
  APIMACHINERY_DECL std::shared_ptr<KindSource> MakeKind(const Watch& w, EventHandlerPtr h,
                                                         std::shared_ptr<LogSink> log) const;

  Manager* mgr_;
  std::optional<Watch> for_;
  schema::GroupVersionKind for_kind_;
  std::optional<std::string> for_error_;
  std::vector<Watch> owns_;
  std::vector<Watch> watches_;
  std::vector<SourcePtr> raw_;
  std::vector<PredicatePtr> global_;
  ControllerOptions options_;
  std::string name_;
};

// NewControllerManagedBy: a Builder for a controller run by `mgr` (builder.ControllerManagedBy).
APIMACHINERY_DECL Builder NewControllerManagedBy(Manager& mgr);

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/builder.ipp"
#endif
