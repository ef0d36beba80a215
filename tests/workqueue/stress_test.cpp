// Concurrency stress tests (meant for ThreadSanitizer too): many producers and consumers on the
// queues. Invariants checked:
//   * exclusive: no key is processed by two workers at once;
//   * nothing lost: every key is processed at least once after its last Add (each processing run
//     snapshots the key's add counter when it starts; at the end the snapshot equals the counter).
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/workqueue/delaying_queue.hpp"
#include "apimachinery/workqueue/queue.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace workqueue_stress_test {

namespace wq = apimachinery::workqueue;
using namespace std::chrono_literals;

namespace {

constexpr int kKeys = 64;

struct Ledger {
  std::array<std::atomic<std::int64_t>, kKeys> added{};      // adds per key (bumped before Add)
  std::array<std::atomic<std::int64_t>, kKeys> processed{};  // add count seen at the latest start
  std::array<std::atomic<int>, kKeys> in_flight{};           // workers on the key right now
  std::atomic<int> overlaps{0};
  std::atomic<std::int64_t> runs{0};

  void Process(int k) {
    if (in_flight[k].fetch_add(1) != 0) overlaps.fetch_add(1);
    std::int64_t seen = added[k].load();
    std::int64_t prev = processed[k].load();
    while (prev < seen && !processed[k].compare_exchange_weak(prev, seen)) {
    }
    runs.fetch_add(1);
    if ((seen & 7) == 0) std::this_thread::yield();  // widen the window now and then
    in_flight[k].fetch_sub(1);
  }

  int Lost() const {
    int lost = 0;
    for (int k = 0; k < kKeys; ++k) lost += processed[k].load() != added[k].load();
    return lost;
  }
};

std::string KeyName(int k) { return "ns/obj-" + std::to_string(k); }
int KeyIndex(const std::string& s) { return std::stoi(s.substr(7)); }

}  // namespace

TEST_CASE("Stress: 8 producers, 4 consumers on Queue", "[workqueue][stress]") {
  auto kind = GENERATE(0, 1);  // ShutDown / ShutDownWithDrain
  wq::Queue<> q;
  Ledger ledger;
  constexpr int kProducers = 8;
  constexpr int kConsumers = 4;
  constexpr int kAddsPerProducer = 4000;

  std::vector<std::thread> consumers;
  for (int c = 0; c < kConsumers; ++c) {
    consumers.emplace_back([&] {
      while (auto item = q.Get()) {
        ledger.Process(KeyIndex(*item));
        q.Done(*item);
      }
    });
  }
  std::vector<std::thread> producers;
  for (int p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      std::minstd_rand rng(static_cast<unsigned>(p) + 1);
      for (int i = 0; i < kAddsPerProducer; ++i) {
        int k = static_cast<int>(rng() % kKeys);
        ledger.added[k].fetch_add(1);
        q.Add(KeyName(k));
      }
    });
  }
  for (auto& t : producers) t.join();
  // Every Add has returned; now let the consumers finish what is queued or dirty.
  if (kind == 0) {
    q.ShutDown();
  } else {
    q.ShutDownWithDrain();
  }
  for (auto& t : consumers) t.join();

  CHECK(ledger.overlaps == 0);
  CHECK(ledger.Lost() == 0);
  CHECK(q.Len() == 0);
  CHECK(ledger.runs > 0);
  CHECK(ledger.runs <= kProducers * kAddsPerProducer);
}

TEST_CASE("Stress: consumers re-adding while processing", "[workqueue][stress]") {
  wq::Queue<int> q;
  std::array<std::atomic<int>, kKeys> in_flight{};
  std::atomic<int> overlaps{0};
  std::atomic<int> remaining{kKeys * 5};  // each key is processed 5 times in all
  std::array<std::atomic<int>, kKeys> count{};
  for (int k = 0; k < kKeys; ++k) q.Add(k);
  std::vector<std::thread> consumers;
  for (int c = 0; c < 6; ++c) {
    consumers.emplace_back([&] {
      while (auto item = q.Get()) {
        int k = *item;
        if (in_flight[k].fetch_add(1) != 0) overlaps.fetch_add(1);
        int n = count[k].fetch_add(1) + 1;
        if (n < 5) q.Add(k);  // dirty while processing: requeued at Done
        in_flight[k].fetch_sub(1);
        q.Done(k);
        if (remaining.fetch_sub(1) == 1) q.ShutDown();
      }
    });
  }
  for (auto& t : consumers) t.join();
  CHECK(overlaps == 0);
  for (int k = 0; k < kKeys; ++k) CHECK(count[k] == 5);
}

TEST_CASE("Stress: RateLimitingQueue with AddAfter / AddRateLimited on the real clock",
          "[workqueue][stress]") {
  wq::RateLimitingQueue<> q(wq::NewItemExponentialFailureRateLimiter(50us, 2ms));
  Ledger ledger;
  std::atomic<int> done_keys{0};
  std::array<std::atomic<int>, kKeys> forgotten{};

  std::vector<std::thread> consumers;
  for (int c = 0; c < 4; ++c) {
    consumers.emplace_back([&] {
      while (auto item = q.Get()) {
        int k = KeyIndex(*item);
        ledger.Process(k);
        // Fail three times, then succeed and forget.
        if (q.NumRequeues(*item) < 3) {
          q.AddRateLimited(*item);
        } else if (forgotten[k].exchange(1) == 0) {
          q.Forget(*item);
          done_keys.fetch_add(1);
        }
        q.Done(*item);
      }
    });
  }
  std::vector<std::thread> producers;
  for (int p = 0; p < 8; ++p) {
    producers.emplace_back([&, p] {
      std::minstd_rand rng(static_cast<unsigned>(p) + 100);
      for (int i = 0; i < 300; ++i) {
        int k = static_cast<int>(rng() % kKeys);
        ledger.added[k].fetch_add(1);
        if (i % 3 == 0) {
          q.AddAfter(KeyName(k), std::chrono::microseconds(rng() % 500));
        } else {
          q.Add(KeyName(k));
        }
      }
    });
  }
  for (auto& t : producers) t.join();
  // Every key must eventually be processed after its last add (the delayed ones too).
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (ledger.Lost() != 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(1ms);
  }
  q.ShutDown();
  for (auto& t : consumers) t.join();
  CHECK(ledger.overlaps == 0);
  CHECK(ledger.Lost() == 0);
}

}  // namespace workqueue_stress_test
