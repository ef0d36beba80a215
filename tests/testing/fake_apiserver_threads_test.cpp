// Concurrency tests for testing/fake_apiserver.hpp (std::thread: part of the TSan executable):
// writers and watchers on several threads, retry-on-conflict writers that never lose an update,
// a slow consumer that does not block writers, and the faults that need a blocked Next
// (DropWatchesSilently, SetWatchEventDelay, timeoutSeconds on a FakeClock).
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"

namespace testing_fake_apiserver_threads_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
namespace watch = apimachinery::watch;
namespace runtime = apimachinery::runtime;
namespace clk = apimachinery::util::clock;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

json Widget(const std::string& name) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}}},
          {"spec", {{"n", 0}}}};
}

void WaitForWaiters(const clk::FakeClock& c) {
  while (!c.HasWaiters()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST_CASE("FakeAPIServer threads: writers and watchers agree with List") {
  testing::FakeAPIServerOptions o;
  o.history_size = 100000;
  testing::FakeAPIServer s(o);
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  constexpr int kWatchers = 3;
  std::vector<std::map<std::string, json>> seen(kWatchers);
  std::vector<std::thread> watchers;
  std::atomic<int> bad_order{0};
  for (int i = 0; i < kWatchers; ++i) {
    metav1::ListOptions lo;
    lo.resource_version = "0";
    auto w = s.Watch(kWidgets, "", lo);
    watchers.emplace_back([&, i, w = std::shared_ptr<watch::Interface>(std::move(w))] {
      std::uint64_t last = 0;
      while (auto ev = w->Next()) {
        const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get());
        if (u == nullptr) continue;
        const std::uint64_t rv = std::stoull(u->GetResourceVersion());
        if (rv <= last) ++bad_order;
        last = rv;
        const std::string key = u->GetNamespace() + "/" + u->GetName();
        if (ev->type == watch::EventType::kDeleted) {
          seen[i].erase(key);
        } else {
          seen[i][key] = u->UnstructuredContent();
        }
      }
    });
  }
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < 150; ++i) {
        const std::string ns = "ns" + std::to_string(t);
        const std::string name = "w" + std::to_string(i % 20);
        try {
          if (i % 3 == 0) {
            s.Create(kWidgets, ns, Widget(name));
          } else if (i % 3 == 1) {
            s.Patch(kWidgets, ns, name, "application/merge-patch+json", {{"spec", {{"n", i}}}});
          } else if (i % 7 == 2) {
            s.Delete(kWidgets, ns, name);
          } else {
            (void)s.List(kWidgets, ns, {});
          }
        } catch (const errors::StatusError&) {
          // AlreadyExists / NotFound: expected under this workload
        }
      }
    });
  }
  for (auto& w : writers) w.join();
  s.CloseAllWatches();
  for (auto& w : watchers) w.join();
  std::map<std::string, json> want;
  const json list = s.List(kWidgets, "", {});
  for (const auto& i : list["items"]) {
    want[i["metadata"]["namespace"].get<std::string>() + "/" + i["metadata"]["name"].get<std::string>()] = i;
  }
  CHECK_FALSE(want.empty());
  CHECK(bad_order == 0);
  for (const auto& m : seen) CHECK(m == want);
}

TEST_CASE("FakeAPIServer threads: two writers retrying on conflict never lose an update") {
  testing::FakeAPIServer s;
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  s.Create(kWidgets, "ns", Widget("counter"));
  constexpr int kPerWriter = 200;
  std::atomic<int> conflicts{0};
  auto writer = [&] {
    for (int i = 0; i < kPerWriter; ++i) {
      for (;;) {
        json obj = s.Get(kWidgets, "ns", "counter");
        obj["spec"]["n"] = obj["spec"]["n"].get<int>() + 1;
        try {
          s.Update(kWidgets, "ns", obj);
          break;
        } catch (const errors::StatusError& e) {
          REQUIRE(errors::IsConflict(e));
          ++conflicts;
        }
      }
    }
  };
  std::thread a(writer);
  std::thread b(writer);
  a.join();
  b.join();
  CHECK(s.Get(kWidgets, "ns", "counter")["spec"]["n"] == 2 * kPerWriter);
  CHECK(s.RequestCount("update") == 2 * kPerWriter + conflicts.load());
}

TEST_CASE("FakeAPIServer threads: a watch nobody reads does not block writers") {
  testing::FakeAPIServer s;
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  metav1::ListOptions lo;
  lo.resource_version = s.CurrentResourceVersion();
  auto w = s.Watch(kWidgets, "", lo);
  std::thread writer([&] {
    for (int i = 0; i < 3000; ++i) s.Create(kWidgets, "ns", Widget("w" + std::to_string(i)));
  });
  writer.join();
  s.CloseAllWatches();
  int n = 0;
  while (w->Next()) ++n;
  CHECK(n == 3000);
}

TEST_CASE("FakeAPIServer threads: DropWatchesSilently stalls a watch until Stop") {
  testing::FakeAPIServer s;
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  metav1::ListOptions lo;
  lo.resource_version = s.CurrentResourceVersion();
  auto w = s.Watch(kWidgets, "", lo);
  s.Create(kWidgets, "ns", Widget("before"));
  s.DropWatchesSilently();  // the queued event is gone too
  std::atomic<bool> returned{false};
  std::optional<watch::Event> got;
  std::thread reader([&] {
    got = w->Next();
    returned = true;
  });
  s.Create(kWidgets, "ns", Widget("after"));
  s.CloseAllWatches();  // a dropped watch does not even end
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(returned.load());
  w->Stop();
  reader.join();
  CHECK(returned.load());
  CHECK_FALSE(got.has_value());
}

TEST_CASE("FakeAPIServer threads: SetWatchEventDelay holds events on the server's clock") {
  auto clock = std::make_shared<clk::FakeClock>();
  testing::FakeAPIServerOptions o;
  o.clock = clock;
  testing::FakeAPIServer s(o);
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  metav1::ListOptions lo;
  lo.resource_version = s.CurrentResourceVersion();
  auto w = s.Watch(kWidgets, "", lo);
  s.SetWatchEventDelay(std::chrono::milliseconds(500));
  s.Create(kWidgets, "ns", Widget("a"));
  std::atomic<bool> returned{false};
  std::optional<watch::Event> got;
  std::thread reader([&] {
    got = w->Next();
    returned = true;
  });
  WaitForWaiters(*clock);
  clock->Step(std::chrono::milliseconds(499));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_FALSE(returned.load());
  clock->Step(std::chrono::milliseconds(1));
  reader.join();
  REQUIRE(got);
  CHECK(got->type == watch::EventType::kAdded);
}

TEST_CASE("FakeAPIServer threads: timeoutSeconds ends a watch on the server's clock") {
  auto clock = std::make_shared<clk::FakeClock>();
  testing::FakeAPIServerOptions o;
  o.clock = clock;
  testing::FakeAPIServer s(o);
  s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  metav1::ListOptions lo;
  lo.resource_version = s.CurrentResourceVersion();
  lo.timeout_seconds = 10;
  auto w = s.Watch(kWidgets, "", lo);
  std::atomic<bool> returned{false};
  std::thread reader([&] {
    while (w->Next()) {
    }
    returned = true;
  });
  WaitForWaiters(*clock);
  clock->Step(std::chrono::seconds(9));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_FALSE(returned.load());
  clock->Step(std::chrono::seconds(1));
  reader.join();
  CHECK(returned.load());
  CHECK(s.OpenWatches() == 0);
}

}  // namespace testing_fake_apiserver_threads_test
