#include <string>
#include <type_traits>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/v1.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace apis_meta_v1_types_test {

namespace metav1 = apimachinery::metav1;
using nlohmann::json;

TEST_CASE("ObjectMetaJSONRoundTrip", "[runtime][metav1]") {
  const json wire = json::parse(R"({
    "name": "nameValue", "generateName": "generateNameValue", "namespace": "namespaceValue",
    "selfLink": "selfLinkValue", "uid": "uidValue", "resourceVersion": "resourceVersionValue",
    "generation": 7, "creationTimestamp": "2008-01-01T01:01:01Z",
    "deletionTimestamp": "2009-01-01T01:01:01Z", "deletionGracePeriodSeconds": 10,
    "labels": {"labelsKey": "labelsValue"}, "annotations": {"annotationsKey": "annotationsValue"},
    "ownerReferences": [{"apiVersion": "apiVersionValue", "kind": "kindValue", "name": "nameValue",
                         "uid": "uidValue", "controller": true, "blockOwnerDeletion": true}],
    "finalizers": ["finalizersValue"],
    "managedFields": [{"manager": "managerValue", "operation": "operationValue",
                       "time": "2004-01-01T01:01:01Z", "fieldsV1": {}}],
    "futureField": {"x": 1}
  })");
  const auto m = wire.get<metav1::ObjectMeta>();
  CHECK(m.name == "nameValue");
  CHECK(m.generate_name == "generateNameValue");
  CHECK(m.namespace_ == "namespaceValue");
  CHECK(m.uid == "uidValue");
  CHECK(m.resource_version == "resourceVersionValue");
  CHECK(m.generation == 7);
  CHECK(metav1::FormatRFC3339(m.creation_timestamp) == "2008-01-01T01:01:01Z");
  REQUIRE(m.deletion_timestamp.has_value());
  CHECK(metav1::FormatRFC3339(*m.deletion_timestamp) == "2009-01-01T01:01:01Z");
  CHECK(m.deletion_grace_period_seconds == 10);
  CHECK(m.labels.at("labelsKey") == "labelsValue");
  CHECK(m.annotations.at("annotationsKey") == "annotationsValue");
  REQUIRE(m.owner_references.size() == 1);
  CHECK(m.owner_references[0].api_version == "apiVersionValue");
  CHECK(m.owner_references[0].controller == true);
  CHECK(m.owner_references[0].block_owner_deletion == true);
  CHECK(m.finalizers == std::vector<std::string>{"finalizersValue"});
  REQUIRE(m.managed_fields.size() == 1);
  CHECK(m.managed_fields[0].manager == "managerValue");
  CHECK(m.managed_fields[0].operation == "operationValue");
  CHECK(m.managed_fields[0].time == metav1::ParseRFC3339("2004-01-01T01:01:01Z"));
  REQUIRE(m.managed_fields[0].fields_v1.has_value());
  CHECK(m.managed_fields[0].fields_v1->raw == "{}");
  CHECK(m.unknown_fields == json{{"selfLink", "selfLinkValue"}, {"futureField", {{"x", 1}}}});
  CHECK(json(m) == wire);
  CHECK(json(m).get<metav1::ObjectMeta>() == m);
}

TEST_CASE("ObjectMetaOmitEmpty", "[runtime][metav1]") {
  CHECK(json(metav1::ObjectMeta{}) == json::object());
  metav1::ObjectMeta m;
  m.name = "web";
  m.labels["app"] = "web";
  CHECK(json(m) == json{{"name", "web"}, {"labels", {{"app", "web"}}}});
  m.deletion_grace_period_seconds = 0;  // set optional: written even when zero
  CHECK(json(m)["deletionGracePeriodSeconds"] == 0);
  // Unknown keys never override modelled keys, even empty ones.
  metav1::ObjectMeta u;
  u.unknown_fields = json{{"name", "shadow"}, {"x", 1}};
  CHECK(json(u) == json{{"x", 1}});
}

TEST_CASE("OwnerReferenceJSON", "[runtime][metav1]") {
  metav1::OwnerReference r;
  r.api_version = "apps/v1";
  r.kind = "ReplicaSet";
  r.name = "web";
  r.uid = "u1";
  // apiVersion, kind, name, uid have no omitempty upstream.
  CHECK(json(metav1::OwnerReference{}) == json{{"apiVersion", ""}, {"kind", ""}, {"name", ""}, {"uid", ""}});
  r.controller = false;
  CHECK(json(r) == json{{"apiVersion", "apps/v1"},
                        {"kind", "ReplicaSet"},
                        {"name", "web"},
                        {"uid", "u1"},
                        {"controller", false}});
  CHECK(json(r).get<metav1::OwnerReference>() == r);
}

TEST_CASE("ListMetaAndTypeMetaJSON", "[runtime][metav1]") {
  const json wire = {
      {"resourceVersion", "5"}, {"continue", "tok"}, {"remainingItemCount", 3}, {"selfLink", "/x"}};
  const auto l = wire.get<metav1::ListMeta>();
  CHECK(l.resource_version == "5");
  CHECK(l.continue_ == "tok");
  CHECK(l.remaining_item_count == 3);
  CHECK(json(l) == wire);
  CHECK(json(metav1::ListMeta{}) == json::object());

  const auto t =
      json{{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"spec", {}}}.get<metav1::TypeMeta>();
  CHECK(t == metav1::TypeMeta{"apps/v1", "Deployment"});
  CHECK(json(t) == json{{"apiVersion", "apps/v1"}, {"kind", "Deployment"}});
  CHECK(json(metav1::TypeMeta{}) == json::object());
}

TEST_CASE("ObjectMetaNullsReadAsUnset", "[runtime][metav1]") {
  const auto m = json::parse(R"({"name": null, "creationTimestamp": null, "labels": {"a": null},
                                 "finalizers": null, "deletionTimestamp": null,
                                 "ownerReferences": [null]})")
                     .get<metav1::ObjectMeta>();
  CHECK(m.name.empty());
  CHECK(m.creation_timestamp.IsZero());
  CHECK(m.labels == std::map<std::string, std::string>{{"a", ""}});
  CHECK(!m.deletion_timestamp);
  CHECK(m.owner_references.size() == 1);
}

TEST_CASE("ObjectMetaWrongTypes", "[runtime][metav1]") {
  struct Row {
    const char* in;
    const char* error;
  };
  const Row rows[] = {
      {R"({"name": 5})", "json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"},
      {R"({"namespace": true})",
       "json: cannot unmarshal bool into Go struct field ObjectMeta.namespace of type string"},
      {R"({"generation": "7"})",
       "json: cannot unmarshal string into Go struct field ObjectMeta.generation of type int64"},
      {R"({"generation": 1.5})",
       "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64"},
      {R"({"labels": ["a"]})",
       "json: cannot unmarshal array into Go struct field ObjectMeta.labels of type map[string]string"},
      {R"({"labels": {"a": 1}})",
       "json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string"},
      {R"({"finalizers": "x"})",
       "json: cannot unmarshal string into Go struct field ObjectMeta.finalizers of type []string"},
      {R"({"ownerReferences": {}})",
       "json: cannot unmarshal object into Go struct field ObjectMeta.ownerReferences of type "
       "[]v1.OwnerReference"},
      {R"({"ownerReferences": [{"controller": "yes"}]})",
       "json: cannot unmarshal string into Go struct field OwnerReference.ownerReferences.controller of type "
       "bool"},
      {R"({"creationTimestamp": 5})",
       "json: cannot unmarshal number into Go struct field ObjectMeta.creationTimestamp of type string"},
      {R"({"creationTimestamp": "soon"})",
       R"(parsing time "soon" as "2006-01-02T15:04:05Z07:00": cannot parse "soon" as "2006")"},
      {R"({"managedFields": [{"manager": 1}]})",
       "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.manager of type "
       "string"},
      {R"({"managedFields": [{"time": 1}]})",
       "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.managedFields.time of type "
       "string"},
      {R"({"managedFields": [5]})",
       "json: cannot unmarshal number into Go struct field ObjectMeta.managedFields of type "
       "v1.ManagedFieldsEntry"},
      {R"({"managedFields": {}})",
       "json: cannot unmarshal object into Go struct field ObjectMeta.managedFields of type "
       "[]v1.ManagedFieldsEntry"},
      {R"("x")", "json: cannot unmarshal string into Go value of type v1.ObjectMeta"},
      {R"([])", "json: cannot unmarshal array into Go value of type v1.ObjectMeta"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.in);
    const json j = json::parse(row.in);
    metav1::ObjectMeta m;
    m.name = "kept";
    CHECK_THROWS_AS(metav1::from_json(j, m), metav1::DecodeError);
    CHECK_THROWS_WITH(metav1::from_json(j, m), row.error);
    CHECK(m.name == "kept");  // strong guarantee
  }
  CHECK_THROWS_WITH(
      json::parse(R"({"remainingItemCount": "3"})").get<metav1::ListMeta>(),
      "json: cannot unmarshal string into Go struct field ListMeta.remainingItemCount of type int64");
  CHECK_THROWS_WITH(json::parse(R"({"kind": 1})").get<metav1::TypeMeta>(),
                    "json: cannot unmarshal number into Go struct field TypeMeta.kind of type string");
}

TEST_CASE("StatusJSON", "[runtime][metav1][status]") {
  const json wire = json::parse(R"({
    "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
    "message": "pods \"x\" is forbidden: nope", "reason": "Forbidden",
    "details": {"name": "x", "kind": "pods", "causes": [{"reason": "FieldValueRequired",
                "message": "Required value", "field": "spec.containers"}], "retryAfterSeconds": 2},
    "code": 403})");
  const auto s = wire.get<metav1::Status>();
  CHECK(s.type_meta.kind == "Status");
  CHECK(s.status == metav1::kStatusFailure);
  CHECK(s.reason == metav1::kStatusReasonForbidden);
  CHECK(s.code == 403);
  REQUIRE(s.details.has_value());
  CHECK(s.details->retry_after_seconds == 2);
  REQUIRE(s.details->causes.size() == 1);
  CHECK(s.details->causes[0].type == metav1::kCauseTypeFieldValueRequired);
  CHECK(s.details->causes[0].field == "spec.containers");
  CHECK(json(s) == wire);
  CHECK(s.GetObjectKind().kind == "Status");
  CHECK(s.GetObjectMeta() == nullptr);
  CHECK(s.GetListMeta() != nullptr);
  CHECK_THROWS_WITH(json::parse(R"({"code": "403"})").get<metav1::Status>(),
                    "json: cannot unmarshal string into Go struct field Status.code of type int32");
  CHECK_THROWS_WITH(
      json::parse(R"({"code": 3000000000})").get<metav1::Status>(),
      "json: cannot unmarshal number 3000000000 into Go struct field Status.code of type int32");
  CHECK_THROWS_AS(json::parse(R"({"details": {"causes": {}}})").get<metav1::Status>(), metav1::DecodeError);
}

TEST_CASE("PartialObjectMetadata", "[runtime][metav1]") {
  const json pod = json::parse(R"({"apiVersion": "v1", "kind": "Pod",
      "metadata": {"name": "p", "namespace": "ns", "labels": {"app": "x"}},
      "spec": {"containers": []}})");
  const auto p = pod.get<metav1::PartialObjectMetadata>();
  CHECK(p.metadata.name == "p");
  CHECK(p.GetObjectMeta() == &p.metadata);
  CHECK(p.GetObjectKind() == apimachinery::schema::GroupVersionKind{"", "v1", "Pod"});
  CHECK(json(p) == json::parse(R"({"apiVersion": "v1", "kind": "Pod",
      "metadata": {"name": "p", "namespace": "ns", "labels": {"app": "x"}}})"));
  auto copy = p.DeepCopyObject();
  CHECK(copy->GetObjectMeta()->name == "p");

  const json list = json::parse(R"({"apiVersion": "meta.k8s.io/v1", "kind": "PartialObjectMetadataList",
      "metadata": {"resourceVersion": "9"}, "items": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}}]})");
  const auto l = list.get<metav1::PartialObjectMetadataList>();
  CHECK(l.list_meta.resource_version == "9");
  REQUIRE(l.items.size() == 2);
  CHECK(l.items[1].metadata.name == "b");
  CHECK(l.GetListMeta()->resource_version == "9");
  CHECK(json(l) == list);
  CHECK_THROWS_AS(json::parse(R"({"items": 3})").get<metav1::PartialObjectMetadataList>(),
                  metav1::DecodeError);
}

}  // namespace apis_meta_v1_types_test
