// Concurrent readers and writers on one Indexer (run under TSan).
#include <atomic>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/internal/shared_mutex.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/labels/selector.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_concurrency_test {

namespace cache = apimachinery::cache;
using cache_test::MakePod;

TEST_CASE("Concurrent readers and writers on the Indexer", "[cache][concurrency]") {
  cache::Indexer store(
      cache::MetaNamespaceKeyFunc,
      {{"namespace", cache::MetaNamespaceIndexFunc}, {"node", cache_test::NodeNameIndexFunc}},
      {.label_index = true});
  constexpr int kWriters = 3, kReaders = 3, kOps = 3000;
  std::atomic<bool> stop{false};
  std::atomic<long> reads{0};
  std::atomic<long> bad{0};  // Catch2 assertions are not thread-safe: count in threads
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kOps; ++i) {
        const std::string ns = "ns" + std::to_string(i % 5);
        const std::string name = "p" + std::to_string((i * 7 + w) % 200);
        if (i % 4 == 3) {
          store.Delete(*MakePod(ns, name));
        } else {
          store.Add(MakePod(ns, name, "n" + std::to_string(i % 11), {{"app", std::to_string(i % 3)}}));
        }
        if (w == 0 && i == kOps / 2) {
          store.AddIndexers({{"late", [](const apimachinery::runtime::Object& o) {
                                return std::vector<std::string>{o.GetObjectMeta()->name.substr(0, 2)};
                              }}});
        }
        if (w == 1 && i % 1000 == 999) {
          store.Replace({MakePod("ns0", "r1", "n1"), MakePod("ns1", "r2", "n2")}, "rv");
        }
      }
    });
  }
  for (int r = 0; r < kReaders; ++r) {
    threads.emplace_back([&, r] {
      const auto sel = apimachinery::labels::Parse("app=1");
      while (!stop.load()) {
        for (const auto& o : store.ByIndex("node", "n" + std::to_string(r))) {
          if (cache_test::AsPod(*o).spec.node_name != "n" + std::to_string(r)) bad.fetch_add(1);
        }
        for (const auto& o : store.Select(cache::SelectQuery().InNamespace("ns1").MatchingLabels(sel))) {
          if (o->GetObjectMeta()->namespace_ != "ns1") bad.fetch_add(1);
        }
        (void)store.GetByKey("ns1/p1");
        (void)store.List();
        (void)store.ListIndexFuncValues("namespace");
        (void)store.IndexKeys("namespace", "ns2");
        reads.fetch_add(1);
      }
    });
  }
  for (int w = 0; w < kWriters; ++w) threads[static_cast<std::size_t>(w)].join();
  stop = true;
  for (std::size_t i = kWriters; i < threads.size(); ++i) threads[i].join();
  CHECK(reads.load() > 0);
  CHECK(bad.load() == 0);
  // Final state is self-consistent: every indexed key resolves to an object with that value.
  for (const auto& node : store.ListIndexFuncValues("node")) {
    for (const auto& key : store.IndexKeys("node", node)) {
      auto o = store.GetByKey(key);
      REQUIRE(o);
      CHECK(cache_test::AsPod(*o).spec.node_name == node);
    }
  }
}

// internal::SharedMutex: writers exclude everyone, readers only writers; nobody waits forever.
// Plain (non-atomic) data guarded by the lock: under TSan a missing exclusion is a reported race.
TEST_CASE("internal::SharedMutex excludes writers from readers and from each other", "[cache][concurrency]") {
  apimachinery::cache::internal::SharedMutex mu;
  long a = 0, b = 0;  // a == b whenever the lock is not held exclusively
  std::atomic<int> inside_shared{0};
  std::atomic<long> bad{0}, reads{0}, overlapping{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w) {
    threads.emplace_back([&] {
      for (int i = 0; i < 5000; ++i) {
        std::unique_lock lock(mu);
        if (inside_shared.load() != 0) bad.fetch_add(1);
        ++a;
        ++b;
      }
    });
  }
  for (int r = 0; r < 3; ++r) {
    threads.emplace_back([&] {
      for (int i = 0; i < 5000; ++i) {
        std::shared_lock lock(mu);
        if (inside_shared.fetch_add(1) > 0) overlapping.fetch_add(1);
        if (a != b) bad.fetch_add(1);
        inside_shared.fetch_sub(1);
        reads.fetch_add(1);
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(bad.load() == 0);
  CHECK(a == 10000);
  CHECK(b == 10000);
  CHECK(reads.load() == 15000);
  WARN("readers overlapped " << overlapping.load() << " times");  // shared, not exclusive
}

}  // namespace cache_concurrency_test
