// metav1 object metadata: TypeMeta, ObjectMeta, ListMeta, OwnerReference, ManagedFieldsEntry (+
// FieldsV1); and the everyday value
// types of the same file: LabelSelector (+ LabelSelectorRequirement), Condition.
//
// Port of the metadata structs of k8s.io/apimachinery/pkg/apis/meta/v1 (types.go). Every stored
// Kubernetes object carries a TypeMeta (apiVersion, kind) and an ObjectMeta (name, namespace,
// labels, resourceVersion, ...); lists carry a ListMeta. Members are snake_case; the JSON wire keys
// are upstream's camelCase, with omitempty.
//
// Example:
//   metav1::ObjectMeta m = nlohmann::json::parse(R"({"name":"web","labels":{"app":"web"}})");
//   nlohmann::json j = m;   // {"labels":{"app":"web"},"name":"web"}
//   std::string text;
//   metav1::AppendJSON(text, m);   // {"name":"web","labels":{"app":"web"}}: Go's field order
//
// JSON (to_json/from_json, found by ADL):
// - Writing omits empty strings, zero numbers, empty maps/lists, unset optionals and zero Times
//   (omitempty; a zero `creationTimestamp` is left out as upstream's `omitempty,omitzero` tag does,
//   while a zero Time elsewhere, such as Condition's lastTransitionTime, is written as null). OwnerReference
//   always writes apiVersion, kind, name and uid (no omitempty upstream).
// - Reading is checked: a value of the wrong type throws metav1::DecodeError with Go's
//   encoding/json text (`json: cannot unmarshal number into Go struct field ObjectMeta.name of type
//   string`); a bad timestamp throws metav1::TimeParseError. JSON null reads as "unset", as in Go.
//   from_json replaces the whole value (it does not merge into the previous content).
// - Unknown keys: ObjectMeta and ListMeta keep keys they do not model (selfLink, future fields) in
//   `unknown_fields` (a JSON object, or null when there are none) and write them back, so a JSON
//   round trip does not lose them. Modelled keys always win over a same-named unknown key.
//
// Copies and == are safe at any depth: the free-form JSON members (unknown_fields) are
// util::json::Document, copied with util::json::DeepCopy and compared with util::json::Equal, so a
// document at util::json::Parse's depth limit copies on a small stack; a managedFields entry's
// field set is text (FieldsV1::raw), as Go keeps it.
//
// Differences from upstream:
// - to_json's document is a nlohmann::json object, so its keys come out sorted; AppendJSON writes
//   the keys in the order of the Go structs (k8s.io/apimachinery/pkg/apis/meta/v1/types.go), as
//   encoding/json's Marshal does: that is what runtime::JSONSerializer::Encode writes.
// - `unknown_fields` has no upstream counterpart (Go's typed decode drops unknown keys).
// - FieldsV1::raw is the compact text of the decoded value (util::json::Marshal: keys sorted, no
//   white space) where Go's FieldsV1.UnmarshalJSON keeps the bytes as they came.
//
// Thread-safety: value types.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1 {

// TypeMeta: the apiVersion and kind of a serialized object.
struct TypeMeta {
  std::string api_version{};  // "apiVersion"
  std::string kind{};

  friend bool operator==(const TypeMeta&, const TypeMeta&) = default;
};

// OwnerReference points at the object that owns this one (garbage collection, controllers).
struct OwnerReference {
  std::string api_version{};  // "apiVersion"
  std::string kind{};
  std::string name{};
  std::string uid{};
  std::optional<bool> controller{};
  std::optional<bool> block_owner_deletion{};  // "blockOwnerDeletion"

  friend bool operator==(const OwnerReference&, const OwnerReference&) = default;
};

// FieldsV1: a managedFields entry's set of fields, as JSON text (upstream: metav1.FieldsV1 with its
// Raw bytes, fields_proto / types.go). Any JSON value is accepted on decode (Go's
// FieldsV1.UnmarshalJSON takes the bytes unchecked); `raw` is written back verbatim.
struct FieldsV1 {
  std::string raw{};

  friend bool operator==(const FieldsV1&, const FieldsV1&) = default;
};

// ManagedFieldsEntry: one field manager's record in metadata.managedFields (upstream:
// metav1.ManagedFieldsEntry). JSON keys in Go's order, all omitempty.
struct ManagedFieldsEntry {
  std::string manager{};
  std::string operation{};     // "Apply" or "Update" (Go: ManagedFieldsOperationType, any text decodes)
  std::string api_version{};   // "apiVersion"
  std::optional<Time> time{};  // Go: *Time
  std::string fields_type{};   // "fieldsType", "FieldsV1"
  std::optional<FieldsV1> fields_v1{};  // "fieldsV1" (Go: *FieldsV1)
  std::string subresource{};

  friend bool operator==(const ManagedFieldsEntry&, const ManagedFieldsEntry&) = default;
};
inline constexpr std::string_view kManagedFieldsOperationApply = "Apply";
inline constexpr std::string_view kManagedFieldsOperationUpdate = "Update";

// ObjectMeta: the metadata every persisted object has.
struct ObjectMeta {
  std::string name{};
  std::string generate_name{};  // "generateName"
  std::string namespace_{};     // "namespace" (a C++ keyword, hence the underscore)
  std::string uid{};
  std::string resource_version{};  // "resourceVersion"
  std::int64_t generation = 0;
  Time creation_timestamp{};                                    // "creationTimestamp"
  std::optional<Time> deletion_timestamp{};                     // "deletionTimestamp"
  std::optional<std::int64_t> deletion_grace_period_seconds{};  // "deletionGracePeriodSeconds"
  std::map<std::string, std::string> labels{};
  std::map<std::string, std::string> annotations{};
  std::vector<OwnerReference> owner_references{};  // "ownerReferences"
  std::vector<std::string> finalizers{};
  std::vector<ManagedFieldsEntry> managed_fields{};  // "managedFields"
  // Keys of the JSON object this struct does not model (e.g. "selfLink"), written back verbatim:
  // a JSON object, or null when there are none. Not upstream (Go drops them).
  util::json::Document unknown_fields{};

  friend bool operator==(const ObjectMeta&, const ObjectMeta&) = default;
};

// ListMeta: the metadata of a list response.
struct ListMeta {
  std::string resource_version{};                      // "resourceVersion"
  std::string continue_{};                             // "continue"
  std::optional<std::int64_t> remaining_item_count{};  // "remainingItemCount"
  // Unmodelled keys (e.g. "selfLink"), as ObjectMeta::unknown_fields.
  util::json::Document unknown_fields{};

  friend bool operator==(const ListMeta&, const ListMeta&) = default;
};

// LabelSelectorOperator: the operator of a LabelSelectorRequirement (Go: a string type, so any
// text decodes; LabelSelectorAsSelector refuses the ones not listed here).
using LabelSelectorOperator = std::string;
inline constexpr std::string_view kLabelSelectorOpIn = "In";
inline constexpr std::string_view kLabelSelectorOpNotIn = "NotIn";
inline constexpr std::string_view kLabelSelectorOpExists = "Exists";
inline constexpr std::string_view kLabelSelectorOpDoesNotExist = "DoesNotExist";

// LabelSelectorRequirement: `key operator values` (upstream: metav1.LabelSelectorRequirement).
// JSON: "key" and "operator" always written, "values" omitempty.
struct LabelSelectorRequirement {
  std::string key{};
  LabelSelectorOperator operator_{};  // "operator" (a C++ keyword, hence the underscore)
  std::vector<std::string> values{};

  friend bool operator==(const LabelSelectorRequirement&, const LabelSelectorRequirement&) = default;
};

// LabelSelector: the API form of a label query: the requirements are ANDed, an empty selector
// matches everything (upstream: metav1.LabelSelector; helpers.hpp turns it into a
// labels::Selector). JSON: "matchLabels" and "matchExpressions", both omitempty.
struct LabelSelector {
  std::map<std::string, std::string> match_labels{};          // "matchLabels"
  std::vector<LabelSelectorRequirement> match_expressions{};  // "matchExpressions"

  friend bool operator==(const LabelSelector&, const LabelSelector&) = default;
};

// ConditionStatus: "True", "False" or "Unknown" (Go: a string type, any text decodes).
using ConditionStatus = std::string;
inline constexpr std::string_view kConditionTrue = "True";
inline constexpr std::string_view kConditionFalse = "False";
inline constexpr std::string_view kConditionUnknown = "Unknown";

// (Every member of these three has a default member initializer, so designated initializers
// naming only some members compile without -Wmissing-field-initializers.)
//
// Condition: one aspect of an object's current state (upstream: metav1.Condition; the helpers are
// in meta/conditions.hpp). JSON: every key always written (a zero lastTransitionTime as null)
// except "observedGeneration" (omitempty), as upstream's tags.
struct Condition {
  std::string type{};
  ConditionStatus status{};
  std::int64_t observed_generation = 0;  // "observedGeneration"
  Time last_transition_time{};           // "lastTransitionTime"
  std::string reason{};
  std::string message{};

  friend bool operator==(const Condition&, const Condition&) = default;
};

// JSON conversions. Throws (from_json): DecodeError, TimeParseError.
void to_json(nlohmann::json& j, const TypeMeta& v);
void from_json(const nlohmann::json& j, TypeMeta& v);
void to_json(nlohmann::json& j, const OwnerReference& v);
void from_json(const nlohmann::json& j, OwnerReference& v);
void to_json(nlohmann::json& j, const FieldsV1& v);
void from_json(const nlohmann::json& j, FieldsV1& v);
void to_json(nlohmann::json& j, const ManagedFieldsEntry& v);
void from_json(const nlohmann::json& j, ManagedFieldsEntry& v);
void to_json(nlohmann::json& j, const ObjectMeta& v);
void from_json(const nlohmann::json& j, ObjectMeta& v);
void to_json(nlohmann::json& j, const ListMeta& v);
void from_json(const nlohmann::json& j, ListMeta& v);
void to_json(nlohmann::json& j, const LabelSelectorRequirement& v);
void from_json(const nlohmann::json& j, LabelSelectorRequirement& v);
void to_json(nlohmann::json& j, const LabelSelector& v);
void from_json(const nlohmann::json& j, LabelSelector& v);
void to_json(nlohmann::json& j, const Condition& v);
void from_json(const nlohmann::json& j, Condition& v);

// AppendJSON appends the JSON text of a value with its keys in the Go struct's field order (what
// encoding/json writes; to_json's document, written by util::json::Marshal, has them sorted). The
// members written and their bytes are to_json's. Used by the ordered writer of field-list types
// (runtime/fields_json.hpp: FieldsAppendJSON). ObjectMeta's and ListMeta's unknown_fields: a
// `selfLink` is written at its place in Go's struct, the other unknown keys after the modelled
// ones, in byte order (Go has no such keys). Cost: one pass over the value, no document.
void AppendJSON(std::string& out, const TypeMeta& v);
void AppendJSON(std::string& out, const OwnerReference& v);
void AppendJSON(std::string& out, const FieldsV1& v);
void AppendJSON(std::string& out, const ManagedFieldsEntry& v);
void AppendJSON(std::string& out, const ObjectMeta& v);
void AppendJSON(std::string& out, const ListMeta& v);
void AppendJSON(std::string& out, const LabelSelectorRequirement& v);
void AppendJSON(std::string& out, const LabelSelector& v);
void AppendJSON(std::string& out, const Condition& v);
// AppendInlineJSON appends TypeMeta's members (`"kind":..,"apiVersion":..`, each omitempty) inside
// an enclosing object, after a comma unless `first`: Go's embedded TypeMeta.
void AppendInlineJSON(std::string& out, bool& first, const TypeMeta& v);

// Implementation details follow.

namespace internal {

// MetaField: one modelled key of a metadata struct: a checked reader (throws DecodeError, leaves
// the member untouched on error) and an omitempty writer. The tables below drive to_json/from_json
// and runtime::Unstructured's lossless metadata split (wire_meta.hpp).
template <typename Meta>
struct MetaField {
  std::string_view key{};
  void (*read)(const nlohmann::json& v, Meta& m);
  void (*write)(const Meta& m, nlohmann::json& j);
};

template <typename Meta>
struct MetaFieldTable;

template <>
struct MetaFieldTable<ObjectMeta> {
  static constexpr std::string_view kStruct = "ObjectMeta";
  static constexpr std::string_view kGoType = "v1.ObjectMeta";
  static const std::array<MetaField<ObjectMeta>, 14>& Fields();
};

template <>
struct MetaFieldTable<ListMeta> {
  static constexpr std::string_view kStruct = "ListMeta";
  static constexpr std::string_view kGoType = "v1.ListMeta";
  static const std::array<MetaField<ListMeta>, 3>& Fields();
};

template <typename Meta>
const MetaField<Meta>* FindMetaField(std::string_view key) {
  for (const auto& f : MetaFieldTable<Meta>::Fields()) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

// ReadTime: a Time member, with DecodeError's field context for non-strings.
APIMACHINERY_DECL void ReadTimeField(const nlohmann::json& v, Time& out, std::string_view key);

inline const std::array<MetaField<ObjectMeta>, 14>& MetaFieldTable<ObjectMeta>::Fields() {
  using J = nlohmann::json;
  using M = ObjectMeta;
  static const std::array<MetaField<ObjectMeta>, 14> fields = {{
      {"name", [](const J& v, M& m) { ReadString(v, m.name, "ObjectMeta", "name"); },
       [](const M& m, J& j) { WriteString(j, "name", m.name); }},
      {"generateName", [](const J& v, M& m) { ReadString(v, m.generate_name, "ObjectMeta", "generateName"); },
       [](const M& m, J& j) { WriteString(j, "generateName", m.generate_name); }},
      {"namespace", [](const J& v, M& m) { ReadString(v, m.namespace_, "ObjectMeta", "namespace"); },
       [](const M& m, J& j) { WriteString(j, "namespace", m.namespace_); }},
      {"uid", [](const J& v, M& m) { ReadString(v, m.uid, "ObjectMeta", "uid"); },
       [](const M& m, J& j) { WriteString(j, "uid", m.uid); }},
      {"resourceVersion",
       [](const J& v, M& m) { ReadString(v, m.resource_version, "ObjectMeta", "resourceVersion"); },
       [](const M& m, J& j) { WriteString(j, "resourceVersion", m.resource_version); }},
      {"generation", [](const J& v, M& m) { ReadInt(v, m.generation, "ObjectMeta", "generation", "int64"); },
       [](const M& m, J& j) { WriteInt(j, "generation", m.generation); }},
      {"creationTimestamp",
       [](const J& v, M& m) {
         Time t;
         ReadTimeField(v, t, "creationTimestamp");
         m.creation_timestamp = t;
       },
       [](const M& m, J& j) {
         if (!m.creation_timestamp.IsZero()) j["creationTimestamp"] = m.creation_timestamp;
       }},
      {"deletionTimestamp",
       [](const J& v, M& m) {
         if (v.is_null()) return;
         Time t;
         ReadTimeField(v, t, "deletionTimestamp");
         m.deletion_timestamp = t;
       },
       [](const M& m, J& j) {
         if (m.deletion_timestamp && !m.deletion_timestamp->IsZero()) {
           j["deletionTimestamp"] = *m.deletion_timestamp;
         }
       }},
      {"deletionGracePeriodSeconds",
       [](const J& v, M& m) {
         ReadOptionalInt(v, m.deletion_grace_period_seconds, "ObjectMeta", "deletionGracePeriodSeconds",
                         "int64");
       },
       [](const M& m, J& j) {
         WriteOptional(j, "deletionGracePeriodSeconds", m.deletion_grace_period_seconds);
       }},
      {"labels", [](const J& v, M& m) { ReadStringMap(v, m.labels, "ObjectMeta", "labels"); },
       [](const M& m, J& j) { WriteContainer(j, "labels", m.labels); }},
      {"annotations", [](const J& v, M& m) { ReadStringMap(v, m.annotations, "ObjectMeta", "annotations"); },
       [](const M& m, J& j) { WriteContainer(j, "annotations", m.annotations); }},
      {"ownerReferences",
       [](const J& v, M& m) {
         ReadObjectSlice(v, m.owner_references, "ObjectMeta", "ownerReferences", "[]v1.OwnerReference");
       },
       [](const M& m, J& j) { WriteContainer(j, "ownerReferences", m.owner_references); }},
      {"finalizers", [](const J& v, M& m) { ReadStringSlice(v, m.finalizers, "ObjectMeta", "finalizers"); },
       [](const M& m, J& j) { WriteContainer(j, "finalizers", m.finalizers); }},
      {"managedFields",
       [](const J& v, M& m) {
         ReadObjectSlice(v, m.managed_fields, "ObjectMeta", "managedFields", "[]v1.ManagedFieldsEntry");
       },
       [](const M& m, J& j) { WriteContainer(j, "managedFields", m.managed_fields); }},
  }};
  return fields;
}

inline const std::array<MetaField<ListMeta>, 3>& MetaFieldTable<ListMeta>::Fields() {
  using J = nlohmann::json;
  using M = ListMeta;
  static const std::array<MetaField<ListMeta>, 3> fields = {{
      {"resourceVersion",
       [](const J& v, M& m) { ReadString(v, m.resource_version, "ListMeta", "resourceVersion"); },
       [](const M& m, J& j) { WriteString(j, "resourceVersion", m.resource_version); }},
      {"continue", [](const J& v, M& m) { ReadString(v, m.continue_, "ListMeta", "continue"); },
       [](const M& m, J& j) { WriteString(j, "continue", m.continue_); }},
      {"remainingItemCount",
       [](const J& v, M& m) {
         ReadOptionalInt(v, m.remaining_item_count, "ListMeta", "remainingItemCount", "int64");
       },
       [](const M& m, J& j) { WriteOptional(j, "remainingItemCount", m.remaining_item_count); }},
  }};
  return fields;
}

// MetaToJSON / MetaFromJSON: table-driven conversions shared by ObjectMeta and ListMeta.
template <typename Meta>
nlohmann::json MetaToJSON(const Meta& m) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& f : MetaFieldTable<Meta>::Fields()) f.write(m, j);
  if (m.unknown_fields.is_object()) {
    for (const auto& [key, value] : m.unknown_fields.items()) {
      if (FindMetaField<Meta>(key) == nullptr) j[key] = util::json::DeepCopy(value);
    }
  }
  return j;
}

template <typename Meta>
void MetaFromJSON(const nlohmann::json& j, Meta& out) {
  RequireObject(j, MetaFieldTable<Meta>::kGoType);
  Meta m{};
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (const auto* f = FindMetaField<Meta>(key)) {
        f->read(value, m);
      } else {
        m.unknown_fields[key] = util::json::DeepCopy(value);
      }
    }
  }
  out = std::move(m);
}

// AppendUnknownKey: the unknown key `key` (an unmodelled field of Go's struct: selfLink) at its
// place in Go's order.
APIMACHINERY_DECL void AppendUnknownKey(std::string& out, bool& first, const nlohmann::json& unknown,
                                        std::string_view key);

// AppendUnknownRest: the unknown keys other than `placed` that MetaToJSON writes, in byte order.
template <typename Meta>
void AppendUnknownRest(std::string& out, bool& first, const nlohmann::json& unknown,
                       std::string_view placed) {
  if (!unknown.is_object()) return;
  for (const auto& [key, value] : unknown.items()) {
    if (key == placed || FindMetaField<Meta>(key) != nullptr) continue;
    util::json::AppendKey(out, first, key);
    util::json::AppendMarshal(out, value);
  }
}

}  // namespace internal

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/types.ipp"
#endif
