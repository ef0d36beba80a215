// ctrl::EventHandler and the handlers: turn a source's events into requests on the controller's queue
// (sigs.k8s.io/controller-runtime pkg/handler: eventhandler.go EventHandler, Funcs; enqueue.go
// EnqueueRequestForObject; enqueue_owner.go EnqueueRequestForOwner, OnlyControllerOwner;
// enqueue_mapped.go EnqueueRequestsFromMapFunc, MapFunc).
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
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Widget>({"example.com", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme);
//   auto self = std::make_shared<ctrl::EnqueueRequestForObject>();        // the object's key
//   auto owner = ctrl::EnqueueRequestForOwner(scheme, mapper, Widget{},
//                                             ctrl::OnlyControllerOwner());  // its owner's key
//   auto mapped = ctrl::EnqueueRequestsFromMapFunc([](const runtime::Object& o) {
//     return std::vector<ctrl::Request>{{"ns", o.GetObjectMeta()->labels.at("widget")}}; });
//
// Every request is Add()ed to the queue (no rate limiting: the queue deduplicates a request that
// is already waiting). Events without an object (or without metadata) are ignored.
// EnqueueRequestForOwner enqueues, for every owner reference of the object (only the controller
// reference with OnlyControllerOwner) whose kind and API group are the owner type's, the owner's
// name in the object's namespace, or without a namespace when the RESTMapper maps the owner's
// kind (at the reference's version) to a cluster-scoped resource; for updates the owners of the
// old and the new object, each once.
//
// Throws: EnqueueRequestForOwner throws at construction what upstream panics with: the Scheme's
// errors for an unregistered owner type (runtime::NotRegisteredError, ...), and apimachinery::Error
// `expected exactly 1 kind for OwnerType <T>, but found [<gvk> ...] kinds`. At event time
// nothing is thrown: an unparsable reference apiVersion or a RESTMapper error skips the remaining
// references, as upstream (which logs it; we stay silent). User map functions may throw: the
// source then drops the event and reports the exception.
// Thread-safety: handlers are immutable after construction and called from informer threads;
// the queue is thread-safe.
// Differences from upstream: names are flat in namespace ctrl (handler.Funcs is HandlerFuncs); not
// templated on object or request type; no priority queue (no
// low priority for initial-list and resync events, upstream's WithLowPriorityWhenUnchanged is
// a no-op here); no context argument; %T is the C++ type name.
#pragma once

#include <algorithm>
#include <exception>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/apis/meta/v1/controller_ref.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/event.hpp"
#include "apimachinery/ctrl/reconcile.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

namespace apimachinery::ctrl {

// Queue: a controller's work queue of requests.
using Queue = workqueue::TypedRateLimitingInterface<Request>;

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl {

// EventHandler: enqueues requests in response to events (handler.EventHandler).
class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual void Create(const CreateEvent& e, Queue& q) const = 0;
  virtual void Update(const UpdateEvent& e, Queue& q) const = 0;
  virtual void Delete(const DeleteEvent& e, Queue& q) const = 0;
  virtual void Generic(const GenericEvent& e, Queue& q) const = 0;

 protected:
  EventHandler() = default;
  EventHandler(const EventHandler&) = default;
  EventHandler& operator=(const EventHandler&) = default;
  EventHandler(EventHandler&&) = default;
  EventHandler& operator=(EventHandler&&) = default;
};

using EventHandlerPtr = std::shared_ptr<const EventHandler>;

// HandlerFuncs: an EventHandler from up to four functions; an unset one does nothing (handler.Funcs).
struct HandlerFuncs : EventHandler {
  std::function<void(const CreateEvent&, Queue&)> create_func{};
  std::function<void(const UpdateEvent&, Queue&)> update_func{};
  std::function<void(const DeleteEvent&, Queue&)> delete_func{};
  std::function<void(const GenericEvent&, Queue&)> generic_func{};

  APIMACHINERY_DECL void Create(const CreateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Update(const UpdateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Delete(const DeleteEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Generic(const GenericEvent& e, Queue& q) const override;
};

namespace internal {
APIMACHINERY_DECL const metav1::ObjectMeta* MetaOf(const EventObject& o) noexcept;
APIMACHINERY_DECL void AddKeyOf(const EventObject& o, Queue& q);
}  // namespace internal

// EnqueueRequestForObject: the event's own object (handler.EnqueueRequestForObject); for an
// update the new object's key (the old one's when the new object is missing).
class EnqueueRequestForObject final : public EventHandler {
 public:
  APIMACHINERY_DECL void Create(const CreateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Update(const UpdateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Delete(const DeleteEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Generic(const GenericEvent& e, Queue& q) const override;
};

// OwnerOptions: options of EnqueueRequestForOwner.
struct OwnerOptions {
  // only_controller: only the controller reference counts (handler.OnlyControllerOwner).
  bool only_controller = false;
};
// OnlyControllerOwner: OwnerOptions{.only_controller = true}.
APIMACHINERY_DECL OwnerOptions OnlyControllerOwner();

// OwnerHandler: the handler EnqueueRequestForOwner builds, for an owner kind given directly.
class OwnerHandler final : public EventHandler {
 public:
  APIMACHINERY_DECL OwnerHandler(schema::GroupKind owner, std::shared_ptr<const meta::RESTMapper> mapper,
                                 OwnerOptions options = {});
  APIMACHINERY_DECL const schema::GroupKind& OwnerGroupKind() const noexcept;

  APIMACHINERY_DECL void Create(const CreateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Update(const UpdateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Delete(const DeleteEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Generic(const GenericEvent& e, Queue& q) const override;

 private:
  APIMACHINERY_DECL void Enqueue(std::initializer_list<EventObject> objects, Queue& q) const;
  // enqueue_owner.go: getOwnerReconcileRequest.
  APIMACHINERY_DECL void OwnerRequests(const EventObject& o, std::vector<Request>& out) const;

  schema::GroupKind owner_;
  std::shared_ptr<const meta::RESTMapper> mapper_;
  OwnerOptions options_;
};

// EnqueueRequestForOwner: the owners of type `owner_type` (its kind from `scheme`; an
// Unstructured or PartialObjectMetadata carries its own) of the event's objects.
APIMACHINERY_DECL std::shared_ptr<const OwnerHandler> EnqueueRequestForOwner(
    const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
    const runtime::Object& owner_type, OwnerOptions options = {});

// MapFunc: the requests an object maps to (handler.MapFunc). Called with each event's object
// (for updates: the old and the new one); requests are enqueued once per event.
using MapFunc = std::function<std::vector<Request>(const runtime::Object&)>;

class MapFuncHandler final : public EventHandler {
 public:
  APIMACHINERY_DECL explicit MapFuncHandler(MapFunc fn);
  APIMACHINERY_DECL void Create(const CreateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Update(const UpdateEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Delete(const DeleteEvent& e, Queue& q) const override;
  APIMACHINERY_DECL void Generic(const GenericEvent& e, Queue& q) const override;

 private:
  APIMACHINERY_DECL void Enqueue(std::initializer_list<EventObject> objects, Queue& q) const;
  MapFunc fn_;
};

// EnqueueRequestsFromMapFunc: the requests `fn` maps each object to
// (handler.EnqueueRequestsFromMapFunc).
APIMACHINERY_DECL std::shared_ptr<const MapFuncHandler> EnqueueRequestsFromMapFunc(MapFunc fn);

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/handler.ipp"
#endif
