// cache::ObjectList and the store's epoch reclamation: what a list can see stays alive exactly as
// long as needed, and not forever. Lifetimes are observed with weak_ptrs to the stored objects.
#include "apimachinery/cache/object_list.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/store.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_object_list_test {

namespace cache = apimachinery::cache;
using cache_test::MakePod;

namespace {

cache::Indexers NodeIndex() { return {{"node", cache_test::NodeNameIndexFunc}}; }
cache::Indexer NewIndexer() { return cache::Indexer(cache::MetaNamespaceKeyFunc, NodeIndex()); }

// Adds a pod the test does not own (only the store does) and returns a weak reference to it.
std::weak_ptr<const cache_test::TestPod> AddOwnedByStore(cache::Indexer& store, const std::string& name,
                                                         const std::string& node = "n1") {
  auto pod = MakePod("ns", name, node);
  std::weak_ptr<const cache_test::TestPod> weak = pod;
  store.Add(std::move(pod));
  return weak;
}

}  // namespace

TEST_CASE("Without lists, replaced and deleted objects are released at once", "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  auto b = AddOwnedByStore(store, "b");
  CHECK_FALSE(a.expired());
  store.Delete(*MakePod("ns", "a"));
  CHECK(a.expired());
  store.Add(MakePod("ns", "b", "n2"));  // replaces b
  CHECK(b.expired());
  { auto list = store.List(); }  // a list that is gone pins nothing
  auto c = AddOwnedByStore(store, "c");
  store.Delete(*MakePod("ns", "c"));
  CHECK(c.expired());
}

TEST_CASE("A list keeps what it returned alive across Delete, Update and Replace", "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  auto b = AddOwnedByStore(store, "b");
  auto c = AddOwnedByStore(store, "c");
  {
    const cache::ObjectList list = store.ByIndex("node", "n1");
    REQUIRE(list.size() == 3);
    store.Delete(*MakePod("ns", "a"));
    store.Add(MakePod("ns", "b", "n9"));
    store.Replace({MakePod("ns", "z")});
    CHECK_FALSE(a.expired());
    CHECK_FALSE(b.expired());
    CHECK_FALSE(c.expired());
    std::vector<std::string> names;
    for (const apimachinery::runtime::Object* o : list) names.push_back(o->GetObjectMeta()->name);
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"a", "b", "c"});
    CHECK(cache_test::AsPod(*list[0]).spec.node_name == "n1");  // the objects as they were read
  }
  // The list is gone: the retired objects go with the next write.
  store.Add(MakePod("ns", "y"));
  CHECK(a.expired());
  CHECK(b.expired());
  CHECK(c.expired());
}

TEST_CASE("Copies and moves of a list share its pin", "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  auto list = std::make_unique<cache::ObjectList>(store.List());
  cache::ObjectList copy = *list;
  cache::ObjectList moved = std::move(*list);
  list.reset();
  store.Delete(*MakePod("ns", "a"));
  CHECK_FALSE(a.expired());
  { cache::ObjectList gone = std::move(copy); }
  CHECK(moved.size() == 1);
  CHECK(moved[0]->GetObjectMeta()->name == "a");
  moved = cache::ObjectList();
  store.Add(MakePod("ns", "b"));
  CHECK(a.expired());
}

TEST_CASE("Objects retired after a newer read are not pinned by an older list alone",
          "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  auto b = AddOwnedByStore(store, "b");
  auto old_list = std::make_unique<cache::ObjectList>(store.List());
  store.Delete(*MakePod("ns", "a"));  // retired while old_list is alive
  const cache::ObjectList newer = store.List();
  CHECK(newer.size() == 1);
  store.Delete(*MakePod("ns", "b"));  // retired while both are alive
  old_list.reset();
  // `a` was deleted before `newer` was read: nothing can reach it any more.
  store.Add(MakePod("ns", "x"));
  CHECK(a.expired());
  // `newer` still sees `b`.
  CHECK_FALSE(b.expired());
  CHECK(newer[0]->GetObjectMeta()->name == "b");
}

TEST_CASE("Share and ToVector give ordinary owning references", "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  std::shared_ptr<const apimachinery::runtime::Object> kept;
  std::vector<std::shared_ptr<const apimachinery::runtime::Object>> all;
  {
    const auto list = store.List();
    kept = list.Share(0);
    all = list.ToVector();
    CHECK(kept.get() == list[0]);
    CHECK(all.size() == 1);
    CHECK(all[0] == kept);
  }
  store.Delete(*MakePod("ns", "a"));
  store.Add(MakePod("ns", "b"));
  CHECK_FALSE(a.expired());
  all.clear();
  kept.reset();
  CHECK(a.expired());  // a plain shared_ptr reference: nothing else pinned it
  CHECK(store.ListAs<cache_test::TestPod>().front()->metadata.name == "b");
}

TEST_CASE("A list outlives its store", "[cache][object_list]") {
  auto store = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, NodeIndex());
  auto a = AddOwnedByStore(*store, "a");
  cache::ObjectList list = store->ByIndex("node", "n1");
  store.reset();
  CHECK_FALSE(a.expired());
  CHECK(list.front()->GetObjectMeta()->name == "a");
  list = cache::ObjectList();
  CHECK(a.expired());
}

TEST_CASE("GetByKeyRef lends the stored object and keeps it alive like a list", "[cache][object_list]") {
  auto store = NewIndexer();
  auto a = AddOwnedByStore(store, "a");
  CHECK_FALSE(store.GetByKeyRef("ns/zzz"));
  CHECK(store.GetByKeyRef("ns/zzz").get() == nullptr);
  CHECK(store.GetByKeyRef("ns/zzz").Share() == nullptr);
  cache::ObjectRef ref = store.GetByKeyRef("ns/a");
  REQUIRE(ref);
  CHECK(ref.get() == a.lock().get());  // the stored object itself, not a copy
  CHECK(ref->GetObjectMeta()->name == "a");
  CHECK(cache_test::AsPod(*ref).spec.node_name == "n1");
  CHECK(store.GetStore().GetRef("ns/a").get() == ref.get());
  // Replaced and deleted: still alive while the ref (or a copy of it) lives.
  store.Add(MakePod("ns", "a", "n2"));
  cache::ObjectRef copy = ref;
  store.Delete(*MakePod("ns", "a"));
  store.Replace({MakePod("ns", "b")});
  ref = cache::ObjectRef();
  CHECK_FALSE(a.expired());
  CHECK(copy->GetObjectMeta()->name == "a");
  cache::ObjectRef moved = std::move(copy);
  CHECK_FALSE(a.expired());
  CHECK(cache_test::AsPod(*moved).spec.node_name == "n1");
  // Share gives an ordinary reference that pins nothing.
  std::shared_ptr<const apimachinery::runtime::Object> shared = moved.Share();
  CHECK(shared.get() == moved.get());
  moved = cache::ObjectRef();
  store.Add(MakePod("ns", "c"));  // a write releases what no list or ref can reach
  CHECK_FALSE(a.expired());       // `shared` still owns it
  shared.reset();
  CHECK(a.expired());
  // Without refs held, a replaced object is released at once.
  auto b = AddOwnedByStore(store, "b2");
  { auto brief = store.GetByKeyRef("ns/b2"); }
  store.Delete(*MakePod("ns", "b2"));
  CHECK(b.expired());
}

TEST_CASE("An ObjectRef outlives its store", "[cache][object_list]") {
  auto store = std::make_unique<cache::Indexer>(cache::MetaNamespaceKeyFunc, NodeIndex());
  auto a = AddOwnedByStore(*store, "a");
  cache::ObjectRef ref = store->GetByKeyRef("ns/a");
  store.reset();
  CHECK_FALSE(a.expired());
  CHECK(ref->GetObjectMeta()->name == "a");
  ref = cache::ObjectRef();
  CHECK(a.expired());
}

TEST_CASE("Empty results and missing values", "[cache][object_list]") {
  auto store = NewIndexer();
  CHECK(store.List().empty());
  CHECK(store.ByIndex("node", "none").empty());
  CHECK(store.ByIndex("node", "none").begin() == store.ByIndex("node", "none").end());
  const cache::ObjectList empty;
  CHECK(empty.ToVector().empty());
}

// Readers hold lists across many writes and read every object they were given; writers update,
// delete and replace. Under AddressSanitizer a premature release is a use-after-free; under
// ThreadSanitizer a missing happens-before is a race.
TEST_CASE("Lists held across concurrent writes stay readable", "[cache][object_list][concurrency]") {
  auto store = NewIndexer();
  for (int i = 0; i < 50; ++i) store.Add(MakePod("ns", "p" + std::to_string(i), "n" + std::to_string(i % 5)));
  std::atomic<bool> stop{false};
  std::atomic<long> bad{0}, reads{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w) {
    threads.emplace_back([&, w] {
      std::mt19937 rng(static_cast<unsigned>(w + 1));
      for (int i = 0; i < 4000; ++i) {
        const std::string name = "p" + std::to_string(rng() % 60);
        const int op = static_cast<int>(rng() % 20);
        if (op < 12) {
          store.Add(MakePod("ns", name, "n" + std::to_string(rng() % 5)));
        } else if (op < 19) {
          store.Delete(*MakePod("ns", name));
        } else {
          std::vector<std::shared_ptr<const apimachinery::runtime::Object>> items;
          for (int k = 0; k < 20; ++k) items.push_back(MakePod("ns", "p" + std::to_string(k), "n0"));
          store.Replace(items);
        }
      }
    });
  }
  for (int r = 0; r < 2; ++r) {
    threads.emplace_back([&, r] {
      std::vector<cache::ObjectList> held;
      std::vector<cache::ObjectRef> refs;
      std::mt19937 rng(static_cast<unsigned>(r + 10));
      while (!stop.load()) {
        refs.push_back(store.GetByKeyRef("ns/p" + std::to_string(rng() % 60)));
        if (refs.size() > 8) refs.erase(refs.begin());
        for (const auto& ref : refs) {
          if (ref && cache_test::AsPod(*ref).metadata.namespace_ != "ns") bad.fetch_add(1);
        }
        held.push_back(r == 0 ? store.ByIndex("node", "n0") : store.List());
        if (held.size() > 8) held.erase(held.begin());
        for (const auto& list : held) {
          for (const apimachinery::runtime::Object* o : list) {
            const auto& pod = cache_test::AsPod(*o);
            if (pod.metadata.name.empty() || pod.metadata.namespace_ != "ns") bad.fetch_add(1);
            if (r == 0 && pod.spec.node_name != "n0") bad.fetch_add(1);
          }
        }
        if (!held.empty() && !held.back().empty() && !held.back().Share(0)) bad.fetch_add(1);
        reads.fetch_add(1);
      }
    });
  }
  threads[0].join();
  threads[1].join();
  stop.store(true);
  threads[2].join();
  threads[3].join();
  CHECK(bad.load() == 0);
  CHECK(reads.load() > 0);
}

}  // namespace cache_object_list_test
