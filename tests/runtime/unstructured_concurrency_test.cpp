// Concurrent const readers of shared Unstructured objects (the cache's and the workqueue's use):
// run under ThreadSanitizer (the tsan preset builds the test files that start threads).
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/cache.hpp"
#include "apimachinery/labels/labels.hpp"
#include "apimachinery/runtime/unstructured.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_unstructured_concurrency_test {

namespace runtime = apimachinery::runtime;
namespace cache = apimachinery::cache;
using nlohmann::json;

namespace {

std::shared_ptr<runtime::Unstructured> Make(int i, bool shared_mode) {
  auto u = std::make_shared<runtime::Unstructured>(json{{"apiVersion", "v1"},
                                                        {"kind", "Pod"},
                                                        {"metadata",
                                                         {{"name", "p" + std::to_string(i)},
                                                          {"namespace", "ns" + std::to_string(i % 3)},
                                                          {"labels", {{"app", "a"}}}}}});
  if (shared_mode) {
    // Hand out both mutable handles, write through them, and keep them alive: every later read
    // takes the reconciling path.
    runtime::SetNestedField(u->Body(), "b", "metadata", "labels", "tier");
    static_cast<runtime::Object&>(*u).GetObjectMeta()->annotations["x"] = "y";
  }
  return u;
}

}  // namespace

TEST_CASE("UnstructuredConcurrentConstReaders", "[runtime][unstructured][threads]") {
  for (const bool shared_mode : {false, true}) {
    CAPTURE(shared_mode);
    std::shared_ptr<const runtime::Unstructured> u = Make(1, shared_mode);
    std::atomic<int> bad{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < 2000; ++i) {
          const runtime::Object& o = *u;
          if (o.GetObjectMeta()->name != "p1") bad.fetch_add(1);
          if (u->GetLabels().at("app") != "a") bad.fetch_add(1);
          if (u->Body()["metadata"]["namespace"] != "ns1") bad.fetch_add(1);
          if (shared_mode && u->GetAnnotations().at("x") != "y") bad.fetch_add(1);
          if (shared_mode && u->Body()["metadata"]["labels"]["tier"] != "b") bad.fetch_add(1);
          if (u->MarshalJSON().empty()) bad.fetch_add(1);
          if (o.DeepCopyObject()->GetObjectMeta()->name != "p1") bad.fetch_add(1);
        }
      });
    }
    for (auto& th : threads) th.join();
    CHECK(bad.load() == 0);
  }
}

TEST_CASE("UnstructuredInAConcurrentIndexer", "[runtime][unstructured][threads]") {
  cache::Indexer store(cache::MetaNamespaceKeyFunc,
                       cache::Indexers{{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}},
                       cache::ThreadSafeStoreOptions{true});
  for (int i = 0; i < 60; ++i) store.Add(Make(i, i % 2 == 0));
  const auto query = cache::SelectQuery().MatchingLabels(apimachinery::labels::Parse("app=a"));
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        const int n = (i + t) % 60;
        auto o = store.GetByKey("ns" + std::to_string(n % 3) + "/p" + std::to_string(n));
        if (!o || o->GetObjectMeta()->name != "p" + std::to_string(n)) bad.fetch_add(1);
        if (store.Select(query).size() != 60) bad.fetch_add(1);
        if (store.ByIndex(std::string(cache::kNamespaceIndex), "ns0").size() != 20) bad.fetch_add(1);
        if (t == 0 && i % 50 == 0) store.Update(Make(n, i % 100 == 0));  // a writer, as an informer
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(bad.load() == 0);
  CHECK(store.List().size() == 60);
}

}  // namespace runtime_unstructured_concurrency_test
