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
#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit Unstructured(nlohmann::json content);

  // runtime::Object.
  APIMACHINERY_DECL schema::GroupVersionKind GetObjectKind() const override;
  APIMACHINERY_DECL void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  APIMACHINERY_DECL std::unique_ptr<Object> DeepCopyObject() const override;
  using Object::GetObjectMeta;
  // GetObjectMeta: the typed view of Body()["metadata"]. The pointer stays valid for the object's
  // life; its values are current until the next write to the object. Writes through the non-const
  // overload reach Body() at the next access. Cost: a pointer test (a lock and an O(metadata)
  // comparison once a mutable Body() or GetObjectMeta() was handed out).
  APIMACHINERY_DECL const metav1::ObjectMeta* GetObjectMeta() const noexcept override;
  APIMACHINERY_DECL util::TypeId GetTypeId() const noexcept override;

  // UnstructuredContent: a copy of the whole document (a JSON object).
  APIMACHINERY_DECL nlohmann::json UnstructuredContent() const;
  // Replaces the whole document. null gives an empty object. References obtained from Body() or
  // GetObjectMeta() before refer to the old content afterwards (as Go's old u.Object map).
  // Throws: metav1::DecodeError when `content` is not an object (the object is left unchanged).
  APIMACHINERY_DECL void SetUnstructuredContent(nlohmann::json content);
  // Body: the document itself, "metadata" included (upstream: u.Object). Writes through the
  // mutable reference, held as long as the object lives, are seen by every accessor and by
  // GetObjectMeta(). Keep it a JSON object; anything else reads as an empty document.
  APIMACHINERY_DECL const nlohmann::json& Body() const;
  APIMACHINERY_DECL nlohmann::json& Body();

  // MarshalJSON: the document as compact JSON text (Go's bytes: util::json::Marshal).
  APIMACHINERY_DECL std::string MarshalJSON() const;
  // UnmarshalJSON replaces the content from JSON text (upstream: UnstructuredJSONScheme.Decode).
  // Throws: metav1::DecodeError (malformed JSON, not an object; object unchanged),
  // MissingKindError (no kind; the content is replaced all the same, as upstream).
  APIMACHINERY_DECL void UnmarshalJSON(std::string_view data);

  // IsList: the document has an "items" array.
  APIMACHINERY_DECL bool IsList() const;
  // ToList: the document as an UnstructuredList (an empty list when it is not a list).
  APIMACHINERY_DECL UnstructuredList ToList() const;
  // EachListItem calls fn on (a copy of) each element of "items".
  // Throws: apimachinery::Error `content is not a list`, `content is not a list: <type>`,
  // `items member is not an object: map[string]interface {}`; whatever fn throws.
  APIMACHINERY_DECL void EachListItem(const std::function<void(Object&)>& fn) const;
  // NewEmptyInstance: an Unstructured with only apiVersion and kind.
  APIMACHINERY_DECL Unstructured NewEmptyInstance() const;

  // Type accessors (top-level keys of Body()).
  APIMACHINERY_DECL std::string GetAPIVersion() const;
  APIMACHINERY_DECL void SetAPIVersion(std::string v);
  APIMACHINERY_DECL std::string GetKind() const;
  APIMACHINERY_DECL void SetKind(std::string v);
  // GroupVersionKind parses apiVersion; an unparsable apiVersion gives an empty GVK.
  APIMACHINERY_DECL schema::GroupVersionKind GroupVersionKind() const;

  // Metadata accessors. The getters read the typed view of Body()["metadata"] (a value of the
  // wrong JSON type reads as the zero value, as upstream's getters); the setters write
  // Body()["metadata"] as upstream's do, and setting an empty value removes the key.
  APIMACHINERY_DECL const std::string& GetName() const;
  APIMACHINERY_DECL void SetName(std::string v);
  APIMACHINERY_DECL const std::string& GetNamespace() const;
  APIMACHINERY_DECL void SetNamespace(std::string v);
  APIMACHINERY_DECL const std::string& GetGenerateName() const;
  APIMACHINERY_DECL void SetGenerateName(std::string v);
  APIMACHINERY_DECL const std::string& GetUID() const;
  APIMACHINERY_DECL void SetUID(std::string v);
  APIMACHINERY_DECL const std::string& GetResourceVersion() const;
  APIMACHINERY_DECL void SetResourceVersion(std::string v);
  APIMACHINERY_DECL std::int64_t GetGeneration() const;
  APIMACHINERY_DECL void SetGeneration(std::int64_t v);
  APIMACHINERY_DECL metav1::Time GetCreationTimestamp() const;
  APIMACHINERY_DECL void SetCreationTimestamp(metav1::Time t);
  // GetDeletionTimestamp: nullopt when unset (upstream: nil).
  APIMACHINERY_DECL std::optional<metav1::Time> GetDeletionTimestamp() const;
  APIMACHINERY_DECL void SetDeletionTimestamp(std::optional<metav1::Time> t);
  APIMACHINERY_DECL std::optional<std::int64_t> GetDeletionGracePeriodSeconds() const;
  APIMACHINERY_DECL void SetDeletionGracePeriodSeconds(std::optional<std::int64_t> v);
  APIMACHINERY_DECL const std::map<std::string, std::string>& GetLabels() const;
  APIMACHINERY_DECL void SetLabels(std::map<std::string, std::string> v);
  APIMACHINERY_DECL const std::map<std::string, std::string>& GetAnnotations() const;
  APIMACHINERY_DECL void SetAnnotations(std::map<std::string, std::string> v);
  APIMACHINERY_DECL const std::vector<metav1::OwnerReference>& GetOwnerReferences() const;
  APIMACHINERY_DECL void SetOwnerReferences(std::vector<metav1::OwnerReference> v);
  APIMACHINERY_DECL const std::vector<std::string>& GetFinalizers() const;
  APIMACHINERY_DECL void SetFinalizers(std::vector<std::string> v);
  // managedFields, typed as upstream's ([]metav1.ManagedFieldsEntry; an entry that does not decode
  // reads as no entries, as upstream's GetManagedFields).
  APIMACHINERY_DECL const std::vector<metav1::ManagedFieldsEntry>& GetManagedFields() const;
  APIMACHINERY_DECL void SetManagedFields(std::vector<metav1::ManagedFieldsEntry> v);

  // Equal documents (a non-object content compares as an empty one).
  APIMACHINERY_DECL friend bool operator==(const Unstructured& a, const Unstructured& b);

 protected:
  // The non-const GetObjectMeta(): writes through it are folded into Body() at the next access.
  APIMACHINERY_DECL metav1::ObjectMeta* MutableObjectMeta() noexcept override;

 private:
  APIMACHINERY_DECL const metav1::ObjectMeta& Meta() const;
  template <typename M>
  void Set(const char* key, M metav1::ObjectMeta::*member, M v) {
    mirror_.SetMember(key, member, std::move(v));
  }
  APIMACHINERY_DECL const nlohmann::json& ContentOrEmpty() const;
  APIMACHINERY_DECL std::string StringAt(const char* key) const;

  internal::MetadataMirror<metav1::ObjectMeta> mirror_;
};

// UnstructuredList: a list of Unstructured items plus list-level fields.
class UnstructuredList : public Object {
 public:
  // The items (upstream: Items).
  std::vector<Unstructured> items;

  UnstructuredList() = default;
  // UnstructuredList(content) = SetUnstructuredContent(content). Throws: metav1::DecodeError.
  APIMACHINERY_DECL explicit UnstructuredList(nlohmann::json content);

  // runtime::Object.
  APIMACHINERY_DECL schema::GroupVersionKind GetObjectKind() const override;
  APIMACHINERY_DECL void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  APIMACHINERY_DECL std::unique_ptr<Object> DeepCopyObject() const override;
  using Object::GetObjectMeta;
  APIMACHINERY_DECL const metav1::ObjectMeta* GetObjectMeta() const noexcept override;
  // GetListMeta: the typed view of Body()["metadata"] (as Unstructured::GetObjectMeta).
  APIMACHINERY_DECL const metav1::ListMeta* GetListMeta() const noexcept override;
  APIMACHINERY_DECL metav1::ListMeta* GetListMeta() noexcept;
  APIMACHINERY_DECL util::TypeId GetTypeId() const noexcept override;

  // The whole document: Body() and "items" (always written).
  APIMACHINERY_DECL nlohmann::json UnstructuredContent() const;
  // Replaces everything. Non-object elements of "items" are skipped (upstream).
  // Throws: metav1::DecodeError when `content` is not an object (the list is left unchanged).
  APIMACHINERY_DECL void SetUnstructuredContent(nlohmann::json content);
  // Body: the list-level fields, "metadata" included, "items" excluded (upstream: the list's
  // Object map). Writes through the mutable reference are seen by the accessors.
  APIMACHINERY_DECL const nlohmann::json& Body() const;
  APIMACHINERY_DECL nlohmann::json& Body();

  APIMACHINERY_DECL std::string MarshalJSON() const;
  // UnmarshalJSON: upstream's decodeToList. Top-level keys of `data` replace those of the list
  // (other keys are kept, as json.Unmarshal into a map does); items are replaced; an item with
  // neither kind nor apiVersion gets kind = list kind without the "List" suffix and the list's
  // apiVersion; a null item becomes an empty object.
  // Throws: metav1::DecodeError (malformed JSON, non-object document, "items" not an array, an
  // item that is not an object: `json: cannot unmarshal number into Go value of type
  // map[string]interface {}`), MissingKindError (no kind).
  APIMACHINERY_DECL void UnmarshalJSON(std::string_view data);

  // EachListItem calls fn on each item (in place). Throws: whatever fn throws.
  APIMACHINERY_DECL void EachListItem(const std::function<void(Object&)>& fn);
  APIMACHINERY_DECL UnstructuredList NewEmptyInstance() const;

  APIMACHINERY_DECL std::string GetAPIVersion() const;
  APIMACHINERY_DECL void SetAPIVersion(std::string v);
  APIMACHINERY_DECL std::string GetKind() const;
  APIMACHINERY_DECL void SetKind(std::string v);
  APIMACHINERY_DECL schema::GroupVersionKind GroupVersionKind() const;
  APIMACHINERY_DECL const std::string& GetResourceVersion() const;
  APIMACHINERY_DECL void SetResourceVersion(std::string v);
  APIMACHINERY_DECL const std::string& GetContinue() const;
  APIMACHINERY_DECL void SetContinue(std::string v);
  APIMACHINERY_DECL std::optional<std::int64_t> GetRemainingItemCount() const;
  APIMACHINERY_DECL void SetRemainingItemCount(std::optional<std::int64_t> v);

  APIMACHINERY_DECL friend bool operator==(const UnstructuredList& a, const UnstructuredList& b);

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
APIMACHINERY_DECL nlohmann::json ParseJSONText(std::string_view data);

[[noreturn]] APIMACHINERY_DECL void ThrowNotAMap(const nlohmann::json& v);

APIMACHINERY_DECL schema::GroupVersionKind GVKFromStrings(const std::string& api_version,
                                                          const std::string& kind);

APIMACHINERY_DECL std::string BodyString(const nlohmann::json& body, const char* key);

// ItemKindOf: a list kind without its "List" suffix (decodeToList: strings.TrimSuffix).
APIMACHINERY_DECL std::string ItemKindOf(std::string list_kind);

// DefaultItemKinds: every item of `list` with neither kind nor apiVersion gets the list's
// apiVersion and ItemKindOf its kind (unstructured.go: UnstructuredJSONScheme.decodeToList).
// Cost: one pass over the items.
APIMACHINERY_DECL void DefaultItemKinds(UnstructuredList& list);

}  // namespace internal

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/unstructured.ipp"
#endif
