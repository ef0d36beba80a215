// runtime::Unstructured and runtime::UnstructuredList: API objects without a C++ type.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1/unstructured (unstructured.go,
// unstructured_list.go, the JSON part of helpers.go). Use them for custom resources, for kinds only
// known at run time, and wherever a whole document must pass through unchanged.
//
//   runtime::Unstructured u;
//   u.UnmarshalJSON(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"}})");
//   u.SetLabels({{"app", "web"}});
//   auto replicas = runtime::NestedInt64(u.Body(), "spec", "replicas");   // nullopt
//   std::string out = u.MarshalJSON();
//
// Design (the kube-rs DynamicObject split; see runtime/interfaces.hpp for why every object needs a
// typed ObjectMeta):
// - The document lives in two parts. `Body()` is the JSON object of everything except "metadata"
//   (apiVersion, kind, spec, status, ...): it is the source of truth for those. "metadata" lives
//   typed, as a metav1::ObjectMeta, and is the source of truth for the metadata: the accessors
//   (GetName, SetLabels, ...) and GetObjectMeta() read and write it directly, so the cache keys,
//   indexes and label-matches an Unstructured without touching JSON.
// - UnstructuredContent() (and MarshalJSON, to_json) yields the merged document;
//   SetUnstructuredContent() (UnmarshalJSON, from_json) splits one.
// - The round trip is lossless: unknown metadata keys go to ObjectMeta::unknown_fields, and the
//   original JSON of any metadata key the typed struct cannot express exactly (`"creationTimestamp":
//   null`, `"annotations": {}`, a fractional-second timestamp, a value of the wrong type) is kept
//   and written back as long as the typed member was not changed (metav1::WireMeta,
//   apis/meta/v1/wire_meta.hpp). A metadata value of the wrong type reads as empty, as upstream's getters do
//   (`"name": 5` gives GetName() == "").
// - UnstructuredList holds list-level fields in Body(), a typed metav1::ListMeta (GetListMeta()),
//   and `items` as a vector of Unstructured (upstream's Items).
//
// Throws: UnmarshalJSON throws metav1::DecodeError for malformed JSON or a non-object document and
// runtime::MissingKindError (`Object 'Kind' is missing in '<data>'`) when there is no kind;
// SetUnstructuredContent throws metav1::DecodeError for a non-object. EachListItem throws
// apimachinery::Error with upstream's texts. Accessors never throw (except std::bad_alloc).
//
// Thread-safety: const members may be called concurrently; mutation needs exclusive ownership.
//
// Differences from upstream:
// - There is no public `Object` map member (a member function named Object would also clash with
//   the base class runtime::Object): use Body() for everything but metadata, the accessors or
//   GetObjectMeta() for metadata, and UnstructuredContent()/SetUnstructuredContent() for the whole
//   document. A "metadata" key written into Body() by hand is ignored by UnstructuredContent() (the
//   typed metadata wins); use SetUnstructuredContent to replace metadata from JSON.
// - Setters taking a map, a list or an optional remove the key when it is empty (Go distinguishes
//   nil, which removes, from empty, which writes `{}`/`[]`).
// - MarshalJSON returns compact JSON with sorted keys and no trailing newline (Go's encoder appends
//   one and keeps map keys sorted too).
// - from_json (nlohmann) does not require a kind; UnmarshalJSON does, as upstream.
// - EachListItem passes a copy of each item (Go shares the map with the parent).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/apis/meta/v1/wire_meta.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured_helpers.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

class UnstructuredList;

// Unstructured: one API object as JSON, with typed metadata.
class Unstructured : public Object {
 public:
  Unstructured() = default;
  // Unstructured(content) = SetUnstructuredContent(content). Throws: metav1::DecodeError.
  explicit Unstructured(nlohmann::json content) { SetUnstructuredContent(std::move(content)); }
  // Copies copy the document without recursion (util::json::DeepCopy).
  inline Unstructured(const Unstructured& o);
  Unstructured(Unstructured&&) = default;
  inline Unstructured& operator=(const Unstructured& o);
  Unstructured& operator=(Unstructured&&) = default;

  // runtime::Object.
  schema::GroupVersionKind GetObjectKind() const override { return GroupVersionKind(); }
  inline void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  std::unique_ptr<Object> DeepCopyObject() const override { return std::make_unique<Unstructured>(*this); }
  using Object::GetObjectMeta;
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override { return &metadata_; }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<Unstructured>(); }

  // The whole document (a JSON object; "metadata" rendered from the typed metadata).
  nlohmann::json UnstructuredContent() const;
  // Replaces the whole document. null gives an empty object.
  // Throws: metav1::DecodeError when `content` is not an object (the object is left unchanged).
  void SetUnstructuredContent(nlohmann::json content);
  // Everything except "metadata": always a JSON object.
  const nlohmann::json& Body() const noexcept { return body_; }
  nlohmann::json& Body() noexcept { return body_; }

  // MarshalJSON: UnstructuredContent() as compact JSON text.
  std::string MarshalJSON() const { return util::json::Marshal(UnstructuredContent()); }
  // UnmarshalJSON replaces the content from JSON text (upstream: UnstructuredJSONScheme.Decode).
  // Throws: metav1::DecodeError (malformed JSON, not an object; object unchanged),
  // MissingKindError (no kind; the content is replaced all the same, as upstream).
  void UnmarshalJSON(std::string_view data);

  // IsList: the document has an "items" array.
  bool IsList() const;
  // ToList: the document as an UnstructuredList (an empty list when it is not a list).
  UnstructuredList ToList() const;
  // EachListItem calls fn on (a copy of) each element of "items".
  // Throws: apimachinery::Error `content is not a list`, `content is not a list: <type>`,
  // `items member is not an object: map[string]interface {}`; whatever fn throws.
  void EachListItem(const std::function<void(Object&)>& fn) const;
  // NewEmptyInstance: an Unstructured with only apiVersion and kind.
  Unstructured NewEmptyInstance() const;

  // Type accessors (Body()).
  std::string GetAPIVersion() const { return StringAt("apiVersion"); }
  void SetAPIVersion(std::string v) { body_["apiVersion"] = std::move(v); }
  std::string GetKind() const { return StringAt("kind"); }
  void SetKind(std::string v) { body_["kind"] = std::move(v); }
  // GroupVersionKind parses apiVersion; an unparsable apiVersion gives an empty GVK.
  schema::GroupVersionKind GroupVersionKind() const;

  // Metadata accessors (the typed ObjectMeta). Setting an empty value removes the key.
  const std::string& GetName() const noexcept { return metadata_.name; }
  void SetName(std::string v) { SetString(metadata_.name, std::move(v)); }
  const std::string& GetNamespace() const noexcept { return metadata_.namespace_; }
  void SetNamespace(std::string v) { SetString(metadata_.namespace_, std::move(v)); }
  const std::string& GetGenerateName() const noexcept { return metadata_.generate_name; }
  void SetGenerateName(std::string v) { SetString(metadata_.generate_name, std::move(v)); }
  const std::string& GetUID() const noexcept { return metadata_.uid; }
  void SetUID(std::string v) { SetString(metadata_.uid, std::move(v)); }
  const std::string& GetResourceVersion() const noexcept { return metadata_.resource_version; }
  void SetResourceVersion(std::string v) { SetString(metadata_.resource_version, std::move(v)); }
  std::int64_t GetGeneration() const noexcept { return metadata_.generation; }
  void SetGeneration(std::int64_t v) {
    metadata_.generation = v;
    if (v != 0) wire_.MarkPresent();
  }
  metav1::Time GetCreationTimestamp() const noexcept { return metadata_.creation_timestamp; }
  void SetCreationTimestamp(metav1::Time t) {
    metadata_.creation_timestamp = t;
    if (!t.IsZero()) wire_.MarkPresent();
  }
  // GetDeletionTimestamp: nullopt when unset (upstream: nil).
  std::optional<metav1::Time> GetDeletionTimestamp() const noexcept {
    if (metadata_.deletion_timestamp && metadata_.deletion_timestamp->IsZero()) return std::nullopt;
    return metadata_.deletion_timestamp;
  }
  void SetDeletionTimestamp(std::optional<metav1::Time> t) {
    metadata_.deletion_timestamp = t;
    if (t) wire_.MarkPresent();
  }
  std::optional<std::int64_t> GetDeletionGracePeriodSeconds() const noexcept {
    return metadata_.deletion_grace_period_seconds;
  }
  void SetDeletionGracePeriodSeconds(std::optional<std::int64_t> v) {
    metadata_.deletion_grace_period_seconds = v;
    if (v) wire_.MarkPresent();
  }
  const std::map<std::string, std::string>& GetLabels() const noexcept { return metadata_.labels; }
  void SetLabels(std::map<std::string, std::string> v) { SetContainer(metadata_.labels, std::move(v)); }
  const std::map<std::string, std::string>& GetAnnotations() const noexcept { return metadata_.annotations; }
  void SetAnnotations(std::map<std::string, std::string> v) {
    SetContainer(metadata_.annotations, std::move(v));
  }
  const std::vector<metav1::OwnerReference>& GetOwnerReferences() const noexcept {
    return metadata_.owner_references;
  }
  void SetOwnerReferences(std::vector<metav1::OwnerReference> v) {
    SetContainer(metadata_.owner_references, std::move(v));
  }
  const std::vector<std::string>& GetFinalizers() const noexcept { return metadata_.finalizers; }
  void SetFinalizers(std::vector<std::string> v) { SetContainer(metadata_.finalizers, std::move(v)); }
  // managedFields as raw JSON (null when absent).
  const nlohmann::json& GetManagedFields() const noexcept { return metadata_.managed_fields; }
  void SetManagedFields(nlohmann::json v) {
    metadata_.managed_fields = std::move(v);
    if (!metadata_.managed_fields.is_null()) wire_.MarkPresent();
  }

  // Equal documents (compares UnstructuredContent()).
  friend bool operator==(const Unstructured& a, const Unstructured& b) {
    return a.UnstructuredContent() == b.UnstructuredContent();
  }

 private:
  std::string StringAt(const char* key) const {
    auto it = body_.find(key);
    if (it == body_.end() || !it->is_string()) return {};
    return it->get<std::string>();
  }
  void SetString(std::string& member, std::string v) {
    member = std::move(v);
    if (!member.empty()) wire_.MarkPresent();
  }
  template <typename C>
  void SetContainer(C& member, C v) {
    member = std::move(v);
    if (!member.empty()) wire_.MarkPresent();
  }

  nlohmann::json body_ = nlohmann::json::object();
  metav1::ObjectMeta metadata_;
  metav1::WireMeta<metav1::ObjectMeta> wire_;
};

// UnstructuredList: a list of Unstructured items plus list-level fields.
class UnstructuredList : public Object {
 public:
  // The items (upstream: Items).
  std::vector<Unstructured> items;

  UnstructuredList() = default;
  // UnstructuredList(content) = SetUnstructuredContent(content). Throws: metav1::DecodeError.
  explicit UnstructuredList(nlohmann::json content) { SetUnstructuredContent(std::move(content)); }
  // Copies copy the document without recursion (util::json::DeepCopy).
  inline UnstructuredList(const UnstructuredList& o);
  UnstructuredList(UnstructuredList&&) = default;
  inline UnstructuredList& operator=(const UnstructuredList& o);
  UnstructuredList& operator=(UnstructuredList&&) = default;

  // runtime::Object.
  schema::GroupVersionKind GetObjectKind() const override { return GroupVersionKind(); }
  inline void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  std::unique_ptr<Object> DeepCopyObject() const override {
    return std::make_unique<UnstructuredList>(*this);
  }
  using Object::GetObjectMeta;
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override { return nullptr; }
  const metav1::ListMeta* GetListMeta() const noexcept override { return &list_meta_; }
  metav1::ListMeta* GetListMeta() noexcept { return &list_meta_; }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<UnstructuredList>(); }

  // The whole document: list-level fields, "metadata" and "items" (always written).
  nlohmann::json UnstructuredContent() const;
  // Replaces everything. Non-object elements of "items" are skipped (upstream).
  // Throws: metav1::DecodeError when `content` is not an object (the list is left unchanged).
  void SetUnstructuredContent(nlohmann::json content);
  // List-level fields except "metadata" and "items": always a JSON object.
  const nlohmann::json& Body() const noexcept { return body_; }
  nlohmann::json& Body() noexcept { return body_; }

  std::string MarshalJSON() const { return util::json::Marshal(UnstructuredContent()); }
  // UnmarshalJSON: upstream's decodeToList. Top-level keys of `data` replace those of the list
  // (other keys are kept, as json.Unmarshal into a map does); items are replaced; an item with
  // neither kind nor apiVersion gets kind = list kind without the "List" suffix and the list's
  // apiVersion; a null item becomes an empty object.
  // Throws: metav1::DecodeError (malformed JSON, non-object document, "items" not an array, an
  // item that is not an object: `json: cannot unmarshal number into Go value of type
  // map[string]interface {}`), MissingKindError (no kind).
  void UnmarshalJSON(std::string_view data);

  // EachListItem calls fn on each item (in place). Throws: whatever fn throws.
  void EachListItem(const std::function<void(Object&)>& fn);
  UnstructuredList NewEmptyInstance() const;

  std::string GetAPIVersion() const;
  void SetAPIVersion(std::string v) { body_["apiVersion"] = std::move(v); }
  std::string GetKind() const;
  void SetKind(std::string v) { body_["kind"] = std::move(v); }
  schema::GroupVersionKind GroupVersionKind() const;
  const std::string& GetResourceVersion() const noexcept { return list_meta_.resource_version; }
  void SetResourceVersion(std::string v) {
    list_meta_.resource_version = std::move(v);
    if (!list_meta_.resource_version.empty()) wire_.MarkPresent();
  }
  const std::string& GetContinue() const noexcept { return list_meta_.continue_; }
  void SetContinue(std::string v) {
    list_meta_.continue_ = std::move(v);
    if (!list_meta_.continue_.empty()) wire_.MarkPresent();
  }
  std::optional<std::int64_t> GetRemainingItemCount() const noexcept {
    return list_meta_.remaining_item_count;
  }
  void SetRemainingItemCount(std::optional<std::int64_t> v) {
    list_meta_.remaining_item_count = v;
    if (v) wire_.MarkPresent();
  }

  friend bool operator==(const UnstructuredList& a, const UnstructuredList& b) {
    return a.UnstructuredContent() == b.UnstructuredContent();
  }

 private:
  nlohmann::json body_ = nlohmann::json::object();
  metav1::ListMeta list_meta_;
  metav1::WireMeta<metav1::ListMeta> wire_;
};

// DecodeUnstructured decodes JSON text into an UnstructuredList when it has an "items" key, else
// into an Unstructured (upstream: UnstructuredJSONScheme.Decode with no target object).
// Throws: as UnmarshalJSON.
std::unique_ptr<Object> DecodeUnstructured(std::string_view data);

// nlohmann hooks: to_json writes UnstructuredContent(); from_json is SetUnstructuredContent (no
// kind required). Throws (from_json): metav1::DecodeError.
void to_json(nlohmann::json& j, const Unstructured& u);
void from_json(const nlohmann::json& j, Unstructured& u);
void to_json(nlohmann::json& j, const UnstructuredList& u);
void from_json(const nlohmann::json& j, UnstructuredList& u);

// Implementation details follow.

// Defined here, after the nlohmann hooks: overload resolution on an Unstructured argument asks
// nlohmann whether it converts to json, and the answer is cached at first use.
inline Unstructured::Unstructured(const Unstructured& o)
    : Object(o), body_(util::json::DeepCopy(o.body_)), metadata_(o.metadata_), wire_(o.wire_) {}
inline Unstructured& Unstructured::operator=(const Unstructured& o) { return *this = Unstructured(o); }
inline UnstructuredList::UnstructuredList(const UnstructuredList& o)
    : Object(o),
      items(o.items),
      body_(util::json::DeepCopy(o.body_)),
      list_meta_(o.list_meta_),
      wire_(o.wire_) {}
inline UnstructuredList& UnstructuredList::operator=(const UnstructuredList& o) {
  return *this = UnstructuredList(o);
}

namespace internal {

// ParseJSONText: nlohmann parse with our exception type.
inline nlohmann::json ParseJSONText(std::string_view data) {
  try {
    return util::json::Parse(data);
  } catch (const util::json::SyntaxError& e) {
    throw metav1::DecodeError(e.what());
  }
}

[[noreturn]] inline void ThrowNotAMap(const nlohmann::json& v) {
  throw metav1::DecodeError(
      fmt::format("json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
                  util::internal::JSONTypeName(v)));
}

inline schema::GroupVersionKind GVKFromStrings(const std::string& api_version, const std::string& kind) {
  try {
    auto gv = schema::ParseGroupVersion(api_version);
    return gv.WithKind(kind);
  } catch (const schema::ParseError&) {
    return {};
  }
}

inline std::string BodyString(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  if (it == body.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

}  // namespace internal

inline void Unstructured::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  SetAPIVersion(gvk.GroupVersion().String());
  SetKind(gvk.kind);
}

inline schema::GroupVersionKind Unstructured::GroupVersionKind() const {
  return internal::GVKFromStrings(GetAPIVersion(), GetKind());
}

inline nlohmann::json Unstructured::UnstructuredContent() const {
  nlohmann::json out = util::json::DeepCopy(body_);
  if (!out.is_object()) out = nlohmann::json::object();
  out.erase("metadata");
  if (auto m = wire_.Merge(metadata_)) out["metadata"] = std::move(*m);
  return out;
}

inline void Unstructured::SetUnstructuredContent(nlohmann::json content) {
  if (content.is_null()) content = nlohmann::json::object();
  if (!content.is_object()) internal::ThrowNotAMap(content);
  metav1::WireMeta<metav1::ObjectMeta> wire;
  metav1::ObjectMeta meta;
  auto it = content.find("metadata");
  if (it != content.end()) {
    meta = wire.Split(&*it);
    content.erase(it);
  } else {
    meta = wire.Split(nullptr);
  }
  body_ = std::move(content);
  metadata_ = std::move(meta);
  wire_ = std::move(wire);
}

inline void Unstructured::UnmarshalJSON(std::string_view data) {
  nlohmann::json j = internal::ParseJSONText(data);
  if (!j.is_object()) internal::ThrowNotAMap(j);
  SetUnstructuredContent(std::move(j));
  if (GetKind().empty()) throw MissingKindError(std::string(data));
}

inline bool Unstructured::IsList() const {
  auto it = body_.find("items");
  return it != body_.end() && it->is_array();
}

inline void Unstructured::EachListItem(const std::function<void(Object&)>& fn) const {
  auto it = body_.find("items");
  if (it == body_.end()) throw Error("content is not a list");
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

inline UnstructuredList Unstructured::ToList() const {
  UnstructuredList list;
  list.SetUnstructuredContent(UnstructuredContent());
  return list;
}

inline Unstructured Unstructured::NewEmptyInstance() const {
  Unstructured out;
  out.SetGroupVersionKind(GroupVersionKind());
  return out;
}

inline std::string UnstructuredList::GetAPIVersion() const {
  return internal::BodyString(body_, "apiVersion");
}
inline std::string UnstructuredList::GetKind() const { return internal::BodyString(body_, "kind"); }

inline schema::GroupVersionKind UnstructuredList::GroupVersionKind() const {
  return internal::GVKFromStrings(GetAPIVersion(), GetKind());
}

inline void UnstructuredList::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  SetAPIVersion(gvk.GroupVersion().String());
  SetKind(gvk.kind);
}

inline nlohmann::json UnstructuredList::UnstructuredContent() const {
  nlohmann::json out = util::json::DeepCopy(body_);
  if (!out.is_object()) out = nlohmann::json::object();
  out.erase("metadata");
  if (auto m = wire_.Merge(list_meta_)) out["metadata"] = std::move(*m);
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& item : items) arr.push_back(item.UnstructuredContent());
  out["items"] = std::move(arr);
  return out;
}

inline void UnstructuredList::SetUnstructuredContent(nlohmann::json content) {
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
  metav1::WireMeta<metav1::ListMeta> wire;
  metav1::ListMeta meta;
  if (auto it = content.find("metadata"); it != content.end()) {
    meta = wire.Split(&*it);
    content.erase(it);
  } else {
    meta = wire.Split(nullptr);
  }
  body_ = std::move(content);
  list_meta_ = std::move(meta);
  wire_ = std::move(wire);
  items = std::move(new_items);
}

inline void UnstructuredList::UnmarshalJSON(std::string_view data) {
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
  const std::string list_api_version = GetAPIVersion();
  std::string item_kind = GetKind();
  if (item_kind.size() >= 4 && item_kind.compare(item_kind.size() - 4, 4, "List") == 0) {
    item_kind.resize(item_kind.size() - 4);
  }
  new_items.reserve(raw_items.size());
  for (auto& e : raw_items) {
    Unstructured u(std::move(e));
    if (u.GetKind().empty() && u.GetAPIVersion().empty()) {
      u.SetKind(item_kind);
      u.SetAPIVersion(list_api_version);
    }
    new_items.push_back(std::move(u));
  }
  items = std::move(new_items);
  if (GetKind().empty()) throw MissingKindError(std::string(data));
}

inline void UnstructuredList::EachListItem(const std::function<void(Object&)>& fn) {
  for (auto& item : items) fn(item);
}

inline UnstructuredList UnstructuredList::NewEmptyInstance() const {
  UnstructuredList out;
  out.SetGroupVersionKind(GroupVersionKind());
  return out;
}

inline std::unique_ptr<Object> DecodeUnstructured(std::string_view data) {
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

inline void to_json(nlohmann::json& j, const Unstructured& u) { j = u.UnstructuredContent(); }
inline void from_json(const nlohmann::json& j, Unstructured& u) { u.SetUnstructuredContent(j); }
inline void to_json(nlohmann::json& j, const UnstructuredList& u) { j = u.UnstructuredContent(); }
inline void from_json(const nlohmann::json& j, UnstructuredList& u) { u.SetUnstructuredContent(j); }

}  // namespace apimachinery::runtime
