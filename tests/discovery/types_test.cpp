// Tests for discovery/types.hpp: the real discovery documents decode, the wire shape round-trips,
// and bad input throws discovery::DecodeError (never a crash, never a nlohmann exception).
#include "apimachinery/discovery/types.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "support/read_file.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_types_test {

namespace discovery = apimachinery::discovery;

namespace {

const std::filesystem::path kDir = std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "discovery";

using test_support::ReadFile;

// The what() of the DecodeError that `fn` throws ("" if it throws nothing).
template <typename Fn>
std::string DecodeErrorOf(Fn&& fn) {
  try {
    fn();
  } catch (const discovery::DecodeError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every legacy api*.json fixture decodes", "[discovery][types]") {
  int lists = 0, groups = 0, resources = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("api", 0) != 0) continue;  // aggregated_v2.json is not a legacy document
    CAPTURE(name);
    const std::string text = ReadFile(entry.path());
    if (name == "api.json") {
      auto v = discovery::ParseAPIVersions(text, name);
      CHECK(v.versions == std::vector<std::string>{"v1"});
    } else if (name == "apis.json") {
      auto list = discovery::ParseAPIGroupList(text, name);
      CHECK(list.groups.size() == 23);
    } else if (name.rfind("apis__", 0) == 0 && name.find("__") == name.rfind("__")) {  // apis__<group>.json
      auto g = discovery::ParseAPIGroup(text, name);
      CHECK(!g.name.empty());
      CHECK(!g.versions.empty());
      ++groups;
    } else {
      auto list = discovery::ParseAPIResourceList(text, name);
      CHECK(!list.group_version.empty());
      CHECK(!list.resources.empty());
      for (const auto& r : list.resources) {
        CHECK(!r.name.empty());
        CHECK(!r.kind.empty());
      }
      resources += static_cast<int>(list.resources.size());
      ++lists;
    }
  }
  CHECK(lists == 29);  // api__v1.json and 28 apis__<group>__<version>.json
  CHECK(groups == 17);
  CHECK(resources == 124);  // 73 resources and 51 subresources
}

TEST_CASE("APIResourceList fields as served (apps/v1)", "[discovery][types]") {
  auto list = discovery::ParseAPIResourceList(ReadFile(kDir / "apis__apps__v1.json"));
  CHECK(list.group_version == "apps/v1");
  const discovery::APIResource* deployments = nullptr;
  const discovery::APIResource* scale = nullptr;
  for (const auto& r : list.resources) {
    if (r.name == "deployments") deployments = &r;
    if (r.name == "deployments/scale") scale = &r;
  }
  REQUIRE(deployments != nullptr);
  CHECK(deployments->singular_name == "deployment");
  CHECK(deployments->namespaced);
  CHECK(deployments->kind == "Deployment");
  CHECK(deployments->short_names == std::vector<std::string>{"deploy"});
  CHECK(deployments->categories == std::vector<std::string>{"all"});
  CHECK(!deployments->storage_version_hash.empty());
  CHECK(deployments->verbs.size() == 8);
  CHECK(deployments->group.empty());
  REQUIRE(scale != nullptr);
  CHECK(scale->group == "autoscaling");
  CHECK(scale->version == "v1");
  CHECK(scale->kind == "Scale");
  CHECK(scale->singular_name.empty());
}

TEST_CASE("APIGroup and the legacy /api document", "[discovery][types]") {
  auto g = discovery::ParseAPIGroup(ReadFile(kDir / "apis__autoscaling.json"));
  CHECK(g.name == "autoscaling");
  REQUIRE(g.versions.size() == 2);
  CHECK(g.versions[0] == discovery::GroupVersionForDiscovery{"autoscaling/v2", "v2"});
  CHECK(g.versions[1] == discovery::GroupVersionForDiscovery{"autoscaling/v1", "v1"});
  CHECK(g.preferred_version == discovery::GroupVersionForDiscovery{"autoscaling/v2", "v2"});

  // serverAddressByClientCIDRs is an unknown key here: ignored.
  auto v = discovery::ParseAPIVersions(ReadFile(kDir / "api.json"));
  auto core = discovery::APIVersionsToAPIGroup(v);
  CHECK(core.name.empty());
  CHECK(core.versions == std::vector<discovery::GroupVersionForDiscovery>{{"v1", "v1"}});
  CHECK(core.preferred_version == discovery::GroupVersionForDiscovery{"v1", "v1"});
  CHECK(discovery::APIVersionsToAPIGroup({}).versions.empty());
}

TEST_CASE("unknown keys are ignored, missing keys and null leave zero values", "[discovery][types]") {
  auto list = discovery::ParseAPIResourceList(R"({
    "groupVersion": "x/v1", "somethingNew": {"a": [1, 2]},
    "resources": [
      {"name": "widgets", "kind": "Widget", "responseKind": {"kind": "W"}, "verbs": null,
       "singularName": null, "namespaced": null, "storageVersionHash": "abc="},
      {},
      null
    ]})");
  REQUIRE(list.resources.size() == 3);
  CHECK(list.resources[0].name == "widgets");
  CHECK(list.resources[0].verbs.empty());
  CHECK(list.resources[0].singular_name.empty());
  CHECK_FALSE(list.resources[0].namespaced);
  CHECK(list.resources[0].storage_version_hash == "abc=");
  CHECK(list.resources[1] == discovery::APIResource{});
  CHECK(list.resources[2] == discovery::APIResource{});
  // Keys are case-sensitive (sigs.k8s.io/json): "Name" is an unknown key.
  CHECK(discovery::ParseAPIResourceList(R"({"resources": [{"Name": "x"}]})").resources[0].name.empty());
  // An empty object is a valid (empty) document.
  CHECK(discovery::ParseAPIResourceList("{}") == discovery::APIResourceList{});
}

TEST_CASE("wire shape round-trips through nlohmann::json", "[discovery][types]") {
  for (const char* file : {"apis__apps__v1.json", "api__v1.json", "apis__autoscaling__v1.json"}) {
    CAPTURE(file);
    const std::string text = ReadFile(kDir / file);
    auto list = discovery::ParseAPIResourceList(text);
    nlohmann::json j = list;
    CHECK(j.get<discovery::APIResourceList>() == list);
    // Every key we write is one the server wrote (we do not write kind/apiVersion).
    auto original = nlohmann::json::parse(text);
    for (std::size_t i = 0; i < list.resources.size(); ++i) {
      for (const auto& [key, value] : j["resources"][i].items()) {
        CAPTURE(key);
        CHECK(original["resources"][i].contains(key));
        CHECK(original["resources"][i][key] == value);
      }
    }
  }
  auto groups = discovery::ParseAPIGroupList(ReadFile(kDir / "apis.json"));
  nlohmann::json j = groups;
  CHECK(j.get<discovery::APIGroupList>() == groups);
  CHECK(j["groups"][0]["preferredVersion"]["groupVersion"] == "apiregistration.k8s.io/v1");
  nlohmann::json r = discovery::APIResource{"pods", "pod", true, "", "", "Pod", {"get"}, {}, {}, ""};
  CHECK(r == nlohmann::json::parse(
                 R"({"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get"]})"));
  CHECK(nlohmann::json(discovery::APIVersions{{"v1"}}) == nlohmann::json::parse(R"({"versions":["v1"]})"));
}

TEST_CASE("bad input throws DecodeError with a clear message", "[discovery][types]") {
  using discovery::ParseAPIResourceList;
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(""); }) ==
        "discovery: cannot decode APIResourceList: empty document");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(" \n\t"); }) ==
        "discovery: cannot decode APIResourceList: empty document");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList("null"); }) ==
        "discovery: cannot decode APIResourceList: expected a JSON object, got null");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList("[]"); }) ==
        "discovery: cannot decode APIResourceList: expected a JSON object, got array");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList("42", "apis__x__v1.json"); }) ==
        "discovery: cannot decode apis__x__v1.json: expected a JSON object, got number");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"resources": {}})"); }) ==
        "discovery: cannot decode APIResourceList: resources: json: cannot unmarshal object into Go struct "
        "field "
        "APIResourceList.resources of type []v1.APIResource");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"groupVersion": 1})"); }) ==
        "discovery: cannot decode APIResourceList: groupVersion: json: cannot unmarshal number into Go "
        "struct field "
        "APIResourceList.groupVersion of type string");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"resources": [{}, {}, {"namespaced": "true"}]})"); }) ==
        "discovery: cannot decode APIResourceList: resources[2].namespaced: json: cannot unmarshal string "
        "into Go "
        "struct field APIResource.resources.namespaced of type bool");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"resources": [{"verbs": ["get", 7]}]})"); }) ==
        "discovery: cannot decode APIResourceList: resources[0].verbs[1]: json: cannot unmarshal number into "
        "Go "
        "struct field APIResource.resources.verbs of type string");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"resources": ["pods"]})"); }) ==
        "discovery: cannot decode APIResourceList: resources[0]: json: cannot unmarshal string into Go "
        "struct field "
        "APIResourceList.resources of type v1.APIResource");
  CHECK(DecodeErrorOf([] { ParseAPIResourceList(R"({"kind": "APIGroupList", "groups": []})"); }) ==
        "discovery: cannot decode APIResourceList: kind: expected APIResourceList, got APIGroupList");
  CHECK(DecodeErrorOf(
            [] { discovery::ParseAPIGroupList(R"({"groups": [{"versions": [{"version": true}]}]})"); }) ==
        "discovery: cannot decode APIGroupList: groups[0].versions[0].version: json: cannot unmarshal bool "
        "into Go "
        "struct field GroupVersionForDiscovery.groups.versions.version of type string");
  CHECK(DecodeErrorOf([] { discovery::ParseAPIGroup(R"({"preferredVersion": "v1"})"); }) ==
        "discovery: cannot decode APIGroup: preferredVersion: json: cannot unmarshal string into Go struct "
        "field "
        "APIGroup.preferredVersion of type v1.GroupVersionForDiscovery");
  CHECK(DecodeErrorOf([] { discovery::ParseAPIVersions(R"({"versions": "v1"})"); }) ==
        "discovery: cannot decode APIVersions: versions: json: cannot unmarshal string into Go struct field "
        "APIVersions.versions of type []string");
  const std::string malformed = DecodeErrorOf([] { ParseAPIResourceList(R"({"resources": [})"); });
  CHECK_THAT(malformed,
             Catch::StartsWith("discovery: cannot decode APIResourceList: invalid JSON: parse error"));
  CHECK_THAT(malformed, !Catch::Contains("json.exception"));

  // from_json used directly through nlohmann also throws our error type.
  auto j = nlohmann::json::parse(R"({"name": ["x"]})");
  CHECK_THROWS_AS(j.get<discovery::APIResource>(), discovery::DecodeError);
  CHECK_THROWS_AS(j.get<discovery::APIResource>(), apimachinery::Error);
  CHECK_THROWS_WITH(
      nlohmann::json(3).get<discovery::APIGroupList>(),
      "discovery: cannot decode APIGroupList: json: cannot unmarshal number into Go value of type "
      "v1.APIGroupList");
}

TEST_CASE("every truncation of a real document is a DecodeError", "[discovery][types]") {
  const std::string text = ReadFile(kDir / "apis__apps__v1.json");
  int errors = 0;
  for (std::size_t n = 0; n < text.size() - 2; ++n) {  // the last bytes are "}\n"
    try {
      (void)discovery::ParseAPIResourceList(std::string_view(text).substr(0, n));
    } catch (const discovery::DecodeError&) {
      ++errors;
    }
  }
  CHECK(errors == static_cast<int>(text.size() - 2));
  // Garbage bytes, invalid UTF-8, deep nesting: errors, not crashes.
  CHECK_THROWS_AS(discovery::ParseAPIResourceList("\xff\xfe{"), discovery::DecodeError);
  // Invalid UTF-8 inside a string is replaced by U+FFFD, as Go's decoder does.
  CHECK(discovery::ParseAPIResourceList("{\"groupVersion\": \"\xc3\x28\"}").group_version == "\xef\xbf\xbd(");
  CHECK_THROWS_AS(discovery::ParseAPIResourceList(std::string(10000, '[')), discovery::DecodeError);
}

}  // namespace discovery_types_test
