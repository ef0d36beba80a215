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

inline ObjectKey ObjectKeyFromObject(const runtime::Object& obj) {
  const metav1::ObjectMeta* m = obj.GetObjectMeta();
  if (m == nullptr) throw Error(std::string(obj.GetTypeId().name()) + " has no object metadata");
  return ObjectKey{m->namespace_, m->name};
}

inline Patch Patch::Merge(nlohmann::json data) {
  return Patch{std::string(metav1::kPatchTypeMerge), std::move(data)};
}
inline Patch Patch::JSONPatch(nlohmann::json data) {
  return Patch{std::string(metav1::kPatchTypeJSON), std::move(data)};
}
inline Patch Patch::Apply(nlohmann::json configuration) {
  return Patch{std::string(metav1::kPatchTypeApply), std::move(configuration)};
}
// MergeFrom: `merge_from_object` keeps a deep copy of the original (its resourceVersion cleared
// when optimistic_lock); `data` then holds what is forced into the modified object before the diff
// (`{"metadata":{"resourceVersion":"<original's>"}}` with optimistic_lock, else null) (patch.go:
// mergeFromPatch.Data).
inline Patch Patch::MergeFrom(const runtime::Object& original, bool optimistic_lock) {
  Patch p{std::string(metav1::kPatchTypeMerge), nullptr};
  std::unique_ptr<runtime::Object> copy = original.DeepCopyObject();
  if (optimistic_lock) {
    const metav1::ObjectMeta* m = original.GetObjectMeta();
    const std::string version = m != nullptr ? m->resource_version : std::string();
    if (version.empty()) {
      const std::string key =
          m == nullptr ? std::string() : (m->namespace_.empty() ? m->name : m->namespace_ + "/" + m->name);
      throw Error(
          fmt::format("cannot use OptimisticLock, object {} does not have any resource version we can use",
                      util::Quote(key)));
    }
    if (auto* u = dynamic_cast<runtime::Unstructured*>(copy.get())) {
      u->SetResourceVersion("");
    } else {
      copy->GetObjectMeta()->resource_version.clear();
    }
    p.data = {{"metadata", {{"resourceVersion", version}}}};
  }
  p.merge_from_object = std::shared_ptr<const runtime::Object>(std::move(copy));
  return p;
}

namespace internal {

// ClientCore: the operations of ctrl::NewClient's client, shared by its subresource clients.
class ClientCore {
 public:
  ClientCore(const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
             std::shared_ptr<dynamic::Interface> api, ClientOptions options)
      : scheme_(&scheme), mapper_(std::move(mapper)), api_(std::move(api)), options_(std::move(options)) {
    if (!mapper_) throw Error("ctrl::NewClient: a RESTMapper is required");
    if (!api_) throw Error("ctrl::NewClient: a dynamic::Interface is required");
  }

  const runtime::Scheme& Scheme() const { return *scheme_; }
  const meta::RESTMapper& Mapper() const { return *mapper_; }

  struct Target {
    schema::GroupVersionKind gvk;
    schema::GroupVersionResource gvr;
    bool namespaced = true;
  };

  Target TargetFor(schema::GroupVersionKind gvk) const {
    meta::RESTMapping m = mapper_->RESTMapping(gvk.GroupKind(), {gvk.version});
    return Target{std::move(gvk), m.resource, m.scope == meta::RESTScopeName::kNamespace};
  }

  // GVKFor: the kind of a read's ObjectType (a registered type: its Scheme kind).
  schema::GroupVersionKind GVKFor(const ObjectType& type, bool list) const {
    if (type.NeedsKind()) {
      schema::GroupVersionKind gvk = type.gvk;
      if (list && gvk.kind.size() > 4 && gvk.kind.ends_with("List")) gvk.kind.resize(gvk.kind.size() - 4);
      if (gvk.kind.empty()) throw runtime::MissingKindError("unstructured object has no kind");
      if (gvk.version.empty()) throw runtime::MissingVersionError("unstructured object has no version");
      return gvk;
    }
    return controllerutil::GVKForObject(*NewTyped(type), *scheme_);
  }

  std::unique_ptr<runtime::Object> NewTyped(const ObjectType& type) const {
    const runtime::TypeInfo* info = scheme_->TypeInfoFor(type.type);
    if (info == nullptr) throw runtime::NotRegisteredError::ForType(scheme_->Name(), type.type.name());
    return info->make();
  }

  static bool IsMetadata(const runtime::Object& obj) {
    return obj.GetTypeId() == util::kTypeId<metav1::PartialObjectMetadata>;
  }

  nlohmann::json ToJSON(const runtime::Object& obj) const {
    if (const auto* u = dynamic_cast<const runtime::Unstructured*>(&obj)) return u->Body();
    if (IsMetadata(obj)) return nlohmann::json(static_cast<const metav1::PartialObjectMetadata&>(obj));
    return runtime::JSONSerializer(*scheme_).ToJSON(obj);
  }

  // Into: the server's answer into `obj` (a PartialObjectMetadata keeps the kind it had).
  void Into(const nlohmann::json& answer, runtime::Object& obj) const {
    if (auto* u = dynamic_cast<runtime::Unstructured*>(&obj)) {
      u->SetUnstructuredContent(answer);
      return;
    }
    if (IsMetadata(obj)) {
      auto& p = static_cast<metav1::PartialObjectMetadata&>(obj);
      const schema::GroupVersionKind gvk = p.GetObjectKind();
      p = answer.get<metav1::PartialObjectMetadata>();
      p.SetGroupVersionKind(gvk);
      return;
    }
    runtime::JSONSerializer(*scheme_).DecodeInto(util::json::Marshal(answer), obj);
  }

  std::shared_ptr<const runtime::Object> Decode(const ObjectType& type, const schema::GroupVersionKind& gvk,
                                                const nlohmann::json& answer) const {
    if (type.IsUnstructured()) return std::make_shared<const runtime::Unstructured>(answer);
    if (type.IsCompact())
      return std::make_shared<const runtime::CompactUnstructured>(util::json::Compact::From(answer));
    if (type.IsMetadata()) {
      auto p = std::make_shared<metav1::PartialObjectMetadata>(answer.get<metav1::PartialObjectMetadata>());
      p->SetGroupVersionKind(gvk);
      return p;
    }
    std::shared_ptr<runtime::Object> obj = NewTyped(type);
    runtime::JSONSerializer(*scheme_).DecodeInto(util::json::Marshal(answer), *obj);
    return obj;
  }

  static dynamic::ResponseShape ShapeFor(const ObjectType& type) {
    return type.IsMetadata() ? dynamic::ResponseShape::kPartialObjectMetadata
                             : dynamic::ResponseShape::kObject;
  }

  std::shared_ptr<const runtime::Object> Get(const ObjectType& type, const ObjectKey& key,
                                             const GetOptions& options) const {
    const Target t = TargetFor(GVKFor(type, false));
    metav1::GetOptions go;
    go.resource_version = options.resource_version;
    nlohmann::json answer =
        api_->Get(t.gvr, t.namespaced ? key.namespace_ : "", key.name, go, {}, ShapeFor(type));
    return Decode(type, t.gvk, answer);
  }

  ObjectList<runtime::Object> List(const ObjectType& type, const ListOptions& options) const {
    const Target t = TargetFor(GVKFor(type, true));
    nlohmann::json answer =
        api_->List(t.gvr, t.namespaced ? options.namespace_ : "", options.AsListOptions(), ShapeFor(type));
    ObjectList<runtime::Object> out;
    const nlohmann::json& md = answer["metadata"];
    out.resource_version = md.value("resourceVersion", std::string());
    out.continue_ = md.value("continue", std::string());
    if (md.contains("remainingItemCount"))
      out.remaining_item_count = md["remainingItemCount"].get<std::int64_t>();
    for (const auto& item : answer["items"]) out.items.push_back(Decode(type, t.gvk, item));
    return out;
  }

  // Writable: the target and namespace of a write of `obj`.
  std::pair<Target, std::string> Writable(const runtime::Object& obj) const {
    Target t = TargetFor(controllerutil::GVKForObject(obj, *scheme_));
    const metav1::ObjectMeta* m = obj.GetObjectMeta();
    if (m == nullptr) throw Error(std::string(obj.GetTypeId().name()) + " has no object metadata");
    std::string ns = t.namespaced ? m->namespace_ : std::string();
    return {std::move(t), std::move(ns)};
  }

  template <typename O>
  O WithDefaults(O o) const {
    if (o.field_manager.empty()) o.field_manager = options_.field_owner;
    if (options_.dry_run && o.dry_run.empty()) o.dry_run = {std::string(metav1::kDryRunAll)};
    return o;
  }
  metav1::DeleteOptions WithDefaults(metav1::DeleteOptions o) const {
    if (options_.dry_run && o.dry_run.empty()) o.dry_run = {std::string(metav1::kDryRunAll)};
    return o;
  }

  void Create(runtime::Object& obj, const metav1::CreateOptions& options) const {
    if (IsMetadata(obj)) throw Error("cannot create using only metadata");
    auto [t, ns] = Writable(obj);
    Into(api_->Create(t.gvr, ns, ToJSON(obj), WithDefaults(options)), obj);
  }

  void Update(runtime::Object& obj, const metav1::UpdateOptions& options,
              std::string_view subresource) const {
    if (IsMetadata(obj)) {
      throw Error(subresource.empty() ? "cannot update using only metadata -- did you mean to patch?"
                                      : "cannot update status using only metadata -- did you mean to patch?");
    }
    auto [t, ns] = Writable(obj);
    IntoIfSameKind(api_->Update(t.gvr, ns, ToJSON(obj), WithDefaults(options), subresource), obj);
  }

  // PatchData: the patch document (MergeFrom: the diff computed now).
  nlohmann::json PatchData(const runtime::Object& obj, const Patch& patch) const {
    if (!patch.merge_from_object && !patch.merge_from_base) return patch.data;
    const nlohmann::json base =
        patch.merge_from_base ? *patch.merge_from_base : ToJSON(*patch.merge_from_object);
    nlohmann::json modified = ToJSON(obj);
    if (patch.data.is_object()) modified.merge_patch(patch.data);
    return CreateMergePatch(base, modified);
  }

  void PatchObject(runtime::Object& obj, const Patch& patch, const metav1::PatchOptions& options,
                   std::string_view subresource) const {
    auto [t, ns] = Writable(obj);
    const metav1::ObjectMeta* m = obj.GetObjectMeta();
    IntoIfSameKind(api_->Patch(t.gvr, ns, m->name, patch.type, PatchData(obj, patch), WithDefaults(options),
                               subresource),
                   obj);
  }

  // UpdateBody / PatchBody: `body` (or the patch computed from it) sent to `obj`'s subresource,
  // the answer decoded into `body`, which keeps its kind (typed_client.go: UpdateSubResource,
  // PatchSubResource with SubResourceBody). An update names its object by the body's
  // metadata.name (dynamic::Interface::Update has no separate name; a Scale read by Get has it).
  void UpdateBody(const runtime::Object& obj, runtime::Object& body, const metav1::UpdateOptions& options,
                  std::string_view subresource) const {
    if (IsMetadata(obj)) throw Error("cannot update status using only metadata -- did you mean to patch?");
    auto [t, ns] = Writable(obj);
    IntoKeepingKind(api_->Update(t.gvr, ns, ToJSON(body), WithDefaults(options), subresource), body);
  }
  void PatchBody(const runtime::Object& obj, runtime::Object& body, const Patch& patch,
                 const metav1::PatchOptions& options, std::string_view subresource) const {
    auto [t, ns] = Writable(obj);
    IntoKeepingKind(api_->Patch(t.gvr, ns, obj.GetObjectMeta()->name, patch.type, PatchData(body, patch),
                                WithDefaults(options), subresource),
                    body);
  }

  // CreateBody: `body` POSTed to `obj`'s subresource, the answer decoded into `body` (client.go:
  // subResourceClient.Create; typed_client.go, unstructured_client.go: CreateSubResource): a
  // metadata-only `obj` is upstream's error, an Unstructured `obj` needs an Unstructured `body`;
  // `body`'s empty name becomes `obj`'s; the request names `obj` in the URL.
  void CreateBody(const runtime::Object& obj, runtime::Object& body, const metav1::CreateOptions& options,
                  std::string_view subresource) const {
    if (IsMetadata(obj)) throw Error("cannot update status using only metadata -- did you mean to patch?");
    auto* body_u = dynamic_cast<runtime::Unstructured*>(&body);
    if (dynamic_cast<const runtime::Unstructured*>(&obj) != nullptr && body_u == nullptr) {
      throw Error(fmt::format("unstructured client did not understand object: {}", body.GetTypeId().name()));
    }
    auto [t, ns] = Writable(obj);
    const std::string name = obj.GetObjectMeta()->name;
    if (const metav1::ObjectMeta* m = std::as_const(body).GetObjectMeta(); m != nullptr && m->name.empty()) {
      if (body_u != nullptr) {
        body_u->SetName(name);
      } else {
        body.GetObjectMeta()->name = name;
      }
    }
    IntoAnswerOfKind(
        api_->CreateSubresource(t.gvr, ns, name, subresource, ToJSON(body), WithDefaults(options)), body);
  }

  // IntoAnswerOfKind: IntoKeepingKind, except that a typed (or metadata) object is left as it was
  // when the answer is of another kind (an eviction's Status): rest.Result.Into decodes such an
  // answer into a new object, and returns a Status that is not Success as its error.
  void IntoAnswerOfKind(const nlohmann::json& answer, runtime::Object& obj) const {
    if (dynamic_cast<runtime::Unstructured*>(&obj) == nullptr && answer.is_object()) {
      const std::string kind = answer.value("kind", std::string());
      const std::string api_version = answer.value("apiVersion", std::string());
      const schema::GroupVersionKind want =
          IsMetadata(obj) ? obj.GetObjectKind() : controllerutil::GVKForObject(obj, *scheme_);
      if (!kind.empty() && (kind != want.kind || api_version != want.GroupVersion().String())) {
        if (kind == "Status" && answer.value("status", std::string()) != metav1::kStatusSuccess) {
          throw errors::StatusError(answer.get<metav1::Status>());
        }
        return;
      }
    }
    IntoKeepingKind(answer, obj);
  }

  // IntoIfSameKind: Into, unless the answer is of another kind than the object (a Scale answered
  // by a scale write); the object keeps the kind it had (client.go: resetGroupVersionKind).
  void IntoIfSameKind(const nlohmann::json& answer, runtime::Object& obj) const {
    if (!IsMetadata(obj) && answer.is_object() && answer.value("kind", std::string()) == "Scale" &&
        controllerutil::GVKForObject(obj, *scheme_).kind != "Scale") {
      return;
    }
    IntoKeepingKind(answer, obj);
  }
  // IntoKeepingKind: Into, the object keeping the kind it had (resetGroupVersionKind).
  void IntoKeepingKind(const nlohmann::json& answer, runtime::Object& obj) const {
    const schema::GroupVersionKind before = obj.GetObjectKind();
    Into(answer, obj);
    if (!before.Empty()) obj.SetGroupVersionKind(before);
  }

  void Delete(const runtime::Object& obj, const metav1::DeleteOptions& options) const {
    auto [t, ns] = Writable(obj);
    api_->Delete(t.gvr, ns, obj.GetObjectMeta()->name, WithDefaults(options));
  }

  void DeleteAllOf(const ObjectType& type, const ListOptions& list_options,
                   const metav1::DeleteOptions& delete_options) const {
    const Target t = TargetFor(GVKFor(type, true));
    api_->DeleteCollection(t.gvr, t.namespaced ? list_options.namespace_ : "", WithDefaults(delete_options),
                           list_options.AsListOptions());
  }

  void GetSubResource(const runtime::Object& obj, runtime::Object& sub, std::string_view subresource) const {
    if (IsMetadata(obj)) throw Error("can not get subresource using only metadata");
    auto [t, ns] = Writable(obj);
    Into(api_->Get(t.gvr, ns, obj.GetObjectMeta()->name, {}, subresource), sub);
  }

 private:
  const runtime::Scheme* scheme_;
  std::shared_ptr<const meta::RESTMapper> mapper_;
  std::shared_ptr<dynamic::Interface> api_;
  ClientOptions options_;
};

// ServerSubResourceClient: one subresource of a ClientCore.
class ServerSubResourceClient final : public SubResourceClient {
 public:
  ServerSubResourceClient(std::shared_ptr<const ClientCore> core, std::string subresource)
      : core_(std::move(core)), subresource_(std::move(subresource)) {}
  void Get(const runtime::Object& obj, runtime::Object& subresource) override {
    core_->GetSubResource(obj, subresource, subresource_);
  }
  void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override {
    core_->Update(obj, options, subresource_);
  }
  void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                   const metav1::PatchOptions& options) override {
    core_->PatchObject(obj, patch, options, subresource_);
  }
  void CreateBody(const runtime::Object& obj, runtime::Object& body,
                  const metav1::CreateOptions& options) override {
    core_->CreateBody(obj, body, options, subresource_);
  }
  void UpdateBody(const runtime::Object& obj, runtime::Object& body,
                  const metav1::UpdateOptions& options) override {
    core_->UpdateBody(obj, body, options, subresource_);
  }
  void PatchBody(const runtime::Object& obj, runtime::Object& body, const ctrl::Patch& patch,
                 const metav1::PatchOptions& options) override {
    core_->PatchBody(obj, body, patch, options, subresource_);
  }

 private:
  std::shared_ptr<const ClientCore> core_;
  std::string subresource_;
};

// SubResources: the subresource clients of a client, made on first use and kept.
class SubResources {
 public:
  SubResourceClient& For(std::string_view name,
                         const std::function<std::unique_ptr<SubResourceClient>()>& make) {
    std::lock_guard lock(mu_);
    auto it = clients_.find(name);
    if (it == clients_.end()) it = clients_.emplace(std::string(name), make()).first;
    return *it->second;
  }

 private:
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<SubResourceClient>, std::less<>> clients_;
};

// ServerClient: NewClient's Client.
class ServerClient final : public Client {
 public:
  explicit ServerClient(std::shared_ptr<const ClientCore> core) : core_(std::move(core)) {}

  std::shared_ptr<const runtime::Object> GetObject(const ObjectType& type, const ObjectKey& key,
                                                   const GetOptions& options) const override {
    return core_->Get(type, key, options);
  }
  ObjectList<runtime::Object> ListObjects(const ObjectType& type, const ListOptions& options) const override {
    return core_->List(type, options);
  }
  void CreateObject(runtime::Object& obj, const metav1::CreateOptions& options) override {
    core_->Create(obj, options);
  }
  void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override {
    core_->Update(obj, options, {});
  }
  void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                   const metav1::PatchOptions& options) override {
    core_->PatchObject(obj, patch, options, {});
  }
  void DeleteObject(const runtime::Object& obj, const metav1::DeleteOptions& options) override {
    core_->Delete(obj, options);
  }
  void DeleteAllOfObjects(const ObjectType& type, const ListOptions& list_options,
                          const metav1::DeleteOptions& delete_options) override {
    core_->DeleteAllOf(type, list_options, delete_options);
  }
  SubResourceClient& SubResource(std::string_view subresource) override {
    return subresources_.For(subresource, [&] {
      return std::make_unique<ServerSubResourceClient>(core_, std::string(subresource));
    });
  }
  const runtime::Scheme& Scheme() const override { return core_->Scheme(); }
  const meta::RESTMapper& RESTMapper() const override { return core_->Mapper(); }

 private:
  std::shared_ptr<const ClientCore> core_;
  SubResources subresources_;
};

// DelegatingClient: NewDelegatingClient's Client.
class DelegatingClient final : public Client {
 public:
  DelegatingClient(std::shared_ptr<const Reader> cache, std::shared_ptr<Client> client,
                   std::vector<ObjectType> uncached, bool cache_unstructured)
      : cache_(std::move(cache)),
        client_(std::move(client)),
        uncached_(std::move(uncached)),
        cache_unstructured_(cache_unstructured) {
    if (!cache_) throw Error("ctrl::NewDelegatingClient: a cache reader is required");
    if (!client_) throw Error("ctrl::NewDelegatingClient: a client is required");
  }

  // Uncached: client.go: client.shouldBypassCache (uncachedGVKs, cacheUnstructured).
  bool Uncached(const ObjectType& type) const {
    if (type.IsUnstructured() && !cache_unstructured_) return true;
    for (const auto& u : uncached_) {
      if (u.type != type.type) continue;
      if (u.gvk.Empty() || u.gvk == type.gvk) return true;
      // A list kind names the same resource as its item kind.
      if (u.gvk.group == type.gvk.group && u.gvk.version == type.gvk.version &&
          u.gvk.kind + "List" == type.gvk.kind) {
        return true;
      }
    }
    return false;
  }

  std::shared_ptr<const runtime::Object> GetObject(const ObjectType& type, const ObjectKey& key,
                                                   const GetOptions& options) const override {
    if (Uncached(type)) return client_->GetObject(type, key, options);
    return cache_->GetObject(type, key, options);
  }
  ObjectList<runtime::Object> ListObjects(const ObjectType& type, const ListOptions& options) const override {
    if (Uncached(type)) return client_->ListObjects(type, options);
    return cache_->ListObjects(type, options);
  }
  void CreateObject(runtime::Object& obj, const metav1::CreateOptions& options) override {
    client_->CreateObject(obj, options);
  }
  void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) override {
    client_->UpdateObject(obj, options);
  }
  void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                   const metav1::PatchOptions& options) override {
    client_->PatchObject(obj, patch, options);
  }
  void DeleteObject(const runtime::Object& obj, const metav1::DeleteOptions& options) override {
    client_->DeleteObject(obj, options);
  }
  void DeleteAllOfObjects(const ObjectType& type, const ListOptions& list_options,
                          const metav1::DeleteOptions& delete_options) override {
    client_->DeleteAllOfObjects(type, list_options, delete_options);
  }
  SubResourceClient& SubResource(std::string_view subresource) override {
    return client_->SubResource(subresource);
  }
  const runtime::Scheme& Scheme() const override { return client_->Scheme(); }
  const meta::RESTMapper& RESTMapper() const override { return client_->RESTMapper(); }

 private:
  std::shared_ptr<const Reader> cache_;
  std::shared_ptr<Client> client_;
  std::vector<ObjectType> uncached_;
  bool cache_unstructured_;
};

}  // namespace internal

inline std::shared_ptr<Client> NewClient(const runtime::Scheme& scheme,
                                         std::shared_ptr<const meta::RESTMapper> mapper,
                                         std::shared_ptr<dynamic::Interface> api, ClientOptions options) {
  return std::make_shared<internal::ServerClient>(std::make_shared<const internal::ClientCore>(
      scheme, std::move(mapper), std::move(api), std::move(options)));
}

inline std::shared_ptr<Client> NewDelegatingClient(std::shared_ptr<const Reader> cache_reader,
                                                   std::shared_ptr<Client> client,
                                                   std::vector<ObjectType> uncached,
                                                   bool cache_unstructured) {
  return std::make_shared<internal::DelegatingClient>(std::move(cache_reader), std::move(client),
                                                      std::move(uncached), cache_unstructured);
}

}  // namespace apimachinery::ctrl
