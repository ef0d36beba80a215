// ctrl::NewClient, ctrl::NewDelegatingClient: controller-runtime's client over a
// dynamic::Interface (sigs.k8s.io/controller-runtime pkg/client/client.go: New, client;
// typed_client.go, unstructured_client.go, metadata_client.go, patch.go: MergeFrom, RawPatch).
//
// Example (namespace scope):
//   struct WidgetSpec { int size = 0; };
//   APIMACHINERY_FIELDS(WidgetSpec, size)
//   struct Widget : runtime::ObjectBase<Widget> {   // a custom resource (runtime/interfaces.hpp)
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Widget>({"example.com", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   auto client = ctrl::NewClient(scheme, mapper, server.Dynamic());
//   Widget w;
//   w.metadata = {.name = "w", .namespace_ = "ns", .labels = {{"app", "x"}}};
//   client->Create(w);                                      // w now holds the server's answer
//   auto got = client->Get<Widget>({"ns", "w"});
//   Widget before = *got, changed = *got;
//   changed.spec.size = 4;
//   client->Patch(changed, ctrl::Patch::MergeFrom(before, /*optimistic_lock=*/true));
//   client->Status().Update(changed);
//   client->DeleteAllOf<Widget>(ctrl::InNamespace("ns"), ctrl::MatchingLabels{{{"app", "x"}}});
//
// Objects: a type registered in the Scheme (encoded with runtime::JSONSerializer::ToJSON, answers
// decoded back with DecodeInto), runtime::Unstructured (the kind it carries; reads: the
// ObjectType's gvk, a trailing "List" of a list kind trimmed as upstream) and
// metav1::PartialObjectMetadata (reads ask for the PartialObjectMetadata shape; Patch and Delete
// work as upstream's metadata client; Create and Update throw upstream's `cannot create using
// only metadata` / `cannot update using only metadata -- did you mean to patch?`; after a read or
// patch the object keeps the kind the caller gave it). The resource and its scope come from the
// RESTMapper (RESTMapping(gk, {version})): a cluster-scoped resource is addressed without
// namespace; a namespaced one with the object's (or the key's, or InNamespace's; "" = all
// namespaces for List; a namespaced Get without namespace is the server's 400 `Namespace
// parameter required.`).
//
// Patch: Patch::Merge / JSONPatch / Apply send their data as it is (an apply needs FieldOwner;
// ForceOwnership takes conflicting fields; the FakeAPIServer serves server-side apply with
// managedFields and conflicts as kube-apiserver does); Patch::MergeFrom computes the
// RFC 7386 diff between the original's JSON and the object's at call time
// (internal::CreateMergePatch); with optimistic_lock the original's resourceVersion is put into
// the patch, so a stale one is the server's 409 Conflict.
// Subresources: Status() = SubResource("status"); Update/Patch send the object to the subresource
// and decode the answer into it; SubResource("eviction").Create(pod, eviction) and
// SubResource("token").Create(service_account, token_request) POST the second object to the
// first's subresource and decode the answer into the second (an eviction's Status: see
// SubResourceWriter::Create); SubResource("scale").Get reads the Scale into the given object
// (runtime::Unstructured or a registered Scale type); a scale Update or Patch with
// WithSubResourceBody(scale) sends the Scale and decodes the answer into it; without it, a scale
// Patch decodes the answer only into an object of the answer's kind (otherwise `obj` is left as
// it was).
// ClientOptions::field_owner / dry_run: defaults for every write (client.WithFieldOwner,
// client.NewDryRunClient).
//
// Throws: what the dynamic::Interface throws (errors::StatusError with the server's texts);
// runtime::NotRegisteredError for a type the Scheme does not know; meta::NoKindMatchError (and the
// other mapper errors) from the RESTMapper; apimachinery::Error with upstream's texts for a
// metadata-only create/update, `cannot use OptimisticLock, object "<ns>/<name>" does not have
// any resource version we can use` and `<T> has no object metadata`.
// Cost: one dynamic call per operation plus one JSON encode/decode of the object; MergeFrom keeps a
// deep copy of the original. Thread-safety: the clients are safe for concurrent use (the Scheme
// and RESTMapper must not change meanwhile); the objects passed in are not.
// Differences from upstream: no context; Delete does not write back into `obj` (it is const);
// DeleteAllOf on a namespaced resource without InNamespace deletes in every namespace (the
// request the in-memory server serves); typed objects come back with apiVersion/kind set (Go's
// typed client clears them); Apply takes an Unstructured apply configuration only (Go also takes
// generated typed apply configurations, which C++ has no generator for); a subresource Create with an
// Unstructured object and a typed body is refused with upstream's text, naming the C++ type.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/controllerutil/controllerutil.hpp"
#include "apimachinery/ctrl/interfaces.hpp"
#include "apimachinery/ctrl/internal/client_merge_patch.hpp"
#include "apimachinery/ctrl/options.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::ctrl {

// ClientOptions: defaults applied to every write of a client.
struct ClientOptions {
  // field_owner: the fieldManager of writes that set none (client.WithFieldOwner).
  std::string field_owner = {};
  // dry_run: every write is a dryRun=All request (client.NewDryRunClient).
  bool dry_run = false;
};

// NewClient: a Client reading and writing through `api` (client.New without a cache: every read
// goes to the server). `scheme` must outlive the client.
std::shared_ptr<Client> NewClient(const runtime::Scheme& scheme,
                                  std::shared_ptr<const meta::RESTMapper> mapper,
                                  std::shared_ptr<dynamic::Interface> api, ClientOptions options = {});

// NewDelegatingClient: reads from `cache_reader` except for the `uncached` types and, unless
// `cache_unstructured`, runtime::Unstructured objects, which are read through `client`; every
// write, Status() and SubResource() go to `client` (client.New with Options.Cache: Reader,
// DisableFor, Unstructured). An uncached ObjectType with an empty gvk matches every kind of its C++
// type; with a gvk, that kind only.
std::shared_ptr<Client> NewDelegatingClient(std::shared_ptr<const Reader> cache_reader,
                                            std::shared_ptr<Client> client,
                                            std::vector<ObjectType> uncached = {},
                                            bool cache_unstructured = false);

// Implementation details follow.

namespace internal {

// ClientCore: the operations of ctrl::NewClient's client, shared by its subresource clients.
class ClientCore {
 public:
  APIMACHINERY_DECL ClientCore(const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
                               std::shared_ptr<dynamic::Interface> api, ClientOptions options);

  APIMACHINERY_DECL const runtime::Scheme& Scheme() const;
  APIMACHINERY_DECL const meta::RESTMapper& Mapper() const;

  struct Target {
    schema::GroupVersionKind gvk;
    schema::GroupVersionResource gvr;
    bool namespaced = true;
  };

  APIMACHINERY_DECL Target TargetFor(schema::GroupVersionKind gvk) const;

  // GVKFor: the kind of a read's ObjectType (a registered type: its Scheme kind).
  APIMACHINERY_DECL schema::GroupVersionKind GVKFor(const ObjectType& type, bool list) const;

  APIMACHINERY_DECL std::unique_ptr<runtime::Object> NewTyped(const ObjectType& type) const;

  APIMACHINERY_DECL static bool IsMetadata(const runtime::Object& obj);

  APIMACHINERY_DECL nlohmann::json ToJSON(const runtime::Object& obj) const;

  // Into: the server's answer into `obj` (a PartialObjectMetadata keeps the kind it had).
  APIMACHINERY_DECL void Into(const nlohmann::json& answer, runtime::Object& obj) const;

  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Decode(const ObjectType& type,
                                                                  const schema::GroupVersionKind& gvk,
                                                                  const nlohmann::json& answer) const;

  APIMACHINERY_DECL static dynamic::ResponseShape ShapeFor(const ObjectType& type);

  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Get(const ObjectType& type, const ObjectKey& key,
                                                               const GetOptions& options) const;

  APIMACHINERY_DECL ObjectList<runtime::Object> List(const ObjectType& type,
                                                     const ListOptions& options) const;

  // Writable: the target and namespace of a write of `obj`.
  APIMACHINERY_DECL std::pair<Target, std::string> Writable(const runtime::Object& obj) const;

  template <typename O>
  O WithDefaults(O o) const {
    if (o.field_manager.empty()) o.field_manager = options_.field_owner;
    if (options_.dry_run && o.dry_run.empty()) o.dry_run = {std::string(metav1::kDryRunAll)};
    return o;
  }
  APIMACHINERY_DECL metav1::DeleteOptions WithDefaults(metav1::DeleteOptions o) const;

  APIMACHINERY_DECL void Create(runtime::Object& obj, const metav1::CreateOptions& options) const;

  APIMACHINERY_DECL void Update(runtime::Object& obj, const metav1::UpdateOptions& options,
                                std::string_view subresource) const;

  // PatchData: the patch document (MergeFrom: the diff computed now).
  APIMACHINERY_DECL nlohmann::json PatchData(const runtime::Object& obj, const Patch& patch) const;

  APIMACHINERY_DECL void PatchObject(runtime::Object& obj, const Patch& patch,
                                     const metav1::PatchOptions& options, std::string_view subresource) const;

  // UpdateBody / PatchBody: `body` (or the patch computed from it) sent to `obj`'s subresource,
  // the answer decoded into `body`, which keeps its kind (typed_client.go: UpdateSubResource,
  // PatchSubResource with SubResourceBody). An update names its object by the body's
  // metadata.name (dynamic::Interface::Update has no separate name; a Scale read by Get has it).
  APIMACHINERY_DECL void UpdateBody(const runtime::Object& obj, runtime::Object& body,
                                    const metav1::UpdateOptions& options, std::string_view subresource) const;
  APIMACHINERY_DECL void PatchBody(const runtime::Object& obj, runtime::Object& body, const Patch& patch,
                                   const metav1::PatchOptions& options, std::string_view subresource) const;

  // CreateBody: `body` POSTed to `obj`'s subresource, the answer decoded into `body` (client.go:
  // subResourceClient.Create; typed_client.go, unstructured_client.go: CreateSubResource): a
  // metadata-only `obj` is upstream's error, an Unstructured `obj` needs an Unstructured `body`;
  // `body`'s empty name becomes `obj`'s; the request names `obj` in the URL.
  APIMACHINERY_DECL void CreateBody(const runtime::Object& obj, runtime::Object& body,
                                    const metav1::CreateOptions& options, std::string_view subresource) const;

  // IntoAnswerOfKind: IntoKeepingKind, except that a typed (or metadata) object is left as it was
  // when the answer is of another kind (an eviction's Status): rest.Result.Into decodes such an
  // answer into a new object, and returns a Status that is not Success as its error.
  APIMACHINERY_DECL void IntoAnswerOfKind(const nlohmann::json& answer, runtime::Object& obj) const;

  // IntoIfSameKind: Into, unless the answer is of another kind than the object (a Scale answered
  // by a scale write); the object keeps the kind it had (client.go: resetGroupVersionKind).
  APIMACHINERY_DECL void IntoIfSameKind(const nlohmann::json& answer, runtime::Object& obj) const;
  // IntoKeepingKind: Into, the object keeping the kind it had (resetGroupVersionKind).
  APIMACHINERY_DECL void IntoKeepingKind(const nlohmann::json& answer, runtime::Object& obj) const;

  APIMACHINERY_DECL void Delete(const runtime::Object& obj, const metav1::DeleteOptions& options) const;

  APIMACHINERY_DECL void DeleteAllOf(const ObjectType& type, const ListOptions& list_options,
                                     const metav1::DeleteOptions& delete_options) const;

  APIMACHINERY_DECL void GetSubResource(const runtime::Object& obj, runtime::Object& sub,
                                        std::string_view subresource) const;

 private:
  const runtime::Scheme* scheme_;
  std::shared_ptr<const meta::RESTMapper> mapper_;
  std::shared_ptr<dynamic::Interface> api_;
  ClientOptions options_;
};

// ServerSubResourceClient: one subresource of a ClientCore.
class ServerSubResourceClient final : public SubResourceClient {
 public:
  APIMACHINERY_DECL ServerSubResourceClient(std::shared_ptr<const ClientCore> core, std::string subresource);
  APIMACHINERY_DECL void Get(const runtime::Object& obj, runtime::Object& subresource) override;
  APIMACHINERY_DECL void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override;
  APIMACHINERY_DECL void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                     const metav1::PatchOptions& options) override;
  APIMACHINERY_DECL void CreateBody(const runtime::Object& obj, runtime::Object& body,
                                    const metav1::CreateOptions& options) override;
  APIMACHINERY_DECL void UpdateBody(const runtime::Object& obj, runtime::Object& body,
                                    const metav1::UpdateOptions& options) override;
  APIMACHINERY_DECL void PatchBody(const runtime::Object& obj, runtime::Object& body,
                                   const ctrl::Patch& patch, const metav1::PatchOptions& options) override;

 private:
  std::shared_ptr<const ClientCore> core_;
  std::string subresource_;
};

// SubResources: the subresource clients of a client, made on first use and kept.
class SubResources {
 public:
  APIMACHINERY_DECL SubResourceClient& For(std::string_view name,
                                           const std::function<std::unique_ptr<SubResourceClient>()>& make);

 private:
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<SubResourceClient>, std::less<>> clients_;
};

// ServerClient: NewClient's Client.
class ServerClient final : public Client {
 public:
  APIMACHINERY_DECL explicit ServerClient(std::shared_ptr<const ClientCore> core);

  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> GetObject(
      const ObjectType& type, const ObjectKey& key, const GetOptions& options) const override;
  APIMACHINERY_DECL ObjectList<runtime::Object> ListObjects(const ObjectType& type,
                                                            const ListOptions& options) const override;
  APIMACHINERY_DECL void CreateObject(runtime::Object& obj, const metav1::CreateOptions& options) override;
  APIMACHINERY_DECL void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override;
  APIMACHINERY_DECL void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                     const metav1::PatchOptions& options) override;
  APIMACHINERY_DECL void DeleteObject(const runtime::Object& obj,
                                      const metav1::DeleteOptions& options) override;
  APIMACHINERY_DECL void DeleteAllOfObjects(const ObjectType& type, const ListOptions& list_options,
                                            const metav1::DeleteOptions& delete_options) override;
  APIMACHINERY_DECL SubResourceClient& SubResource(std::string_view subresource) override;
  APIMACHINERY_DECL const runtime::Scheme& Scheme() const override;
  APIMACHINERY_DECL const meta::RESTMapper& RESTMapper() const override;

 private:
  std::shared_ptr<const ClientCore> core_;
  SubResources subresources_;
};

// DelegatingClient: NewDelegatingClient's Client.
class DelegatingClient final : public Client {
 public:
  APIMACHINERY_DECL DelegatingClient(std::shared_ptr<const Reader> cache, std::shared_ptr<Client> client,
                                     std::vector<ObjectType> uncached, bool cache_unstructured);

  // Uncached: client.go: client.shouldBypassCache (uncachedGVKs, cacheUnstructured).
  APIMACHINERY_DECL bool Uncached(const ObjectType& type) const;

  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> GetObject(
      const ObjectType& type, const ObjectKey& key, const GetOptions& options) const override;
  APIMACHINERY_DECL ObjectList<runtime::Object> ListObjects(const ObjectType& type,
                                                            const ListOptions& options) const override;
  APIMACHINERY_DECL void CreateObject(runtime::Object& obj, const metav1::CreateOptions& options) override;
  APIMACHINERY_DECL void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override;
  APIMACHINERY_DECL void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                     const metav1::PatchOptions& options) override;
  APIMACHINERY_DECL void DeleteObject(const runtime::Object& obj,
                                      const metav1::DeleteOptions& options) override;
  APIMACHINERY_DECL void DeleteAllOfObjects(const ObjectType& type, const ListOptions& list_options,
                                            const metav1::DeleteOptions& delete_options) override;
  APIMACHINERY_DECL SubResourceClient& SubResource(std::string_view subresource) override;
  APIMACHINERY_DECL const runtime::Scheme& Scheme() const override;
  APIMACHINERY_DECL const meta::RESTMapper& RESTMapper() const override;

 private:
  std::shared_ptr<const Reader> cache_;
  std::shared_ptr<Client> client_;
  std::vector<ObjectType> uncached_;
  bool cache_unstructured_;
};

}  // namespace internal

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/client.ipp"
#endif
