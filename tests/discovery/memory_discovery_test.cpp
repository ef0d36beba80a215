// Tests for discovery/memory_discovery.hpp: serving the fixture directory and hand-built
// documents; bad documents and names.
#include "apimachinery/discovery/memory_discovery.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_memory_discovery_test {

namespace discovery = apimachinery::discovery;

namespace {
const std::filesystem::path kDir = std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "discovery";
}  // namespace

TEST_CASE("MemoryDiscovery serves the fixture directory", "[discovery][memory]") {
  auto client = discovery::MemoryDiscovery::FromDirectory(kDir);
  auto groups = client->ServerGroups();
  REQUIRE(groups.size() == 24);  // core + the 23 groups of apis.json
  CHECK(groups[0].name.empty());
  CHECK(groups[0].preferred_version.group_version == "v1");
  CHECK(groups[1].name == "apiregistration.k8s.io");
  CHECK(groups[2].name == "apps");
  CHECK(groups.back().name == "lifecycle.k8s.io");

  auto core = client->ServerResourcesForGroupVersion("v1");
  CHECK(core.group_version == "v1");
  CHECK(core.resources.size() > 30);
  auto apps = client->ServerResourcesForGroupVersion("apps/v1");
  CHECK(apps.group_version == "apps/v1");
  // Listed in apis.json, but no document in the directory.
  CHECK_THROWS_AS(client->ServerResourcesForGroupVersion("certificates.k8s.io/v1"), discovery::NotFoundError);
  CHECK_THROWS_WITH(client->ServerResourcesForGroupVersion("nope/v1"),
                    "the server could not find the requested resource");

  CHECK(client->Fresh());
  client->Invalidate();
  CHECK(client->Fresh());
  CHECK(client->invalidate_calls() == 1);
  CHECK(client->server_groups_calls() == 1);
  CHECK(client->resources_calls() == 4);
}

TEST_CASE("MemoryDiscovery from values: core group first, replace by name", "[discovery][memory]") {
  discovery::APIGroup apps{"apps", {{"apps/v1", "v1"}}, {"apps/v1", "v1"}};
  discovery::APIGroup core{"", {{"v1", "v1"}}, {"v1", "v1"}};
  discovery::MemoryDiscovery client({apps, core}, {discovery::APIResourceList{"apps/v1", {}}});
  auto groups = client.ServerGroups();
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].name.empty());
  CHECK(groups[1].name == "apps");
  // No core v1 document: an empty list, as upstream tolerates a 404 for /api/v1.
  CHECK(client.ServerResourcesForGroupVersion("v1") == discovery::APIResourceList{"v1", {}});

  apps.versions.push_back({"apps/v2", "v2"});
  client.AddGroup(apps);
  CHECK(client.ServerGroups()[1].versions.size() == 2);
  client.AddResources(
      {"apps/v2", {discovery::APIResource{"things", "thing", true, "", "", "Thing", {}, {}, {}, ""}}});
  CHECK(client.ServerResourcesForGroupVersion("apps/v2").resources.size() == 1);
}

TEST_CASE("MemoryDiscovery::AddDocument names and contents", "[discovery][memory]") {
  discovery::MemoryDiscovery client;
  client.AddDocument("apis__example.com__v1.json",
                     R"({"resources": [{"name": "widgets", "kind": "Widget"}]})");
  CHECK(client.ServerResourcesForGroupVersion("example.com/v1").group_version == "example.com/v1");
  client.AddDocument("apis__example.com.json",
                     R"({"versions": [{"groupVersion": "example.com/v1", "version": "v1"}]})");
  REQUIRE(client.ServerGroups().size() == 1);
  CHECK(client.ServerGroups()[0].name == "example.com");  // taken from the file name
  client.AddDocument("api.json", R"({"versions": []})");  // no versions: no core group
  CHECK(client.ServerGroups().size() == 1);

  CHECK_THROWS_WITH(client.AddDocument("apis__a__v1.json", R"({"groupVersion": "b/v1"})"),
                    "discovery: cannot decode apis__a__v1.json: groupVersion: expected a/v1 (from the file "
                    "name), got b/v1");
  CHECK_THROWS_WITH(client.AddDocument("apis__a__v1.json", ""),
                    "discovery: cannot decode apis__a__v1.json: empty document");
  CHECK_THROWS_WITH(
      client.AddDocument("apis.json", R"({"groups": [{"name": 1}]})"),
      "discovery: cannot decode apis.json: groups[0].name: json: cannot unmarshal number into Go struct "
      "field APIGroup.groups.name of type string");
  CHECK_THROWS_AS(client.AddDocument("apis__a__v1.json", R"({"resources": [)"), discovery::DecodeError);
  CHECK_THROWS_WITH(client.AddDocument("servergroups.json", "{}"),
                    "discovery: servergroups.json is not a discovery document name");
  CHECK_THROWS_WITH(client.AddDocument("apis____v1.json", "{}"),
                    "discovery: apis____v1.json is not a discovery document name");
  CHECK_THROWS_WITH(client.AddDocument("apis", "{}"),
                    "discovery: apis is not a discovery document name (want api*.json)");
  CHECK_THROWS_AS(client.AddDocument("apis__a__v1__x.json", "{}"), apimachinery::Error);
}

TEST_CASE("MemoryDiscovery::LoadDirectory errors", "[discovery][memory]") {
  discovery::MemoryDiscovery client;
  CHECK_THROWS_AS(client.LoadDirectory(kDir / "does-not-exist"), apimachinery::Error);

  const auto dir = std::filesystem::temp_directory_path() / "apimachinery_memory_discovery_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "apis.json")
        << R"({"groups": [{"name": "a", "versions": [{"groupVersion": "a/v1", "version": "v1"}]}]})";
    std::ofstream(dir / "apis__a__v1.json")
        << R"({"groupVersion": "a/v1", "resources": [{"name": "foos", "kind": "Foo")";
    std::ofstream(dir / "README.md") << "ignored";
  }
  CHECK_THROWS_WITH(client.LoadDirectory(dir),
                    Catch::StartsWith("discovery: cannot decode apis__a__v1.json: invalid JSON"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("MemoryDiscovery may be called from many threads", "[discovery][memory]") {
  auto client = discovery::MemoryDiscovery::FromDirectory(kDir);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&client, t] {
      for (int i = 0; i < 50; ++i) {
        if (t == 0) client->AddResources({"extra/v1", {}});
        (void)client->ServerGroups();
        (void)client->ServerResourcesForGroupVersion("apps/v1");
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(client->server_groups_calls() == 200);
}

}  // namespace discovery_memory_discovery_test
