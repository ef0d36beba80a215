// Real-data test: a discovery mapper built from the cluster's legacy discovery documents
// (fixtures/discovery) resolves every resource listed there — kind <-> plural, singular, scope,
// preferred version — and kubectl-style arguments the way kubectl resolves them.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/util/ascii.hpp"

#include "restmapper/fake_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_real_data_test {

namespace meta = apimachinery::meta;
namespace schema = apimachinery::schema;
namespace restmapper = apimachinery::restmapper;
namespace discovery = apimachinery::discovery;
using schema::GroupVersionKind;
using schema::GroupVersionResource;
using namespace restmapper_test;

namespace {

// kubectl's resource builder (mappingFor): the fully specified resource first if the argument has
// two dots, then the partial resource, then the argument read as a kind.
meta::RESTMapping MappingFor(const meta::RESTMapper& mapper, std::string_view arg) {
  auto [full_gvr, partial] = schema::ParseResourceArg(arg);
  GroupVersionKind gvk;
  if (full_gvr) {
    try {
      gvk = mapper.KindFor(*full_gvr);
    } catch (const apimachinery::Error&) {
    }
  }
  if (gvk.Empty()) {
    try {
      gvk = mapper.KindFor(partial.WithVersion(""));
    } catch (const apimachinery::Error&) {
    }
  }
  if (!gvk.Empty()) return mapper.RESTMapping(gvk.GroupKind(), {gvk.version});

  auto [full_gvk, group_kind] = schema::ParseKindArg(arg);
  if (full_gvk && !full_gvk->Empty()) {
    try {
      return mapper.RESTMapping(full_gvk->GroupKind(), {full_gvk->version});
    } catch (const apimachinery::Error&) {
    }
  }
  try {
    return mapper.RESTMapping(group_kind, {""});
  } catch (const std::exception& e) {
    if (meta::IsNoMatchError(e)) {
      throw apimachinery::Error(
          fmt::format("the server doesn't have a resource type \"{}\"", partial.resource));
    }
    throw;
  }
}

struct Served {
  std::string group, version;
  discovery::APIResource resource;
};

}  // namespace

TEST_CASE("every resource of the fixture documents resolves", "[restmapper][realdata]") {
  auto client = discovery::MemoryDiscovery::FromDirectory(FixtureDir());
  const auto groups = restmapper::GetAPIGroupResources(*client);
  REQUIRE(groups.size() == 24);
  auto mapper = restmapper::NewDiscoveryRESTMapper(groups);

  // Independent expectations from the documents: for each group and resource name, the version a
  // request without version resolves to (the preferred one if it serves the name, else the first
  // listed version that does), and the first group (discovery order) serving each name.
  std::vector<Served> served;
  std::map<std::pair<std::string, std::string>, std::string> expected_version;  // (group, name) -> version
  std::map<std::string, std::pair<std::string, std::string>> first_group;       // name -> (group, version)
  for (const auto& g : groups) {
    std::vector<std::string> order;
    if (g.version_resources.count(g.group.preferred_version.version))
      order.push_back(g.group.preferred_version.version);
    for (const auto& v : g.group.versions) order.push_back(v.version);
    for (const auto& v : order) {
      auto it = g.version_resources.find(v);
      if (it == g.version_resources.end()) continue;
      for (const auto& r : it->second) {
        if (r.name.find('/') != std::string::npos) continue;
        expected_version.try_emplace({g.group.name, r.name}, v);
        first_group.try_emplace(r.name, std::pair{g.group.name, expected_version[{g.group.name, r.name}]});
      }
    }
    for (const auto& [v, resources] : g.version_resources) {
      for (const auto& r : resources) {
        if (r.name.find('/') == std::string::npos) served.push_back({g.group.name, v, r});
      }
    }
  }
  REQUIRE(served.size() == 73);

  int resolved = 0;
  for (const auto& s : served) {
    const auto& r = s.resource;
    CAPTURE(s.group, s.version, r.name);
    const std::string singular =
        r.singular_name.empty() ? apimachinery::util::ToLowerASCII(r.kind) : r.singular_name;
    const GroupVersionKind gvk{s.group, s.version, r.kind};
    const GroupVersionResource gvr{s.group, s.version, r.name};
    const auto scope = r.namespaced ? meta::RESTScopeName::kNamespace : meta::RESTScopeName::kRoot;
    bool ok = true;
    // kind <-> plural and singular, fully qualified
    ok &= mapper->KindFor(gvr) == gvk;
    ok &= mapper->KindFor({s.group, s.version, singular}) == gvk;
    ok &= mapper->ResourceFor({s.group, s.version, singular}) == gvr;
    ok &= mapper->RESTMapping(gvk.GroupKind(), {s.version}) == meta::RESTMapping{gvr, gvk, scope};
    // preferred version when no version is given
    const std::string& v = expected_version.at({s.group, r.name});
    ok &= mapper->KindFor({s.group, "", r.name}) == GroupVersionKind{s.group, v, r.kind};
    ok &= mapper->ResourceFor({s.group, "", singular}) == GroupVersionResource{s.group, v, r.name};
    ok &= mapper->RESTMapping(gvk.GroupKind()).resource == GroupVersionResource{s.group, v, r.name};
    // bare names: the first group serving them
    const auto& [fg, fv] = first_group.at(r.name);
    ok &= mapper->ResourceFor({"", "", r.name}) == GroupVersionResource{fg, fv, r.name};
    ok &= mapper->ResourceSingularizer(r.name) == singular;
    CHECK(ok);
    if (ok) ++resolved;
  }
  CHECK(resolved == 73);
}

TEST_CASE("kubectl-style arguments resolve as kubectl resolves them", "[restmapper][realdata]") {
  auto client = discovery::MemoryDiscovery::FromDirectory(FixtureDir());
  auto mapper = restmapper::NewDiscoveryRESTMapper(restmapper::GetAPIGroupResources(*client));
  using meta::RESTScopeName;
  struct Case {
    const char* arg;
    GroupVersionResource resource;
    GroupVersionKind kind;
    RESTScopeName scope;
  };
  const std::vector<Case> cases = {
      {"deployments.v1.apps",
       {"apps", "v1", "deployments"},
       {"apps", "v1", "Deployment"},
       RESTScopeName::kNamespace},
      {"statefulset.apps",
       {"apps", "v1", "statefulsets"},
       {"apps", "v1", "StatefulSet"},
       RESTScopeName::kNamespace},
      {"pods", {"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace},
      {"pod", {"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace},
      {"nodes", {"", "v1", "nodes"}, {"", "v1", "Node"}, RESTScopeName::kRoot},
      {"Pods", {"", "v1", "pods"}, {"", "v1", "Pod"}, RESTScopeName::kNamespace},
      {"deployments", {"apps", "v1", "deployments"}, {"apps", "v1", "Deployment"}, RESTScopeName::kNamespace},
      {"deployment.apps",
       {"apps", "v1", "deployments"},
       {"apps", "v1", "Deployment"},
       RESTScopeName::kNamespace},
      {"events", {"", "v1", "events"}, {"", "v1", "Event"}, RESTScopeName::kNamespace},
      {"events.events.k8s.io",
       {"events.k8s.io", "v1", "events"},
       {"events.k8s.io", "v1", "Event"},
       RESTScopeName::kNamespace},
      {"events.v1.events.k8s.io",
       {"events.k8s.io", "v1", "events"},
       {"events.k8s.io", "v1", "Event"},
       RESTScopeName::kNamespace},
      {"horizontalpodautoscalers.autoscaling",
       {"autoscaling", "v2", "horizontalpodautoscalers"},
       {"autoscaling", "v2", "HorizontalPodAutoscaler"},
       RESTScopeName::kNamespace},
      {"horizontalpodautoscalers.v1.autoscaling",
       {"autoscaling", "v1", "horizontalpodautoscalers"},
       {"autoscaling", "v1", "HorizontalPodAutoscaler"},
       RESTScopeName::kNamespace},
      {"jobs.batch", {"batch", "v1", "jobs"}, {"batch", "v1", "Job"}, RESTScopeName::kNamespace},
      {"cronjob.v1.batch",
       {"batch", "v1", "cronjobs"},
       {"batch", "v1", "CronJob"},
       RESTScopeName::kNamespace},
      {"customresourcedefinitions.apiextensions.k8s.io",
       {"apiextensions.k8s.io", "v1", "customresourcedefinitions"},
       {"apiextensions.k8s.io", "v1", "CustomResourceDefinition"},
       RESTScopeName::kRoot},
      // preferred version v1 lacks it: the first other listed version that serves it
      {"leasecandidates.coordination.k8s.io",
       {"coordination.k8s.io", "v1beta1", "leasecandidates"},
       {"coordination.k8s.io", "v1beta1", "LeaseCandidate"},
       RESTScopeName::kNamespace},
      // preferred certificates.k8s.io/v1 has no document here: v1beta1 serves it
      {"clustertrustbundles.certificates.k8s.io",
       {"certificates.k8s.io", "v1beta1", "clustertrustbundles"},
       {"certificates.k8s.io", "v1beta1", "ClusterTrustBundle"},
       RESTScopeName::kRoot},
      // group prefix: "rbac" matches rbac.authorization.k8s.io
      {"clusterroles.rbac",
       {"rbac.authorization.k8s.io", "v1", "clusterroles"},
       {"rbac.authorization.k8s.io", "v1", "ClusterRole"},
       RESTScopeName::kRoot},
      // kinds are accepted too (ParseKindArg fallback)
      {"Deployment.apps",
       {"apps", "v1", "deployments"},
       {"apps", "v1", "Deployment"},
       RESTScopeName::kNamespace},
      {"StatefulSet.v1.apps",
       {"apps", "v1", "statefulsets"},
       {"apps", "v1", "StatefulSet"},
       RESTScopeName::kNamespace},
      // a fully specified name whose version does not exist falls back to the partial (v2.apps)
      {"deployments.v2.apps", {}, {}, RESTScopeName::kNamespace},
  };
  for (const auto& c : cases) {
    CAPTURE(c.arg);
    if (c.resource.Empty()) {
      CHECK_THROWS_WITH(MappingFor(*mapper, c.arg),
                        "the server doesn't have a resource type \"deployments\"");
      continue;
    }
    auto m = MappingFor(*mapper, c.arg);
    CHECK(m.resource == c.resource);
    CHECK(m.group_version_kind == c.kind);
    CHECK(m.scope == c.scope);
  }
  CHECK_THROWS_WITH(MappingFor(*mapper, "nopes"), "the server doesn't have a resource type \"nopes\"");
  // Subresources and short names are not resources of the mapper.
  CHECK_THROWS_AS(mapper->KindFor({"", "", "pods/status"}), meta::NoResourceMatchError);
  CHECK_THROWS_AS(mapper->KindFor({"", "", "deploy"}), meta::NoResourceMatchError);
  // The same kind in two groups: core v1 wins a bare request; RESTMappings lists one group only.
  CHECK(mapper->KindsFor({"", "", "events"}) ==
        std::vector<GroupVersionKind>{{"", "v1", "Event"}, {"events.k8s.io", "v1", "Event"}});
  CHECK(mapper->RESTMappings({"events.k8s.io", "Event"}).size() == 1);
  // Two versions of autoscaling: both listed, the preferred v2 first.
  CHECK(mapper->ResourcesFor({"autoscaling", "", "horizontalpodautoscalers"}) ==
        std::vector<GroupVersionResource>{{"autoscaling", "v2", "horizontalpodautoscalers"},
                                          {"autoscaling", "v1", "horizontalpodautoscalers"}});
}

}  // namespace restmapper_real_data_test
