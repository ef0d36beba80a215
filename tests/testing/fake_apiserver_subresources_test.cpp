// Tests for testing/fake_apiserver.hpp's status and scale subresources and dryRun, against
// apiextensions-apiserver's custom resource registry (pkg/registry/customresource: strategy.go,
// status_strategy.go, etcd.go: ScaleREST) and k8s.io/apiserver's dry-run storage.
#include <memory>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/watch/watch.hpp"

#include "support/status_of.hpp"

namespace testing_fake_apiserver_subresources_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

std::unique_ptr<testing::FakeAPIServer> NewServer() {
  auto s = std::make_unique<testing::FakeAPIServer>();
  testing::Subresources sub;
  sub.status = true;
  sub.scale = testing::ScaleSubresource{".spec.replicas", ".status.replicas", ".status.selector"};
  s->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, sub);
  return s;
}

json Widget(const std::string& name, int replicas = 1) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}}},
          {"spec", {{"replicas", replicas}}},
          {"status", {{"ready", true}}}};
}

using test_support::StatusOf;

TEST_CASE("FakeAPIServer status subresource: main endpoint ignores status, /status ignores the rest",
          "[testing][subresources]") {
  auto s = NewServer();
  json w = s->Create(kWidgets, "ns", Widget("a"));
  CHECK_FALSE(w.contains("status"));  // PrepareForCreate drops status
  CHECK(w["metadata"]["generation"] == 1);

  // status write: only status changes; generation stays.
  json st = w;
  st["status"] = {{"ready", true}};
  st["spec"]["replicas"] = 9;
  st["metadata"]["labels"] = {{"x", "y"}};
  json after = s->Update(kWidgets, "ns", st, {}, "status");
  CHECK(after["status"] == json{{"ready", true}});
  CHECK(after["spec"]["replicas"] == 1);
  CHECK_FALSE(after["metadata"].contains("labels"));
  CHECK(after["metadata"]["generation"] == 1);
  CHECK(after["metadata"]["resourceVersion"] != w["metadata"]["resourceVersion"]);
  CHECK(s->Get(kWidgets, "ns", "a", {}, "status") == after);

  // main write: status from the request is ignored; spec change bumps generation.
  json main = after;
  main["status"] = {{"ready", false}};
  main["spec"]["replicas"] = 2;
  json after2 = s->Update(kWidgets, "ns", main);
  CHECK(after2["status"] == json{{"ready", true}});
  CHECK(after2["spec"]["replicas"] == 2);
  CHECK(after2["metadata"]["generation"] == 2);

  // A main write that only changes status is no write at all.
  json only_status = after2;
  only_status["status"] = {{"ready", false}};
  CHECK(s->Update(kWidgets, "ns", only_status) == after2);

  // Merge patch of status; a stale resourceVersion in a status update conflicts.
  json patched =
      s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, {{"status", {{"ready", false}}}}, {}, "status");
  CHECK(patched["status"]["ready"] == false);
  CHECK(patched["metadata"]["generation"] == 2);
  metav1::Status conflict = StatusOf([&] { s->Update(kWidgets, "ns", after2, {}, "status"); });
  CHECK(conflict.code == 409);
  CHECK(
      conflict.message ==
      R"(Operation cannot be fulfilled on widgets.example.com "a": the object has been modified; please apply )"
      "your changes to the latest version and try again");

  // Create on a served subresource is 405.
  metav1::Status create = StatusOf([&] { s->Create(kWidgets, "ns", Widget("b"), {}, "status"); });
  CHECK(create.code == 405);
  CHECK(create.reason == "MethodNotAllowed");
  CHECK(create.message == R"(create is not supported on resources of kind "widgets.example.com")");
}

TEST_CASE("FakeAPIServer scale subresource: get, update and patch the replicas", "[testing][subresources]") {
  auto s = NewServer();
  json w = s->Create(kWidgets, "ns", Widget("a", 3));
  s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge,
           {{"status", {{"replicas", 2}, {"selector", "app=a"}}}}, {}, "status");
  json scale = s->Get(kWidgets, "ns", "a", {}, "scale");
  CHECK(scale["apiVersion"] == "autoscaling/v1");
  CHECK(scale["kind"] == "Scale");
  CHECK(scale["metadata"]["name"] == "a");
  CHECK(scale["metadata"]["namespace"] == "ns");
  CHECK(scale["metadata"]["uid"] == w["metadata"]["uid"]);
  CHECK(scale["spec"] == json{{"replicas", 3}});
  CHECK(scale["status"] == json{{"replicas", 2}, {"selector", "app=a"}});

  scale["spec"]["replicas"] = 5;
  json updated = s->Update(kWidgets, "ns", scale, {}, "scale");
  CHECK(updated["spec"]["replicas"] == 5);
  json obj = s->Get(kWidgets, "ns", "a");
  CHECK(obj["spec"]["replicas"] == 5);
  CHECK(obj["metadata"]["generation"] == 2);
  CHECK(updated["metadata"]["resourceVersion"] == obj["metadata"]["resourceVersion"]);

  // The Scale's resourceVersion is a precondition.
  CHECK(StatusOf([&] { s->Update(kWidgets, "ns", scale, {}, "scale"); }).code == 409);

  json patched =
      s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, {{"spec", {{"replicas", 7}}}}, {}, "scale");
  CHECK(patched["spec"]["replicas"] == 7);
  CHECK(s->Get(kWidgets, "ns", "a")["spec"]["replicas"] == 7);
  json jp =
      s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeJSON,
               json::array({{{"op", "replace"}, {"path", "/spec/replicas"}, {"value", 0}}}), {}, "scale");
  CHECK(jp["spec"] == json::object());  // replicas 0 is omitted, as Go's omitempty
  CHECK(s->Get(kWidgets, "ns", "a")["spec"]["replicas"] == 0);
}

TEST_CASE("FakeAPIServer scale subresource: missing or mistyped spec replicas", "[testing][subresources]") {
  auto s = NewServer();
  json no_replicas = Widget("a");
  no_replicas["spec"] = json::object();
  s->Create(kWidgets, "ns", no_replicas);
  metav1::Status missing = StatusOf([&] { s->Get(kWidgets, "ns", "a", {}, "scale"); });
  CHECK(missing.code == 500);
  CHECK(missing.message ==
        R"(Internal error occurred: the spec replicas field ".spec.replicas" does not exist)");
  // A patch that leaves the replicas unset is refused; one that sets them writes them.
  metav1::Status empty = StatusOf([&] {
    s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, {{"metadata", {{"labels", {{"a", "b"}}}}}}, {},
             "scale");
  });
  CHECK(empty.code == 400);
  CHECK(empty.message == R"(the spec replicas field ".spec.replicas" cannot be empty)");
  CHECK(s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, {{"spec", {{"replicas", 1}}}}, {},
                 "scale")["spec"] == json{{"replicas", 1}});

  json bad = Widget("b");
  bad["spec"]["replicas"] = "three";
  s->Create(kWidgets, "ns", bad);
  CHECK(
      StatusOf([&] { s->Get(kWidgets, "ns", "b", {}, "scale"); }).message ==
      "Internal error occurred: .spec.replicas accessor error: three is of the type string, expected int64");
}

TEST_CASE("FakeAPIServer dryRun stores nothing and emits no event", "[testing][subresources]") {
  auto s = NewServer();
  json w = s->Create(kWidgets, "ns", Widget("a"));
  const std::string rv = s->CurrentResourceVersion();
  auto watch = s->Watch(kWidgets, "ns", {.resource_version = rv});

  json dry = s->Create(kWidgets, "ns", Widget("b"), {.dry_run = {"All"}});
  CHECK(dry["metadata"]["name"] == "b");
  CHECK(dry["metadata"].contains("uid"));
  CHECK_FALSE(dry["metadata"].contains("resourceVersion"));
  CHECK(StatusOf([&] { s->Get(kWidgets, "ns", "b"); }).code == 404);
  // dry-run create still checks: an existing name is 409.
  CHECK(StatusOf([&] { s->Create(kWidgets, "ns", Widget("a"), {.dry_run = {"All"}}); }).code == 409);

  json changed = w;
  changed["spec"]["replicas"] = 4;
  json du = s->Update(kWidgets, "ns", changed, {.dry_run = {"All"}});
  CHECK(du["spec"]["replicas"] == 4);
  CHECK(du["metadata"]["generation"] == 2);
  CHECK(du["metadata"]["resourceVersion"] == w["metadata"]["resourceVersion"]);
  CHECK(s->Get(kWidgets, "ns", "a") == w);

  json dp = s->Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, {{"spec", {{"replicas", 8}}}},
                     {.dry_run = {"All"}});
  CHECK(dp["spec"]["replicas"] == 8);
  json dd = s->Delete(kWidgets, "ns", "a", {.dry_run = {"All"}});
  CHECK(dd["status"] == "Success");
  CHECK(s->Get(kWidgets, "ns", "a") == w);
  CHECK(s->DeleteCollection(kWidgets, "ns", {.dry_run = {"All"}}, {})["items"].size() == 1);
  CHECK(s->List(kWidgets, "ns", {})["items"].size() == 1);
  CHECK(s->CurrentResourceVersion() == rv);

  metav1::Status bad = StatusOf([&] { s->Create(kWidgets, "ns", Widget("c"), {.dry_run = {"Bogus"}}); });
  CHECK(bad.code == 422);
  CHECK(
      bad.message ==
      R"(CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bogus"]: supported values: "All")");

  // A real write afterwards is the first event the watch sees.
  s->Delete(kWidgets, "ns", "a");
  auto ev = watch->Next();
  REQUIRE(ev);
  CHECK(ev->type == apimachinery::watch::EventType::kDeleted);
  watch->Stop();
}

TEST_CASE("FakeAPIServer discovery lists the served subresources", "[testing][subresources]") {
  auto s = NewServer();
  auto list = s->ServerResourcesForGroupVersion("example.com/v1");
  REQUIRE(list.resources.size() == 3);
  CHECK(list.resources[1].name == "widgets/status");
  CHECK(list.resources[1].kind == "Widget");
  CHECK(list.resources[2].name == "widgets/scale");
  CHECK(list.resources[2].group == "autoscaling");
  CHECK(list.resources[2].kind == "Scale");
}

}  // namespace testing_fake_apiserver_subresources_test
