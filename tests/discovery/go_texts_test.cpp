// Discovery decode errors carry Go's json.Unmarshal text for a value of the wrong type: the rows
// below were printed by a Go program unmarshalling the same documents into metav1.APIResourceList,
// metav1.APIGroupList, metav1.APIGroup, metav1.APIVersions and apidiscovery/v2.APIGroupDiscoveryList
// (k8s.io/apimachinery and k8s.io/api v0.37.2, encoding/json of go1.26).
#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/types.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_go_texts_test {

namespace discovery = apimachinery::discovery;

struct Row {
  const char* doc;
  const char* go;  // Go's error text
};

template <typename Parse>
std::string ReasonOf(Parse parse, const char* doc) {
  try {
    parse(doc);
  } catch (const discovery::DecodeError& e) {
    return e.reason;
  }
  return "";
}

TEST_CASE("discovery: a decode failure is the one decode error type", "[discovery][types]") {
  // discovery::DecodeError derives from util::json::DecodeError (metav1::DecodeError's type), so
  // one catch handles a bad discovery document and a bad API object alike.
  try {
    discovery::ParseAPIResourceList(R"({"groupVersion": 1})");
    FAIL("no error");
  } catch (const apimachinery::util::json::DecodeError& e) {
    const auto* d = dynamic_cast<const discovery::DecodeError*>(&e);
    REQUIRE(d != nullptr);
    CHECK(d->path == "groupVersion");
    CHECK(std::string(e.what()) ==
          "discovery: cannot decode APIResourceList: groupVersion: json: cannot unmarshal number into Go "
          "struct field APIResourceList.groupVersion of type string");
  }
}

TEST_CASE("discovery: the reason of a type error is Go's text", "[discovery][types]") {
  const Row resource_lists[] = {
      {R"({"resources": {}})",
       "json: cannot unmarshal object into Go struct field APIResourceList.resources of type "
       "[]v1.APIResource"},
      {R"({"groupVersion": 1})",
       "json: cannot unmarshal number into Go struct field APIResourceList.groupVersion of type string"},
      {R"({"resources": [{}, {}, {"namespaced": "true"}]})",
       "json: cannot unmarshal string into Go struct field APIResource.resources.namespaced of type bool"},
      {R"({"resources": [{"verbs": ["get", 7]}]})",
       "json: cannot unmarshal number into Go struct field APIResource.resources.verbs of type string"},
      {R"({"resources": ["pods"]})",
       "json: cannot unmarshal string into Go struct field APIResourceList.resources of type v1.APIResource"},
  };
  for (const auto& row : resource_lists) {
    INFO(row.doc);
    CHECK(ReasonOf([](const char* d) { discovery::ParseAPIResourceList(d); }, row.doc) == row.go);
  }
  const Row group_lists[] = {
      {R"({"groups": [{"versions": [{"version": true}]}]})",
       "json: cannot unmarshal bool into Go struct field GroupVersionForDiscovery.groups.versions.version of "
       "type "
       "string"},
      {R"({"groups": [{"name": 1}]})",
       "json: cannot unmarshal number into Go struct field APIGroup.groups.name of type string"},
  };
  for (const auto& row : group_lists) {
    INFO(row.doc);
    CHECK(ReasonOf([](const char* d) { discovery::ParseAPIGroupList(d); }, row.doc) == row.go);
  }
  CHECK(ReasonOf([](const char* d) { discovery::ParseAPIGroup(d); }, R"({"preferredVersion": "v1"})") ==
        "json: cannot unmarshal string into Go struct field APIGroup.preferredVersion of type "
        "v1.GroupVersionForDiscovery");
  CHECK(ReasonOf([](const char* d) { discovery::ParseAPIVersions(d); }, R"({"versions": "v1"})") ==
        "json: cannot unmarshal string into Go struct field APIVersions.versions of type []string");

  const Row aggregated[] = {
      {R"({"items":[{"metadata":{"name":"a"},"versions":[{"version":"v1","resources":[{"resource":"x","scope":true}]}]}]})",
       "json: cannot unmarshal bool into Go struct field APIResourceDiscovery.items.versions.resources.scope "
       "of "
       "type v2.ResourceScope"},
      {R"({"items":[{"versions":[{"resources":[{"responseKind":"x"}]}]}]})",
       "json: cannot unmarshal string into Go struct field APIResourceDiscovery.items.versions.resources."
       "responseKind of type v1.GroupVersionKind"},
      {R"({"items":[{"metadata":{"name":1}}]})",
       "json: cannot unmarshal number into Go struct field ObjectMeta.items.metadata.name of type string"},
      {R"({"items":[{"metadata":"x"}]})",
       "json: cannot unmarshal string into Go struct field APIGroupDiscovery.items.metadata of type "
       "v1.ObjectMeta"},
  };
  for (const auto& row : aggregated) {
    INFO(row.doc);
    CHECK(ReasonOf([](const char* d) { discovery::ParseAPIGroupDiscoveryList(d); }, row.doc) == row.go);
  }
  // The error context does not leak from one decode into the next.
  CHECK(ReasonOf([](const char* d) { discovery::ParseAPIVersions(d); }, R"({"versions": [1]})") ==
        "json: cannot unmarshal number into Go struct field APIVersions.versions of type string");
}

}  // namespace discovery_go_texts_test
