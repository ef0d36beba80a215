// Tests for watch/event.hpp, watch/fake.hpp and watch/filter.hpp: ports of upstream's
// watch_test.go (TestFake, TestRaceFreeFake, TestEmpty) and filter_test.go, plus the channel
// semantics (buffering, stop, reset) and concurrency (Stop from another thread, destroy while a
// Next is blocked).
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/watch/event.hpp"
#include "apimachinery/watch/fake.hpp"
#include "apimachinery/watch/filter.hpp"

namespace watch_watch_test {

namespace watch = apimachinery::watch;
namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
using watch::EventType;

// testType of watch_test.go: an object that is just a string.
struct TestType : runtime::ObjectBase<TestType> {
  static constexpr std::string_view kKind = "TestType";
  metav1::TypeMeta type_meta;
  std::string s;
};

std::shared_ptr<const runtime::Object> T(std::string s) {
  auto t = std::make_shared<TestType>();
  t->s = std::move(s);
  return t;
}

std::string S(const watch::Event& ev) { return dynamic_cast<const TestType&>(*ev.object).s; }

struct Expect {
  EventType t;
  std::string s;
};
const std::vector<Expect> kTable = {
    {EventType::kAdded, "foo"},   {EventType::kModified, "qux"},      {EventType::kModified, "bar"},
    {EventType::kDeleted, "bar"}, {EventType::kError, "error: blah"},
};

void Consume(watch::Interface& w) {
  for (const auto& expect : kTable) {
    std::optional<watch::Event> got = w.Next();
    REQUIRE(got);  // "closed early"
    CHECK(got->type == expect.t);
    CHECK(S(*got) == expect.s);
  }
  CHECK_FALSE(w.Next());  // "Never stopped"
}

template <typename W>
void Send(W& f) {
  f.Add(T("foo"));
  f.Action(EventType::kModified, T("qux"));
  f.Modify(T("bar"));
  f.Delete(T("bar"));
  f.Error(T("error: blah"));
  f.Stop();
}

TEST_CASE("EventType prints upstream's names and parses them back", "[watch]") {
  const std::vector<std::pair<EventType, std::string>> names = {{EventType::kAdded, "ADDED"},
                                                                {EventType::kModified, "MODIFIED"},
                                                                {EventType::kDeleted, "DELETED"},
                                                                {EventType::kBookmark, "BOOKMARK"},
                                                                {EventType::kError, "ERROR"}};
  for (const auto& [t, name] : names) {
    CHECK(fmt::format("{}", t) == name);
    std::ostringstream os;
    os << t;
    CHECK(os.str() == name);
    CHECK(watch::ParseEventType(name) == t);
  }
  CHECK(fmt::format("[{:>8}]", EventType::kAdded) == "[   ADDED]");
  for (const char* bad : {"", "added", "Added", "FOO", "ADDED ", "ERRORS"}) {
    CHECK_THROWS_AS(watch::ParseEventType(bad), watch::InvalidEventTypeError);
  }
  try {
    watch::ParseEventType("FOO");
    FAIL("no throw");
  } catch (const apimachinery::Error& e) {
    CHECK(std::string(e.what()) == "got invalid watch event type: FOO");
  }
}

TEST_CASE("TestFake: an unbuffered FakeWatcher delivers every event in order, then ends", "[watch]") {
  watch::FakeWatcher f;
  std::thread sender([&] { Send(f); });
  Consume(f);
  sender.join();
  CHECK(f.IsStopped());
}

TEST_CASE("TestRaceFreeFake: RaceFreeFakeWatcher delivers every event in order, then ends", "[watch]") {
  watch::RaceFreeFakeWatcher f;
  std::thread sender([&] { Send(f); });
  Consume(f);
  sender.join();
}

TEST_CASE("TestEmpty: an empty watch has ended and Stop does nothing", "[watch]") {
  auto w = watch::NewEmptyWatch();
  CHECK_FALSE(w->Next());
  w->Stop();
  CHECK_FALSE(w->Next());
}

TEST_CASE("RaceFreeFakeWatcher: buffers kDefaultChanSize events, then throws channel full", "[watch]") {
  watch::RaceFreeFakeWatcher f;
  for (std::size_t i = 0; i < watch::kDefaultChanSize; ++i) f.Add(T(std::to_string(i)));
  try {
    f.Add(T("overflow"));
    FAIL("no throw");
  } catch (const watch::ChannelFullError& e) {
    CHECK(std::string(e.what()) == "channel full");
  }
  // The full buffer is intact and in order.
  for (std::size_t i = 0; i < watch::kDefaultChanSize; ++i) {
    auto ev = f.Next();
    REQUIRE(ev);
    CHECK(S(*ev) == std::to_string(i));
  }
  f.Add(T("room again"));
  CHECK(S(*f.Next()) == "room again");
}

TEST_CASE("RaceFreeFakeWatcher: Stop then Add is ignored; buffered events drain first", "[watch]") {
  watch::RaceFreeFakeWatcher f;
  f.Add(T("a"));
  f.Modify(T("b"));
  f.Stop();
  f.Stop();  // idempotent
  CHECK(f.IsStopped());
  CHECK_NOTHROW(f.Add(T("ignored")));
  CHECK_NOTHROW(f.Error(T("ignored")));
  CHECK(S(*f.Next()) == "a");
  CHECK(S(*f.Next()) == "b");
  CHECK_FALSE(f.Next());
  CHECK_FALSE(f.Next());
  f.Reset();
  CHECK_FALSE(f.IsStopped());
  f.Add(T("after reset"));
  CHECK(S(*f.Next()) == "after reset");
}

TEST_CASE("FakeWatcher: a send after Stop throws send on closed channel", "[watch]") {
  watch::FakeWatcher f(2);
  f.Add(T("a"));
  f.Stop();
  try {
    f.Add(T("b"));
    FAIL("no throw");
  } catch (const watch::ClosedChannelError& e) {
    CHECK(std::string(e.what()) == "send on closed channel");
  }
  CHECK(S(*f.Next()) == "a");
  CHECK_FALSE(f.Next());
  f.Reset();  // unbuffered from now on, as upstream's Reset
  std::optional<watch::Event> taken;
  std::thread consumer([&] { taken = f.Next(); });  // Catch2 asserts on the main thread only
  f.Add(T("c"));                                    // returns once the consumer took it
  consumer.join();
  REQUIRE(taken);
  CHECK(S(*taken) == "c");
}

TEST_CASE("FakeWatcher(n): n sends complete without a receiver, the next one blocks", "[watch]") {
  watch::FakeWatcher f(3);
  for (int i = 0; i < 3; ++i) f.Add(T(std::to_string(i)));
  std::atomic<bool> fourth_done{false};
  std::thread sender([&] {
    f.Add(T("3"));
    fourth_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_FALSE(fourth_done.load());
  CHECK(S(*f.Next()) == "0");
  sender.join();
  CHECK(fourth_done.load());
  for (int i = 1; i < 4; ++i) CHECK(S(*f.Next()) == std::to_string(i));
}

TEST_CASE("FakeWatcher: an unbuffered send blocked when Stop is called throws", "[watch]") {
  watch::FakeWatcher f;
  std::atomic<bool> threw{false};
  std::thread sender([&] {
    try {
      f.Add(T("never taken"));
    } catch (const watch::ClosedChannelError&) {
      threw = true;
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  f.Stop();
  sender.join();
  CHECK(threw.load());
  CHECK_FALSE(f.Next());  // the event that was never taken is not delivered
}

TEST_CASE("Stop from another thread wakes a blocked Next", "[watch][concurrency]") {
  for (int round = 0; round < 20; ++round) {
    watch::RaceFreeFakeWatcher f;
    std::atomic<int> ended{0};
    std::vector<std::thread> consumers;
    for (int i = 0; i < 3; ++i) {
      consumers.emplace_back([&] {
        if (!f.Next()) ++ended;
      });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(round % 3));
    f.Stop();
    for (auto& t : consumers) t.join();
    CHECK(ended.load() == 3);
  }
}

TEST_CASE("Destroying a fake watcher while a Next is blocked stops it and waits", "[watch][concurrency]") {
  for (int round = 0; round < 20; ++round) {
    auto f = std::make_unique<watch::FakeWatcher>();
    watch::Interface* raw = f.get();
    std::atomic<bool> started{false};
    std::optional<watch::Event> got = watch::Event{};
    std::thread consumer([&] {
      started = true;
      got = raw->Next();
    });
    while (!started) std::this_thread::yield();
    // Give the consumer time to block inside Next (destroying before it enters would be a
    // use-after-free in any design).
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    f.reset();  // stops, waits for the blocked Next to leave
    consumer.join();
    CHECK_FALSE(got);
  }
}

TEST_CASE("Concurrent producers and consumers: every event delivered exactly once", "[watch][concurrency]") {
  watch::FakeWatcher f(8);
  constexpr int kProducers = 3, kPerProducer = 300;
  std::vector<std::thread> producers;
  for (int p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      for (int i = 0; i < kPerProducer; ++i) f.Add(T(fmt::format("{}/{}", p, i)));
    });
  }
  std::mutex mu;
  std::vector<std::string> seen;
  std::vector<std::thread> consumers;
  for (int c = 0; c < 2; ++c) {
    consumers.emplace_back([&] {
      while (auto ev = f.Next()) {
        std::lock_guard lock(mu);
        seen.push_back(S(*ev));
      }
    });
  }
  for (auto& t : producers) t.join();
  // Wait until the consumers drained the buffer, then end the watch.
  for (;;) {
    {
      std::lock_guard lock(mu);
      if (seen.size() == kProducers * kPerProducer) break;
    }
    std::this_thread::yield();
  }
  f.Stop();
  for (auto& t : consumers) t.join();
  std::sort(seen.begin(), seen.end());
  CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
  CHECK(seen.size() == kProducers * kPerProducer);
}

TEST_CASE("Filter keeps, changes and drops events; Stop reaches the source", "[watch]") {
  // filter_test.go: TestFilter.
  auto source = std::make_unique<watch::RaceFreeFakeWatcher>();
  watch::RaceFreeFakeWatcher* src = source.get();
  auto w = watch::Filter(std::move(source), [](watch::Event in) -> std::optional<watch::Event> {
    const std::string& s = dynamic_cast<const TestType&>(*in.object).s;
    if (s.empty() || s[0] != 'b') return std::nullopt;
    return watch::Event{in.type, T(s + s)};
  });
  for (const char* s : {"foo", "bar", "baz", "qux", "zoo"}) src->Add(T(s));
  src->Stop();
  std::vector<std::string> got;
  while (auto ev = w->Next()) got.push_back(S(*ev));
  CHECK(got == std::vector<std::string>{"barbar", "bazbaz"});

  // TestFilterStop.
  auto source2 = std::make_unique<watch::RaceFreeFakeWatcher>();
  watch::RaceFreeFakeWatcher* src2 = source2.get();
  auto w2 =
      watch::Filter(std::move(source2), [](watch::Event in) { return std::optional<watch::Event>(in); });
  w2->Stop();
  CHECK(src2->IsStopped());
  CHECK_FALSE(w2->Next());
}

TEST_CASE("Recorder records every delivered event", "[watch]") {
  auto source = std::make_unique<watch::RaceFreeFakeWatcher>();
  watch::RaceFreeFakeWatcher* src = source.get();
  watch::Recorder r(std::move(source));
  src->Add(T("a"));
  src->Delete(T("b"));
  src->Stop();
  while (r.Next()) {
  }
  const auto events = r.Events();
  REQUIRE(events.size() == 2);
  CHECK(events[0].type == EventType::kAdded);
  CHECK(S(events[1]) == "b");
}

}  // namespace watch_watch_test
