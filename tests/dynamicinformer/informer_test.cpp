#include "apimachinery/dynamicinformer/informer.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "cache/informer_source.hpp"
#include "cache/test_pod.hpp"
#include "support/eventually.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace dynamicinformer_informer_test {

namespace cache = apimachinery::cache;
namespace dynamicinformer = apimachinery::dynamicinformer;
namespace metav1 = apimachinery::metav1;
using apimachinery::schema::GroupVersionResource;
using cache_test::InformerSource;
using cache_test::NewPod;
using namespace std::chrono_literals;

namespace {

const GroupVersionResource kPods{"", "v1", "pods"};
const GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

// Sources: one InformerSource per resource, and a log of the ListerWatchers made.
struct Sources {
  InformerSource pods, widgets;
  std::mutex mu;
  std::vector<std::string> made;          // "<resource> <namespace>"
  std::vector<metav1::ListOptions> seen;  // options as the source received them

  dynamicinformer::ListerWatcherFunc Func() {
    return [this](const GroupVersionResource& gvr, std::string_view ns,
                  const dynamicinformer::TweakListOptionsFunc& tweak) {
      {
        std::lock_guard lock(mu);
        made.push_back(gvr.resource + " " + std::string(ns));
      }
      InformerSource& src = gvr == kPods ? pods : widgets;
      auto inner = src.LW();
      auto recording = std::make_shared<cache::ListWatch>(
          [this, inner](const metav1::ListOptions& o) {
            {
              std::lock_guard lock(mu);
              seen.push_back(o);
            }
            return inner->List(o);
          },
          [inner](const metav1::ListOptions& o) { return inner->Watch(o); });
      return dynamicinformer::NewFilteredListWatch(recording, tweak);
    };
  }
};

using test_support::Eventually;

}  // namespace

TEST_CASE("DynamicSharedInformerFactory: ForResource returns one informer per resource to every caller") {
  Sources s;
  dynamicinformer::DynamicSharedInformerFactory factory(s.Func(), 0ms);
  auto a = factory.ForResource(kPods);
  auto b = factory.ForResource(kPods);
  auto c = factory.ForResource(kWidgets);
  CHECK(a == b);
  CHECK(a != c);
  CHECK(s.made == std::vector<std::string>{"pods ", "widgets "});
  // Informers are indexed by namespace, as upstream's.
  CHECK(a->GetIndexer().GetIndexers().count(std::string(cache::kNamespaceIndex)) == 1);
}

TEST_CASE("DynamicSharedInformerFactory: informers are keyed by namespace and selectors") {
  Sources s;
  dynamicinformer::DynamicSharedInformerFactory factory(s.Func(), 0ms);
  auto web = [](metav1::ListOptions& o) { o.label_selector = "app=web"; };
  auto db = [](metav1::ListOptions& o) { o.label_selector = "app=db"; };
  auto web_too = [](metav1::ListOptions& o) { o.label_selector = "app=web"; };
  auto all = factory.ForResource(kPods);
  auto w1 = factory.ForResource(kPods, "", web);
  auto w2 = factory.ForResource(kPods, "", web_too);  // another function, the same filter
  auto d = factory.ForResource(kPods, "", db);
  auto ns = factory.ForResource(kPods, "team-a", web);
  CHECK(w1 == w2);
  CHECK(w1 != all);
  CHECK(w1 != d);
  CHECK(w1 != ns);
  CHECK(s.made.size() == 4);
  CHECK(s.made.back() == "pods team-a");
}

TEST_CASE(
    "DynamicSharedInformerFactory: the filtered factory's tweak reaches every list; Start, WaitForCacheSync, "
    "Shutdown") {
  Sources s;
  s.pods.Add(NewPod("ns", "p1"));
  s.widgets.Add(NewPod("ns", "w1"));
  s.widgets.Add(NewPod("ns", "w2"));
  dynamicinformer::DynamicSharedInformerFactory factory(
      s.Func(), 0ms, "ns", [](metav1::ListOptions& o) { o.field_selector = "spec.x=y"; });
  auto pods = factory.ForResource(kPods);
  auto widgets = factory.ForResource(kWidgets);
  CHECK(s.made == std::vector<std::string>{"pods ns", "widgets ns"});
  std::stop_source stop;
  // Nothing started yet: nothing to wait for.
  CHECK(factory.WaitForCacheSync(stop.get_token()).empty());
  factory.Start(stop.get_token());
  factory.Start(stop.get_token());  // starts nothing twice
  auto synced = factory.WaitForCacheSync(stop.get_token());
  CHECK(synced == std::map<GroupVersionResource, bool>{{kPods, true}, {kWidgets, true}});
  CHECK(pods->GetIndexer().Len() == 1);
  CHECK(widgets->GetIndexer().Len() == 2);
  CHECK(s.pods.lists() == 1);
  {
    std::lock_guard lock(s.mu);
    REQUIRE_FALSE(s.seen.empty());
    for (const auto& o : s.seen) CHECK(o.field_selector == "spec.x=y");
  }
  // An informer asked for after Start runs from the next Start.
  auto late = factory.ForResource(kPods, "ns", {});
  CHECK_FALSE(late->HasStarted());
  factory.Start(stop.get_token());
  CHECK(Eventually([&] { return late->HasSynced(); }));

  stop.request_stop();
  factory.Shutdown();
  CHECK(pods->IsStopped());
  CHECK(widgets->IsStopped());
  CHECK(late->IsStopped());
  // After Shutdown, Start does nothing.
  auto after = factory.ForResource(kWidgets, "other", {});
  factory.Start(stop.get_token());
  CHECK_FALSE(after->HasStarted());
}

TEST_CASE("DynamicSharedInformerFactory: the destructor stops and joins the informers it started") {
  Sources s;
  std::shared_ptr<cache::SharedIndexInformer> informer;
  std::stop_source never;
  {
    dynamicinformer::DynamicSharedInformerFactory factory(s.Func(), 0ms);
    informer = factory.ForResource(kPods);
    factory.Start(never.get_token());
    REQUIRE(Eventually([&] { return informer->HasSynced(); }));
  }
  CHECK(informer->IsStopped());
}

TEST_CASE("DynamicSharedInformerFactory: concurrent ForResource calls share one informer") {
  Sources s;
  dynamicinformer::DynamicSharedInformerFactory factory(s.Func(), 0ms);
  std::vector<std::shared_ptr<cache::SharedIndexInformer>> got(8);
  std::stop_source stop;
  {
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < got.size(); ++i) {
      threads.emplace_back([&, i] {
        got[i] = factory.ForResource(i % 2 == 0 ? kPods : kWidgets);
        factory.Start(stop.get_token());
      });
    }
  }
  for (std::size_t i = 2; i < got.size(); ++i) CHECK(got[i] == got[i % 2]);
  CHECK(got[0] != got[1]);
  CHECK(s.made.size() == 2);
  auto synced = factory.WaitForCacheSync(stop.get_token());
  CHECK(synced == std::map<GroupVersionResource, bool>{{kPods, true}, {kWidgets, true}});
  CHECK(s.pods.lists() == 1);  // started once, whatever the number of Start calls
  CHECK(s.widgets.lists() == 1);
}

TEST_CASE("DynamicSharedInformerFactory: bad arguments") {
  CHECK_THROWS_WITH(dynamicinformer::DynamicSharedInformerFactory({}, 0ms),
                    "dynamicinformer: the ListerWatcher function is empty");
  dynamicinformer::DynamicSharedInformerFactory factory(
      [](const GroupVersionResource&, std::string_view, const dynamicinformer::TweakListOptionsFunc&) {
        return std::shared_ptr<cache::ListerWatcher>();
      },
      0ms);
  CHECK_THROWS_WITH(factory.ForResource(kPods),
                    "dynamicinformer: the ListerWatcher function returned null for /v1, Resource=pods");
  CHECK_THROWS_WITH(dynamicinformer::NewFilteredListWatch(nullptr, {}),
                    "dynamicinformer: the ListerWatcher is null");
}

}  // namespace dynamicinformer_informer_test
