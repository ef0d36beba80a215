// Tests for FakeAPIServer's server-side apply and managedFields tracking. Every expected document
// and text below was recorded from kube-apiserver v1.37.2 (with etcd 3.7.0) answering the same
// requests: two custom resources, `widgets` (spec and status declared objects with
// x-kubernetes-preserve-unknown-fields, a status subresource) and `gadgets` (a root schema of
// x-kubernetes-preserve-unknown-fields, no subresource). Times are the fake server's clock.
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"

#include "support/status_of.hpp"

namespace testing_fake_apiserver_apply_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};
const schema::GroupVersionResource kGadgets{"example.com", "v1", "gadgets"};
constexpr std::string_view kApply = metav1::kPatchTypeApply;

// The widgets CRD's openAPIV3Schema.
const json kWidgetSchema = json::parse(R"({"type":"object","properties":{
  "spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
  "status":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}})");

struct Server {
  std::shared_ptr<apimachinery::util::clock::FakeClock> clock =
      std::make_shared<apimachinery::util::clock::FakeClock>();
  std::unique_ptr<testing::FakeAPIServer> api;

  explicit Server(std::string user_agent = "curl-test/1.0") {
    testing::FakeAPIServerOptions o;
    o.clock = clock;
    o.user_agent = std::move(user_agent);
    api = std::make_unique<testing::FakeAPIServer>(o);
    testing::Subresources sub;
    sub.status = true;
    api->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, sub);
    api->SetOpenAPISchema(kWidgets, kWidgetSchema);
    api->AddResource(kGadgets, "Gadget", meta::RESTScopeName::kNamespace);
  }

  json Apply(const schema::GroupVersionResource& gvr, const std::string& name, const json& config,
             const std::string& manager, bool force = false, std::string_view sub = {}) {
    metav1::PatchOptions o;
    o.field_manager = manager;
    if (force) o.force = true;
    return api->Patch(gvr, "default", name, kApply, config, o, sub);
  }
};

json Entry(const std::string& manager, const std::string& op, const json& fields, const std::string& time,
           const std::string& subresource = "") {
  json e = {{"apiVersion", "example.com/v1"},
            {"fieldsType", "FieldsV1"},
            {"fieldsV1", fields},
            {"manager", manager},
            {"operation", op},
            {"time", time}};
  if (!subresource.empty()) e["subresource"] = subresource;
  return e;
}

using test_support::StatusOf;

constexpr const char* kT0 = "2024-01-01T00:00:00Z";

TEST_CASE("Create records the creator's fields as kube-apiserver does", "[testing][apply]") {
  Server s;
  json w =
      json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a","labels":{"x":"1"},
    "finalizers":["f1"]},"spec":{"replicas":1,"template":{"metadata":{"labels":{"app":"a"}}},"ports":[{"port":80}]}})");
  metav1::CreateOptions co;
  co.field_manager = "creator";
  json got = s.api->Create(kWidgets, "default", w, co);
  const json want = json::parse(R"([{"apiVersion":"example.com/v1","fieldsType":"FieldsV1","fieldsV1":{
    "f:metadata":{"f:finalizers":{".":{},"v:\"f1\"":{}},"f:labels":{".":{},"f:x":{}}},
    "f:spec":{".":{},"f:ports":{},"f:replicas":{},"f:template":{".":{},"f:metadata":{".":{},"f:labels":{".":{},
    "f:app":{}}}}}},"manager":"creator","operation":"Update","time":"2024-01-01T00:00:00Z"}])");
  CHECK(got["metadata"]["managedFields"] == want);
  CHECK(s.api->Get(kWidgets, "default", "a")["metadata"]["managedFields"] == want);

  SECTION("without a fieldManager the User-Agent's prefix manages") {
    json g = json::parse(
        R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"a","labels":{"x":"1"}},
      "spec":{"replicas":1,"template":{"a":{"b":1}}}})");
    json out = s.api->Create(kGadgets, "default", g);
    CHECK(out["metadata"]["managedFields"] ==
          json::parse(R"([{"apiVersion":"example.com/v1","fieldsType":"FieldsV1",
      "fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:x":{}}},"f:spec":{".":{},"f:replicas":{},"f:template":{".":{},
      "f:a":{".":{},"f:b":{}}}}},"manager":"curl-test","operation":"Update","time":"2024-01-01T00:00:00Z"}])"));
  }
}

TEST_CASE("Apply creates, merges, conflicts and forces as kube-apiserver does", "[testing][apply]") {
  Server s;
  // The widget "a" of the create test, by "creator".
  json w =
      json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a","labels":{"x":"1"},
    "finalizers":["f1"]},"spec":{"replicas":1,"template":{"metadata":{"labels":{"app":"a"}}},"ports":[{"port":80}]}})");
  metav1::CreateOptions co;
  co.field_manager = "creator";
  s.api->Create(kWidgets, "default", w, co);
  const json creator_fields =
      json::parse(R"({"f:metadata":{"f:finalizers":{".":{},"v:\"f1\"":{}},"f:labels":{".":{},
    "f:x":{}}},"f:spec":{".":{},"f:ports":{},"f:template":{".":{},"f:metadata":{".":{},"f:labels":{".":{},
    "f:app":{}}}}}})");

  s.clock->Step(std::chrono::seconds(7));
  const std::string t7 = "2024-01-01T00:00:07Z";
  json b = s.Apply(kWidgets, "b",
                   json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b",
    "labels":{"y":"2"}},"spec":{"replicas":3,"template":{"a":{}},"ports":[{"port":80}]}})"),
                   "applier");
  // A declared `spec` is no member of the applied set; an undeclared `template` is.
  CHECK(b["metadata"]["managedFields"] ==
        json::array({Entry("applier", "Apply",
                           json::parse(R"({"f:metadata":{"f:labels":{"f:y":{}}},"f:spec":{"f:ports":{},
                             "f:replicas":{},"f:template":{".":{},"f:a":{}}}})"),
                           t7)}));
  CHECK(b["spec"] == json::parse(R"({"ports":[{"port":80}],"replicas":3,"template":{"a":{}}})"));
  CHECK(!b["metadata"].value("uid", std::string()).empty());

  SECTION("a deduced root makes spec a member") {
    json g = s.Apply(kGadgets, "b",
                     json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"b",
      "labels":{"y":"2"}},"spec":{"replicas":3,"template":{"a":{}}}})"),
                     "applier");
    CHECK(g["metadata"]["managedFields"][0]["fieldsV1"] ==
          json::parse(R"({"f:metadata":{"f:labels":{"f:y":{}}},"f:spec":{".":{},"f:replicas":{},
            "f:template":{".":{},"f:a":{}}}})"));
  }

  SECTION("another applier conflicts on the fields it would change") {
    const metav1::Status st = StatusOf([&] {
      s.Apply(kWidgets, "b",
              json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"},
        "spec":{"replicas":5,"ports":[{"port":81}]}})"),
              "other");
    });
    CHECK(st.code == 409);
    CHECK(st.reason == "Conflict");
    CHECK(st.message ==
          "Apply failed with 2 conflicts: conflicts with \"applier\":\n- .spec.ports\n- .spec.replicas");
    REQUIRE(st.details);
    REQUIRE(st.details->causes.size() == 2);
    CHECK(st.details->causes[0].type == "FieldManagerConflict");
    CHECK(st.details->causes[0].message == "conflict with \"applier\"");
    CHECK(st.details->causes[0].field == ".spec.ports");
    CHECK(st.details->causes[1].field == ".spec.replicas");
  }

  SECTION("a conflict with an updater names its version") {
    const metav1::Status st = StatusOf([&] {
      s.Apply(
          kWidgets, "a",
          json::parse(
              R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a"},"spec":{"replicas":5}})"),
          "other");
    });
    CHECK(st.code == 409);
    CHECK(st.message ==
          "Apply failed with 1 conflict: conflict with \"creator\" using example.com/v1: .spec.replicas");
    REQUIRE(st.details);
    REQUIRE(st.details->causes.size() == 1);
    CHECK(st.details->causes[0].message == "conflict with \"creator\" using example.com/v1");
  }

  SECTION("force takes the field; a merge patch then takes it from the applier") {
    s.clock->Step(std::chrono::seconds(1));
    const std::string t8 = "2024-01-01T00:00:08Z";
    json a = s.Apply(
        kWidgets, "a",
        json::parse(
            R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a"},"spec":{"replicas":5}})"),
        "other", true);
    CHECK(a["spec"]["replicas"] == 5);
    CHECK(a["metadata"]["managedFields"] ==
          json::array({Entry("other", "Apply", {{"f:spec", {{"f:replicas", json::object()}}}}, t8),
                       Entry("creator", "Update", creator_fields, kT0)}));
    metav1::PatchOptions po;
    po.field_manager = "patcher";
    json p =
        s.api->Patch(kWidgets, "default", "a", metav1::kPatchTypeMerge, {{"spec", {{"replicas", 9}}}}, po);
    CHECK(p["metadata"]["managedFields"] ==
          json::array({Entry("creator", "Update", creator_fields, kT0),
                       Entry("patcher", "Update", {{"f:spec", {{"f:replicas", json::object()}}}}, t8)}));

    SECTION("the status endpoint's applier owns status only") {
      json st = s.Apply(kWidgets, "a",
                        json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a",
        "labels":{"zz":"1"}},"spec":{"replicas":1},"status":{"ready":true}})"),
                        "st", false, "status");
      CHECK(st["metadata"]["labels"] == json{{"x", "1"}});
      CHECK(st["spec"]["replicas"] == 9);
      CHECK(st["status"] == json{{"ready", true}});
      CHECK(st["metadata"]["managedFields"] ==
            json::array({Entry("st", "Apply", {{"f:status", {{"f:ready", json::object()}}}}, t8, "status"),
                         Entry("creator", "Update", creator_fields, kT0),
                         Entry("patcher", "Update", {{"f:spec", {{"f:replicas", json::object()}}}}, t8)}));
    }
  }

  SECTION("applying less removes what the applier alone owned") {
    json r1 = s.Apply(
        kWidgets, "b",
        json::parse(
            R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"},"spec":{"q":1}})"),
        "q");
    CHECK(r1["spec"] == json::parse(R"({"ports":[{"port":80}],"q":1,"replicas":3,"template":{"a":{}}})"));
    json r2 = s.Apply(kWidgets, "b",
                      json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"},
      "spec":{"replicas":3,"ports":[{"port":80}]}})"),
                      "applier");
    CHECK(r2["spec"] == json::parse(R"({"ports":[{"port":80}],"q":1,"replicas":3})"));
    CHECK(!r2["metadata"].contains("labels"));
    json r3 = s.Apply(
        kWidgets, "b",
        json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"}})"), "applier");
    CHECK(r3["spec"] == json{{"q", 1}});
    CHECK(r3["metadata"]["managedFields"] ==
          json::array({Entry("q", "Apply", {{"f:spec", {{"f:q", json::object()}}}}, t7)}));
  }

  SECTION("an unchanged apply writes nothing") {
    const std::string rv = b["metadata"]["resourceVersion"];
    s.clock->Step(std::chrono::seconds(30));
    json again = s.Apply(kWidgets, "b",
                         json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b",
      "labels":{"y":"2"}},"spec":{"replicas":3,"template":{"a":{}},"ports":[{"port":80}]}})"),
                         "applier");
    CHECK(again["metadata"]["resourceVersion"] == rv);
    CHECK(again["metadata"]["managedFields"][0]["time"] == t7);
  }
}

TEST_CASE("Apply removes a map it emptied and keeps nulls it was given", "[testing][apply]") {
  Server s;
  s.Apply(
      kGadgets, "n2",
      json::parse(
          R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"n2"},"spec":{"x":1,"l":[1,2]}})"),
      "m1");
  json out = s.Apply(
      kGadgets, "n2",
      json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"n2"}})"), "m1");
  CHECK(!out.contains("spec"));
  CHECK(!out["metadata"].contains("managedFields"));
  CHECK(out["metadata"]["generation"] == 2);
  json n3 = s.Apply(
      kGadgets, "n3",
      json::parse(
          R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"n3"},"spec":{"x":null,"y":1}})"),
      "m1");
  CHECK(n3["spec"] == json::parse(R"({"x":null,"y":1})"));
  CHECK(n3["metadata"]["managedFields"][0]["fieldsV1"] ==
        json::parse(R"({"f:spec":{".":{},"f:x":{},"f:y":{}}})"));
}

TEST_CASE("Apply answers bad requests with kube-apiserver's texts", "[testing][apply]") {
  Server s;
  s.Apply(kWidgets, "b",
          json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"}})"), "x");
  auto apply = [&](const json& config, const std::string& manager, std::optional<bool> force = std::nullopt) {
    return StatusOf([&] {
      metav1::PatchOptions o;
      o.field_manager = manager;
      o.force = force;
      s.api->Patch(kWidgets, "default", "b", kApply, config, o);
    });
  };
  const json ok = json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"}})");
  metav1::Status st = apply(ok, "");
  CHECK(st.code == 422);
  CHECK(
      st.message ==
      "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch");
  st = apply(json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"zz"}})"), "a");
  CHECK(st.code == 400);
  CHECK(st.message == "the name of the object (zz) does not match the name on the URL (b)");
  st = apply(json::parse(R"({"apiVersion":"example.com/v2","kind":"Widget","metadata":{"name":"b"}})"), "a");
  CHECK(st.code == 400);
  CHECK(st.message == "invalid object type: example.com/v2, Kind=Widget");
  st = apply(json::parse(R"({"metadata":{"name":"b"}})"), "a");
  CHECK(st.message == "invalid object type: /, Kind=");
  st = apply(
      json::parse(
          R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b","managedFields":[]}})"),
      "a");
  CHECK(st.code == 400);
  CHECK(st.message == "metadata.managedFields must be nil");
  st = apply(ok, std::string(130, 'x'));
  CHECK(st.code == 422);
  CHECK(st.message ==
        "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Too long: may not be more than 128 bytes");
  st = apply(ok,
             "a\x01"
             "b");
  CHECK(st.message ==
        "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Invalid value: \"a\\x01b\": invalid "
        "character U+0001 (at position 1)");
  st = StatusOf([&] {
    metav1::PatchOptions o;
    o.force = true;
    s.api->Patch(kWidgets, "default", "b", metav1::kPatchTypeMerge, {{"spec", {{"x", 1}}}}, o);
  });
  CHECK(st.code == 422);
  CHECK(
      st.message ==
      "PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch");
  st = apply(json::array({1}), "a");
  CHECK(st.code == 400);
  st = StatusOf([&] { s.Apply(kWidgets, "nope", ok, "a", false, "status"); });
  CHECK(st.code == 404);
}

TEST_CASE("Apply of hostile configurations answers Status errors only", "[testing][apply]") {
  Server s;
  s.Apply(kWidgets, "h",
          json::parse(R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h"}})"), "x");
  const std::vector<std::string> bodies = {
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":"x"})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","labels":5}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","labels":{"a":[1]}}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","finalizers":[{"a":1}]}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","ownerReferences":[{"name":"o"}]}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","ownerReferences":"x"}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":7}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h","resourceVersion":7}})",
      R"({"apiVersion":5,"kind":"Widget","metadata":{"name":"h"}})",
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"h"},"spec":[1,{"a":[]}]})",
  };
  for (const auto& body : bodies) {
    CAPTURE(body);
    try {
      s.Apply(kWidgets, "h", json::parse(body), "hostile");
    } catch (const errors::StatusError& e) {
      CHECK(e.Status().code >= 400);
    }
  }
  // The object is still readable and decodes.
  CHECK(s.api->Get(kWidgets, "default", "h")["metadata"]["name"] == "h");
}

TEST_CASE("A server that does not track managed fields stores them as sent and refuses apply",
          "[testing][apply]") {
  testing::FakeAPIServerOptions o;
  o.track_managed_fields = false;
  testing::FakeAPIServer api(o);
  api.AddResource(kGadgets, "Gadget", meta::RESTScopeName::kNamespace);
  const json sent = json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g",
    "managedFields":[{"manager":"m","operation":"Update","apiVersion":"example.com/v1","fieldsType":"FieldsV1",
    "fieldsV1":{"f:spec":{}}}]},"spec":{"a":1}})");
  const json created = api.Create(kGadgets, "default", sent);
  CHECK(created["metadata"]["managedFields"] == sent["metadata"]["managedFields"]);
  const json plain = api.Create(kGadgets, "default", json::parse(R"({"metadata":{"name":"h"}})"));
  CHECK(!plain["metadata"].contains("managedFields"));
  metav1::PatchOptions po;
  po.field_manager = "m";
  const metav1::Status st = StatusOf([&] {
    api.Patch(kGadgets, "default", "g", kApply,
              json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget"})"), po);
  });
  CHECK(st.code == 415);
}

TEST_CASE("Apply merges associative lists by key with a schema", "[testing][apply]") {
  Server s;
  s.api->SetOpenAPISchema(kGadgets,
                          json::parse(R"({"type":"object","properties":{"spec":{"type":"object","properties":{
    "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["port"],
      "items":{"type":"object","properties":{"port":{"type":"integer"},"name":{"type":"string"}}}},
    "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}}}})"));
  s.Apply(kGadgets, "g",
          json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},
            "spec":{"ports":[{"port":80,"name":"http"}],"tags":["a"]}})"),
          "one");
  json out = s.Apply(kGadgets, "g",
                     json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},
                       "spec":{"ports":[{"port":443,"name":"https"}],"tags":["b"]}})"),
                     "two");
  CHECK(out["spec"] ==
        json::parse(R"({"ports":[{"name":"http","port":80},{"name":"https","port":443}],"tags":["a","b"]})"));
  const json& mf = out["metadata"]["managedFields"];
  REQUIRE(mf.size() == 2);
  CHECK(mf[1]["manager"] == "two");
  CHECK(mf[1]["fieldsV1"] ==
        json::parse(R"({"f:spec":{"f:ports":{"k:{\"port\":443}":{".":{},"f:name":{},"f:port":{}}},
    "f:tags":{"v:\"b\"":{}}}})"));
  // "one" applies without its port: only its own item goes.
  out = s.Apply(
      kGadgets, "g",
      json::parse(
          R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},"spec":{"tags":["a"]}})"),
      "one");
  CHECK(out["spec"] == json::parse(R"({"ports":[{"name":"https","port":443}],"tags":["a","b"]})"));
  // A duplicate key in a configuration is refused.
  const metav1::Status st = StatusOf([&] {
    s.Apply(kGadgets, "g",
            json::parse(R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},
              "spec":{"ports":[{"port":1},{"port":1}]}})"),
            "one");
  });
  CHECK(st.code == 500);
  CHECK(st.message.find(".spec.ports: duplicate entries for key [port=1]") != std::string::npos);
}

TEST_CASE("Updates take changed fields from appliers and cap update managers", "[testing][apply]") {
  Server s;
  s.Apply(
      kGadgets, "g",
      json::parse(
          R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},"spec":{"a":1,"b":1}})"),
      "applier");
  json cur = s.api->Get(kGadgets, "default", "g");
  cur["spec"]["a"] = 2;
  metav1::UpdateOptions uo;
  uo.field_manager = "editor";
  json out = s.api->Update(kGadgets, "default", cur, uo);
  const json& mf = out["metadata"]["managedFields"];
  REQUIRE(mf.size() == 2);
  CHECK(mf[0]["manager"] == "applier");
  CHECK(mf[0]["fieldsV1"] == json::parse(R"({"f:spec":{".":{},"f:b":{}}})"));
  CHECK(mf[1]["manager"] == "editor");
  CHECK(mf[1]["fieldsV1"] == json::parse(R"({"f:spec":{"f:a":{}}})"));

  // Eleven more updaters, one second apart: twelve become ten, the three oldest merged into
  // ancient-changes (capmanagers.go keeps the first of a version and renames it).
  for (int i = 0; i < 11; ++i) {
    s.clock->Step(std::chrono::seconds(1));
    json c = s.api->Get(kGadgets, "default", "g");
    c["spec"]["u" + std::to_string(i)] = i;
    metav1::UpdateOptions o;
    o.field_manager = "u" + std::to_string(i);
    out = s.api->Update(kGadgets, "default", c, o);
  }
  int updaters = 0;
  bool ancient = false;
  for (const auto& e : out["metadata"]["managedFields"]) {
    if (e["operation"] == "Update") ++updaters;
    if (e["manager"] == "ancient-changes") {
      ancient = true;
      CHECK(e["fieldsV1"] == json::parse(R"({"f:spec":{"f:a":{},"f:u0":{},"f:u1":{}}})"));
    }
  }
  CHECK(updaters == 10);
  CHECK(ancient);

  SECTION("managedFields set to [] reset the tracking") {
    json c = s.api->Get(kGadgets, "default", "g");
    c["metadata"]["managedFields"] = json::array();
    json reset = s.api->Update(kGadgets, "default", c);
    CHECK(!reset["metadata"].contains("managedFields"));
    // An object without managed fields is not tracked by updates ...
    json c2 = reset;
    c2["spec"]["z"] = 1;
    CHECK(!s.api->Update(kGadgets, "default", c2)["metadata"].contains("managedFields"));
    // ... and the first apply gives its fields to before-first-apply.
    json applied = s.Apply(
        kGadgets, "g",
        json::parse(
            R"({"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},"spec":{"z":2}})"),
        "late", true);
    const json& m = applied["metadata"]["managedFields"];
    REQUIRE(m.size() == 2);
    CHECK(m[0]["manager"] == "late");
    CHECK(m[1]["manager"] == "before-first-apply");
    CHECK(m[1]["fieldsV1"]["f:spec"].contains("f:a"));
    CHECK(!m[1]["fieldsV1"]["f:spec"].contains("f:z"));
  }
}

}  // namespace testing_fake_apiserver_apply_test
