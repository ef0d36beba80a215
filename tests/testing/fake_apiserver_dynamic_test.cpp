// Tests for testing/fake_apiserver.hpp as a dynamic::Interface: Dynamic(), the
// PartialObjectMetadata response shape of get/list/watch (k8s.io/apiserver/pkg/endpoints/handlers/
// response.go: the `as=PartialObjectMetadata` transform) and the 404 of a subresource the resource
// does not serve (apiextensions-apiserver pkg/apiserver/customresource_handler.go: ServeHTTP).
#include <memory>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

#include "support/status_of.hpp"

namespace testing_fake_apiserver_dynamic_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
namespace dynamic = apimachinery::dynamic;
namespace watch = apimachinery::watch;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

json Widget(const std::string& name) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}, {"labels", {{"app", "x"}}}}},
          {"spec", {{"size", 1}}}};
}

using test_support::StatusOf;

TEST_CASE("FakeAPIServer: Dynamic() is a dynamic::Interface over the same store", "[testing][dynamic]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  std::shared_ptr<dynamic::Interface> api = server.Dynamic();
  CHECK(api.use_count() == 0);  // non-owning
  json created = api->Create(kWidgets, "ns", Widget("a"));
  CHECK(created["metadata"]["resourceVersion"] == server.CurrentResourceVersion());
  CHECK(server.Get(kWidgets, "ns", "a") == created);
  CHECK(api->Get(kWidgets, "ns", "a") == created);
  CHECK(api->List(kWidgets, "ns", {})["items"].size() == 1);
  CHECK(
      api->DeleteCollection(kWidgets, "ns", metav1::DeleteOptions{}, metav1::ListOptions{})["items"].size() ==
      1);
  CHECK(api->List(kWidgets, "", {})["items"].empty());
}

TEST_CASE("FakeAPIServer: the PartialObjectMetadata shape of get, list and watch", "[testing][dynamic]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  json created = server.Create(kWidgets, "ns", Widget("a"));
  const auto shape = dynamic::ResponseShape::kPartialObjectMetadata;

  json got = server.Get(kWidgets, "ns", "a", {}, {}, shape);
  CHECK(got == json{{"apiVersion", "meta.k8s.io/v1"},
                    {"kind", "PartialObjectMetadata"},
                    {"metadata", created["metadata"]}});

  json list = server.List(kWidgets, "ns", {}, shape);
  CHECK(list["apiVersion"] == "meta.k8s.io/v1");
  CHECK(list["kind"] == "PartialObjectMetadataList");
  CHECK(list["metadata"]["resourceVersion"] == server.CurrentResourceVersion());
  REQUIRE(list["items"].size() == 1);
  CHECK(list["items"][0] == got);
  CHECK_FALSE(list["items"][0].contains("spec"));

  auto w = server.Watch(kWidgets, "ns", {}, shape);
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->type == watch::EventType::kAdded);
  const auto* p = dynamic_cast<const metav1::PartialObjectMetadata*>(ev->object.get());
  REQUIRE(p != nullptr);
  CHECK(p->type_meta.api_version == "meta.k8s.io/v1");
  CHECK(p->type_meta.kind == "PartialObjectMetadata");
  CHECK(p->metadata.name == "a");
  CHECK(p->metadata.labels.at("app") == "x");

  server.EmitWatchError(errors::kStatusGone);
  ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->type == watch::EventType::kError);
  CHECK(dynamic_cast<const metav1::Status*>(ev->object.get()) != nullptr);
  w->Stop();
}

TEST_CASE("FakeAPIServer: a subresource the resource does not serve is 404", "[testing][dynamic]") {
  testing::FakeAPIServer server;
  server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  server.Create(kWidgets, "ns", Widget("a"));
  for (const char* sub : {"status", "scale", "bogus"}) {
    metav1::Status s = StatusOf([&] { server.Get(kWidgets, "ns", "a", {}, sub); });
    CHECK(s.code == 404);
    CHECK(s.reason == "NotFound");
    CHECK(s.message == R"(widgets.example.com "a" not found)");
  }
  CHECK(StatusOf([&] { server.Update(kWidgets, "ns", Widget("a"), {}, "status"); }).message ==
        R"(widgets.example.com "a" not found)");
  CHECK(StatusOf([&] {
          server.Patch(kWidgets, "ns", "a", metav1::kPatchTypeMerge, json::object(), {}, "status");
        }).code == 404);
  // An unregistered resource is the plain 404 before any subresource check.
  CHECK(StatusOf([&] {
          server.Get({"example.com", "v1", "nothing"}, "ns", "a", {}, "status");
        }).message == "the server could not find the requested resource");
}

}  // namespace testing_fake_apiserver_dynamic_test
