// Package workqueue (umbrella header): work queues for controllers, ported from
// k8s.io/client-go/util/workqueue.
//
// The package provides a simple queue that supports the following features:
//   * Fair: items are processed in the order in which they are added.
//   * Stingy: a single item will not be processed multiple times concurrently, and if an item is
//     added multiple times before it can be processed, it will only be processed once.
//   * Multiple consumers and producers. In particular, it is allowed for an item to be re-enqueued
//     while it is being processed.
//   * Shutdown notifications (Get returns std::nullopt), with or without draining.
// On top of it: DelayingQueue (AddAfter, one waiting thread per queue, no polling) and
// RateLimitingQueue (AddRateLimited / Forget / NumRequeues over a TypedRateLimiter: exponential
// per item, fast-slow, token bucket, max-of, with-max-wait; DefaultControllerRateLimiter()).
// Metrics (depth, adds, latency, work duration, unfinished work, retries) go through a small
// MetricsProvider interface. Time comes from an injectable util::clock::Clock.
//
// Example:
//   auto Reconcile = [](const std::string& key) { fmt::print("sync {}\n", key); };   // may throw
//   workqueue::RateLimitingQueue<> q(workqueue::DefaultControllerRateLimiter());
//   q.Add("default/nginx");
//   while (auto key = q.Get()) {
//     try { Reconcile(*key); q.Forget(*key); } catch (...) { q.AddRateLimited(*key); }
//     q.Done(*key);
//   }
//
// Headers (one per upstream file): queue.hpp, delaying_queue.hpp, rate_limiting_queue.hpp,
// default_rate_limiters.hpp, metrics.hpp; the clock is in util/clock.hpp.
//
// Differences from upstream (details in each header):
// - Everything is a template on the item type (default std::string keys); the item type must be
//   copyable, == comparable and std::hash-able (workqueue::Comparable, Go's `comparable`).
//   Interface / DelayingInterface / RateLimitingInterface / RateLimiter are the std::string
//   instantiations of the Typed* interfaces. Concrete types are classes with constructors taking a
//   config struct (Queue, DelayingQueue, RateLimitingQueue) instead of New* functions; the rate
//   limiters keep their New* functions, returning std::shared_ptr<TypedRateLimiter<T>>.
// - Get returns std::optional<T> (std::nullopt = shut down) instead of (item, shutdown).
// - Durations are std::chrono::nanoseconds; time is monotonic (steady_clock).
// - Queues own threads (the delaying queue's waiting thread, the metrics thread): destroying a
//   queue shuts it down and joins them. Queues are neither copyable nor movable.
// - Not ported: the deprecated New*/Named constructors, ParallelizeUntil (parallelizer.go), the
//   custom Queue[T] ordering hook of TypedQueueConfig.
#pragma once

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/default_rate_limiters.hpp"
#include "apimachinery/workqueue/delaying_queue.hpp"
#include "apimachinery/workqueue/metrics.hpp"
#include "apimachinery/workqueue/queue.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"
