// Tests for ctrl/client.hpp over testing::FakeAPIServer, ported from controller-runtime v0.25.3
// pkg/client/client_test.go (typed, unstructured and metadata CRUD, NotFound / AlreadyExists /
// Conflict texts, selectors, Limit/Continue, DeleteAllOf, status and scale, MergeFrom with an
// optimistic lock, dryRun) and the delegating client (client.New with a cache).
#include "apimachinery/ctrl/client.hpp"

#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/ctrl/internal/client_merge_patch.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

#include "support/status_of.hpp"

namespace ctrl_client_test {

namespace ctrl = apimachinery::ctrl;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
using nlohmann::json;

struct WidgetSpec {
  std::int64_t replicas = 0;
  std::string color;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, color)
struct WidgetStatus {
  bool ready = false;
  std::int64_t replicas = 0;
};
APIMACHINERY_FIELDS(WidgetStatus, ready, replicas)
struct Widget : runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  WidgetSpec spec;
  WidgetStatus status;
};
APIMACHINERY_FIELDS(Widget, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(Widget)

struct Node : runtime::ObjectBase<Node> {  // cluster-scoped
  static constexpr std::string_view kKind = "Node";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Node, metadata)
APIMACHINERY_JSON_FIELDS(Node)

struct Unregistered : runtime::ObjectBase<Unregistered> {
  static constexpr std::string_view kKind = "Unregistered";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};
const schema::GroupVersionResource kNodes{"example.com", "v1", "nodes"};
const schema::GroupVersionKind kWidgetGVK{"example.com", "v1", "Widget"};

const runtime::Scheme& TestScheme() {
  static const runtime::Scheme scheme = [] {
    runtime::Scheme s("client-test");
    s.AddKnownTypes<Widget, Node>({"example.com", "v1"});
    return s;
  }();
  return scheme;
}

struct Env {
  testing::FakeAPIServer server;
  std::shared_ptr<meta::DefaultRESTMapper> mapper = [] {
    auto m =
        std::make_shared<meta::DefaultRESTMapper>(std::vector<schema::GroupVersion>{{"example.com", "v1"}});
    m->Add(kWidgetGVK, meta::RESTScopeName::kNamespace);
    m->Add({"example.com", "v1", "Node"}, meta::RESTScopeName::kRoot);
    return m;
  }();
  std::shared_ptr<ctrl::Client> client;

  explicit Env(ctrl::ClientOptions o = {}) {
    testing::Subresources sub;
    sub.status = true;
    sub.scale = testing::ScaleSubresource{".spec.replicas", ".status.replicas", ""};
    server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, sub);
    server.AddResource(kNodes, "Node", meta::RESTScopeName::kRoot);
    client = ctrl::NewClient(TestScheme(), mapper, server.Dynamic(), std::move(o));
  }
};

Widget NewWidget(std::string name, std::string ns = "default", std::int64_t replicas = 1) {
  Widget w;
  w.metadata.name = std::move(name);
  w.metadata.namespace_ = std::move(ns);
  w.spec.replicas = replicas;
  w.spec.color = "blue";
  return w;
}

runtime::Unstructured NewUnstructuredWidget(const std::string& name, const std::string& ns = "default") {
  return runtime::Unstructured(json{{"apiVersion", "example.com/v1"},
                                    {"kind", "Widget"},
                                    {"metadata", {{"name", name}, {"namespace", ns}}},
                                    {"spec", {{"replicas", 2}, {"color", "red"}}}});
}

using test_support::StatusOf;

TEST_CASE("ctrl client: typed create, get, update, delete", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("w1");
  env.client->Create(w);
  CHECK_FALSE(w.metadata.uid.empty());
  CHECK_FALSE(w.metadata.resource_version.empty());
  CHECK(w.metadata.generation == 1);

  auto got = env.client->Get<Widget>({"default", "w1"});
  CHECK(got->metadata.uid == w.metadata.uid);
  CHECK(got->spec.replicas == 1);
  CHECK(got->spec.color == "blue");

  // AlreadyExists (client_test.go: "should fail if the object already exists").
  Widget again = NewWidget("w1");
  metav1::Status exists = StatusOf([&] { env.client->Create(again); });
  CHECK(exists.code == 409);
  CHECK(exists.message == R"(widgets.example.com "w1" already exists)");

  Widget upd = *got;
  upd.spec.replicas = 3;
  env.client->Update(upd);
  CHECK(upd.metadata.generation == 2);
  CHECK(upd.metadata.resource_version != got->metadata.resource_version);
  // A stale resourceVersion is a Conflict.
  Widget stale = *got;
  stale.spec.replicas = 5;
  metav1::Status conflict = StatusOf([&] { env.client->Update(stale); });
  CHECK(conflict.code == 409);
  CHECK(conflict.reason == "Conflict");

  env.client->Delete(upd);
  metav1::Status nf = StatusOf([&] { env.client->Get<Widget>({"default", "w1"}); });
  CHECK(nf.code == 404);
  CHECK(nf.message == R"(widgets.example.com "w1" not found)");
  CHECK(StatusOf([&] { env.client->Delete(upd); }).code == 404);
}

TEST_CASE("ctrl client: scope from the RESTMapper; bad types and kinds", "[ctrl][client]") {
  Env env;
  Node n;
  n.metadata.name = "n1";
  n.metadata.namespace_ = "ignored";  // cluster-scoped: sent without namespace
  env.client->Create(n);
  CHECK(n.metadata.namespace_.empty());
  CHECK(env.client->Get<Node>({"", "n1"})->metadata.name == "n1");
  CHECK(env.client->Get<Node>({"whatever", "n1"})->metadata.name == "n1");

  // A namespaced Get without namespace: kube-apiserver has no such route (404).
  env.client->Create(*std::make_unique<Widget>(NewWidget("w")));
  metav1::Status s = StatusOf([&] { env.client->Get<Widget>({"", "w"}); });
  CHECK(s.code == 404);
  CHECK(s.message == "the server could not find the requested resource");

  Unregistered u;
  u.metadata.name = "x";
  CHECK_THROWS_AS(env.client->Create(u), runtime::NotRegisteredError);
  CHECK_THROWS_AS((env.client->Get<Unregistered>({"default", "x"})), runtime::NotRegisteredError);
  CHECK_THROWS_AS((env.client->Get<runtime::Unstructured>({"example.com", "v1", "Gadget"}, {"default", "x"})),
                  meta::NoKindMatchError);
}

TEST_CASE("ctrl client: unstructured CRUD", "[ctrl][client]") {
  Env env;
  runtime::Unstructured u = NewUnstructuredWidget("u1");
  env.client->Create(u);
  CHECK_FALSE(u.GetUID().empty());
  auto got = env.client->Get<runtime::Unstructured>(kWidgetGVK, {"default", "u1"});
  CHECK(got->Body()["spec"]["color"] == "red");
  CHECK(got->GetKind() == "Widget");

  runtime::Unstructured upd = *got;
  upd.Body()["spec"]["color"] = "green";
  env.client->Update(upd);
  CHECK(upd.GetGeneration() == 2);
  // The typed view sees the unstructured write.
  CHECK(env.client->Get<Widget>({"default", "u1"})->spec.color == "green");

  auto list = env.client->List<runtime::Unstructured>({"example.com", "v1", "WidgetList"},
                                                      ctrl::InNamespace("default"));
  REQUIRE(list.items.size() == 1);
  CHECK(list.items[0]->GetName() == "u1");

  env.client->Delete(upd);
  CHECK(StatusOf([&] { env.client->Get<runtime::Unstructured>(kWidgetGVK, {"default", "u1"}); }).code == 404);
}

TEST_CASE("ctrl client: metadata-only reads and writes", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("m1");
  w.metadata.labels = {{"app", "x"}};
  env.client->Create(w);

  auto md = env.client->Get<metav1::PartialObjectMetadata>(kWidgetGVK, {"default", "m1"});
  CHECK(md->metadata.name == "m1");
  CHECK(md->metadata.labels.at("app") == "x");
  CHECK(md->GetObjectKind() == kWidgetGVK);  // the caller's kind, not PartialObjectMetadata

  auto list = env.client->List<metav1::PartialObjectMetadata>(kWidgetGVK, ctrl::InNamespace("default"));
  REQUIRE(list.items.size() == 1);
  CHECK(list.items[0]->GetObjectKind() == kWidgetGVK);

  metav1::PartialObjectMetadata p = *md;
  CHECK_THROWS_WITH(env.client->Create(p), "cannot create using only metadata");
  CHECK_THROWS_WITH(env.client->Update(p), "cannot update using only metadata -- did you mean to patch?");
  CHECK_THROWS_WITH(env.client->Status().Update(p),
                    "cannot update status using only metadata -- did you mean to patch?");
  metav1::PartialObjectMetadata before = p;
  p.metadata.annotations = {{"note", "hi"}};
  env.client->Patch(p, ctrl::Patch::MergeFrom(before));
  CHECK(p.metadata.annotations.at("note") == "hi");
  CHECK(p.GetObjectKind() == kWidgetGVK);
  auto typed = env.client->Get<Widget>({"default", "m1"});
  CHECK(typed->metadata.annotations.at("note") == "hi");
  CHECK(typed->spec.replicas == 1);  // the metadata patch left the spec alone

  env.client->Delete(p);
  CHECK(StatusOf([&] { env.client->Get<Widget>({"default", "m1"}); }).code == 404);
}

TEST_CASE("ctrl client: List with selectors, Limit and Continue", "[ctrl][client]") {
  Env env;
  for (int i = 0; i < 5; ++i) {
    Widget w = NewWidget("w" + std::to_string(i), i < 4 ? "a" : "b");
    w.metadata.labels = {{"even", i % 2 == 0 ? "true" : "false"}};
    env.client->Create(w);
  }
  CHECK(env.client->List<Widget>().items.size() == 5);
  CHECK(env.client->List<Widget>(ctrl::InNamespace("a")).items.size() == 4);
  auto even = env.client->List<Widget>(ctrl::MatchingLabels{{{"even", "true"}}});
  REQUIRE(even.items.size() == 3);
  CHECK(even.items[0]->metadata.name == "w0");
  auto named =
      env.client->List<Widget>(ctrl::InNamespace("a"), ctrl::MatchingFields{{{"metadata.name", "w3"}}});
  REQUIRE(named.items.size() == 1);
  CHECK(named.items[0]->metadata.name == "w3");
  // An unsupported field label is the server's 400.
  CHECK(StatusOf([&] {
          env.client->List<Widget>(ctrl::MatchingFields{{{"spec.color", "blue"}}});
        }).message == "field label not supported: spec.color");

  auto page1 = env.client->List<Widget>(ctrl::InNamespace("a"), ctrl::Limit(3));
  REQUIRE(page1.items.size() == 3);
  CHECK_FALSE(page1.continue_.empty());
  CHECK(page1.remaining_item_count == 1);
  auto page2 =
      env.client->List<Widget>(ctrl::InNamespace("a"), ctrl::Limit(3), ctrl::Continue(page1.continue_));
  REQUIRE(page2.items.size() == 1);
  CHECK(page2.items[0]->metadata.name == "w3");
  CHECK(page2.continue_.empty());
}

TEST_CASE("ctrl client: DeleteAllOf", "[ctrl][client]") {
  Env env;
  for (int i = 0; i < 4; ++i) {
    Widget w = NewWidget("w" + std::to_string(i), i < 3 ? "a" : "b");
    w.metadata.labels = {{"keep", i == 0 ? "yes" : "no"}};
    env.client->Create(w);
  }
  env.client->DeleteAllOf<Widget>(ctrl::InNamespace("a"), ctrl::MatchingLabels{{{"keep", "no"}}});
  auto left = env.client->List<Widget>();
  REQUIRE(left.items.size() == 2);
  CHECK(left.items[0]->metadata.name == "w0");
  CHECK(left.items[1]->metadata.name == "w3");
  env.client->DeleteAllOf<metav1::PartialObjectMetadata>(kWidgetGVK, ctrl::InNamespace("b"));
  CHECK(env.client->List<Widget>().items.size() == 1);
  env.client->DeleteAllOf<runtime::Unstructured>(kWidgetGVK, ctrl::InNamespace("a"));
  CHECK(env.client->List<Widget>().items.empty());
}

TEST_CASE("ctrl client: status writes change only status; scale", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("s1", "default", 2);
  w.status.ready = true;  // ignored on create: the status subresource is enabled
  env.client->Create(w);
  CHECK_FALSE(w.status.ready);

  Widget st = w;
  st.status.ready = true;
  st.status.replicas = 2;
  st.spec.replicas = 9;  // ignored by /status
  env.client->Status().Update(st);
  CHECK(st.status.ready);
  CHECK(st.spec.replicas == 2);
  CHECK(st.metadata.generation == 1);

  Widget main = st;
  main.status.ready = false;  // ignored by the main resource
  main.spec.color = "red";
  env.client->Update(main);
  CHECK(main.status.ready);
  CHECK(main.metadata.generation == 2);

  Widget before = main;
  main.status.replicas = 7;
  env.client->Status().Patch(main, ctrl::Patch::MergeFrom(before));
  CHECK(env.client->Get<Widget>({"default", "s1"})->status.replicas == 7);

  runtime::Unstructured scale;
  env.client->SubResource("scale").Get(main, scale);
  CHECK(scale.GetKind() == "Scale");
  CHECK(scale.Body()["spec"]["replicas"] == 2);
  CHECK(scale.Body()["status"]["replicas"] == 7);
  Widget target = main;
  env.client->SubResource("scale").Patch(target, ctrl::Patch::Merge({{"spec", {{"replicas", 4}}}}));
  CHECK(env.client->Get<Widget>({"default", "s1"})->spec.replicas == 4);

  // WithSubResourceBody: the Scale is sent and the answer decoded into it; the object is untouched.
  runtime::Unstructured sc;
  env.client->SubResource("scale").Get(target, sc);
  sc.Body()["spec"]["replicas"] = 6;
  const Widget untouched = target;
  env.client->SubResource("scale").Update(target, ctrl::WithSubResourceBody(sc), ctrl::FieldOwner("scaler"));
  CHECK(sc.GetKind() == "Scale");
  CHECK(sc.Body()["spec"]["replicas"] == 6);
  CHECK(sc.GetResourceVersion() != untouched.metadata.resource_version);
  CHECK(target.metadata.resource_version == untouched.metadata.resource_version);
  CHECK(env.client->Get<Widget>({"default", "s1"})->spec.replicas == 6);
  env.client->SubResource("scale").Patch(target, ctrl::Patch::Merge({{"spec", {{"replicas", 3}}}}),
                                         ctrl::WithSubResourceBody(sc));
  CHECK(sc.Body()["spec"]["replicas"] == 3);
  CHECK(env.client->Get<Widget>({"default", "s1"})->spec.replicas == 3);
  // A stale Scale is the server's conflict, as for any update.
  runtime::Unstructured stale = sc;
  stale.Body()["spec"]["replicas"] = 1;
  stale.SetResourceVersion(untouched.metadata.resource_version);
  CHECK(StatusOf([&] {
          env.client->SubResource("scale").Update(target, ctrl::WithSubResourceBody(stale));
        }).reason == "Conflict");

  // A subresource the resource does not serve.
  Node n;
  n.metadata.name = "n";
  env.client->Create(n);
  CHECK(StatusOf([&] { env.client->Status().Update(n); }).message == R"(nodes.example.com "n" not found)");
}

TEST_CASE("ctrl client: MergeFrom patches, with and without an optimistic lock", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("p1");
  env.client->Create(w);

  Widget base = w;
  Widget mod = w;
  mod.spec.color = "green";
  mod.metadata.labels = {{"a", "b"}};
  env.client->Patch(mod, ctrl::Patch::MergeFrom(base));
  CHECK(mod.spec.color == "green");
  CHECK(mod.metadata.labels.at("a") == "b");

  // The original is now stale: with an optimistic lock the patch conflicts, without it applies.
  Widget stale = base;
  stale.spec.replicas = 8;
  metav1::Status conflict = StatusOf([&] { env.client->Patch(stale, ctrl::Patch::MergeFrom(base, true)); });
  CHECK(conflict.code == 409);
  CHECK(
      conflict.message ==
      R"(Operation cannot be fulfilled on widgets.example.com "p1": the object has been modified; please apply )"
      "your changes to the latest version and try again");
  env.client->Patch(stale, ctrl::Patch::MergeFrom(base));
  CHECK(stale.spec.replicas == 8);
  CHECK(stale.spec.color == "green");  // the other writer's change survives a merge patch

  Widget fresh = stale;
  fresh.spec.replicas = 1;
  env.client->Patch(fresh, ctrl::Patch::MergeFrom(stale, true));
  CHECK(fresh.spec.replicas == 1);

  Widget no_rv = NewWidget("x");
  CHECK_THROWS_WITH(
      ctrl::Patch::MergeFrom(no_rv, true),
      R"(cannot use OptimisticLock, object "default/x" does not have any resource version we can use)");

  // Raw patches and the server's answers for the others.
  env.client->Patch(
      fresh,
      ctrl::Patch::JSONPatch(json::array({{{"op", "replace"}, {"path", "/spec/color"}, {"value", "pink"}}})));
  CHECK(fresh.spec.color == "pink");
  // Server-side apply: a field owner is required; another owner's field conflicts until forced.
  const json config = {{"apiVersion", "example.com/v1"},
                       {"kind", "Widget"},
                       {"metadata", {{"name", fresh.metadata.name}}},
                       {"spec", {{"color", "teal"}}}};
  const metav1::Status missing = StatusOf([&] { env.client->Patch(fresh, ctrl::Patch::Apply(config)); });
  CHECK(missing.code == 422);
  CHECK(
      missing.message ==
      "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch");
  // The JSON patch above made the default manager ("unknown": no User-Agent) the color's owner.
  const metav1::Status first =
      StatusOf([&] { env.client->Patch(fresh, ctrl::Patch::Apply(config), ctrl::FieldOwner{"painter"}); });
  CHECK(first.code == 409);
  CHECK(first.message ==
        "Apply failed with 1 conflict: conflict with \"unknown\" using example.com/v1: .spec.color");
  env.client->Patch(fresh, ctrl::Patch::Apply(config), ctrl::FieldOwner{"painter"}, ctrl::ForceOwnership{});
  CHECK(fresh.spec.color == "teal");
  json other = config;
  other["spec"]["color"] = "red";
  const metav1::Status apply_conflict =
      StatusOf([&] { env.client->Patch(fresh, ctrl::Patch::Apply(other), ctrl::FieldOwner{"rival"}); });
  CHECK(apply_conflict.code == 409);
  CHECK(apply_conflict.message == "Apply failed with 1 conflict: conflict with \"painter\": .spec.color");
  env.client->Patch(fresh, ctrl::Patch::Apply(other), ctrl::FieldOwner{"rival"}, ctrl::ForceOwnership{});
  CHECK(fresh.spec.color == "red");
  // Apply: an Unstructured apply configuration, the answer decoded into it; the status writer's
  // apply owns status only.
  runtime::Unstructured cfg(
      json{{"apiVersion", "example.com/v1"},
           {"kind", "Widget"},
           {"metadata", {{"name", fresh.metadata.name}, {"namespace", fresh.metadata.namespace_}}},
           {"spec", {{"replicas", 7}}}});
  env.client->Apply(cfg, ctrl::FieldOwner{"scaler"}, ctrl::ForceOwnership{});
  CHECK(cfg.Body()["spec"]["replicas"] == 7);
  CHECK(cfg.Body()["spec"]["color"] == "red");  // the whole object came back
  CHECK(!cfg.GetObjectMeta()->resource_version.empty());
  const metav1::Status scaler_conflict = StatusOf([&] {
    runtime::Unstructured again(
        json{{"apiVersion", "example.com/v1"},
             {"kind", "Widget"},
             {"metadata", {{"name", fresh.metadata.name}, {"namespace", fresh.metadata.namespace_}}},
             {"spec", {{"replicas", 8}}}});
    env.client->Apply(again, ctrl::FieldOwner{"rival"}, ctrl::DryRunAll{});
  });
  CHECK(scaler_conflict.code == 409);
  CHECK(scaler_conflict.message == "Apply failed with 1 conflict: conflict with \"scaler\": .spec.replicas");
  runtime::Unstructured status_cfg(
      json{{"apiVersion", "example.com/v1"},
           {"kind", "Widget"},
           {"metadata", {{"name", fresh.metadata.name}, {"namespace", fresh.metadata.namespace_}}},
           {"spec", {{"replicas", 1}}},
           {"status", {{"ready", true}}}});
  env.client->Status().Apply(status_cfg, ctrl::FieldOwner{"status-writer"});
  CHECK(status_cfg.Body()["status"]["ready"] == true);
  CHECK(status_cfg.Body()["spec"]["replicas"] == 7);  // the status endpoint ignores spec
  fresh = *env.client->Get<Widget>({fresh.metadata.namespace_, fresh.metadata.name});
  bool rival_owns = false;
  for (const auto& e : fresh.metadata.managed_fields) {
    if (e.manager == "rival")
      rival_owns = e.fields_v1 && e.fields_v1->raw.find("f:color") != std::string::npos;
  }
  CHECK(rival_owns);
}

TEST_CASE("ctrl client: delete preconditions, finalizers; update of a missing object", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("f1");
  w.metadata.finalizers = {"example.com/keep"};
  env.client->Create(w);

  metav1::Preconditions pre;
  pre.resource_version = "1";
  metav1::Status s = StatusOf([&] { env.client->Delete(w, ctrl::Preconditions{pre}); });
  CHECK(s.code == 409);
  CHECK(s.message ==
        fmt::format(R"(Operation cannot be fulfilled on Widget.example.com "f1": the ResourceVersion in the )"
                    "precondition (1) does not match the ResourceVersion in record ({}). The object might "
                    "have been modified",
                    w.metadata.resource_version));

  // A finalizer keeps the object, terminating.
  env.client->Delete(w, ctrl::PropagationPolicy(std::string(metav1::kDeletePropagationForeground)));
  auto kept = env.client->Get<Widget>({"default", "f1"});
  CHECK(kept->metadata.deletion_timestamp.has_value());
  Widget release = *kept;
  release.metadata.finalizers.clear();
  env.client->Update(release);
  CHECK(StatusOf([&] { env.client->Get<Widget>({"default", "f1"}); }).code == 404);

  // Update of an object that does not exist (client_test.go: "should fail if the object does not exist").
  Widget ghost = NewWidget("ghost");
  ghost.metadata.resource_version = "5";
  metav1::Status nf = StatusOf([&] { env.client->Update(ghost); });
  CHECK(nf.code == 404);
  CHECK(nf.message == R"(widgets.example.com "ghost" not found)");

  // Cluster-scoped lists ignore InNamespace.
  Node n;
  n.metadata.name = "n1";
  env.client->Create(n);
  CHECK(env.client->List<Node>(ctrl::InNamespace("default")).items.size() == 1);
}

TEST_CASE("ctrl client: unstructured MergeFrom with an optimistic lock", "[ctrl][client]") {
  Env env;
  runtime::Unstructured u = NewUnstructuredWidget("up");
  env.client->Create(u);
  runtime::Unstructured base = u;
  runtime::Unstructured mod = u;
  mod.Body()["spec"]["color"] = "black";
  env.client->Patch(mod, ctrl::Patch::MergeFrom(base, true));
  CHECK(mod.Body()["spec"]["color"] == "black");
  CHECK(base.GetResourceVersion() == u.GetResourceVersion());  // the original is not touched
  runtime::Unstructured again = base;
  again.Body()["spec"]["replicas"] = 9;
  CHECK(StatusOf([&] { env.client->Patch(again, ctrl::Patch::MergeFrom(base, true)); }).code == 409);
}

TEST_CASE("ctrl client: dryRun writes store nothing", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("d1");
  env.client->Create(w, ctrl::DryRunAll{});
  CHECK(w.metadata.resource_version.empty());
  CHECK(StatusOf([&] { env.client->Get<Widget>({"default", "d1"}); }).code == 404);

  env.client->Create(w);
  Widget upd = w;
  upd.spec.replicas = 5;
  env.client->Update(upd, ctrl::DryRunAll{});
  CHECK(upd.spec.replicas == 5);
  CHECK(env.client->Get<Widget>({"default", "d1"})->spec.replicas == 1);
  env.client->Delete(w, ctrl::DryRunAll{});
  CHECK(env.client->Get<Widget>({"default", "d1"})->spec.replicas == 1);

  // A dry-run client (client.NewDryRunClient).
  ctrl::ClientOptions o;
  o.dry_run = true;
  auto dry = ctrl::NewClient(TestScheme(), env.mapper, env.server.Dynamic(), o);
  Widget w2 = NewWidget("d2");
  dry->Create(w2);
  CHECK(StatusOf([&] { env.client->Get<Widget>({"default", "d2"}); }).code == 404);
  dry->DeleteAllOf<Widget>(ctrl::InNamespace("default"));
  CHECK(env.client->List<Widget>().items.size() == 1);
}

// CountingReader: a Reader answering from a fixed object (an empty Unstructured of the kind for
// an Unstructured read, as a Reader must answer in the type asked for), counting its calls.
class CountingReader final : public ctrl::Reader {
 public:
  explicit CountingReader(std::shared_ptr<const runtime::Object> obj) : obj_(std::move(obj)) {}
  std::shared_ptr<const runtime::Object> GetObject(const ctrl::ObjectType& type, const ctrl::ObjectKey&,
                                                   const ctrl::GetOptions&) const override {
    ++gets;
    if (type.IsUnstructured()) {
      auto u = std::make_shared<runtime::Unstructured>();
      u->SetGroupVersionKind(type.gvk);
      return u;
    }
    return obj_;
  }
  ctrl::ObjectList<runtime::Object> ListObjects(const ctrl::ObjectType&,
                                                const ctrl::ListOptions&) const override {
    ++lists;
    return {{obj_}};
  }
  mutable int gets = 0;
  mutable int lists = 0;

 private:
  std::shared_ptr<const runtime::Object> obj_;
};

TEST_CASE("ctrl delegating client: cached reads, uncached types, writes to the server", "[ctrl][client]") {
  Env env;
  Widget w = NewWidget("c1");
  env.client->Create(w);
  Widget cached = w;
  cached.spec.color = "from-cache";
  auto reader = std::make_shared<CountingReader>(std::make_shared<const Widget>(cached));
  auto dc = ctrl::NewDelegatingClient(reader, env.client, {ctrl::ObjectType::Of<Node>()});

  CHECK(dc->Get<Widget>({"default", "c1"})->spec.color == "from-cache");
  CHECK(dc->List<Widget>().items.size() == 1);
  CHECK(reader->gets == 1);
  CHECK(reader->lists == 1);

  // Unstructured reads bypass the cache unless asked; uncached types always do.
  CHECK(dc->Get<runtime::Unstructured>(kWidgetGVK, {"default", "c1"})->Body()["spec"]["color"] == "blue");
  Node n;
  n.metadata.name = "n";
  dc->Create(n);  // writes go to the server
  CHECK(dc->Get<Node>({"", "n"})->metadata.uid == n.metadata.uid);
  CHECK(reader->gets == 1);
  auto dc2 = ctrl::NewDelegatingClient(reader, env.client, {}, true);
  dc2->Get<runtime::Unstructured>(kWidgetGVK, {"default", "c1"});
  CHECK(reader->gets == 2);

  Widget upd = w;
  upd.spec.replicas = 6;
  dc->Update(upd);
  dc->Status().Update(upd);
  CHECK(env.client->Get<Widget>({"default", "c1"})->spec.replicas == 6);
  CHECK(&dc->Scheme() == &TestScheme());
}

TEST_CASE("ctrl client: ObjectKeyFromObject, Patch constructors, unstructured status", "[ctrl][client]") {
  Widget w = NewWidget("k", "ns");
  CHECK(ctrl::ObjectKeyFromObject(w) == ctrl::ObjectKey{"ns", "k"});
  CHECK(ctrl::Patch::Merge(json::object()).type == "application/merge-patch+json");
  CHECK(ctrl::Patch::JSONPatch(json::array()).type == "application/json-patch+json");
  CHECK(ctrl::Patch::Apply(json::object()).type == "application/apply-patch+yaml");
  ctrl::Patch mf = ctrl::Patch::MergeFrom(w);
  CHECK(mf.type == "application/merge-patch+json");
  REQUIRE(mf.merge_from_object != nullptr);
  CHECK(mf.data.is_null());

  Env env;
  runtime::Unstructured u = NewUnstructuredWidget("us");
  env.client->Create(u);
  u.Body()["status"] = {{"ready", true}};
  u.Body()["spec"]["color"] = "ignored";
  env.client->Status().Update(u);
  CHECK(u.Body()["status"]["ready"] == true);
  CHECK(u.Body()["spec"]["color"] == "red");
  CHECK(u.GetKind() == "Widget");
}

TEST_CASE("ctrl client: CreateMergePatch follows RFC 7386", "[ctrl][client]") {
  using ctrl::internal::CreateMergePatch;
  CHECK(CreateMergePatch(json{{"a", 1}, {"b", 2}}, json{{"a", 1}, {"c", 3}}) ==
        json{{"b", nullptr}, {"c", 3}});
  CHECK(CreateMergePatch(json{{"o", {{"x", 1}, {"y", 2}}}}, json{{"o", {{"x", 1}, {"y", 3}}}}) ==
        json{{"o", {{"y", 3}}}});
  CHECK(CreateMergePatch(json{{"l", {1, 2}}}, json{{"l", {1}}}) == json{{"l", {1}}});
  CHECK(CreateMergePatch(json{{"o", {{"x", 1}}}}, json{{"o", 5}}) == json{{"o", 5}});
  CHECK(CreateMergePatch(json{{"n", 1}}, json{{"n", 1.0}}) == json::object());
  CHECK(CreateMergePatch(json{{"a", 1}}, json{{"a", 1}}) == json::object());
  CHECK_THROWS_WITH(CreateMergePatch(json::array(), json::object()), "Invalid JSON Document");
}

}  // namespace ctrl_client_test
