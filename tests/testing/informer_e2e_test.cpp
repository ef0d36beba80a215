// End to end: SharedIndexInformer over the FakeAPIServer's ListerWatcher. Writes on the server
// reach the handlers in order; a late handler sees everything; resync; transform; selectors on
// the watch; a relist after 410 delivers the deletions it missed as tombstones. Uses std::thread:
// part of the TSan executable.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

#include "support/eventually.hpp"

namespace testing_informer_e2e_test {

namespace cache = apimachinery::cache;
namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
namespace watch = apimachinery::watch;
using ObjectPtr = std::shared_ptr<const runtime::Object>;
using namespace std::chrono_literals;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

nlohmann::json Widget(std::string_view ns, std::string_view name,
                      nlohmann::json labels = nlohmann::json::object()) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}, {"namespace", ns}, {"labels", std::move(labels)}}},
          {"spec", {{"size", 1}}}};
}

// Recorder: every callback as one line, "add ns/name rv initial", "update ns/name old->new",
// "delete ns/name rv" or "delete ns/name tombstone".
class Recorder {
 public:
  cache::ResourceEventHandlerFuncs Funcs() {
    return {
        .on_add =
            [this](const ObjectPtr& o, bool initial) {
              Push(fmt::format("add {} {}{}", Key(*o), Rv(*o), initial ? " initial" : ""));
            },
        .on_update =
            [this](const ObjectPtr& o, const ObjectPtr& n) {
              Push(fmt::format("update {} {}->{}", Key(*n), Rv(*o), Rv(*n)));
            },
        .on_delete =
            [this](const ObjectPtr& o) {
              if (const auto* t = cache::AsTombstone(*o)) {
                Push(fmt::format("delete {} tombstone", t->key));
              } else {
                Push(fmt::format("delete {} {}", Key(*o), Rv(*o)));
              }
            },
    };
  }
  // WaitFor blocks until at least n lines were recorded (or 10 s passed) and returns them.
  std::vector<std::string> WaitFor(std::size_t n) {
    std::unique_lock lock(mu_);
    cv_.wait_for(lock, 10s, [&] { return lines_.size() >= n; });
    return lines_;
  }
  std::vector<std::string> Lines() {
    std::lock_guard lock(mu_);
    return lines_;
  }

  static std::string Key(const runtime::Object& o) { return cache::MetaNamespaceKeyFunc(o); }
  static std::string Rv(const runtime::Object& o) { return o.GetObjectMeta()->resource_version; }

 private:
  void Push(std::string line) {
    std::lock_guard lock(mu_);
    lines_.push_back(std::move(line));
    cv_.notify_all();
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> lines_;
};

std::string RvOf(const nlohmann::json& obj) {
  return obj.at("metadata").at("resourceVersion").get<std::string>();
}

// Running starts informer.Run on its own thread and stops and joins it when destroyed.
struct Running {
  explicit Running(cache::SharedIndexInformer& i)
      : informer(i), thread([this](std::stop_token s) { informer.Run(std::move(s)); }) {
    REQUIRE(cache::WaitForCacheSync(thread.get_stop_token(), {[this] { return informer.HasSynced(); }}));
  }
  cache::SharedIndexInformer& informer;
  std::jthread thread;
};

TEST_CASE("informer e2e: creates, updates and deletes reach the handler in order", "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  const auto a0 = server.Create(kWidgets, "ns", Widget("ns", "a"));
  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 0ms);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);

  auto a1 = server.Get(kWidgets, "ns", "a");
  a1["spec"]["size"] = 2;
  a1 = server.Update(kWidgets, "ns", a1);
  const auto b0 = server.Create(kWidgets, "ns", Widget("ns", "b"));
  server.Delete(kWidgets, "ns", "a");
  const std::vector<std::string> want = {
      "add ns/a " + RvOf(a0) + " initial",
      "update ns/a " + RvOf(a0) + "->" + RvOf(a1),
      "add ns/b " + RvOf(b0),
      // The DELETED event carries the deletion's resourceVersion, as the API server's does.
      "delete ns/a " + server.CurrentResourceVersion(),
  };
  CHECK(rec.WaitFor(want.size()) == want);
  CHECK(informer.GetStore().ListKeys() == std::vector<std::string>{"ns/b"});
  // The Reflector moves its version after the FIFO took the event (as upstream's watchHandler),
  // so the handler may have run first.
  CHECK(test_support::Eventually(
      [&] { return informer.LastSyncResourceVersion() == server.CurrentResourceVersion(); }));
}

TEST_CASE("informer e2e: an eviction reaches the handler as the condition's update, then the deletion",
          "[testing][informer][eviction]") {
  const schema::GroupVersionResource pods{"", "v1", "pods"};
  testing::FakeAPIServer server;
  server.AddResource(pods, "Pod", meta::RESTScopeName::kNamespace);
  const auto p0 = server.Create(
      pods, "ns",
      {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "p"}, {"namespace", "ns"}}}});
  cache::SharedIndexInformer informer(server.ListerWatcher(pods), 0ms);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);

  const std::string before = server.CurrentResourceVersion();
  server.CreateSubresource(pods, "ns", "p", "eviction",
                           {{"apiVersion", "policy/v1"},
                            {"kind", "Eviction"},
                            {"metadata", {{"name", "p"}, {"namespace", "ns"}}}});
  const std::uint64_t rv = std::stoull(before);
  const std::vector<std::string> want = {
      "add ns/p " + RvOf(p0) + " initial",
      "update ns/p " + RvOf(p0) + "->" + std::to_string(rv + 1),  // the DisruptionTarget condition
      "delete ns/p " + std::to_string(rv + 2),
  };
  CHECK(rec.WaitFor(want.size()) == want);
  CHECK(server.CurrentResourceVersion() == std::to_string(rv + 2));
  CHECK(informer.GetStore().ListKeys().empty());
}

TEST_CASE("informer e2e: an informer of CompactUnstructured objects sees the same changes",
          "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  const auto a0 = server.Create(kWidgets, "ns", Widget("ns", "a", {{"tier", "web"}}));
  cache::SharedIndexInformer informer(server.CompactListerWatcher(kWidgets), 0ms);
  informer.SetTransform(cache::StripManagedFields);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);

  auto a1 = server.Get(kWidgets, "ns", "a");
  a1["spec"]["size"] = 5;
  a1 = server.Update(kWidgets, "ns", a1);
  const auto b0 = server.Create(kWidgets, "ns", Widget("ns", "b"));
  server.Delete(kWidgets, "ns", "b");
  const std::vector<std::string> want = {
      "add ns/a " + RvOf(a0) + " initial",
      "update ns/a " + RvOf(a0) + "->" + RvOf(a1),
      "add ns/b " + RvOf(b0),
      "delete ns/b " + server.CurrentResourceVersion(),
  };
  CHECK(rec.WaitFor(want.size()) == want);
  const auto items = informer.GetStore().List();
  REQUIRE(items.size() == 1);
  const auto* a = dynamic_cast<const runtime::CompactUnstructured*>(items[0]);
  REQUIRE(a != nullptr);
  CHECK(a->Root().FindPath("spec", "size").Int() == 5);
  CHECK(a->GetObjectMeta()->labels.at("tier") == "web");
  // The server's object, but for the managedFields the transform stripped.
  nlohmann::json stored = server.Get(kWidgets, "ns", "a");
  CHECK(stored["metadata"].contains("managedFields"));
  stored["metadata"].erase("managedFields");
  CHECK(nlohmann::json::parse(a->MarshalJSON()) == stored);
}

TEST_CASE("informer e2e: a handler added after sync gets the current contents as initial adds",
          "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 0ms);
  Recorder early;
  informer.AddEventHandler(early.Funcs());
  Running run(informer);
  const auto a = server.Create(kWidgets, "ns", Widget("ns", "a"));
  const auto b = server.Create(kWidgets, "other", Widget("other", "b"));
  REQUIRE(early.WaitFor(2).size() == 2);

  Recorder late;
  auto reg = informer.AddEventHandler(late.Funcs());
  auto lines = late.WaitFor(2);
  std::sort(lines.begin(), lines.end());
  CHECK(lines ==
        std::vector<std::string>{"add ns/a " + RvOf(a) + " initial", "add other/b " + RvOf(b) + " initial"});
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!reg->HasSynced() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(1ms);
  CHECK(reg->HasSynced());
  // Both see what follows.
  server.Delete(kWidgets, "ns", "a");
  CHECK(late.WaitFor(3).back() == "delete ns/a " + server.CurrentResourceVersion());
  CHECK(early.WaitFor(3).back() == "delete ns/a " + server.CurrentResourceVersion());
}

TEST_CASE("informer e2e: resync delivers update(old, old) for every object", "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  const auto a = server.Create(kWidgets, "ns", Widget("ns", "a"));
  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 20ms);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  const auto lines = rec.WaitFor(3);
  REQUIRE(lines.size() >= 3);
  CHECK(lines[0] == "add ns/a " + RvOf(a) + " initial");
  CHECK(lines[1] == "update ns/a " + RvOf(a) + "->" + RvOf(a));
  CHECK(lines[2] == "update ns/a " + RvOf(a) + "->" + RvOf(a));
  // Resync is not relist: the server was listed once.
  CHECK(server.RequestCount("list") == 1);
}

TEST_CASE("informer e2e: the transform runs before the store and the handlers", "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  auto w = Widget("ns", "a");
  w["metadata"]["managedFields"] = {{{"manager", "kubectl"}, {"operation", "Apply"}}};
  server.Create(kWidgets, "ns", w);
  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 0ms);
  informer.SetTransform(cache::StripManagedFields);
  std::mutex mu;
  std::vector<std::size_t> seen;
  informer.AddEventHandler({.on_add = [&](const ObjectPtr& o, bool) {
    std::lock_guard lock(mu);
    seen.push_back(o->GetObjectMeta()->managed_fields.size());
  }});
  Running run(informer);
  auto stored = informer.GetStore().GetByKey("ns/a");
  REQUIRE(stored);
  CHECK(stored->GetObjectMeta()->managed_fields.empty());
  const auto& u = dynamic_cast<const runtime::Unstructured&>(*stored);
  CHECK_FALSE(u.Body().at("metadata").contains("managedFields"));
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  for (;;) {
    {
      std::lock_guard lock(mu);
      if (!seen.empty() || std::chrono::steady_clock::now() > deadline) break;
    }
    std::this_thread::sleep_for(1ms);
  }
  std::lock_guard lock(mu);
  CHECK(seen == std::vector<std::size_t>{0});
}

// SelectingListerWatcher narrows every List and Watch to a label selector, as a factory tweak does.
class SelectingListerWatcher final : public cache::ListerWatcher {
 public:
  SelectingListerWatcher(std::shared_ptr<cache::ListerWatcher> inner, std::string selector)
      : inner_(std::move(inner)), selector_(std::move(selector)) {}
  cache::ListResult List(const metav1::ListOptions& options) override { return inner_->List(With(options)); }
  std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override {
    return inner_->Watch(With(options));
  }

 private:
  metav1::ListOptions With(metav1::ListOptions o) const {
    o.label_selector = selector_;
    return o;
  }
  std::shared_ptr<cache::ListerWatcher> inner_;
  std::string selector_;
};

TEST_CASE("informer e2e: a label selector on the watch turns leaving into delete and entering into add",
          "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  server.Create(kWidgets, "ns", Widget("ns", "b", {{"tier", "b"}}));
  cache::SharedIndexInformer informer(
      std::make_shared<SelectingListerWatcher>(server.ListerWatcher(kWidgets), "tier=a"), 0ms);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  CHECK(informer.GetStore().Len() == 0);

  const auto a0 = server.Create(kWidgets, "ns", Widget("ns", "a", {{"tier", "a"}}));
  auto a1 = server.Get(kWidgets, "ns", "a");
  a1["metadata"]["labels"]["tier"] = "b";
  a1 = server.Update(kWidgets, "ns", a1);
  auto a2 = server.Get(kWidgets, "ns", "a");
  a2["metadata"]["labels"]["tier"] = "a";
  a2 = server.Update(kWidgets, "ns", a2);
  const std::vector<std::string> want = {
      "add ns/a " + RvOf(a0),
      // Leaving the selector: the old state with the new resourceVersion (the watch cache's way).
      "delete ns/a " + RvOf(a1),
      "add ns/a " + RvOf(a2),
  };
  CHECK(rec.WaitFor(want.size()) == want);
  CHECK(informer.GetStore().ListKeys() == std::vector<std::string>{"ns/a"});
}

TEST_CASE("informer e2e: deletions missed while disconnected arrive as tombstones after a relist on 410",
          "[testing][informer]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  const auto a = server.Create(kWidgets, "ns", Widget("ns", "a"));
  server.Create(kWidgets, "ns", Widget("ns", "b"));
  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 0ms);
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  REQUIRE(rec.WaitFor(2).size() == 2);

  // Disconnected: the informer's watch ends, and the next one starts from a version older than
  // the server's history (every later watch from before now gets 410).
  server.FailNextWatches(1, 500);
  server.CloseAllWatches();
  server.Delete(kWidgets, "ns", "b");
  const auto c = server.Create(kWidgets, "ns", Widget("ns", "c"));
  server.ExpireHistory();
  // The first five lines: a second relist may follow (the closed watch may have been younger than a
  // second without an event, a VeryShortWatchError, and the failed watch then relists again).
  auto lines = rec.WaitFor(5);
  REQUIRE(lines.size() >= 5);
  lines.resize(5);
  // The relist's Replace: b is gone (a tombstone: its deletion was never observed), a is replaced
  // by its unchanged self, c is new.
  std::vector<std::string> tail(lines.begin() + 2, lines.end());
  std::sort(tail.begin(), tail.end());
  CHECK(tail == std::vector<std::string>{"add ns/c " + RvOf(c), "delete ns/b tombstone",
                                         "update ns/a " + RvOf(a) + "->" + RvOf(a)});
  CHECK(informer.GetStore().ListKeys() == std::vector<std::string>{"ns/a", "ns/c"});
  CHECK(informer.GetStore().GetByKey("ns/a")->GetObjectMeta()->resource_version == RvOf(a));
  CHECK(server.RequestCount("list") >= 2);
}

}  // namespace testing_informer_e2e_test
