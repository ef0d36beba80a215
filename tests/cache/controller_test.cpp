#include "apimachinery/cache/controller.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/the_real_fifo.hpp"

#include "cache/informer_source.hpp"
#include "cache/test_pod.hpp"
#include "support/eventually.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_controller_test {

namespace cache = apimachinery::cache;
using apimachinery::runtime::Object;
using cache_test::InformerSource;
using cache_test::MakePod;
using cache_test::NewPod;
using namespace std::chrono_literals;
using ObjectPtr = std::shared_ptr<const Object>;

namespace {

std::string Key(const Object& o) { return cache::DeletionHandlingMetaNamespaceKeyFunc(o); }

std::string Node(const ObjectPtr& o) {
  if (const auto* t = cache::AsTombstone(*o))
    return t->obj ? cache_test::AsPod(*t->obj).spec.node_name : "<nil>";
  return cache_test::AsPod(*o).spec.node_name;
}

// StoreCheckingHandler: records each callback and what the store held for that key at that
// moment, so a test can tell whether the store was updated before the handler was called.
struct StoreCheckingHandler {
  cache::Indexer* store = nullptr;
  std::vector<std::string> log;

  std::string InStore(const Object& o) const {
    auto cur = store->GetByKey(Key(o));
    return cur ? cache_test::AsPod(*cur).spec.node_name : "absent";
  }
  void OnAdd(const ObjectPtr& o, bool initial) {
    log.push_back("add " + Key(*o) + "@" + Node(o) + (initial ? " initial" : "") + " store=" + InStore(*o));
  }
  void OnUpdate(const ObjectPtr& old_obj, const ObjectPtr& new_obj) {
    log.push_back("update " + Key(*new_obj) + " " + Node(old_obj) + "->" + Node(new_obj) +
                  " store=" + InStore(*new_obj));
  }
  void OnDelete(const ObjectPtr& o) {
    log.push_back(std::string("delete ") + Key(*o) + "@" + Node(o) +
                  (cache::AsTombstone(*o) ? " tombstone" : "") + " store=" + InStore(*o));
  }
};

// Drain pops every queued delta into ProcessDeltas.
void Drain(cache::RealFIFO& fifo, StoreCheckingHandler& h, cache::Indexer& store) {
  while (fifo.Len() > 0) {
    fifo.Pop([&](const cache::Deltas& d, bool initial) { cache::ProcessDeltas(h, store, d, initial); });
  }
}

using test_support::Eventually;

}  // namespace

TEST_CASE("ProcessDeltas: the store is updated before the handler is called, in delta order") {
  auto store = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  cache::RealFIFO fifo(cache::MetaNamespaceKeyFunc, store);
  StoreCheckingHandler h{store.get(), {}};

  fifo.Replace({MakePod("ns", "a", "1"), MakePod("ns", "b", "1")}, "10");
  Drain(fifo, h, *store);
  CHECK(fifo.HasSynced());
  fifo.Add(MakePod("ns", "c", "1"));
  fifo.Update(MakePod("ns", "a", "2"));
  fifo.Update(MakePod("ns", "a", "3"));
  fifo.Delete(MakePod("ns", "b", "1"));
  Drain(fifo, h, *store);
  CHECK(h.log == std::vector<std::string>{
                     "add ns/a@1 initial store=1",
                     "add ns/b@1 initial store=1",
                     "add ns/c@1 store=1",
                     "update ns/a 1->2 store=2",
                     "update ns/a 2->3 store=3",
                     "delete ns/b@1 store=absent",
                 });
  CHECK(store->ListKeys().size() == 2);
}

TEST_CASE("ProcessDeltas: Sync and Replaced update a known object and add an unknown one") {
  auto store = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  StoreCheckingHandler h{store.get(), {}};
  cache::ProcessDeltas(h, *store,
                       {{cache::DeltaType::kReplaced, MakePod("ns", "a", "1")},
                        {cache::DeltaType::kSync, MakePod("ns", "b", "1")},
                        {cache::DeltaType::kSync, MakePod("ns", "a", "1")},
                        {cache::DeltaType::kReplaced, MakePod("ns", "b", "2")},
                        {cache::DeltaType::kAdded, MakePod("ns", "b", "3")}},
                       false);
  CHECK(h.log == std::vector<std::string>{"add ns/a@1 store=1", "add ns/b@1 store=1",
                                          "update ns/a 1->1 store=1", "update ns/b 1->2 store=2",
                                          "update ns/b 2->3 store=3"});
  // Deleting an absent object still notifies (upstream: Delete of a missing key is no error).
  cache::ProcessDeltas(h, *store, {{cache::DeltaType::kDeleted, MakePod("ns", "zz", "9")}}, false);
  CHECK(h.log.back() == "delete ns/zz@9 store=absent");
  // A null object is a KeyError, and the store is unchanged.
  CHECK_THROWS_AS(cache::ProcessDeltas(h, *store, {{cache::DeltaType::kAdded, nullptr}}, false),
                  cache::KeyError);
  CHECK(store->Len() == 2);
}

TEST_CASE(
    "ProcessDeltas: a relist that misses an object deletes it with a tombstone (TestDeletionHandling)") {
  auto store = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  cache::RealFIFO fifo(cache::MetaNamespaceKeyFunc, store);
  StoreCheckingHandler h{store.get(), {}};
  fifo.Replace({MakePod("ns", "a", "1"), MakePod("ns", "b", "1"), MakePod("ns", "c", "1")}, "1");
  Drain(fifo, h, *store);
  h.log.clear();
  // b was deleted while the watch was down, and c changed: the relist lists a and c only.
  fifo.Replace({MakePod("ns", "a", "1"), MakePod("ns", "c", "2")}, "5");
  Drain(fifo, h, *store);
  CHECK(h.log == std::vector<std::string>{"delete ns/b@1 tombstone store=absent", "update ns/a 1->1 store=1",
                                          "update ns/c 1->2 store=2"});
  CHECK(store->GetByKey("ns/b") == nullptr);
  CHECK(store->Len() == 2);
}

TEST_CASE("ProcessDeltas: a key-function or index failure stops at the failing delta") {
  cache::Indexers indexers{{"picky", [](const Object& o) -> std::vector<std::string> {
                              if (o.GetObjectMeta()->name == "bad")
                                throw std::runtime_error("cannot index bad");
                              return {};
                            }}};
  auto store = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc, indexers);
  StoreCheckingHandler h{store.get(), {}};
  CHECK_THROWS_WITH(cache::ProcessDeltas(h, *store,
                                         {{cache::DeltaType::kAdded, MakePod("ns", "ok", "1")},
                                          {cache::DeltaType::kAdded, MakePod("ns", "bad", "1")},
                                          {cache::DeltaType::kAdded, MakePod("ns", "later", "1")}},
                                         false),
                    "cannot index bad");
  CHECK(h.log == std::vector<std::string>{"add ns/ok@1 store=1"});
  CHECK(store->GetByKey("ns/later") == nullptr);
}

TEST_CASE("Controller: Config is checked") {
  InformerSource source;
  auto store = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  auto fifo = std::make_shared<cache::RealFIFO>(cache::MetaNamespaceKeyFunc, store);
  CHECK_THROWS_WITH(cache::Controller(cache::Config{}), "cache.Controller: Config.queue is not set");
  CHECK_THROWS_WITH(cache::Controller(cache::Config{.queue = fifo}),
                    "cache.Controller: Config.lister_watcher is not set");
  CHECK_THROWS_WITH(cache::Controller(cache::Config{.queue = fifo, .lister_watcher = source.LW()}),
                    "cache.Controller: Config.process is not set");
}

TEST_CASE(
    "NewInformerWithOptions: a random history reaches the handler in order and the store ends equal "
    "(TestUpdate)") {
  InformerSource source;
  std::mutex mu;
  std::map<std::string, std::vector<std::string>> per_key;  // key -> node names seen, in order
  std::map<std::string, bool> deleted;
  cache::InformerOptions options;
  options.lister_watcher = source.LW();
  options.handler = {
      .on_add =
          [&](const ObjectPtr& o, bool) {
            std::lock_guard lock(mu);
            per_key[Key(*o)].push_back(Node(o));
            deleted[Key(*o)] = false;
          },
      .on_update =
          [&](const ObjectPtr& old_obj, const ObjectPtr& new_obj) {
            std::lock_guard lock(mu);
            auto& seen = per_key[Key(*new_obj)];
            CHECK(!seen.empty());
            if (!seen.empty()) CHECK(seen.back() == Node(old_obj));  // old is what we were told last
            seen.push_back(Node(new_obj));
          },
      .on_delete =
          [&](const ObjectPtr& o) {
            std::lock_guard lock(mu);
            deleted[Key(*o)] = true;
          },
  };
  auto informer = cache::NewInformerWithOptions(std::move(options));
  std::jthread run([&](std::stop_token s) { informer.controller->Run(s); });
  REQUIRE(Eventually([&] { return informer.controller->HasSynced(); }));  // then every change is an event

  std::mt19937 rng(42);
  std::map<std::string, std::vector<std::string>> expected;
  std::map<std::string, int> live;  // key -> generation
  for (int i = 0; i < 600; ++i) {
    const std::string name = "p" + std::to_string(rng() % 20);
    const std::string key = "ns/" + name;
    auto it = live.find(key);
    if (it == live.end()) {
      live[key] = 0;
      expected[key].push_back("g0");
      source.Add(NewPod("ns", name, "g0"));
    } else if (rng() % 4 == 0) {
      source.Delete(NewPod("ns", name, "g" + std::to_string(it->second)));
      live.erase(it);
    } else {
      const std::string node = "g" + std::to_string(++it->second);
      expected[key].push_back(node);
      source.Modify(NewPod("ns", name, node));
    }
  }
  REQUIRE(Eventually([&] {
    std::lock_guard lock(mu);
    return per_key == expected && informer.store->Len() == live.size();
  }));
  for (const auto& [key, gen] : live) {
    auto obj = informer.store->GetByKey(key);
    REQUIRE(obj != nullptr);
    CHECK(Node(obj) == "g" + std::to_string(gen));
  }
  std::lock_guard lock(mu);
  for (const auto& [key, was_deleted] : deleted) CHECK(was_deleted == (live.count(key) == 0));
}

TEST_CASE("Controller: an exception in the handler propagates out of Run (TestPanicPropagated)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::InformerOptions options;
  options.lister_watcher = source.LW();
  options.handler.on_add = [](const ObjectPtr&, bool) { throw std::logic_error("oh no"); };
  auto informer = cache::NewInformerWithOptions(std::move(options));
  std::stop_source never;
  // Run stops and joins its Reflector, then rethrows: no thread is left behind.
  CHECK_THROWS_WITH(informer.controller->Run(never.get_token()), "oh no");
  // The store was updated before the handler threw.
  CHECK(informer.store->GetByKey("ns/pod1") != nullptr);
  // Run once only.
  informer.controller->Run(never.get_token());
}

TEST_CASE(
    "Controller: Run returns promptly on stop; HasSynced and LastSyncResourceVersion follow the Reflector") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  source.Add(NewPod("ns", "pod2"));
  std::atomic<int> adds{0};
  cache::InformerOptions options;
  options.lister_watcher = source.LW();
  options.handler.on_add = [&](const ObjectPtr&, bool) { ++adds; };
  auto informer = cache::NewInformerWithOptions(std::move(options));
  CHECK_FALSE(informer.controller->HasSynced());
  CHECK(informer.controller->LastSyncResourceVersion().empty());
  std::jthread run([&](std::stop_token s) { informer.controller->Run(s); });
  REQUIRE(Eventually([&] { return informer.controller->HasSynced(); }));
  CHECK(adds == 2);
  CHECK(Eventually(
      [&] { return informer.controller->LastSyncResourceVersion() == source.CurrentResourceVersion(); }));
  const auto t0 = std::chrono::steady_clock::now();
  run.request_stop();
  run.join();
  CHECK(std::chrono::steady_clock::now() - t0 < 1s);
}

}  // namespace cache_controller_test
