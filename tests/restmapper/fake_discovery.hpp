// Test doubles for the restmapper tests: hand-built discovery fixtures and fake discovery clients
// (ports of upstream's fakeFailingDiscovery and fakeCachedDiscoveryInterface).
#pragma once

#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/restmapper/discovery.hpp"

namespace restmapper_test {

namespace discovery = apimachinery::discovery;
namespace restmapper = apimachinery::restmapper;

inline discovery::APIResource Res(std::string name, std::string kind, bool namespaced = true,
                                  std::string singular = "") {
  discovery::APIResource r;
  r.name = std::move(name);
  r.kind = std::move(kind);
  r.namespaced = namespaced;
  r.singular_name = std::move(singular);
  return r;
}

// A group whose versions carry only the short version (as upstream's TestRESTMapper builds them).
inline discovery::APIGroup Group(std::string name, std::vector<std::string> versions, std::string preferred) {
  discovery::APIGroup g;
  g.name = std::move(name);
  for (auto& v : versions) {
    std::string gv = g.name.empty() ? v : g.name + "/" + v;
    g.versions.push_back({gv, v});
  }
  g.preferred_version = {g.name.empty() ? preferred : g.name + "/" + preferred, preferred};
  return g;
}

// The groups of upstream's TestRESTMapper (client-go/restmapper/discovery_test.go) plus additions
// whose answers were observed by running the Go code:
// extensions(v1beta), core(v1 preferred, v2), unpreferred(v1 preferred, v2beta1, v2alpha1),
// nopref(v1, v2 preferred but without resources).
inline std::vector<restmapper::APIGroupResources> Section71Groups() {
  std::vector<restmapper::APIGroupResources> groups;
  groups.push_back(
      {Group("extensions", {"v1beta"}, "v1beta"), {{"v1beta", {Res("jobs", "Job"), Res("pods", "Pod")}}}});
  groups.push_back({Group("", {"v1", "v2"}, "v1"),
                    {{"v1",
                      {Res("pods", "Pod"), Res("pods/status", "Pod"), Res("nodes", "Node", false),
                       Res("endpoints", "Endpoints", true, "endpoints")}},
                     {"v2", {Res("pods", "Pod")}}}});
  groups.push_back({Group("unpreferred", {"v1", "v2beta1", "v2alpha1"}, "v1"),
                    {{"v1", {Res("broccoli", "Broccoli")}},
                     {"v2beta1", {Res("broccoli", "Broccoli"), Res("peas", "Pea")}},
                     {"v2alpha1", {Res("broccoli", "Broccoli"), Res("peas", "Pea")}}}});
  groups.push_back({Group("nopref", {"v1", "v2"}, "v2"), {{"v1", {Res("widgets", "Widget")}}}});
  return groups;
}

// fakeFailingDiscovery: fixed groups (or a groups error) and per-group-version lists (or errors).
class FailingDiscovery : public discovery::DiscoveryInterface {
 public:
  std::vector<discovery::APIGroup> groups;
  std::string groups_error;  // non-empty: ServerGroups throws it
  std::map<std::string, discovery::APIResourceList, std::less<>> lists;
  std::map<std::string, std::string, std::less<>> list_errors;  // group-version -> error text
  int server_groups_calls = 0;
  std::map<std::string, int, std::less<>> resources_calls;

  std::vector<discovery::APIGroup> ServerGroups() override {
    ++server_groups_calls;
    if (!groups_error.empty()) throw apimachinery::Error(groups_error);
    return groups;
  }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    ++resources_calls[std::string(gv)];
    if (auto e = list_errors.find(gv); e != list_errors.end()) throw apimachinery::Error(e->second);
    if (auto l = lists.find(gv); l != lists.end()) return l->second;
    throw apimachinery::Error("not found");
  }
};

// fakeCachedDiscoveryInterface: starts not fresh and serving nothing; Invalidate makes it fresh
// and reveals group a (a/v1 foo, Kind Foo).
class CachedDiscovery : public discovery::CachedDiscoveryInterface {
 public:
  int invalidate_calls = 0;
  bool fresh = false;
  bool enabled_group_a = false;
  int server_groups_calls = 0;
  std::string groups_error;  // non-empty: ServerGroups throws it

  std::vector<discovery::APIGroup> ServerGroups() override {
    ++server_groups_calls;
    if (!groups_error.empty()) throw apimachinery::Error(groups_error);
    if (enabled_group_a) return {AGroup()};
    return {};
  }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    if (enabled_group_a && gv == "a/v1") return {"a/v1", {Res("foo", "Foo", false)}};
    throw discovery::NotFoundError();
  }
  bool Fresh() override { return fresh; }
  void Invalidate() override {
    ++invalidate_calls;
    fresh = true;
    enabled_group_a = true;
  }

  static discovery::APIGroup AGroup() { return {"a", {{"a/v1", "v1"}}, {"a/v1", "v1"}}; }
  static discovery::APIGroup BGroup() { return {"b", {{"b/v1", "v1"}}, {"b/v1", "v1"}}; }
};

inline std::filesystem::path FixtureDir() {
  return std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "discovery";
}

}  // namespace restmapper_test
