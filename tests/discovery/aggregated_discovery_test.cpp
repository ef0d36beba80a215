// Tests for discovery/aggregated_discovery.hpp: decoding apidiscovery.k8s.io/v2 (and v2beta1),
// the conversion to the legacy shapes, AggregatedDiscovery, and the equivalence of a mapper built
// from the aggregated fixture with one built from the legacy per-version fixtures.
#include "apimachinery/discovery/aggregated_discovery.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/restmapper/discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_aggregated_discovery_test {

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

namespace {

const std::filesystem::path kDir = std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "discovery";

std::string ReadFixture(const std::string& name) {
  std::ifstream in(kDir / name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const discovery::APIResource* Find(const discovery::APIResourceList& list, std::string_view name) {
  for (const auto& r : list.resources) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

// Renders the result of a throwing call, or the error it threw, so two mappers can be compared.
template <typename Fn>
std::string Outcome(Fn&& fn) {
  try {
    return fmt::format("{}", fn());
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

}  // namespace

TEST_CASE("Aggregated: the v2 fixture decodes", "[discovery][aggregated]") {
  auto doc = discovery::ParseAPIGroupDiscoveryList(ReadFixture("aggregated_v2.json"));
  CHECK(doc.api_version == "apidiscovery.k8s.io/v2");
  REQUIRE(doc.items.size() == 23);
  std::size_t gvs = 0;
  for (const auto& g : doc.items) gvs += g.versions.size();
  CHECK(gvs == 35);
  CHECK(doc.items[0].name == "apiregistration.k8s.io");
  const auto& apps = doc.items[1];
  REQUIRE(apps.name == "apps");
  REQUIRE(apps.versions.size() == 1);
  CHECK(apps.versions[0].freshness == "Current");
  const discovery::APIResourceDiscovery* deployments = nullptr;
  for (const auto& r : apps.versions[0].resources) {
    if (r.resource == "deployments") deployments = &r;
  }
  REQUIRE(deployments != nullptr);
  CHECK(deployments->scope == "Namespaced");
  CHECK(deployments->singular_resource == "deployment");
  CHECK(deployments->short_names == std::vector<std::string>{"deploy"});
  CHECK(deployments->categories == std::vector<std::string>{"all"});
  REQUIRE(deployments->response_kind.has_value());
  CHECK(*deployments->response_kind == schema::GroupVersionKind{"", "", "Deployment"});
  bool saw_scale = false;
  for (const auto& s : deployments->subresources) {
    if (s.subresource != "scale") continue;
    saw_scale = true;
    CHECK(*s.response_kind == schema::GroupVersionKind{"autoscaling", "v1", "Scale"});
  }
  CHECK(saw_scale);
}

TEST_CASE("Aggregated: conversion to the legacy shapes", "[discovery][aggregated]") {
  auto split = discovery::SplitGroupsAndResources(
      discovery::ParseAPIGroupDiscoveryList(ReadFixture("aggregated_v2.json")));
  CHECK(split.failed.empty());
  REQUIRE(split.groups.groups.size() == 23);
  REQUIRE(split.resources.size() == 35);

  const auto& autoscaling = split.groups.groups[5];
  CHECK(autoscaling.name == "autoscaling");
  REQUIRE(autoscaling.versions.size() == 2);
  CHECK(autoscaling.versions[0].group_version == "autoscaling/v2");
  CHECK(autoscaling.preferred_version == discovery::GroupVersionForDiscovery{"autoscaling/v2", "v2"});

  const discovery::APIResourceList* apps = nullptr;
  for (const auto& l : split.resources) {
    if (l.group_version == "apps/v1") apps = &l;
  }
  REQUIRE(apps != nullptr);
  const auto* deploy = Find(*apps, "deployments");
  REQUIRE(deploy != nullptr);
  CHECK(deploy->singular_name == "deployment");
  CHECK(deploy->namespaced);
  CHECK(deploy->kind == "Deployment");
  CHECK(deploy->group.empty());
  CHECK(deploy->version.empty());
  CHECK(deploy->short_names == std::vector<std::string>{"deploy"});
  CHECK(deploy->categories == std::vector<std::string>{"all"});
  CHECK(std::find(deploy->verbs.begin(), deploy->verbs.end(), "watch") != deploy->verbs.end());

  const auto* scale = Find(*apps, "deployments/scale");
  REQUIRE(scale != nullptr);
  CHECK(scale->singular_name == "deployment");  // the parent's
  CHECK(scale->namespaced);                     // the parent's
  CHECK(scale->group == "autoscaling");         // its own responseKind
  CHECK(scale->version == "v1");
  CHECK(scale->kind == "Scale");
  CHECK(scale->verbs == std::vector<std::string>{"get", "patch", "update"});
  CHECK(scale->short_names.empty());
  CHECK(scale->categories.empty());

  // Cluster scope.
  const discovery::APIResourceList* crds = nullptr;
  for (const auto& l : split.resources) {
    if (l.group_version == "apiextensions.k8s.io/v1") crds = &l;
  }
  REQUIRE(crds != nullptr);
  const auto* crd = Find(*crds, "customresourcedefinitions");
  REQUIRE(crd != nullptr);
  CHECK_FALSE(crd->namespaced);
  CHECK(crd->short_names == std::vector<std::string>{"crd", "crds"});
  const auto* crd_status = Find(*crds, "customresourcedefinitions/status");
  REQUIRE(crd_status != nullptr);
  CHECK_FALSE(crd_status->namespaced);
  CHECK(crd_status->kind == "CustomResourceDefinition");
}

TEST_CASE("Aggregated: stale versions, missing kinds, v2beta1", "[discovery][aggregated]") {
  const char* text = R"({
    "apiVersion": "apidiscovery.k8s.io/v2beta1", "kind": "APIGroupDiscoveryList", "metadata": {},
    "items": [
      {"metadata": {"name": "widgets.example.com"}, "versions": [
        {"version": "v2", "freshness": "Stale", "resources": [
          {"resource": "widgets", "responseKind": {"group": "", "version": "", "kind": "Widget"}, "scope": "Namespaced"}]},
        {"version": "v1", "freshness": "Current", "resources": [
          {"resource": "widgets", "singularResource": "widget", "scope": "Cluster",
           "responseKind": {"group": "", "version": "", "kind": "Widget"}, "verbs": ["get"],
           "subresources": [{"subresource": "status", "verbs": ["get"], "responseKind": null}]},
          {"resource": "gadgets", "singularResource": "gadget", "scope": "Namespaced",
           "subresources": [
             {"subresource": "scale", "verbs": ["get", "update"],
              "responseKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
              "acceptedTypes": [{"group": "autoscaling", "version": "v1", "kind": "Scale"}]}]},
          {"resource": "nokind", "scope": "Namespaced", "responseKind": {}}]},
        {"version": "v1beta1", "resources": null}]}]})";
  auto doc = discovery::ParseAPIGroupDiscoveryList(text);
  CHECK(doc.api_version == "apidiscovery.k8s.io/v2beta1");
  auto split = discovery::SplitGroupsAndResources(doc);
  REQUIRE(split.groups.groups.size() == 1);
  const auto& group = split.groups.groups[0];
  // The stale v2 is left out; the preferred version is the first non-stale one.
  REQUIRE(group.versions.size() == 2);
  CHECK(group.versions[0].group_version == "widgets.example.com/v1");
  CHECK(group.preferred_version.version == "v1");
  REQUIRE(split.failed.size() == 1);
  CHECK(split.failed[0].first == schema::GroupVersion{"widgets.example.com", "v2"});
  CHECK(apimachinery::WhatOf(split.failed[0].second) ==
        "stale GroupVersion discovery: widgets.example.com/v2");

  REQUIRE(split.resources.size() == 2);
  const auto& v1 = split.resources[0];
  std::vector<std::string> names;
  for (const auto& r : v1.resources) names.push_back(r.name);
  // widgets/status has no kind: dropped. gadgets has no kind: dropped, but its scale is listed
  // with the parent's singular name and scope. nokind has an empty kind: dropped.
  CHECK(names == std::vector<std::string>{"widgets", "gadgets/scale"});
  CHECK_FALSE(v1.resources[0].namespaced);
  CHECK(v1.resources[1].singular_name == "gadget");
  CHECK(v1.resources[1].namespaced);
  CHECK(v1.resources[1].group == "autoscaling");
  CHECK(split.resources[1].group_version == "widgets.example.com/v1beta1");
  CHECK(split.resources[1].resources.empty());

  discovery::AggregatedDiscovery client(doc);
  CHECK_THROWS_AS(client.ServerResourcesForGroupVersion("widgets.example.com/v2"),
                  discovery::StaleGroupVersionError);
  CHECK_THROWS_WITH(client.ServerResourcesForGroupVersion("widgets.example.com/v2"),
                    "stale GroupVersion discovery: widgets.example.com/v2");
  CHECK_THROWS_AS(client.ServerResourcesForGroupVersion("widgets.example.com/v3"), discovery::NotFoundError);
  CHECK(client.ServerResourcesForGroupVersion("widgets.example.com/v1").resources.size() == 2);

  // Round trip through to_json.
  nlohmann::json j = doc;
  CHECK(j["kind"] == "APIGroupDiscoveryList");
  CHECK(discovery::ParseAPIGroupDiscoveryList(j.dump()) == doc);
  discovery::APIGroupDiscoveryList back = j;
  CHECK(back == doc);
}

TEST_CASE("Aggregated: the v2 fixture round-trips through to_json", "[discovery][aggregated]") {
  auto doc = discovery::ParseAPIGroupDiscoveryList(ReadFixture("aggregated_v2.json"));
  nlohmann::json j = doc;
  CHECK(discovery::ParseAPIGroupDiscoveryList(j.dump()) == doc);
}

TEST_CASE("Aggregated: decode errors", "[discovery][aggregated]") {
  using discovery::DecodeError;
  CHECK_THROWS_AS(discovery::ParseAPIGroupDiscoveryList(""), DecodeError);
  CHECK_THROWS_WITH(discovery::ParseAPIGroupDiscoveryList("  "),
                    "discovery: cannot decode APIGroupDiscoveryList: empty document");
  const std::string full = ReadFixture("aggregated_v2.json");
  CHECK_THROWS_AS(discovery::ParseAPIGroupDiscoveryList(full.substr(0, full.size() / 2)), DecodeError);
  CHECK_THROWS_AS(discovery::ParseAPIGroupDiscoveryList("[]"), DecodeError);
  CHECK_THROWS_WITH(discovery::ParseAPIGroupDiscoveryList(R"({"kind":"APIGroupList","groups":[]})"),
                    "discovery: cannot decode APIGroupDiscoveryList: kind: expected APIGroupDiscoveryList, "
                    "got APIGroupList");
  CHECK_THROWS_WITH(
      discovery::ParseAPIGroupDiscoveryList(R"({"apiVersion":"apidiscovery.k8s.io/v3","items":[]})"),
      "discovery: cannot decode APIGroupDiscoveryList: apiVersion: expected apidiscovery.k8s.io/v2 or "
      "apidiscovery.k8s.io/v2beta1, got apidiscovery.k8s.io/v3");
  CHECK_THROWS_WITH(
      discovery::ParseAPIGroupDiscoveryList(
          R"({"items":[{"metadata":{"name":"a"},"versions":[{"version":"v1","resources":[{"resource":"x","scope":true}]}]}]})"),
      "discovery: cannot decode APIGroupDiscoveryList: items[0].versions[0].resources[0].scope: json: cannot "
      "unmarshal bool into Go struct field APIResourceDiscovery.items.versions.resources.scope of type "
      "v2.ResourceScope");
  CHECK_THROWS_WITH(
      discovery::ParseAPIGroupDiscoveryList(
          R"({"items":[{"versions":[{"resources":[{"responseKind":"x"}]}]}]})"),
      "discovery: cannot decode APIGroupDiscoveryList: items[0].versions[0].resources[0].responseKind: "
      "json: cannot unmarshal string into Go struct field APIResourceDiscovery.items.versions.resources."
      "responseKind of type v1.GroupVersionKind");
  try {
    discovery::ParseAPIGroupDiscoveryList("{");
    FAIL("no throw");
  } catch (const apimachinery::Error& e) {
    CHECK(std::string(e.what()).rfind("discovery: cannot decode APIGroupDiscoveryList: invalid JSON: ", 0) ==
          0);
  }
  CHECK_THROWS_AS(discovery::AggregatedDiscovery::FromFile(kDir / "no-such-file.json"), apimachinery::Error);
  // A document without apiVersion is taken as v2; an empty item list is fine.
  CHECK(discovery::ParseAPIGroupDiscoveryList(R"({"items":[]})").api_version == "apidiscovery.k8s.io/v2");
}

TEST_CASE("AggregatedDiscovery serves the fixture, with a legacy core group", "[discovery][aggregated]") {
  auto client = discovery::AggregatedDiscovery::FromFile(kDir / "aggregated_v2.json");
  auto groups = client->ServerGroups();
  REQUIRE(groups.size() == 23);
  CHECK(groups[0].name == "apiregistration.k8s.io");
  // The seven group-versions that have no legacy fixture are served.
  for (const char* gv : {"certificates.k8s.io/v1", "storage.k8s.io/v1",
                         "admissionregistration.k8s.io/v1beta1", "admissionregistration.k8s.io/v1alpha1",
                         "resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1beta1"}) {
    INFO(gv);
    CHECK_FALSE(client->ServerResourcesForGroupVersion(gv).resources.empty());
  }
  const auto storage = client->ServerResourcesForGroupVersion("storage.k8s.io/v1");
  const auto* sc = Find(storage, "storageclasses");
  REQUIRE(sc != nullptr);
  CHECK(sc->short_names == std::vector<std::string>{"sc"});
  CHECK_FALSE(sc->namespaced);

  // Add the legacy /api core group: it is listed first.
  auto core_group = discovery::APIVersionsToAPIGroup(discovery::ParseAPIVersions(ReadFixture("api.json")));
  auto core = discovery::ParseAPIResourceList(ReadFixture("api__v1.json"));
  client->AddLegacyGroup(core_group, {core});
  groups = client->ServerGroups();
  REQUIRE(groups.size() == 24);
  CHECK(groups[0].name.empty());
  CHECK(client->ServerResourcesForGroupVersion("v1") == core);

  // Adding a group again replaces it in place.
  discovery::APIGroupDiscoveryList again;
  again.items.push_back(
      discovery::APIGroupDiscovery{"apps", {discovery::APIVersionDiscovery{"v2", {}, "Current"}}});
  client->Add(again);
  groups = client->ServerGroups();
  REQUIRE(groups.size() == 24);
  CHECK(groups[2].name == "apps");
  CHECK(groups[2].versions.size() == 1);
  CHECK(groups[2].versions[0].group_version == "apps/v2");
  CHECK_THROWS_AS(client->ServerResourcesForGroupVersion("apps/v1"), discovery::NotFoundError);
}

// A mapper built from the aggregated document answers exactly as one built from the legacy
// per-version documents, for every group-version present in both.
TEST_CASE("Aggregated <=> legacy equivalence over the fixtures", "[discovery][aggregated][equivalence]") {
  auto legacy_client = discovery::MemoryDiscovery::FromDirectory(kDir);
  auto aggregated_client = discovery::AggregatedDiscovery::FromFile(kDir / "aggregated_v2.json");

  auto legacy = restmapper::GetAPIGroupResources(*legacy_client);
  auto aggregated = restmapper::GetAPIGroupResources(*aggregated_client);

  // Group-versions in each.
  auto gvs_of = [](const std::vector<restmapper::APIGroupResources>& groups) {
    std::set<std::string> out;
    for (const auto& g : groups) {
      for (const auto& [version, resources] : g.version_resources) {
        out.insert(g.group.name.empty() ? version : g.group.name + "/" + version);
      }
    }
    return out;
  };
  const std::set<std::string> legacy_gvs = gvs_of(legacy);
  const std::set<std::string> aggregated_gvs = gvs_of(aggregated);
  std::set<std::string> common;
  std::set<std::string> only_aggregated;
  for (const auto& gv : aggregated_gvs) (legacy_gvs.count(gv) ? common : only_aggregated).insert(gv);
  CHECK(common.size() == 28);
  CHECK(only_aggregated ==
        std::set<std::string>{"admissionregistration.k8s.io/v1alpha1", "admissionregistration.k8s.io/v1beta1",
                              "certificates.k8s.io/v1", "resource.k8s.io/v1", "resource.k8s.io/v1beta1",
                              "resource.k8s.io/v1beta2", "storage.k8s.io/v1"});
  // What only the legacy side has: the core group (not part of /apis).
  for (const auto& gv : legacy_gvs) {
    if (!aggregated_gvs.count(gv)) CHECK(gv == "v1");
  }

  // Restrict both to the common group-versions.
  auto restrict = [&](std::vector<restmapper::APIGroupResources> groups) {
    std::vector<restmapper::APIGroupResources> out;
    for (auto& g : groups) {
      if (g.group.name.empty()) continue;
      for (auto it = g.version_resources.begin(); it != g.version_resources.end();) {
        it = common.count(g.group.name + "/" + it->first) ? std::next(it) : g.version_resources.erase(it);
      }
      out.push_back(std::move(g));
    }
    return out;
  };
  legacy = restrict(std::move(legacy));
  aggregated = restrict(std::move(aggregated));

  // The same groups, versions and preferred versions, in the same order.
  REQUIRE(legacy.size() == aggregated.size());
  std::size_t subresources = 0;
  for (std::size_t i = 0; i < legacy.size(); ++i) {
    INFO(legacy[i].group.name);
    CHECK(legacy[i].group == aggregated[i].group);
    REQUIRE(legacy[i].version_resources.size() == aggregated[i].version_resources.size());
    // The same resources, except: the aggregated format has no storageVersionHash, and a
    // converted subresource carries its parent's singular name where the legacy document has "".
    for (const auto& [version, resources] : legacy[i].version_resources) {
      INFO(version);
      auto lhs = resources;
      auto rhs = aggregated[i].version_resources.at(version);
      for (auto& r : lhs) r.storage_version_hash.clear();
      for (auto& r : lhs) {
        if (r.name.find('/') == std::string::npos) continue;
        CHECK(r.singular_name.empty());
        ++subresources;
      }
      std::map<std::string, std::string> singular_of;
      for (const auto& r : rhs) singular_of[r.name] = r.singular_name;
      for (auto& r : rhs) {
        const auto slash = r.name.find('/');
        if (slash == std::string::npos) continue;
        CHECK(r.singular_name == singular_of[r.name.substr(0, slash)]);
        r.singular_name.clear();
      }
      auto by_name = [](const discovery::APIResource& a, const discovery::APIResource& b) {
        return a.name < b.name;
      };
      std::sort(lhs.begin(), lhs.end(), by_name);
      std::sort(rhs.begin(), rhs.end(), by_name);
      CHECK(lhs == rhs);
    }
  }

  CHECK(subresources == 30);

  auto legacy_mapper = restmapper::NewDiscoveryRESTMapper(legacy);
  auto aggregated_mapper = restmapper::NewDiscoveryRESTMapper(aggregated);

  // Ask both mappers every question about every resource, kind and version.
  std::size_t questions = 0;
  auto same = [&](const std::string& what, auto&& ask) {
    ++questions;
    INFO(what);
    CHECK(Outcome([&] { return ask(*legacy_mapper); }) == Outcome([&] { return ask(*aggregated_mapper); }));
  };
  for (const auto& g : legacy) {
    for (const auto& [version, resources] : g.version_resources) {
      for (const auto& r : resources) {
        std::vector<std::string> names{r.name, r.singular_name, r.kind};
        std::string lower = r.kind;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        names.push_back(lower);
        for (const auto& name : names) {
          for (const schema::GroupVersionResource& q :
               {schema::GroupVersionResource{"", "", name},
                schema::GroupVersionResource{g.group.name, "", name},
                schema::GroupVersionResource{g.group.name, version, name},
                schema::GroupVersionResource{"", version, name},
                schema::GroupVersionResource{g.group.name.substr(0, 3), "", name}}) {
            const std::string label = q.String();
            same("KindFor " + label,
                 [&](const apimachinery::meta::RESTMapper& m) { return m.KindFor(q).String(); });
            same("KindsFor " + label, [&](const apimachinery::meta::RESTMapper& m) {
              std::string s;
              for (const auto& k : m.KindsFor(q)) s += k.String() + ";";
              return s;
            });
            same("ResourceFor " + label,
                 [&](const apimachinery::meta::RESTMapper& m) { return m.ResourceFor(q).String(); });
            same("ResourcesFor " + label, [&](const apimachinery::meta::RESTMapper& m) {
              std::string s;
              for (const auto& x : m.ResourcesFor(q)) s += x.String() + ";";
              return s;
            });
          }
          same("ResourceSingularizer " + name,
               [&](const apimachinery::meta::RESTMapper& m) { return m.ResourceSingularizer(name); });
        }
        const schema::GroupKind gk{g.group.name, r.kind};
        for (const std::vector<std::string>& versions :
             {std::vector<std::string>{}, std::vector<std::string>{version},
              std::vector<std::string>{"v9"}}) {
          const std::string label = gk.String() + " " + fmt::format("{}", fmt::join(versions, ","));
          same("RESTMapping " + label, [&](const apimachinery::meta::RESTMapper& m) {
            return fmt::format("{}", m.RESTMapping(gk, versions));
          });
          same("RESTMappings " + label, [&](const apimachinery::meta::RESTMapper& m) {
            std::string s;
            for (const auto& x : m.RESTMappings(gk, versions)) s += fmt::format("{};", x);
            return s;
          });
        }
      }
    }
  }
  CHECK(questions > 5000);
}

}  // namespace discovery_aggregated_discovery_test
