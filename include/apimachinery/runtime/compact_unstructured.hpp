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
// 30 KB as Go's map (bench/informer_bench.cpp; docs/design/compact-json.md); with its strings
// interned into a util::json::StringPool shared by the cache, the document is 5.1 KB.
//
// Throws: the constructor from a document refuses a non-object with metav1::DecodeError (Go's
// `json: cannot unmarshal <type> into Go value of type map[string]interface {}`); ToUnstructured,
// MarshalJSON and SetGroupVersionKind throw std::bad_alloc only.
// Cost: GetObjectMeta is a pointer; Root() lookups are scans of small sorted objects; the
// constructor reads the metadata once (O(metadata)): straight from the document when every
// modelled key has its type (ReadObjectMetaDirect: no JSON tree, the common case), else through
// an nlohmann tree of it (ReadObjectMetaTree), with the same result either way.
// Thread-safety: const members may run concurrently (the document is immutable); non-const
// members need exclusive access.
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <optional>
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
  // The content of an Unstructured (its typed writes included), interned into `pool` when given.
  explicit CompactUnstructured(const Unstructured& u, std::shared_ptr<util::json::StringPool> pool = nullptr)
      : CompactUnstructured(util::json::Compact::From(u.Body(), std::move(pool))) {}

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

  // ReadObjectMeta: the typed view of a "metadata" value (kAbsent: the object has none), as the
  // constructor reads it: ReadObjectMetaDirect when that handles the value, else
  // ReadObjectMetaTree. The result is ReadObjectMetaTree's for every input (a tested property).
  // Throws: std::bad_alloc; apimachinery::Error for a non-finite number in a fieldsV1 value (only a
  // document built From a tree can hold one), as the tree reader's Marshal of it. A key of the
  // wrong type does not throw: it reads leniently (ReadObjectMetaTree).
  static metav1::ObjectMeta ReadObjectMeta(util::json::ValueRef md) {
    metav1::ObjectMeta m;
    if (ReadObjectMetaDirect(md, m)) return m;
    return ReadObjectMetaTree(md);
  }
  // ReadObjectMetaDirect: reads `md` into `out` (a default ObjectMeta) straight from the document,
  // and returns true, when every modelled key has its type: strings or null for the string
  // fields, an int64 (a JSON integer) or null for generation and deletionGracePeriodSeconds, an
  // RFC 3339 string that metav1::ParseRFC3339 accepts or null for the timestamps, objects of
  // strings and nulls for labels and annotations, arrays of strings and nulls for finalizers,
  // arrays of null or of objects with well-typed known keys for ownerReferences and
  // managedFields. Keys it does not model go to unknown_fields as they are. An absent or
  // non-object `md` gives the empty ObjectMeta (as the tree reader does). Returns false, with
  // `out` in an unspecified state, on anything else (a wrong type, a bad time, an integer beyond
  // int64): the caller then runs ReadObjectMetaTree, whose strict-then-lenient rules decide.
  // Cost: one pass over the metadata, no JSON tree (unknown keys only are converted); no
  // exception unless a timestamp fails to parse.
  static bool ReadObjectMetaDirect(util::json::ValueRef md, metav1::ObjectMeta& out) {
    if (!md.IsObject()) return true;
    bool ok = true;
    nlohmann::json unknown;
    md.ForEachMember([&](std::string_view key, util::json::ValueRef v) {
      if (ok) ok = ReadMetaMember(key, v, out, unknown);
    });
    if (!ok) return false;
    if (unknown.is_object()) out.unknown_fields = std::move(unknown);
    return true;
  }
  // ReadObjectMetaTree: the reference reader, as Unstructured reads its metadata (whose lenient
  // getters follow upstream's unstructured.go, k8s.io/apimachinery/pkg/apis/meta/v1/unstructured:
  // GetName and the others read a missing or wrongly typed field as its zero value):
  // internal::MetadataMirror<metav1::ObjectMeta>::Read of the metadata as an nlohmann tree (strict
  // from_json of metav1::ObjectMeta; on metav1::DecodeError, metav1::WireMeta's lenient split, in
  // which a modelled key of the wrong type reads as its zero value). Well-formed managedFields are
  // read straight from the document and left out of the tree (their fieldsV1 values are most of a
  // Pod's metadata). Cost: a tree of the metadata (O(metadata) allocations).
  static metav1::ObjectMeta ReadObjectMetaTree(util::json::ValueRef md) {
    if (!md.IsObject()) {
      const nlohmann::json tree = md.ToJSON();
      return internal::MetadataMirror<metav1::ObjectMeta>::Read(md ? &tree : nullptr);
    }
    std::vector<metav1::ManagedFieldsEntry> managed;
    const bool direct = ReadManagedFields(md.Find("managedFields"), managed);
    nlohmann::json tree = nlohmann::json::object();
    md.ForEachMember([&](std::string_view key, util::json::ValueRef value) {
      if (!direct || key != "managedFields") tree[std::string(key)] = value.ToJSON();
    });
    metav1::ObjectMeta m = internal::MetadataMirror<metav1::ObjectMeta>::Read(&tree);
    if (direct) m.managed_fields = std::move(managed);
    return m;
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
  void ReadMeta() { meta_ = ReadObjectMeta(Root().Find("metadata")); }

  // Readers of the direct path: each reads the value as the tree reader would when it has its
  // type, and returns false (the caller then gives the whole metadata to the tree path) otherwise.
  // A null reads as absent, as the tree reader's (Go's) rule.
  static bool ReadText(util::json::ValueRef v, std::string& out) {
    if (v.IsNull()) return true;
    if (!v.IsString()) return false;
    out = v.String();
    return true;
  }
  // An int64: the document holds integers within int64 as kInteger; kUnsigned (above INT64_MAX),
  // floats (1.0 included: Go refuses it for an integer field) and other kinds are refused.
  static bool ReadInt64(util::json::ValueRef v, std::int64_t& out) {
    if (v.Kind() != util::json::ValueKind::kInteger) return false;
    out = v.Int();
    return true;
  }
  static bool ReadTime(util::json::ValueRef v, metav1::Time& out) {
    if (!v.IsString()) return false;
    try {
      out = metav1::ParseRFC3339(v.String());
    } catch (const metav1::DecodeError&) {
      return false;  // TimeParseError: the tree reader decides (its lenient split)
    }
    return true;
  }
  // map[string]string: a null value reads as "".
  static bool ReadTextMap(util::json::ValueRef v, std::map<std::string, std::string>& out) {
    if (v.IsNull()) return true;
    if (!v.IsObject()) return false;
    bool ok = true;
    v.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
      if (!ok) return;
      if (x.IsString()) {
        out.emplace_hint(out.end(), key, x.String());  // keys arrive sorted: the hint is exact
      } else if (x.IsNull()) {
        out.emplace_hint(out.end(), key, std::string());
      } else {
        ok = false;
      }
    });
    return ok;
  }
  // []string: a null element reads as "".
  static bool ReadTextSlice(util::json::ValueRef v, std::vector<std::string>& out) {
    if (v.IsNull()) return true;
    if (!v.IsArray()) return false;
    bool ok = true;
    out.reserve(v.Size());
    v.ForEachElement([&](util::json::ValueRef x) {
      if (!ok) return;
      if (!x.IsString() && !x.IsNull()) {
        ok = false;
        return;
      }
      out.emplace_back(x.String());
    });
    return ok;
  }
  // []OwnerReference as metav1's from_json: a null element is a zero OwnerReference, unknown keys
  // of an element are ignored (Go drops them).
  static bool ReadOwnerReferences(util::json::ValueRef v, std::vector<metav1::OwnerReference>& out) {
    if (v.IsNull()) return true;
    if (!v.IsArray()) return false;
    bool ok = true;
    out.reserve(v.Size());
    v.ForEachElement([&](util::json::ValueRef entry) {
      if (!ok) return;
      metav1::OwnerReference& r = out.emplace_back();
      if (entry.IsNull()) return;
      if (!entry.IsObject()) {
        ok = false;
        return;
      }
      entry.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
        if (!ok || x.IsNull()) return;
        std::string* text = key == "apiVersion" ? &r.api_version
                            : key == "kind"     ? &r.kind
                            : key == "name"     ? &r.name
                            : key == "uid"      ? &r.uid
                                                : nullptr;
        std::optional<bool>* flag = key == "controller"           ? &r.controller
                                    : key == "blockOwnerDeletion" ? &r.block_owner_deletion
                                                                  : nullptr;
        if (text != nullptr) {
          ok = ReadText(x, *text);
        } else if (flag != nullptr) {
          if (!x.IsBool()) ok = false;
          *flag = x.Bool();
        }
      });
    });
    return ok;
  }
  // ReadMetaMember: one member of the metadata object (unknown keys go to `unknown`).
  static bool ReadMetaMember(std::string_view key, util::json::ValueRef v, metav1::ObjectMeta& m,
                             nlohmann::json& unknown) {
    switch (key.size()) {
      case 3:
        if (key == "uid") return ReadText(v, m.uid);
        break;
      case 4:
        if (key == "name") return ReadText(v, m.name);
        break;
      case 6:
        if (key == "labels") return ReadTextMap(v, m.labels);
        break;
      case 9:
        if (key == "namespace") return ReadText(v, m.namespace_);
        break;
      case 10:
        if (key == "generation") return v.IsNull() || ReadInt64(v, m.generation);
        if (key == "finalizers") return ReadTextSlice(v, m.finalizers);
        break;
      case 11:
        if (key == "annotations") return ReadTextMap(v, m.annotations);
        break;
      case 12:
        if (key == "generateName") return ReadText(v, m.generate_name);
        break;
      case 13:
        if (key == "managedFields") return v.IsNull() || ReadManagedFields(v, m.managed_fields);
        break;
      case 15:
        if (key == "resourceVersion") return ReadText(v, m.resource_version);
        if (key == "ownerReferences") return ReadOwnerReferences(v, m.owner_references);
        break;
      case 17:
        if (key == "creationTimestamp") return v.IsNull() || ReadTime(v, m.creation_timestamp);
        if (key == "deletionTimestamp") {
          if (v.IsNull()) return true;
          return ReadTime(v, m.deletion_timestamp.emplace());
        }
        break;
      case 26:
        if (key == "deletionGracePeriodSeconds") {
          if (v.IsNull()) return true;
          return ReadInt64(v, m.deletion_grace_period_seconds.emplace());
        }
        break;
      default:
        break;
    }
    if (!unknown.is_object()) unknown = nlohmann::json::object();
    auto& members = unknown.get_ref<nlohmann::json::object_t&>();
    members.emplace_hint(members.end(), key, v.ToJSON());  // keys arrive sorted: the hint is exact
    return true;
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
          if (!ReadTime(x, e.time.emplace())) ok = false;
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
