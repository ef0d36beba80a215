// Tests for util/managedfields/typed.hpp: the typed walks (structured-merge-diff's typed package)
// under deduced and declared types, and the OpenAPI schema reader.
#include "apimachinery/util/managedfields/typed.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace util_managedfields_typed_test {

namespace managedfields = apimachinery::managedfields;
using managedfields::Path;
using managedfields::Set;
using nlohmann::json;

std::vector<std::string> Paths(const Set& s) {
  std::vector<std::string> out;
  s.Iterate([&](const Path& p) { out.push_back(managedfields::PathString(p)); });
  return out;
}

const json kSchema = json::parse(R"({"type":"object","properties":{"spec":{"type":"object","properties":{
  "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["port","protocol"],
    "items":{"type":"object","properties":{"port":{"type":"integer"},"protocol":{"type":"string"},
    "name":{"type":"string"}}}},
  "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}},
  "args":{"type":"array","items":{"type":"string"}},
  "selector":{"type":"object","x-kubernetes-map-type":"atomic","additionalProperties":{"type":"string"}},
  "extra":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}})");

TEST_CASE("Compare finds what was added, modified and removed", "[managedfields]") {
  const auto t = managedfields::ObjectType(nullptr);
  const json lhs = json::parse(R"({"spec":{"a":1,"b":{"c":1},"l":[1,2]}})");
  const json rhs = json::parse(R"({"spec":{"a":2,"b":{"d":1},"l":[1,2],"e":[1]}})");
  const auto c = managedfields::Compare(*t, lhs, rhs);
  CHECK(Paths(c.modified) == std::vector<std::string>{".spec.a"});
  CHECK(Paths(c.removed) == std::vector<std::string>{".spec.b.c"});
  CHECK(Paths(c.added) == std::vector<std::string>{".spec.e", ".spec.b.d"});
  CHECK(managedfields::Compare(*t, lhs, lhs).IsSame());
  // An added map is a member as well as its leaves; empty maps are leaves.
  const auto c2 = managedfields::Compare(*t, json::object(), json::parse(R"({"spec":{"x":{"y":1},"z":{}}})"));
  CHECK(Paths(c2.added) == std::vector<std::string>{".spec", ".spec.x", ".spec.z", ".spec.x.y"});
}

TEST_CASE("Merge keeps the live order and inserts new list items where the config puts them",
          "[managedfields]") {
  const auto t = managedfields::ObjectType(managedfields::TypeFromOpenAPI(kSchema));
  // merge.go: visitListItems: lhs [a b c] merged with rhs [d b] is [a d b c].
  const json lhs = {{"spec", {{"tags", {"a", "b", "c"}}}}};
  const json rhs = {{"spec", {{"tags", {"d", "b"}}}}};
  CHECK(managedfields::Merge(*t, lhs, rhs)["spec"]["tags"] == json({"a", "d", "b", "c"}));
  // Keyed items merge field by field; atomic lists and maps are replaced.
  const json live =
      json::parse(R"({"spec":{"ports":[{"port":80,"protocol":"TCP","name":"http"}],"args":["x","y"],
    "selector":{"a":"1","b":"2"},"extra":{"k":{"v":1}}}})");
  const json config = json::parse(R"({"spec":{"ports":[{"port":80,"protocol":"TCP","name":"web"},
    {"port":80,"protocol":"UDP"}],"args":["z"],"selector":{"c":"3"},"extra":{"k":{"w":2}}}})");
  const json merged = managedfields::Merge(*t, live, config);
  CHECK(merged["spec"]["ports"] ==
        json::parse(R"([{"name":"web","port":80,"protocol":"TCP"},{"port":80,"protocol":"UDP"}])"));
  CHECK(merged["spec"]["args"] == json({"z"}));
  CHECK(merged["spec"]["selector"] == json{{"c", "3"}});
  CHECK(merged["spec"]["extra"] == json::parse(R"({"k":{"v":1,"w":2}})"));
  // A configuration with a duplicate key, or an item without its keys, is refused.
  CHECK_THROWS_WITH(managedfields::Merge(*t, live, json::parse(R"({"spec":{"tags":["a","a"]}})")),
                    ".spec.tags: duplicate entries for key [=\"a\"]");
  CHECK_THROWS_WITH(
      managedfields::Merge(*t, live, json::parse(R"({"spec":{"ports":[{"name":"x"}]}})")),
      ".spec.ports: element 0: associative list with keys has an element that omits all key fields "
      "[\"port\" \"protocol\"] (and doesn't have default values for any key fields)");
  CHECK_THROWS_WITH(managedfields::Merge(*t, live, json::parse(R"({"spec":{"ports":[1]}})")),
                    ".spec.ports: element 0: associative list with keys may not have non-map elements");
  CHECK_THROWS_WITH(managedfields::Merge(*t, live, json::parse(R"({"spec":{"tags":[{"a":1}]}})")),
                    ".spec.tags: element 0: associative list without keys has an element that's a map type");
}

TEST_CASE("ToFieldSet and RemoveItems follow the declared types", "[managedfields]") {
  const auto t = managedfields::ObjectType(managedfields::TypeFromOpenAPI(kSchema));
  const json v = json::parse(R"({"spec":{"ports":[{"port":80,"protocol":"TCP"}],"tags":["a"],"args":["x"],
    "selector":{"a":"1"},"extra":{"k":{"v":1}}}})");
  const Set s = managedfields::ToFieldSet(*t, v);
  CHECK(s.ToJSON() ==
        R"({"f:spec":{"f:args":{},"f:extra":{"f:k":{".":{},"f:v":{}}},"f:ports":{"k:{\"port\":80,)"
        R"(\"protocol\":\"TCP\"}":{".":{},"f:port":{},"f:protocol":{}}},"f:selector":{},)"
        R"("f:tags":{"v:\"a\"":{}}}})");
  // Removing the whole set leaves nothing; removing one item keeps the rest.
  CHECK(managedfields::RemoveItems(*t, v, managedfields::EnsureNamedFieldsAreMembers(s, *t)) ==
        json::object());
  Set one;
  one.Insert({managedfields::PathElement::Field("spec"), managedfields::PathElement::Field("tags"),
              managedfields::PathElement::Value("a")});
  const json removed = managedfields::RemoveItems(*t, v, one);
  CHECK(removed["spec"]["tags"].is_null());  // remove.go leaves an emptied list as null
  CHECK(removed["spec"]["args"] == json({"x"}));
  // Duplicates in a live list are one path for the whole group.
  const Set dup = managedfields::ToFieldSet(*t, json::parse(R"({"spec":{"tags":["a","a","b"]}})"));
  CHECK(Paths(dup) == std::vector<std::string>{".spec.tags[=\"a\"]", ".spec.tags[=\"b\"]"});
}

TEST_CASE("ObjectMeta's schema: finalizers a set, owner references keyed by uid", "[managedfields]") {
  const auto t = managedfields::ObjectType(nullptr);
  const json v = json::parse(R"({"metadata":{"finalizers":["f"],"ownerReferences":[{"uid":"u1","name":"o",
    "kind":"K","apiVersion":"v1"}],"labels":{"a":"b"}}})");
  CHECK(managedfields::ToFieldSet(*t, v).ToJSON() ==
        R"({"f:metadata":{"f:finalizers":{"v:\"f\"":{}},"f:labels":{"f:a":{}},"f:ownerReferences":{)"
        R"("k:{\"uid\":\"u1\"}":{".":{},"f:apiVersion":{},"f:kind":{},"f:name":{},"f:uid":{}}}}})");
  CHECK_THROWS_AS(managedfields::TypeFromOpenAPI(json::array()), apimachinery::Error);
}

}  // namespace util_managedfields_typed_test
