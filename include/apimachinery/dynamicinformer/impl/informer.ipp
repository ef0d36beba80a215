// Definitions of the non-template functions declared in <apimachinery/dynamicinformer/informer.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/dynamicinformer/informer.hpp"

namespace apimachinery::dynamicinformer {

APIMACHINERY_DECL FilteredListWatch::FilteredListWatch(std::shared_ptr<cache::ListerWatcher> inner,
                                                       TweakListOptionsFunc tweak)
    : inner_(std::move(inner)), tweak_(std::move(tweak)) {
  if (!inner_) throw Error("dynamicinformer: the ListerWatcher is null");
}

APIMACHINERY_DECL cache::ListResult FilteredListWatch::List(const metav1::ListOptions& options) {
  metav1::ListOptions o = options;
  if (tweak_) tweak_(o);
  return inner_->List(o);
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> FilteredListWatch::Watch(
    const metav1::ListOptions& options) {
  metav1::ListOptions o = options;
  if (tweak_) tweak_(o);
  return inner_->Watch(o);
}

APIMACHINERY_DECL bool FilteredListWatch::IsWatchListSemanticsUnSupported() const {
  return inner_->IsWatchListSemanticsUnSupported();
}

APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> NewFilteredListWatch(
    std::shared_ptr<cache::ListerWatcher> inner, TweakListOptionsFunc tweak) {
  return std::make_shared<FilteredListWatch>(std::move(inner), std::move(tweak));
}

APIMACHINERY_DECL DynamicSharedInformerFactory::DynamicSharedInformerFactory(
    ListerWatcherFunc new_lister_watcher, std::chrono::milliseconds default_resync, std::string ns,
    TweakListOptionsFunc tweak)
    : new_lister_watcher_(std::move(new_lister_watcher)),
      default_resync_(default_resync),
      namespace_(std::move(ns)),
      tweak_(std::move(tweak)) {
  if (!new_lister_watcher_) throw Error("dynamicinformer: the ListerWatcher function is empty");
}

APIMACHINERY_DECL std::shared_ptr<cache::SharedIndexInformer> DynamicSharedInformerFactory::ForResource(
    const schema::GroupVersionResource& gvr) {
  return ForResource(gvr, namespace_, tweak_);
}

APIMACHINERY_DECL std::shared_ptr<cache::SharedIndexInformer> DynamicSharedInformerFactory::ForResource(
    const schema::GroupVersionResource& gvr, std::string_view ns, const TweakListOptionsFunc& tweak) {
  metav1::ListOptions probe;
  if (tweak) tweak(probe);
  Key key{gvr, std::string(ns), probe.label_selector, probe.field_selector};
  std::lock_guard lock(mu_);
  auto it = informers_.find(key);
  if (it != informers_.end()) return it->second.informer;
  std::shared_ptr<cache::ListerWatcher> lw = new_lister_watcher_(gvr, ns, tweak);
  if (!lw) throw Error("dynamicinformer: the ListerWatcher function returned null for " + gvr.String());
  cache::SharedIndexInformerOptions options;
  options.resync_period = default_resync_;
  options.indexers = {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}};
  options.reflector.name = gvr.String();
  auto informer = std::make_shared<cache::SharedIndexInformer>(std::move(lw), std::move(options));
  informers_.emplace(std::move(key), Entry{informer, false});
  return informer;
}

APIMACHINERY_DECL void DynamicSharedInformerFactory::Start(const std::stop_token& stop) {
  std::lock_guard lock(mu_);
  if (shutting_down_) return;
  for (auto& [key, entry] : informers_) {
    if (entry.started) continue;
    entry.started = true;
    threads_.emplace_back([informer = entry.informer, stop, own = own_stop_.get_token()] {
      // Stop when either the caller's token or the factory's own (destructor) fires.
      std::stop_source both;
      std::stop_callback a(stop, [&] { both.request_stop(); });
      std::stop_callback b(own, [&] { both.request_stop(); });
      informer->Run(both.get_token());
    });
  }
}

APIMACHINERY_DECL std::map<schema::GroupVersionResource, bool> DynamicSharedInformerFactory::WaitForCacheSync(
    const std::stop_token& stop) {
  std::vector<std::pair<schema::GroupVersionResource, std::shared_ptr<cache::SharedIndexInformer>>> started;
  {
    std::lock_guard lock(mu_);
    for (const auto& [key, entry] : informers_) {
      if (entry.started) started.emplace_back(key.gvr, entry.informer);
    }
  }
  std::map<schema::GroupVersionResource, bool> out;
  for (const auto& entry : started) {
    const std::shared_ptr<cache::SharedIndexInformer>& informer = entry.second;
    const bool synced = cache::WaitForCacheSync(stop, {[&informer] { return informer->HasSynced(); }});
    auto [it, inserted] = out.emplace(entry.first, synced);
    if (!inserted) it->second = it->second && synced;  // several filters of one resource
  }
  return out;
}

APIMACHINERY_DECL void DynamicSharedInformerFactory::Shutdown() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mu_);
    shutting_down_ = true;
    threads.swap(threads_);
  }
  for (auto& t : threads) t.join();
}

APIMACHINERY_DECL DynamicSharedInformerFactory::~DynamicSharedInformerFactory() {
  own_stop_.request_stop();
  Shutdown();
}

}  // namespace apimachinery::dynamicinformer
