// Short names and categories against the fixture cluster (aggregated_v2.json for /apis, the legacy
// api.json + api__v1.json for the core group), resolved as kubectl resolves them: a
// ShortcutExpander over the discovery mapper, and kubectl's full wiring (ShortcutExpander over a
// DeferredDiscoveryRESTMapper over the disk cache).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "apimachinery/discovery/aggregated_discovery.hpp"
#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"
#include "apimachinery/restmapper/category_expansion.hpp"
#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/restmapper/shortcut.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_shortcut_fixtures_test {

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(APIMACHINERY_TESTDATA_DIR) / "discovery";

std::string ReadFixture(const std::string& name) {
  std::ifstream in(kDir / name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The fixture cluster: /apis aggregated, /api legacy.
std::shared_ptr<discovery::AggregatedDiscovery> Cluster() {
  auto client = discovery::AggregatedDiscovery::FromFile(kDir / "aggregated_v2.json");
  client->AddLegacyGroup(
      discovery::APIVersionsToAPIGroup(discovery::ParseAPIVersions(ReadFixture("api.json"))),
      {discovery::ParseAPIResourceList(ReadFixture("api__v1.json"))});
  return client;
}

struct Expected {
  const char* short_name;
  schema::GroupVersionResource resource;
  schema::GroupVersionKind kind;
};

const std::vector<Expected>& KubectlAnswers() {
  static const std::vector<Expected> answers{
      {"deploy", {"apps", "v1", "deployments"}, {"apps", "v1", "Deployment"}},
      {"po", {"", "v1", "pods"}, {"", "v1", "Pod"}},
      {"svc", {"", "v1", "services"}, {"", "v1", "Service"}},
      {"ing", {"networking.k8s.io", "v1", "ingresses"}, {"networking.k8s.io", "v1", "Ingress"}},
      // Preferred version v2; v1 serves the same resource: no warning.
      {"hpa",
       {"autoscaling", "v2", "horizontalpodautoscalers"},
       {"autoscaling", "v2", "HorizontalPodAutoscaler"}},
      {"crd",
       {"apiextensions.k8s.io", "v1", "customresourcedefinitions"},
       {"apiextensions.k8s.io", "v1", "CustomResourceDefinition"}},
      {"crds",
       {"apiextensions.k8s.io", "v1", "customresourcedefinitions"},
       {"apiextensions.k8s.io", "v1", "CustomResourceDefinition"}},
      {"sts", {"apps", "v1", "statefulsets"}, {"apps", "v1", "StatefulSet"}},
      {"cm", {"", "v1", "configmaps"}, {"", "v1", "ConfigMap"}},
      // Served only in the aggregated document.
      {"sc", {"storage.k8s.io", "v1", "storageclasses"}, {"storage.k8s.io", "v1", "StorageClass"}},
      {"csr",
       {"certificates.k8s.io", "v1", "certificatesigningrequests"},
       {"certificates.k8s.io", "v1", "CertificateSigningRequest"}},
      {"ev", {"", "v1", "events"}, {"", "v1", "Event"}},
  };
  return answers;
}

}  // namespace

TEST_CASE("Fixture cluster: short names resolve as kubectl resolves them",
          "[restmapper][shortcut][fixtures]") {
  auto client = Cluster();
  auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
  std::vector<std::string> warnings;
  restmapper::ShortcutExpander expander(mapper, client, [&](const std::string& w) { warnings.push_back(w); });

  for (const auto& e : KubectlAnswers()) {
    INFO(e.short_name);
    warnings.clear();
    CHECK(expander.ResourceFor({"", "", e.short_name}) == e.resource);
    CHECK(expander.KindFor({"", "", e.short_name}) == e.kind);
    if (std::string(e.short_name) == "ev") {
      // Both core and events.k8s.io call events "ev": kubectl's well-known warning, once per call.
      CHECK(warnings ==
            std::vector<std::string>{
                "short name \"ev\" could also match lower priority resource events.events.k8s.io",
                "short name \"ev\" could also match lower priority resource events.events.k8s.io"});
    } else {
      CHECK(warnings.empty());
    }
  }
  // Full names, singular names and kinds are never expanded.
  CHECK(expander.ResourceFor({"", "", "deployments"}) ==
        schema::GroupVersionResource{"apps", "v1", "deployments"});
  CHECK(expander.ResourceFor({"", "", "deployment"}) ==
        schema::GroupVersionResource{"apps", "v1", "deployments"});
  // With a group (`kubectl get deploy.apps`, `hpa.autoscal`), and the version kept on the prefix path.
  CHECK(expander.ResourceFor({"apps", "", "deploy"}) ==
        schema::GroupVersionResource{"apps", "v1", "deployments"});
  CHECK(expander.ResourceFor({"autoscal", "", "hpa"}) ==
        schema::GroupVersionResource{"autoscaling", "v2", "horizontalpodautoscalers"});
  CHECK(expander.ResourceFor({"autoscal", "v1", "hpa"}) ==
        schema::GroupVersionResource{"autoscaling", "v1", "horizontalpodautoscalers"});
  CHECK(expander.KindFor({"events.k8s.io", "", "ev"}) ==
        schema::GroupVersionKind{"events.k8s.io", "v1", "Event"});
  // `deploy` with a version: dropped, the preferred version answers.
  CHECK(expander.ResourceFor({"", "v1beta1", "deploy"}) ==
        schema::GroupVersionResource{"apps", "v1", "deployments"});
  CHECK(expander.ResourceSingularizer("deploy") == "deployment");
  // Case-sensitive and unknown names reach the delegate unchanged.
  CHECK_THROWS_AS(expander.ResourceFor({"", "", "DEPLOY"}), apimachinery::meta::NoResourceMatchError);
  CHECK_THROWS_WITH(expander.KindFor({"", "", "nope"}), "no matches for /, Resource=nope");
}

TEST_CASE("Fixture cluster: the `all` category", "[restmapper][category][fixtures]") {
  auto client = Cluster();
  const std::vector<schema::GroupResource> raw{
      {"", "pods"},
      {"", "replicationcontrollers"},
      {"", "services"},
      {"apps", "daemonsets"},
      {"apps", "deployments"},
      {"apps", "replicasets"},
      {"apps", "statefulsets"},
      {"autoscaling", "horizontalpodautoscalers"},  // v2
      {"autoscaling", "horizontalpodautoscalers"},  // v1: the discovery expander does not de-duplicate
      {"batch", "cronjobs"},
      {"batch", "jobs"},
  };
  auto from_discovery = restmapper::NewDiscoveryCategoryExpander(client);
  auto all = from_discovery->Expand("all");
  REQUIRE(all.has_value());
  CHECK(*all == raw);

  restmapper::UnionCategoryExpander deduplicated({from_discovery});
  auto unique = deduplicated.Expand("all");
  REQUIRE(unique.has_value());
  REQUIRE(unique->size() == 10);
  CHECK((*unique)[7] == schema::GroupResource{"autoscaling", "horizontalpodautoscalers"});
  CHECK((*unique)[8] == schema::GroupResource{"batch", "cronjobs"});

  auto ext = from_discovery->Expand("api-extensions");
  REQUIRE(ext.has_value());
  CHECK(ext->front() == schema::GroupResource{"apiregistration.k8s.io", "apiservices"});
  CHECK(std::count(ext->begin(), ext->end(),
                   schema::GroupResource{"apiextensions.k8s.io", "customresourcedefinitions"}) == 1);
}

TEST_CASE("Fixture cluster: kubectl's wiring (expander over Deferred over the disk cache)",
          "[restmapper][shortcut][fixtures]") {
  std::random_device rd;
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("apimachinery-shortcut-{:08x}{:08x}", rd(), rd());
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(p, ec);
    }
  } cleanup{dir};

  auto server = Cluster();
  auto cached = discovery::disk::NewCachedDiscoveryClient(server, dir, std::chrono::minutes(10));
  auto deferred = std::make_shared<restmapper::DeferredDiscoveryRESTMapper>(cached);
  restmapper::ShortcutExpander expander(deferred, cached);
  for (const auto& e : KubectlAnswers()) {
    INFO(e.short_name);
    CHECK(expander.ResourceFor({"", "", e.short_name}) == e.resource);
  }
  CHECK(cached->Fresh());
  CHECK(fs::is_regular_file(dir / "storage.k8s.io" / "v1" / "serverresources.json"));

  // The next kubectl run: everything from disk.
  auto again = discovery::disk::NewCachedDiscoveryClient(server, dir, std::chrono::minutes(10));
  restmapper::ShortcutExpander second(std::make_shared<restmapper::DeferredDiscoveryRESTMapper>(again),
                                      again);
  for (const auto& e : KubectlAnswers()) {
    INFO(e.short_name);
    CHECK(second.KindFor({"", "", e.short_name}) == e.kind);
  }
  CHECK(again->delegate_calls() == 0);
  CHECK_FALSE(again->Fresh());
}

}  // namespace restmapper_shortcut_fixtures_test
