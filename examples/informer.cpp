// An informer on the in-memory API server, as a controller uses one: the informer's handler turns
// every change into a key on a rate-limited workqueue, and two workers reconcile the keys by
// reading the informer's store. Midway the server forgets its watch history and closes the watch:
// the informer's next watch gets 410 Gone, it relists, and the deletion it missed meanwhile still
// reaches the workers (as a tombstone).
//
//   ./informer
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include <apimachinery/apimachinery.hpp>

namespace cache = apimachinery::cache;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
namespace workqueue = apimachinery::workqueue;
using namespace std::chrono_literals;
using ObjectPtr = std::shared_ptr<const runtime::Object>;

namespace {

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

nlohmann::json Widget(std::string_view name, int size) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}, {"namespace", "demo"}}},
          {"spec", {{"size", size}}}};
}

std::mutex print_mu;
template <typename... Args>
void Print(fmt::format_string<Args...> format, Args&&... args) {
  std::lock_guard lock(print_mu);
  fmt::print(format, std::forward<Args>(args)...);
  std::fflush(stdout);
}

// WaitUntil polls `done` for up to ten seconds.
bool WaitUntil(const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

}  // namespace

int main() try {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  for (int i = 1; i <= 3; ++i) server.Create(kWidgets, "demo", Widget(fmt::format("widget-{}", i), i));

  cache::SharedIndexInformer informer(server.ListerWatcher(kWidgets), 0ms);
  informer.SetWatchErrorHandler([](const std::exception_ptr& err) {
    try {
      std::rethrow_exception(err);
    } catch (const std::exception& e) {
      Print("  informer: list/watch error, relisting: {}\n", e.what());
    }
  });
  workqueue::RateLimitingQueue<> queue(workqueue::DefaultControllerRateLimiter());
  auto enqueue = [&](const ObjectPtr& obj) { queue.Add(cache::DeletionHandlingMetaNamespaceKeyFunc(*obj)); };
  informer.AddEventHandler({
      .on_add = [&](const ObjectPtr& obj, bool) { enqueue(obj); },
      .on_update = [&](const ObjectPtr&, const ObjectPtr& obj) { enqueue(obj); },
      .on_delete =
          [&](const ObjectPtr& obj) {
            if (cache::AsTombstone(*obj) != nullptr)
              Print("  informer: missed deletion of {} (tombstone)\n",
                    cache::DeletionHandlingMetaNamespaceKeyFunc(*obj));
            enqueue(obj);
          },
  });

  std::atomic<int> reconciled{0};
  auto worker = [&](int id) {
    while (auto key = queue.Get()) {
      // Reconcile: read the desired state from the cache, never from the server.
      if (auto obj = informer.GetStore().GetByKey(*key)) {
        const auto& u = dynamic_cast<const runtime::Unstructured&>(*obj);
        Print("  worker {}: {} has size {} (resourceVersion {})\n", id, *key,
              u.Body().at("spec").at("size").get<int>(), obj->GetObjectMeta()->resource_version);
      } else {
        Print("  worker {}: {} is gone\n", id, *key);
      }
      ++reconciled;
      queue.Forget(*key);
      queue.Done(*key);
    }
  };

  std::jthread run([&](std::stop_token stop) { informer.Run(std::move(stop)); });
  std::jthread w1(worker, 1), w2(worker, 2);
  if (!cache::WaitForCacheSync(run.get_stop_token(), {[&] { return informer.HasSynced(); }})) return 1;
  Print("synced at resourceVersion {}: {} widgets\n", informer.LastSyncResourceVersion(),
        informer.GetStore().Len());
  WaitUntil([&] { return reconciled >= 3; });

  Print("update widget-2, create widget-4\n");
  auto w = server.Get(kWidgets, "demo", "widget-2");
  w["spec"]["size"] = 20;
  server.Update(kWidgets, "demo", w);
  server.Create(kWidgets, "demo", Widget("widget-4", 4));
  WaitUntil([&] { return informer.LastSyncResourceVersion() == server.CurrentResourceVersion(); });

  Print("the watch breaks; widget-1 is deleted meanwhile; the server's history is gone (410)\n");
  server.FailNextWatches(1, 500);
  server.CloseAllWatches();
  server.Delete(kWidgets, "demo", "widget-1");
  server.ExpireHistory();
  WaitUntil([&] { return informer.GetStore().Len() == 3 && !informer.GetStore().GetByKey("demo/widget-1"); });
  WaitUntil([&] { return queue.Len() == 0; });
  std::this_thread::sleep_for(50ms);

  Print("requests: {} lists, {} watches; the store holds {} widgets\n", server.RequestCount("list"),
        server.RequestCount("watch"), informer.GetStore().Len());
  queue.ShutDown();
  run.request_stop();
  return 0;
} catch (const std::exception& e) {
  fmt::print(stderr, "informer: {}\n", e.what());
  return 1;
}
