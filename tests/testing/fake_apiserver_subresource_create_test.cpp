// Tests for testing/fake_apiserver.hpp's creates on subresources: the built-in pods eviction
// (k8s.io/kubernetes pkg/registry/core/pod/storage/eviction.go: EvictionREST.Create, without
// PodDisruptionBudgets), handlers registered with AddSubresourceCreate (a service account's
// token), and the 404/405 of subresources that serve no create.
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/watch/watch.hpp"

#include "support/status_of.hpp"

namespace testing_fake_apiserver_subresource_create_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace watch = apimachinery::watch;
using nlohmann::json;

const schema::GroupVersionResource kPods{"", "v1", "pods"};
const schema::GroupVersionResource kServiceAccounts{"", "v1", "serviceaccounts"};
const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

const json kEvictionSuccess = {{"kind", "Status"},
                               {"apiVersion", "v1"},
                               {"metadata", json::object()},
                               {"status", "Success"},
                               {"code", 201}};

std::unique_ptr<testing::FakeAPIServer> NewEvictionServer(
    std::shared_ptr<apimachinery::util::clock::Clock> clock = nullptr) {
  auto s = std::make_unique<testing::FakeAPIServer>(testing::FakeAPIServerOptions{.clock = std::move(clock)});
  s->AddResource(kPods, "Pod", meta::RESTScopeName::kNamespace, {.status = true});
  s->AddResource(kServiceAccounts, "ServiceAccount", meta::RESTScopeName::kNamespace);
  testing::Subresources sub;
  sub.status = true;
  sub.scale = testing::ScaleSubresource{};
  s->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, sub);
  return s;
}

json PodDoc(const std::string& name, json finalizers = nullptr) {
  json p = {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata", {{"name", name}}},
            {"spec", {{"containers", {{{"name", "c"}, {"image", "nginx"}}}}}}};
  if (!finalizers.is_null()) p["metadata"]["finalizers"] = std::move(finalizers);
  return p;
}

json EvictionDoc(const std::string& name, json delete_options = nullptr) {
  json e = {{"apiVersion", "policy/v1"}, {"kind", "Eviction"}, {"metadata", {{"name", name}}}};
  if (!delete_options.is_null()) e["deleteOptions"] = std::move(delete_options);
  return e;
}

// DrainEvents: the next `n` events of `w` (already queued: Next does not wait).
std::vector<std::pair<watch::EventType, json>> DrainEvents(watch::Interface& w, std::size_t n) {
  std::vector<std::pair<watch::EventType, json>> out;
  while (out.size() < n) {
    auto ev = w.Next();
    if (!ev) break;
    const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get());
    out.emplace_back(ev->type, u != nullptr ? u->Body() : json());
  }
  return out;
}

TEST_CASE("FakeAPIServer eviction: deletes the pod after marking it DisruptionTarget, answers Status 201",
          "[testing][subresources][eviction]") {
  auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
  auto s = NewEvictionServer(clock);
  const json pod = s->Create(kPods, "ns", PodDoc("p"));
  const std::string rv0 = pod["metadata"]["resourceVersion"];
  clock->Step(std::chrono::seconds(90));
  auto w = s->Watch(kPods, "ns", metav1::ListOptions{.resource_version = rv0});
  const auto creates = s->RequestCount("create");

  const json answer = s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p"));
  CHECK(answer == kEvictionSuccess);
  CHECK(s->RequestCount("create") == creates + 1);
  CHECK(s->RequestCount("delete") == 0);
  CHECK(s->RequestCount("update") == 0);
  CHECK(test_support::StatusOf([&] { s->Get(kPods, "ns", "p"); }).code == 404);

  // The status update (the DisruptionTarget condition), then the deletion.
  const auto events = DrainEvents(*w, 2);
  REQUIRE(events.size() == 2);
  CHECK(events[0].first == watch::EventType::kModified);
  const json& conditions = events[0].second["status"]["conditions"];
  REQUIRE(conditions.size() == 1);
  CHECK(conditions[0]["type"] == "DisruptionTarget");
  CHECK(conditions[0]["status"] == "True");
  CHECK(conditions[0]["reason"] == "EvictionByEvictionAPI");
  CHECK(conditions[0]["message"] == "Eviction API: evicting");
  CHECK(conditions[0]["lastProbeTime"].is_null());
  CHECK(conditions[0]["lastTransitionTime"] == "2024-01-01T00:01:30Z");  // the eviction's time
  CHECK(events[0].second["metadata"]["generation"] == 1);                // a status write
  CHECK(events[1].first == watch::EventType::kDeleted);
  CHECK(events[1].second["metadata"]["name"] == "p");
  CHECK(events[1].second["metadata"]["resourceVersion"] == s->CurrentResourceVersion());

  // Go's dynamic client form: Create with a subresource names the parent by the body's name.
  s->Create(kPods, "ns", PodDoc("q"));
  CHECK(s->Create(kPods, "ns", EvictionDoc("q"), {}, "eviction") == kEvictionSuccess);
  CHECK(s->List(kPods, "ns", {})["items"].empty());
}

TEST_CASE("FakeAPIServer eviction: a pod with a finalizer stays, terminating",
          "[testing][subresources][eviction]") {
  auto s = NewEvictionServer();
  s->Create(kPods, "ns", PodDoc("p", {"example.com/keep"}));
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p")) == kEvictionSuccess);
  const json kept = s->Get(kPods, "ns", "p");
  CHECK(kept["metadata"].contains("deletionTimestamp"));
  CHECK(kept["metadata"]["finalizers"] == json{"example.com/keep"});
  CHECK(kept["status"]["conditions"][0]["type"] == "DisruptionTarget");

  // Evicting a terminating pod succeeds and changes nothing (the condition is already there).
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p")) == kEvictionSuccess);
  CHECK(s->Get(kPods, "ns", "p") == kept);

  // Removing the finalizer deletes it.
  json release = kept;
  release["metadata"].erase("finalizers");
  s->Update(kPods, "ns", release);
  CHECK(test_support::StatusOf([&] { s->Get(kPods, "ns", "p"); }).code == 404);
}

TEST_CASE("FakeAPIServer eviction: an existing DisruptionTarget condition keeps its transition time",
          "[testing][subresources][eviction]") {
  auto s = NewEvictionServer();
  json p = PodDoc("p", {"example.com/keep"});
  json pod = s->Create(kPods, "ns", p);
  pod["status"] = {{"conditions",
                    {{{"type", "Ready"}, {"status", "True"}},
                     {{"type", "DisruptionTarget"},
                      {"status", "True"},
                      {"lastTransitionTime", "2023-05-05T00:00:00Z"},
                      {"reason", "PreemptionByScheduler"}}}}};
  s->Update(kPods, "ns", pod, {}, "status");
  s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p"));
  const json conditions = s->Get(kPods, "ns", "p")["status"]["conditions"];
  REQUIRE(conditions.size() == 2);
  CHECK(conditions[0] == json{{"type", "Ready"}, {"status", "True"}});
  CHECK(conditions[1] == json{{"type", "DisruptionTarget"},
                              {"status", "True"},
                              {"lastProbeTime", nullptr},
                              {"lastTransitionTime", "2023-05-05T00:00:00Z"},
                              {"reason", "EvictionByEvictionAPI"},
                              {"message", "Eviction API: evicting"}});
}

TEST_CASE("FakeAPIServer eviction: upstream's errors", "[testing][subresources][eviction]") {
  auto s = NewEvictionServer();
  const json pod = s->Create(kPods, "ns", PodDoc("p"));
  const std::string uid = pod["metadata"]["uid"];

  // eviction.go: the body's name must be the URL's.
  metav1::Status mismatch = test_support::StatusOf(
      [&] { s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("other")); });
  CHECK(mismatch.code == 400);
  CHECK(mismatch.reason == "BadRequest");
  CHECK(mismatch.message == "name in URL does not match name in Eviction object");

  // getPod: the pod's NotFound.
  metav1::Status missing = test_support::StatusOf(
      [&] { s->CreateSubresource(kPods, "ns", "nope", "eviction", EvictionDoc("nope")); });
  CHECK(missing.code == 404);
  CHECK(missing.reason == "NotFound");
  CHECK(missing.message == R"(pods "nope" not found)");
  REQUIRE(missing.details);
  CHECK(missing.details->name == "nope");
  CHECK(missing.details->kind == "pods");

  // createHandler: the body's namespace must be the request's.
  json other_ns = EvictionDoc("p");
  other_ns["metadata"]["namespace"] = "elsewhere";
  metav1::Status ns_mismatch =
      test_support::StatusOf([&] { s->CreateSubresource(kPods, "ns", "p", "eviction", other_ns); });
  CHECK(ns_mismatch.code == 400);
  CHECK(ns_mismatch.message ==
        "the namespace of the provided object does not match the namespace sent on the request");

  // Only policy/v1 and policy/v1beta1 Evictions are accepted.
  json wrong_kind = EvictionDoc("p");
  wrong_kind["apiVersion"] = "v1";
  metav1::Status not_eviction =
      test_support::StatusOf([&] { s->CreateSubresource(kPods, "ns", "p", "eviction", wrong_kind); });
  CHECK(not_eviction.code == 400);
  CHECK(not_eviction.message ==
        R"(Eviction in version "v1" cannot be handled as a Eviction: no kind "Eviction" is registered for )"
        R"(version "v1" in scheme "pkg/api/legacyscheme/scheme.go:30")");
  json beta = EvictionDoc("p", {{"dryRun", {"All"}}});
  beta["apiVersion"] = "policy/v1beta1";
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", beta) == kEvictionSuccess);
  metav1::Status not_object =
      test_support::StatusOf([&] { s->CreateSubresource(kPods, "ns", "p", "eviction", json::array()); });
  CHECK(not_object.code == 400);
  CHECK(not_object.message.starts_with("the object provided is unrecognized (must be of type Eviction): "));

  // deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential cannot be set.
  metav1::Status unsafe = test_support::StatusOf([&] {
    s->CreateSubresource(kPods, "ns", "p", "eviction",
                         EvictionDoc("p", {{"ignoreStoreReadErrorWithClusterBreakingPotential", true}}));
  });
  CHECK(unsafe.code == 422);
  CHECK(unsafe.reason == "Invalid");
  CHECK(unsafe.message ==
        R"(Eviction.policy "p" is invalid: deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential: )"
        "Invalid value: true: can not be set for pod eviction, try after removing the option");

  // propagateDryRun: different dryRun values in the query and the body (a plain error: 500).
  metav1::Status dry_mismatch = test_support::StatusOf([&] {
    s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p", {{"dryRun", {"Else"}}}),
                         {.dry_run = {"All"}});
  });
  CHECK(dry_mismatch.code == 500);
  CHECK(dry_mismatch.reason.empty());
  CHECK(dry_mismatch.message == "Non-matching dry-run options in request and content: [All] and [Else]");

  // Preconditions: checked against the pod before the condition is added (409 on "Pod").
  metav1::Status uid_conflict = test_support::StatusOf([&] {
    s->CreateSubresource(kPods, "ns", "p", "eviction",
                         EvictionDoc("p", {{"preconditions", {{"uid", "not-the-uid"}}}}));
  });
  CHECK(uid_conflict.code == 409);
  CHECK(uid_conflict.reason == "Conflict");
  CHECK(uid_conflict.message ==
        "Operation cannot be fulfilled on Pod \"p\": the UID in the precondition "
        "(not-the-uid) does not match the UID in record (" +
            uid + "). The object might have been deleted and then recreated");
  metav1::Status rv_conflict = test_support::StatusOf([&] {
    s->CreateSubresource(kPods, "ns", "p", "eviction",
                         EvictionDoc("p", {{"preconditions", {{"resourceVersion", "1"}}}}));
  });
  CHECK(rv_conflict.code == 409);
  CHECK(rv_conflict.message.find("the ResourceVersion in the precondition (1) does not match") !=
        std::string::npos);
  // Nothing was written by the failed evictions.
  CHECK(s->Get(kPods, "ns", "p") == pod);

  // A matching resourceVersion precondition follows the condition's update: the pod is deleted.
  const std::string rv = pod["metadata"]["resourceVersion"];
  CHECK(
      s->CreateSubresource(kPods, "ns", "p", "eviction",
                           EvictionDoc("p", {{"preconditions", {{"uid", uid}, {"resourceVersion", rv}}}})) ==
      kEvictionSuccess);
  CHECK(test_support::StatusOf([&] { s->Get(kPods, "ns", "p"); }).code == 404);

  // A namespaced parent without a namespace: no route.
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kPods, "", "p", "eviction", EvictionDoc("p"));
        }).code == 404);
}

TEST_CASE("FakeAPIServer eviction: dryRun from the query or the deleteOptions writes nothing",
          "[testing][subresources][eviction]") {
  auto s = NewEvictionServer();
  const json pod = s->Create(kPods, "ns", PodDoc("p"));
  const std::string rv = s->CurrentResourceVersion();
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p"), {.dry_run = {"All"}}) ==
        kEvictionSuccess);
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p", {{"dryRun", {"All"}}})) ==
        kEvictionSuccess);
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p", {{"dryRun", {"All"}}}),
                             {.dry_run = {"All"}}) == kEvictionSuccess);
  CHECK(s->CurrentResourceVersion() == rv);
  CHECK(s->Get(kPods, "ns", "p") == pod);
  // A dry run still checks: the pod must exist, the preconditions must hold.
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kPods, "ns", "nope", "eviction", EvictionDoc("nope"), {.dry_run = {"All"}});
        }).code == 404);
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kPods, "ns", "p", "eviction",
                               EvictionDoc("p", {{"preconditions", {{"uid", "x"}}}}), {.dry_run = {"All"}});
        }).code == 409);
  // The query's dryRun is validated as for every write.
  metav1::Status bad = test_support::StatusOf(
      [&] { s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p"), {.dry_run = {"Bogus"}}); });
  CHECK(bad.code == 422);
  CHECK(
      bad.message ==
      R"(CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bogus"]: supported values: "All")");
}

TEST_CASE("FakeAPIServer subresource create: not served stays 404, status and scale 405",
          "[testing][subresources][eviction]") {
  auto s = NewEvictionServer();
  s->Create(kWidgets, "ns",
            {{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", {{"name", "w"}}}});
  s->Create(kPods, "ns", PodDoc("p"));

  metav1::Status status_create =
      test_support::StatusOf([&] { s->CreateSubresource(kWidgets, "ns", "w", "status", json::object()); });
  CHECK(status_create.code == 405);
  CHECK(status_create.message == R"(create is not supported on resources of kind "widgets.example.com")");
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kWidgets, "ns", "w", "scale", json::object());
        }).code == 405);
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kPods, "ns", "p", "status", json::object());
        }).code == 405);

  // No eviction on a resource other than pods unless enabled; no token without a handler.
  metav1::Status widget_eviction = test_support::StatusOf(
      [&] { s->CreateSubresource(kWidgets, "ns", "w", "eviction", EvictionDoc("w")); });
  CHECK(widget_eviction.code == 404);
  CHECK(widget_eviction.message == R"(widgets.example.com "w" not found)");
  metav1::Status no_token =
      test_support::StatusOf([&] { s->CreateSubresource(kPods, "ns", "p", "token", {}); });
  CHECK(no_token.code == 404);
  CHECK(no_token.message == R"(pods "p" not found)");
  CHECK(s->Get(kPods, "ns", "p")["metadata"]["name"] == "p");  // nothing happened to the pod

  // Subresources::eviction overrides the default both ways.
  s->AddResource(kPods, "Pod", meta::RESTScopeName::kNamespace, {.status = true, .eviction = false});
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p"));
        }).code == 404);
  s->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace, {.eviction = true});
  CHECK(s->CreateSubresource(kWidgets, "ns", "w", "eviction", EvictionDoc("w")) == kEvictionSuccess);
  CHECK(s->List(kWidgets, "ns", {})["items"].empty());
}

TEST_CASE("FakeAPIServer subresource create: a registered handler answers for the stored parent",
          "[testing][subresources]") {
  auto s = NewEvictionServer();
  const json sa =
      s->Create(kServiceAccounts, "ns",
                {{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "robot"}}}});
  const schema::GroupVersionResource secrets{"", "v1", "secrets"};
  s->AddResource(secrets, "Secret", meta::RESTScopeName::kNamespace);
  json seen_parent;
  json seen_body;
  metav1::CreateOptions seen_options;
  testing::FakeAPIServer* server = s.get();
  s->AddSubresourceCreate(
      kServiceAccounts, "token",
      [&](const json& parent, json body, const metav1::CreateOptions& options) {
        seen_parent = parent;
        seen_body = body;
        seen_options = options;
        // The handler runs without the server's lock: it may write through the server.
        if (options.dry_run.empty()) {
          server->Create(
              secrets, "ns",
              {{"apiVersion", "v1"},
               {"kind", "Secret"},
               {"metadata",
                {{"generateName", "token-of-" + parent["metadata"]["name"].get<std::string>() + "-"}}}});
        }
        body["status"] = {{"token", "t0k3n"}, {"expirationTimestamp", "2024-01-01T01:00:00Z"}};
        return body;
      },
      {"authentication.k8s.io", "v1", "TokenRequest"});

  const json request = {{"apiVersion", "authentication.k8s.io/v1"},
                        {"kind", "TokenRequest"},
                        {"spec", {{"audiences", {"api"}}}}};
  const auto creates = s->RequestCount("create");
  const json answer =
      s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", request, {.field_manager = "tester"});
  CHECK(s->RequestCount("create") == creates + 2);  // the token request and the handler's Secret
  CHECK(answer["status"]["token"] == "t0k3n");
  CHECK(answer["kind"] == "TokenRequest");
  CHECK(seen_parent == sa);
  CHECK(seen_body["metadata"]["namespace"] == "ns");  // settled as for any create
  CHECK(seen_body["spec"] == request["spec"]);
  CHECK(seen_options.field_manager == "tester");
  const json secret_list = s->List(secrets, "ns", {});
  REQUIRE(secret_list["items"].size() == 1);
  CHECK(secret_list["items"][0]["metadata"]["name"].get<std::string>().starts_with("token-of-robot-"));

  // The parent must exist; the handler is not called.
  seen_parent = nullptr;
  metav1::Status missing = test_support::StatusOf(
      [&] { s->CreateSubresource(kServiceAccounts, "ns", "nobody", "token", request); });
  CHECK(missing.code == 404);
  CHECK(missing.message == R"(serviceaccounts "nobody" not found)");
  CHECK(seen_parent.is_null());

  // dryRun reaches the handler (validated first).
  s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", request, {.dry_run = {"All"}});
  CHECK(seen_options.dry_run == std::vector<std::string>{"All"});
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", request, {.dry_run = {"Some"}});
        }).code == 422);

  // A body namespace other than the request's is 400 before the handler.
  json elsewhere = request;
  elsewhere["metadata"] = {{"namespace", "other"}};
  CHECK(test_support::StatusOf([&] {
          s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", elsewhere);
        }).code == 400);

  // Go's dynamic client form: the parent is the body's metadata.name.
  json named = request;
  named["metadata"] = {{"name", "robot"}};
  CHECK(s->Create(kServiceAccounts, "ns", named, {}, "token")["status"]["token"] == "t0k3n");

  // A StatusError the handler throws is the answer; a Status without a code gets 201.
  s->AddSubresourceCreate(kServiceAccounts, "token",
                          [](const json&, json, const metav1::CreateOptions&) -> json {
                            throw errors::NewForbidden(schema::GroupResource{"", "serviceaccounts"}, "robot",
                                                       std::string_view("token requests are disabled"));
                          });
  metav1::Status forbidden = test_support::StatusOf(
      [&] { s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", request); });
  CHECK(forbidden.code == 403);
  CHECK(forbidden.message == R"(serviceaccounts "robot" is forbidden: token requests are disabled)");
  s->AddSubresourceCreate(kServiceAccounts, "token", [](const json&, json, const metav1::CreateOptions&) {
    return json{
        {"kind", "Status"}, {"apiVersion", "v1"}, {"metadata", json::object()}, {"status", "Success"}};
  });
  CHECK(s->CreateSubresource(kServiceAccounts, "ns", "robot", "token", request)["code"] == 201);

  // A handler named "eviction" replaces the built-in one.
  s->Create(kPods, "ns", PodDoc("p"));
  s->AddSubresourceCreate(kPods, "eviction", [](const json&, json, const metav1::CreateOptions&) {
    return json{{"custom", true}};
  });
  CHECK(s->CreateSubresource(kPods, "ns", "p", "eviction", EvictionDoc("p")) == json{{"custom", true}});
  CHECK(s->Get(kPods, "ns", "p")["metadata"]["name"] == "p");

  // Registration errors.
  CHECK(test_support::StatusOf([&] {
          s->AddSubresourceCreate({"", "v1", "nothings"}, "token",
                                  [](const json&, json b, const metav1::CreateOptions&) { return b; });
        }).code == 404);
  CHECK_THROWS_AS(s->AddSubresourceCreate(kServiceAccounts, "token", nullptr), apimachinery::Error);
  CHECK_THROWS_AS(
      s->AddSubresourceCreate(kServiceAccounts, "a/b",
                              [](const json&, json b, const metav1::CreateOptions&) { return b; }),
      apimachinery::Error);
}

TEST_CASE("FakeAPIServer subresource create: discovery lists pods/eviction and registered creates",
          "[testing][subresources][discovery]") {
  auto s = NewEvictionServer();
  s->AddSubresourceCreate(kServiceAccounts, "token",
                          [](const json&, json b, const metav1::CreateOptions&) { return b; },
                          {"authentication.k8s.io", "v1", "TokenRequest"});
  const auto list = s->ServerResourcesForGroupVersion("v1");
  const apimachinery::discovery::APIResource* eviction = nullptr;
  const apimachinery::discovery::APIResource* token = nullptr;
  for (const auto& r : list.resources) {
    if (r.name == "pods/eviction") eviction = &r;
    if (r.name == "serviceaccounts/token") token = &r;
    CHECK(r.name != "widgets/eviction");
  }
  REQUIRE(eviction != nullptr);
  CHECK(eviction->group == "policy");
  CHECK(eviction->version == "v1");
  CHECK(eviction->kind == "Eviction");
  CHECK(eviction->verbs == std::vector<std::string>{"create"});
  CHECK(eviction->namespaced);
  REQUIRE(token != nullptr);
  CHECK(token->group == "authentication.k8s.io");
  CHECK(token->kind == "TokenRequest");
  CHECK(token->verbs == std::vector<std::string>{"create"});
}

}  // namespace testing_fake_apiserver_subresource_create_test
