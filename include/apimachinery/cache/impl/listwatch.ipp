// Definitions of the non-template functions declared in <apimachinery/cache/listwatch.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/listwatch.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL bool ListerWatcher::IsWatchListSemanticsUnSupported() const { return false; }

APIMACHINERY_DECL ListWatch::ListWatch(ListFunc list, WatchFunc watch_fn)
    : list_func(std::move(list)), watch_func(std::move(watch_fn)) {}

APIMACHINERY_DECL ListResult ListWatch::List(const metav1::ListOptions& options) {
  if (!list_func) throw Error("cache.ListWatch: ListFunc is not set");
  return list_func(options);
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> ListWatch::Watch(const metav1::ListOptions& options) {
  if (!watch_func) throw Error("cache.ListWatch: WatchFunc is not set");
  return watch_func(options);
}

APIMACHINERY_DECL bool ListWatch::IsWatchListSemanticsUnSupported() const {
  return unsupported_watch_list_semantics;
}

APIMACHINERY_DECL std::shared_ptr<ListWatch> ToListWatcherWithWatchListSemantics(
    std::shared_ptr<ListWatch> lw, bool unsupported) {
  lw->unsupported_watch_list_semantics = unsupported;
  return lw;
}

}  // namespace apimachinery::cache
