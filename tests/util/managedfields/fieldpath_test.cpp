// Tests for util/managedfields/fieldpath.hpp: path elements and their FieldsV1 keys, Set's FieldsV1
// bytes (upstream's, recorded from kube-apiserver v1.37.2), malformed FieldsV1, and the set
// operations against a model (a std::set of path strings) over random sets.
#include "apimachinery/util/managedfields/fieldpath.hpp"

#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace util_managedfields_fieldpath_test {

namespace managedfields = apimachinery::managedfields;
using managedfields::Path;
using managedfields::PathElement;
using managedfields::PathString;
using managedfields::Set;
using nlohmann::json;

TEST_CASE("PathElement prints and serializes as upstream", "[managedfields]") {
  const PathElement f = PathElement::Field("replicas");
  CHECK(f.String() == ".replicas");
  CHECK(f.Serialize() == "f:replicas");
  const PathElement k = PathElement::Key({{"protocol", "TCP"}, {"port", 80}});
  CHECK(k.String() == "[port=80,protocol=\"TCP\"]");
  CHECK(k.Serialize() == "k:{\"port\":80,\"protocol\":\"TCP\"}");
  const PathElement v = PathElement::Value("a<b");
  CHECK(v.String() == "[=\"a<b\"]");
  CHECK(v.Serialize() == "v:\"a\\u003cb\"");
  const PathElement i = PathElement::Index(3);
  CHECK(i.String() == "[3]");
  CHECK(i.Serialize() == "i:3");
  CHECK(PathString({PathElement::Field("spec"), PathElement::Field("ports"), k}) ==
        ".spec.ports[port=80,protocol=\"TCP\"]");

  for (const PathElement& pe : {f, k, v, i}) {
    PathElement back;
    REQUIRE(PathElement::Deserialize(pe.Serialize(), back));
    CHECK(back == pe);
  }
  PathElement out;
  CHECK_FALSE(PathElement::Deserialize("z:whatever", out));
  CHECK_THROWS_WITH(PathElement::Deserialize("f", out), "key must be 2 characters long:");
  CHECK_THROWS_WITH(PathElement::Deserialize("fx", out), "missing colon: fx");
  CHECK_THROWS_WITH(PathElement::Deserialize("i:x", out), Catch::Contains("invalid syntax"));
  CHECK_THROWS_AS(PathElement::Deserialize("k:[1]", out), apimachinery::Error);
  CHECK_THROWS_AS(PathElement::Deserialize("v:{", out), apimachinery::Error);
}

TEST_CASE("PathElement orders as upstream: fields, keys, values, indexes", "[managedfields]") {
  const std::vector<PathElement> sorted = {PathElement::Field("a"),         PathElement::Field("b"),
                                           PathElement::Key({{"port", 9}}), PathElement::Key({{"port", 10}}),
                                           PathElement::Value(2),           PathElement::Value(10.5),
                                           PathElement::Value("a"),         PathElement::Value(true),
                                           PathElement::Index(2),           PathElement::Index(10)};
  for (std::size_t x = 0; x < sorted.size(); ++x) {
    for (std::size_t y = 0; y < sorted.size(); ++y) {
      CHECK((sorted[x].Compare(sorted[y]) < 0) == (x < y));
    }
  }
  CHECK(PathElement::Value(1).Compare(PathElement::Value(1.0)) == 0);
}

TEST_CASE("Set writes FieldsV1 in upstream's bytes", "[managedfields]") {
  auto f = [](const char* n) { return PathElement::Field(n); };
  Set s;
  s.Insert({f("metadata"), f("labels")});
  s.Insert({f("metadata"), f("labels"), f("x")});
  s.Insert({f("metadata"), f("finalizers")});
  s.Insert({f("metadata"), f("finalizers"), PathElement::Value("f1")});
  s.Insert({f("spec")});
  s.Insert({f("spec"), f("replicas")});
  s.Insert({f("spec"), f("ports"), PathElement::Key({{"port", 80}})});
  s.Insert({f("spec"), f("ports"), PathElement::Key({{"port", 80}}), f("port")});
  const std::string want =
      R"({"f:metadata":{"f:finalizers":{".":{},"v:\"f1\"":{}},"f:labels":{".":{},"f:x":{}}},)"
      R"("f:spec":{".":{},"f:ports":{"k:{\"port\":80}":{".":{},"f:port":{}}},"f:replicas":{}}})";
  CHECK(s.ToJSON() == want);
  CHECK(Set::FromJSON(want) == s);
  CHECK(s.Size() == 8);
  CHECK(s.Has({f("spec"), f("replicas")}));
  CHECK_FALSE(s.Has({f("spec"), f("ports")}));
  CHECK(Set::FromJSON("{}").Empty());
  CHECK(Set{}.ToJSON() == "{}");
  // Keys in byte order that is not the elements' order, and two spellings of one element.
  const Set idx =
      Set::FromJSON(R"({"f:l":{"i:10":{},"i:2":{},"v:1":{},"v:1.0":{"f:x":{}},"k:{\"a\":1}":{}}})");
  CHECK(idx.ToJSON() == R"({"f:l":{"k:{\"a\":1}":{},"v:1":{".":{},"f:x":{}},"i:2":{},"i:10":{}}})");
  // Unknown element types are dropped, as upstream; malformed ones throw.
  CHECK(Set::FromJSON(R"({"f:a":{},"z:b":{}})") == Set::FromJSON(R"({"f:a":{}})"));
  CHECK_THROWS_AS(Set::FromJSON(R"({"f:a":[]})"), apimachinery::Error);
  CHECK_THROWS_AS(Set::FromJSON(R"({"fa":{}})"), apimachinery::Error);
  CHECK_THROWS_AS(Set::FromJSON("[1]"), apimachinery::Error);
  CHECK_THROWS_AS(Set::FromJSON("{"), apimachinery::Error);
  // Iterate: members before children at each node.
  std::vector<std::string> paths;
  s.Iterate([&](const Path& p) { paths.push_back(PathString(p)); });
  CHECK(paths == std::vector<std::string>{".spec", ".metadata.finalizers", ".metadata.labels",
                                          ".metadata.finalizers[=\"f1\"]", ".metadata.labels.x",
                                          ".spec.replicas", ".spec.ports[port=80]",
                                          ".spec.ports[port=80].port"});
}

// The model: a set as the strings of its paths.
std::set<std::string> Model(const Set& s) {
  std::set<std::string> out;
  s.Iterate([&](const Path& p) { out.insert(PathString(p)); });
  return out;
}

TEST_CASE("Set operations agree with a model over random sets", "[managedfields][property]") {
  std::mt19937 rng(20261204);
  const std::vector<PathElement> alphabet = {PathElement::Field("a"), PathElement::Field("b"),
                                             PathElement::Key({{"k", 1}}), PathElement::Value("v"),
                                             PathElement::Index(0)};
  auto random_path = [&] {
    Path p;
    const int n = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < n; ++i) p.push_back(alphabet[rng() % alphabet.size()]);
    return p;
  };
  auto random_set = [&](std::vector<Path>& paths) {
    Set s;
    const int n = static_cast<int>(rng() % 8);
    for (int i = 0; i < n; ++i) {
      paths.push_back(random_path());
      s.Insert(paths.back());
    }
    return s;
  };
  for (int round = 0; round < 400; ++round) {
    std::vector<Path> pa;
    std::vector<Path> pb;
    const Set a = random_set(pa);
    const Set b = random_set(pb);
    const auto ma = Model(a);
    const auto mb = Model(b);
    std::set<std::string> u;
    std::set<std::string> in;
    std::set<std::string> d;
    for (const auto& x : ma) {
      u.insert(x);
      (mb.count(x) ? in : d).insert(x);
    }
    for (const auto& x : mb) u.insert(x);
    CHECK(Model(a.Union(b)) == u);
    CHECK(Model(a.Intersection(b)) == in);
    CHECK(Model(a.Difference(b)) == d);
    // RecursiveDifference also drops every path below a member of b.
    std::set<std::string> rd;
    a.Iterate([&](const Path& p) {
      for (std::size_t len = 1; len <= p.size(); ++len) {
        if (b.Has(Path(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(len)))) return;
      }
      rd.insert(PathString(p));
    });
    CHECK(Model(a.RecursiveDifference(b)) == rd);
    for (const auto& p : pa) CHECK(a.Has(p));
    CHECK(Set::FromJSON(a.ToJSON()) == a);
    CHECK(a.Union(b) == b.Union(a));
  }
}

}  // namespace util_managedfields_fieldpath_test
