// Concurrency tests for DeferredDiscoveryRESTMapper (run under TSan): concurrent first lookups share
// one discovery, readers race Reset(), and a failed build is retried by the next callers.
#include <atomic>
#include <chrono>
#include <latch>
#include <memory>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/restmapper/discovery.hpp"

#include "restmapper/fake_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_concurrency_test {

namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace discovery = apimachinery::discovery;
using apimachinery::schema::GroupVersionKind;
using namespace restmapper_test;

namespace {

// Serves the fixture documents, slowly, counting discoveries. Optionally fails the first builds.
class SlowDiscovery : public discovery::CachedDiscoveryInterface {
 public:
  explicit SlowDiscovery(int failures = 0)
      : inner_(discovery::MemoryDiscovery::FromDirectory(FixtureDir())), failures_(failures) {}

  std::vector<discovery::APIGroup> ServerGroups() override {
    server_groups_calls.fetch_add(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // widen the race window
    if (failures_.fetch_sub(1) > 0) throw apimachinery::Error("discovery unavailable");
    return inner_->ServerGroups();
  }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    return inner_->ServerResourcesForGroupVersion(gv);
  }
  bool Fresh() override { return true; }
  void Invalidate() override { invalidate_calls.fetch_add(1); }

  std::atomic<int> server_groups_calls{0};
  std::atomic<int> invalidate_calls{0};

 private:
  std::shared_ptr<discovery::MemoryDiscovery> inner_;
  std::atomic<int> failures_;
};

}  // namespace

TEST_CASE("8 threads racing the first lookup share one discovery", "[restmapper][deferred][concurrency]") {
  auto client = std::make_shared<SlowDiscovery>();
  restmapper::DeferredDiscoveryRESTMapper mapper(client);
  CHECK(client->server_groups_calls == 0);  // nothing before the first lookup

  constexpr int kThreads = 8;
  std::latch start(kThreads);
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      if (i % 2 == 0) {
        if (mapper.KindFor({"", "", "deployments"}) == GroupVersionKind{"apps", "v1", "Deployment"})
          ok.fetch_add(1);
      } else {
        if (mapper.RESTMapping({"apps", "Deployment"}).resource.resource == "deployments") ok.fetch_add(1);
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(ok == kThreads);
  CHECK(client->server_groups_calls == 1);
  CHECK(client->invalidate_calls == 0);
}

TEST_CASE("readers racing Reset() never fail", "[restmapper][deferred][concurrency]") {
  auto client = std::make_shared<SlowDiscovery>();
  restmapper::DeferredDiscoveryRESTMapper mapper(client);
  constexpr int kReaders = 4;
  std::atomic<bool> stop{false};
  std::atomic<int> lookups{0}, failures{0};
  std::vector<std::thread> readers;
  for (int i = 0; i < kReaders; ++i) {
    readers.emplace_back([&] {
      while (!stop.load()) {
        try {
          auto m = mapper.RESTMapping({"", "Pod"});
          auto k = mapper.KindsFor({"", "", "events"});
          auto s = mapper.ResourceSingularizer("pods");
          if (m.resource.resource != "pods" || k.size() != 2 || s != "pod") failures.fetch_add(1);
        } catch (...) {
          failures.fetch_add(1);
        }
        lookups.fetch_add(1);
      }
    });
  }
  std::thread resetter([&] {
    for (int i = 0; i < 20; ++i) {
      mapper.Reset();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    stop.store(true);
  });
  resetter.join();
  for (auto& t : readers) t.join();
  CHECK(failures == 0);
  CHECK(lookups > 0);
  CHECK(client->invalidate_calls == 20);
  CHECK(client->server_groups_calls <= 21);
}

TEST_CASE("a failed build is not cached: later callers rebuild", "[restmapper][deferred][concurrency]") {
  auto client = std::make_shared<SlowDiscovery>(/*failures=*/2);
  restmapper::DeferredDiscoveryRESTMapper mapper(client);
  constexpr int kThreads = 6;
  std::latch start(kThreads);
  std::atomic<int> ok{0}, errors{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&] {
      start.arrive_and_wait();
      try {
        (void)mapper.KindFor({"", "", "pods"});
        ok.fetch_add(1);
      } catch (const apimachinery::Error& e) {
        if (std::string(e.what()) == "discovery unavailable") errors.fetch_add(1);
      }
    });
  }
  for (auto& t : threads) t.join();
  // The builds run one at a time: the first two fail (their callers get the error), the third
  // succeeds and is shared by everyone after it.
  CHECK(errors == 2);
  CHECK(ok == kThreads - 2);
  CHECK(client->server_groups_calls == 3);
  CHECK(mapper.KindFor({"", "", "pods"}).kind == "Pod");
}

}  // namespace restmapper_concurrency_test
