// widgets.example.com: an example API group with three external versions and an internal hub.
//
//   v1beta1  spec.imageName, spec.legacyNote      (the oldest shape)
//   v1       spec.image (renamed from imageName); legacyNote dropped
//   v2       spec.color added
//   __internal (hub): the superset: image + color; v1beta1's legacyNote survives a round trip as
//            the annotation widgets.example.com/legacy-note (what Kubernetes does for dropped fields)
//
// Every external version converts through the hub. Conversions are declared, not written:
// APIMACHINERY_FIELDS lists each struct's fields; Scheme::AddGeneratedFieldConversions derives the
// same-name field-by-field conversions (Go's conversion-gen). As conversion-gen, it refuses (at
// compile time) a pair that would drop a field: v1beta1 has manual functions (for the rename and
// the dropped field), and hub -> v1 declares that v1 drops the hub's color
// (APIMACHINERY_IGNORED_FIELDS).
// APIMACHINERY_JSON_FIELDS gives each type its JSON wire form (camelCase keys, omitempty).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"

namespace widgets {

namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace conversion = apimachinery::conversion;

inline constexpr std::string_view kGroup = "widgets.example.com";
inline constexpr std::string_view kLegacyNoteAnnotation = "widgets.example.com/legacy-note";

// External leaf types shared by the external versions (as apps/v1beta1 and apps/v1 share core/v1
// types).
namespace external {
struct EnvVar {
  std::string name;
  std::string value;
  friend bool operator==(const EnvVar&, const EnvVar&) = default;
};
APIMACHINERY_FIELDS(EnvVar, name, value)
APIMACHINERY_JSON_FIELDS(EnvVar)

struct ContainerPort {
  std::string name;
  std::int32_t container_port = 0;
  std::string protocol;
};
APIMACHINERY_FIELDS(ContainerPort, name, container_port, protocol)
APIMACHINERY_JSON_FIELDS(ContainerPort)

struct Container {
  std::string name;
  std::string image;
  std::vector<std::string> args;
  std::vector<EnvVar> env;
  std::vector<ContainerPort> ports;
  std::map<std::string, std::string> resources;
};
APIMACHINERY_FIELDS(Container, name, image, args, env, ports, resources)
APIMACHINERY_JSON_FIELDS(Container)

struct PodTemplate {
  std::map<std::string, std::string> labels;
  std::vector<Container> containers;
  std::string service_account_name;
};
APIMACHINERY_FIELDS(PodTemplate, labels, containers, service_account_name)
APIMACHINERY_JSON_FIELDS(PodTemplate)

struct WidgetStatus {
  std::int32_t replicas = 0;
  std::int32_t ready_replicas = 0;
  std::int64_t observed_generation = 0;
};
APIMACHINERY_FIELDS(WidgetStatus, replicas, ready_replicas, observed_generation)
APIMACHINERY_JSON_FIELDS(WidgetStatus)
}  // namespace external

// The hub (internal) types: their own leaf types, as Go's internal packages have. They have JSON
// too (every type a Scheme registers has, as every Go type has through reflection): the content
// of a hub object converted to Unstructured with the internal versioner.
namespace hub {
struct EnvVar {
  std::string name;
  std::string value;
};
APIMACHINERY_FIELDS(EnvVar, name, value)
APIMACHINERY_JSON_FIELDS(EnvVar)

struct ContainerPort {
  std::string name;
  std::int32_t container_port = 0;
  std::string protocol;
};
APIMACHINERY_FIELDS(ContainerPort, name, container_port, protocol)
APIMACHINERY_JSON_FIELDS(ContainerPort)

struct Container {
  std::string name;
  std::string image;
  std::vector<std::string> args;
  std::vector<EnvVar> env;
  std::vector<ContainerPort> ports;
  std::map<std::string, std::string> resources;
};
APIMACHINERY_FIELDS(Container, name, image, args, env, ports, resources)
APIMACHINERY_JSON_FIELDS(Container)

struct PodTemplate {
  std::map<std::string, std::string> labels;
  std::vector<Container> containers;
  std::string service_account_name;
};
APIMACHINERY_FIELDS(PodTemplate, labels, containers, service_account_name)
APIMACHINERY_JSON_FIELDS(PodTemplate)

struct WidgetSpec {
  std::int32_t replicas = 0;
  std::map<std::string, std::string> selector;
  PodTemplate template_;
  std::string image;
  std::string color;
  std::int32_t min_ready_seconds = 0;
  bool paused = false;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, selector, template_, image, color, min_ready_seconds, paused)
APIMACHINERY_JSON_FIELDS(WidgetSpec)

struct WidgetStatus {
  std::int32_t replicas = 0;
  std::int32_t ready_replicas = 0;
  std::int64_t observed_generation = 0;
};
APIMACHINERY_FIELDS(WidgetStatus, replicas, ready_replicas, observed_generation)
APIMACHINERY_JSON_FIELDS(WidgetStatus)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)
}  // namespace hub

namespace v1beta1 {
struct WidgetSpec {
  std::int32_t replicas = 0;
  std::map<std::string, std::string> selector;
  external::PodTemplate template_;
  std::string image_name;   // renamed to `image` in v1
  std::string legacy_note;  // dropped in v1
  std::int32_t min_ready_seconds = 0;
  bool paused = false;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, selector, template_, image_name, legacy_note, min_ready_seconds,
                    paused)
APIMACHINERY_JSON_FIELDS(WidgetSpec)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  external::WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)
}  // namespace v1beta1

namespace v1 {
struct WidgetSpec {
  std::int32_t replicas = 0;
  std::map<std::string, std::string> selector;
  external::PodTemplate template_;
  std::string image;
  std::int32_t min_ready_seconds = 0;
  bool paused = false;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, selector, template_, image, min_ready_seconds, paused)
APIMACHINERY_JSON_FIELDS(WidgetSpec)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  external::WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)

struct WidgetList : runtime::ObjectBase<WidgetList> {
  static constexpr std::string_view kKind = "WidgetList";
  metav1::TypeMeta type_meta;
  metav1::ListMeta list_meta;
  std::vector<Widget> items;
};
// A list's JSON is written by hand: the list metadata's wire key is "metadata", and "items" is
// always written (Go: `json:"items"`, no omitempty).
inline void to_json(nlohmann::json& j, const WidgetList& l) {
  j = nlohmann::json::object();
  if (!l.type_meta.api_version.empty()) j["apiVersion"] = l.type_meta.api_version;
  if (!l.type_meta.kind.empty()) j["kind"] = l.type_meta.kind;
  j["metadata"] = l.list_meta;
  j["items"] = l.items;
}
inline void from_json(const nlohmann::json& j, WidgetList& l) {
  WidgetList out;
  if (auto it = j.find("apiVersion"); it != j.end() && !it->is_null())
    out.type_meta.api_version = it->get<std::string>();
  if (auto it = j.find("kind"); it != j.end() && !it->is_null()) out.type_meta.kind = it->get<std::string>();
  if (auto it = j.find("metadata"); it != j.end() && !it->is_null()) it->get_to(out.list_meta);
  if (auto it = j.find("items"); it != j.end() && !it->is_null()) it->get_to(out.items);
  l = std::move(out);
}
}  // namespace v1

namespace hub {
// v1 has no color (added in v2): the generated hub -> v1 conversion drops it on purpose.
APIMACHINERY_IGNORED_FIELDS(WidgetSpec, v1::WidgetSpec, color)
}  // namespace hub

namespace v2 {
struct WidgetSpec {
  std::int32_t replicas = 0;
  std::map<std::string, std::string> selector;
  external::PodTemplate template_;
  std::string image;
  std::string color;  // added in v2
  std::int32_t min_ready_seconds = 0;
  bool paused = false;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, selector, template_, image, color, min_ready_seconds, paused)
APIMACHINERY_JSON_FIELDS(WidgetSpec)

struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  external::WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)
}  // namespace v2

inline const schema::GroupVersion kInternalGV{std::string(kGroup), "__internal"};
inline const schema::GroupVersion kV1beta1{std::string(kGroup), "v1beta1"};
inline const schema::GroupVersion kV1{std::string(kGroup), "v1"};
inline const schema::GroupVersion kV2{std::string(kGroup), "v2"};

// AddToScheme registers the group: types, conversions (generated for v1 and v2, manual for v1beta1),
// defaulting, version priority (v2 > v1 > v1beta1) and chained conversions.
inline void AddToScheme(runtime::Scheme& s) {
  s.AddKnownTypes<hub::Widget>(kInternalGV);
  s.AddKnownTypes<v1beta1::Widget>(kV1beta1);
  s.AddKnownTypes<v1::Widget, v1::WidgetList>(kV1);
  s.AddKnownTypes<v2::Widget>(kV2);
  s.SetVersionPriority({kV2, kV1, kV1beta1});

  // Generated (derived from the field lists): v1 and v2 <-> hub.
  s.AddGeneratedFieldConversions<v1::Widget, hub::Widget>();
  s.AddGeneratedFieldConversions<v2::Widget, hub::Widget>();

  // Manual v1beta1 <-> hub: the same-name fields (AutoConvert) plus the rename and the dropped
  // field. A generated pair would not compile: v1beta1's imageName and legacyNote have no peer.
  s.AddConversionFunc<v1beta1::Widget, hub::Widget>(
      [](const v1beta1::Widget& in, hub::Widget& out, conversion::Scope& scope) {
        conversion::AutoConvert(in, out, scope);  // metadata, status, same-name spec fields
        out.spec.image = in.spec.image_name;      // renamed
        if (!in.spec.legacy_note.empty()) {       // dropped: kept as an annotation on the hub
          out.metadata.annotations[std::string(kLegacyNoteAnnotation)] = in.spec.legacy_note;
        }
      });
  s.AddConversionFunc<hub::Widget, v1beta1::Widget>(
      [](const hub::Widget& in, v1beta1::Widget& out, conversion::Scope& scope) {
        conversion::AutoConvert(in, out, scope);
        out.spec.image_name = in.spec.image;
        auto& ann = out.metadata.annotations;
        if (auto it = ann.find(std::string(kLegacyNoteAnnotation)); it != ann.end()) {
          out.spec.legacy_note = it->second;
          ann.erase(it);
        }
      });

  s.AddTypeDefaultingFunc<v2::Widget>([](v2::Widget& w) {
    if (w.spec.color.empty()) w.spec.color = "blue";
    if (w.spec.replicas == 0) w.spec.replicas = 1;
  });
  s.EnableConversionChains();
}

// A Deployment-sized v1beta1 Widget (used by the example, the tests and the benchmark).
inline v1beta1::Widget SampleV1beta1() {
  v1beta1::Widget w;
  w.SetGroupVersionKind(kV1beta1.WithKind("Widget"));
  w.metadata.name = "frontend";
  w.metadata.namespace_ = "shop";
  w.metadata.uid = "6f1c1c2e-3b0e-4c59-9d0a-2f3b8a3c9e11";
  w.metadata.resource_version = "482913";
  w.metadata.generation = 7;
  w.metadata.labels = {{"app", "frontend"}, {"tier", "web"}, {"team", "checkout"}};
  w.metadata.annotations = {{"deployment.kubernetes.io/revision", "12"},
                            {"example.com/owner", "checkout-team@example.com"}};
  w.spec.replicas = 3;
  w.spec.selector = {{"app", "frontend"}, {"tier", "web"}};
  w.spec.image_name = "registry.example.com/shop/frontend:1.14.2";
  w.spec.legacy_note = "migrated from the 2019 cluster";
  w.spec.min_ready_seconds = 10;
  w.spec.template_.labels = {{"app", "frontend"}, {"tier", "web"}};
  w.spec.template_.service_account_name = "frontend";
  external::Container c;
  c.name = "frontend";
  c.image = "registry.example.com/shop/frontend:1.14.2";
  c.args = {"--port=8080", "--log-level=info", "--cache-size=256"};
  c.env = {{"ENV", "production"}, {"REGION", "eu-west-1"}, {"FEATURE_FLAGS", "a,b,c"}};
  c.ports = {{"http", 8080, "TCP"}, {"metrics", 9090, "TCP"}};
  c.resources = {{"cpu", "500m"}, {"memory", "512Mi"}};
  external::Container sidecar;
  sidecar.name = "proxy";
  sidecar.image = "registry.example.com/infra/proxy:2.3";
  sidecar.args = {"--upstream=127.0.0.1:8080"};
  sidecar.ports = {{"proxy", 15001, "TCP"}};
  sidecar.resources = {{"cpu", "100m"}, {"memory", "64Mi"}};
  w.spec.template_.containers = {c, sidecar};
  w.status = {3, 3, 7};
  return w;
}

}  // namespace widgets
