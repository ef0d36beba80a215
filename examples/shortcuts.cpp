// Short names and categories, resolved as kubectl resolves them.
//
// The cluster is the one in testdata/discovery: /apis from its aggregated discovery document
// (apidiscovery.k8s.io/v2), the core group from the legacy /api and /api/v1 documents. Discovery
// goes through kubectl's disk cache (a temporary directory here), the mapper is a
// DeferredDiscoveryRESTMapper, and the ShortcutExpander sits on top, as in kubectl.
//
//   $ ./shortcuts [fixtures/discovery]
//   deploy  -> deployments.apps          apps/v1, Kind=Deployment
//   ...
//   all     -> pods, replicationcontrollers, services, daemonsets.apps, ...
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/discovery/discovery.hpp"
#include "apimachinery/restmapper/restmapper.hpp"

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;
namespace fs = std::filesystem;

namespace {

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw apimachinery::Error(fmt::format("cannot read {}", p.string()));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path fixtures = argc > 1 ? fs::path(argv[1]) : fs::path(APIMACHINERY_TESTDATA_DIR) / "discovery";
  std::random_device rd;
  const fs::path cache_dir = fs::temp_directory_path() / fmt::format("apimachinery-shortcuts-{:08x}", rd());
  int status = 0;
  try {
    // The "server": aggregated /apis plus the legacy core group.
    auto server = discovery::AggregatedDiscovery::FromFile(fixtures / "aggregated_v2.json");
    server->AddLegacyGroup(
        discovery::APIVersionsToAPIGroup(discovery::ParseAPIVersions(Read(fixtures / "api.json"))),
        {discovery::ParseAPIResourceList(Read(fixtures / "api__v1.json"))});

    // kubectl's wiring: disk cache -> deferred mapper -> shortcut expander.
    auto cached = discovery::disk::NewCachedDiscoveryClient(server, cache_dir, std::chrono::minutes(10));
    auto mapper = std::make_shared<restmapper::DeferredDiscoveryRESTMapper>(cached);
    restmapper::ShortcutExpander expander(
        mapper, cached, [](const std::string& warning) { fmt::print("  Warning: {}\n", warning); });

    fmt::print("Short names:\n");
    for (const char* name : {"deploy", "po", "svc", "ing", "hpa", "crd", "sts", "cm", "ev"}) {
      const schema::GroupVersionResource gvr = expander.ResourceFor({"", "", name});
      const schema::GroupVersionKind gvk = mapper->KindFor(gvr);
      fmt::print("  {:<7} -> {:<48} {}\n", name, gvr.GroupResource().String(), gvk.String());
    }

    auto categories = restmapper::UnionCategoryExpander({restmapper::NewDiscoveryCategoryExpander(cached)});
    for (const char* category : {"all", "api-extensions"}) {
      auto resources = categories.Expand(category);
      std::vector<std::string> names;
      if (resources) {
        for (const auto& gr : *resources) names.push_back(gr.String());
      }
      fmt::print("Category {}:\n  {}\n", category,
                 resources ? fmt::format("{}", fmt::join(names, ", ")) : "(unknown)");
    }
    fmt::print("Disk cache: {} server requests, fresh={}\n", cached->delegate_calls(), cached->Fresh());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "shortcuts: %s\n", e.what());
    status = 1;
  }
  std::error_code ec;
  fs::remove_all(cache_dir, ec);
  return status;
}
