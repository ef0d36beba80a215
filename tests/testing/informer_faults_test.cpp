// Fault-injection property test: a SharedIndexInformer over the FakeAPIServer while the server
// closes watches, answers 410, delays events, drops watches silently, injects ERROR events and
// fails lists. A seeded random sequence of creates, updates and deletes (with finalizers) runs
// across many objects; at every quiescent point the informer's store equals the server's
// contents, every handler's model (built only from the events it received) equals them too, and
// every handler saw each object's versions in increasing order. Uses std::thread: it is part of
// the TSan executable.
#include "apimachinery/testing/fake_apiserver.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/runtime/unstructured.hpp"

namespace testing_informer_faults_test {

namespace cache = apimachinery::cache;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
using ObjectPtr = std::shared_ptr<const runtime::Object>;
using namespace std::chrono_literals;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

std::uint64_t Rv(const runtime::Object& obj) {
  return std::stoull(obj.GetObjectMeta()->resource_version);
}

std::string KeyOf(const runtime::Object& obj) {
  if (const auto* t = cache::AsTombstone(obj)) return t->key;
  return cache::MetaNamespaceKeyFunc(obj);
}

// HandlerModel is what one handler knows: the last version of every object it was told about,
// built only from the events, and every ordering violation it saw.
class HandlerModel {
 public:
  cache::ResourceEventHandlerFuncs Funcs() {
    return {
        .on_add = [this](const ObjectPtr& obj, bool) { OnAdd(*obj); },
        .on_update = [this](const ObjectPtr& o, const ObjectPtr& n) { OnUpdate(*o, *n); },
        .on_delete = [this](const ObjectPtr& obj) { OnDelete(*obj); },
    };
  }
  std::map<std::string, std::uint64_t> Snapshot() const {
    std::lock_guard lock(mu_);
    return objects_;
  }
  std::vector<std::string> Violations() const {
    std::lock_guard lock(mu_);
    return violations_;
  }
  std::int64_t deletes() const {
    std::lock_guard lock(mu_);
    return deletes_;
  }
  std::int64_t tombstones() const {
    std::lock_guard lock(mu_);
    return tombstones_;
  }

 private:
  void OnAdd(const runtime::Object& obj) {
    std::lock_guard lock(mu_);
    const std::string key = KeyOf(obj);
    auto [it, inserted] = objects_.emplace(key, Rv(obj));
    if (!inserted) violations_.push_back("add of a known object " + key);
    it->second = Rv(obj);
  }
  void OnUpdate(const runtime::Object& old_obj, const runtime::Object& new_obj) {
    std::lock_guard lock(mu_);
    const std::string key = KeyOf(new_obj);
    auto it = objects_.find(key);
    if (it == objects_.end()) {
      violations_.push_back("update of an unknown object " + key);
      objects_[key] = Rv(new_obj);
      return;
    }
    if (Rv(old_obj) != it->second) {
      violations_.push_back("update's old version " + std::to_string(Rv(old_obj)) + " is not the last seen " +
                            std::to_string(it->second) + " for " + key);
    }
    if (Rv(new_obj) < it->second) violations_.push_back("version went back for " + key);
    it->second = Rv(new_obj);
  }
  void OnDelete(const runtime::Object& obj) {
    std::lock_guard lock(mu_);
    const std::string key = KeyOf(obj);
    if (cache::AsTombstone(obj) != nullptr) ++tombstones_;
    ++deletes_;
    if (objects_.erase(key) == 0) violations_.push_back("delete of an unknown object " + key);
  }

  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> objects_;
  std::vector<std::string> violations_;
  std::int64_t deletes_ = 0;
  std::int64_t tombstones_ = 0;
};

std::map<std::string, std::uint64_t> ServerContents(testing::FakeAPIServer& server) {
  std::map<std::string, std::uint64_t> out;
  const nlohmann::json list = server.List(kWidgets, "", {});
  for (const auto& item : list.at("items")) {
    const auto& md = item.at("metadata");
    out[md.at("namespace").get<std::string>() + "/" + md.at("name").get<std::string>()] =
        std::stoull(md.at("resourceVersion").get<std::string>());
  }
  return out;
}

std::map<std::string, std::uint64_t> StoreContents(cache::SharedIndexInformer& informer) {
  std::map<std::string, std::uint64_t> out;
  for (const auto& obj : informer.GetStore().List()) out[KeyOf(*obj)] = Rv(*obj);
  return out;
}

struct FaultCounts {
  int close_all = 0, close_after = 0, expire = 0, fail_lists = 0, delay = 0, drop = 0, error_event = 0;
};

TEST_CASE("FakeAPIServer + SharedIndexInformer: random operations under random faults converge",
          "[testing][informer][faults]") {
  const std::uint64_t seed = GENERATE(1u, 2u);
  constexpr int kOperations = 10'000;
  constexpr int kObjects = 120;
  constexpr int kQuiescentEvery = 1'000;
  std::mt19937_64 rng(seed);
  auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };

  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  auto informer = std::make_shared<cache::SharedIndexInformer>(server.ListerWatcher(kWidgets), 0ms);
  HandlerModel early, late;
  informer->AddEventHandler(early.Funcs());
  std::jthread runner([&](std::stop_token stop) { informer->Run(stop); });

  auto name_of = [](int i) { return fmt::format("w-{:03}", i); };
  auto ns_of = [](int i) { return fmt::format("ns-{}", i % 3); };
  std::set<int> exists, finalized;
  FaultCounts faults;
  int creates = 0, updates = 0, deletes = 0, conflicts = 0, quiescent_points = 0;
  bool late_added = false;

  auto quiesce = [&] {
    // Heal what only a watch timeout would heal: stop delaying, end dropped watches.
    server.SetWatchEventDelay(0ms);
    server.CloseAllWatches();
    const auto want = ServerContents(server);
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (std::chrono::steady_clock::now() < deadline) {
      if (StoreContents(*informer) == want && early.Snapshot() == want && (!late_added || late.Snapshot() == want))
        break;
      std::this_thread::sleep_for(5ms);
    }
    ++quiescent_points;
    INFO("seed " << seed << ", quiescent point " << quiescent_points);
    REQUIRE(StoreContents(*informer) == want);
    REQUIRE(early.Snapshot() == want);
    if (late_added) REQUIRE(late.Snapshot() == want);
  };

  REQUIRE(cache::WaitForCacheSync(runner.get_stop_token(), {[&] { return informer->HasSynced(); }}));
  for (int op = 1; op <= kOperations; ++op) {
    const int i = static_cast<int>(rng() % kObjects);
    const std::string name = name_of(i), ns = ns_of(i);
    try {
      if (!exists.contains(i)) {
        nlohmann::json obj = {{"apiVersion", "example.com/v1"},
                              {"kind", "Widget"},
                              {"metadata", {{"name", name}, {"namespace", ns}}},
                              {"spec", {{"size", op}}}};
        if (chance(30)) obj["metadata"]["finalizers"] = {"example.com/keep"};
        server.Create(kWidgets, ns, std::move(obj));
        exists.insert(i);
        ++creates;
      } else if (chance(70)) {
        nlohmann::json obj = server.Get(kWidgets, ns, name);
        obj["spec"]["size"] = op;
        if (chance(20)) obj["metadata"]["labels"] = {{"tier", chance(50) ? "a" : "b"}};
        if (obj["metadata"].contains("deletionTimestamp")) obj["metadata"].erase("finalizers");
        server.Update(kWidgets, ns, std::move(obj));
        ++updates;
      } else {
        server.Delete(kWidgets, ns, name);
        ++deletes;
      }
    } catch (const errors::StatusError& e) {
      if (!errors::IsConflict(e) && !errors::IsNotFound(e)) throw;
      ++conflicts;
    }
    // An object is gone once the server no longer has it (finalizers keep it while terminating).
    try {
      server.Get(kWidgets, ns, name);
    } catch (const errors::StatusError& e) {
      if (!errors::IsNotFound(e)) throw;
      exists.erase(i);
    }

    if (chance(2)) {
      switch (rng() % 7) {
        case 0: server.CloseAllWatches(); ++faults.close_all; break;
        case 1: server.CloseWatchesAfter(static_cast<int>(rng() % 20)); ++faults.close_after; break;
        case 2: server.ExpireHistory(); server.CloseAllWatches(); ++faults.expire; break;
        case 3: server.FailNextLists(static_cast<int>(1 + rng() % 2), chance(50) ? 500 : 429); ++faults.fail_lists; break;
        case 4: server.SetWatchEventDelay(chance(50) ? 1ms : 0ms); ++faults.delay; break;
        case 5: server.DropWatchesSilently(); ++faults.drop; break;
        case 6: server.EmitWatchError(500); ++faults.error_event; break;
      }
    }
    if (op == kOperations / 2) {
      informer->AddEventHandler(late.Funcs());
      late_added = true;
    }
    if (op % kQuiescentEvery == 0) quiesce();
  }
  quiesce();
  runner.request_stop();
  runner.join();

  INFO("violations: " << fmt::format("{}", fmt::join(early.Violations(), "; ")));
  CHECK(early.Violations().empty());
  CHECK(late.Violations().empty());
  UNSCOPED_INFO(fmt::format(
      "seed {}: {} operations ({} creates, {} updates, {} deletes, {} conflicts/not-found), {} quiescent points; "
      "faults: close-all {}, close-after {}, 410 {}, failed lists {}, delays {}, drops {}, error events {}; "
      "handler deletes {} ({} tombstones)",
      seed, kOperations, creates, updates, deletes, conflicts, quiescent_points, faults.close_all,
      faults.close_after, faults.expire, faults.fail_lists, faults.delay, faults.drop, faults.error_event,
      early.deletes(), early.tombstones()));
  CHECK(creates + updates + deletes + conflicts == kOperations);
}

}  // namespace testing_informer_faults_test
