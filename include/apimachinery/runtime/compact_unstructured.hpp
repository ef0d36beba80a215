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
#include "apimachinery/config.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/compact.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

class CompactUnstructured final : public Object {
 public:
  // The empty object `{}`.
  APIMACHINERY_DECL CompactUnstructured();
  // A document that is a JSON object. Throws: metav1::DecodeError for any other value.
  APIMACHINERY_DECL explicit CompactUnstructured(std::shared_ptr<const util::json::Compact> doc);
  APIMACHINERY_DECL explicit CompactUnstructured(util::json::Compact doc);
  // The content of an Unstructured (its typed writes included), interned into `pool` when given.
  APIMACHINERY_DECL explicit CompactUnstructured(const Unstructured& u,
                                                 std::shared_ptr<util::json::StringPool> pool = nullptr);

  // Root: the document as decoded (typed metadata writes are not in it; see the top of the file).
  APIMACHINERY_DECL util::json::ValueRef Root() const noexcept;
  // Document: the shared immutable document.
  APIMACHINERY_DECL const std::shared_ptr<const util::json::Compact>& Document() const noexcept;

  // ToUnstructured: an editable copy: the document, with the typed metadata writes folded in.
  APIMACHINERY_DECL Unstructured ToUnstructured() const;
  // UnstructuredContent: ToUnstructured()'s content as a JSON tree.
  APIMACHINERY_DECL nlohmann::json UnstructuredContent() const;
  // MarshalJSON: util::json::Marshal of ToUnstructured()'s content (straight from the document
  // when the typed metadata was not written).
  APIMACHINERY_DECL std::string MarshalJSON() const;

  // WithoutManagedFields: this object without metadata.managedFields (the same object when it has
  // none): a new document, so that the old one's memory is freed with its last holder.
  APIMACHINERY_DECL CompactUnstructured WithoutManagedFields() const;

  // ReadObjectMeta: the typed view of a "metadata" value (kAbsent: the object has none), as the
  // constructor reads it: ReadObjectMetaDirect when that handles the value, else
  // ReadObjectMetaTree. The result is ReadObjectMetaTree's for every input (a tested property).
  // Throws: std::bad_alloc; apimachinery::Error for a non-finite number in a fieldsV1 value (only a
  // document built From a tree can hold one), as the tree reader's Marshal of it. A key of the
  // wrong type does not throw: it reads leniently (ReadObjectMetaTree).
  APIMACHINERY_DECL static metav1::ObjectMeta ReadObjectMeta(util::json::ValueRef md);
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
  APIMACHINERY_DECL static bool ReadObjectMetaDirect(util::json::ValueRef md, metav1::ObjectMeta& out);
  // ReadObjectMetaTree: the reference reader, as Unstructured reads its metadata (whose lenient
  // getters follow upstream's unstructured.go, k8s.io/apimachinery/pkg/apis/meta/v1/unstructured:
  // GetName and the others read a missing or wrongly typed field as its zero value):
  // internal::MetadataMirror<metav1::ObjectMeta>::Read of the metadata as an nlohmann tree (strict
  // from_json of metav1::ObjectMeta; on metav1::DecodeError, metav1::WireMeta's lenient split, in
  // which a modelled key of the wrong type reads as its zero value). Well-formed managedFields are
  // read straight from the document and left out of the tree (their fieldsV1 values are most of a
  // Pod's metadata). Cost: a tree of the metadata (O(metadata) allocations).
  APIMACHINERY_DECL static metav1::ObjectMeta ReadObjectMetaTree(util::json::ValueRef md);

  // runtime::Object.
  APIMACHINERY_DECL schema::GroupVersionKind GetObjectKind() const override;
  APIMACHINERY_DECL void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override;
  APIMACHINERY_DECL std::unique_ptr<Object> DeepCopyObject() const override;
  using Object::GetObjectMeta;
  APIMACHINERY_DECL const metav1::ObjectMeta* GetObjectMeta() const noexcept override;
  APIMACHINERY_DECL util::TypeId GetTypeId() const noexcept override;

  // Equal when their content (typed writes folded in) is equal, numbers by value.
  APIMACHINERY_DECL friend bool operator==(const CompactUnstructured& a, const CompactUnstructured& b);

 protected:
  APIMACHINERY_DECL metav1::ObjectMeta* MutableObjectMeta() noexcept override;

 private:
  APIMACHINERY_DECL static std::shared_ptr<const util::json::Compact> Empty();
  APIMACHINERY_DECL void ReadMeta();

  // Readers of the direct path: each reads the value as the tree reader would when it has its
  // type, and returns false (the caller then gives the whole metadata to the tree path) otherwise.
  // A null reads as absent, as the tree reader's (Go's) rule.
  APIMACHINERY_DECL static bool ReadText(util::json::ValueRef v, std::string& out);
  // An int64: the document holds integers within int64 as kInteger; kUnsigned (above INT64_MAX),
  // floats (1.0 included: Go refuses it for an integer field) and other kinds are refused.
  APIMACHINERY_DECL static bool ReadInt64(util::json::ValueRef v, std::int64_t& out);
  APIMACHINERY_DECL static bool ReadTime(util::json::ValueRef v, metav1::Time& out);
  // map[string]string: a null value reads as "".
  APIMACHINERY_DECL static bool ReadTextMap(util::json::ValueRef v, std::map<std::string, std::string>& out);
  // []string: a null element reads as "".
  APIMACHINERY_DECL static bool ReadTextSlice(util::json::ValueRef v, std::vector<std::string>& out);
  // []OwnerReference as metav1's from_json: a null element is a zero OwnerReference, unknown keys
  // of an element are ignored (Go drops them).
  APIMACHINERY_DECL static bool ReadOwnerReferences(util::json::ValueRef v,
                                                    std::vector<metav1::OwnerReference>& out);
  // ReadMetaMember: one member of the metadata object (unknown keys go to `unknown`).
  APIMACHINERY_DECL static bool ReadMetaMember(std::string_view key, util::json::ValueRef v,
                                               metav1::ObjectMeta& m, nlohmann::json& unknown);
  // ReadManagedFields: what from_json of []ManagedFieldsEntry gives for `v`, or false when `v` is
  // absent or anything but an array of entries whose known keys all have their types (the tree
  // reader then decides, errors and lenient reading included).
  APIMACHINERY_DECL static bool ReadManagedFields(util::json::ValueRef v,
                                                  std::vector<metav1::ManagedFieldsEntry>& out);

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

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/compact_unstructured.ipp"
#endif
