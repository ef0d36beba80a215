// Package wait (umbrella header): k8s.io/apimachinery/pkg/util/wait. Namespace apimachinery::wait.
//
//   backoff.hpp  Backoff, DelayFunc, Jitter   (backoff.go, wait.go)
//
// Differences from upstream: only the backoff arithmetic is ported; the polling loops (Until,
// PollUntilContextTimeout, ...) are not (their callers sleep on util/clock.hpp themselves).
#pragma once

#include "apimachinery/util/wait/backoff.hpp"
