// A tour of apimachinery-cpp: build a RESTMapper from a cluster's discovery documents and resolve
// kubectl-style resource arguments to their kind, scope and REST path.
//
//   ./tour [discovery-dir]     (default: the fixture documents shipped with the tests)
#include <apimachinery/apimachinery.hpp>

#include <exception>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace discovery = apimachinery::discovery;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

// What kubectl does with "deployments.v1.apps" (resource.version.group) or "statefulset.apps"
// (resource.group): try the fully specified name first, then the partial one.
meta::RESTMapping MappingFor(const meta::RESTMapper& mapper, std::string_view arg) {
  auto [full, partial] = schema::ParseResourceArg(arg);
  if (full) {
    try {
      auto gvk = mapper.KindFor(*full);
      return mapper.RESTMapping(gvk.GroupKind(), {gvk.version});
    } catch (const apimachinery::Error&) {
      // not a resource.version.group after all: fall through
    }
  }
  auto gvk = mapper.KindFor(partial.WithVersion(""));
  return mapper.RESTMapping(gvk.GroupKind(), {gvk.version});
}

// The URL path serving a mapping: /api/v1/nodes, /apis/apps/v1/namespaces/{ns}/deployments.
std::string RESTPath(const meta::RESTMapping& m) {
  const auto& r = m.resource;
  std::string path = r.group.empty() ? "/api/" + r.version : "/apis/" + r.group + "/" + r.version;
  if (m.scope == meta::RESTScopeName::kNamespace) path += "/namespaces/{ns}";
  return path + "/" + r.resource;
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : APIMACHINERY_FIXTURES_DIR "/discovery";
  try {
    auto client = discovery::MemoryDiscovery::FromDirectory(dir);
    auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));

    for (const char* arg : {"deployments.v1.apps", "statefulset.apps", "pods", "nodes"}) {
      meta::RESTMapping m = MappingFor(*mapper, arg);
      fmt::print("{}\n  resource {}\n  kind     {}\n  scope    {}\n  path     {}\n", arg, m.resource,
                 m.group_version_kind, m.scope, RESTPath(m));
    }

    // Errors are exceptions carrying upstream's text.
    try {
      mapper->RESTMapping({"apps", "Nope"});
    } catch (const meta::NoKindMatchError& e) {
      fmt::print("RESTMapping(Nope.apps): {}\n", e.what());
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "tour: {}\n", e.what());
    return 1;
  }
  return 0;
}
