#include "apimachinery/cache/the_real_fifo.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/store.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_the_real_fifo_test {

namespace cache = apimachinery::cache;
using apimachinery::runtime::Object;
using cache_test::MakePod;

namespace {

// A pod whose "value" lives in its node name, so tests can tell versions apart.
std::shared_ptr<const Object> Pod(const std::string& name, const std::string& val = "") {
  return MakePod("", name, val);
}

struct Seen {
  cache::DeltaType type;
  std::string key;
  std::string val;
  bool tombstone;
  bool initial;
  friend bool operator==(const Seen&, const Seen&) = default;
};

std::ostream& operator<<(std::ostream& os, const Seen& s) {
  return os << "{" << s.type << " " << s.key << " " << s.val << (s.tombstone ? " tomb" : "")
            << (s.initial ? " initial" : "") << "}";
}

Seen Describe(const cache::Delta& d, bool initial) {
  Seen s{d.type, "", "", false, initial};
  const Object* o = d.object.get();
  if (const auto* t = cache::AsTombstone(*o)) {
    s.tombstone = true;
    s.key = t->key;
    o = t->obj.get();
    if (o == nullptr) return s;
  } else {
    s.key = cache::MetaNamespaceKeyFunc(*o);
  }
  s.val = cache_test::AsPod(*o).spec.node_name;
  return s;
}

std::vector<Seen> Drain(cache::RealFIFO& f) {
  std::vector<Seen> out;
  while (f.Len() > 0) {
    f.Pop([&](const cache::Deltas& ds, bool initial) {
      REQUIRE(ds.size() == 1);
      out.push_back(Describe(ds.front(), initial));
    });
  }
  return out;
}

std::shared_ptr<cache::Indexer> Known(std::vector<std::shared_ptr<const Object>> objs = {}) {
  auto idx = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  for (auto& o : objs) idx->Add(o);
  return idx;
}

using DT = cache::DeltaType;

}  // namespace

TEST_CASE("TestRealFIFO_basic: arrival order across producers", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  constexpr int kAmount = 500;
  std::thread t1([&] {
    for (int i = 0; i < kAmount; ++i) f.Add(Pod("a" + std::to_string(i), std::to_string(i)));
  });
  std::thread t2([&] {
    for (int i = 0; i < kAmount; ++i) f.Add(Pod("b" + std::to_string(i), std::to_string(i)));
  });
  int last_a = -1, last_b = -1;
  for (int i = 0; i < 2 * kAmount; ++i) {
    f.Pop([&](const cache::Deltas& ds, bool initial) {
      CHECK_FALSE(initial);
      const auto& pod = cache_test::AsPod(*ds.front().object);
      const int v = std::stoi(pod.spec.node_name);
      if (pod.metadata.name[0] == 'a') {
        CHECK(v == last_a + 1);
        last_a = v;
      } else {
        CHECK(v == last_b + 1);
        last_b = v;
      }
    });
  }
  t1.join();
  t2.join();
  CHECK(last_a == kAmount - 1);
  CHECK(last_b == kAmount - 1);
}

TEST_CASE("TestRealFIFO_addUpdate: no per-key coalescing", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  f.Add(Pod("foo", "10"));
  f.Update(Pod("foo", "15"));
  f.Delete(Pod("foo", "15"));
  CHECK(f.Len() == 3);
  CHECK(Drain(f) == std::vector<Seen>{{DT::kAdded, "foo", "10", false, false},
                                      {DT::kUpdated, "foo", "15", false, false},
                                      {DT::kDeleted, "foo", "15", false, false}});
  CHECK(f.HasSynced());  // Add/Update/Delete came first
}

TEST_CASE("TestRealFIFO_replaceWithDeleteDeltaIn", "[cache][fifo]") {
  auto old_obj = Pod("foo", "5");
  auto new_obj = Pod("foo", "9");
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known({old_obj}));
  f.Delete(old_obj);
  f.Replace({new_obj}, "");
  CHECK(Drain(f) == std::vector<Seen>{{DT::kDeleted, "foo", "5", false, false},
                                      {DT::kReplaced, "foo", "9", false, false}});
}

TEST_CASE("TestRealFIFO_addReplace", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  f.Add(Pod("foo", "10"));
  f.Replace({Pod("foo", "15")}, "0");
  CHECK(Drain(f) == std::vector<Seen>{{DT::kAdded, "foo", "10", false, false},
                                      {DT::kReplaced, "foo", "15", false, false}});
}

TEST_CASE("TestRealFIFO_ReplaceMakesDeletions", "[cache][fifo]") {
  // "baz" is known and gets deleted explicitly; "qux" is only queued; "bar" is known and vanishes.
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known({Pod("foo", "5"), Pod("bar", "6"), Pod("baz", "7")}));
  f.Delete(Pod("baz", "10"));
  f.Add(Pod("qux", "11"));
  f.Replace({Pod("foo", "5")}, "0");
  CHECK(Drain(f) == std::vector<Seen>{
                        {DT::kDeleted, "baz", "10", false, false},
                        {DT::kAdded, "qux", "11", false, false},
                        {DT::kDeleted, "qux", "11", true, false},  // queued, not listed
                        {DT::kDeleted, "bar", "6", true, false},   // known, not listed
                        {DT::kReplaced, "foo", "5", false, false},
                    });
}

TEST_CASE("TestRealFIFO_HasSynced and initial-list flag", "[cache][fifo]") {
  SECTION("empty Replace syncs immediately") {
    cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
    CHECK_FALSE(f.HasSynced());
    f.Replace({}, "0");
    CHECK(f.HasSynced());
  }
  SECTION("Replace then pop everything") {
    cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known({Pod("gone", "1")}));
    f.Replace({Pod("a", "1"), Pod("b", "2")}, "0");
    CHECK_FALSE(f.HasSynced());
    f.Add(Pod("c", "3"));  // after the initial list
    CHECK(Drain(f) == std::vector<Seen>{{DT::kDeleted, "gone", "1", true, true},
                                        {DT::kReplaced, "a", "1", false, true},
                                        {DT::kReplaced, "b", "2", false, true},
                                        {DT::kAdded, "c", "3", false, false}});
    CHECK(f.HasSynced());
  }
  SECTION("a second Replace does not reset HasSynced") {
    cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
    f.Replace({Pod("a", "1")}, "0");
    Drain(f);
    CHECK(f.HasSynced());
    f.Replace({Pod("a", "2")}, "1");
    CHECK(f.HasSynced());
    CHECK(Drain(f) == std::vector<Seen>{{DT::kReplaced, "a", "2", false, false}});
  }
  SECTION("Add before Replace means synced") {
    cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
    f.Add(Pod("a", "1"));
    CHECK(f.HasSynced());
  }
}

TEST_CASE("TestRealFIFO_Resync", "[cache][fifo]") {
  auto known = Known({Pod("foo", "1"), Pod("bar", "2")});
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, known);
  f.Update(Pod("bar", "3"));  // bar has a queued delta: no Sync for it
  f.Resync();
  CHECK(Drain(f) ==
        std::vector<Seen>{{DT::kUpdated, "bar", "3", false, false}, {DT::kSync, "foo", "1", false, false}});
  f.Resync();
  auto all = Drain(f);
  CHECK(all.size() == 2);
}

TEST_CASE("TestRealFIFO_DeleteExistingNonPropagated and tombstones with null objects", "[cache][fifo]") {
  cache::RealFIFO f(cache::DeletionHandlingMetaNamespaceKeyFunc, Known());
  f.Delete(std::make_shared<const cache::DeletedFinalStateUnknown>("ns/x", nullptr));
  auto d = f.Pop(nullptr);
  REQUIRE(d.size() == 1);
  CHECK(d[0].type == DT::kDeleted);
  CHECK(f.KeyOf(*d[0].object) == "ns/x");
}

TEST_CASE("RealFIFO key errors queue nothing", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  CHECK_THROWS_AS(f.Add(std::make_shared<cache_test::NoMeta>()), cache::KeyError);
  CHECK_THROWS_AS(f.Replace({Pod("a"), std::make_shared<cache_test::NoMeta>()}), cache::KeyError);
  CHECK(f.Len() == 0);
  CHECK_FALSE(f.HasSynced());
  CHECK_THROWS_WITH(cache::RealFIFO(cache::MetaNamespaceKeyFunc, nullptr),
                    "coding error: knownObjects must be provided");
}

// client-go's RealFIFO returns KeyError{nil, ...} for a nil object (the_real_fifo.go:
// addToItems_locked and reconcileReplacement call keyOf, and MetaNamespaceKeyFunc fails on nil).
TEST_CASE("RealFIFO with a null object: upstream's KeyError, nothing queued", "[cache][fifo]") {
  const std::string want =
      "couldn't create key for object <nil>: object has no meta: object does not implement the Object "
      "interfaces";
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known({Pod("k", "1")}));
  CHECK_THROWS_MATCHES(f.Add(nullptr), cache::KeyError, Catch::Message(want));
  CHECK_THROWS_MATCHES(f.Update(nullptr), cache::KeyError, Catch::Message(want));
  CHECK_THROWS_MATCHES(f.Delete(nullptr), cache::KeyError, Catch::Message(want));
  CHECK_THROWS_MATCHES(f.Replace({Pod("a"), nullptr}), cache::KeyError, Catch::Message(want));
  CHECK(f.Len() == 0);
  CHECK_FALSE(f.HasSynced());
  try {
    f.Add(nullptr);
  } catch (const cache::KeyError& e) {
    CHECK(e.object_type == "<nil>");
  }
  f.Add(Pod("b", "2"));  // the queue still works
  CHECK(f.Len() == 1);
}

TEST_CASE("RealFIFO transformer", "[cache][fifo]") {
  int calls = 0;
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known({Pod("k", "1")}),
                    [&](std::shared_ptr<const Object> o) -> std::shared_ptr<const Object> {
                      ++calls;
                      auto copy = std::make_shared<cache_test::TestPod>(cache_test::AsPod(*o));
                      copy->metadata.annotations["transformed"] = "yes";
                      return copy;
                    });
  f.Add(Pod("a", "1"));
  f.Resync();                  // Sync deltas are not transformed
  f.Replace({Pod("b", "2")});  // tombstones are not transformed
  CHECK(calls == 2);
  auto d = f.Pop(nullptr);
  CHECK(d[0].object->GetObjectMeta()->annotations.count("transformed") == 1);
}

TEST_CASE("RealFIFO PopBatch", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  f.Replace({Pod("a", "1"), Pod("b", "1"), Pod("c", "1")}, "0");
  f.Add(Pod("d", "1"));
  f.Add(Pod("e", "1"));
  f.Update(Pod("d", "2"));
  f.Add(Pod("f", "1"));
  std::vector<std::pair<std::size_t, bool>> batches;
  auto pop = [&](std::size_t max) {
    return f.PopBatch(
        [&](const cache::Deltas& ds, bool initial) { batches.emplace_back(ds.size(), initial); }, max);
  };
  // The initial list is never mixed with later deltas.
  CHECK(pop(10).size() == 3);
  CHECK(f.HasSynced());
  // d, e then d again: the repeat ends the batch.
  auto b = pop(10);
  REQUIRE(b.size() == 2);
  CHECK(cache::MetaNamespaceKeyFunc(*b[1].object) == "e");
  CHECK(pop(1).size() == 1);   // bounded
  CHECK(pop(10).size() == 1);  // f
  CHECK(batches == std::vector<std::pair<std::size_t, bool>>{{3, true}, {2, false}, {1, false}, {1, false}});
}

TEST_CASE("TestRealFIFO_PopShouldUnblockWhenClosed", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  std::atomic<int> closed_errors{0};
  std::vector<std::thread> poppers;
  for (int i = 0; i < 4; ++i) {
    poppers.emplace_back([&] {
      try {
        f.Pop(nullptr);
      } catch (const cache::FIFOClosedError& e) {
        // Catch2 assertions are not thread-safe: count here, check on the main thread.
        if (std::string(e.what()) == "DeltaFIFO: manipulating with closed queue") ++closed_errors;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  f.Close();
  for (auto& t : poppers) t.join();
  CHECK(closed_errors == 4);
  CHECK(f.IsClosed());
}

TEST_CASE("RealFIFO Pop drains queued items after Close and honours stop tokens", "[cache][fifo]") {
  cache::RealFIFO f(cache::MetaNamespaceKeyFunc, Known());
  f.Add(Pod("a"));
  f.Close();
  CHECK(f.Pop(nullptr).size() == 1);
  CHECK_THROWS_AS(f.Pop(nullptr), cache::FIFOClosedError);

  cache::RealFIFO g(cache::MetaNamespaceKeyFunc, Known());
  std::stop_source src;
  std::atomic<bool> cancelled{false};
  std::thread t([&] {
    try {
      g.Pop(src.get_token(), nullptr);
    } catch (const cache::ContextDoneError&) {
      cancelled = true;
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  src.request_stop();
  t.join();
  CHECK(cancelled.load());
  // A process callback that throws propagates; the delta is consumed.
  g.Add(Pod("x"));
  CHECK_THROWS_WITH(g.Pop([](const cache::Deltas&, bool) { throw std::runtime_error("handler"); }),
                    "handler");
  CHECK(g.Len() == 0);
}

}  // namespace cache_the_real_fifo_test
