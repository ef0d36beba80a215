#include "apimachinery/cache/thread_safe_store.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/labels/selector.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_thread_safe_store_test {

namespace cache = apimachinery::cache;
using apimachinery::runtime::Object;
using cache_test::MakePod;
using cache_test::TestPod;

namespace {

std::vector<std::string> LabelFoo(const Object& o) {
  const auto& l = o.GetObjectMeta()->labels;
  auto it = l.find("foo");
  if (it == l.end()) return {};
  return {it->second};
}

// Values are the comma-separated "users" annotation (possibly several, possibly none).
std::vector<std::string> Users(const Object& o) {
  std::vector<std::string> out;
  const auto& ann = o.GetObjectMeta()->annotations;
  auto it = ann.find("users");
  if (it == ann.end() || it->second.empty()) return out;
  std::size_t start = 0;
  const std::string& s = it->second;
  while (true) {
    auto comma = s.find(',', start);
    out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// Throws for objects labelled boom=true.
std::vector<std::string> Exploding(const Object& o) {
  const auto& l = o.GetObjectMeta()->labels;
  if (l.count("boom") != 0) throw std::runtime_error("boom");
  return {o.GetObjectMeta()->name.substr(0, 1)};
}

std::vector<std::string> KeysOf(const cache::ObjectList& objs) {
  std::vector<std::string> out;
  for (const auto& o : objs) {
    const auto* m = o->GetObjectMeta();
    out.push_back(m->namespace_.empty() ? m->name : m->namespace_ + "/" + m->name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("TestThreadSafeStoreDeleteRemovesEmptySetsFromIndex", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"testmodes", LabelFoo}});
  store.Add("one", MakePod("", "one", {}, {{"foo", "bar"}}));
  CHECK(store.ListIndexFuncValues("testmodes") == std::vector<std::string>{"bar"});
  store.Delete("one");
  CHECK(store.ListIndexFuncValues("testmodes").empty());
  CHECK(store.IndexKeys("testmodes", "bar").empty());
  store.Delete("one");  // deleting an absent key is a no-op
  CHECK(store.Len() == 0);
}

TEST_CASE("TestThreadSafeStoreAddKeepsNonEmptySetPostDeleteFromIndex", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"testmodes", LabelFoo}});
  store.Add("one", MakePod("", "one", {}, {{"foo", "bar"}}));
  store.Add("two", MakePod("", "two", {}, {{"foo", "bar"}}));
  store.Delete("one");
  CHECK(store.IndexKeys("testmodes", "bar") == std::vector<std::string>{"two"});
}

TEST_CASE("TestThreadSafeStoreIndexingFunctionsWithMultipleValues", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"users", Users}});
  auto with = [](std::string users) { return MakePod("", "k", {}, {}, {{"users", std::move(users)}}); };
  auto check = [&](std::map<std::string, std::vector<std::string>> want) {
    for (const auto& [v, keys] : want) {
      CAPTURE(v);
      CHECK(store.IndexKeys("users", v) == keys);
    }
  };
  store.Add("k", with("bar"));
  check({{"bar", {"k"}}, {"baz", {}}, {"qux", {}}});
  store.Update("k", with("bar,baz"));
  check({{"bar", {"k"}}, {"baz", {"k"}}, {"qux", {}}});
  store.Update("k", with("bar,baz"));  // unchanged
  check({{"bar", {"k"}}, {"baz", {"k"}}, {"qux", {}}});
  store.Update("k", with("baz,qux"));
  check({{"bar", {}}, {"baz", {"k"}}, {"qux", {"k"}}});
  // Several values -> one of them, whose set held only this key: the set is emptied (and its
  // value id freed) by unfiling before the key is filed again under the same value.
  store.Update("k", with("qux"));
  check({{"bar", {}}, {"baz", {}}, {"qux", {"k"}}});
  CHECK(store.ListIndexFuncValues("users") == std::vector<std::string>{"qux"});
  CHECK(store.ByIndex("users", "qux").size() == 1);
  store.Update("k", with("qux,bar"));
  check({{"bar", {"k"}}, {"baz", {}}, {"qux", {"k"}}});
  store.Update("k", with("bar"));
  check({{"bar", {"k"}}, {"baz", {}}, {"qux", {}}});
  store.Update("k", with("qux"));
  check({{"bar", {}}, {"baz", {}}, {"qux", {"k"}}});
  store.Update("k", with(""));
  check({{"bar", {}}, {"baz", {}}, {"qux", {}}});
  CHECK(store.ListIndexFuncValues("users").empty());
  CHECK(store.Get("k"));
}

TEST_CASE("AddIndexers back-fills existing objects", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store;
  store.Add("ns1/a", MakePod("ns1", "a", "n1"));
  store.Add("ns1/b", MakePod("ns1", "b", "n2"));
  store.Add("ns2/c", MakePod("ns2", "c", "n1"));
  store.AddIndexers({{"node", cache_test::NodeNameIndexFunc}});
  store.AddIndexers({{"namespace", cache::MetaNamespaceIndexFunc}});
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"ns1/a", "ns2/c"});
  CHECK(store.IndexKeys("namespace", "ns1") == std::vector<std::string>{"ns1/a", "ns1/b"});
  CHECK(store.GetIndexers().size() == 2);
  // Later writes maintain the new indexes.
  store.Update("ns1/a", MakePod("ns1", "a", "n3"));
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"ns2/c"});
  CHECK(store.IndexKeys("node", "n3") == std::vector<std::string>{"ns1/a"});
  CHECK_THROWS_WITH(store.AddIndexers({{"node", cache_test::NodeNameIndexFunc},
                                       {"namespace", cache::MetaNamespaceIndexFunc}}),
                    "indexer conflict: map[namespace:{} node:{}]");
}

TEST_CASE("A throwing index function leaves the store unchanged", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"first", Exploding}, {"node", cache_test::NodeNameIndexFunc}});
  store.Add("a", MakePod("", "a", "n1"));
  CHECK_THROWS_WITH(store.Add("b", MakePod("", "b", "n1", {{"boom", "1"}})), "boom");
  CHECK_THROWS_WITH(store.Update("a", MakePod("", "a", "n2", {{"boom", "1"}})), "boom");
  CHECK(store.Len() == 1);
  CHECK_FALSE(store.Get("b"));
  CHECK(cache_test::AsPod(*store.Get("a")).spec.node_name == "n1");
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"a"});
  CHECK(store.IndexKeys("node", "n2").empty());
  CHECK_THROWS_WITH(store.Replace({{"x", MakePod("", "x")}, {"y", MakePod("", "y", "", {{"boom", "1"}})}}),
                    "boom");
  CHECK(store.ListKeys() == std::vector<std::string>{"a"});
  // AddIndexers with a throwing function registers nothing.
  store.Add("c", MakePod("", "c"));
  cache::ThreadSafeStore store2;
  store2.Add("c", MakePod("", "c", "", {{"boom", "1"}}));
  CHECK_THROWS_WITH(store2.AddIndexers({{"x", Exploding}}), "boom");
  CHECK(store2.GetIndexers().empty());
  CHECK_THROWS(store2.ByIndex("x", "c"));
}

TEST_CASE("The namespace index reads the namespace from the object", "[cache][thread_safe_store]") {
  // MetaNamespaceIndexFunc is recognised and its value read in place (no call, no vector); the
  // answers must equal what calling it would give, and its error must be the same.
  cache::ThreadSafeStore store(
      {{"namespace", cache::MetaNamespaceIndexFunc}, {"node", cache_test::NodeNameIndexFunc}});
  store.Add("k1", MakePod("a", "p1", "n1"));
  store.Add("k2", MakePod("a", "p2", "n1"));
  store.Add("k3", MakePod("", "node-scoped", "n2"));  // cluster-scoped: indexed under ""
  CHECK(store.IndexKeys("namespace", "a") == std::vector<std::string>{"k1", "k2"});
  CHECK(store.IndexKeys("namespace", "") == std::vector<std::string>{"k3"});
  // The same key moves to another namespace: it leaves "a" and the new value gets its own copy.
  store.Update("k1", MakePod("b", "p1", "n1"));
  CHECK(store.IndexKeys("namespace", "a") == std::vector<std::string>{"k2"});
  CHECK(store.IndexKeys("namespace", "b") == std::vector<std::string>{"k1"});
  CHECK(store.ListIndexFuncValues("namespace") == std::vector<std::string>{"", "a", "b"});
  store.Update("k2", MakePod("b", "p2", "n1"));
  CHECK(store.ListIndexFuncValues("namespace") == std::vector<std::string>{"", "b"});
  CHECK(store.Index("namespace", *MakePod("b", "other")).size() == 2);
  // An object without ObjectMeta: the upstream error, and the store is left unchanged.
  CHECK_THROWS_WITH(store.Add("k4", std::make_shared<const cache_test::NoMeta>()),
                    "object has no meta: object does not implement the Object interfaces");
  CHECK(store.Len() == 3);
  CHECK_THROWS_WITH(store.Index("namespace", cache_test::NoMeta{}),
                    "object has no meta: object does not implement the Object interfaces");
  // The same behaviour when the index is added later (back-filled) and under another name.
  cache::ThreadSafeStore later;
  later.Add("x", MakePod("ns1", "x"));
  later.Add("y", MakePod("ns2", "y"));
  later.AddIndexers({{"by-ns", cache::MetaNamespaceIndexFunc}});
  CHECK(later.IndexKeys("by-ns", "ns1") == std::vector<std::string>{"x"});
  later.Update("y", MakePod("ns1", "y"));
  CHECK(later.IndexKeys("by-ns", "ns1") == std::vector<std::string>{"x", "y"});
  CHECK(later.IndexKeys("by-ns", "ns2").empty());
}

TEST_CASE("FieldIndexFunc files one value read from the object", "[cache][thread_safe_store]") {
  // The node name as a FieldValueFunc; "" is a value like any other, nullopt means "not indexed".
  auto node_field = [](const Object& o) -> std::optional<std::string_view> {
    const auto& node = static_cast<const TestPod&>(o).spec.node_name;
    if (node == "none") return std::nullopt;
    if (node == "boom") throw std::runtime_error("boom");
    return std::string_view(node);
  };
  const cache::IndexFunc fn = cache::FieldIndexFunc(node_field);
  // Called as an IndexFunc, it returns what the field holds.
  CHECK(fn(*MakePod("a", "p", "n1")) == std::vector<std::string>{"n1"});
  CHECK(fn(*MakePod("a", "p", "")) == std::vector<std::string>{""});
  CHECK(fn(*MakePod("a", "p", "none")).empty());
  CHECK(cache::FieldValueFuncOf(fn) != nullptr);
  CHECK(cache::FieldValueFuncOf(cache::MetaNamespaceIndexFunc) != nullptr);
  CHECK(cache::FieldValueFuncOf(cache_test::NodeNameIndexFunc) == nullptr);
  CHECK_THROWS_WITH(cache::FieldIndexFunc(nullptr), "cache: FieldIndexFunc needs a function");

  cache::ThreadSafeStore store({{"node", fn}});
  store.Add("k1", MakePod("a", "p1", "n1"));
  store.Add("k2", MakePod("a", "p2", "n1"));
  store.Add("k3", MakePod("a", "p3", ""));
  store.Add("k4", MakePod("a", "p4", "none"));
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"k1", "k2"});
  CHECK(store.IndexKeys("node", "") == std::vector<std::string>{"k3"});
  CHECK(store.ListIndexFuncValues("node") == std::vector<std::string>{"", "n1"});
  // The stored value is a copy: the object it was read from can go.
  store.Update("k1", MakePod("a", "p1", "n2"));
  store.Update("k2", MakePod("a", "p2", "none"));
  store.Update("k4", MakePod("a", "p4", "n2"));
  CHECK(store.IndexKeys("node", "n1").empty());
  CHECK(store.IndexKeys("node", "n2") == std::vector<std::string>{"k1", "k4"});
  CHECK(store.ListIndexFuncValues("node") == std::vector<std::string>{"", "n2"});
  CHECK(store.ByIndex("node", "n2").size() == 2);
  CHECK(store.Index("node", *MakePod("x", "y", "n2")).size() == 2);
  CHECK(store.Index("node", *MakePod("x", "y", "none")).empty());
  CHECK(
      store.Select(cache::SelectQuery().WhereIndex("node", cache::FieldOperator::kNotEquals, "n2")).size() ==
      2);
  // A throwing FieldValueFunc leaves the store unchanged.
  CHECK_THROWS_WITH(store.Update("k1", MakePod("a", "p1", "boom")), "boom");
  CHECK(store.IndexKeys("node", "n2") == std::vector<std::string>{"k1", "k4"});
  // Back-filled by AddIndexers, like any index.
  store.AddIndexers({{"node-again", fn}});
  CHECK(store.IndexKeys("node-again", "n2") == std::vector<std::string>{"k1", "k4"});
  CHECK(store.IndexKeys("node-again", "").size() == 1);
}

TEST_CASE("Removals leave tombstones that compaction clears without losing positions",
          "[cache][thread_safe_store]") {
  // 200 objects move back and forth between two nodes and two user sets (single- and
  // multi-valued indexes): every removal tombstones an entry, every few dozen compact a posting,
  // and each compaction must record the new positions, or a later removal would hit the wrong id.
  cache::ThreadSafeStore store({{"node", cache_test::NodeNameIndexFunc}, {"users", Users}});
  constexpr int kObjects = 200;
  auto pod = [](int i, int round) {
    const bool even = (i + round) % 2 == 0;
    return MakePod("ns", "p" + std::to_string(i), even ? "n1" : "n2", {},
                   {{"users", even ? std::string("a,b") : std::string("b,c")}});
  };
  auto expect = [&](int round) {
    std::vector<std::string> n1, n2, a, c;
    for (int i = 0; i < kObjects; ++i) {
      const std::string key = "k" + std::to_string(1000 + i);
      ((i + round) % 2 == 0 ? n1 : n2).push_back(key);
      ((i + round) % 2 == 0 ? a : c).push_back(key);
    }
    REQUIRE(store.IndexKeys("node", "n1") == n1);
    REQUIRE(store.IndexKeys("node", "n2") == n2);
    REQUIRE(store.IndexKeys("users", "a") == a);
    REQUIRE(store.IndexKeys("users", "c") == c);
    REQUIRE(store.IndexKeys("users", "b").size() == static_cast<std::size_t>(kObjects));
    REQUIRE(store.ByIndex("node", "n1").size() == n1.size());
    REQUIRE(
        store.Select(cache::SelectQuery().WhereIndex("users", cache::FieldOperator::kEquals, "a")).size() ==
        a.size());
  };
  for (int i = 0; i < kObjects; ++i) store.Add("k" + std::to_string(1000 + i), pod(i, 0));
  expect(0);
  for (int round = 1; round <= 6; ++round) {
    // Move a third, check, then the rest: postings hold tombstones between the checks.
    for (int i = 0; i < kObjects; i += 3) store.Update("k" + std::to_string(1000 + i), pod(i, round));
    for (int i = 0; i < kObjects; ++i) {
      if (i % 3 != 0) store.Update("k" + std::to_string(1000 + i), pod(i, round));
    }
    expect(round);
  }
  // Deleting everything but one object leaves exactly that object in each of its postings.
  for (int i = 1; i < kObjects; ++i) store.Delete("k" + std::to_string(1000 + i));
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"k1000"});
  CHECK(store.ListIndexFuncValues("node") == std::vector<std::string>{"n1"});
  CHECK(store.ListIndexFuncValues("users") == std::vector<std::string>{"a", "b"});
  CHECK(store.Index("users", *pod(0, 6)).size() == 1);
}

TEST_CASE("Null objects are rejected", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store;
  CHECK_THROWS_AS(store.Add("a", nullptr), apimachinery::Error);
  CHECK(store.Len() == 0);
}

TEST_CASE("Replace rebuilds every index; later duplicates win", "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"node", cache_test::NodeNameIndexFunc}});
  store.Add("old", MakePod("", "old", "n9"));
  store.Replace({{"a", MakePod("", "a", "n1")}, {"b", MakePod("", "b", "n1")}, {"a", MakePod("", "a", "n2")}},
                "rv");
  CHECK(store.Len() == 2);
  CHECK(store.IndexKeys("node", "n1") == std::vector<std::string>{"b"});
  CHECK(store.IndexKeys("node", "n2") == std::vector<std::string>{"a"});
  CHECK(store.ListIndexFuncValues("node") == std::vector<std::string>{"n1", "n2"});
  store.Replace({}, "rv2");
  CHECK(store.Len() == 0);
  CHECK(store.ListIndexFuncValues("node").empty());
  store.Add("c", MakePod("", "c", "n3"));
  CHECK(store.IndexKeys("node", "n3") == std::vector<std::string>{"c"});
}

// Property test: random Add/Update/Delete/Replace/AddIndexers against a brute-force model.
TEST_CASE("Property: every index answer equals a brute-force scan", "[cache][thread_safe_store][property]") {
  const auto seed = GENERATE(1u, 2u, 3u, 4u);
  std::mt19937 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };

  cache::Indexers indexers{
      {"namespace", cache::MetaNamespaceIndexFunc},
      {"node", cache_test::NodeNameIndexFunc},
      {"node-field", cache::FieldIndexFunc([](const Object& o) -> std::optional<std::string_view> {
         const auto& node = static_cast<const TestPod&>(o).spec.node_name;
         if (node.empty()) return std::nullopt;
         return std::string_view(node);
       })},
      {"users", Users}};
  cache::ThreadSafeStore store(indexers);
  std::map<std::string, cache::ThreadSafeStore::ObjectPtr> model;
  const std::vector<std::string> namespaces{"", "a", "b", "c"};
  const std::vector<std::string> nodes{"", "n1", "n2", "n3", "n4", "n5"};
  const std::vector<std::string> users{"u1", "u2", "u3", "u4", "u5", "u6", "u7"};

  auto random_pod = [&](const std::string& ns, const std::string& name) {
    std::string us;
    const int n = pick(4);
    for (int i = 0; i < n; ++i) {
      if (i) us += ',';
      us += users[static_cast<std::size_t>(pick(static_cast<int>(users.size())))];
    }
    return MakePod(ns, name, nodes[static_cast<std::size_t>(pick(6))], {}, {{"users", us}});
  };
  std::size_t checks = 0;
  auto verify = [&]() {
    REQUIRE(store.Len() == model.size());
    const auto indexers_now = store.GetIndexers();
    for (const auto& [name, fn] : indexers_now) {
      std::map<std::string, std::vector<std::string>> want;
      for (const auto& [key, obj] : model) {
        auto vals = fn(*obj);
        std::sort(vals.begin(), vals.end());
        vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
        for (const auto& v : vals) want[v].push_back(key);
      }
      std::vector<std::string> want_values;
      for (const auto& [v, keys] : want) want_values.push_back(v);
      REQUIRE(store.ListIndexFuncValues(name) == want_values);
      std::vector<std::string> probe = want_values;
      probe.push_back("never-a-value");
      for (const auto& v : probe) {
        const auto& keys = want[v];
        REQUIRE(store.IndexKeys(name, v) == keys);
        REQUIRE(KeysOf(store.ByIndex(name, v)) == keys);
        ++checks;
      }
    }
    std::vector<std::string> keys = store.ListKeys();
    std::sort(keys.begin(), keys.end());
    std::vector<std::string> model_keys;
    for (const auto& [k, o] : model) {
      model_keys.push_back(k);
      REQUIRE(store.Get(k).get() == o.get());
    }
    REQUIRE(keys == model_keys);
  };

  const int steps = 1500;
  for (int step = 0; step < steps; ++step) {
    const std::string ns = namespaces[static_cast<std::size_t>(pick(4))];
    const std::string name = "p" + std::to_string(pick(40));
    const std::string key = ns.empty() ? name : ns + "/" + name;
    const int op = pick(100);
    if (op < 55) {
      auto p = random_pod(ns, name);
      store.Add(key, p);
      model[key] = p;
    } else if (op < 90) {
      store.Delete(key);
      model.erase(key);
    } else if (op < 92) {
      std::vector<std::pair<std::string, cache::ThreadSafeStore::ObjectPtr>> items;
      model.clear();
      const int n = pick(30);
      for (int i = 0; i < n; ++i) {
        const std::string nm = "r" + std::to_string(pick(50));
        const std::string rns = namespaces[static_cast<std::size_t>(pick(4))];
        const std::string k = rns.empty() ? nm : rns + "/" + nm;
        auto p = random_pod(rns, nm);
        items.emplace_back(k, p);
        model[k] = p;
      }
      store.Replace(items, "rv");
    } else if (step == 700 && store.GetIndexers().count("first-letter") == 0) {
      store.AddIndexers({{"first-letter", [](const Object& o) {
                            return std::vector<std::string>{o.GetObjectMeta()->name.substr(0, 2)};
                          }}});
    } else {
      // Re-store an equal copy: every index value is unchanged (the fast path).
      if (auto cur = store.Get(key)) {
        auto copy = std::make_shared<TestPod>(cache_test::AsPod(*cur));
        store.Update(key, copy);
        model[key] = copy;
      }
    }
    verify();
  }
  WARN("seed " << seed << ": " << steps << " steps, " << checks << " ByIndex/IndexKeys comparisons");
  CHECK(checks > 1000);
}

namespace {
// Index functions with a fast path in the store (MetaNamespaceIndexFunc and FieldIndexFunc read
// the value in place; a plain function is called directly), each able to fail.
std::optional<std::string_view> NodeFieldOrThrow(const Object& o) {
  const auto* pod = dynamic_cast<const TestPod*>(&o);
  if (pod == nullptr) throw apimachinery::Error("not a pod");
  if (pod->spec.node_name == "none") return std::nullopt;
  if (pod->spec.node_name == "boom") throw apimachinery::Error("field boom");
  return std::string_view(pod->spec.node_name);
}
std::vector<std::string> NodePlainOrThrow(const Object& o) {
  const auto* pod = dynamic_cast<const TestPod*>(&o);
  if (pod != nullptr && pod->spec.node_name == "boom") throw apimachinery::Error("plain boom");
  return cache_test::NodeNameIndexFunc(o);
}
// What a call returned, or the text of what it threw.
template <typename Fn>
std::string Outcome(Fn&& fn) {
  try {
    return fn();
  } catch (const apimachinery::Error& e) {
    return std::string("throw: ") + e.what();
  }
}
std::string Joined(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  std::string out;
  for (const auto& s : v) out += s + ";";
  return out;
}
std::string KeysJoined(const cache::ObjectList& objs) {
  std::vector<std::string> keys;
  for (const Object* o : objs) {
    const auto* m = o->GetObjectMeta();
    keys.push_back(m == nullptr ? "<no meta>" : m->namespace_ + "/" + m->name);
  }
  return Joined(std::move(keys));
}
}  // namespace

// The store picks fast paths by looking at the std::function's target (MetaNamespaceIndexFunc,
// FieldIndexFunc, a plain function pointer). The same functions wrapped in lambdas take the
// general path: every answer, failures included, must be the same.
TEST_CASE("Index functions wrapped in a lambda give the same answers as the bare ones",
          "[cache][thread_safe_store][property]") {
  const cache::IndexFunc ns_fn = cache::MetaNamespaceIndexFunc;
  const cache::IndexFunc field_fn = cache::FieldIndexFunc(&NodeFieldOrThrow);
  const cache::IndexFunc plain_fn = &NodePlainOrThrow;
  auto wrap = [](cache::IndexFunc f) -> cache::IndexFunc { return [f](const Object& o) { return f(o); }; };
  const cache::Indexers bare{{"namespace", ns_fn}, {"field", field_fn}, {"plain", plain_fn}};
  const cache::Indexers wrapped{
      {"namespace", wrap(ns_fn)}, {"field", wrap(field_fn)}, {"plain", wrap(plain_fn)}};
  // The premise: the bare forms are recognised, the wrapped ones are not.
  CHECK(cache::IsMetaNamespaceIndexFunc(ns_fn));
  CHECK_FALSE(cache::IsMetaNamespaceIndexFunc(wrapped.at("namespace")));
  CHECK(cache::FieldValueFuncOf(field_fn) == &NodeFieldOrThrow);
  CHECK(cache::FieldValueFuncOf(wrapped.at("field")) == nullptr);
  CHECK(plain_fn.target<std::vector<std::string> (*)(const Object&)>() != nullptr);
  CHECK(wrapped.at("plain").target<std::vector<std::string> (*)(const Object&)>() == nullptr);

  const bool label_index = GENERATE(false, true);
  cache::ThreadSafeStore a(bare, {.label_index = label_index});
  cache::ThreadSafeStore b(wrapped, {.label_index = label_index});
  const std::vector<std::string> namespaces{"", "ns1", "ns2"};
  const std::vector<std::string> nodes{"", "n1", "n2", "none", "boom"};
  std::mt19937 rng(5);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  auto random_object = [&]() -> cache::ThreadSafeStore::ObjectPtr {
    if (pick(12) == 0) return std::make_shared<cache_test::NoMeta>();
    return MakePod(namespaces[pick(3)], "p" + std::to_string(pick(20)), nodes[pick(5)],
                   {{"app", pick(2) == 0 ? "web" : "db"}});
  };
  std::size_t throws = 0;
  std::size_t max_len = 0;
  for (int step = 0; step < 400; ++step) {
    const std::string key = "k" + std::to_string(pick(25));
    const int op = static_cast<int>(pick(20));  // 0: Delete, 1: Replace, else Update
    auto write = [&](cache::ThreadSafeStore& s, const cache::ThreadSafeStore::ObjectPtr& obj,
                     const std::vector<std::pair<std::string, cache::ThreadSafeStore::ObjectPtr>>& items) {
      return Outcome([&] {
        if (op == 0) {
          s.Delete(key);
        } else if (op == 1) {
          s.Replace(items);
        } else {
          s.Update(key, obj);
        }
        return std::string("ok");
      });
    };
    const auto obj = random_object();
    std::vector<std::pair<std::string, cache::ThreadSafeStore::ObjectPtr>> items;
    if (op == 1) {
      for (std::size_t i = pick(6); i > 0; --i)
        items.emplace_back("k" + std::to_string(pick(25)), random_object());
    }
    const std::string wa = write(a, obj, items);
    REQUIRE(wa == write(b, obj, items));
    if (wa != "ok") ++throws;
    max_len = std::max(max_len, a.Len());
    CAPTURE(step);
    REQUIRE(Joined(a.ListKeys()) == Joined(b.ListKeys()));
    for (const std::string index : {"namespace", "field", "plain"}) {
      CAPTURE(index);
      REQUIRE(Joined(a.ListIndexFuncValues(index)) == Joined(b.ListIndexFuncValues(index)));
      for (const auto& v : index == "namespace" ? namespaces : nodes) {
        REQUIRE(KeysJoined(a.ByIndex(index, v)) == KeysJoined(b.ByIndex(index, v)));
        REQUIRE(Joined(a.IndexKeys(index, v)) == Joined(b.IndexKeys(index, v)));
      }
      const auto probe = random_object();
      REQUIRE(Outcome([&] { return KeysJoined(a.Index(index, *probe)); }) ==
              Outcome([&] { return KeysJoined(b.Index(index, *probe)); }));
    }
    // Select: the namespace restriction may be answered by the namespace index only in `a`.
    cache::SelectQuery q;
    if (pick(2) == 0) q.InNamespace(namespaces[pick(3)]);
    if (pick(2) == 0) {
      q.WhereIndex(pick(2) == 0 ? "field" : "plain",
                   pick(3) == 0 ? cache::FieldOperator::kNotEquals : cache::FieldOperator::kEquals,
                   nodes[pick(5)]);
    }
    if (pick(2) == 0) q.MatchingLabels(apimachinery::labels::Parse(pick(2) == 0 ? "app=web" : "app"));
    REQUIRE(KeysJoined(a.Select(q)) == KeysJoined(b.Select(q)));
  }
  CHECK(throws > 20);  // the failure paths were exercised
  CHECK(max_len > 10);
}

TEST_CASE("internal::IdTable matches std::map under heavy collisions", "[cache][internal]") {
  namespace internal = apimachinery::cache::internal;
  internal::IdTable table;
  std::map<std::uint32_t, std::uint64_t> model;  // id -> hash
  std::mt19937 rng(7);
  // Few distinct hashes, so runs are long and backward-shift deletion is exercised.
  auto hash_of = [](std::uint32_t id) { return (std::uint64_t{id % 13} * 0x9E3779B97F4A7C15ull); };
  for (int step = 0; step < 20000; ++step) {
    const std::uint32_t id = rng() % 400;
    const bool present = model.count(id) != 0;
    if (rng() % 3 != 0) {
      if (!present) {
        table.Insert(hash_of(id), id);
        model[id] = hash_of(id);
      }
    } else if (present) {
      table.Erase(hash_of(id), id);
      model.erase(id);
    }
    REQUIRE(table.size() == model.size());
    if (step % 97 == 0) {
      for (std::uint32_t probe = 0; probe < 400; ++probe) {
        const auto found = table.Find(hash_of(probe), [&](std::uint32_t got) { return got == probe; });
        REQUIRE((found == probe) == (model.count(probe) != 0));
      }
    }
  }
}

TEST_CASE("internal::SlotKey stores keys inline up to 31 bytes and on the heap beyond", "[cache][internal]") {
  namespace internal = apimachinery::cache::internal;
  internal::SlotKey key;
  CHECK(key.vacant());
  CHECK(key.view().empty());
  key.Assign("");
  CHECK_FALSE(key.vacant());  // the empty key is a key
  CHECK(key.view().empty());
  CHECK(key.HeapBytes() == 0);
  // Every length around the boundary, bytes that look like the tag values included; each
  // assignment replaces the previous key whichever storage either used.
  for (std::size_t n : {1, 30, 31, 32, 33, 300, 31, 0, 64, 5}) {
    std::string s(n, '\xFE');
    for (std::size_t i = 0; i < n; i += 3) s[i] = static_cast<char>(i % 2 == 0 ? '\xFF' : '\0');
    key.Assign(s);
    CHECK(key.view() == s);
    CHECK(key.HeapBytes() == (n > internal::SlotKey::kInline ? n : 0));
  }
  key.Clear();
  CHECK(key.vacant());
  CHECK(key.HeapBytes() == 0);
}

TEST_CASE("Keys of any length round-trip through ids that are freed and reused",
          "[cache][thread_safe_store]") {
  cache::ThreadSafeStore store({{"byNamespace", cache::MetaNamespaceIndexFunc}});
  std::map<std::string, std::string> model;  // key -> object name
  // `len` bytes; short keys of different salts may coincide, which the model allows.
  auto key_of = [](std::size_t len, int salt) {
    std::string k = std::to_string(salt) + ":";
    k.resize(len, static_cast<char>('a' + salt % 26));
    return k;
  };
  std::mt19937 rng(11);
  const std::size_t lengths[] = {0, 1, 2, 30, 31, 32, 33, 100, 317};
  for (int step = 0; step < 3000; ++step) {
    const std::string key = key_of(lengths[rng() % std::size(lengths)], static_cast<int>(rng() % 40));
    if (rng() % 3 == 0) {
      store.Delete(key);
      model.erase(key);
    } else {
      const std::string name = "o" + std::to_string(step);
      store.Add(key, MakePod("ns", name));
      model[key] = name;
    }
    if (step % 50 == 0) {
      std::vector<std::string> keys = store.ListKeys();
      std::sort(keys.begin(), keys.end());
      std::vector<std::string> want;
      for (const auto& [k, v] : model) want.push_back(k);
      REQUIRE(keys == want);
      REQUIRE(store.IndexKeys("byNamespace", "ns") == want);
      for (const auto& [k, name] : model) {
        const auto got = store.Get(k);
        REQUIRE(got != nullptr);
        REQUIRE(got->GetObjectMeta()->name == name);
      }
    }
  }
  CHECK(store.Get("never stored, and longer than thirty-one bytes") == nullptr);
}

// No upstream counterpart (client-go's threadSafeMap stores nil): the store refuses a null object,
// naming the key with Go's %q quoting (util::Quote), and changes nothing.
TEST_CASE("ThreadSafeStore refuses null objects, quoting the key as Go's %q", "[cache][store]") {
  cache::ThreadSafeStore store({{"testmodes", LabelFoo}});
  store.Add("ns/a", MakePod("ns", "a", "x"));
  CHECK_THROWS_WITH(store.Update("ns/\a\xff\u00a0", nullptr),
                    "cache: null object for key \"ns/\\a\\xff\\u00a0\"");
  CHECK_THROWS_WITH(store.Replace({{"ns/b", MakePod("ns", "b", "x")}, {"ns/c", nullptr}}, "1"),
                    "cache: null object for key \"ns/c\"");
  CHECK(store.ListKeys() == std::vector<std::string>{"ns/a"});
}

}  // namespace cache_thread_safe_store_test
