// Definitions of the non-template functions declared in <apimachinery/runtime/unstructured.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/unstructured.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL Unstructured::Unstructured(nlohmann::json content) {
  SetUnstructuredContent(std::move(content));
}

APIMACHINERY_DECL schema::GroupVersionKind Unstructured::GetObjectKind() const { return GroupVersionKind(); }

APIMACHINERY_DECL std::unique_ptr<Object> Unstructured::DeepCopyObject() const {
  return std::make_unique<Unstructured>(*this);
}

APIMACHINERY_DECL const metav1::ObjectMeta* Unstructured::GetObjectMeta() const noexcept {
  return &mirror_.Typed();
}

APIMACHINERY_DECL util::TypeId Unstructured::GetTypeId() const noexcept {
  return util::TypeIdOf<Unstructured>();
}

APIMACHINERY_DECL const nlohmann::json& Unstructured::Body() const { return mirror_.Content(); }

APIMACHINERY_DECL nlohmann::json& Unstructured::Body() { return mirror_.MutableContent(); }

APIMACHINERY_DECL std::string Unstructured::MarshalJSON() const {
  return util::json::Marshal(ContentOrEmpty());
}

APIMACHINERY_DECL std::string Unstructured::GetAPIVersion() const { return StringAt("apiVersion"); }

APIMACHINERY_DECL void Unstructured::SetAPIVersion(std::string v) {
  mirror_.SetTopLevel("apiVersion", std::move(v));
}

APIMACHINERY_DECL std::string Unstructured::GetKind() const { return StringAt("kind"); }

APIMACHINERY_DECL void Unstructured::SetKind(std::string v) { mirror_.SetTopLevel("kind", std::move(v)); }

APIMACHINERY_DECL const std::string& Unstructured::GetName() const { return Meta().name; }

APIMACHINERY_DECL void Unstructured::SetName(std::string v) {
  Set("name", &metav1::ObjectMeta::name, std::move(v));
}

APIMACHINERY_DECL const std::string& Unstructured::GetNamespace() const { return Meta().namespace_; }

APIMACHINERY_DECL void Unstructured::SetNamespace(std::string v) {
  Set("namespace", &metav1::ObjectMeta::namespace_, std::move(v));
}

APIMACHINERY_DECL const std::string& Unstructured::GetGenerateName() const { return Meta().generate_name; }

APIMACHINERY_DECL void Unstructured::SetGenerateName(std::string v) {
  Set("generateName", &metav1::ObjectMeta::generate_name, std::move(v));
}

APIMACHINERY_DECL const std::string& Unstructured::GetUID() const { return Meta().uid; }

APIMACHINERY_DECL void Unstructured::SetUID(std::string v) {
  Set("uid", &metav1::ObjectMeta::uid, std::move(v));
}

APIMACHINERY_DECL const std::string& Unstructured::GetResourceVersion() const {
  return Meta().resource_version;
}

APIMACHINERY_DECL void Unstructured::SetResourceVersion(std::string v) {
  Set("resourceVersion", &metav1::ObjectMeta::resource_version, std::move(v));
}

APIMACHINERY_DECL std::int64_t Unstructured::GetGeneration() const { return Meta().generation; }

APIMACHINERY_DECL void Unstructured::SetGeneration(std::int64_t v) {
  Set("generation", &metav1::ObjectMeta::generation, v);
}

APIMACHINERY_DECL metav1::Time Unstructured::GetCreationTimestamp() const {
  return Meta().creation_timestamp;
}

APIMACHINERY_DECL void Unstructured::SetCreationTimestamp(metav1::Time t) {
  Set("creationTimestamp", &metav1::ObjectMeta::creation_timestamp, t);
}

APIMACHINERY_DECL std::optional<metav1::Time> Unstructured::GetDeletionTimestamp() const {
  const auto& d = Meta().deletion_timestamp;
  if (d && d->IsZero()) return std::nullopt;
  return d;
}

APIMACHINERY_DECL void Unstructured::SetDeletionTimestamp(std::optional<metav1::Time> t) {
  Set("deletionTimestamp", &metav1::ObjectMeta::deletion_timestamp, t);
}

APIMACHINERY_DECL std::optional<std::int64_t> Unstructured::GetDeletionGracePeriodSeconds() const {
  return Meta().deletion_grace_period_seconds;
}

APIMACHINERY_DECL void Unstructured::SetDeletionGracePeriodSeconds(std::optional<std::int64_t> v) {
  Set("deletionGracePeriodSeconds", &metav1::ObjectMeta::deletion_grace_period_seconds, v);
}

APIMACHINERY_DECL const std::map<std::string, std::string>& Unstructured::GetLabels() const {
  return Meta().labels;
}

APIMACHINERY_DECL void Unstructured::SetLabels(std::map<std::string, std::string> v) {
  Set("labels", &metav1::ObjectMeta::labels, std::move(v));
}

APIMACHINERY_DECL const std::map<std::string, std::string>& Unstructured::GetAnnotations() const {
  return Meta().annotations;
}

APIMACHINERY_DECL void Unstructured::SetAnnotations(std::map<std::string, std::string> v) {
  Set("annotations", &metav1::ObjectMeta::annotations, std::move(v));
}

APIMACHINERY_DECL const std::vector<metav1::OwnerReference>& Unstructured::GetOwnerReferences() const {
  return Meta().owner_references;
}

APIMACHINERY_DECL void Unstructured::SetOwnerReferences(std::vector<metav1::OwnerReference> v) {
  Set("ownerReferences", &metav1::ObjectMeta::owner_references, std::move(v));
}

APIMACHINERY_DECL const std::vector<std::string>& Unstructured::GetFinalizers() const {
  return Meta().finalizers;
}

APIMACHINERY_DECL void Unstructured::SetFinalizers(std::vector<std::string> v) {
  Set("finalizers", &metav1::ObjectMeta::finalizers, std::move(v));
}

APIMACHINERY_DECL const std::vector<metav1::ManagedFieldsEntry>& Unstructured::GetManagedFields() const {
  return Meta().managed_fields;
}

APIMACHINERY_DECL void Unstructured::SetManagedFields(std::vector<metav1::ManagedFieldsEntry> v) {
  Set("managedFields", &metav1::ObjectMeta::managed_fields, std::move(v));
}

APIMACHINERY_DECL bool operator==(const Unstructured& a, const Unstructured& b) {
  return a.mirror_ == b.mirror_;
}

APIMACHINERY_DECL metav1::ObjectMeta* Unstructured::MutableObjectMeta() noexcept {
  return &mirror_.MutableTyped();
}

APIMACHINERY_DECL const metav1::ObjectMeta& Unstructured::Meta() const { return mirror_.Typed(); }

APIMACHINERY_DECL const nlohmann::json& Unstructured::ContentOrEmpty() const {
  static const nlohmann::json kEmpty = nlohmann::json::object();
  const auto& c = mirror_.Content();
  return c.is_object() ? c : kEmpty;
}

APIMACHINERY_DECL std::string Unstructured::StringAt(const char* key) const {
  const auto& c = mirror_.Content();
  if (!c.is_object()) return {};
  auto it = c.find(key);
  if (it == c.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

APIMACHINERY_DECL UnstructuredList::UnstructuredList(nlohmann::json content) {
  SetUnstructuredContent(std::move(content));
}

APIMACHINERY_DECL schema::GroupVersionKind UnstructuredList::GetObjectKind() const {
  return GroupVersionKind();
}

APIMACHINERY_DECL std::unique_ptr<Object> UnstructuredList::DeepCopyObject() const {
  return std::make_unique<UnstructuredList>(*this);
}

APIMACHINERY_DECL const metav1::ObjectMeta* UnstructuredList::GetObjectMeta() const noexcept {
  return nullptr;
}

APIMACHINERY_DECL const metav1::ListMeta* UnstructuredList::GetListMeta() const noexcept {
  return &mirror_.Typed();
}

APIMACHINERY_DECL metav1::ListMeta* UnstructuredList::GetListMeta() noexcept {
  return &mirror_.MutableTyped();
}

APIMACHINERY_DECL util::TypeId UnstructuredList::GetTypeId() const noexcept {
  return util::TypeIdOf<UnstructuredList>();
}

APIMACHINERY_DECL const nlohmann::json& UnstructuredList::Body() const { return mirror_.Content(); }

APIMACHINERY_DECL nlohmann::json& UnstructuredList::Body() { return mirror_.MutableContent(); }

APIMACHINERY_DECL std::string UnstructuredList::MarshalJSON() const {
  return util::json::Marshal(UnstructuredContent());
}

APIMACHINERY_DECL void UnstructuredList::SetAPIVersion(std::string v) {
  mirror_.SetTopLevel("apiVersion", std::move(v));
}

APIMACHINERY_DECL void UnstructuredList::SetKind(std::string v) { mirror_.SetTopLevel("kind", std::move(v)); }

APIMACHINERY_DECL const std::string& UnstructuredList::GetResourceVersion() const {
  return mirror_.Typed().resource_version;
}

APIMACHINERY_DECL void UnstructuredList::SetResourceVersion(std::string v) {
  mirror_.SetMember("resourceVersion", &metav1::ListMeta::resource_version, std::move(v));
}

APIMACHINERY_DECL const std::string& UnstructuredList::GetContinue() const {
  return mirror_.Typed().continue_;
}

APIMACHINERY_DECL void UnstructuredList::SetContinue(std::string v) {
  mirror_.SetMember("continue", &metav1::ListMeta::continue_, std::move(v));
}

APIMACHINERY_DECL std::optional<std::int64_t> UnstructuredList::GetRemainingItemCount() const {
  return mirror_.Typed().remaining_item_count;
}

APIMACHINERY_DECL void UnstructuredList::SetRemainingItemCount(std::optional<std::int64_t> v) {
  mirror_.SetMember("remainingItemCount", &metav1::ListMeta::remaining_item_count, v);
}

APIMACHINERY_DECL bool operator==(const UnstructuredList& a, const UnstructuredList& b) {
  return a.mirror_ == b.mirror_ && a.items == b.items;
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL nlohmann::json ParseJSONText(std::string_view data) {
  try {
    return util::json::Parse(data);
  } catch (const util::json::SyntaxError& e) {
    throw metav1::DecodeError(e.what());
  }
}

[[noreturn]] APIMACHINERY_DECL void ThrowNotAMap(const nlohmann::json& v) {
  throw metav1::DecodeError(
      fmt::format("json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                  util::internal::JSONTypeName(v)));
}

APIMACHINERY_DECL schema::GroupVersionKind GVKFromStrings(const std::string& api_version,
                                                          const std::string& kind) {
  try {
    auto gv = schema::ParseGroupVersion(api_version);
    return gv.WithKind(kind);
  } catch (const schema::ParseError&) {
    return {};
  }
}

APIMACHINERY_DECL std::string BodyString(const nlohmann::json& body, const char* key) {
  if (!body.is_object()) return {};
  auto it = body.find(key);
  if (it == body.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

APIMACHINERY_DECL std::string ItemKindOf(std::string list_kind) {
  if (list_kind.size() >= 4 && list_kind.compare(list_kind.size() - 4, 4, "List") == 0) {
    list_kind.resize(list_kind.size() - 4);
  }
  return list_kind;
}

APIMACHINERY_DECL void DefaultItemKinds(UnstructuredList& list) {
  const std::string api_version = list.GetAPIVersion();
  const std::string item_kind = ItemKindOf(list.GetKind());
  for (Unstructured& u : list.items) {
    if (u.GetKind().empty() && u.GetAPIVersion().empty()) {
      u.SetKind(item_kind);
      u.SetAPIVersion(api_version);
    }
  }
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL void Unstructured::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  SetAPIVersion(gvk.GroupVersion().String());
  SetKind(gvk.kind);
}

APIMACHINERY_DECL schema::GroupVersionKind Unstructured::GroupVersionKind() const {
  return internal::GVKFromStrings(GetAPIVersion(), GetKind());
}

APIMACHINERY_DECL nlohmann::json Unstructured::UnstructuredContent() const {
  return util::json::DeepCopy(ContentOrEmpty());
}

APIMACHINERY_DECL void Unstructured::SetUnstructuredContent(nlohmann::json content) {
  if (content.is_null()) content = nlohmann::json::object();
  if (!content.is_object()) internal::ThrowNotAMap(content);
  mirror_.Reset(std::move(content));
}

APIMACHINERY_DECL void Unstructured::UnmarshalJSON(std::string_view data) {
  nlohmann::json j = internal::ParseJSONText(data);
  if (!j.is_object()) internal::ThrowNotAMap(j);
  SetUnstructuredContent(std::move(j));
  if (GetKind().empty()) throw MissingKindError(std::string(data));
}

APIMACHINERY_DECL bool Unstructured::IsList() const {
  const auto& c = ContentOrEmpty();
  auto it = c.find("items");
  return it != c.end() && it->is_array();
}

APIMACHINERY_DECL void Unstructured::EachListItem(const std::function<void(Object&)>& fn) const {
  const auto& c = ContentOrEmpty();
  auto it = c.find("items");
  if (it == c.end()) throw Error("content is not a list");
  if (!it->is_array()) throw Error(fmt::format("content is not a list: {}", GoTypeName(*it)));
  for (const auto& item : *it) {
    if (!item.is_object()) {
      // Upstream prints the type of the failed assertion's zero value, always this text.
      throw Error("items member is not an object: map[string]interface {}");
    }
    Unstructured child(util::json::DeepCopy(item));
    fn(child);
  }
}

APIMACHINERY_DECL UnstructuredList Unstructured::ToList() const {
  UnstructuredList list;
  list.SetUnstructuredContent(UnstructuredContent());
  return list;
}

APIMACHINERY_DECL Unstructured Unstructured::NewEmptyInstance() const {
  Unstructured out;
  out.SetGroupVersionKind(GroupVersionKind());
  return out;
}

APIMACHINERY_DECL std::string UnstructuredList::GetAPIVersion() const {
  return internal::BodyString(mirror_.Content(), "apiVersion");
}

APIMACHINERY_DECL std::string UnstructuredList::GetKind() const {
  return internal::BodyString(mirror_.Content(), "kind");
}

APIMACHINERY_DECL schema::GroupVersionKind UnstructuredList::GroupVersionKind() const {
  return internal::GVKFromStrings(GetAPIVersion(), GetKind());
}

APIMACHINERY_DECL void UnstructuredList::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  SetAPIVersion(gvk.GroupVersion().String());
  SetKind(gvk.kind);
}

APIMACHINERY_DECL nlohmann::json UnstructuredList::UnstructuredContent() const {
  const auto& body = mirror_.Content();
  nlohmann::json out = body.is_object() ? util::json::DeepCopy(body) : nlohmann::json::object();
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& item : items) arr.push_back(item.UnstructuredContent());
  out["items"] = std::move(arr);
  return out;
}

APIMACHINERY_DECL void UnstructuredList::SetUnstructuredContent(nlohmann::json content) {
  if (content.is_null()) content = nlohmann::json::object();
  if (!content.is_object()) internal::ThrowNotAMap(content);
  std::vector<Unstructured> new_items;
  if (auto it = content.find("items"); it != content.end()) {
    if (it->is_array()) {
      new_items.reserve(it->size());
      for (auto& e : *it) {
        if (e.is_object()) new_items.emplace_back(std::move(e));
      }
    }
    content.erase(it);
  }
  mirror_.Reset(std::move(content));
  items = std::move(new_items);
}

APIMACHINERY_DECL void UnstructuredList::UnmarshalJSON(std::string_view data) {
  nlohmann::json j = internal::ParseJSONText(data);
  if (!j.is_object()) internal::ThrowNotAMap(j);
  // Validate the items first so that a failure leaves the list unchanged.
  std::vector<Unstructured> new_items;
  if (auto it = j.find("items"); it != j.end() && !it->is_null()) {
    if (!it->is_array()) {
      throw metav1::DecodeError(
          fmt::format("json: cannot unmarshal {} into Go struct field decodeList.Items of type "
                      "[]json.RawMessage",
                      util::internal::JSONTypeName(*it)));
    }
    for (auto& e : *it) {
      if (e.is_null()) e = nlohmann::json::object();
      if (!e.is_object()) internal::ThrowNotAMap(e);
    }
  }
  // Merge the top-level keys into the current content (items replaced).
  nlohmann::json content = UnstructuredContent();
  content.erase("items");
  nlohmann::json raw_items = nlohmann::json::array();
  for (auto& [k, v] : j.items()) {
    if (k == "items") {
      if (v.is_array()) raw_items = std::move(v);
    } else {
      content[k] = std::move(v);
    }
  }
  SetUnstructuredContent(std::move(content));
  new_items.reserve(raw_items.size());
  for (auto& e : raw_items) new_items.emplace_back(std::move(e));
  items = std::move(new_items);
  internal::DefaultItemKinds(*this);
  if (GetKind().empty()) throw MissingKindError(std::string(data));
}

APIMACHINERY_DECL void UnstructuredList::EachListItem(const std::function<void(Object&)>& fn) {
  for (auto& item : items) fn(item);
}

APIMACHINERY_DECL UnstructuredList UnstructuredList::NewEmptyInstance() const {
  UnstructuredList out;
  out.SetGroupVersionKind(GroupVersionKind());
  return out;
}

APIMACHINERY_DECL std::unique_ptr<Object> DecodeUnstructured(std::string_view data) {
  nlohmann::json j = internal::ParseJSONText(data);
  if (j.is_object() && j.contains("items")) {
    auto list = std::make_unique<UnstructuredList>();
    list->UnmarshalJSON(data);
    return list;
  }
  auto u = std::make_unique<Unstructured>();
  u->UnmarshalJSON(data);
  return u;
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Unstructured& u) { j = u.UnstructuredContent(); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Unstructured& u) { u.SetUnstructuredContent(j); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const UnstructuredList& u) { j = u.UnstructuredContent(); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, UnstructuredList& u) {
  u.SetUnstructuredContent(j);
}

}  // namespace apimachinery::runtime
