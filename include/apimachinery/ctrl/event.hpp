// ctrl events: what a source tells event handlers and predicates (sigs.k8s.io/controller-runtime
// pkg/event/event.go: CreateEvent, UpdateEvent, DeleteEvent, GenericEvent).
//
// Objects are the informer's shared, immutable objects (std::shared_ptr<const runtime::Object>);
// a GenericEvent pushed by user code may carry any object. Handlers and predicates must accept a
// null object (upstream's isNil checks), which they log and ignore.
//
// Throws: nothing. Thread-safety: values. Differences from upstream: not templated on the object
// type (objects are runtime::Object; handlers cast when they need the concrete type).
#pragma once

#include <memory>

#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::ctrl {

using EventObject = std::shared_ptr<const runtime::Object>;

// CreateEvent: an object was created, or is in the informer's initial list (is_in_initial_list).
struct CreateEvent {
  EventObject object{};
  bool is_in_initial_list = false;
};

// UpdateEvent: an object changed (or was resynced: equal resourceVersions).
struct UpdateEvent {
  EventObject object_old{};
  EventObject object_new{};
};

// DeleteEvent: an object was deleted. delete_state_unknown: the deletion was noticed by a relist
// and `object` is the last state the cache held (client-go's DeletedFinalStateUnknown).
struct DeleteEvent {
  EventObject object{};
  bool delete_state_unknown = false;
};

// GenericEvent: an event from outside the cluster (source::Channel) or any other trigger.
struct GenericEvent {
  EventObject object{};
};

}  // namespace apimachinery::ctrl
