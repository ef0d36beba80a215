// Tests for util/managedfields/field_manager.hpp on its own (the FakeAPIServer tests replay a
// recorded kube-apiserver session): large lists stay n log n, and managed fields decode errors.
#include "apimachinery/util/managedfields/field_manager.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace util_managedfields_field_manager_test {

namespace managedfields = apimachinery::managedfields;
using nlohmann::json;

TEST_CASE("Apply of large lists in random order", "[managedfields]") {
  // 10,000 items in a set and in a keyed list, shuffled (quadratic bookkeeping would show here).
  const auto type = managedfields::ObjectType(managedfields::TypeFromOpenAPI(json::parse(R"({"type":"object",
    "properties":{"spec":{"type":"object","properties":{
      "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"integer"}},
      "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["port"],
        "items":{"type":"object","properties":{"port":{"type":"integer"}}}}}}}})")));
  const managedfields::FieldManager fm(type, {"example.com", "v1", "Widget"});
  constexpr int kN = 10000;
  std::vector<int> order(kN);
  for (int i = 0; i < kN; ++i) order[static_cast<std::size_t>(i)] = i;
  std::mt19937 rng(7);
  std::shuffle(order.begin(), order.end(), rng);
  json tags = json::array();
  json ports = json::array();
  for (int i : order) {
    tags.push_back(i);
    ports.push_back({{"port", i}});
  }
  const json live = {{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", {{"name", "w"}}}};
  json config = live;
  config["spec"] = {{"tags", tags}, {"ports", ports}};
  const json first = fm.Apply(live, config, "a", false, "2024-01-01T00:00:00Z");
  CHECK(first["spec"]["tags"].size() == kN);
  CHECK(first["spec"]["ports"].size() == kN);
  const managedfields::Managed managed =
      managedfields::DecodeManagedFields(first["metadata"]["managedFields"]);
  REQUIRE(managed.fields.size() == 1);
  CHECK(managed.fields.begin()->second.set.Size() == 3 * kN);  // tags, ports items and their port fields
  // Applying half drops the other half.
  json half = live;
  half["spec"] = {{"tags", json::array()}, {"ports", json::array()}};
  for (int i = 0; i < kN / 2; ++i) {
    half["spec"]["tags"].push_back(order[static_cast<std::size_t>(i)]);
    half["spec"]["ports"].push_back({{"port", order[static_cast<std::size_t>(i)]}});
  }
  const json second = fm.Apply(first, half, "a", false, "2024-01-01T00:00:01Z");
  CHECK(second["spec"]["tags"].size() == kN / 2);
  CHECK(second["spec"]["ports"].size() == kN / 2);
}

TEST_CASE("Managed fields that do not decode", "[managedfields]") {
  CHECK_THROWS_WITH(managedfields::DecodeManagedFields(json::parse(R"([{"operation":"Patch"}])")),
                    "operation must be `Apply` or `Update`");
  CHECK_THROWS_WITH(managedfields::DecodeManagedFields(json::parse(R"([{"operation":"Apply"}])")),
                    "apiVersion must not be empty");
  CHECK_THROWS_WITH(
      managedfields::DecodeManagedFields(json::parse(R"([{"operation":"Apply","apiVersion":"v1"}])")),
      "missing fieldsType in managed fields entry 0");
  CHECK_THROWS_WITH(managedfields::DecodeManagedFields(
                        json::parse(R"([{"operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV2"}])")),
                    "invalid fieldsType \"FieldsV2\" in managed fields entry 0");
  // A live object whose managedFields do not decode: an apply is a 500, an update drops them.
  const managedfields::FieldManager fm(managedfields::ObjectType(nullptr), {"", "v1", "ConfigMap"});
  const json live = json::parse(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","uid":"u",
    "managedFields":[{"operation":"Patch"}]},"data":{"a":"1"}})");
  json config =
      json::parse(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"b":"2"}})");
  try {
    fm.Apply(live, config, "m", false, "2024-01-01T00:00:00Z");
    FAIL("no error");
  } catch (const apimachinery::errors::StatusError& e) {
    CHECK(e.Status().code == 500);
    CHECK(e.Status().message ==
          "Internal error occurred: failed to decode managed fields: operation must be `Apply` or `Update`");
  }
  json edited = live;
  edited["data"]["a"] = "2";
  // Update: decodeLiveOrNew falls back to empty managed fields, and an existing object without
  // them is not tracked: the invalid entries are dropped (fieldmanager.go, skipnonapplied.go).
  const json updated = fm.Update(live, edited, "m", "2024-01-01T00:00:00Z");
  CHECK(!updated["metadata"].contains("managedFields"));
  CHECK(updated["data"]["a"] == "2");
}

}  // namespace util_managedfields_field_manager_test
