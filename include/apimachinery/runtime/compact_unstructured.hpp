// runtime::CompactUnstructured: an API object read once and then only read, as an immutable
// util::json::Compact document with a typed view of its metadata. It is what a cache holds when
// memory matters more than editing: the informer's objects are never edited in place (a handler
// that wants to change one copies it), so a node-per-value JSON tree buys nothing there.
//
// Example:
//   runtime::Scheme scheme;
//   runtime::JSONSerializer codec(scheme);
//   std::string bytes = R"({"apiVersion": "v1", "kind": "Pod", "spec": {"nodeName": "node-7"}})";
//   std::unique_ptr<runtime::Object> o = codec.DecodeCompact(bytes);   // JSONSerializer
//   const auto& c = static_cast<const runtime::CompactUnstructured&>(*o);
//   std::string_view node = c.Root().FindPath("spec", "nodeName").String();
//   c.GetObjectMeta()->labels;                          // typed, as any runtime::Object
//   runtime::Unstructured u = c.ToUnstructured();       // to edit: an ordinary Unstructured
//
// What it holds: a shared_ptr to the immutable document (DeepCopyObject shares it: a copy costs
// the typed metadata only) and a metav1::ObjectMeta read from the document's "metadata" as
// Unstructured reads it (lenient: a key of the wrong type reads as its zero value).
// Root() is the document as decoded. Writes through the mutable GetObjectMeta() are kept in the
// typed view and folded into the document's metadata by ToUnstructured, MarshalJSON and the
// codec's Encode (keys the write did not change keep their JSON), as Unstructured folds them;
// SetGroupVersionKind and WithoutManagedFields build a new document.
//
// Upstream has no such type: client-go caches *unstructured.Unstructured (a map[string]any per
// object). A cached realistic pod (testdata/pods/pod-realistic.json, 4.9 KB of JSON) retains
// about 10.6 KB (a 7.3 KB document and its typed metadata), against 40 KB as an Unstructured and
// 30 KB as Go's map (bench/informer_bench.cpp; docs/design/compact-json.md).
//
// Throws: the constructor from a document refuses a non-object with metav1::DecodeError (Go's
// `json: cannot unmarshal <type> into Go value of type map[string]interface {}`); ToUnstructured,
// MarshalJSON and SetGroupVersionKind throw std::bad_alloc only.
// Cost: GetObjectMeta is a pointer; Root() lookups are scans of small sorted objects; the
// constructor reads the metadata once (O(metadata)).
// Thread-safety: const members may run concurrently (the document is immutable); non-const
// members need exclusive access.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/compact.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

class CompactUnstructured final : public Object {
 public:
  // The empty object `{}`.
  CompactUnstructured() : CompactUnstructured(Empty()) {}
  // A document that is a JSON object. Throws: metav1::DecodeError for any other value.
  explicit CompactUnstructured(std::shared_ptr<const util::json::Compact> doc) : doc_(std::move(doc)) {
    if (!doc_) doc_ = Empty();
    const util::json::ValueRef root = doc_->Root();
    if (!root.IsObject()) internal::ThrowNotAMap(root.ToJSON());
    ReadMeta();
  }
  explicit CompactUnstructured(util::json::Compact doc)
      : CompactUnstructured(std::make_shared<const util::json::Compact>(std::move(doc))) {}
  // The content of an Unstructured (its typed writes included).
  explicit CompactUnstructured(const Unstructured& u)
      : CompactUnstructured(util::json::Compact::From(u.Body())) {}

  // Root: the document as decoded (typed metadata writes are not in it; see the top of the file).
  util::json::ValueRef Root() const noexcept { return doc_->Root(); }
  // Document: the shared immutable document.
  const std::shared_ptr<const util::json::Compact>& Document() const noexcept { return doc_; }

  // ToUnstructured: an editable copy: the document, with the typed metadata writes folded in.
  Unstructured ToUnstructured() const {
    Unstructured u(doc_->ToJSON());
    if (meta_written_) *u.GetObjectMeta() = meta_;  // folded into the content by the mirror
    return u;
  }
  // UnstructuredContent: ToUnstructured()'s content as a JSON tree.
  nlohmann::json UnstructuredContent() const {
    return meta_written_ ? ToUnstructured().UnstructuredContent() : doc_->ToJSON();
  }
  // MarshalJSON: util::json::Marshal of ToUnstructured()'s content (straight from the document
  // when the typed metadata was not written).
  std::string MarshalJSON() const {
    if (!meta_written_) return doc_->Marshal();
    return ToUnstructured().MarshalJSON();
  }

  // WithoutManagedFields: this object without metadata.managedFields (the same object when it has
  // none): a new document, so that the old one's memory is freed with its last holder.
  CompactUnstructured WithoutManagedFields() const {
    if (!Root().FindPath("metadata", "managedFields")) return *this;
    CompactUnstructured out(doc_->WithoutMember({"metadata", "managedFields"}));
    if (meta_written_) {
      out.meta_ = meta_;
      out.meta_.managed_fields = {};
      out.meta_written_ = true;
    }
    return out;
  }

  // runtime::Object.
  schema::GroupVersionKind GetObjectKind() const override {
    return internal::GVKFromStrings(std::string(Root().Find("apiVersion").String()),
                                    std::string(Root().Find("kind").String()));
  }
  void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override {
    Unstructured u = ToUnstructured();
    u.SetGroupVersionKind(gvk);
    *this = CompactUnstructured(u);
  }
  std::unique_ptr<Object> DeepCopyObject() const override {
    return std::make_unique<CompactUnstructured>(*this);
  }
  using Object::GetObjectMeta;
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override { return &meta_; }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<CompactUnstructured>(); }

  // Equal when their content (typed writes folded in) is equal, numbers by value.
  friend bool operator==(const CompactUnstructured& a, const CompactUnstructured& b) {
    if (!a.meta_written_ && !b.meta_written_) return *a.doc_ == *b.doc_;
    return a.ToUnstructured() == b.ToUnstructured();
  }

 protected:
  metav1::ObjectMeta* MutableObjectMeta() noexcept override {
    meta_written_ = true;
    return &meta_;
  }

 private:
  static std::shared_ptr<const util::json::Compact> Empty() {
    return std::make_shared<const util::json::Compact>(util::json::Compact::From(nlohmann::json::object()));
  }
  // ReadMeta: the typed view, as MetadataMirror::Read of the metadata's tree, except that
  // well-formed managedFields are read straight from the document (their fieldsV1 values are most
  // of a Pod's metadata, and FieldsV1 keeps them as text: no tree needed).
  void ReadMeta() {
    const util::json::ValueRef md = Root().Find("metadata");
    if (!md) return;
    if (!md.IsObject()) {
      const nlohmann::json tree = md.ToJSON();
      meta_ = internal::MetadataMirror<metav1::ObjectMeta>::Read(&tree);
      return;
    }
    std::vector<metav1::ManagedFieldsEntry> managed;
    const bool direct = ReadManagedFields(md.Find("managedFields"), managed);
    nlohmann::json tree = nlohmann::json::object();
    md.ForEachMember([&](std::string_view key, util::json::ValueRef value) {
      if (!direct || key != "managedFields") tree[std::string(key)] = value.ToJSON();
    });
    meta_ = internal::MetadataMirror<metav1::ObjectMeta>::Read(&tree);
    if (direct) meta_.managed_fields = std::move(managed);
  }
  // ReadManagedFields: what from_json of []ManagedFieldsEntry gives for `v`, or false when `v` is
  // absent or anything but an array of entries whose known keys all have their types (the tree
  // reader then decides, errors and lenient reading included).
  static bool ReadManagedFields(util::json::ValueRef v, std::vector<metav1::ManagedFieldsEntry>& out) {
    if (!v.IsArray()) return false;
    bool ok = true;
    out.reserve(v.Size());
    v.ForEachElement([&](util::json::ValueRef entry) {
      if (!ok || !entry.IsObject()) {
        ok = false;
        return;
      }
      metav1::ManagedFieldsEntry& e = out.emplace_back();
      entry.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
        if (x.IsNull()) return;  // as absent (Go: a null leaves the field at its zero value)
        std::string* text = key == "manager"       ? &e.manager
                            : key == "operation"   ? &e.operation
                            : key == "apiVersion"  ? &e.api_version
                            : key == "fieldsType"  ? &e.fields_type
                            : key == "subresource" ? &e.subresource
                                                   : nullptr;
        if (text != nullptr) {
          if (!x.IsString()) ok = false;
          *text = x.String();
        } else if (key == "time") {
          if (!x.IsString()) {
            ok = false;
            return;
          }
          try {
            e.time = metav1::ParseRFC3339(std::string(x.String()));
          } catch (const std::exception&) {
            ok = false;
          }
        } else if (key == "fieldsV1") {
          x.AppendMarshal(e.fields_v1.emplace().raw);
        }
      });
    });
    return ok;
  }

  std::shared_ptr<const util::json::Compact> doc_;
  metav1::ObjectMeta meta_;
  bool meta_written_ = false;  // a mutable GetObjectMeta() was handed out
};

// CompactList: a list whose items are CompactUnstructured (JSONSerializer::DecodeCompactList).
struct CompactList {
  schema::GroupVersionKind gvk;  // the list's apiVersion and kind
  metav1::ListMeta list_meta;    // "metadata", read as UnstructuredList reads it
  std::vector<CompactUnstructured> items;
};

}  // namespace apimachinery::runtime
