// Tests for testing/fake_apiserver.hpp: create/get/update/patch/delete/list with kube-apiserver's
// texts (k8s.io/apiserver/pkg/registry/generic/registry/store.go, registry/rest/*.go,
// endpoints/handlers/*.go, storage/continue.go, storage/cacher/watch_cache*.go), bad input and
// discovery.
#include "apimachinery/testing/fake_apiserver.hpp"

#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/util/clock.hpp"

#include "support/status_of.hpp"

namespace testing_fake_apiserver_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};
const schema::GroupVersionResource kClusters{"example.com", "v1", "clusterwidgets"};

std::unique_ptr<testing::FakeAPIServer> NewServer(testing::FakeAPIServerOptions o = {}) {
  auto s = std::make_unique<testing::FakeAPIServer>(std::move(o));
  s->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  s->AddResource(kClusters, "ClusterWidget", meta::RESTScopeName::kRoot);
  return s;
}

json Widget(const std::string& name, json labels = json::object(), json spec = {{"size", 1}}) {
  json md = {{"name", name}};
  if (!labels.empty()) md["labels"] = std::move(labels);
  return {{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", md}, {"spec", std::move(spec)}};
}

// StatusOf runs fn and returns the Status of the StatusError it throws.
using test_support::StatusOf;

std::vector<std::string> Names(const json& list) {
  std::vector<std::string> out;
  for (const auto& i : list["items"]) {
    const auto& md = i["metadata"];
    out.push_back(md.value("namespace", std::string()) + "/" + md["name"].get<std::string>());
  }
  return out;
}

TEST_CASE("FakeAPIServer Create assigns uid, creationTimestamp, resourceVersion and generation") {
  auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
  testing::FakeAPIServerOptions o;
  o.clock = clock;
  auto s = NewServer(o);
  CHECK(s->CurrentResourceVersion() == "1");
  json a = s->Create(kWidgets, "ns", Widget("a"));
  CHECK(a["metadata"]["namespace"] == "ns");
  CHECK(a["metadata"]["generation"] == 1);
  CHECK(a["metadata"]["resourceVersion"] == "2");
  CHECK(a["metadata"]["creationTimestamp"] == "2024-01-01T00:00:00Z");
  CHECK(a["metadata"]["uid"].get<std::string>().size() == 36);
  clock->Step(std::chrono::seconds(61));
  json b = s->Create(kWidgets, "ns", Widget("b"));
  CHECK(b["metadata"]["creationTimestamp"] == "2024-01-01T00:01:01Z");
  CHECK(b["metadata"]["resourceVersion"] == "3");
  CHECK(b["metadata"]["uid"] != a["metadata"]["uid"]);
  CHECK(s->CurrentResourceVersion() == "3");
  CHECK(s->Get(kWidgets, "ns", "a") == a);
  CHECK(s->RequestCount("create") == 2);
  CHECK(s->RequestCount("get") == 1);
}

TEST_CASE("FakeAPIServer Create fills a missing apiVersion and kind, refuses others") {
  auto s = NewServer();
  json bare = {{"metadata", {{"name", "x"}}}};
  json out = s->Create(kWidgets, "ns", bare);
  CHECK(out["apiVersion"] == "example.com/v1");
  CHECK(out["kind"] == "Widget");

  json wrong_version = Widget("y");
  wrong_version["apiVersion"] = "example.com/v2";
  auto st = StatusOf([&] { s->Create(kWidgets, "ns", wrong_version); });
  CHECK(st.code == 400);
  CHECK(st.reason == "BadRequest");
  CHECK(st.message ==
        "the API version in the data (example.com/v2) does not match the expected API version "
        "(example.com/v1)");

  json wrong_kind = Widget("y");
  wrong_kind["kind"] = "Gadget";
  st = StatusOf([&] { s->Create(kWidgets, "ns", wrong_kind); });
  CHECK(st.code == 422);
  CHECK(st.message == "Widget.example.com \"y\" is invalid: kind: Invalid value: \"Gadget\": must be Widget");
}

TEST_CASE("FakeAPIServer Create names: required, DNS-1123, generateName") {
  auto s = NewServer();
  json none = Widget("");
  none["metadata"].erase("name");
  auto st = StatusOf([&] { s->Create(kWidgets, "ns", none); });
  CHECK(st.code == 422);
  CHECK(st.reason == "Invalid");
  CHECK(
      st.message ==
      "Widget.example.com \"\" is invalid: metadata.name: Required value: name or generateName is required");
  REQUIRE(st.details);
  REQUIRE(st.details->causes.size() == 1);
  CHECK(st.details->causes[0].type == "FieldValueRequired");
  CHECK(st.details->causes[0].field == "metadata.name");

  st = StatusOf([&] { s->Create(kWidgets, "ns", Widget("Bad_Name")); });
  CHECK(st.code == 422);
  CHECK(st.message ==
        "Widget.example.com \"Bad_Name\" is invalid: metadata.name: Invalid value: \"Bad_Name\": a lowercase "
        "RFC "
        "1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and "
        "end with "
        "an alphanumeric character (e.g. 'example.com', regex used for validation is "
        "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");

  st = StatusOf([&] { s->Create(kWidgets, "ns", Widget(std::string(254, 'a'))); });
  CHECK(st.code == 422);
  CHECK_THAT(st.message, Catch::EndsWith("metadata.name: Invalid value: \"" + std::string(254, 'a') +
                                         "\": must be no more than 253 bytes"));

  json gen = Widget("");
  gen["metadata"].erase("name");
  gen["metadata"]["generateName"] = std::string(70, 'g');
  json out = s->Create(kWidgets, "ns", gen);
  const std::string name = out["metadata"]["name"];
  CHECK(name.size() == 63);
  CHECK(name.substr(0, 58) == std::string(58, 'g'));
  CHECK(name.substr(58).find_first_not_of("bcdfghjklmnpqrstvwxz2456789") == std::string::npos);
}

TEST_CASE("FakeAPIServer Create of a generated name that exists adds the retry text") {
  // Two servers with the same seed generate the same names and UIDs: the probe makes the same
  // random draws as the server below (one UID, then a generated name).
  auto probe = NewServer();
  probe->Create(kWidgets, "ns", Widget("x"));
  json gen = Widget("");
  gen["metadata"].erase("name");
  gen["metadata"]["generateName"] = "w-";
  const std::string first = probe->Create(kWidgets, "ns", gen)["metadata"]["name"];
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget(first));
  auto st = StatusOf([&] { s->Create(kWidgets, "ns", gen); });
  CHECK(st.code == 409);
  CHECK(st.reason == "AlreadyExists");
  CHECK(st.message ==
        "widgets.example.com \"" + first +
            "\" already exists, the server was not able to generate a unique name for the object");
  REQUIRE(st.details);
  CHECK(st.details->retry_after_seconds == 1);
}

TEST_CASE("FakeAPIServer Create: AlreadyExists, resourceVersion set, namespaces") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));
  auto st = StatusOf([&] { s->Create(kWidgets, "ns", Widget("a")); });
  CHECK(st.code == 409);
  CHECK(st.reason == "AlreadyExists");
  CHECK(st.message == "widgets.example.com \"a\" already exists");
  s->Create(kWidgets, "other", Widget("a"));  // another namespace: another object

  json with_rv = Widget("b");
  with_rv["metadata"]["resourceVersion"] = "5";
  st = StatusOf([&] { s->Create(kWidgets, "ns", with_rv); });
  CHECK(st.code == 500);
  CHECK(st.reason.empty());  // kube-apiserver v1.37.2 answers the storage's text as is
  CHECK(st.message == "resourceVersion should not be set on objects to be created");

  json elsewhere = Widget("c");
  elsewhere["metadata"]["namespace"] = "other";
  st = StatusOf([&] { s->Create(kWidgets, "ns", elsewhere); });
  CHECK(st.code == 400);
  CHECK(st.message ==
        "the namespace of the provided object does not match the namespace sent on the request");
  // An empty request namespace takes the body's.
  CHECK(s->Create(kWidgets, "", elsewhere)["metadata"]["namespace"] == "other");

  json cluster = Widget("c1");
  cluster["kind"] = "ClusterWidget";
  cluster["metadata"]["namespace"] = "dropped";
  json out = s->Create(kClusters, "", cluster);
  CHECK_FALSE(out["metadata"].contains("namespace"));
  CHECK(s->Get(kClusters, "", "c1")["metadata"]["name"] == "c1");
  st = StatusOf([&] { s->Get(kClusters, "ns", "c1"); });
  CHECK(st.code == 404);
}

TEST_CASE("FakeAPIServer bad bodies are StatusErrors, never crashes") {
  auto s = NewServer();
  auto st = StatusOf([&] { s->Create(kWidgets, "ns", json::array({1, 2})); });
  CHECK(st.code == 400);
  CHECK(st.message ==
        "the object provided is unrecognized (must be of type Widget): json: cannot unmarshal array into Go "
        "value of "
        "type map[string]interface {} (5b312c325d)");
  st = StatusOf([&] { s->Create(kWidgets, "ns", json("text")); });
  CHECK(st.code == 400);
  st = StatusOf([&] { s->Create(kWidgets, "ns", json{{"kind", 5}, {"metadata", {{"name", "a"}}}}); });
  CHECK(st.code == 400);
  st = StatusOf([&] { s->Create(kWidgets, "ns", json{{"metadata", "oops"}}); });
  CHECK(st.code == 400);
  st = StatusOf([&] { s->Create(kWidgets, "ns", json{{"metadata", {{"labels", {{"a", 1}}}}}}); });
  CHECK(st.code == 400);
  st = StatusOf([&] { s->Update(kWidgets, "ns", json(nullptr)); });
  CHECK(st.code == 400);
  // Unregistered resource: the server's 404.
  st = StatusOf([&] { s->Get(schema::GroupVersionResource{"x", "v1", "nope"}, "ns", "a"); });
  CHECK(st.code == 404);
  CHECK(st.reason == "NotFound");
  CHECK(st.message == "the server could not find the requested resource");
}

TEST_CASE("FakeAPIServer Get and Update: NotFound, conflicts, unconditional update refused") {
  auto s = NewServer();
  auto st = StatusOf([&] { s->Get(kWidgets, "ns", "a"); });
  CHECK(st.code == 404);
  CHECK(st.message == "widgets.example.com \"a\" not found");
  REQUIRE(st.details);
  CHECK(st.details->kind == "widgets");
  CHECK(st.details->group == "example.com");

  json a = s->Create(kWidgets, "ns", Widget("a"));
  json no_rv = a;
  no_rv["metadata"].erase("resourceVersion");
  st = StatusOf([&] { s->Update(kWidgets, "ns", no_rv); });
  CHECK(st.code == 422);
  CHECK(st.message ==
        "widgets.example.com \"a\" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified "
        "for an "
        "update");

  json changed = a;
  changed["spec"]["size"] = 2;
  json b = s->Update(kWidgets, "ns", changed);
  CHECK(b["metadata"]["resourceVersion"] == "3");
  CHECK(b["metadata"]["generation"] == 2);
  CHECK(b["metadata"]["uid"] == a["metadata"]["uid"]);

  st = StatusOf([&] { s->Update(kWidgets, "ns", changed); });  // stale: resourceVersion 2
  CHECK(st.code == 409);
  CHECK(st.reason == "Conflict");
  CHECK(st.message ==
        "Operation cannot be fulfilled on widgets.example.com \"a\": the object has been modified; "
        "please apply your changes to the latest version and try again");

  json missing = Widget("zz");
  missing["metadata"]["resourceVersion"] = "2";
  st = StatusOf([&] { s->Update(kWidgets, "ns", missing); });
  CHECK(st.code == 404);
}

TEST_CASE("FakeAPIServer Update: generation only for changes outside metadata; no-op keeps the version") {
  auto s = NewServer();
  json a = s->Create(kWidgets, "ns", Widget("a"));
  json labelled = a;
  labelled["metadata"]["labels"] = {{"x", "y"}};
  json b = s->Update(kWidgets, "ns", labelled);
  CHECK(b["metadata"]["generation"] == 1);
  CHECK(b["metadata"]["resourceVersion"] == "3");
  // The same document again: nothing changes, no new resourceVersion.
  json c = s->Update(kWidgets, "ns", b);
  CHECK(c["metadata"]["resourceVersion"] == "3");
  CHECK(s->CurrentResourceVersion() == "3");
  // Immutable metadata comes from the store.
  json forged = c;
  forged["metadata"]["uid"] = "forged";
  forged["metadata"]["generation"] = 42;
  forged["metadata"]["creationTimestamp"] = "1999-01-01T00:00:00Z";
  json d = s->Update(kWidgets, "ns", forged);
  CHECK(d["metadata"]["uid"] == a["metadata"]["uid"]);
  CHECK(d["metadata"]["generation"] == 1);
  CHECK(d["metadata"]["creationTimestamp"] == a["metadata"]["creationTimestamp"]);
  CHECK(d["metadata"]["resourceVersion"] == "3");
}

TEST_CASE("FakeAPIServer Patch: merge, json-patch, failures and 415") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));
  json m = s->Patch(kWidgets, "ns", "a", "application/merge-patch+json",
                    {{"spec", {{"size", 5}, {"color", "red"}}}});
  CHECK(m["spec"] == json{{"size", 5}, {"color", "red"}});
  CHECK(m["metadata"]["generation"] == 2);
  m = s->Patch(kWidgets, "ns", "a", "application/merge-patch+json", {{"spec", {{"color", nullptr}}}});
  CHECK(m["spec"] == json{{"size", 5}});

  json p = s->Patch(kWidgets, "ns", "a", "application/json-patch+json",
                    json::array({{{"op", "replace"}, {"path", "/spec/size"}, {"value", 7}}}));
  CHECK(p["spec"]["size"] == 7);

  auto st = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", "application/json-patch+json",
             json::array({{{"op", "test"}, {"path", "/spec/size"}, {"value", 1}}}));
  });
  CHECK(st.code == 422);
  CHECK(st.message == "the server rejected our request due to an error in our request");
  st = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", "application/json-patch+json",
             json::array({{{"op", "remove"}, {"path", "/nope/deeper"}}}));
  });
  CHECK(st.code == 422);
  st = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", "application/json-patch+json",
             json::array({{{"op", "bogus"}, {"path", "/a"}}}));
  });
  CHECK(st.code == 422);
  st = StatusOf([&] { s->Patch(kWidgets, "ns", "a", "application/json-patch+json", json{{"op", "add"}}); });
  CHECK(st.code == 400);
  CHECK(st.message == "json: cannot unmarshal object into Go value of type jsonpatch.Patch");
  st = StatusOf([&] { s->Patch(kWidgets, "ns", "a", "application/merge-patch+json", json::array()); });
  CHECK(st.code == 400);

  st = StatusOf(
      [&] { s->Patch(kWidgets, "ns", "a", "application/strategic-merge-patch+json", json::object()); });
  CHECK(st.code == 415);
  CHECK(st.reason == "UnsupportedMediaType");
  CHECK(st.message ==
        "the body of the request was in an unknown format - accepted media types include: "
        "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml");

  st = StatusOf([&] { s->Patch(kWidgets, "ns", "zz", "application/merge-patch+json", json::object()); });
  CHECK(st.code == 404);
  // A patch carrying a stale resourceVersion conflicts.
  st = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", "application/merge-patch+json", {{"metadata", {{"resourceVersion", "2"}}}});
  });
  CHECK(st.code == 409);
  // A patch renaming the object is refused.
  st = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", "application/merge-patch+json", {{"metadata", {{"name", "b"}}}});
  });
  CHECK(st.code == 400);
  CHECK(st.message == "the name of the object (b) does not match the name on the URL (a)");
  CHECK(s->RequestCount("patch") == 12);
}

TEST_CASE("FakeAPIServer Delete: Status Success, NotFound, preconditions") {
  auto s = NewServer();
  json a = s->Create(kWidgets, "ns", Widget("a"));
  metav1::DeleteOptions stale;
  stale.preconditions = metav1::Preconditions{std::nullopt, std::string("1")};
  auto st = StatusOf([&] { s->Delete(kWidgets, "ns", "a", stale); });
  CHECK(st.code == 409);
  CHECK(st.message ==
        "Operation cannot be fulfilled on Widget.example.com \"a\": the ResourceVersion in the precondition "
        "(1) does "
        "not match the ResourceVersion in record (2). The object might have been modified");
  metav1::DeleteOptions bad_uid;
  bad_uid.preconditions = metav1::Preconditions{std::string("u"), std::nullopt};
  st = StatusOf([&] { s->Delete(kWidgets, "ns", "a", bad_uid); });
  CHECK(st.code == 409);
  CHECK(st.message ==
        "Operation cannot be fulfilled on Widget.example.com \"a\": the UID in the precondition (u) "
        "does not match the UID in record (" +
            a["metadata"]["uid"].get<std::string>() +
            "). The object might have been deleted and then recreated");

  metav1::DeleteOptions good;
  good.preconditions = metav1::Preconditions{a["metadata"]["uid"].get<std::string>(), std::string("2")};
  json status = s->Delete(kWidgets, "ns", "a", good);
  CHECK(status["kind"] == "Status");
  CHECK(status["status"] == "Success");
  CHECK(status["details"]["name"] == "a");
  CHECK(status["details"]["kind"] == "widgets");
  CHECK(status["details"]["uid"] == a["metadata"]["uid"]);
  CHECK(s->CurrentResourceVersion() == "3");
  st = StatusOf([&] { s->Delete(kWidgets, "ns", "a"); });
  CHECK(st.code == 404);
}

TEST_CASE("FakeAPIServer Delete with finalizers: terminating, idempotent, last finalizer deletes") {
  auto s = NewServer();
  json w = Widget("a");
  w["metadata"]["finalizers"] = {"example.com/f1", "example.com/f2"};
  s->Create(kWidgets, "ns", w);
  json t = s->Delete(kWidgets, "ns", "a");
  CHECK(t["metadata"]["deletionTimestamp"] == "2024-01-01T00:00:00Z");
  CHECK(t["metadata"]["deletionGracePeriodSeconds"] == 0);
  CHECK(t["metadata"]["generation"] == 2);
  CHECK(t["metadata"]["resourceVersion"] == "3");
  json again = s->Delete(kWidgets, "ns", "a");
  CHECK(again == t);
  CHECK(s->CurrentResourceVersion() == "3");

  json more = t;
  more["metadata"]["finalizers"] = {"example.com/f1", "example.com/f2", "b", "a"};
  auto st = StatusOf([&] { s->Update(kWidgets, "ns", more); });
  CHECK(st.code == 422);
  CHECK(st.message ==
        "Widget.example.com \"a\" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added "
        "if the "
        "object is being deleted, found new finalizers []string{\"a\", \"b\"}");

  json one = t;
  one["metadata"]["finalizers"] = {"example.com/f2"};
  json u = s->Update(kWidgets, "ns", one);
  CHECK(u["metadata"]["generation"] == 2);  // metadata only
  CHECK(u["metadata"]["deletionTimestamp"] == t["metadata"]["deletionTimestamp"]);
  json last = u;
  last["metadata"]["finalizers"] = json::array();
  s->Update(kWidgets, "ns", last);
  st = StatusOf([&] { s->Get(kWidgets, "ns", "a"); });
  CHECK(st.code == 404);
  CHECK(s->CurrentResourceVersion() == "5");
}

TEST_CASE("FakeAPIServer DeleteCollection returns the deleted objects as they were") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a", {{"app", "x"}}));
  s->Create(kWidgets, "ns", Widget("b", {{"app", "y"}}));
  s->Create(kWidgets, "other", Widget("c", {{"app", "x"}}));
  metav1::ListOptions o;
  o.label_selector = "app=x";
  json out = s->DeleteCollection(kWidgets, "ns", o);
  CHECK(out["kind"] == "WidgetList");
  CHECK(Names(out) == std::vector<std::string>{"ns/a"});
  CHECK(out["items"][0]["metadata"]["resourceVersion"] == "2");
  CHECK(Names(s->List(kWidgets, "", {})) == std::vector<std::string>{"ns/b", "other/c"});
  CHECK(s->RequestCount("deletecollection") == 1);
}

TEST_CASE("FakeAPIServer List: order, namespace, selectors, document shape") {
  auto s = NewServer();
  for (const char* ns : {"b", "a", "a-b"}) {
    for (const char* name : {"y", "x"}) s->Create(kWidgets, ns, Widget(name, {{"ns", ns}}));
  }
  json all = s->List(kWidgets, "", {});
  CHECK(all["apiVersion"] == "example.com/v1");
  CHECK(all["kind"] == "WidgetList");
  CHECK(all["metadata"]["resourceVersion"] == "7");
  CHECK(all["metadata"]["continue"] == "");
  CHECK_FALSE(all["metadata"].contains("remainingItemCount"));
  // Byte order of "<namespace>/<name>": "a-b/..." sorts before "a/..." ('-' < '/').
  CHECK(Names(all) == std::vector<std::string>{"a-b/x", "a-b/y", "a/x", "a/y", "b/x", "b/y"});
  CHECK(Names(s->List(kWidgets, "a", {})) == std::vector<std::string>{"a/x", "a/y"});

  metav1::ListOptions o;
  o.label_selector = "ns in (a,b)";
  CHECK(Names(s->List(kWidgets, "", o)) == std::vector<std::string>{"a/x", "a/y", "b/x", "b/y"});
  o = {};
  o.field_selector = "metadata.name=x,metadata.namespace!=a";
  CHECK(Names(s->List(kWidgets, "", o)) == std::vector<std::string>{"a-b/x", "b/x"});

  o = {};
  o.field_selector = "spec.size=1";
  auto st = StatusOf([&] { s->List(kWidgets, "", o); });
  CHECK(st.code == 400);
  CHECK(st.message == "field label not supported: spec.size");
  s->AddFieldLabel(kWidgets, "spec.size");
  CHECK(s->List(kWidgets, "", o)["items"].size() == 6);

  o = {};
  o.field_selector = "metadata.namespace=a";
  st = StatusOf([&] { s->List(kClusters, "", o); });
  CHECK(st.message == "field label not supported: metadata.namespace");

  o = {};
  o.label_selector = "a in (";
  st = StatusOf([&] { s->List(kWidgets, "", o); });
  CHECK(st.code == 400);
  CHECK_FALSE(st.message.empty());
  o = {};
  o.field_selector = "nonsense";
  st = StatusOf([&] { s->List(kWidgets, "", o); });
  CHECK(st.code == 400);
  CHECK(st.message == "invalid selector: 'nonsense'; can't understand 'nonsense'");
}

TEST_CASE("FakeAPIServer List pagination: snapshot, remainingItemCount, selectors, rv 0") {
  auto s = NewServer();
  for (int i = 0; i < 5; ++i)
    s->Create(kWidgets, "ns", Widget("w" + std::to_string(i), {{"even", i % 2 == 0 ? "y" : "n"}}));
  metav1::ListOptions o;
  o.limit = 2;
  json p1 = s->List(kWidgets, "ns", o);
  CHECK(Names(p1) == std::vector<std::string>{"ns/w0", "ns/w1"});
  CHECK(p1["metadata"]["remainingItemCount"] == 3);
  CHECK(p1["metadata"]["resourceVersion"] == "6");
  const std::string cont = p1["metadata"]["continue"];
  REQUIRE_FALSE(cont.empty());
  // Changes after the first page do not show on later pages.
  s->Delete(kWidgets, "ns", "w2");
  s->Create(kWidgets, "ns", Widget("w9"));
  o.continue_ = cont;
  json p2 = s->List(kWidgets, "ns", o);
  CHECK(Names(p2) == std::vector<std::string>{"ns/w2", "ns/w3"});
  CHECK(p2["metadata"]["resourceVersion"] == "6");
  CHECK(p2["metadata"]["remainingItemCount"] == 1);
  o.continue_ = p2["metadata"]["continue"];
  json p3 = s->List(kWidgets, "ns", o);
  CHECK(Names(p3) == std::vector<std::string>{"ns/w4"});
  CHECK(p3["metadata"]["continue"] == "");
  CHECK_FALSE(p3["metadata"].contains("remainingItemCount"));

  // With a selector: no remainingItemCount.
  metav1::ListOptions sel;
  sel.limit = 1;
  sel.label_selector = "even=y";
  json q = s->List(kWidgets, "ns", sel);
  CHECK(Names(q) == std::vector<std::string>{"ns/w0"});
  CHECK_FALSE(q["metadata"].contains("remainingItemCount"));
  CHECK(q["metadata"]["continue"] != "");
  sel.continue_ = q["metadata"]["continue"];
  CHECK(Names(s->List(kWidgets, "ns", sel)) == std::vector<std::string>{"ns/w4"});

  // resourceVersion "0" ignores limit.
  metav1::ListOptions zero;
  zero.limit = 1;
  zero.resource_version = "0";
  json z = s->List(kWidgets, "ns", zero);
  CHECK(z["items"].size() == 5);
  CHECK(z["metadata"]["continue"] == "");

  // A resourceVersion with a continue token is refused.
  metav1::ListOptions both;
  both.continue_ = cont;
  both.resource_version = "3";
  auto st = StatusOf([&] { s->List(kWidgets, "ns", both); });
  CHECK(st.code == 400);
  CHECK(st.message == "specifying resource version is not allowed when using continue");
}

TEST_CASE("FakeAPIServer List: expired and malformed continue tokens") {
  auto s = NewServer();
  for (int i = 0; i < 3; ++i) s->Create(kWidgets, "ns", Widget("w" + std::to_string(i)));
  metav1::ListOptions o;
  o.limit = 1;
  json p1 = s->List(kWidgets, "ns", o);
  s->ExpireHistory();
  o.continue_ = p1["metadata"]["continue"];
  auto st = StatusOf([&] { s->List(kWidgets, "ns", o); });
  CHECK(st.code == 410);
  CHECK(st.reason == "Expired");
  CHECK(st.message ==
        "The provided continue parameter is too old to display a consistent list result. You can start a new "
        "list "
        "without the continue parameter, or use the continue token in this response to retrieve the "
        "remainder of "
        "the results. Continuing with the provided token results in an inconsistent list - objects that were "
        "created, modified, or deleted between the time the first chunk was returned and now may show up in "
        "the "
        "list.");
  // The new token continues at the latest version from the same key.
  REQUIRE_FALSE(st.list_meta.continue_.empty());
  o.continue_ = st.list_meta.continue_;
  o.limit = 0;
  CHECK(Names(s->List(kWidgets, "ns", o)) == std::vector<std::string>{"ns/w1", "ns/w2"});

  auto bad = [&](const std::string& token) {
    metav1::ListOptions b;
    b.continue_ = token;
    return StatusOf([&] { s->List(kWidgets, "ns", b); });
  };
  st = bad("!!!");
  CHECK(st.code == 400);
  CHECK(st.message ==
        "invalid continue token: continue key is not valid: illegal base64 data at input byte 0");
  using apimachinery::testing::internal::Base64RawURLEncode;
  st = bad(Base64RawURLEncode("not json"));
  CHECK(st.code == 400);
  CHECK_THAT(st.message, Catch::StartsWith("invalid continue token: continue key is not valid: "));
  st = bad(Base64RawURLEncode(R"({"v":"meta.k8s.io/v2","rv":1,"start":"a"})"));
  CHECK(st.message ==
        "invalid continue token: continue key is not valid: server does not recognize this encoded version "
        "meta.k8s.io/v2");
  st = bad(Base64RawURLEncode(R"({"v":"meta.k8s.io/v1","rv":0,"start":"a"})"));
  CHECK(st.message ==
        "invalid continue token: continue key is not valid: incorrect encoded start resourceVersion "
        "(version meta.k8s.io/v1)");
  st = bad(Base64RawURLEncode(R"({"v":"meta.k8s.io/v1","rv":3,"start":""})"));
  CHECK(
      st.message ==
      "invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)");
  st = bad(Base64RawURLEncode(R"({"v":"meta.k8s.io/v1","rv":3,"start":"../x"})"));
  CHECK(st.message == "invalid continue token: continue key is not valid: ../x");
  st = bad(Base64RawURLEncode("[1]"));
  CHECK(st.code == 400);
}

TEST_CASE("FakeAPIServer List resourceVersion semantics") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));  // 2
  s->Create(kWidgets, "ns", Widget("b"));  // 3
  json a = s->Get(kWidgets, "ns", "a");
  a["spec"]["size"] = 9;
  s->Update(kWidgets, "ns", a);    // 4
  s->Delete(kWidgets, "ns", "b");  // 5

  metav1::ListOptions exact;
  exact.resource_version = "3";
  exact.resource_version_match = "Exact";
  json at3 = s->List(kWidgets, "ns", exact);
  CHECK(at3["metadata"]["resourceVersion"] == "3");
  CHECK(Names(at3) == std::vector<std::string>{"ns/a", "ns/b"});
  CHECK(at3["items"][0]["spec"]["size"] == 1);
  exact.resource_version = "2";
  CHECK(Names(s->List(kWidgets, "ns", exact)) == std::vector<std::string>{"ns/a"});

  metav1::ListOptions newer;
  newer.resource_version = "3";
  newer.resource_version_match = "NotOlderThan";
  json n = s->List(kWidgets, "ns", newer);
  CHECK(n["metadata"]["resourceVersion"] == "5");
  CHECK(Names(n) == std::vector<std::string>{"ns/a"});
  // A plain resourceVersion is NotOlderThan.
  metav1::ListOptions plain;
  plain.resource_version = "4";
  CHECK(s->List(kWidgets, "ns", plain)["metadata"]["resourceVersion"] == "5");

  newer.resource_version = "99";
  auto st = StatusOf([&] { s->List(kWidgets, "ns", newer); });
  CHECK(st.code == 504);
  CHECK(st.reason == "Timeout");
  CHECK(st.message == "Timeout: Too large resource version: 99, current: 5");
  REQUIRE(st.details);
  REQUIRE(st.details->causes.size() == 1);
  CHECK(st.details->causes[0].type == "ResourceVersionTooLarge");

  s->ExpireHistory();
  exact.resource_version = "3";
  st = StatusOf([&] { s->List(kWidgets, "ns", exact); });
  CHECK(st.code == 410);
  CHECK(st.message == "The resourceVersion for the provided list is too old.");  // as kube-apiserver v1.37.2

  // Get: "" and "0" are the latest state, N not older than N (a future N is 504, as for List).
  CHECK(s->Get(kWidgets, "ns", "a", {.resource_version = "0"})["metadata"]["resourceVersion"] ==
        s->Get(kWidgets, "ns", "a")["metadata"]["resourceVersion"]);
  CHECK(s->Get(kWidgets, "ns", "a", {.resource_version = "5"})["metadata"]["name"] == "a");
  st = StatusOf([&] { s->Get(kWidgets, "ns", "a", {.resource_version = "99"}); });
  CHECK(st.code == 504);
  CHECK(st.message == "Timeout: Too large resource version: 99, current: 5");
  st = StatusOf([&] { s->Get(kWidgets, "ns", "a", {.resource_version = "x1"}); });
  CHECK(st.code == 500);  // as kube-apiserver v1.37.2 answers it (List: 400, below)
  CHECK(st.reason.empty());
  CHECK(st.message ==
        "resourceVersion: Invalid value: \"x1\": strconv.ParseUint: parsing \"x1\": invalid syntax");

  metav1::ListOptions bad;
  bad.resource_version = "abc";
  st = StatusOf([&] { s->List(kWidgets, "ns", bad); });
  CHECK(st.code == 400);
  CHECK(st.message ==
        "invalid resource version: resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing "
        "\"abc\": invalid syntax");

  metav1::ListOptions match_only;
  match_only.resource_version_match = "Exact";
  st = StatusOf([&] { s->List(kWidgets, "ns", match_only); });
  CHECK(st.code == 422);
  CHECK(st.message ==
        "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch "
        "is forbidden unless resourceVersion is provided");
  metav1::ListOptions sie;
  sie.send_initial_events = true;
  st = StatusOf([&] { s->List(kWidgets, "ns", sie); });
  CHECK(st.code == 422);
  CHECK(st.message ==
        "ListOptions.meta.k8s.io \"\" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is "
        "forbidden for list");
}

TEST_CASE("FakeAPIServer discovery answers for the registered resources") {
  auto s = NewServer();
  s->AddResource(schema::GroupVersionResource{"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
  auto groups = s->ServerGroups();
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].name == "");
  CHECK(groups[1].name == "example.com");
  CHECK(groups[1].preferred_version.group_version == "example.com/v1");
  auto list = s->ServerResourcesForGroupVersion("example.com/v1");
  REQUIRE(list.resources.size() == 2);
  CHECK(list.resources[0].name == "clusterwidgets");
  CHECK_FALSE(list.resources[0].namespaced);
  CHECK(list.resources[1].name == "widgets");
  CHECK(list.resources[1].kind == "Widget");
  CHECK(list.resources[1].namespaced);
  auto st = StatusOf([&] { s->ServerResourcesForGroupVersion("nope/v1"); });
  CHECK(st.code == 404);

  auto disco = s->Discovery();
  auto mapper = apimachinery::restmapper::NewDiscoveryRESTMapper(
      apimachinery::restmapper::GetAPIGroupResources(*disco));
  auto mapping = mapper->RESTMapping(schema::GroupKind{"example.com", "Widget"});
  CHECK(mapping.resource == kWidgets);
  CHECK(mapping.scope == meta::RESTScopeName::kNamespace);
  CHECK(mapper->KindFor(schema::GroupVersionResource{"", "v1", "pods"}).kind == "Pod");
}

TEST_CASE("FakeAPIServer FailNextLists answers each code's standard Status") {
  auto s = NewServer();
  s->FailNextLists(1, 429);
  auto st = StatusOf([&] { s->List(kWidgets, "", {}); });
  CHECK(st.code == 429);
  CHECK(st.reason == "TooManyRequests");
  REQUIRE(st.details);
  CHECK(st.details->retry_after_seconds == 1);
  s->FailNextLists(2, 500);
  CHECK(StatusOf([&] { s->List(kWidgets, "", {}); }).code == 500);
  st = StatusOf([&] { s->ListerWatcher(kWidgets)->List({}); });
  CHECK(st.code == 500);
  CHECK(st.reason == "InternalError");
  s->FailNextLists(1, 410);
  st = StatusOf([&] { s->List(kWidgets, "", {}); });
  CHECK(st.code == 410);
  CHECK(st.reason == "Expired");
  CHECK(s->List(kWidgets, "", {})["items"].empty());
  CHECK(s->RequestCount("list") == 5);
}

TEST_CASE("FakeAPIServer ListerWatcher lists Unstructured objects") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));
  s->Create(kWidgets, "other", Widget("b"));
  auto lw = s->ListerWatcher(kWidgets, "ns");
  auto r = lw->List({});
  CHECK(r.resource_version == "3");
  CHECK(r.continue_.empty());
  REQUIRE(r.items.size() == 1);
  const auto* u = dynamic_cast<const apimachinery::runtime::Unstructured*>(r.items[0].get());
  REQUIRE(u != nullptr);
  CHECK(u->GetName() == "a");
  CHECK(u->GetNamespace() == "ns");
  CHECK(u->GetResourceVersion() == "2");
}

}  // namespace testing_fake_apiserver_test
