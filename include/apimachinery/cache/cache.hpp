// Package cache (umbrella header): client-go's tools/cache core.
//
//   store.hpp             Indexer, KeyFunc, MetaNamespaceKeyFunc, SplitMetaNamespaceKey, KeyError
//   index.hpp             IndexFunc, Indexers, MetaNamespaceIndexFunc, kNamespaceIndex
//   thread_safe_store.hpp ThreadSafeStore (+ label index and Select)
//   select_query.hpp      SelectQuery, the filters of a Select
//   object_list.hpp       ObjectList, what the store's reads return
//   delta_fifo.hpp        DeltaType, Delta, Deltas, DeletedFinalStateUnknown
//   the_real_fifo.hpp     RealFIFO
//   listwatch.hpp         ListResult, ListerWatcher, ListWatch
//   reflector_store.hpp   ReflectorStore
//   reflector.hpp         Reflector, ReflectorOptions
//   controller.hpp        Controller, Config, ProcessDeltas, ResourceEventHandlerFuncs,
//                         NewInformerWithOptions
//   shared_informer.hpp   SharedIndexInformer, ResourceEventHandlerRegistration,
//                         WaitForCacheSync, ShutDownEventHandler, StripManagedFields
//
// Throws, thread-safety and complexity are documented in each header.
#pragma once

#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/cache/object_list.hpp"
#include "apimachinery/cache/reflector.hpp"
#include "apimachinery/cache/reflector_store.hpp"
#include "apimachinery/cache/select_query.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/cache/the_real_fifo.hpp"
#include "apimachinery/cache/thread_safe_store.hpp"
#include "apimachinery/cache/controller.hpp"
#include "apimachinery/cache/shared_informer.hpp"
