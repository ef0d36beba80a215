// Tests for the ordered JSON writer (runtime/fields_json.hpp: FieldsAppendJSON; metav1's
// AppendJSON; runtime::JSONSerializer::Encode): typed objects are written with Go's key order, the
// bytes compared with what Go writes for the same object.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/util/json/json.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_encode_order_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace metav1 = apimachinery::metav1;
namespace ujson = apimachinery::util::json;

// The Go structs these mirror, and the expected bytes below, come from a throwaway Go program
// (encoding/json of Go 1.26, k8s.io/apimachinery v0.37.2):
//
//   type Port struct {
//     Name     string `json:"name,omitempty"`
//     Port     int32  `json:"port,omitempty"`
//     Protocol string `json:"protocol,omitempty"`
//   }
//   type Placement struct {
//     Zone string            `json:"zone,omitempty"`
//     Tags map[string]string `json:"tags,omitempty"`
//   }
//   type GadgetSpec struct {
//     Placement     `json:",inline"`
//     Replicas      int32                  `json:"replicas"`
//     Ports         []Port                 `json:"ports,omitempty"`
//     Timeout       *int64                 `json:"timeout,omitempty"`
//     Selector      map[string]string      `json:"selector,omitempty"`
//     Args          []string               `json:"args"`
//     Extra         map[string]interface{} `json:"extra,omitempty"`
//     Ratio         float64                `json:"ratio,omitempty"`
//     Paused        bool                   `json:"paused,omitempty"`
//     Image         string                 `json:"image,omitempty"`
//     LabelSelector *metav1.LabelSelector  `json:"labelSelector,omitempty"`
//     Note          string                 `json:"note,omitempty"`
//   }
//   type GadgetStatus struct {
//     ObservedGeneration int64              `json:"observedGeneration,omitempty"`
//     Conditions         []metav1.Condition `json:"conditions,omitempty"`
//     Ready              bool               `json:"ready,omitempty"`
//   }
//   type Gadget struct {
//     metav1.TypeMeta   `json:",inline"`
//     metav1.ObjectMeta `json:"metadata,omitempty"`
//     Spec              GadgetSpec   `json:"spec,omitempty"`
//     Status            GadgetStatus `json:"status,omitempty"`
//   }
struct Port {
  std::string name;
  std::int32_t port = 0;
  std::string protocol;
};
APIMACHINERY_FIELDS(Port, name, port, protocol)
APIMACHINERY_JSON_FIELDS(Port)

struct Placement {
  std::string zone;
  std::map<std::string, std::string> tags;
};
APIMACHINERY_FIELDS(Placement, zone, tags)

struct GadgetSpec {
  Placement placement;
  std::int32_t replicas = 0;
  std::vector<Port> ports;
  std::optional<std::int64_t> timeout;
  std::map<std::string, std::string> selector;
  std::vector<std::string> args;
  nlohmann::json extra;
  double ratio = 0;
  bool paused = false;
  std::string image;
  std::optional<metav1::LabelSelector> label_selector;
  std::string note;
};
APIMACHINERY_FIELDS(GadgetSpec, (placement, ",inline"), (replicas, "replicas"), ports, timeout, selector,
                    (args, "args"), extra, ratio, paused, image, label_selector, note)
APIMACHINERY_JSON_FIELDS(GadgetSpec)

struct GadgetStatus {
  std::int64_t observed_generation = 0;
  std::vector<metav1::Condition> conditions;
  bool ready = false;
};
APIMACHINERY_FIELDS(GadgetStatus, observed_generation, conditions, ready)
APIMACHINERY_JSON_FIELDS(GadgetStatus)

struct Gadget : runtime::ObjectBase<Gadget> {
  static constexpr std::string_view kKind = "Gadget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  GadgetSpec spec;
  GadgetStatus status;
};
APIMACHINERY_FIELDS(Gadget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Gadget)

const schema::GroupVersion kGadgetsV1{"gadgets.example.com", "v1"};

const runtime::Scheme& Gadgets() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("gadgets");
    scheme->AddKnownTypes<Gadget>(kGadgetsV1);
    return scheme;
  }();
  return *s;
}

Gadget SampleGadget() {
  const metav1::Time t = metav1::ParseRFC3339("2024-05-01T10:00:00Z");
  Gadget g;
  g.SetGroupVersionKind(kGadgetsV1.WithKind("Gadget"));
  g.metadata.name = "g1";
  g.metadata.namespace_ = "shop";
  g.metadata.uid = "6f1c1c2e-0001";
  g.metadata.resource_version = "42";
  g.metadata.generation = 3;
  g.metadata.creation_timestamp = t;
  g.metadata.labels = {{"tier", "web"}, {"app", "gadget"}, {"Zeta", "z"}};
  g.metadata.annotations = {{"note", "<b>&</b>"}};
  g.metadata.owner_references = {{.api_version = "apps/v1",
                                  .kind = "ReplicaSet",
                                  .name = "rs",
                                  .uid = "u-1",
                                  .controller = true,
                                  .block_owner_deletion = std::nullopt}};
  g.metadata.finalizers = {"example.com/cleanup"};
  g.spec.placement = {"eu-west-1a", {{"b", "2"}, {"a", "1"}}};
  g.spec.ports = {{"http", 8080, "TCP"}, {"", 9090, ""}};
  g.spec.timeout = 30;
  g.spec.selector = {{"tier", "web"}, {"app", "gadget"}};
  g.spec.extra = nlohmann::json{{"z", 1}, {"a", {{"y", true}, {"b", "x"}}}};
  g.spec.ratio = 0.25;
  g.spec.image = "registry.example.com/gadget:1.0";
  g.spec.label_selector = metav1::LabelSelector{
      .match_labels = {{"app", "gadget"}},
      .match_expressions = {{.key = "tier", .operator_ = "In", .values = {"web"}}},
  };
  g.status.observed_generation = 3;
  g.status.conditions = {{.type = "Ready",
                          .status = "True",
                          .observed_generation = 3,
                          .last_transition_time = t,
                          .reason = "AllGood",
                          .message = "ready"}};
  return g;
}

// json.Marshal(gadget) of the Go program (Go 1.26 encoding/json, k8s.io/apimachinery v0.37.2).
constexpr std::string_view kGoGadget =
    R"({"kind":"Gadget","apiVersion":"gadgets.example.com/v1","metadata":{"name":"g1","namespace":"shop",)"
    R"("uid":"6f1c1c2e-0001","resourceVersion":"42","generation":3,"creationTimestamp":"2024-05-01T10:00:00Z",)"
    R"("labels":{"Zeta":"z","app":"gadget","tier":"web"},"annotations":{"note":"\u003cb\u003e\u0026\u003c/b\u003e"},)"
    R"("ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"rs","uid":"u-1","controller":true}],)"
    R"("finalizers":["example.com/cleanup"]},"spec":{"zone":"eu-west-1a","tags":{"a":"1","b":"2"},"replicas":0,)"
    R"("ports":[{"name":"http","port":8080,"protocol":"TCP"},{"port":9090}],"timeout":30,)"
    R"("selector":{"app":"gadget","tier":"web"},"args":null,"extra":{"a":{"b":"x","y":true},"z":1},"ratio":0.25,)"
    R"("image":"registry.example.com/gadget:1.0","labelSelector":{"matchLabels":{"app":"gadget"},)"
    R"("matchExpressions":[{"key":"tier","operator":"In","values":["web"]}]}},"status":{"observedGeneration":3,)"
    R"("conditions":[{"type":"Ready","status":"True","observedGeneration":3,)"
    R"("lastTransitionTime":"2024-05-01T10:00:00Z","reason":"AllGood","message":"ready"}]}})";

// json.Marshal of a Gadget with only its TypeMeta set.
constexpr std::string_view kGoEmptyGadget =
    R"({"kind":"Gadget","apiVersion":"gadgets.example.com/v1","metadata":{},"spec":{"replicas":0,"args":null},)"
    R"("status":{}})";

// json.MarshalIndent(empty, "", "  ") of the same.
constexpr std::string_view kGoEmptyGadgetIndented = R"({
  "kind": "Gadget",
  "apiVersion": "gadgets.example.com/v1",
  "metadata": {},
  "spec": {
    "replicas": 0,
    "args": null
  },
  "status": {}
})";

TEST_CASE("Encode writes a typed object with Go's key order", "[runtime][codec][encode_order]") {
  runtime::JSONSerializer codec(Gadgets());
  const Gadget g = SampleGadget();
  const std::string out = codec.Encode(g);
  CHECK(out == kGoGadget);

  // The same members and values as the document of to_json (keys sorted there).
  CHECK(ujson::Parse(out) == codec.ToJSON(g));
  CHECK(ujson::Marshal(ujson::Parse(out)) == ujson::Marshal(codec.ToJSON(g)));

  // FieldsAppendJSON (the type's AppendJSON) alone writes the object's own apiVersion/kind.
  std::string direct;
  AppendJSON(direct, g);
  CHECK(direct == kGoGadget);

  // decode(encode(x)) == x.
  auto back = codec.Decode(out);
  REQUIRE(back->GetTypeId() == apimachinery::util::TypeIdOf<Gadget>());
  const auto& gb = static_cast<const Gadget&>(*back);
  CHECK_FALSE(apimachinery::conversion::FirstDifference(g, gb));
  CHECK(codec.Encode(gb) == out);
}

TEST_CASE("Encode: an empty typed object, stamped from the Scheme; pretty output",
          "[runtime][codec][encode_order]") {
  Gadget g;  // no apiVersion/kind: the serializer writes the registered ones, first
  CHECK(runtime::JSONSerializer(Gadgets()).Encode(g) == kGoEmptyGadget);
  CHECK(runtime::JSONSerializer(Gadgets(), {.pretty = true}).Encode(g) == kGoEmptyGadgetIndented);
  // Indenting Marshal's text is MarshalIndent.
  const nlohmann::json doc = runtime::JSONSerializer(Gadgets()).ToJSON(SampleGadget());
  std::string indented;
  ujson::AppendIndent(indented, ujson::Marshal(doc), 2);
  CHECK(indented == ujson::MarshalIndent(doc, 2));
}

TEST_CASE("metav1 AppendJSON writes Go's field order", "[runtime][metav1][encode_order]") {
  // json.Marshal(metav1.ObjectMeta{Name: "a", GenerateName: "a-", Namespace: "b", SelfLink:
  // "/api/v1/x", UID: "u", DeletionTimestamp: &t, DeletionGracePeriodSeconds: &30, ManagedFields:
  // [{kubectl Apply v1 &t FieldsV1 {"f:metadata":{"f:labels":{}}}}]}) (Go 1.26, apimachinery v0.37.2).
  const metav1::Time t = metav1::ParseRFC3339("2024-05-02T08:30:00Z");
  metav1::ObjectMeta m;
  m.name = "a";
  m.generate_name = "a-";
  m.namespace_ = "b";
  m.unknown_fields = nlohmann::json{{"selfLink", "/api/v1/x"}};
  m.uid = "u";
  m.deletion_timestamp = t;
  m.deletion_grace_period_seconds = 30;
  m.managed_fields = {{.manager = "kubectl",
                       .operation = "Apply",
                       .api_version = "v1",
                       .time = t,
                       .fields_type = "FieldsV1",
                       .fields_v1 = metav1::FieldsV1{R"({"f:metadata":{"f:labels":{}}})"},
                       .subresource = ""}};
  std::string out;
  metav1::AppendJSON(out, m);
  CHECK(
      out ==
      R"({"name":"a","generateName":"a-","namespace":"b","selfLink":"/api/v1/x","uid":"u",)"
      R"("deletionTimestamp":"2024-05-02T08:30:00Z","deletionGracePeriodSeconds":30,"managedFields":[{"manager":"kubectl",)"
      R"("operation":"Apply","apiVersion":"v1","time":"2024-05-02T08:30:00Z","fieldsType":"FieldsV1",)"
      R"("fieldsV1":{"f:metadata":{"f:labels":{}}}}]})");
  CHECK(ujson::Marshal(ujson::Parse(out)) == ujson::Marshal(nlohmann::json(m)));

  // Unknown keys Go's struct does not have come after the modelled ones, sorted.
  m.unknown_fields["zz"] = 1;
  m.unknown_fields["aa"] = nlohmann::json{{"y", 1}, {"b", 2}};
  out.clear();
  metav1::AppendJSON(out, m);
  CHECK(out.substr(out.find("}]") + 2) == R"(,"aa":{"b":2,"y":1},"zz":1})");

  // json.Marshal(metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"}).
  out.clear();
  metav1::AppendJSON(out, metav1::TypeMeta{"v1", "Pod"});
  CHECK(out == R"({"kind":"Pod","apiVersion":"v1"})");

  // The metadata of json.Marshal(metav1.List{ListMeta: {ResourceVersion: "9", Continue: "c",
  // RemainingItemCount: &30}}).
  out.clear();
  metav1::ListMeta l;
  l.resource_version = "9";
  l.continue_ = "c";
  l.remaining_item_count = 30;
  metav1::AppendJSON(out, l);
  CHECK(out == R"({"resourceVersion":"9","continue":"c","remainingItemCount":30})");
}

TEST_CASE("Encode writes Status and PartialObjectMetadataList with Go's key order",
          "[runtime][metav1][encode_order]") {
  runtime::Scheme scheme("meta");
  scheme.AddKnownTypes<metav1::Status>({"", "v1"});
  scheme.AddKnownTypes<metav1::PartialObjectMetadata, metav1::PartialObjectMetadataList>(
      {"meta.k8s.io", "v1"});
  const runtime::JSONSerializer codec(scheme);

  // json.Marshal(metav1.Status{...}) (Go 1.26, apimachinery v0.37.2); the object carries no
  // apiVersion/kind: the serializer writes the registered ones.
  metav1::Status st;
  st.status = "Failure";
  st.message = R"(pods "n" not found)";
  st.reason = "NotFound";
  st.details = metav1::StatusDetails{};
  st.details->name = "n";
  st.details->kind = "pods";
  st.details->causes.push_back({});
  st.details->causes.back().type = "FieldValueInvalid";
  st.details->causes.back().message = "m";
  st.details->causes.back().field = "f";
  st.details->retry_after_seconds = 1;
  st.code = 404;
  const std::string out = codec.Encode(st);
  CHECK(
      out ==
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"n\" not found",)"
      R"("reason":"NotFound","details":{"name":"n","kind":"pods","causes":[{"reason":"FieldValueInvalid",)"
      R"("message":"m","field":"f"}],"retryAfterSeconds":1},"code":404})");
  CHECK(ujson::Parse(out) == codec.ToJSON(st));

  // json.Marshal(metav1.PartialObjectMetadataList{...}).
  metav1::PartialObjectMetadataList pl;
  pl.list_meta.resource_version = "5";
  pl.items.emplace_back();
  pl.items.back().type_meta = {"meta.k8s.io/v1", "PartialObjectMetadata"};
  pl.items.back().metadata.name = "p";
  pl.items.back().metadata.namespace_ = "ns";
  pl.items.back().metadata.labels = {{"b", "2"}, {"a", "1"}};
  const std::string list = codec.Encode(pl);
  CHECK(
      list ==
      R"({"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"5"},)"
      R"("items":[{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"p",)"
      R"("namespace":"ns","labels":{"a":"1","b":"2"}}}]})");
  CHECK(ujson::Parse(list) == codec.ToJSON(pl));
  // An empty metadata is left out, as to_json does (Go writes `{}`).
  CHECK(codec.Encode(metav1::PartialObjectMetadata{}) ==
        R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1"})");
}

}  // namespace runtime_encode_order_test
