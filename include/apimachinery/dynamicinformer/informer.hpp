// dynamicinformer::DynamicSharedInformerFactory: one SharedIndexInformer per resource (and list
// filter), shared by every caller, started and awaited together
// (k8s.io/client-go/dynamic/dynamicinformer/informer.go: NewDynamicSharedInformerFactory,
// NewFilteredDynamicSharedInformerFactory, dynamicSharedInformerFactory, NewFilteredDynamicInformer;
// interface.go: TweakListOptionsFunc).
//
// Example:
//   testing::FakeAPIServer server;
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   std::stop_source stop_source;
//   std::stop_token stop = stop_source.get_token();
//   dynamicinformer::DynamicSharedInformerFactory factory(
//       [&](const schema::GroupVersionResource& gvr, std::string_view ns,
//           const dynamicinformer::TweakListOptionsFunc& tweak) {
//         return dynamicinformer::NewFilteredListWatch(server.ListerWatcher(gvr, ns), tweak);
//       },
//       std::chrono::minutes(10));
//   auto pods = factory.ForResource({"", "v1", "pods"});   // the same informer for every caller
//   pods->AddEventHandler({.on_add = [](const auto& pod, bool) {
//     fmt::print("{}\n", pod->GetObjectMeta()->uid);
//   }});
//   factory.Start(stop);                                   // runs the informers not yet running
//   factory.WaitForCacheSync(stop);                        // GVR -> synced
//
// The factory does not know how to reach a server: it is given a function that makes the
// ListerWatcher of a (resource, namespace, list-options tweak). Informers are keyed by the
// resource, the namespace and the label/field selectors the tweak produces (applied to empty
// ListOptions), so readers asking for the same filter share one watch.
//
// Throws: what the ListerWatcher function throws (ForResource); apimachinery::Error when it returns
// null. Thread-safety: every member function may be called from any thread. Start runs each
// informer on a thread of the factory's; the destructor requests those informers to stop and
// joins them (so no handler callback runs after it returns). Shutdown waits for them without
// stopping them (as upstream: stop the token given to Start first).
// Differences from upstream:
// - ForResource returns the cache::SharedIndexInformer itself (Go: a GenericInformer with
//   Informer() and Lister(); use GetIndexer() to read).
// - The overload ForResource(gvr, namespace, tweak) gives one factory several filters; upstream
//   needs one factory per filter.
// - Informers are typeless (whatever the ListerWatcher returns, runtime::Unstructured for a
//   dynamic client).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::dynamicinformer {

// TweakListOptionsFunc edits the options of every list and watch (interface.go).
using TweakListOptionsFunc = std::function<void(metav1::ListOptions&)>;

// ListerWatcherFunc makes the ListerWatcher of a resource in a namespace ("" = all) that applies
// `tweak` (possibly empty) to its options.
using ListerWatcherFunc = std::function<std::shared_ptr<cache::ListerWatcher>(
    const schema::GroupVersionResource&, std::string_view namespace_, const TweakListOptionsFunc& tweak)>;

// FilteredListWatch: `inner` with `tweak` applied to the options of each List and Watch (the
// ListFunc/WatchFunc pair of NewFilteredDynamicInformer).
class FilteredListWatch final : public cache::ListerWatcher {
 public:
  APIMACHINERY_DECL FilteredListWatch(std::shared_ptr<cache::ListerWatcher> inner,
                                      TweakListOptionsFunc tweak);
  APIMACHINERY_DECL cache::ListResult List(const metav1::ListOptions& options) override;
  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override;
  APIMACHINERY_DECL bool IsWatchListSemanticsUnSupported() const override;

 private:
  std::shared_ptr<cache::ListerWatcher> inner_;
  TweakListOptionsFunc tweak_;
};

APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> NewFilteredListWatch(
    std::shared_ptr<cache::ListerWatcher> inner, TweakListOptionsFunc tweak);

class DynamicSharedInformerFactory {
 public:
  // The unfiltered factory: all namespaces, no tweak (NewDynamicSharedInformerFactory); or
  // NewFilteredDynamicSharedInformerFactory with a namespace and tweak.
  APIMACHINERY_DECL DynamicSharedInformerFactory(ListerWatcherFunc new_lister_watcher,
                                                 std::chrono::milliseconds default_resync,
                                                 std::string ns = {}, TweakListOptionsFunc tweak = {});
  DynamicSharedInformerFactory(const DynamicSharedInformerFactory&) = delete;
  DynamicSharedInformerFactory& operator=(const DynamicSharedInformerFactory&) = delete;
  APIMACHINERY_DECL ~DynamicSharedInformerFactory();

  // ForResource: the factory's informer of `gvr` with the factory's namespace and tweak, made on
  // first use (indexed by namespace, as upstream).
  APIMACHINERY_DECL std::shared_ptr<cache::SharedIndexInformer> ForResource(
      const schema::GroupVersionResource& gvr);
  // ForResource with an explicit namespace and tweak; informers with the same resource,
  // namespace and resulting selectors are shared.
  APIMACHINERY_DECL std::shared_ptr<cache::SharedIndexInformer> ForResource(
      const schema::GroupVersionResource& gvr, std::string_view ns, const TweakListOptionsFunc& tweak);

  // Start runs every informer not yet running on a thread of its own until `stop` is requested
  // (or the factory is destroyed). After Shutdown it does nothing.
  APIMACHINERY_DECL void Start(const std::stop_token& stop);
  // WaitForCacheSync waits for every started informer; the result says which synced.
  APIMACHINERY_DECL std::map<schema::GroupVersionResource, bool> WaitForCacheSync(
      const std::stop_token& stop);
  // Shutdown: no informer starts any more; waits until the started ones have returned.
  APIMACHINERY_DECL void Shutdown();

 private:
  struct Key {
    schema::GroupVersionResource gvr;
    std::string namespace_;
    std::string label_selector;
    std::string field_selector;
    friend auto operator<=>(const Key&, const Key&) = default;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct Entry {
    std::shared_ptr<cache::SharedIndexInformer> informer;
    bool started = false;
  };

  ListerWatcherFunc new_lister_watcher_;
  std::chrono::milliseconds default_resync_;
  std::string namespace_;
  TweakListOptionsFunc tweak_;

  std::mutex mu_;
  std::map<Key, Entry> informers_;
  bool shutting_down_ = false;
  std::stop_source own_stop_;
  std::vector<std::thread> threads_;
};

// Implementation details follow.

}  // namespace apimachinery::dynamicinformer

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/dynamicinformer/impl/informer.ipp"
#endif
