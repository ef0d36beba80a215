#include "apimachinery/cache/store.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/delta_fifo.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_store_test {

namespace cache = apimachinery::cache;
using cache_test::MakePod;
using cache_test::TestPod;

namespace {

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> NamesOf(const cache::ObjectList& objs) {
  std::vector<std::string> out;
  for (const auto& o : objs) out.push_back(o->GetObjectMeta()->name);
  std::sort(out.begin(), out.end());
  return out;
}

// Port of client-go's testStoreKeyFunc/testStoreObject: the key is the name, the value a label.
std::shared_ptr<const TestPod> Obj(std::string id, std::string val) {
  return MakePod("", std::move(id), {}, {{"val", std::move(val)}});
}
std::string ValOf(const apimachinery::runtime::Object* o) { return o->GetObjectMeta()->labels.at("val"); }

}  // namespace

TEST_CASE("MetaNamespaceKeyFunc and SplitMetaNamespaceKey", "[cache][store]") {
  CHECK(cache::MetaNamespaceKeyFunc(*MakePod("ns", "a")) == "ns/a");
  CHECK(cache::MetaNamespaceKeyFunc(*MakePod("", "node-1")) == "node-1");
  CHECK_THROWS_WITH(cache::MetaNamespaceKeyFunc(cache_test::NoMeta{}),
                    "object has no meta: object does not implement the Object interfaces");

  CHECK(cache::SplitMetaNamespaceKey("ns/a") == std::pair<std::string, std::string>{"ns", "a"});
  CHECK(cache::SplitMetaNamespaceKey("a") == std::pair<std::string, std::string>{"", "a"});
  CHECK(cache::SplitMetaNamespaceKey("/a") == std::pair<std::string, std::string>{"", "a"});
  CHECK(cache::SplitMetaNamespaceKey("") == std::pair<std::string, std::string>{"", ""});
  CHECK_THROWS_WITH(cache::SplitMetaNamespaceKey("a/b/c"), "unexpected key format: \"a/b/c\"");
  CHECK_THROWS_AS(cache::SplitMetaNamespaceKey("a/b/c"), apimachinery::Error);
}

TEST_CASE("DeletionHandlingMetaNamespaceKeyFunc", "[cache][store]") {
  cache::DeletedFinalStateUnknown tomb("ns/gone", MakePod("ns", "gone"));
  CHECK(cache::DeletionHandlingMetaNamespaceKeyFunc(tomb) == "ns/gone");
  CHECK(cache::DeletionHandlingMetaNamespaceKeyFunc(*MakePod("x", "y")) == "x/y");
  CHECK(cache::AsTombstone(tomb) == &tomb);
  CHECK(cache::AsTombstone(*MakePod("x", "y")) == nullptr);
  CHECK_THROWS_AS(cache::MetaNamespaceKeyFunc(tomb), apimachinery::Error);
  auto copy = tomb.DeepCopyObject();
  REQUIRE(cache::AsTombstone(*copy) != nullptr);
  CHECK(cache::AsTombstone(*copy)->key == "ns/gone");
  CHECK(cache::String(cache::DeltaType::kReplaced) == "Replaced");
  CHECK(fmt::format("{}", cache::DeltaType::kSync) == "Sync");
}

// Port of client-go store_test.go doTestStore.
TEST_CASE("TestCache (doTestStore)", "[cache][store]") {
  cache::Indexer store(cache::MetaNamespaceKeyFunc);

  store.Add(Obj("foo", "bar"));
  auto item = store.GetByKey("foo");
  REQUIRE(item);
  CHECK(ValOf(item.get()) == "bar");

  store.Update(Obj("foo", "baz"));
  item = store.GetByKey("foo");
  REQUIRE(item);
  CHECK(ValOf(item.get()) == "baz");

  store.Delete(*Obj("foo", ""));
  CHECK_FALSE(store.GetByKey("foo"));
  CHECK_FALSE(store.Get(*Obj("foo", "")));

  // Test List.
  store.Add(Obj("a", "b"));
  store.Add(Obj("c", "d"));
  store.Add(Obj("e", "e"));
  {
    std::set<std::string> found;
    for (const auto& o : store.List()) found.insert(ValOf(o));
    CHECK(found == std::set<std::string>{"b", "d", "e"});
    CHECK(store.List().size() == 3);
    CHECK(Sorted(store.ListKeys()) == std::vector<std::string>{"a", "c", "e"});
  }

  // Test Replace.
  store.Replace({Obj("foo", "foo"), Obj("bar", "bar")}, "0");
  {
    std::set<std::string> found;
    for (const auto& o : store.List()) found.insert(ValOf(o));
    CHECK(found == std::set<std::string>{"foo", "bar"});
    CHECK(store.Len() == 2);
    CHECK_FALSE(store.GetByKey("a"));
  }
  store.Resync();
}

// Port of client-go store_test.go doTestIndex: an index function over a multi-valued field.
TEST_CASE("TestIndex (doTestIndex)", "[cache][index]") {
  auto by_val = [](const apimachinery::runtime::Object& o) {
    return std::vector<std::string>{o.GetObjectMeta()->labels.at("val")};
  };
  cache::Indexer index(cache::MetaNamespaceKeyFunc, {{"by_val", by_val}});

  std::map<std::string, std::set<std::string>> expected;
  expected["b"] = {"a", "c"};
  expected["f"] = {"e"};
  expected["h"] = {"g"};
  index.Add(Obj("a", "b"));
  index.Add(Obj("c", "b"));
  index.Add(Obj("e", "f"));
  index.Add(Obj("g", "h"));
  for (const auto& [k, want] : expected) {
    std::set<std::string> found;
    for (const auto& o : index.Index("by_val", *Obj("", k))) found.insert(o->GetObjectMeta()->name);
    CHECK(found == want);
  }
  CHECK(index.IndexKeys("by_val", "b") == std::vector<std::string>{"a", "c"});
  CHECK(index.ListIndexFuncValues("by_val") == std::vector<std::string>{"b", "f", "h"});
}

// Port of client-go index_test.go TestGetIndexFuncValues.
TEST_CASE("TestGetIndexFuncValues", "[cache][index]") {
  auto test_index = [](const apimachinery::runtime::Object& o) {
    return std::vector<std::string>{o.GetObjectMeta()->labels.at("foo")};
  };
  cache::Indexer index(cache::MetaNamespaceKeyFunc, {{"testmodes", test_index}});
  index.Add(MakePod("", "one", {}, {{"foo", "bar"}}));
  index.Add(MakePod("", "two", {}, {{"foo", "bar"}}));
  index.Add(MakePod("", "tre", {}, {{"foo", "biz"}}));
  CHECK(index.ListIndexFuncValues("testmodes") == std::vector<std::string>{"bar", "biz"});
  CHECK(index.ListIndexFuncValues("nope").empty());
}

// Port of client-go index_test.go TestMultiIndexKeys.
TEST_CASE("TestMultiIndexKeys", "[cache][index]") {
  auto by_user = [](const apimachinery::runtime::Object& o) {
    std::vector<std::string> out;
    const auto& ann = o.GetObjectMeta()->annotations;
    auto it = ann.find("users");
    if (it == ann.end()) return out;
    std::string s = it->second;
    std::size_t start = 0;
    while (true) {
      auto comma = s.find(',', start);
      out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return out;
  };
  cache::Indexer index(cache::MetaNamespaceKeyFunc, {{"byUser", by_user}});
  index.Add(MakePod("", "one", {}, {}, {{"users", "ernie,bert"}}));
  index.Add(MakePod("", "two", {}, {}, {{"users", "bert,oscar"}}));
  index.Add(MakePod("", "tre", {}, {}, {{"users", "ernie,elmo"}}));

  std::map<std::string, std::set<std::string>> expected = {
      {"ernie", {"one", "tre"}}, {"bert", {"one", "two"}}, {"elmo", {"tre"}}, {"oscar", {"two"}}};
  for (const auto& [k, want] : expected) {
    const auto keys = index.IndexKeys("byUser", k);
    CHECK(std::set<std::string>(keys.begin(), keys.end()) == want);
  }
  CHECK(index.ByIndex("byUser", "elmo").size() == 1);

  index.Delete(*MakePod("", "tre"));
  CHECK(index.ByIndex("byUser", "ernie").size() == 1);
  CHECK(index.ByIndex("byUser", "elmo").empty());
  CHECK(index.IndexKeys("byUser", "elmo").empty());

  // Update "two": bert,oscar -> oscar (bert's set shrinks, oscar stays).
  index.Update(MakePod("", "two", {}, {}, {{"users", "oscar"}}));
  CHECK(index.IndexKeys("byUser", "bert") == std::vector<std::string>{"one"});
  CHECK(index.IndexKeys("byUser", "oscar") == std::vector<std::string>{"two"});
  CHECK(index.ListIndexFuncValues("byUser") == std::vector<std::string>{"bert", "ernie", "oscar"});

  // Duplicate values from one object count once.
  index.Add(MakePod("", "dup", {}, {}, {{"users", "zoe,zoe,zoe"}}));
  CHECK(index.IndexKeys("byUser", "zoe") == std::vector<std::string>{"dup"});
  CHECK(index.Index("byUser", *MakePod("", "q", {}, {}, {{"users", "zoe,oscar,zoe"}})).size() == 2);
}

TEST_CASE("Indexer errors use upstream texts", "[cache][index]") {
  cache::Indexer index(cache::MetaNamespaceKeyFunc,
                       {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}});
  CHECK_THROWS_WITH(index.ByIndex("missing", "x"), "Index with name missing does not exist");
  CHECK_THROWS_WITH(index.IndexKeys("missing", "x"), "Index with name missing does not exist");
  CHECK_THROWS_WITH(index.Index("missing", *MakePod("a", "b")), "Index with name missing does not exist");
  CHECK_THROWS_AS(index.ByIndex("missing", "x"), apimachinery::Error);
  CHECK_THROWS_WITH(index.AddIndexers({{"namespace", cache::MetaNamespaceIndexFunc},
                                       {"other", cache::MetaNamespaceIndexFunc}}),
                    "indexer conflict: map[namespace:{}]");
  // The failed AddIndexers registered nothing.
  CHECK(index.GetIndexers().size() == 1);
  CHECK_THROWS_AS(index.Add(std::make_shared<cache_test::NoMeta>()), cache::KeyError);
  CHECK_THROWS_WITH(
      index.Add(std::make_shared<cache_test::NoMeta>()),
      Catch::Contains("couldn't create key for object") && Catch::Contains("object has no meta"));
  CHECK(index.Len() == 0);
}

// client-go's cache returns KeyError{nil, err} for a nil object (checked against client-go v0.37.2:
// Add, Update, Delete and Replace all return this text); the store is left unchanged.
TEST_CASE("Indexer with a null object: upstream's KeyError", "[cache][store]") {
  const std::string want =
      "couldn't create key for object <nil>: object has no meta: object does not implement the Object "
      "interfaces";
  cache::Indexer index(cache::MetaNamespaceKeyFunc,
                       {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}});
  index.Add(MakePod("ns", "a"));
  const cache::Indexer::ObjectPtr null;
  CHECK_THROWS_WITH(index.Add(null), want);
  CHECK_THROWS_WITH(index.Update(null), want);
  CHECK_THROWS_WITH(index.Delete(null), want);
  CHECK_THROWS_WITH(index.Replace({MakePod("ns", "b"), null}), want);
  try {
    index.Add(null);
    FAIL("no exception");
  } catch (const cache::KeyError& e) {
    CHECK(e.object_type == "<nil>");
    CHECK(e.reason == "object has no meta: object does not implement the Object interfaces");
  }
  CHECK_THROWS_AS(index.Delete(null), cache::KeyError);
  CHECK_THROWS_AS(index.Replace({null}), cache::KeyError);
  // Nothing was stored, removed or replaced.
  CHECK(index.ListKeys() == std::vector<std::string>{"ns/a"});
  CHECK(index.ByIndex("namespace", "ns").size() == 1);
  // Delete by reference of a stored object still works.
  index.Delete(index.GetByKey("ns/a"));
  CHECK(index.Len() == 0);
}

TEST_CASE("Indexer typed helpers and GetByKey absence", "[cache][store]") {
  cache::Indexer index(cache::MetaNamespaceKeyFunc,
                       {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc},
                        {"node", cache_test::NodeNameIndexFunc}});
  index.Add(MakePod("ns1", "a", "n1"));
  index.Add(MakePod("ns1", "b", "n2"));
  index.Add(MakePod("ns2", "c", "n1"));
  std::shared_ptr<const TestPod> a = index.GetByKeyAs<TestPod>("ns1/a");
  REQUIRE(a);
  CHECK(a->spec.node_name == "n1");
  CHECK_FALSE(index.GetByKeyAs<TestPod>("ns1/zzz"));
  CHECK_FALSE(index.GetByKeyAs<cache_test::NoMeta>("ns1/a"));
  CHECK(index.ByIndexAs<TestPod>("node", "n1").size() == 2);
  CHECK(index.ListAs<TestPod>().size() == 3);
  CHECK(NamesOf(index.ByIndex("namespace", "ns1")) == std::vector<std::string>{"a", "b"});
  CHECK(index.ByIndex("namespace", "nope").empty());
  // Reads return the same object, never a copy.
  auto p = MakePod("ns3", "z");
  index.Add(p);
  CHECK(index.GetByKey("ns3/z").get() == p.get());
  CHECK(index.ByIndex("namespace", "ns3").front() == p.get());
  CHECK(index.ByIndex("namespace", "ns3").Share(0) == p);  // an owning reference to the same object
}

TEST_CASE("Indexer keys: MetaNamespaceKeyFunc fast path, long keys and other key functions",
          "[cache][store]") {
  cache::Indexer index(cache::MetaNamespaceKeyFunc, {{"node", cache_test::NodeNameIndexFunc}});
  const std::string long_name(400, 'x');  // longer than the stack buffer of the fast path
  index.Add(MakePod("ns", long_name, "n1"));
  index.Add(MakePod("", "cluster-scoped", "n1"));
  index.Add(MakePod("ns", "short", "n2"));
  CHECK(index.ListKeys().size() == 3);
  CHECK(index.GetByKey("ns/" + long_name) != nullptr);
  CHECK(index.Get(*MakePod("ns", long_name)) != nullptr);
  CHECK(index.GetByKey("cluster-scoped") != nullptr);
  CHECK(index.Get(*MakePod("ns", "short"))->GetObjectMeta()->name == "short");
  index.Add(MakePod("ns", long_name, "n2"));  // update through the long-key path
  CHECK(index.ByIndex("node", "n2").size() == 2);
  index.Delete(*MakePod("ns", long_name));
  index.Delete(*MakePod("", "cluster-scoped"));
  CHECK(index.ListKeys() == std::vector<std::string>{"ns/short"});

  // Any other key function goes through KeyOf (errors wrapped in KeyError).
  cache::Indexer by_name([](const apimachinery::runtime::Object& o) {
    if (o.GetObjectMeta()->name.empty()) throw apimachinery::Error("empty name");
    return "name:" + o.GetObjectMeta()->name;
  });
  by_name.Add(MakePod("ns", "a"));
  CHECK(by_name.GetByKey("name:a") != nullptr);
  CHECK(by_name.Get(*MakePod("other", "a")) != nullptr);
  CHECK_THROWS_WITH(by_name.Add(MakePod("ns", "")),
                    Catch::Contains("couldn't create key for object") && Catch::Contains("empty name"));
  by_name.Delete(*MakePod("x", "a"));
  CHECK(by_name.Len() == 0);
}

}  // namespace cache_store_test
