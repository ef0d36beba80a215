// cache::ListerWatcher and cache::ListWatch: what a Reflector lists and watches
// (k8s.io/client-go/tools/cache/listwatch.go: Lister, Watcher, ListerWatcher, ListFunc,
// WatchFunc, ListWatch, ToListWatcherWithWatchListSemantics; client-go/util/watchlist:
// DoesClientNotSupportWatchListSemantics).
//
// Example:
//   testing::FakeAPIServer server;   // or any source of pods
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<cache::ListerWatcher> pods = server.ListerWatcher({"", "v1", "pods"});
//   auto lw = std::make_shared<cache::ListWatch>(
//       [&](const metav1::ListOptions& o) { return pods->List(o); },      // -> ListResult
//       [&](const metav1::ListOptions& o) { return pods->Watch(o); });    // -> watch::Interface
//   cache::ListResult page = lw->List({.limit = 500});
//   auto w = lw->Watch({.allow_watch_bookmarks = true, .resource_version = page.resource_version});
//
// Errors are thrown: an API error is an errors::StatusError (a 410 answers errors::IsGone /
// IsResourceExpired), whatever the functions throw passes through unchanged.
//
// Differences from upstream: List returns a ListResult (the items, the list's resourceVersion and
// continue token) instead of a list runtime.Object the caller takes apart with meta.ExtractList;
// no context variants (a watch is ended with Stop); watch-list support is a virtual member,
// IsWatchListSemanticsUnSupported, instead of an optional interface.
//
// Thread-safety: ListWatch calls its functions on the calling thread; it is as thread-safe as they
// are (the Reflector calls List and Watch from one thread at a time).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::cache {

// ListResult: one page of a list (the items, ListMeta.resourceVersion, ListMeta.continue).
struct ListResult {
  std::vector<std::shared_ptr<const runtime::Object>> items{};
  std::string resource_version{};
  std::string continue_{};
};

// ListerWatcher: lists and watches one resource (listwatch.go: ListerWatcher).
class ListerWatcher {
 public:
  virtual ~ListerWatcher() = default;
  // List: one page (options.limit, options.continue_) or the whole list.
  virtual ListResult List(const metav1::ListOptions& options) = 0;
  // Watch: the changes after options.resource_version.
  virtual std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) = 0;
  // IsWatchListSemanticsUnSupported: true when this source cannot serve a streaming list
  // (sendInitialEvents); the Reflector then lists (watch_list.go:
  // DoesClientNotSupportWatchListSemantics). Default false, as upstream for a client that does
  // not say.
  APIMACHINERY_DECL virtual bool IsWatchListSemanticsUnSupported() const;

 protected:
  ListerWatcher() = default;
  ListerWatcher(const ListerWatcher&) = default;
  ListerWatcher& operator=(const ListerWatcher&) = default;
  ListerWatcher(ListerWatcher&&) = default;
  ListerWatcher& operator=(ListerWatcher&&) = default;
};

// ListFunc / WatchFunc: listwatch.go's function types.
using ListFunc = std::function<ListResult(const metav1::ListOptions&)>;
using WatchFunc = std::function<std::unique_ptr<watch::Interface>(const metav1::ListOptions&)>;

// ListWatch: a ListerWatcher from two functions (listwatch.go: ListWatch). List and Watch pass the
// options through unchanged (ListWatch does not paginate: the Reflector does). A missing function
// throws apimachinery::Error when called.
class ListWatch : public ListerWatcher {
 public:
  ListWatch() = default;
  APIMACHINERY_DECL ListWatch(ListFunc list, WatchFunc watch_fn);

  APIMACHINERY_DECL ListResult List(const metav1::ListOptions& options) override;
  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override;
  APIMACHINERY_DECL bool IsWatchListSemanticsUnSupported() const override;

  ListFunc list_func;
  WatchFunc watch_func;
  // disable_chunking: ask the Reflector not to paginate its list (listwatch.go: DisableChunking).
  bool disable_chunking = false;
  // unsupported_watch_list_semantics: see IsWatchListSemanticsUnSupported.
  bool unsupported_watch_list_semantics = false;
};

// ToListWatcherWithWatchListSemantics: `lw` marked as (not) supporting streaming lists
// (listwatch.go: ToListWatcherWithWatchListSemantics; the Go version asks the client).
APIMACHINERY_DECL std::shared_ptr<ListWatch> ToListWatcherWithWatchListSemantics(
    std::shared_ptr<ListWatch> lw, bool unsupported);

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/listwatch.ipp"
#endif
