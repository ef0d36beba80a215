// Package ctrl (umbrella header): controller-runtime's layer (sigs.k8s.io/controller-runtime),
// one header per Go package:
//
//   options.hpp     InNamespace, MatchingLabels, MatchingFields, Limit, Continue, ... (pkg/client options)
//   interfaces.hpp  ObjectKey, Reader, Writer, Client, Patch                     (pkg/client)
//   client.hpp      NewClient over a dynamic::Interface, NewDelegatingClient      (pkg/client)
//   cache.hpp       Cache: informer-backed reads, IndexField, selective caching   (pkg/cache)
//   reconcile.hpp   Request, Result, Reconciler, TerminalError                     (pkg/reconcile)
//   event.hpp       CreateEvent, UpdateEvent, DeleteEvent, GenericEvent            (pkg/event)
//   predicate.hpp   GenerationChanged..., PredicateFuncs, And/Or/Not               (pkg/predicate)
//   handler.hpp     EnqueueRequestForObject, EnqueueRequestForOwner, MapFunc       (pkg/handler)
//   source.hpp      KindSource, ChannelSource, FuncSource                          (pkg/source)
//   controller.hpp  Controller: workqueue, workers, reconcile handling             (pkg/controller)
//   manager.hpp     Manager: cache, clients, runnables, graceful shutdown          (pkg/manager)
//   builder.hpp     NewControllerManagedBy(mgr).For<T>().Owns<U>().Complete(r)     (pkg/builder)
//   log.hpp         LogSink; metrics.hpp: controller metrics hooks
//   controllerutil/ owner references and finalizers (pkg/controller/controllerutil)
//
// Throws, thread-safety and complexity are documented in each header.
#pragma once

#include "apimachinery/ctrl/builder.hpp"
#include "apimachinery/ctrl/cache.hpp"
#include "apimachinery/ctrl/client.hpp"
#include "apimachinery/ctrl/controller.hpp"
#include "apimachinery/ctrl/controllerutil/controllerutil.hpp"
#include "apimachinery/ctrl/event.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/interfaces.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/ctrl/manager.hpp"
#include "apimachinery/ctrl/metrics.hpp"
#include "apimachinery/ctrl/options.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/ctrl/reconcile.hpp"
#include "apimachinery/ctrl/source.hpp"
