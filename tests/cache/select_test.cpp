// Select (namespace + index requirements + label selector) and the label index, checked against
// a full scan with the same filters.
#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/thread_safe_store.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"

#include "cache/test_pod.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_select_test {

namespace cache = apimachinery::cache;
namespace labels = apimachinery::labels;
using apimachinery::runtime::Object;
using cache_test::MakePod;

namespace {

std::vector<std::string> KeysOf(const cache::ObjectList& objs) {
  std::vector<std::string> out;
  for (const auto& o : objs) {
    const auto* m = o->GetObjectMeta();
    out.push_back(m->namespace_.empty() ? m->name : m->namespace_ + "/" + m->name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The reference: a scan applying every filter literally.
std::vector<std::string> Scan(const std::map<std::string, cache::ThreadSafeStore::ObjectPtr>& model,
                              const cache::Indexers& indexers, const cache::SelectQuery& q) {
  std::vector<std::string> out;
  for (const auto& [key, obj] : model) {
    const auto* meta = obj->GetObjectMeta();
    if (q.namespace_ && meta->namespace_ != *q.namespace_) continue;
    bool ok = true;
    for (const auto& r : q.index_selector.Requirements()) {
      auto vals = indexers.at(r.field)(*obj);
      const bool has = std::find(vals.begin(), vals.end(), r.value) != vals.end();
      if (has != (r.op != apimachinery::selection::Operator::kNotEquals)) ok = false;
    }
    if (!ok || !q.label_selector.Matches(meta->labels)) continue;
    out.push_back(key);
  }
  return out;
}

std::vector<std::string> Tags(const Object& o) {
  std::vector<std::string> out;
  const auto& ann = o.GetObjectMeta()->annotations;
  for (const auto& [k, v] : ann) {
    if (k.rfind("tag-", 0) == 0) out.push_back(k.substr(4));
  }
  return out;
}

}  // namespace

TEST_CASE("Select uses the label index and the field indexes", "[cache][select]") {
  cache::Indexers indexers{{"namespace", cache::MetaNamespaceIndexFunc},
                           {"node", cache_test::NodeNameIndexFunc}};
  cache::ThreadSafeStore store(indexers, {.label_index = true});
  CHECK(store.HasLabelIndex());
  store.Add("a/1", MakePod("a", "1", "n1", {{"app", "web"}, {"tier", "fe"}}));
  store.Add("a/2", MakePod("a", "2", "n2", {{"app", "web"}}));
  store.Add("b/3", MakePod("b", "3", "n1", {{"app", "db"}, {"tier", "be"}}));
  store.Add("b/4", MakePod("b", "4", "n1", {}));

  auto run = [&](const cache::SelectQuery& q) { return KeysOf(store.Select(q)); };
  using Q = cache::SelectQuery;
  CHECK(run(Q()) == std::vector<std::string>{"a/1", "a/2", "b/3", "b/4"});
  CHECK(run(Q().MatchingLabels(labels::Parse("app=web"))) == std::vector<std::string>{"a/1", "a/2"});
  CHECK(run(Q().MatchingLabels(labels::Parse("app in (web,db),tier"))) ==
        std::vector<std::string>{"a/1", "b/3"});
  CHECK(run(Q().MatchingLabels(labels::Parse("app!=web"))) == std::vector<std::string>{"b/3", "b/4"});
  CHECK(run(Q().MatchingLabels(labels::Parse("!app"))) == std::vector<std::string>{"b/4"});
  CHECK(run(Q().MatchingLabels(labels::Parse("app=nothing"))).empty());
  CHECK(run(Q().MatchingLabels(labels::Nothing())).empty());
  CHECK(run(Q().InNamespace("b")) == std::vector<std::string>{"b/3", "b/4"});
  CHECK(run(Q().InNamespace("zzz")).empty());
  CHECK(run(Q().InNamespace("b")
                .WhereIndex("node", cache::FieldOperator::kEquals, "n1")
                .MatchingLabels(labels::Parse("tier"))) == std::vector<std::string>{"b/3"});
  CHECK(run(Q().WhereIndex("node", cache::FieldOperator::kNotEquals, "n1")) ==
        std::vector<std::string>{"a/2"});
  CHECK(run(Q().WhereIndex("node", cache::FieldOperator::kNotEquals, "n9")).size() == 4);
  CHECK(run(Q().WhereIndex("node", cache::FieldOperator::kEquals, "n9")).empty());
  CHECK_THROWS_WITH(run(Q().WhereIndex("nope", cache::FieldOperator::kEquals, "x")),
                    "Index with name nope does not exist");
  // Label postings follow updates and deletions.
  store.Update("a/2", MakePod("a", "2", "n2", {{"app", "db"}}));
  CHECK(run(Q().MatchingLabels(labels::Parse("app=web"))) == std::vector<std::string>{"a/1"});
  store.Delete("a/1");
  CHECK(run(Q().MatchingLabels(labels::Parse("app=web"))).empty());
  CHECK(run(Q().MatchingLabels(labels::Parse("tier"))) == std::vector<std::string>{"b/3"});
  // The label index is not one of the user's indexes.
  CHECK(store.GetIndexers().size() == 2);
  CHECK_THROWS_WITH(store.ByIndex("\x01labels/key", "app"), "Index with name \x01labels/key does not exist");
}

// The label index has no name: every index name, the ones it once used included, is the user's.
TEST_CASE("Select: user indexes named like the label index are ordinary indexes", "[cache][select]") {
  const std::string key_name = "\x01labels/key";
  const std::string pair_name = "\x01labels/pair";
  const bool label_index = GENERATE(true, false);
  cache::ThreadSafeStore store({{key_name, cache_test::NodeNameIndexFunc}}, {.label_index = label_index});
  store.Add("a/1", MakePod("a", "1", "n1", {{"app", "web"}}));
  store.Add("a/2", MakePod("a", "2", "n2", {{"app", "db"}}));
  CHECK(store.GetIndexers().size() == 1);
  CHECK(store.GetIndexers().count(key_name) == 1);
  CHECK(store.HasIndex(key_name));
  CHECK_FALSE(store.HasIndex(pair_name));
  CHECK(KeysOf(store.ByIndex(key_name, "n1")) == std::vector<std::string>{"a/1"});
  CHECK(store.ByIndex(key_name, "app").empty());  // not a label key posting
  CHECK(store.ListIndexFuncValues(key_name) == std::vector<std::string>{"n1", "n2"});
  CHECK(store.IndexKeys(key_name, "n2") == std::vector<std::string>{"a/2"});
  CHECK(KeysOf(store.Index(key_name, *MakePod("x", "y", "n2"))) == std::vector<std::string>{"a/2"});
  CHECK_THROWS_WITH(store.ByIndex(pair_name, "x"), "Index with name \x01labels/pair does not exist");
  // AddIndexers: the other name is free, the registered one conflicts.
  store.AddIndexers({{pair_name, cache_test::NodeNameIndexFunc}});
  CHECK(store.GetIndexers().size() == 2);
  CHECK(store.HasIndex(pair_name));
  CHECK(KeysOf(store.ByIndex(pair_name, "n2")) == std::vector<std::string>{"a/2"});
  CHECK_THROWS_WITH(store.AddIndexers({{key_name, cache_test::NodeNameIndexFunc}}),
                    "indexer conflict: map[\x01labels/key:{}]");
  // Select over them, and over labels (answered by the label index when it is on).
  using Q = cache::SelectQuery;
  CHECK(KeysOf(store.Select(Q().WhereIndex(key_name, cache::FieldOperator::kEquals, "n1"))) ==
        std::vector<std::string>{"a/1"});
  CHECK(KeysOf(store.Select(Q().WhereIndex(pair_name, cache::FieldOperator::kNotEquals, "n1"))) ==
        std::vector<std::string>{"a/2"});
  CHECK(KeysOf(store.Select(Q().MatchingLabels(labels::Parse("app=db")))) == std::vector<std::string>{"a/2"});
  CHECK(KeysOf(store.Select(Q().MatchingLabels(labels::Parse("app")))) ==
        std::vector<std::string>{"a/1", "a/2"});
  store.Update("a/1", MakePod("a", "1", "n2", {{"app", "db"}}));
  CHECK(KeysOf(store.ByIndex(key_name, "n2")) == std::vector<std::string>{"a/1", "a/2"});
  CHECK(KeysOf(store.Select(Q().MatchingLabels(labels::Parse("app=db")))) ==
        std::vector<std::string>{"a/1", "a/2"});
  store.Replace({{"b/3", MakePod("b", "3", "n3", {{"app", "web"}})}});
  CHECK(KeysOf(store.ByIndex(pair_name, "n3")) == std::vector<std::string>{"b/3"});
  CHECK(KeysOf(store.Select(Q().MatchingLabels(labels::Parse("app=web")))) ==
        std::vector<std::string>{"b/3"});
}

// The index terms are a fields::Selector (selection::Operator); the former cache::FieldOperator
// and cache::IndexRequirement names remain as aliases.
TEST_CASE("Select: index terms in the fields/selection vocabulary", "[cache][select]") {
  namespace fields = apimachinery::fields;
  using Op = apimachinery::selection::Operator;
  cache::Indexers indexers{{"node", cache_test::NodeNameIndexFunc}, {"tags", Tags}};
  cache::ThreadSafeStore store(indexers);
  store.Add("a/1", MakePod("a", "1", "n1", {}, {{"tag-x", ""}, {"tag-y", ""}}));
  store.Add("a/2", MakePod("a", "2", "n2", {}, {{"tag-x", ""}}));
  store.Add("b/3", MakePod("b", "3", "n1"));
  auto run = [&](const cache::SelectQuery& q) { return KeysOf(store.Select(q)); };
  using Q = cache::SelectQuery;
  static_assert(std::is_same_v<cache::FieldOperator, Op>);
  static_assert(std::is_same_v<cache::IndexRequirement, fields::Requirement>);
  CHECK(run(Q().WhereIndex("node", cache::FieldOperator::kEquals, "n1")) ==
        std::vector<std::string>{"a/1", "b/3"});
  CHECK(run(Q().WhereIndex("node", Op::kDoubleEquals, "n1")) == std::vector<std::string>{"a/1", "b/3"});
  CHECK(run(Q().WhereIndex("node", Op::kNotEquals, "n1")) == std::vector<std::string>{"a/2"});
  // A parsed field selector: each term's field names an index; multi-valued indexes match any value.
  CHECK(run(Q().MatchingIndexes(fields::ParseSelector("node=n1,tags=y"))) == std::vector<std::string>{"a/1"});
  CHECK(run(Q().MatchingIndexes(fields::ParseSelector("tags!=y"))) == std::vector<std::string>{"a/2", "b/3"});
  CHECK(run(Q().MatchingIndexes(fields::ParseSelector("tags=x")).WhereIndex("node", Op::kEquals, "n2")) ==
        std::vector<std::string>{"a/2"});
  CHECK(run(Q().MatchingIndexes(fields::Everything())).size() == 3);
  CHECK(run(Q().MatchingIndexes(fields::Nothing())).empty());
  CHECK(run(Q().MatchingIndexes(
                fields::AndSelectors({fields::OneTermEqualSelector("node", "n1"), fields::Nothing()})))
            .empty());
  CHECK(Q().MatchingIndexes(fields::ParseSelector("node=n1"))
            .WhereIndex("tags", Op::kEquals, "x")
            .index_selector.String() == "node=n1,tags=x");
  CHECK_THROWS_WITH(run(Q().MatchingIndexes(fields::ParseSelector("nope=x"))),
                    "Index with name nope does not exist");
  // Operators an index term cannot express.
  for (Op op :
       {Op::kIn, Op::kNotIn, Op::kExists, Op::kDoesNotExist, Op::kGreaterThan, Op::kLessThan, Op::kNone}) {
    CAPTURE(apimachinery::selection::String(op));
    CHECK_THROWS_AS(Q().WhereIndex("node", op, "n1"), apimachinery::Error);
  }
  CHECK_THROWS_WITH(Q().WhereIndex("node", Op::kIn, "n1"),
                    "cache: index requirement operator \"in\" is not supported (=, == and != are)");
}

// Property: Select (with and without the label index) equals a scan, through random updates.
TEST_CASE("Property: Select equals a full scan", "[cache][select][property]") {
  const bool label_index = GENERATE(true, false);
  const auto seed = GENERATE(11u, 12u, 13u);
  std::mt19937 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const std::vector<std::string> namespaces{"", "a", "b", "c", "d"};
  const std::vector<std::string> nodes{"", "n1", "n2", "n3", "n4"};
  const std::vector<std::string> keys{"app", "tier", "env", "zone"};
  const std::vector<std::string> values{"v1", "v2", "v3", ""};
  const std::vector<std::string> tags{"t1", "t2", "t3"};

  cache::Indexers indexers{
      {"namespace", cache::MetaNamespaceIndexFunc}, {"node", cache_test::NodeNameIndexFunc}, {"tags", Tags}};
  cache::ThreadSafeStore store(indexers, {.label_index = label_index});
  std::map<std::string, cache::ThreadSafeStore::ObjectPtr> model;

  auto random_labels = [&]() {
    std::map<std::string, std::string> l;
    for (const auto& k : keys) {
      if (pick(2) == 0) l[k] = values[static_cast<std::size_t>(pick(4))];
    }
    return l;
  };
  auto random_tags = [&]() {
    std::map<std::string, std::string> a;
    for (const auto& t : tags) {
      if (pick(3) == 0) a["tag-" + t] = "";
    }
    return a;
  };
  auto random_requirement = [&]() -> std::string {
    const std::string& k = keys[static_cast<std::size_t>(pick(4))];
    auto v = [&] {
      std::string s = values[static_cast<std::size_t>(pick(4))];
      return s;
    };
    switch (pick(8)) {
      case 0:
        return k + "=" + v();
      case 1:
        return k + "==" + v();
      case 2:
        return k + "!=" + v();
      case 3:
        return k + " in (" + v() + "," + v() + ")";
      case 4:
        return k + " notin (" + v() + ")";
      case 5:
        return k;
      case 6:
        return "!" + k;
      default:
        return k + " in (" + v() + ")";
    }
  };
  using Op = apimachinery::selection::Operator;
  auto random_query = [&]() {
    cache::SelectQuery q;
    if (pick(3) == 0) q.namespace_ = namespaces[static_cast<std::size_t>(pick(5))];
    const int nreq = pick(3);
    for (int i = 0; i < nreq; ++i) {
      std::string index;
      std::string value;
      if (pick(2) == 0) {
        // After step 300 the same values are also indexed as "by-node" (added by AddIndexers).
        index = indexers.count("by-node") != 0 && pick(2) == 0 ? "by-node" : "node";
        value = nodes[static_cast<std::size_t>(pick(5))];
      } else {
        index = "tags";
        value = tags[static_cast<std::size_t>(pick(3))];
      }
      const int op = pick(6);
      if (op == 0) {
        q.MatchingIndexes(apimachinery::fields::OneTermNotEqualSelector(index, value));
      } else {
        q.WhereIndex(index, op == 1 ? Op::kNotEquals : op == 2 ? Op::kDoubleEquals : Op::kEquals, value);
      }
    }
    const int nl = pick(4);
    std::string sel;
    for (int i = 0; i < nl; ++i) {
      if (i) sel += ",";
      sel += random_requirement();
    }
    q.label_selector = labels::Parse(sel);
    return q;
  };

  std::size_t queries = 0, nonempty = 0;
  for (int step = 0; step < 600; ++step) {
    if (step == 300) {
      // A new index sorting before the others: every slot's back-pointers are laid out again
      // (and, with the label index, its postings move behind it).
      store.AddIndexers({{"by-node", cache_test::NodeNameIndexFunc}});
      indexers.emplace("by-node", cache_test::NodeNameIndexFunc);
    }
    const std::string ns = namespaces[static_cast<std::size_t>(pick(5))];
    const std::string name = "p" + std::to_string(pick(60));
    const std::string key = ns.empty() ? name : ns + "/" + name;
    if (pick(4) != 0) {
      auto p = MakePod(ns, name, nodes[static_cast<std::size_t>(pick(5))], random_labels(), random_tags());
      store.Add(key, p);
      model[key] = p;
    } else {
      store.Delete(key);
      model.erase(key);
    }
    for (int i = 0; i < 8; ++i) {
      const auto q = random_query();
      const auto want = Scan(model, indexers, q);
      const auto got = KeysOf(store.Select(q));
      CAPTURE(step, q.label_selector.String());
      REQUIRE(got == want);
      ++queries;
      if (!want.empty()) ++nonempty;
    }
  }
  WARN("label_index=" << label_index << " seed=" << seed << " queries=" << queries
                      << " non-empty=" << nonempty);
  CHECK(nonempty > queries / 10);
}

}  // namespace cache_select_test
