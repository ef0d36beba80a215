// dynamic::Interface: the JSON-level resource client every higher layer talks to: get, list,
// watch, create, update, patch and delete of any resource by GroupVersionResource, with objects as
// nlohmann::json documents (k8s.io/client-go/dynamic/interface.go: Interface,
// ResourceInterface, NamespaceableResourceInterface, flattened into one call per verb).
//
// Example:
//   testing::FakeAPIServer server;
//   server.AddResource({"", "v1", "configmaps"}, "ConfigMap", meta::RESTScopeName::kNamespace);
//   std::shared_ptr<dynamic::Interface> api = server.Dynamic();   // testing::FakeAPIServer
//   nlohmann::json cm = api->Get({"", "v1", "configmaps"}, "default", "settings");
//
// The in-memory testing::FakeAPIServer implements it; the HTTP client will. Everything built on
// it (ctrl::Client, the informers of ctrl::Cache) works unchanged over either.
//
// Throws: the api/errors family (errors::StatusError with the server's Status) for every failure
// the server reports; apimachinery::Error for a request the client cannot send.
// Thread-safety: implementations are safe for concurrent use.
// Differences from upstream: one flat interface (Go chains Resource(gvr).Namespace(ns).Get(...));
// `subresource` is the trailing `subresources ...string` of Go's calls (one level, as the server
// serves: "status", "scale", "eviction", "token"); CreateSubresource names the parent object apart
// from the body (Go's dynamic client takes it from the body's metadata.name); `as` selects the
// response shape (Accept header's `as=` parameter).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/watch/watch.hpp"

namespace apimachinery::dynamic {

// ResponseShape: what a read returns (the Accept header: full objects, or
// `application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1` and its list form).
enum class ResponseShape { kObject, kPartialObjectMetadata };

class Interface {
 public:
  virtual ~Interface() = default;

  // Get: the object (or its subresource view: "status" returns the whole object, "scale" an
  // autoscaling/v1 Scale).
  virtual nlohmann::json Get(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                             std::string_view name, const metav1::GetOptions& options = {},
                             std::string_view subresource = {},
                             ResponseShape shape = ResponseShape::kObject) = 0;
  // List: a `<Kind>List` document (or a PartialObjectMetadataList).
  virtual nlohmann::json List(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                              const metav1::ListOptions& options,
                              ResponseShape shape = ResponseShape::kObject) = 0;
  // Watch: events whose objects are runtime::Unstructured (or metav1::PartialObjectMetadata).
  virtual std::unique_ptr<watch::Interface> Watch(const schema::GroupVersionResource& gvr,
                                                  std::string_view namespace_,
                                                  const metav1::ListOptions& options,
                                                  ResponseShape shape = ResponseShape::kObject) = 0;
  // Create: POST `object` to the resource. With a `subresource` this is Go's
  // `Create(ctx, obj, opts, subresource)`: the parent object is named by the body's metadata.name
  // (dynamic/simple.go: dynamicResourceClient.Create), the same request as
  // CreateSubresource(gvr, namespace_, <object's metadata.name>, subresource, object, options).
  virtual nlohmann::json Create(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                                nlohmann::json object, const metav1::CreateOptions& options = {},
                                std::string_view subresource = {}) = 0;
  // CreateSubresource: POST `body` to subresource `subresource` of the object `name`
  // (`.../{resource}/{name}/{subresource}`: a pod's "eviction" with a policy/v1 Eviction, a
  // service account's "token" with an authentication.k8s.io/v1 TokenRequest); returns the
  // server's answer (for an eviction: a metav1 Status). The parent is named apart from the body,
  // as controller-runtime's clients send it (pkg/client/typed_client.go: CreateSubResource), so a
  // body whose name differs from the parent's reaches the server (Go's dynamic client cannot
  // express that: it takes the parent name from the body).
  virtual nlohmann::json CreateSubresource(const schema::GroupVersionResource& gvr,
                                           std::string_view namespace_, std::string_view name,
                                           std::string_view subresource, nlohmann::json body,
                                           const metav1::CreateOptions& options = {}) = 0;
  virtual nlohmann::json Update(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                                nlohmann::json object, const metav1::UpdateOptions& options = {},
                                std::string_view subresource = {}) = 0;
  // Patch: `patch_type` is the Content-Type (metav1::kPatchType*).
  virtual nlohmann::json Patch(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                               std::string_view name, std::string_view patch_type,
                               const nlohmann::json& patch, const metav1::PatchOptions& options = {},
                               std::string_view subresource = {}) = 0;
  // Delete: a Status of status Success when the object is gone; the object (with
  // deletionTimestamp) while finalizers keep it.
  virtual nlohmann::json Delete(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                                std::string_view name, const metav1::DeleteOptions& options = {}) = 0;
  // DeleteCollection: the `<Kind>List` of the deleted objects as they were before.
  virtual nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr,
                                          std::string_view namespace_, const metav1::DeleteOptions& options,
                                          const metav1::ListOptions& list_options) = 0;

 protected:
  Interface() = default;
  Interface(const Interface&) = default;
  Interface& operator=(const Interface&) = default;
  Interface(Interface&&) = default;
  Interface& operator=(Interface&&) = default;
};

}  // namespace apimachinery::dynamic
