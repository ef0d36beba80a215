// runtime::Unstructured and runtime::UnstructuredList: API objects without a C++ type.
//
// Port of k8s.io/apimachinery/pkg/apis/meta/v1/unstructured (unstructured.go,
// unstructured_list.go, the JSON part of helpers.go). Use them for custom resources, for kinds only
// known at run time, and wherever a whole document must pass through unchanged.
//
// Example:
//   runtime::Unstructured u;
//   u.UnmarshalJSON(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"}})");
//   u.SetLabels({{"app", "web"}});
//   auto replicas = runtime::NestedInt64(u.Body(), "spec", "replicas");   // nullopt
//   std::string out = u.MarshalJSON();
//
// Design (docs/design/unstructured.md has the rationale and the costs):
// - The content is one JSON object, "metadata" included, exactly as upstream's u.Object: `Body()`
//   returns it (const and mutable), UnstructuredContent() a copy, MarshalJSON its text. It is the
//   source of truth; whatever it holds round-trips byte for byte (`"creationTimestamp": null`,
//   `"annotations": {}`, a fractional timestamp, a value of the wrong type, unknown keys).
// - Beside it lives a typed view of content["metadata"], a metav1::ObjectMeta, because
//   runtime::Object::GetObjectMeta() hands one out (the cache keys, indexes and label-matches every
//   object through it without touching JSON). It is read from the content when the content is
//   replaced (UnmarshalJSON, SetUnstructuredContent, construction) and kept equal to what reading
//   the content would give: the setters write the content as upstream's do and update the view.
//   A value of the wrong JSON type reads as the zero value, as upstream's getters
//   (`"metadata": "x"` or `"labels": 5` give empty values); unknown metadata keys appear in
//   ObjectMeta::unknown_fields.
// - Writes through the mutable handles, the reference Body() returns and the pointer the
//   non-const GetObjectMeta() returns, may happen at any time while the object lives. The first
//   handed-out handle switches the object into a reconciling mode: later accesses compare the
//   content's metadata and the typed view with snapshots and bring the other side up to date
//   (O(size of metadata), under a mutex so that const readers may still run concurrently). A
//   copy, a move target and replaced content start without handles, so without that cost.
// - UnstructuredList: Body() is the list-level object ("metadata" included, "items" not), with a
//   typed metav1::ListMeta view (GetListMeta()) kept the same way; `items` are Unstructured.
//
// Throws: UnmarshalJSON throws metav1::DecodeError for malformed JSON or a non-object document and
// runtime::MissingKindError (`Object 'Kind' is missing in '<data>'`) when there is no kind;
// SetUnstructuredContent throws metav1::DecodeError for a non-object. EachListItem throws
// apimachinery::Error with upstream's texts. Accessors never throw (except std::bad_alloc; in the
// noexcept GetObjectMeta()/GetListMeta() a failed allocation while reconciling terminates).
//
// Cost: the getters and GetObjectMeta() are a pointer test and a member read until a mutable
// handle was handed out, then a lock and an O(metadata) comparison; the setters are one JSON
// write plus the typed member's; UnstructuredContent() copies the document, MarshalJSON does not.
//
// Thread-safety: const members may be called concurrently (also in the reconciling mode);
// mutation, including a write through a held handle, needs exclusive ownership.
//
// Differences from upstream:
// - There is no public `Object` map member (a member function named Object would also clash with
//   the base class runtime::Object): Body() is u.Object.
// - A setter on a document whose "metadata" is not an object replaces it with an object holding
//   the new value; upstream's setNestedField gives up silently there. Removing (an empty value) a
//   key of such a metadata value does nothing, as upstream's RemoveNestedField.
// - Setters taking a map, a list or an optional remove the key when it is empty (Go distinguishes
//   nil, which removes, from empty, which writes `{}`/`[]`).
// - Timestamps read at second precision (metav1::Time).
// - MarshalJSON returns compact JSON with sorted keys and no trailing newline (Go's encoder appends
//   one and keeps map keys sorted too).
// - from_json (nlohmann) does not require a kind; UnmarshalJSON does, as upstream.
// - EachListItem passes a copy of each item (Go shares the map with the parent).
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
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

namespace internal {

// MetadataMirror<Meta>: a JSON object (the content, the source of truth, "metadata" included) and
// the typed view of its "metadata" (metav1::ObjectMeta or metav1::ListMeta), kept coherent. The
// typed view is read from the content when the content is replaced and updated by the typed
// setters as they write the content. Once a mutable reference to the content (MutableContent) or
// to the typed view (MutableTyped) has been handed out, the mirror enters its shared mode: a
// `Shared` block holds a mutex and snapshots of both sides, and every later access compares the
// sides with their snapshots and reconciles them (a changed typed field is written into the
// content, then the typed view is read again) before it answers. Replacing the whole content,
// copying and assignment leave the shared mode (the copy's content has no outstanding handles).
// Thread-safety: const members may be called concurrently (the shared mode serializes its
// reconciliation with the mutex); non-const members need exclusive access.
template <typename Meta>
class MetadataMirror {
 public:
  MetadataMirror() = default;
  MetadataMirror(const MetadataMirror& o) : content_(util::json::DeepCopy(o.Content())), meta_(o.Typed()) {}
  MetadataMirror(MetadataMirror&& o) noexcept { MoveFrom(o); }
  MetadataMirror& operator=(const MetadataMirror& o) {
    if (this != &o) {
      MetadataMirror tmp(o);
      MoveFrom(tmp);
    }
    return *this;
  }
  MetadataMirror& operator=(MetadataMirror&& o) noexcept {
    if (this != &o) MoveFrom(o);
    return *this;
  }
  ~MetadataMirror() = default;

  // Content: the synchronized content (may be a non-object only after a write through
  // MutableContent).
  const nlohmann::json& Content() const {
    if (shared_) [[unlikely]]
      SyncShared();
    return content_;
  }
  // Typed: the synchronized typed view.
  const Meta& Typed() const noexcept {
    if (shared_) [[unlikely]]
      SyncSharedNoexcept();
    return meta_;
  }
  nlohmann::json& MutableContent() {
    Share();
    shared_->json_out = true;
    shared_->json_snap = MetadataCopy();
    return content_;
  }
  Meta& MutableTyped() noexcept {
    try {
      Share();
      shared_->typed_out = true;
      shared_->typed_snap = meta_;
    } catch (...) {
      // Only std::bad_alloc: without the snapshot a typed write could go unseen, so give up.
      std::terminate();
    }
    return meta_;
  }

  // Reset replaces the content (a JSON object) and reads the typed view from it.
  void Reset(nlohmann::json content) {
    Meta m = Read(MetadataOf(content));
    content_ = std::move(content);
    meta_ = std::move(m);
    shared_.reset();
  }

  // SetTopLevel: content[key] = value (a non-object content becomes an object first).
  void SetTopLevel(const char* key, nlohmann::json value) {
    SyncExclusive();
    const bool was_object = content_.is_object();
    if (!was_object) content_ = nlohmann::json::object();
    content_[key] = std::move(value);
    if (!was_object) meta_ = Meta{};
    Snap();
  }

  // SetMember: the typed setters. Writes `v` as metadata[key] with the metadata struct's
  // (omitempty) JSON encoding, or removes the key when the encoding omits it; a "metadata" value
  // that is not an object is replaced by one (upstream's setNestedField would give up silently).
  // The typed member becomes the value read back from the content.
  template <typename M>
  void SetMember(const char* key, M Meta::*member, M v) {
    SyncExclusive();
    Meta probe{};
    probe.*member = std::move(v);
    nlohmann::json encoded = probe;  // only `key` can be present: every other member is empty
    auto it = encoded.find(key);
    if (it == encoded.end()) {
      // Upstream: RemoveNestedField(u.Object, "metadata", key), a no-op unless metadata is a map.
      if (auto* md = MutableMetadataObject()) md->erase(key);
      meta_.*member = M{};
    } else {
      EnsureMetadataObject()[key] = std::move(*it);
      meta_.*member = std::move(probe.*member);
    }
    Snap();
  }

  friend bool operator==(const MetadataMirror& a, const MetadataMirror& b) {
    const auto& x = a.Content();
    const auto& y = b.Content();
    const bool xo = x.is_object() && !x.empty();
    const bool yo = y.is_object() && !y.empty();
    if (!xo || !yo) return xo == yo;
    return util::json::Equal(x, y);  // no recursion: any depth
  }

  // Read: the typed view of a "metadata" value (nullptr: absent). Lenient as upstream's getters:
  // a modelled key of the wrong type reads as its zero value; a non-object reads as empty. The
  // strict decoder reads valid metadata in one pass; only metadata it refuses takes
  // metav1::WireMeta's lenient, slower split.
  static Meta Read(const nlohmann::json* md) {
    Meta m{};
    if (md == nullptr || !md->is_object()) return m;
    try {
      from_json(*md, m);
    } catch (const metav1::DecodeError&) {
      metav1::WireMeta<Meta> lenient;
      m = lenient.Split(md);
    }
    return m;
  }

  static const nlohmann::json* MetadataOf(const nlohmann::json& content) noexcept {
    if (!content.is_object()) return nullptr;
    auto it = content.find("metadata");
    return it == content.end() ? nullptr : &*it;
  }

 private:
  struct Shared {
    std::mutex mu;
    bool json_out = false;                    // a mutable reference to the content was handed out
    bool typed_out = false;                   // a mutable reference to the typed view was handed out
    std::optional<nlohmann::json> json_snap;  // "metadata" as the typed view was last read
    Meta typed_snap;                          // the typed view as last read or written
  };

  void MoveFrom(MetadataMirror& o) noexcept {
    if (o.shared_) {
      try {
        o.Sync();
        o.shared_.reset();  // nobody holds a handle into *this, so leave the shared mode
      } catch (...) {
        // Keep the pending state: the snapshots move along with the content.
      }
    }
    content_ = std::move(o.content_);
    meta_ = std::move(o.meta_);
    shared_ = std::move(o.shared_);
    o.content_ = nlohmann::json::object();
    o.meta_ = Meta{};
  }

  std::optional<nlohmann::json> MetadataCopy() const {
    if (const auto* md = MetadataOf(content_)) return util::json::DeepCopy(*md);
    return std::nullopt;
  }
  nlohmann::json* MutableMetadataObject() const noexcept {
    if (!content_.is_object()) return nullptr;
    auto it = content_.find("metadata");
    return it != content_.end() && it->is_object() ? &*it : nullptr;
  }
  nlohmann::json& EnsureMetadataObject() const {
    if (!content_.is_object()) content_ = nlohmann::json::object();
    auto& md = content_["metadata"];
    if (!md.is_object()) md = nlohmann::json::object();
    return md;
  }

  void Share() {
    if (shared_) {
      Sync();
    } else {
      shared_ = std::make_unique<Shared>();
    }
  }
  void SyncExclusive() {
    if (shared_) Sync();
  }
  void SyncShared() const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    Sync();
  }
  void SyncSharedNoexcept() const noexcept {
    try {
      SyncShared();
    } catch (...) {
      std::terminate();  // std::bad_alloc or a failed mutex: the typed view cannot be trusted
    }
  }
  // Snap refreshes the snapshots after the two sides were made equal.
  void Snap() const {
    if (!shared_) return;
    if (shared_->json_out) shared_->json_snap = MetadataCopy();
    if (shared_->typed_out) shared_->typed_snap = meta_;
  }
  // Sync reconciles the two sides (the caller holds the mutex or exclusive access). A typed field
  // changed since the snapshot is written into the content first (it wins over a concurrent JSON
  // change of the same field); then, if the content's metadata changed, the typed view is read
  // again. Cost: O(size of metadata) per call in the shared mode.
  void Sync() const {
    Shared& s = *shared_;
    bool reread = false;
    if (s.typed_out && !(meta_ == s.typed_snap)) {
      FoldTyped(s.typed_snap, meta_);
      reread = true;
    }
    if (!reread && s.json_out) {
      const auto* md = MetadataOf(content_);
      reread =
          md == nullptr ? s.json_snap.has_value() : (!s.json_snap || !util::json::Equal(*md, *s.json_snap));
    }
    if (reread) {
      meta_ = Read(MetadataOf(content_));
      Snap();
    }
  }
  // FoldTyped writes every key whose encoding differs between `before` and `now` (modelled
  // fields and unknown_fields alike) into the content's metadata, removing the keys `now` omits.
  // Keys the typed write did not change keep their original JSON.
  void FoldTyped(const Meta& before, const Meta& now) const {
    const nlohmann::json a = before;
    nlohmann::json b = now;
    for (const auto& [key, value] : a.items()) {
      if (b.contains(key)) continue;
      if (auto* md = MutableMetadataObject()) md->erase(key);
    }
    for (auto& [key, value] : b.items()) {
      auto it = a.find(key);
      if (it == a.end() || !util::json::Equal(*it, value)) EnsureMetadataObject()[key] = std::move(value);
    }
  }

  mutable nlohmann::json content_ = nlohmann::json::object();
  mutable Meta meta_;
  std::unique_ptr<Shared> shared_;
};

}  // namespace internal

// Unstructured: one API object as JSON (upstream's u.Object), with a typed view of its metadata.
class Unstructured : public Object {
 public:
  Unstructured() = default;
  // Unstructured(content) = SetUnstructuredContent(content). Throws: metav1::DecodeError.
  explicit Unstructured(nlohmann::json content) { SetUnstructuredContent(std::move(content)); }

  // runtime::Object.
  schema::GroupVersionKind GetObjectKind() const override { return GroupVersionKind(); }
  inline void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  std::unique_ptr<Object> DeepCopyObject() const override { return std::make_unique<Unstructured>(*this); }
  using Object::GetObjectMeta;
  // GetObjectMeta: the typed view of Body()["metadata"]. The pointer stays valid for the object's
  // life; its values are current until the next write to the object. Writes through the non-const
  // overload reach Body() at the next access. Cost: a pointer test (a lock and an O(metadata)
  // comparison once a mutable Body() or GetObjectMeta() was handed out).
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override { return &mirror_.Typed(); }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<Unstructured>(); }

  // UnstructuredContent: a copy of the whole document (a JSON object).
  nlohmann::json UnstructuredContent() const;
  // Replaces the whole document. null gives an empty object. References obtained from Body() or
  // GetObjectMeta() before refer to the old content afterwards (as Go's old u.Object map).
  // Throws: metav1::DecodeError when `content` is not an object (the object is left unchanged).
  void SetUnstructuredContent(nlohmann::json content);
  // Body: the document itself, "metadata" included (upstream: u.Object). Writes through the
  // mutable reference, held as long as the object lives, are seen by every accessor and by
  // GetObjectMeta(). Keep it a JSON object; anything else reads as an empty document.
  const nlohmann::json& Body() const { return mirror_.Content(); }
  nlohmann::json& Body() { return mirror_.MutableContent(); }

  // MarshalJSON: the document as compact JSON text (Go's bytes: util::json::Marshal).
  std::string MarshalJSON() const { return util::json::Marshal(ContentOrEmpty()); }
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

  // Type accessors (top-level keys of Body()).
  std::string GetAPIVersion() const { return StringAt("apiVersion"); }
  void SetAPIVersion(std::string v) { mirror_.SetTopLevel("apiVersion", std::move(v)); }
  std::string GetKind() const { return StringAt("kind"); }
  void SetKind(std::string v) { mirror_.SetTopLevel("kind", std::move(v)); }
  // GroupVersionKind parses apiVersion; an unparsable apiVersion gives an empty GVK.
  schema::GroupVersionKind GroupVersionKind() const;

  // Metadata accessors. The getters read the typed view of Body()["metadata"] (a value of the
  // wrong JSON type reads as the zero value, as upstream's getters); the setters write
  // Body()["metadata"] as upstream's do, and setting an empty value removes the key.
  const std::string& GetName() const { return Meta().name; }
  void SetName(std::string v) { Set("name", &metav1::ObjectMeta::name, std::move(v)); }
  const std::string& GetNamespace() const { return Meta().namespace_; }
  void SetNamespace(std::string v) { Set("namespace", &metav1::ObjectMeta::namespace_, std::move(v)); }
  const std::string& GetGenerateName() const { return Meta().generate_name; }
  void SetGenerateName(std::string v) {
    Set("generateName", &metav1::ObjectMeta::generate_name, std::move(v));
  }
  const std::string& GetUID() const { return Meta().uid; }
  void SetUID(std::string v) { Set("uid", &metav1::ObjectMeta::uid, std::move(v)); }
  const std::string& GetResourceVersion() const { return Meta().resource_version; }
  void SetResourceVersion(std::string v) {
    Set("resourceVersion", &metav1::ObjectMeta::resource_version, std::move(v));
  }
  std::int64_t GetGeneration() const { return Meta().generation; }
  void SetGeneration(std::int64_t v) { Set("generation", &metav1::ObjectMeta::generation, v); }
  metav1::Time GetCreationTimestamp() const { return Meta().creation_timestamp; }
  void SetCreationTimestamp(metav1::Time t) {
    Set("creationTimestamp", &metav1::ObjectMeta::creation_timestamp, t);
  }
  // GetDeletionTimestamp: nullopt when unset (upstream: nil).
  std::optional<metav1::Time> GetDeletionTimestamp() const {
    const auto& d = Meta().deletion_timestamp;
    if (d && d->IsZero()) return std::nullopt;
    return d;
  }
  void SetDeletionTimestamp(std::optional<metav1::Time> t) {
    Set("deletionTimestamp", &metav1::ObjectMeta::deletion_timestamp, t);
  }
  std::optional<std::int64_t> GetDeletionGracePeriodSeconds() const {
    return Meta().deletion_grace_period_seconds;
  }
  void SetDeletionGracePeriodSeconds(std::optional<std::int64_t> v) {
    Set("deletionGracePeriodSeconds", &metav1::ObjectMeta::deletion_grace_period_seconds, v);
  }
  const std::map<std::string, std::string>& GetLabels() const { return Meta().labels; }
  void SetLabels(std::map<std::string, std::string> v) {
    Set("labels", &metav1::ObjectMeta::labels, std::move(v));
  }
  const std::map<std::string, std::string>& GetAnnotations() const { return Meta().annotations; }
  void SetAnnotations(std::map<std::string, std::string> v) {
    Set("annotations", &metav1::ObjectMeta::annotations, std::move(v));
  }
  const std::vector<metav1::OwnerReference>& GetOwnerReferences() const { return Meta().owner_references; }
  void SetOwnerReferences(std::vector<metav1::OwnerReference> v) {
    Set("ownerReferences", &metav1::ObjectMeta::owner_references, std::move(v));
  }
  const std::vector<std::string>& GetFinalizers() const { return Meta().finalizers; }
  void SetFinalizers(std::vector<std::string> v) {
    Set("finalizers", &metav1::ObjectMeta::finalizers, std::move(v));
  }
  // managedFields, typed as upstream's ([]metav1.ManagedFieldsEntry; an entry that does not decode
  // reads as no entries, as upstream's GetManagedFields).
  const std::vector<metav1::ManagedFieldsEntry>& GetManagedFields() const { return Meta().managed_fields; }
  void SetManagedFields(std::vector<metav1::ManagedFieldsEntry> v) {
    Set("managedFields", &metav1::ObjectMeta::managed_fields, std::move(v));
  }

  // Equal documents (a non-object content compares as an empty one).
  friend bool operator==(const Unstructured& a, const Unstructured& b) { return a.mirror_ == b.mirror_; }

 protected:
  // The non-const GetObjectMeta(): writes through it are folded into Body() at the next access.
  metav1::ObjectMeta* MutableObjectMeta() noexcept override { return &mirror_.MutableTyped(); }

 private:
  const metav1::ObjectMeta& Meta() const { return mirror_.Typed(); }
  template <typename M>
  void Set(const char* key, M metav1::ObjectMeta::*member, M v) {
    mirror_.SetMember(key, member, std::move(v));
  }
  const nlohmann::json& ContentOrEmpty() const {
    static const nlohmann::json kEmpty = nlohmann::json::object();
    const auto& c = mirror_.Content();
    return c.is_object() ? c : kEmpty;
  }
  std::string StringAt(const char* key) const {
    const auto& c = mirror_.Content();
    if (!c.is_object()) return {};
    auto it = c.find(key);
    if (it == c.end() || !it->is_string()) return {};
    return it->get<std::string>();
  }

  internal::MetadataMirror<metav1::ObjectMeta> mirror_;
};

// UnstructuredList: a list of Unstructured items plus list-level fields.
class UnstructuredList : public Object {
 public:
  // The items (upstream: Items).
  std::vector<Unstructured> items;

  UnstructuredList() = default;
  // UnstructuredList(content) = SetUnstructuredContent(content). Throws: metav1::DecodeError.
  explicit UnstructuredList(nlohmann::json content) { SetUnstructuredContent(std::move(content)); }

  // runtime::Object.
  schema::GroupVersionKind GetObjectKind() const override { return GroupVersionKind(); }
  inline void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  std::unique_ptr<Object> DeepCopyObject() const override {
    return std::make_unique<UnstructuredList>(*this);
  }
  using Object::GetObjectMeta;
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override { return nullptr; }
  // GetListMeta: the typed view of Body()["metadata"] (as Unstructured::GetObjectMeta).
  const metav1::ListMeta* GetListMeta() const noexcept override { return &mirror_.Typed(); }
  metav1::ListMeta* GetListMeta() noexcept { return &mirror_.MutableTyped(); }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<UnstructuredList>(); }

  // The whole document: Body() and "items" (always written).
  nlohmann::json UnstructuredContent() const;
  // Replaces everything. Non-object elements of "items" are skipped (upstream).
  // Throws: metav1::DecodeError when `content` is not an object (the list is left unchanged).
  void SetUnstructuredContent(nlohmann::json content);
  // Body: the list-level fields, "metadata" included, "items" excluded (upstream: the list's
  // Object map). Writes through the mutable reference are seen by the accessors.
  const nlohmann::json& Body() const { return mirror_.Content(); }
  nlohmann::json& Body() { return mirror_.MutableContent(); }

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
  void SetAPIVersion(std::string v) { mirror_.SetTopLevel("apiVersion", std::move(v)); }
  std::string GetKind() const;
  void SetKind(std::string v) { mirror_.SetTopLevel("kind", std::move(v)); }
  schema::GroupVersionKind GroupVersionKind() const;
  const std::string& GetResourceVersion() const { return mirror_.Typed().resource_version; }
  void SetResourceVersion(std::string v) {
    mirror_.SetMember("resourceVersion", &metav1::ListMeta::resource_version, std::move(v));
  }
  const std::string& GetContinue() const { return mirror_.Typed().continue_; }
  void SetContinue(std::string v) {
    mirror_.SetMember("continue", &metav1::ListMeta::continue_, std::move(v));
  }
  std::optional<std::int64_t> GetRemainingItemCount() const { return mirror_.Typed().remaining_item_count; }
  void SetRemainingItemCount(std::optional<std::int64_t> v) {
    mirror_.SetMember("remainingItemCount", &metav1::ListMeta::remaining_item_count, v);
  }

  friend bool operator==(const UnstructuredList& a, const UnstructuredList& b) {
    return a.mirror_ == b.mirror_ && a.items == b.items;
  }

 private:
  internal::MetadataMirror<metav1::ListMeta> mirror_;
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
  if (!body.is_object()) return {};
  auto it = body.find(key);
  if (it == body.end() || !it->is_string()) return {};
  return it->get<std::string>();
}

// ItemKindOf: a list kind without its "List" suffix (decodeToList: strings.TrimSuffix).
inline std::string ItemKindOf(std::string list_kind) {
  if (list_kind.size() >= 4 && list_kind.compare(list_kind.size() - 4, 4, "List") == 0) {
    list_kind.resize(list_kind.size() - 4);
  }
  return list_kind;
}

// DefaultItemKinds: every item of `list` with neither kind nor apiVersion gets the list's
// apiVersion and ItemKindOf its kind (unstructured.go: UnstructuredJSONScheme.decodeToList).
// Cost: one pass over the items.
inline void DefaultItemKinds(UnstructuredList& list) {
  const std::string api_version = list.GetAPIVersion();
  const std::string item_kind = ItemKindOf(list.GetKind());
  for (Unstructured& u : list.items) {
    if (u.GetKind().empty() && u.GetAPIVersion().empty()) {
      u.SetKind(item_kind);
      u.SetAPIVersion(api_version);
    }
  }
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
  return util::json::DeepCopy(ContentOrEmpty());
}

inline void Unstructured::SetUnstructuredContent(nlohmann::json content) {
  if (content.is_null()) content = nlohmann::json::object();
  if (!content.is_object()) internal::ThrowNotAMap(content);
  mirror_.Reset(std::move(content));
}

inline void Unstructured::UnmarshalJSON(std::string_view data) {
  nlohmann::json j = internal::ParseJSONText(data);
  if (!j.is_object()) internal::ThrowNotAMap(j);
  SetUnstructuredContent(std::move(j));
  if (GetKind().empty()) throw MissingKindError(std::string(data));
}

inline bool Unstructured::IsList() const {
  const auto& c = ContentOrEmpty();
  auto it = c.find("items");
  return it != c.end() && it->is_array();
}

inline void Unstructured::EachListItem(const std::function<void(Object&)>& fn) const {
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
  return internal::BodyString(mirror_.Content(), "apiVersion");
}
inline std::string UnstructuredList::GetKind() const {
  return internal::BodyString(mirror_.Content(), "kind");
}

inline schema::GroupVersionKind UnstructuredList::GroupVersionKind() const {
  return internal::GVKFromStrings(GetAPIVersion(), GetKind());
}

inline void UnstructuredList::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  SetAPIVersion(gvk.GroupVersion().String());
  SetKind(gvk.kind);
}

inline nlohmann::json UnstructuredList::UnstructuredContent() const {
  const auto& body = mirror_.Content();
  nlohmann::json out = body.is_object() ? util::json::DeepCopy(body) : nlohmann::json::object();
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
  mirror_.Reset(std::move(content));
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
  new_items.reserve(raw_items.size());
  for (auto& e : raw_items) new_items.emplace_back(std::move(e));
  items = std::move(new_items);
  internal::DefaultItemKinds(*this);
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
