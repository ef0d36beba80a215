// Package watch (umbrella header): k8s.io/apimachinery/pkg/watch, with client-go's watch stream
// decoder. Namespace apimachinery::watch.
//
//   event.hpp          EventType, Event, Interface, EmptyWatch          (watch.go)
//   fake.hpp           FakeWatcher, RaceFreeFakeWatcher                 (watch.go)
//   filter.hpp         Filter, Recorder                                 (filter.go)
//   streamwatcher.hpp  Decoder, Reporter, ClientErrorReporter, StreamWatcher (streamwatcher.go)
//   decoder.hpp        EventStreamDecoder, Reader, NewPipe, StreamDecoder, NewStreamWatcher
//                      (client-go rest/watch/decoder.go, the JSON framer, metav1.WatchEvent)
//
// Differences from upstream: watch.go is split into event.hpp and fake.hpp (this file is the
// umbrella); mux.go (Broadcaster) and ProxyWatcher are not ported.
#pragma once

#include "apimachinery/watch/decoder.hpp"
#include "apimachinery/watch/event.hpp"
#include "apimachinery/watch/fake.hpp"
#include "apimachinery/watch/filter.hpp"
#include "apimachinery/watch/streamwatcher.hpp"
