// Definitions of the non-template functions declared in <apimachinery/ctrl/handler.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/handler.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL void HandlerFuncs::Create(const CreateEvent& e, Queue& q) const {
  if (create_func) create_func(e, q);
}

APIMACHINERY_DECL void HandlerFuncs::Update(const UpdateEvent& e, Queue& q) const {
  if (update_func) update_func(e, q);
}

APIMACHINERY_DECL void HandlerFuncs::Delete(const DeleteEvent& e, Queue& q) const {
  if (delete_func) delete_func(e, q);
}

APIMACHINERY_DECL void HandlerFuncs::Generic(const GenericEvent& e, Queue& q) const {
  if (generic_func) generic_func(e, q);
}

}  // namespace apimachinery::ctrl

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL const metav1::ObjectMeta* MetaOf(const EventObject& o) noexcept {
  return o ? o->GetObjectMeta() : nullptr;
}

APIMACHINERY_DECL void AddKeyOf(const EventObject& o, Queue& q) {
  if (const metav1::ObjectMeta* m = MetaOf(o)) q.Add(Request{m->namespace_, m->name});
}

}  // namespace apimachinery::ctrl::internal

namespace apimachinery::ctrl {

APIMACHINERY_DECL void EnqueueRequestForObject::Create(const CreateEvent& e, Queue& q) const {
  internal::AddKeyOf(e.object, q);
}

APIMACHINERY_DECL void EnqueueRequestForObject::Update(const UpdateEvent& e, Queue& q) const {
  internal::AddKeyOf(internal::MetaOf(e.object_new) != nullptr ? e.object_new : e.object_old, q);
}

APIMACHINERY_DECL void EnqueueRequestForObject::Delete(const DeleteEvent& e, Queue& q) const {
  internal::AddKeyOf(e.object, q);
}

APIMACHINERY_DECL void EnqueueRequestForObject::Generic(const GenericEvent& e, Queue& q) const {
  internal::AddKeyOf(e.object, q);
}

APIMACHINERY_DECL OwnerOptions OnlyControllerOwner() { return OwnerOptions{true}; }

APIMACHINERY_DECL OwnerHandler::OwnerHandler(schema::GroupKind owner,
                                             std::shared_ptr<const meta::RESTMapper> mapper,
                                             OwnerOptions options)
    : owner_(std::move(owner)), mapper_(std::move(mapper)), options_(options) {
  if (!mapper_) throw Error("EnqueueRequestForOwner needs a RESTMapper");
}

APIMACHINERY_DECL const schema::GroupKind& OwnerHandler::OwnerGroupKind() const noexcept { return owner_; }

APIMACHINERY_DECL void OwnerHandler::Create(const CreateEvent& e, Queue& q) const { Enqueue({e.object}, q); }

APIMACHINERY_DECL void OwnerHandler::Update(const UpdateEvent& e, Queue& q) const {
  Enqueue({e.object_old, e.object_new}, q);
}

APIMACHINERY_DECL void OwnerHandler::Delete(const DeleteEvent& e, Queue& q) const { Enqueue({e.object}, q); }

APIMACHINERY_DECL void OwnerHandler::Generic(const GenericEvent& e, Queue& q) const {
  Enqueue({e.object}, q);
}

APIMACHINERY_DECL void OwnerHandler::Enqueue(std::initializer_list<EventObject> objects, Queue& q) const {
  std::vector<Request> reqs;
  for (const auto& o : objects) OwnerRequests(o, reqs);
  for (const auto& r : reqs) q.Add(r);
}

APIMACHINERY_DECL void OwnerHandler::OwnerRequests(const EventObject& o, std::vector<Request>& out) const {
  const metav1::ObjectMeta* m = internal::MetaOf(o);
  if (m == nullptr) return;
  std::vector<const metav1::OwnerReference*> refs;
  if (options_.only_controller) {
    if (const auto* c = metav1::GetControllerOfNoCopy(*m)) refs.push_back(c);
  } else {
    for (const auto& r : m->owner_references) refs.push_back(&r);
  }
  for (const auto* ref : refs) {
    schema::GroupVersion gv;
    try {
      gv = schema::ParseGroupVersion(ref->api_version);
    } catch (const std::exception&) {
      return;
    }
    if (ref->kind != owner_.kind || gv.group != owner_.group) continue;
    Request req{{}, ref->name};
    auto mapping = mapper_->TryRESTMapping(owner_, {gv.version});
    if (!mapping.ok() || !mapping.value) return;
    if (mapping.value->scope != meta::RESTScopeName::kRoot) req.namespace_ = m->namespace_;
    if (std::find(out.begin(), out.end(), req) == out.end()) out.push_back(std::move(req));
  }
}

APIMACHINERY_DECL std::shared_ptr<const OwnerHandler> EnqueueRequestForOwner(
    const runtime::Scheme& scheme, std::shared_ptr<const meta::RESTMapper> mapper,
    const runtime::Object& owner_type, OwnerOptions options) {
  auto [kinds, unversioned] = scheme.ObjectKinds(owner_type);
  (void)unversioned;
  if (kinds.size() != 1) {
    std::string list;
    for (const auto& k : kinds) list += (list.empty() ? "" : " ") + k.String();
    throw Error(fmt::format("expected exactly 1 kind for OwnerType {}, but found [{}] kinds",
                            owner_type.GetTypeId().name(), list));
  }
  return std::make_shared<const OwnerHandler>(kinds[0].GroupKind(), std::move(mapper), options);
}

APIMACHINERY_DECL MapFuncHandler::MapFuncHandler(MapFunc fn) : fn_(std::move(fn)) {}

APIMACHINERY_DECL void MapFuncHandler::Create(const CreateEvent& e, Queue& q) const {
  Enqueue({e.object}, q);
}

APIMACHINERY_DECL void MapFuncHandler::Update(const UpdateEvent& e, Queue& q) const {
  Enqueue({e.object_old, e.object_new}, q);
}

APIMACHINERY_DECL void MapFuncHandler::Delete(const DeleteEvent& e, Queue& q) const {
  Enqueue({e.object}, q);
}

APIMACHINERY_DECL void MapFuncHandler::Generic(const GenericEvent& e, Queue& q) const {
  Enqueue({e.object}, q);
}

APIMACHINERY_DECL void MapFuncHandler::Enqueue(std::initializer_list<EventObject> objects, Queue& q) const {
  std::unordered_set<Request> seen;
  for (const auto& o : objects) {
    if (!o) continue;
    for (auto& r : fn_(*o)) {
      if (seen.insert(r).second) q.Add(r);
    }
  }
}

APIMACHINERY_DECL std::shared_ptr<const MapFuncHandler> EnqueueRequestsFromMapFunc(MapFunc fn) {
  return std::make_shared<const MapFuncHandler>(std::move(fn));
}

}  // namespace apimachinery::ctrl
