// Definitions of the non-template functions declared in <apimachinery/ctrl/client.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/client.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL ObjectKey ObjectKeyFromObject(const runtime::Object& obj) {
  const metav1::ObjectMeta* m = obj.GetObjectMeta();
  if (m == nullptr) throw Error(std::string(obj.GetTypeId().name()) + " has no object metadata");
  return ObjectKey{m->namespace_, m->name};
}

APIMACHINERY_DECL Patch Patch::Merge(nlohmann::json data) {
  return Patch{std::string(metav1::kPatchTypeMerge), std::move(data)};
}

APIMACHINERY_DECL Patch Patch::JSONPatch(nlohmann::json data) {
  return Patch{std::string(metav1::kPatchTypeJSON), std::move(data)};
}

APIMACHINERY_DECL Patch Patch::Apply(nlohmann::json configuration) {
  return Patch{std::string(metav1::kPatchTypeApply), std::move(configuration)};
}

// MergeFrom: `merge_from_object` keeps a deep copy of the original (its resourceVersion cleared
// when optimistic_lock); `data` then holds what is forced into the modified object before the diff
// (`{"metadata":{"resourceVersion":"<original's>"}}` with optimistic_lock, else null) (patch.go:
// mergeFromPatch.Data).
APIMACHINERY_DECL Patch Patch::MergeFrom(const runtime::Object& original, bool optimistic_lock) {
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

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL ClientCore::ClientCore(const runtime::Scheme& scheme,
                                         std::shared_ptr<const meta::RESTMapper> mapper,
                                         std::shared_ptr<dynamic::Interface> api, ClientOptions options)
    : scheme_(&scheme), mapper_(std::move(mapper)), api_(std::move(api)), options_(std::move(options)) {
  if (!mapper_) throw Error("ctrl::NewClient: a RESTMapper is required");
  if (!api_) throw Error("ctrl::NewClient: a dynamic::Interface is required");
}

APIMACHINERY_DECL const runtime::Scheme& ClientCore::Scheme() const { return *scheme_; }

APIMACHINERY_DECL const meta::RESTMapper& ClientCore::Mapper() const { return *mapper_; }

APIMACHINERY_DECL auto ClientCore::TargetFor(schema::GroupVersionKind gvk) const -> Target {
  meta::RESTMapping m = mapper_->RESTMapping(gvk.GroupKind(), {gvk.version});
  return Target{std::move(gvk), m.resource, m.scope == meta::RESTScopeName::kNamespace};
}

APIMACHINERY_DECL schema::GroupVersionKind ClientCore::GVKFor(const ObjectType& type, bool list) const {
  if (type.NeedsKind()) {
    schema::GroupVersionKind gvk = type.gvk;
    if (list && gvk.kind.size() > 4 && gvk.kind.ends_with("List")) gvk.kind.resize(gvk.kind.size() - 4);
    if (gvk.kind.empty()) throw runtime::MissingKindError("unstructured object has no kind");
    if (gvk.version.empty()) throw runtime::MissingVersionError("unstructured object has no version");
    return gvk;
  }
  return controllerutil::GVKForObject(*NewTyped(type), *scheme_);
}

APIMACHINERY_DECL std::unique_ptr<runtime::Object> ClientCore::NewTyped(const ObjectType& type) const {
  const runtime::TypeInfo* info = scheme_->TypeInfoFor(type.type);
  if (info == nullptr) throw runtime::NotRegisteredError::ForType(scheme_->Name(), type.type.name());
  return info->make();
}

APIMACHINERY_DECL bool ClientCore::IsMetadata(const runtime::Object& obj) {
  return obj.GetTypeId() == util::kTypeId<metav1::PartialObjectMetadata>;
}

APIMACHINERY_DECL nlohmann::json ClientCore::ToJSON(const runtime::Object& obj) const {
  if (const auto* u = dynamic_cast<const runtime::Unstructured*>(&obj)) return u->Body();
  if (IsMetadata(obj)) return nlohmann::json(static_cast<const metav1::PartialObjectMetadata&>(obj));
  return runtime::JSONSerializer(*scheme_).ToJSON(obj);
}

APIMACHINERY_DECL void ClientCore::Into(const nlohmann::json& answer, runtime::Object& obj) const {
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

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ClientCore::Decode(
    const ObjectType& type, const schema::GroupVersionKind& gvk, const nlohmann::json& answer) const {
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

APIMACHINERY_DECL dynamic::ResponseShape ClientCore::ShapeFor(const ObjectType& type) {
  return type.IsMetadata() ? dynamic::ResponseShape::kPartialObjectMetadata : dynamic::ResponseShape::kObject;
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ClientCore::Get(const ObjectType& type,
                                                                         const ObjectKey& key,
                                                                         const GetOptions& options) const {
  const Target t = TargetFor(GVKFor(type, false));
  metav1::GetOptions go;
  go.resource_version = options.resource_version;
  nlohmann::json answer =
      api_->Get(t.gvr, t.namespaced ? key.namespace_ : "", key.name, go, {}, ShapeFor(type));
  return Decode(type, t.gvk, answer);
}

APIMACHINERY_DECL ObjectList<runtime::Object> ClientCore::List(const ObjectType& type,
                                                               const ListOptions& options) const {
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

APIMACHINERY_DECL auto ClientCore::Writable(const runtime::Object& obj) const
    -> std::pair<Target, std::string> {
  Target t = TargetFor(controllerutil::GVKForObject(obj, *scheme_));
  const metav1::ObjectMeta* m = obj.GetObjectMeta();
  if (m == nullptr) throw Error(std::string(obj.GetTypeId().name()) + " has no object metadata");
  std::string ns = t.namespaced ? m->namespace_ : std::string();
  return {std::move(t), std::move(ns)};
}

APIMACHINERY_DECL metav1::DeleteOptions ClientCore::WithDefaults(metav1::DeleteOptions o) const {
  if (options_.dry_run && o.dry_run.empty()) o.dry_run = {std::string(metav1::kDryRunAll)};
  return o;
}

APIMACHINERY_DECL void ClientCore::Create(runtime::Object& obj, const metav1::CreateOptions& options) const {
  if (IsMetadata(obj)) throw Error("cannot create using only metadata");
  auto [t, ns] = Writable(obj);
  Into(api_->Create(t.gvr, ns, ToJSON(obj), WithDefaults(options)), obj);
}

APIMACHINERY_DECL void ClientCore::Update(runtime::Object& obj, const metav1::UpdateOptions& options,
                                          std::string_view subresource) const {
  if (IsMetadata(obj)) {
    throw Error(subresource.empty() ? "cannot update using only metadata -- did you mean to patch?"
                                    : "cannot update status using only metadata -- did you mean to patch?");
  }
  auto [t, ns] = Writable(obj);
  IntoIfSameKind(api_->Update(t.gvr, ns, ToJSON(obj), WithDefaults(options), subresource), obj);
}

APIMACHINERY_DECL nlohmann::json ClientCore::PatchData(const runtime::Object& obj, const Patch& patch) const {
  if (!patch.merge_from_object && !patch.merge_from_base) return patch.data;
  const nlohmann::json base =
      patch.merge_from_base ? *patch.merge_from_base : ToJSON(*patch.merge_from_object);
  nlohmann::json modified = ToJSON(obj);
  if (patch.data.is_object()) modified.merge_patch(patch.data);
  return CreateMergePatch(base, modified);
}

APIMACHINERY_DECL void ClientCore::PatchObject(runtime::Object& obj, const Patch& patch,
                                               const metav1::PatchOptions& options,
                                               std::string_view subresource) const {
  auto [t, ns] = Writable(obj);
  const metav1::ObjectMeta* m = obj.GetObjectMeta();
  IntoIfSameKind(
      api_->Patch(t.gvr, ns, m->name, patch.type, PatchData(obj, patch), WithDefaults(options), subresource),
      obj);
}

APIMACHINERY_DECL void ClientCore::UpdateBody(const runtime::Object& obj, runtime::Object& body,
                                              const metav1::UpdateOptions& options,
                                              std::string_view subresource) const {
  if (IsMetadata(obj)) throw Error("cannot update status using only metadata -- did you mean to patch?");
  auto [t, ns] = Writable(obj);
  IntoKeepingKind(api_->Update(t.gvr, ns, ToJSON(body), WithDefaults(options), subresource), body);
}

APIMACHINERY_DECL void ClientCore::PatchBody(const runtime::Object& obj, runtime::Object& body,
                                             const Patch& patch, const metav1::PatchOptions& options,
                                             std::string_view subresource) const {
  auto [t, ns] = Writable(obj);
  IntoKeepingKind(api_->Patch(t.gvr, ns, obj.GetObjectMeta()->name, patch.type, PatchData(body, patch),
                              WithDefaults(options), subresource),
                  body);
}

APIMACHINERY_DECL void ClientCore::CreateBody(const runtime::Object& obj, runtime::Object& body,
                                              const metav1::CreateOptions& options,
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
  IntoAnswerOfKind(api_->CreateSubresource(t.gvr, ns, name, subresource, ToJSON(body), WithDefaults(options)),
                   body);
}

APIMACHINERY_DECL void ClientCore::IntoAnswerOfKind(const nlohmann::json& answer,
                                                    runtime::Object& obj) const {
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

APIMACHINERY_DECL void ClientCore::IntoIfSameKind(const nlohmann::json& answer, runtime::Object& obj) const {
  if (!IsMetadata(obj) && answer.is_object() && answer.value("kind", std::string()) == "Scale" &&
      controllerutil::GVKForObject(obj, *scheme_).kind != "Scale") {
    return;
  }
  IntoKeepingKind(answer, obj);
}

APIMACHINERY_DECL void ClientCore::IntoKeepingKind(const nlohmann::json& answer, runtime::Object& obj) const {
  const schema::GroupVersionKind before = obj.GetObjectKind();
  Into(answer, obj);
  if (!before.Empty()) obj.SetGroupVersionKind(before);
}

APIMACHINERY_DECL void ClientCore::Delete(const runtime::Object& obj,
                                          const metav1::DeleteOptions& options) const {
  auto [t, ns] = Writable(obj);
  api_->Delete(t.gvr, ns, obj.GetObjectMeta()->name, WithDefaults(options));
}

APIMACHINERY_DECL void ClientCore::DeleteAllOf(const ObjectType& type, const ListOptions& list_options,
                                               const metav1::DeleteOptions& delete_options) const {
  const Target t = TargetFor(GVKFor(type, true));
  api_->DeleteCollection(t.gvr, t.namespaced ? list_options.namespace_ : "", WithDefaults(delete_options),
                         list_options.AsListOptions());
}

APIMACHINERY_DECL void ClientCore::GetSubResource(const runtime::Object& obj, runtime::Object& sub,
                                                  std::string_view subresource) const {
  if (IsMetadata(obj)) throw Error("can not get subresource using only metadata");
  auto [t, ns] = Writable(obj);
  Into(api_->Get(t.gvr, ns, obj.GetObjectMeta()->name, {}, subresource), sub);
}

APIMACHINERY_DECL ServerSubResourceClient::ServerSubResourceClient(std::shared_ptr<const ClientCore> core,
                                                                   std::string subresource)
    : core_(std::move(core)), subresource_(std::move(subresource)) {}

APIMACHINERY_DECL void ServerSubResourceClient::Get(const runtime::Object& obj,
                                                    runtime::Object& subresource) {
  core_->GetSubResource(obj, subresource, subresource_);
}

APIMACHINERY_DECL void ServerSubResourceClient::UpdateObject(runtime::Object& obj,
                                                             const metav1::UpdateOptions& options) {
  core_->Update(obj, options, subresource_);
}

APIMACHINERY_DECL void ServerSubResourceClient::PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                                            const metav1::PatchOptions& options) {
  core_->PatchObject(obj, patch, options, subresource_);
}

APIMACHINERY_DECL void ServerSubResourceClient::CreateBody(const runtime::Object& obj, runtime::Object& body,
                                                           const metav1::CreateOptions& options) {
  core_->CreateBody(obj, body, options, subresource_);
}

APIMACHINERY_DECL void ServerSubResourceClient::UpdateBody(const runtime::Object& obj, runtime::Object& body,
                                                           const metav1::UpdateOptions& options) {
  core_->UpdateBody(obj, body, options, subresource_);
}

APIMACHINERY_DECL void ServerSubResourceClient::PatchBody(const runtime::Object& obj, runtime::Object& body,
                                                          const ctrl::Patch& patch,
                                                          const metav1::PatchOptions& options) {
  core_->PatchBody(obj, body, patch, options, subresource_);
}

APIMACHINERY_DECL SubResourceClient& SubResources::For(
    std::string_view name, const std::function<std::unique_ptr<SubResourceClient>()>& make) {
  std::lock_guard lock(mu_);
  auto it = clients_.find(name);
  if (it == clients_.end()) it = clients_.emplace(std::string(name), make()).first;
  return *it->second;
}

APIMACHINERY_DECL ServerClient::ServerClient(std::shared_ptr<const ClientCore> core)
    : core_(std::move(core)) {}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ServerClient::GetObject(
    const ObjectType& type, const ObjectKey& key, const GetOptions& options) const {
  return core_->Get(type, key, options);
}

APIMACHINERY_DECL ObjectList<runtime::Object> ServerClient::ListObjects(const ObjectType& type,
                                                                        const ListOptions& options) const {
  return core_->List(type, options);
}

APIMACHINERY_DECL void ServerClient::CreateObject(runtime::Object& obj,
                                                  const metav1::CreateOptions& options) {
  core_->Create(obj, options);
}

APIMACHINERY_DECL void ServerClient::UpdateObject(runtime::Object& obj,
                                                  const metav1::UpdateOptions& options) {
  core_->Update(obj, options, {});
}

APIMACHINERY_DECL void ServerClient::PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                                 const metav1::PatchOptions& options) {
  core_->PatchObject(obj, patch, options, {});
}

APIMACHINERY_DECL void ServerClient::DeleteObject(const runtime::Object& obj,
                                                  const metav1::DeleteOptions& options) {
  core_->Delete(obj, options);
}

APIMACHINERY_DECL void ServerClient::DeleteAllOfObjects(const ObjectType& type,
                                                        const ListOptions& list_options,
                                                        const metav1::DeleteOptions& delete_options) {
  core_->DeleteAllOf(type, list_options, delete_options);
}

APIMACHINERY_DECL SubResourceClient& ServerClient::SubResource(std::string_view subresource) {
  return subresources_.For(subresource, [&] {
    return std::make_unique<ServerSubResourceClient>(core_, std::string(subresource));
  });
}

APIMACHINERY_DECL const runtime::Scheme& ServerClient::Scheme() const { return core_->Scheme(); }

APIMACHINERY_DECL const meta::RESTMapper& ServerClient::RESTMapper() const { return core_->Mapper(); }

APIMACHINERY_DECL DelegatingClient::DelegatingClient(std::shared_ptr<const Reader> cache,
                                                     std::shared_ptr<Client> client,
                                                     std::vector<ObjectType> uncached,
                                                     bool cache_unstructured)
    : cache_(std::move(cache)),
      client_(std::move(client)),
      uncached_(std::move(uncached)),
      cache_unstructured_(cache_unstructured) {
  if (!cache_) throw Error("ctrl::NewDelegatingClient: a cache reader is required");
  if (!client_) throw Error("ctrl::NewDelegatingClient: a client is required");
}

APIMACHINERY_DECL bool DelegatingClient::Uncached(const ObjectType& type) const {
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

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> DelegatingClient::GetObject(
    const ObjectType& type, const ObjectKey& key, const GetOptions& options) const {
  if (Uncached(type)) return client_->GetObject(type, key, options);
  return cache_->GetObject(type, key, options);
}

APIMACHINERY_DECL ObjectList<runtime::Object> DelegatingClient::ListObjects(
    const ObjectType& type, const ListOptions& options) const {
  if (Uncached(type)) return client_->ListObjects(type, options);
  return cache_->ListObjects(type, options);
}

APIMACHINERY_DECL void DelegatingClient::CreateObject(runtime::Object& obj,
                                                      const metav1::CreateOptions& options) {
  client_->CreateObject(obj, options);
}

APIMACHINERY_DECL void DelegatingClient::UpdateObject(runtime::Object& obj,
                                                      const metav1::UpdateOptions& options) {
  client_->UpdateObject(obj, options);
}

APIMACHINERY_DECL void DelegatingClient::PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                                                     const metav1::PatchOptions& options) {
  client_->PatchObject(obj, patch, options);
}

APIMACHINERY_DECL void DelegatingClient::DeleteObject(const runtime::Object& obj,
                                                      const metav1::DeleteOptions& options) {
  client_->DeleteObject(obj, options);
}

APIMACHINERY_DECL void DelegatingClient::DeleteAllOfObjects(const ObjectType& type,
                                                            const ListOptions& list_options,
                                                            const metav1::DeleteOptions& delete_options) {
  client_->DeleteAllOfObjects(type, list_options, delete_options);
}

APIMACHINERY_DECL SubResourceClient& DelegatingClient::SubResource(std::string_view subresource) {
  return client_->SubResource(subresource);
}

APIMACHINERY_DECL const runtime::Scheme& DelegatingClient::Scheme() const { return client_->Scheme(); }

APIMACHINERY_DECL const meta::RESTMapper& DelegatingClient::RESTMapper() const {
  return client_->RESTMapper();
}

}  // namespace apimachinery::ctrl::internal

namespace apimachinery::ctrl {

APIMACHINERY_DECL std::shared_ptr<Client> NewClient(const runtime::Scheme& scheme,
                                                    std::shared_ptr<const meta::RESTMapper> mapper,
                                                    std::shared_ptr<dynamic::Interface> api,
                                                    ClientOptions options) {
  return std::make_shared<internal::ServerClient>(std::make_shared<const internal::ClientCore>(
      scheme, std::move(mapper), std::move(api), std::move(options)));
}

APIMACHINERY_DECL std::shared_ptr<Client> NewDelegatingClient(std::shared_ptr<const Reader> cache_reader,
                                                              std::shared_ptr<Client> client,
                                                              std::vector<ObjectType> uncached,
                                                              bool cache_unstructured) {
  return std::make_shared<internal::DelegatingClient>(std::move(cache_reader), std::move(client),
                                                      std::move(uncached), cache_unstructured);
}

}  // namespace apimachinery::ctrl
