// Tests for workqueue/queue.hpp: the behaviours of client-go's queue_test.go, plus FIFO order,
// shutdown wake-ups and a custom item type.
#include "apimachinery/workqueue/queue.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "workqueue/wq_test_support.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_queue_test {

namespace wq = apimachinery::workqueue;
using namespace std::chrono_literals;

namespace {

enum class ShutDownKind { kShutDown, kShutDownWithDrain };

void ShutDownBy(wq::Queue<int>& q, ShutDownKind kind) {
  if (kind == ShutDownKind::kShutDown) {
    q.ShutDown();
  } else {
    q.ShutDownWithDrain();
  }
}

struct Key {
  std::string ns;
  std::string name;
  bool operator==(const Key&) const = default;
};

}  // namespace
}  // namespace workqueue_queue_test

template <>
struct std::hash<workqueue_queue_test::Key> {
  std::size_t operator()(const workqueue_queue_test::Key& k) const noexcept {
    return std::hash<std::string>{}(k.ns) * 31 + std::hash<std::string>{}(k.name);
  }
};

namespace workqueue_queue_test {

TEST_CASE("TestBasic: producers and consumers, then shut down", "[workqueue][queue]") {
  auto kind = GENERATE(ShutDownKind::kShutDown, ShutDownKind::kShutDownWithDrain);
  wq::Queue<int> q;
  constexpr int kProducers = 50;
  constexpr int kConsumers = 10;
  std::vector<std::thread> producers;
  for (int i = 0; i < kProducers; ++i) {
    producers.emplace_back([&q, i] {
      for (int j = 0; j < 5; ++j) {
        q.Add(i);
        std::this_thread::sleep_for(100us);
      }
    });
  }
  std::atomic<bool> got_late{false};
  std::vector<std::thread> consumers;
  for (int i = 0; i < kConsumers; ++i) {
    consumers.emplace_back([&] {
      while (auto item = q.Get()) {
        if (*item == -1) got_late = true;
        std::this_thread::sleep_for(200us);
        q.Done(*item);
      }
    });
  }
  for (auto& t : producers) t.join();
  ShutDownBy(q, kind);
  q.Add(-1);  // "added after shutdown!"
  for (auto& t : consumers) t.join();
  CHECK_FALSE(got_late);
  CHECK(q.Len() == 0);
  CHECK(q.ShuttingDown());
}

TEST_CASE("TestAddWhileProcessing", "[workqueue][queue]") {
  auto kind = GENERATE(ShutDownKind::kShutDown, ShutDownKind::kShutDownWithDrain);
  wq::Queue<int> q;
  std::vector<std::thread> producers;
  for (int i = 0; i < 50; ++i) producers.emplace_back([&q, i] { q.Add(i); });
  std::vector<std::thread> consumers;
  for (int i = 0; i < 10; ++i) {
    consumers.emplace_back([&q] {
      // Every worker re-adds every item up to two times: the dirty-while-processing case.
      std::map<int, int> counters;
      while (auto item = q.Get()) {
        if (++counters[*item] < 2) q.Add(*item);
        q.Done(*item);
      }
    });
  }
  for (auto& t : producers) t.join();
  ShutDownBy(q, kind);
  for (auto& t : consumers) t.join();
  CHECK(q.Len() == 0);
}

TEST_CASE("TestLen", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  CHECK(q.Len() == 1);
  q.Add("bar");
  CHECK(q.Len() == 2);
  q.Add("foo");  // should not increase the queue length
  CHECK(q.Len() == 2);
}

TEST_CASE("FIFO order and deduplication", "[workqueue][queue]") {
  wq::Queue<> q;
  for (const char* k : {"a", "b", "a", "c", "b", "d"}) q.Add(k);
  REQUIRE(q.Len() == 4);
  std::vector<std::string> got;
  for (int i = 0; i < 4; ++i) {
    auto item = q.Get();
    REQUIRE(item.has_value());
    got.push_back(*item);
  }
  CHECK(got == std::vector<std::string>{"a", "b", "c", "d"});
  for (const auto& k : got) q.Done(k);
  CHECK(q.Len() == 0);
  // Once processed, an item can be added again.
  q.Add("a");
  CHECK(q.Len() == 1);
}

TEST_CASE("TestReinsert: re-add during processing requeues after Done", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  auto i = q.Get();
  REQUIRE(i == std::optional<std::string>("foo"));
  // Add it back while processing: not handed out again before Done.
  q.Add(*i);
  CHECK(q.Len() == 0);
  q.Done(*i);
  // It should be back on the queue.
  CHECK(q.Len() == 1);
  i = q.Get();
  REQUIRE(i == std::optional<std::string>("foo"));
  q.Done(*i);
  CHECK(q.Len() == 0);
}

TEST_CASE("TestCollapse", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("bar");
  q.Add("bar");
  auto i = q.Get();
  REQUIRE(i == std::optional<std::string>("bar"));
  q.Done(*i);
  CHECK(q.Len() == 0);
}

TEST_CASE("TestCollapseWhileProcessing: a second worker waits for Done", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  auto i = q.Get();
  REQUIRE(i == std::optional<std::string>("foo"));
  q.Add("foo");
  q.Add("foo");
  std::atomic<bool> finished{false};
  std::optional<std::string> other;
  std::thread worker([&] {
    other = q.Get();
    if (other) q.Done(*other);
    finished = true;
  });
  // Give the worker a head start: it must stay blocked until we are done.
  std::this_thread::sleep_for(50ms);
  CHECK_FALSE(finished);
  q.Done("foo");
  worker.join();
  CHECK(other == std::optional<std::string>("foo"));
  CHECK(q.Len() == 0);
}

TEST_CASE("ShutDown unblocks every waiting Get", "[workqueue][queue]") {
  wq::Queue<> q;
  std::atomic<int> returned{0};
  std::vector<std::thread> getters;
  for (int i = 0; i < 4; ++i) {
    getters.emplace_back([&] {
      auto item = q.Get();
      if (!item) returned.fetch_add(1);
    });
  }
  std::this_thread::sleep_for(20ms);
  CHECK(returned == 0);
  q.ShutDown();
  for (auto& t : getters) t.join();
  CHECK(returned == 4);
  CHECK(q.ShuttingDown());
  CHECK_FALSE(q.Get().has_value());
}

TEST_CASE("Items queued before ShutDown are still handed out; Add after is ignored", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("a");
  q.Add("b");
  q.ShutDown();
  q.Add("c");
  CHECK(q.Len() == 2);
  CHECK(q.Get() == std::optional<std::string>("a"));
  CHECK(q.Get() == std::optional<std::string>("b"));
  CHECK_FALSE(q.Get().has_value());
  q.Done("a");
  q.Done("b");
}

TEST_CASE("TestQueueDrainageUsingShutDownWithDrain", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  q.Add("bar");
  auto first = q.Get();
  auto second = q.Get();
  std::atomic<bool> finished{false};
  std::thread drainer([&] {
    q.ShutDownWithDrain();
    finished = true;
  });
  // ShutDownWithDrain has been called once Get reports the shutdown.
  while (q.Get().has_value()) {
  }
  std::this_thread::sleep_for(20ms);
  CHECK_FALSE(finished);  // still waiting for the two items being processed
  q.Done(*first);
  CHECK_FALSE(wqtest::WaitFor([&] { return finished.load(); }, 20ms));
  q.Done(*second);
  drainer.join();
  CHECK(finished);
}

TEST_CASE("TestNoQueueDrainageUsingShutDown", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  q.Add("bar");
  (void)q.Get();
  (void)q.Get();
  // ShutDown returns at once although nothing was marked Done.
  std::thread t([&] { q.ShutDown(); });
  t.join();
  CHECK(q.ShuttingDown());
}

TEST_CASE("TestForceQueueShutdownUsingShutDown", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  q.Add("bar");
  (void)q.Get();
  (void)q.Get();
  std::thread drainer([&] { q.ShutDownWithDrain(); });
  while (q.Get().has_value()) {
  }
  // A second signal forces the shutdown without waiting for the drain.
  q.ShutDown();
  drainer.join();
  CHECK(q.ShuttingDown());
  CHECK_FALSE(q.Get().has_value());
}

TEST_CASE("TestQueueDrainageUsingShutDownWithDrainWithDirtyItem", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("foo");
  auto gotten = q.Get();
  q.Add("foo");
  std::thread drainer([&] { q.ShutDownWithDrain(); });
  // Ensure that ShutDownWithDrain has started and is blocked.
  while (q.Get().has_value()) {
  }
  // Finish "working": Done puts the dirty item back into the queue.
  q.Done(*gotten);
  auto again = q.Get();
  REQUIRE(again.has_value());
  q.Done(*again);
  // Now we are really done.
  CHECK_FALSE(q.Get().has_value());
  drainer.join();
}

TEST_CASE("ShutDownWithDrain with nothing in flight returns at once", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("x");
  q.ShutDownWithDrain();  // "x" is queued, not processing: nothing to wait for
  CHECK(q.ShuttingDown());
  CHECK(q.Len() == 1);
}

TEST_CASE("Done on an item that is not being processed is a no-op", "[workqueue][queue]") {
  wq::Queue<> q;
  q.Add("a");
  q.Done("a");  // queued, not processing: must not queue a second copy
  q.Done("never-added");
  CHECK(q.Len() == 1);
  auto a = q.Get();
  q.Add("a");
  q.Done(*a);
  q.Done(*a);  // twice: the requeued copy must stay single
  CHECK(q.Len() == 1);
}

TEST_CASE("A custom item type", "[workqueue][queue]") {
  STATIC_REQUIRE(wq::Comparable<Key>);
  STATIC_REQUIRE(wq::Comparable<std::string>);
  STATIC_REQUIRE(wq::Comparable<int>);
  wq::Queue<Key> q;
  q.Add(Key{"default", "a"});
  q.Add(Key{"default", "a"});
  q.Add(Key{"kube-system", "a"});
  CHECK(q.Len() == 2);
  auto k = q.Get();
  REQUIRE(k.has_value());
  CHECK(*k == Key{"default", "a"});
  q.Done(*k);
}

// Items are shared_ptrs so that a weak_ptr shows whether the queue still holds them (upstream's
// TestGarbageCollection does the same with a finalizer).
struct BigObject {
  std::string data;
};
using BigPtr = std::shared_ptr<BigObject>;

TEST_CASE("TestGarbageCollection: a processed item is not kept by the queue", "[workqueue][queue]") {
  wq::Queue<BigPtr> q;
  auto c = std::make_shared<BigObject>(BigObject{"hello"});
  const std::weak_ptr<BigObject> watch = c;
  q.Add(c);
  c.reset();
  CHECK_FALSE(watch.expired());  // queued: the queue holds it
  auto o = q.Get();
  REQUIRE(o.has_value());
  CHECK((*o)->data == "hello");
  q.Done(*o);
  CHECK_FALSE(watch.expired());  // still held by `o`
  o.reset();
  CHECK(watch.expired());  // Done released every copy while the queue lives on
  CHECK(q.Len() == 0);
}

TEST_CASE("Destroying a queue with items in it releases them", "[workqueue][queue]") {
  auto q = std::make_unique<wq::Queue<BigPtr>>();
  auto queued = std::make_shared<BigObject>(BigObject{"queued"});
  auto processing = std::make_shared<BigObject>(BigObject{"processing"});
  auto requeued = std::make_shared<BigObject>(BigObject{"dirty while processing"});
  const std::weak_ptr<BigObject> watch_queued = queued, watch_processing = processing,
                                 watch_requeued = requeued;
  q->Add(processing);
  q->Add(requeued);
  q->Add(queued);
  auto p = q->Get();
  auto r = q->Get();
  REQUIRE(p.has_value());
  REQUIRE(r.has_value());
  CHECK(*p == processing);
  CHECK(*r == requeued);
  q->Add(requeued);  // added again while processing: dirty, queued again by Done
  r.reset();
  p.reset();
  processing.reset();
  queued.reset();
  requeued.reset();
  CHECK(q->Len() == 1);
  CHECK_FALSE(watch_queued.expired());
  CHECK_FALSE(watch_processing.expired());
  CHECK_FALSE(watch_requeued.expired());
  q.reset();  // shuts down with items queued, processing and dirty
  CHECK(watch_queued.expired());
  CHECK(watch_processing.expired());
  CHECK(watch_requeued.expired());
}

}  // namespace workqueue_queue_test
