// Differential test: the compiled discovery mapper (restmapper::NewDiscoveryRESTMapper) against the
// literal upstream composition built from the meta package's own classes,
//   PriorityRESTMapper{MultiRESTMapper{one DefaultRESTMapper per group-version}, patterns},
// for every resource and kind of the real fixtures and of tricky synthetic groups, in every request
// shape. Values and error texts (and error kinds) must be identical.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/meta/priority.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/restmapper/discovery.hpp"

#include "restmapper/fake_discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_differential_test {

namespace meta = apimachinery::meta;
namespace schema = apimachinery::schema;
namespace restmapper = apimachinery::restmapper;
namespace discovery = apimachinery::discovery;
using namespace restmapper_test;

namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Upstream's NewDiscoveryRESTMapper, line by line, on the meta classes.
std::shared_ptr<meta::RESTMapper> LiteralDiscoveryRESTMapper(
    const std::vector<restmapper::APIGroupResources>& groups) {
  std::vector<std::shared_ptr<meta::RESTMapper>> union_mapper;
  std::vector<std::string> group_priority;
  std::vector<schema::GroupVersionResource> resource_priority{{"", "v1", "*"}};
  std::vector<schema::GroupVersionKind> kind_priority{{"", "v1", "*"}};
  for (const auto& group : groups) {
    group_priority.push_back(group.group.name);
    const std::string& preferred = group.group.preferred_version.version;
    if (!preferred.empty() && group.version_resources.count(preferred) != 0) {
      resource_priority.push_back({group.group.name, preferred, "*"});
      kind_priority.push_back({group.group.name, preferred, "*"});
    }
    for (const auto& dv : group.group.versions) {
      auto it = group.version_resources.find(dv.version);
      if (it == group.version_resources.end()) continue;
      if (dv.version != preferred) {
        resource_priority.push_back({group.group.name, dv.version, "*"});
        kind_priority.push_back({group.group.name, dv.version, "*"});
      }
      schema::GroupVersion gv{group.group.name, dv.version};
      auto version_mapper = std::make_shared<meta::DefaultRESTMapper>(std::vector<schema::GroupVersion>{gv});
      for (const auto& resource : it->second) {
        auto scope = resource.namespaced ? meta::RESTScopeName::kNamespace : meta::RESTScopeName::kRoot;
        if (resource.name.find('/') != std::string::npos) continue;
        auto plural = gv.WithResource(resource.name);
        auto singular = gv.WithResource(resource.singular_name);
        if (resource.singular_name.empty())
          singular = meta::UnsafeGuessKindToResource(gv.WithKind(resource.kind)).second;
        version_mapper->AddSpecific(gv.WithKind(Lower(resource.kind)), plural, singular, scope);
        version_mapper->AddSpecific(gv.WithKind(resource.kind), plural, singular, scope);
        version_mapper->Add(gv.WithKind(resource.kind + "List"), scope);
      }
      version_mapper->Add(gv.WithKind("List"), meta::RESTScopeName::kRoot);
      union_mapper.push_back(version_mapper);
    }
  }
  for (const auto& g : group_priority) {
    resource_priority.push_back({g, "*", "*"});
    kind_priority.push_back({g, "*", "*"});
  }
  return std::make_shared<meta::PriorityRESTMapper>(
      std::make_shared<meta::MultiRESTMapper>(std::move(union_mapper)), std::move(resource_priority),
      std::move(kind_priority));
}

template <typename T>
std::string Describe(const meta::MapperResult<T>& r) {
  std::string out;
  if (r.value) {
    if constexpr (std::is_same_v<T, std::string>) {
      out += "value " + *r.value;
    } else if constexpr (std::is_same_v<T, meta::RESTMapping>) {
      out += fmt::format("value {}", *r.value);
    } else if constexpr (std::is_same_v<T, schema::GroupVersionKind> ||
                         std::is_same_v<T, schema::GroupVersionResource>) {
      out += "value " + r.value->String();
    } else {
      out += "values [";
      for (const auto& v : *r.value) out += fmt::format("{} ", v);
      out += "]";
    }
  }
  if (r.error) {
    out += fmt::format(" error({}{}{}) {}", static_cast<int>(r.error.code()),
                       r.error.IsNoMatch() ? " nomatch" : "", r.error.IsAmbiguous() ? " ambiguous" : "",
                       r.error.Message());
  }
  return out;
}

struct Counter {
  int compared = 0;
  int errors = 0;
};

// Set APIMACHINERY_DIFF_COUNTS=1 to print how many answers were compared.
void Report(const Counter& c) {
  if (std::getenv("APIMACHINERY_DIFF_COUNTS") != nullptr) {
    std::fprintf(stderr, "differential: %d answers compared (%d errors)\n", c.compared, c.errors);
  }
}

template <typename T>
void Same(const std::string& what, const meta::MapperResult<T>& literal,
          const meta::MapperResult<T>& compiled, Counter& counter) {
  ++counter.compared;
  if (literal.error) ++counter.errors;
  const bool same = literal.value == compiled.value && literal.error.code() == compiled.error.code() &&
                    literal.error.IsNoMatch() == compiled.error.IsNoMatch() &&
                    literal.error.IsAmbiguous() == compiled.error.IsAmbiguous() &&
                    (!literal.error || literal.error.Message() == compiled.error.Message());
  if (!same) {
    INFO(what);
    CHECK(Describe(compiled) == Describe(literal));
  }
}

// A public (throwing) call as a MapperResult, so Same can compare values and errors.
template <typename Call, typename Mapper>
auto Public(Call&& call, const Mapper& mapper) {
  return meta::CaptureMapperResult([&] { return call(mapper); });
}

// Compares a public method of both mappers: for every answer that has a value (the discovery
// mapper's Do... overrides answer those themselves) and for one error in 16 (each costs a throw).
// `hit`: the compiled mapper's Try... answer has a value.
template <typename Call, typename Literal, typename Compiled>
void SamePublic(const std::string& what, bool hit, Call&& call, const Literal& literal,
                const Compiled& compiled, Counter& counter) {
  if (!hit && counter.compared % 16 != 0) return;
  Same("public " + what, Public(call, literal), Public(call, compiled), counter);
}

// Compares every method for requests built from the names, groups and versions in `groups`:
// `thorough` crosses every name with every group (and group prefix) and version; otherwise each
// name is asked bare, per version, per group and in its own group-versions, and each kind in its
// own group.
Counter Compare(const std::vector<restmapper::APIGroupResources>& groups, bool thorough = true) {
  auto literal = LiteralDiscoveryRESTMapper(groups);
  auto compiled = restmapper::NewDiscoveryRESTMapper(groups);

  std::set<std::string> names{"", "list", "lists", "nope", "LIST", "*"};
  std::set<std::string> kinds{"", "List", "Nope", "list"};
  std::set<std::string> group_names{"", "nope", "*"};
  std::set<std::string> versions{"", "v9", std::string(schema::kAPIVersionInternal), "*"};
  std::set<std::pair<std::string, std::string>> gvs;
  for (const auto& g : groups) {
    group_names.insert(g.group.name);
    for (std::size_t n :
         {std::size_t{1}, std::size_t{3}, g.group.name.size() - (g.group.name.empty() ? 0 : 1)}) {
      group_names.insert(g.group.name.substr(0, n));
    }
    for (const auto& v : g.group.versions) versions.insert(v.version);
    for (const auto& [v, resources] : g.version_resources) {
      gvs.insert({g.group.name, v});
      for (const auto& r : resources) {
        for (const std::string& n : {r.name, r.singular_name, Lower(r.kind), Lower(r.kind) + "lists"})
          names.insert(n);
        if (thorough) {
          for (const std::string& n : {Lower(r.kind) + "list", Upper(r.name), r.name + "x"}) names.insert(n);
        }
        for (const std::string& k : {r.kind, Lower(r.kind), r.kind + "List"}) kinds.insert(k);
      }
    }
  }

  // Where each name and kind is served (for the targeted mode).
  std::set<std::pair<std::string, std::string>> name_gvs;  // "name\0group" , version
  std::set<std::pair<std::string, std::string>> kind_groups;
  for (const auto& g : groups) {
    for (const auto& [v, resources] : g.version_resources) {
      for (const auto& r : resources) {
        for (const std::string& n : {r.name, r.singular_name, Lower(r.kind)})
          name_gvs.insert({n + '\0' + g.group.name, v});
        for (const std::string& k : {r.kind, Lower(r.kind), r.kind + "List"})
          kind_groups.insert({k, g.group.name});
      }
    }
  }

  Counter counter;
  auto resource_calls = [&](const schema::GroupVersionResource& in) {
    const std::string what = in.String();
    Same("KindFor " + what, literal->TryKindFor(in), compiled->TryKindFor(in), counter);
    Same("KindsFor " + what, literal->TryKindsFor(in), compiled->TryKindsFor(in), counter);
    Same("ResourceFor " + what, literal->TryResourceFor(in), compiled->TryResourceFor(in), counter);
    Same("ResourcesFor " + what, literal->TryResourcesFor(in), compiled->TryResourcesFor(in), counter);
    // The public (throwing) methods too: the discovery mapper answers hits through its own
    // Do... overrides, which must return or throw exactly what Try...().ValueOrThrow() would.
    SamePublic(
        "KindFor " + what, compiled->TryKindFor(in).value.has_value(),
        [&](const auto& m) { return m->KindFor(in); }, literal, compiled, counter);
    SamePublic(
        "KindsFor " + what, compiled->TryKindsFor(in).value.has_value(),
        [&](const auto& m) { return m->KindsFor(in); }, literal, compiled, counter);
    SamePublic(
        "ResourceFor " + what, compiled->TryResourceFor(in).value.has_value(),
        [&](const auto& m) { return m->ResourceFor(in); }, literal, compiled, counter);
    SamePublic(
        "ResourcesFor " + what, compiled->TryResourcesFor(in).value.has_value(),
        [&](const auto& m) { return m->ResourcesFor(in); }, literal, compiled, counter);
  };
  for (const auto& n : names) {
    Same("ResourceSingularizer " + n, literal->TryResourceSingularizer(n),
         compiled->TryResourceSingularizer(n), counter);
    SamePublic(
        "ResourceSingularizer " + n, compiled->TryResourceSingularizer(n).value.has_value(),
        [&](const auto& m) { return m->ResourceSingularizer(n); }, literal, compiled, counter);
    resource_calls({"", "", n});
    if (thorough) {
      for (const auto& v : versions) resource_calls({"", v, n});
      for (const auto& g : group_names) resource_calls({g, "", n});
      for (const auto& [g, v] : gvs) resource_calls({g, v, n});
      for (const auto& g : group_names) resource_calls({g, "v1", n});
    } else {
      for (const char* v : {"v1", "v1beta1", "__internal", "v9"}) resource_calls({"", v, n});
      resource_calls({"nope", "", n});
    }
  }
  if (!thorough) {
    for (const auto& [key, v] : name_gvs) {
      const std::string n = key.substr(0, key.find('\0'));
      const std::string g = key.substr(key.find('\0') + 1);
      resource_calls({g, v, n});
      resource_calls({g, "", n});
      resource_calls({g.substr(0, 3), "", n});
      resource_calls({g, v, Upper(n)});
    }
  }
  std::vector<std::vector<std::string>> version_lists{
      {}, {""}, {"", std::string(schema::kAPIVersionInternal)}, {"v9"}, {"*"}, {"v9", "v1"}};
  for (const auto& v : versions) {
    version_lists.push_back({v});
    if (thorough) version_lists.push_back({"v9", v, "v1"});
  }
  if (!thorough) {
    for (const auto& [k, g] : kind_groups) {
      for (const auto& vl : version_lists) {
        const schema::GroupKind gk{g, k};
        Same("RESTMapping " + gk.String(), literal->TryRESTMapping(gk, vl), compiled->TryRESTMapping(gk, vl),
             counter);
        Same("RESTMappings " + gk.String(), literal->TryRESTMappings(gk, vl),
             compiled->TryRESTMappings(gk, vl), counter);
        SamePublic(
            "RESTMapping " + gk.String(), compiled->TryRESTMapping(gk, vl).value.has_value(),
            [&](const auto& m) { return m->RESTMapping(gk, vl); }, literal, compiled, counter);
      }
    }
    Report(counter);
    return counter;
  }
  // Kinds match groups exactly (no prefixes): the real group names are enough.
  std::set<std::string> kind_group_names{"", "nope", "*"};
  for (const auto& g : groups) kind_group_names.insert(g.group.name);
  for (const auto& k : kinds) {
    for (const auto& g : kind_group_names) {
      for (const auto& vl : version_lists) {
        const schema::GroupKind gk{g, k};
        const std::string what = fmt::format("{} [{}]", gk.String(), fmt::join(vl, ","));
        Same("RESTMapping " + what, literal->TryRESTMapping(gk, vl), compiled->TryRESTMapping(gk, vl),
             counter);
        Same("RESTMappings " + what, literal->TryRESTMappings(gk, vl), compiled->TryRESTMappings(gk, vl),
             counter);
        SamePublic(
            "RESTMapping " + what, compiled->TryRESTMapping(gk, vl).value.has_value(),
            [&](const auto& m) { return m->RESTMapping(gk, vl); }, literal, compiled, counter);
        SamePublic(
            "RESTMappings " + what, compiled->TryRESTMappings(gk, vl).value.has_value(),
            [&](const auto& m) { return m->RESTMappings(gk, vl); }, literal, compiled, counter);
      }
    }
  }
  Report(counter);
  return counter;
}

// Groups that exercise the corners of the composition.
std::vector<restmapper::APIGroupResources> TrickyGroups() {
  std::vector<restmapper::APIGroupResources> groups;
  // A group whose name has "apps" as a prefix, listed before apps: it wins {Group: apps} requests
  // for names only it serves, and ties go through the priority patterns.
  groups.push_back(
      {Group("apps.example.com", {"v1"}, "v1"),
       {{"v1", {Res("deployments", "Deployment", true, "deployment"), Res("widgets", "Widget")}}}});
  groups.push_back(
      {Group("apps", {"v1", "v1beta1"}, "v1"),
       {{"v1",
         {Res("deployments", "Deployment", true, "deployment"), Res("deployments/scale", "Scale", true)}},
        {"v1beta1", {Res("deployments", "Deployment", true, "deployment"), Res("gizmos", "Gizmo")}}}});
  // Core with singular == plural, a lower-case kind, guessed singulars and a root resource.
  groups.push_back({Group("", {"v1"}, "v1"),
                    {{"v1",
                      {Res("endpoints", "Endpoints", true, "endpoints"), Res("lowercases", "lowercase"),
                       Res("imagerepositories", "ImageRepository"), Res("nodes", "Node", false),
                       Res("sheep", "Sheep", true, "sheep")}}}});
  // Preferred version without resources; versions listed out of order.
  groups.push_back({Group("nopref.io", {"v1alpha1", "v1", "v2"}, "v2"),
                    {{"v1", {Res("widgets", "Widget")}},
                     {"v1alpha1", {Res("widgets", "Widget"), Res("alphas", "Alpha")}}}});
  // <Kind>List collisions: a real resource named like a generated List resource, registered later.
  groups.push_back({Group("collide.io", {"v1"}, "v1"),
                    {{"v1",
                      {Res("foos", "Foo", true, "foo"), Res("foolists", "FooList", false, "foolist"),
                       Res("CamelThings", "CamelThing", true, "camelthing")}}}});
  // Groups that are prefixes of each other.
  groups.push_back({Group("foo", {"v1"}, "v1"), {{"v1", {Res("things", "Thing")}}}});
  groups.push_back(
      {Group("foobar", {"v1", "v2"}, "v1"),
       {{"v1", {Res("things", "Thing")}}, {"v2", {Res("things", "Thing"), Res("others", "Other")}}}});
  // Same kind with different resources in different groups; empty preferred version.
  groups.push_back({Group("events.io", {"v1"}, ""), {{"v1", {Res("events", "Event"), Res("pods", "Pod")}}}});
  // The same version listed twice (duplicate per-version mappers).
  auto dup = Group("dup.io", {"v1", "v1"}, "v1");
  groups.push_back({dup, {{"v1", {Res("dupes", "Dupe")}}}});
  return groups;
}

// A few synthetic CRD groups like the benchmark's.
std::vector<restmapper::APIGroupResources> CRDGroups(int n) {
  std::vector<restmapper::APIGroupResources> groups;
  for (int i = 0; i < n; ++i) {
    const std::string group = fmt::format("crd{}.example.com", i);
    std::vector<discovery::APIResource> resources;
    for (const char* kind : {"Widget", "Gadget", "Policy"}) {
      std::string lower = Lower(kind);
      std::string plural = lower.back() == 'y' ? lower.substr(0, lower.size() - 1) + "ies" : lower + "s";
      resources.push_back(Res(plural, kind, i % 2 == 0, lower));
    }
    groups.push_back({Group(group, {"v1"}, "v1"), {{"v1", resources}}});
  }
  return groups;
}

}  // namespace

TEST_CASE("compiled mapper == literal composition: groups", "[restmapper][differential]") {
  Counter c = Compare(Section71Groups());
  CHECK(c.compared > 1000);
  CHECK(c.errors > 100);
}

TEST_CASE("compiled mapper == literal composition: tricky synthetic groups", "[restmapper][differential]") {
  Counter c = Compare(TrickyGroups());
  CHECK(c.compared > 10000);
  CHECK(c.errors > 1000);
}

TEST_CASE("compiled mapper == literal composition: real fixtures + CRDs", "[restmapper][differential]") {
  auto client = discovery::MemoryDiscovery::FromDirectory(FixtureDir());
  auto groups = restmapper::GetAPIGroupResources(*client);
  for (auto& g : CRDGroups(10)) groups.push_back(std::move(g));
  Counter c = Compare(groups, /*thorough=*/false);
  CHECK(c.compared > 10000);
  CHECK(c.errors > 1000);
}

TEST_CASE("compiled mapper == literal composition: empty", "[restmapper][differential]") {
  Counter c = Compare({});
  CHECK(c.compared > 10);
  // An empty group list still has its patterns, and nothing to find.
  auto empty = restmapper::NewDiscoveryRESTMapper({});
  CHECK_THROWS_WITH(empty->KindFor({"", "", ""}), "no matches for /, Resource=");
  CHECK(empty->ResourceSingularizer("pods").empty());
}

}  // namespace restmapper_differential_test
