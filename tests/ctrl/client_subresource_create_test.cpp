// Tests for SubResourceWriter::Create (ctrl/interfaces.hpp, ctrl/client.hpp) over
// testing::FakeAPIServer, after controller-runtime v0.25.3 pkg/client: client.go
// subResourceClient.Create, typed_client.go and unstructured_client.go CreateSubResource (the
// subresource object POSTed to the parent's subresource, its empty name set to the parent's, the
// answer decoded into it): a pod's eviction and a service account's token request, typed and
// Unstructured, through the server client and the delegating client.
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/ctrl/client.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

#include "support/status_of.hpp"

namespace ctrl_client_subresource_create_test {

namespace ctrl = apimachinery::ctrl;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
using nlohmann::json;

// The parts of core/v1 Pod and ServiceAccount, policy/v1 Eviction and authentication/v1
// TokenRequest the tests use.
struct Pod : runtime::ObjectBase<Pod> {
  static constexpr std::string_view kKind = "Pod";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Pod, metadata)
APIMACHINERY_JSON_FIELDS(Pod)

struct Eviction : runtime::ObjectBase<Eviction> {
  static constexpr std::string_view kKind = "Eviction";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  std::optional<metav1::DeleteOptions> delete_options;
};
APIMACHINERY_FIELDS(Eviction, metadata, (delete_options, "deleteOptions,omitempty"))
APIMACHINERY_JSON_FIELDS(Eviction)

struct ServiceAccount : runtime::ObjectBase<ServiceAccount> {
  static constexpr std::string_view kKind = "ServiceAccount";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(ServiceAccount, metadata)
APIMACHINERY_JSON_FIELDS(ServiceAccount)

struct TokenRequestSpec {
  std::vector<std::string> audiences;
  std::optional<std::int64_t> expiration_seconds;
};
APIMACHINERY_FIELDS(TokenRequestSpec, audiences, (expiration_seconds, "expirationSeconds,omitempty"))
struct TokenRequestStatus {
  std::string token;
  std::string expiration_timestamp;
};
APIMACHINERY_FIELDS(TokenRequestStatus, token, (expiration_timestamp, "expirationTimestamp"))
struct TokenRequest : runtime::ObjectBase<TokenRequest> {
  static constexpr std::string_view kKind = "TokenRequest";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  TokenRequestSpec spec;
  TokenRequestStatus status;
};
APIMACHINERY_FIELDS(TokenRequest, metadata, spec, status)
APIMACHINERY_JSON_FIELDS(TokenRequest)

const schema::GroupVersionResource kPodsResource{"", "v1", "pods"};
const schema::GroupVersionResource kServiceAccountsResource{"", "v1", "serviceaccounts"};

const runtime::Scheme& SubresourceScheme() {
  static const runtime::Scheme scheme = [] {
    runtime::Scheme s("subresource-create-test");
    s.AddKnownTypes<Pod, ServiceAccount>({"", "v1"});
    s.AddKnownTypes<Eviction>({"policy", "v1"});
    s.AddKnownTypes<TokenRequest>({"authentication.k8s.io", "v1"});
    return s;
  }();
  return scheme;
}

// TokenEnv: a server with pods and service accounts; "token" answers the TokenRequest with a
// token naming the service account and the audiences, and records what it was sent.
struct TokenEnv {
  testing::FakeAPIServer server;
  std::shared_ptr<meta::DefaultRESTMapper> mapper = [] {
    auto m = std::make_shared<meta::DefaultRESTMapper>(std::vector<schema::GroupVersion>{{"", "v1"}});
    m->Add({"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
    m->Add({"", "v1", "ServiceAccount"}, meta::RESTScopeName::kNamespace);
    return m;
  }();
  std::shared_ptr<ctrl::Client> client;
  json last_body;
  metav1::CreateOptions last_options;

  explicit TokenEnv(ctrl::ClientOptions o = {}) {
    server.AddResource(kPodsResource, "Pod", meta::RESTScopeName::kNamespace);
    server.AddResource(kServiceAccountsResource, "ServiceAccount", meta::RESTScopeName::kNamespace);
    server.AddSubresourceCreate(
        kServiceAccountsResource, "token",
        [this](const json& parent, json body, const metav1::CreateOptions& options) {
          last_body = body;
          last_options = options;
          std::string token = "token-for-" + parent["metadata"]["name"].get<std::string>();
          for (const auto& a : body["spec"].value("audiences", json::array()))
            token += "-" + a.get<std::string>();
          body["status"] = {{"token", token}, {"expirationTimestamp", "2024-01-01T01:00:00Z"}};
          return body;
        },
        {"authentication.k8s.io", "v1", "TokenRequest"});
    client = ctrl::NewClient(SubresourceScheme(), mapper, server.Dynamic(), std::move(o));
  }

  Pod CreatePod(const std::string& name) {
    Pod p;
    p.metadata.name = name;
    p.metadata.namespace_ = "ns";
    client->Create(p);
    return p;
  }
  ServiceAccount CreateServiceAccount(const std::string& name) {
    ServiceAccount sa;
    sa.metadata.name = name;
    sa.metadata.namespace_ = "ns";
    client->Create(sa);
    return sa;
  }
  bool PodExists(const std::string& name) {
    try {
      server.Get(kPodsResource, "ns", name);
      return true;
    } catch (const errors::StatusError& e) {
      if (errors::IsNotFound(e)) return false;
      throw;
    }
  }
};

TEST_CASE("ctrl client: SubResource(\"eviction\").Create evicts a typed pod", "[ctrl][client][subresource]") {
  TokenEnv env;
  const Pod pod = env.CreatePod("p");
  const auto creates = env.server.RequestCount("create");

  Eviction eviction;  // no name: the client names it after the pod (typed_client.go)
  eviction.metadata.namespace_ = "ns";
  env.client->SubResource("eviction").Create(pod, eviction);
  CHECK_FALSE(env.PodExists("p"));
  CHECK(env.server.RequestCount("create") == creates + 1);
  CHECK(eviction.metadata.name == "p");
  // The answer is a Status, not an Eviction: the typed object is left as sent (rest.Result.Into
  // decodes a Status of another kind into a new object).
  CHECK(eviction.GetObjectKind().Empty());
  CHECK(eviction.metadata.namespace_ == "ns");
  CHECK_FALSE(eviction.delete_options.has_value());

  // The server's errors come through: the pod is gone now.
  metav1::Status missing =
      test_support::StatusOf([&] { env.client->SubResource("eviction").Create(pod, eviction); });
  CHECK(missing.code == 404);
  CHECK(missing.message == R"(pods "p" not found)");

  // A body naming another pod is the server's 400.
  const Pod q = env.CreatePod("q");
  Eviction other;
  other.metadata.name = "p";
  metav1::Status mismatch =
      test_support::StatusOf([&] { env.client->SubResource("eviction").Create(q, other); });
  CHECK(mismatch.code == 400);
  CHECK(mismatch.message == "name in URL does not match name in Eviction object");
  CHECK(env.PodExists("q"));

  // deleteOptions travel in the body: a failing precondition keeps the pod.
  Eviction guarded;
  guarded.delete_options = metav1::DeleteOptions{};
  guarded.delete_options->preconditions = metav1::Preconditions{.uid = std::string("stale-uid")};
  metav1::Status conflict =
      test_support::StatusOf([&] { env.client->SubResource("eviction").Create(q, guarded); });
  CHECK(conflict.code == 409);
  CHECK(env.PodExists("q"));
}

TEST_CASE("ctrl client: SubResource(\"eviction\").Create with Unstructured objects",
          "[ctrl][client][subresource]") {
  TokenEnv env;
  env.CreatePod("p");
  runtime::Unstructured pod(
      json{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "p"}, {"namespace", "ns"}}}});
  runtime::Unstructured eviction(json{{"apiVersion", "policy/v1"}, {"kind", "Eviction"}});
  env.client->SubResource("eviction").Create(pod, eviction);
  CHECK_FALSE(env.PodExists("p"));
  // unstructured_client.go decodes the answer (a Status) into the object; resetGroupVersionKind
  // then puts the Eviction's apiVersion and kind back.
  CHECK(eviction.Body() == json{{"apiVersion", "policy/v1"},
                                {"kind", "Eviction"},
                                {"metadata", json::object()},
                                {"status", "Success"},
                                {"code", 201}});

  // An Unstructured object needs an Unstructured subresource object (upstream's error).
  env.CreatePod("q");
  runtime::Unstructured q(
      json{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "q"}, {"namespace", "ns"}}}});
  Eviction typed;
  try {
    env.client->SubResource("eviction").Create(q, typed);
    FAIL("no error");
  } catch (const errors::StatusError&) {
    FAIL("the request was sent");
  } catch (const apimachinery::Error& e) {
    CHECK(std::string(e.what()).starts_with("unstructured client did not understand object: "));
  }
  CHECK(env.PodExists("q"));

  // A metadata-only object cannot create a subresource (client.go's text).
  metav1::PartialObjectMetadata md;
  md.SetGroupVersionKind({"", "v1", "Pod"});
  md.metadata.name = "q";
  md.metadata.namespace_ = "ns";
  runtime::Unstructured body(json{{"apiVersion", "policy/v1"}, {"kind", "Eviction"}});
  CHECK_THROWS_WITH(env.client->SubResource("eviction").Create(md, body),
                    "cannot update status using only metadata -- did you mean to patch?");
  CHECK(env.PodExists("q"));
}

TEST_CASE("ctrl client: SubResource(\"token\").Create answers a TokenRequest, typed and Unstructured",
          "[ctrl][client][subresource]") {
  TokenEnv env;
  const ServiceAccount sa = env.CreateServiceAccount("robot");

  TokenRequest request;
  request.spec.audiences = {"api", "vault"};
  env.client->SubResource("token").Create(sa, request, ctrl::FieldOwner{"tester"});
  CHECK(request.status.token == "token-for-robot-api-vault");
  CHECK(request.status.expiration_timestamp == "2024-01-01T01:00:00Z");
  CHECK(request.metadata.name == "robot");     // set from the service account before sending
  CHECK(request.metadata.namespace_ == "ns");  // the server's answer
  CHECK(request.GetObjectKind() == schema::GroupVersionKind{"authentication.k8s.io", "v1", "TokenRequest"});
  CHECK(env.last_body["apiVersion"] == "authentication.k8s.io/v1");
  CHECK(env.last_body["kind"] == "TokenRequest");
  CHECK(env.last_body["metadata"]["name"] == "robot");
  CHECK(env.last_options.field_manager == "tester");
  CHECK(env.last_options.dry_run.empty());

  runtime::Unstructured usa(json{{"apiVersion", "v1"},
                                 {"kind", "ServiceAccount"},
                                 {"metadata", {{"name", "robot"}, {"namespace", "ns"}}}});
  runtime::Unstructured ureq(json{{"apiVersion", "authentication.k8s.io/v1"},
                                  {"kind", "TokenRequest"},
                                  {"spec", {{"audiences", {"db"}}}}});
  env.client->SubResource("token").Create(usa, ureq, ctrl::DryRunAll{});
  CHECK(ureq.Body()["status"]["token"] == "token-for-robot-db");
  CHECK(ureq.GetName() == "robot");
  CHECK(env.last_options.dry_run == std::vector<std::string>{"All"});

  // A service account that does not exist: the server's 404, the handler is not called.
  ServiceAccount ghost;
  ghost.metadata.name = "ghost";
  ghost.metadata.namespace_ = "ns";
  env.last_body = nullptr;
  TokenRequest none;
  metav1::Status missing =
      test_support::StatusOf([&] { env.client->SubResource("token").Create(ghost, none); });
  CHECK(missing.code == 404);
  CHECK(missing.message == R"(serviceaccounts "ghost" not found)");
  CHECK(env.last_body.is_null());
  CHECK(none.status.token.empty());

  // A subresource the server does not serve for create.
  metav1::Status unserved =
      test_support::StatusOf([&] { env.client->SubResource("status").Create(sa, request); });
  CHECK(unserved.code == 404);
}

TEST_CASE("ctrl client: subresource Create honours dryRun and goes through the delegating client",
          "[ctrl][client][subresource]") {
  TokenEnv env(ctrl::ClientOptions{.dry_run = true});
  // The dry-run client creates nothing: put the objects in directly.
  env.server.Create(kPodsResource, "ns",
                    {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", "p"}}}});
  env.server.Create(kServiceAccountsResource, "ns",
                    {{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "robot"}}}});
  Pod pod;
  pod.metadata.name = "p";
  pod.metadata.namespace_ = "ns";
  Eviction eviction;
  const std::string rv = env.server.CurrentResourceVersion();
  env.client->SubResource("eviction").Create(pod, eviction);
  CHECK(env.PodExists("p"));
  CHECK(env.server.CurrentResourceVersion() == rv);

  // The delegating client sends subresource writes to its client.
  auto server_client = ctrl::NewClient(SubresourceScheme(), env.mapper, env.server.Dynamic());
  auto delegating = ctrl::NewDelegatingClient(server_client, server_client);
  ServiceAccount sa;
  sa.metadata.name = "robot";
  sa.metadata.namespace_ = "ns";
  TokenRequest request;
  delegating->SubResource("token").Create(sa, request);
  CHECK(request.status.token == "token-for-robot");
  delegating->SubResource("eviction").Create(pod, eviction, ctrl::DryRunAll{});
  CHECK(env.PodExists("p"));
  delegating->SubResource("eviction").Create(pod, eviction);
  CHECK_FALSE(env.PodExists("p"));
}

}  // namespace ctrl_client_subresource_create_test
