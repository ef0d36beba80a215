#include "apimachinery/runtime/unstructured.hpp"

#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/runtime/runtime.hpp"
#include "apimachinery/runtime/unstructured_converter.hpp"

#include "support/read_file.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_unstructured_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
using nlohmann::json;

namespace {

using test_support::ReadFile;

json Fixture(const std::string& rel) {
  return json::parse(ReadFile(std::string(APIMACHINERY_TESTDATA_DIR) + "/" + rel));
}

json TestData(const std::string& rel) {
  return json::parse(ReadFile(std::string(APIMACHINERY_TESTDATA_DIR) + "/" + rel));
}

}  // namespace

TEST_CASE("UnstructuredTraits", "[runtime][unstructured]") {
  STATIC_REQUIRE(std::is_base_of_v<runtime::Object, runtime::Unstructured>);
  STATIC_REQUIRE(std::is_base_of_v<runtime::Object, runtime::UnstructuredList>);
  STATIC_REQUIRE(std::is_copy_constructible_v<runtime::Unstructured>);
  STATIC_REQUIRE(std::is_nothrow_move_constructible_v<runtime::Unstructured>);
}

TEST_CASE("UnstructuredAccessors", "[runtime][unstructured]") {
  runtime::Unstructured u;
  u.UnmarshalJSON(R"({"apiVersion": "apps/v1", "kind": "Deployment",
    "metadata": {"name": "web", "namespace": "prod", "generateName": "web-", "uid": "u-1",
                 "resourceVersion": "42", "generation": 3,
                 "creationTimestamp": "2024-05-01T10:00:00Z",
                 "deletionTimestamp": "2024-05-02T10:00:00Z", "deletionGracePeriodSeconds": 30,
                 "labels": {"app": "web"}, "annotations": {"a": "b"},
                 "ownerReferences": [{"apiVersion": "v1", "kind": "Thing", "name": "o", "uid": "ou",
                                      "controller": true}],
                 "finalizers": ["f1", "f2"]},
    "spec": {"replicas": 2}})");
  CHECK(u.GetAPIVersion() == "apps/v1");
  CHECK(u.GetKind() == "Deployment");
  CHECK(u.GroupVersionKind() == schema::GroupVersionKind{"apps", "v1", "Deployment"});
  CHECK(u.GetObjectKind() == schema::GroupVersionKind{"apps", "v1", "Deployment"});
  CHECK(u.GetName() == "web");
  CHECK(u.GetNamespace() == "prod");
  CHECK(u.GetGenerateName() == "web-");
  CHECK(u.GetUID() == "u-1");
  CHECK(u.GetResourceVersion() == "42");
  CHECK(u.GetGeneration() == 3);
  CHECK(u.GetCreationTimestamp() == metav1::ParseRFC3339("2024-05-01T10:00:00Z"));
  CHECK(u.GetDeletionTimestamp() == metav1::ParseRFC3339("2024-05-02T10:00:00Z"));
  CHECK(u.GetDeletionGracePeriodSeconds() == 30);
  CHECK(u.GetLabels() == std::map<std::string, std::string>{{"app", "web"}});
  CHECK(u.GetAnnotations() == std::map<std::string, std::string>{{"a", "b"}});
  REQUIRE(u.GetOwnerReferences().size() == 1);
  CHECK(u.GetOwnerReferences()[0].controller == true);
  CHECK(u.GetFinalizers() == std::vector<std::string>{"f1", "f2"});
  CHECK(runtime::NestedInt64(u.Body(), "spec", "replicas") == 2);
  CHECK(runtime::NestedString(u.Body(), "metadata", "name") == "web");  // Body() is u.Object

  // GetObjectMeta is the same typed metadata the accessors use.
  const runtime::Object& obj = u;
  REQUIRE(obj.GetObjectMeta() != nullptr);
  CHECK(obj.GetObjectMeta()->name == "web");
  CHECK(obj.GetObjectMeta()->labels.at("app") == "web");
  CHECK(obj.GetListMeta() == nullptr);
  CHECK(obj.GetTypeId() == apimachinery::util::TypeIdOf<runtime::Unstructured>());

  SECTION("setters write through to the document") {
    u.SetName("api");
    u.SetNamespace("");
    u.SetLabels({{"tier", "backend"}});
    u.SetAnnotations({});
    u.SetGeneration(0);
    u.SetDeletionTimestamp(std::nullopt);
    u.SetFinalizers({"f3"});
    u.SetGroupVersionKind({"batch", "v1", "Job"});
    const json c = u.UnstructuredContent();
    CHECK(c["apiVersion"] == "batch/v1");
    CHECK(c["kind"] == "Job");
    CHECK(c["metadata"]["name"] == "api");
    CHECK(!c["metadata"].contains("namespace"));
    CHECK(c["metadata"]["labels"] == json{{"tier", "backend"}});
    CHECK(!c["metadata"].contains("annotations"));
    CHECK(!c["metadata"].contains("generation"));
    CHECK(!c["metadata"].contains("deletionTimestamp"));
    CHECK(c["metadata"]["finalizers"] == json::array({"f3"}));
    CHECK(c["spec"] == json{{"replicas", 2}});
  }
  SECTION("mutation through GetObjectMeta() is seen by the document") {
    runtime::Object& mobj = u;
    mobj.GetObjectMeta()->resource_version = "43";
    mobj.GetObjectMeta()->labels["new"] = "x";
    const json c = u.UnstructuredContent();
    CHECK(c["metadata"]["resourceVersion"] == "43");
    CHECK(c["metadata"]["labels"] == json{{"app", "web"}, {"new", "x"}});
  }
  SECTION("deep copy is independent") {
    auto copy = u.DeepCopyObject();
    u.SetName("changed");
    CHECK(copy->GetObjectMeta()->name == "web");
    CHECK(dynamic_cast<runtime::Unstructured&>(*copy).GetName() == "web");
  }
  SECTION("NewEmptyInstance keeps only the type") {
    CHECK(u.NewEmptyInstance().UnstructuredContent() ==
          json{{"apiVersion", "apps/v1"}, {"kind", "Deployment"}});
  }
}

TEST_CASE("UnstructuredEmptyAndSetters", "[runtime][unstructured]") {
  runtime::Unstructured u;
  CHECK(u.UnstructuredContent() == json::object());
  CHECK(u.GetName().empty());
  CHECK(u.GetAPIVersion().empty());
  CHECK(u.GroupVersionKind() == schema::GroupVersionKind{});
  CHECK(!u.GetDeletionTimestamp());
  u.SetName("");  // empty: removes, so no metadata appears
  CHECK(u.UnstructuredContent() == json::object());
  u.SetName("x");
  u.SetName("");  // upstream keeps the emptied metadata map
  CHECK(u.UnstructuredContent() == json{{"metadata", json::object()}});
  u.SetCreationTimestamp(metav1::ParseRFC3339("2024-05-01T10:00:00Z"));
  u.SetDeletionGracePeriodSeconds(0);
  u.SetOwnerReferences({metav1::OwnerReference{"v1", "K", "n", "id", std::nullopt, true}});
  u.SetManagedFields({metav1::ManagedFieldsEntry{.manager = "m"}});
  u.SetAPIVersion("v1");
  u.SetKind("ConfigMap");
  const json c = u.UnstructuredContent();
  CHECK(c == json::parse(R"({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {
      "creationTimestamp": "2024-05-01T10:00:00Z", "deletionGracePeriodSeconds": 0,
      "managedFields": [{"manager": "m"}],
      "ownerReferences": [{"apiVersion": "v1", "kind": "K", "name": "n", "uid": "id",
                           "blockOwnerDeletion": true}]}})"));
  // A bad apiVersion gives an empty GVK (upstream swallows the parse error).
  u.SetAPIVersion("a/b/c");
  CHECK(u.GroupVersionKind() == schema::GroupVersionKind{});
}

TEST_CASE("UnstructuredLosslessMetadata", "[runtime][unstructured]") {
  // Every metadata quirk the typed struct cannot express survives a round trip.
  const json doc = json::parse(R"({"apiVersion": "v1", "kind": "Pod", "metadata": {
      "name": "p", "creationTimestamp": null, "annotations": {}, "labels": {"a": null},
      "deletionTimestamp": "2024-05-01T10:00:00.123456Z", "generation": 0, "namespace": "",
      "finalizers": [], "ownerReferences": [{"apiVersion": "v1", "kind": "K", "name": "n",
      "uid": "u", "extra": 1}], "selfLink": "/api/v1/p", "uid": 17, "managedFields": null}})");
  runtime::Unstructured u(doc);
  CHECK(u.UnstructuredContent() == doc);
  CHECK(u.GetName() == "p");
  CHECK(u.GetCreationTimestamp().IsZero());
  CHECK(u.GetAnnotations().empty());
  CHECK(u.GetLabels() == std::map<std::string, std::string>{{"a", ""}});
  CHECK(u.GetDeletionTimestamp() == metav1::ParseRFC3339("2024-05-01T10:00:00Z"));
  CHECK(u.GetUID().empty());  // wrong type reads as empty, as upstream's getNestedString
  CHECK(u.GetObjectMeta()->unknown_fields == json{{"selfLink", "/api/v1/p"}});

  SECTION("a changed member replaces the remembered original") {
    u.SetLabels({{"a", "x"}});
    u.SetUID("real");
    u.SetDeletionTimestamp(metav1::ParseRFC3339("2025-01-01T00:00:00Z"));
    const json c = u.UnstructuredContent();
    CHECK(c["metadata"]["labels"] == json{{"a", "x"}});
    CHECK(c["metadata"]["uid"] == "real");
    CHECK(c["metadata"]["deletionTimestamp"] == "2025-01-01T00:00:00Z");
    CHECK(c["metadata"]["creationTimestamp"].is_null());  // untouched quirks stay
    CHECK(c["metadata"]["annotations"] == json::object());
  }
  SECTION("metadata that is not an object") {
    runtime::Unstructured n(json{{"kind", "X"}, {"metadata", nullptr}});
    CHECK(n.UnstructuredContent() == json{{"kind", "X"}, {"metadata", nullptr}});
    runtime::Unstructured s(json{{"kind", "X"}, {"metadata", "str"}});
    CHECK(s.GetName().empty());
    CHECK(s.UnstructuredContent() == json{{"kind", "X"}, {"metadata", "str"}});
    s.SetName("now-typed");
    CHECK(s.UnstructuredContent() == json{{"kind", "X"}, {"metadata", {{"name", "now-typed"}}}});
  }
  SECTION("an empty metadata object is kept") {
    runtime::Unstructured e(json{{"kind", "X"}, {"metadata", json::object()}});
    CHECK(e.UnstructuredContent() == json{{"kind", "X"}, {"metadata", json::object()}});
  }
}

TEST_CASE("UnstructuredFixturesRoundTrip", "[runtime][unstructured][fixtures]") {
  // Objects captured from real clusters inside AdmissionReview requests, the API round-trip
  // fixtures, and discovery documents.
  std::vector<json> objects;
  for (const char* f : {"admission/connaisseur/01_deployment.json", "admission/connaisseur/02_pod.json",
                        "admission/connaisseur/10_update.json", "admission/connaisseur/11_role.json",
                        "admission/connaisseur/20_pod_ephemeralcontainer.json",
                        "admission/connaisseur/27_deleted_deployment.json",
                        "admission/connaisseur/29_deleted_deployment_update_for_delete.json"}) {
    const json review = Fixture(f);
    objects.push_back(review);
    for (const char* k : {"object", "oldObject"}) {
      if (review.contains("request") && review["request"].contains(k) && review["request"][k].is_object()) {
        objects.push_back(review["request"][k]);
      }
    }
  }
  objects.push_back(Fixture("crds/roundtrip/apiextensions.k8s.io.v1.CustomResourceDefinition.json"));
  objects.push_back(Fixture("admission/roundtrip/admission.k8s.io.v1.AdmissionReview.json"));
  objects.push_back(Fixture("admission/roundtrip/apiextensions.k8s.io.v1.ConversionReview.json"));
  objects.push_back(Fixture("discovery/apis__apps__v1.json"));
  objects.push_back(Fixture("discovery/apis.json"));
  objects.push_back(TestData("runtime/configmap.json"));
  objects.push_back(TestData("runtime/httproute.json"));
  REQUIRE(objects.size() > 15);
  for (const auto& obj : objects) {
    CAPTURE(obj.dump().substr(0, 120));
    runtime::Unstructured u;
    if (obj.contains("kind")) {
      u.UnmarshalJSON(obj.dump());
    } else {
      CHECK_THROWS_AS(u.UnmarshalJSON(obj.dump()), runtime::MissingKindError);
      u.SetUnstructuredContent(obj);
    }
    CHECK(u.UnstructuredContent() == obj);
    CHECK(json::parse(u.MarshalJSON()) == obj);
    if (obj.contains("metadata") && obj["metadata"].is_object() && obj["metadata"].contains("name")) {
      CHECK(u.GetObjectMeta()->name == obj["metadata"]["name"].get<std::string>());
    }
    // And through the typed metadata (strict decode) as well, with unknown keys kept.
    if (obj.contains("metadata")) {
      const auto meta = obj["metadata"].get<metav1::ObjectMeta>();
      const auto partial = obj.get<metav1::PartialObjectMetadata>();
      CHECK(partial.metadata == meta);
    }
  }
  // The CRD fixture has every metadata field populated.
  runtime::Unstructured crd(Fixture("crds/roundtrip/apiextensions.k8s.io.v1.CustomResourceDefinition.json"));
  CHECK(crd.GetGeneration() == 7);
  CHECK(crd.GetDeletionGracePeriodSeconds() == 10);
  CHECK(crd.GetOwnerReferences().at(0).block_owner_deletion == true);
  CHECK(crd.GetObjectMeta()->unknown_fields == json{{"selfLink", "selfLinkValue"}});
}

TEST_CASE("UnstructuredListFixtureRoundTrip", "[runtime][unstructured][fixtures]") {
  const json doc = Fixture("discovery/aggregated_v2.json");
  runtime::UnstructuredList list(doc);
  CHECK(list.items.size() == 23);
  CHECK(list.UnstructuredContent() == doc);
  CHECK(list.items[0].GetName() == "apiregistration.k8s.io");
  CHECK(list.GetObjectMeta() == nullptr);
  REQUIRE(list.GetListMeta() != nullptr);

  // UnmarshalJSON stamps items that have neither kind nor apiVersion.
  runtime::UnstructuredList decoded;
  decoded.UnmarshalJSON(doc.dump());
  REQUIRE(decoded.items.size() == 23);
  CHECK(decoded.items[0].GetKind() == "APIGroupDiscovery");
  CHECK(decoded.items[0].GetAPIVersion() == "apidiscovery.k8s.io/v2");
  auto obj = runtime::DecodeUnstructured(doc.dump());
  CHECK(dynamic_cast<runtime::UnstructuredList*>(obj.get()) != nullptr);
}

TEST_CASE("TestDecodeList", "[runtime][unstructured]") {
  struct Row {
    std::string name;
    std::string data;
    std::optional<json> initial;
    json want;  // UnstructuredContent of the result (items included)
    std::string want_err;
  };
  const std::vector<Row> rows = {
      {"typed list",
       R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[{"metadata":{"name":"a","generation":2}},{"kind":"Pod","metadata":{"name":"b"}},null]})",
       std::nullopt,
       json::parse(R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[
         {"kind":"Pod","apiVersion":"v1","metadata":{"name":"a","generation":2}},
         {"kind":"Pod","metadata":{"name":"b"}},
         {"kind":"Pod","apiVersion":"v1"}]})"),
       ""},
      {"list of mixed kinds",
       R"({"kind":"List","apiVersion":"v1","items":[{"kind":"Pod","apiVersion":"v1","spec":{"volumes":[{"configMap":{"items":[{"key":"k"}]}}]}},{"kind":"Service","apiVersion":"v1","spec":{"ports":[{"port":1.5}]}}]})",
       std::nullopt,
       json::parse(
           R"({"kind":"List","apiVersion":"v1","items":[{"kind":"Pod","apiVersion":"v1","spec":{"volumes":[{"configMap":{"items":[{"key":"k"}]}}]}},{"kind":"Service","apiVersion":"v1","spec":{"ports":[{"port":1.5}]}}]})"),
       ""},
      {"list with content", R"({"kind":"PodList","apiVersion":"v1","items":[{"metadata":{"name":"a"}}]})",
       json::parse(R"({"kind":"OldList","stale":"x","items":[{"kind":"Stale"}]})"),
       json::parse(
           R"({"kind":"PodList","apiVersion":"v1","stale":"x","items":[{"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}}]})"),
       ""},
      {"item that is not an object", R"({"kind":"PodList","items":[{"a":1},2]})", std::nullopt, json(),
       "json: cannot unmarshal number into Go value of type map[string]interface {}"},
      {"items that is not an array", R"({"kind":"PodList","items":5})", std::nullopt, json(),
       "cannot unmarshal number"},
      {"missing kind", R"({"items":[]})", std::nullopt, json(),
       R"(Object 'Kind' is missing in '{"items":[]}')"},
      {"malformed", R"({"kind":"PodList","items":[)", std::nullopt, json(), "invalid JSON"},
      {"not an object", R"([1])", std::nullopt, json(),
       "json: cannot unmarshal array into Go value of type map[string]interface {}"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.name);
    runtime::UnstructuredList list;
    if (row.initial) list.SetUnstructuredContent(*row.initial);
    if (!row.want_err.empty()) {
      try {
        list.UnmarshalJSON(row.data);
        FAIL("no error");
      } catch (const apimachinery::Error& e) {
        CHECK_THAT(e.what(), Catch::Contains(row.want_err));
      }
      continue;
    }
    list.UnmarshalJSON(row.data);
    CHECK(list.UnstructuredContent() == row.want);
  }
  CHECK_THROWS_AS(runtime::UnstructuredList().UnmarshalJSON(R"({"items":[]})"), runtime::MissingKindError);
}

TEST_CASE("UnstructuredListAccessors", "[runtime][unstructured]") {
  runtime::UnstructuredList list(json::parse(R"({"apiVersion": "v1", "kind": "PodList",
      "metadata": {"resourceVersion": "10", "continue": "c", "remainingItemCount": 4},
      "items": [{"kind": "Pod", "metadata": {"name": "a"}}, 5, {"kind": "Pod", "metadata": {"name": "b"}}]})"));
  CHECK(list.items.size() == 2);  // non-object items are skipped, as upstream
  CHECK(list.GetResourceVersion() == "10");
  CHECK(list.GetContinue() == "c");
  CHECK(list.GetRemainingItemCount() == 4);
  CHECK(list.GetListMeta()->resource_version == "10");
  CHECK(list.GroupVersionKind() == schema::GroupVersionKind{"", "v1", "PodList"});
  list.SetResourceVersion("11");
  list.SetContinue("");
  list.SetRemainingItemCount(std::nullopt);
  list.GetListMeta()->unknown_fields = json{{"selfLink", "/x"}};
  std::vector<std::string> names;
  list.EachListItem([&](runtime::Object& o) { names.push_back(o.GetObjectMeta()->name); });
  CHECK(names == std::vector<std::string>{"a", "b"});
  const json c = list.UnstructuredContent();
  CHECK(c["metadata"] == json{{"resourceVersion", "11"}, {"selfLink", "/x"}});
  CHECK(c["items"].size() == 2);
  auto copy = list.DeepCopyObject();
  CHECK(copy->GetListMeta()->resource_version == "11");
  CHECK(list.NewEmptyInstance().UnstructuredContent() ==
        json{{"apiVersion", "v1"}, {"kind", "PodList"}, {"items", json::array()}});
}

TEST_CASE("UnstructuredIsListAndEachListItem", "[runtime][unstructured]") {
  runtime::Unstructured u(
      json::parse(R"({"kind": "List", "items": [{"kind": "A", "metadata": {"name": "x"}}, {"kind": "B"}]})"));
  CHECK(u.IsList());
  std::vector<std::string> kinds;
  u.EachListItem([&](runtime::Object& o) { kinds.push_back(o.GetObjectKind().kind); });
  CHECK(kinds == std::vector<std::string>{"A", "B"});
  const auto list = u.ToList();
  CHECK(list.items.size() == 2);
  CHECK(list.items[0].GetName() == "x");

  runtime::Unstructured not_list(json{{"kind", "A"}});
  CHECK(!not_list.IsList());
  CHECK_THROWS_WITH(not_list.EachListItem([](runtime::Object&) {}), "content is not a list");
  CHECK(not_list.ToList().items.empty());
  runtime::Unstructured bad_items(json{{"kind", "A"}, {"items", "x"}});
  CHECK(!bad_items.IsList());
  CHECK_THROWS_WITH(bad_items.EachListItem([](runtime::Object&) {}), "content is not a list: string");
  runtime::Unstructured bad_item(json{{"kind", "A"}, {"items", json::array({1})}});
  CHECK_THROWS_WITH(bad_item.EachListItem([](runtime::Object&) {}),
                    "items member is not an object: map[string]interface {}");
}

TEST_CASE("UnstructuredBadInput", "[runtime][unstructured]") {
  runtime::Unstructured u(json{{"kind", "Keep"}});
  CHECK_THROWS_AS(u.UnmarshalJSON("{"), metav1::DecodeError);
  CHECK_THROWS_AS(u.UnmarshalJSON(""), metav1::DecodeError);
  CHECK_THROWS_AS(u.UnmarshalJSON("[1,2]"), metav1::DecodeError);
  CHECK_THROWS_WITH(u.UnmarshalJSON("\"s\""),
                    "json: cannot unmarshal string into Go value of type map[string]interface {}");
  CHECK(u.GetKind() == "Keep");  // unchanged by the failures above
  CHECK_THROWS_AS(u.UnmarshalJSON(R"({"apiVersion":"v1"})"), runtime::MissingKindError);
  CHECK_THROWS_WITH(u.UnmarshalJSON(R"({"apiVersion":"v1"})"),
                    R"(Object 'Kind' is missing in '{"apiVersion":"v1"}')");
  CHECK(u.GetAPIVersion() == "v1");  // as upstream, the content is replaced before the kind check
  CHECK_THROWS_AS(runtime::Unstructured(json(3)), metav1::DecodeError);
  CHECK_THROWS_AS(runtime::DecodeUnstructured("nope"), metav1::DecodeError);
  // Wrong metadata types never throw: they read as empty.
  runtime::Unstructured odd(json::parse(
      R"({"kind": "X", "metadata": {"labels": ["a"], "generation": "7", "ownerReferences": [1],
          "creationTimestamp": "yesterday", "finalizers": [1]}})"));
  CHECK(odd.GetLabels().empty());
  CHECK(odd.GetGeneration() == 0);
  CHECK(odd.GetOwnerReferences().empty());
  CHECK(odd.GetCreationTimestamp().IsZero());
  CHECK(odd.GetFinalizers().empty());
  CHECK(odd.UnstructuredContent()["metadata"]["creationTimestamp"] == "yesterday");
  // Kind and apiVersion of the wrong type read as empty.
  runtime::Unstructured wrong_kind(json{{"kind", 5}, {"apiVersion", true}});
  CHECK(wrong_kind.GetKind().empty());
  CHECK(wrong_kind.GroupVersionKind() == schema::GroupVersionKind{});
}

TEST_CASE("UnstructuredConverter", "[runtime][unstructured][converter]") {
  metav1::PartialObjectMetadata p;
  p.type_meta = {"v1", "Pod"};
  p.metadata.name = "p";
  p.metadata.labels["a"] = "b";
  const json u = runtime::ToUnstructured(p);
  CHECK(u == json::parse(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"a":"b"}}})"));
  metav1::PartialObjectMetadata back;
  runtime::FromUnstructured(u, back);
  CHECK(back == p);

  const runtime::Unstructured obj = runtime::ToUnstructuredObject(p);
  CHECK(obj.GetName() == "p");
  metav1::PartialObjectMetadata back2;
  runtime::FromUnstructuredObject(obj, back2);
  CHECK(back2 == p);

  metav1::Status st;
  CHECK_THROWS_AS(runtime::FromUnstructured(json{{"code", "x"}}, st), metav1::DecodeError);
  CHECK_THROWS_AS(runtime::ToUnstructured(std::string("scalar")), apimachinery::Error);
  CHECK_THROWS_AS(runtime::FromUnstructured(json{{"x", 1}}, back2.metadata.name),
                  metav1::DecodeError);  // nlohmann's type_error translated

  // Unstructured itself converts through its content.
  const json again = runtime::ToUnstructured(obj);
  CHECK(again == u);
  runtime::Unstructured target;
  runtime::FromUnstructured(again, target);
  CHECK(target == obj);
}

}  // namespace runtime_unstructured_test
