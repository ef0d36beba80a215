// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/types.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/types.hpp"

namespace apimachinery::metav1::internal {

APIMACHINERY_DECL void ReadTimeField(const nlohmann::json& v, Time& out, std::string_view key) {
  if (v.is_null()) {
    out = Time{};
    return;
  }
  if (!v.is_string()) ThrowFieldType(JSONTypeName(v), "ObjectMeta", key, "string");
  out = ParseRFC3339(v.get_ref<const std::string&>());
}

APIMACHINERY_DECL void AppendUnknownKey(std::string& out, bool& first, const nlohmann::json& unknown,
                                        std::string_view key) {
  if (!unknown.is_object()) return;
  if (auto it = unknown.find(key); it != unknown.end()) {
    util::json::AppendKey(out, first, key);
    util::json::AppendMarshal(out, *it);
  }
}

}  // namespace apimachinery::metav1::internal

namespace apimachinery::metav1 {

APIMACHINERY_DECL void AppendInlineJSON(std::string& out, bool& first, const TypeMeta& v) {
  internal::AppendString(out, first, "kind", v.kind);
  internal::AppendString(out, first, "apiVersion", v.api_version);
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const TypeMeta& v) {
  bool first = true;
  out += '{';
  AppendInlineJSON(out, first, v);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const OwnerReference& v) {
  bool first = true;
  out += '{';
  util::json::AppendKey(out, first, "apiVersion");
  util::AppendJSONQuote(out, v.api_version);
  util::json::AppendKey(out, first, "kind");
  util::AppendJSONQuote(out, v.kind);
  util::json::AppendKey(out, first, "name");
  util::AppendJSONQuote(out, v.name);
  util::json::AppendKey(out, first, "uid");
  util::AppendJSONQuote(out, v.uid);
  internal::AppendOptional(out, first, "controller", v.controller);
  internal::AppendOptional(out, first, "blockOwnerDeletion", v.block_owner_deletion);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const FieldsV1& v) {
  if (v.raw.empty()) {
    out += "null";
  } else {
    util::json::AppendMarshal(out, util::json::Parse(v.raw));  // as to_json: the text compacted, keys sorted
  }
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const ManagedFieldsEntry& v) {
  bool first = true;
  out += '{';
  internal::AppendString(out, first, "manager", v.manager);
  internal::AppendString(out, first, "operation", v.operation);
  internal::AppendString(out, first, "apiVersion", v.api_version);
  if (v.time) {
    util::json::AppendKey(out, first, "time");
    AppendJSON(out, *v.time);
  }
  internal::AppendString(out, first, "fieldsType", v.fields_type);
  if (v.fields_v1) {
    util::json::AppendKey(out, first, "fieldsV1");
    AppendJSON(out, *v.fields_v1);
  }
  internal::AppendString(out, first, "subresource", v.subresource);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const ObjectMeta& v) {
  bool first = true;
  out += '{';
  internal::AppendString(out, first, "name", v.name);
  internal::AppendString(out, first, "generateName", v.generate_name);
  internal::AppendString(out, first, "namespace", v.namespace_);
  internal::AppendUnknownKey(out, first, v.unknown_fields, "selfLink");
  internal::AppendString(out, first, "uid", v.uid);
  internal::AppendString(out, first, "resourceVersion", v.resource_version);
  internal::AppendInt(out, first, "generation", v.generation);
  if (!v.creation_timestamp.IsZero()) {
    util::json::AppendKey(out, first, "creationTimestamp");
    AppendJSON(out, v.creation_timestamp);
  }
  if (v.deletion_timestamp && !v.deletion_timestamp->IsZero()) {
    util::json::AppendKey(out, first, "deletionTimestamp");
    AppendJSON(out, *v.deletion_timestamp);
  }
  internal::AppendOptional(out, first, "deletionGracePeriodSeconds", v.deletion_grace_period_seconds);
  internal::AppendStringMap(out, first, "labels", v.labels);
  internal::AppendStringMap(out, first, "annotations", v.annotations);
  internal::AppendSlice(out, first, "ownerReferences", v.owner_references);
  internal::AppendSlice(out, first, "finalizers", v.finalizers);
  internal::AppendSlice(out, first, "managedFields", v.managed_fields);
  internal::AppendUnknownRest<ObjectMeta>(out, first, v.unknown_fields, "selfLink");
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const ListMeta& v) {
  bool first = true;
  out += '{';
  internal::AppendUnknownKey(out, first, v.unknown_fields, "selfLink");
  internal::AppendString(out, first, "resourceVersion", v.resource_version);
  internal::AppendString(out, first, "continue", v.continue_);
  internal::AppendOptional(out, first, "remainingItemCount", v.remaining_item_count);
  internal::AppendUnknownRest<ListMeta>(out, first, v.unknown_fields, "selfLink");
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const LabelSelectorRequirement& v) {
  bool first = true;
  out += '{';
  util::json::AppendKey(out, first, "key");
  util::AppendJSONQuote(out, v.key);
  util::json::AppendKey(out, first, "operator");
  util::AppendJSONQuote(out, v.operator_);
  internal::AppendSlice(out, first, "values", v.values);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const LabelSelector& v) {
  bool first = true;
  out += '{';
  internal::AppendStringMap(out, first, "matchLabels", v.match_labels);
  internal::AppendSlice(out, first, "matchExpressions", v.match_expressions);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const Condition& v) {
  bool first = true;
  out += '{';
  util::json::AppendKey(out, first, "type");
  util::AppendJSONQuote(out, v.type);
  util::json::AppendKey(out, first, "status");
  util::AppendJSONQuote(out, v.status);
  internal::AppendInt(out, first, "observedGeneration", v.observed_generation);
  util::json::AppendKey(out, first, "lastTransitionTime");
  AppendJSON(out, v.last_transition_time);
  util::json::AppendKey(out, first, "reason");
  util::AppendJSONQuote(out, v.reason);
  util::json::AppendKey(out, first, "message");
  util::AppendJSONQuote(out, v.message);
  out += '}';
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const TypeMeta& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "apiVersion", v.api_version);
  internal::WriteString(j, "kind", v.kind);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, TypeMeta& v) {
  internal::RequireObject(j, "v1.TypeMeta");
  TypeMeta t;
  if (const auto* a = internal::Find(j, "apiVersion")) {
    internal::ReadString(*a, t.api_version, "TypeMeta", "apiVersion");
  }
  if (const auto* k = internal::Find(j, "kind")) internal::ReadString(*k, t.kind, "TypeMeta", "kind");
  v = std::move(t);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const OwnerReference& v) {
  j = nlohmann::json{{"apiVersion", v.api_version}, {"kind", v.kind}, {"name", v.name}, {"uid", v.uid}};
  internal::WriteOptional(j, "controller", v.controller);
  internal::WriteOptional(j, "blockOwnerDeletion", v.block_owner_deletion);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, OwnerReference& v) {
  internal::RequireObject(j, "v1.OwnerReference");
  OwnerReference r;
  constexpr std::string_view s = "OwnerReference";
  if (const auto* x = internal::Find(j, "apiVersion")) {
    internal::ReadString(*x, r.api_version, s, "apiVersion");
  }
  if (const auto* x = internal::Find(j, "kind")) internal::ReadString(*x, r.kind, s, "kind");
  if (const auto* x = internal::Find(j, "name")) internal::ReadString(*x, r.name, s, "name");
  if (const auto* x = internal::Find(j, "uid")) internal::ReadString(*x, r.uid, s, "uid");
  if (const auto* x = internal::Find(j, "controller")) {
    internal::ReadOptionalBool(*x, r.controller, s, "controller");
  }
  if (const auto* x = internal::Find(j, "blockOwnerDeletion")) {
    internal::ReadOptionalBool(*x, r.block_owner_deletion, s, "blockOwnerDeletion");
  }
  v = std::move(r);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const FieldsV1& v) {
  // Go's FieldsV1.MarshalJSON writes Raw as it is, "null" when empty.
  j = v.raw.empty() ? nlohmann::json(nullptr) : util::json::Parse(v.raw);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, FieldsV1& v) { v.raw = util::json::Marshal(j); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const ManagedFieldsEntry& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "manager", v.manager);
  internal::WriteString(j, "operation", v.operation);
  internal::WriteString(j, "apiVersion", v.api_version);
  if (v.time) j["time"] = *v.time;
  internal::WriteString(j, "fieldsType", v.fields_type);
  if (v.fields_v1) j["fieldsV1"] = *v.fields_v1;
  internal::WriteString(j, "subresource", v.subresource);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, ManagedFieldsEntry& v) {
  internal::RequireObject(j, "v1.ManagedFieldsEntry");
  ManagedFieldsEntry e;
  constexpr std::string_view s = "ManagedFieldsEntry";
  if (const auto* x = internal::Find(j, "manager")) internal::ReadString(*x, e.manager, s, "manager");
  if (const auto* x = internal::Find(j, "operation")) {
    if (!x->is_string()) {
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "operation", "v1.ManagedFieldsOperationType");
    }
    e.operation = x->get_ref<const std::string&>();
  }
  if (const auto* x = internal::Find(j, "apiVersion"))
    internal::ReadString(*x, e.api_version, s, "apiVersion");
  if (const auto* x = internal::Find(j, "time")) {
    if (!x->is_string()) internal::ThrowFieldType(internal::JSONTypeName(*x), s, "time", "string");
    e.time = ParseRFC3339(x->get_ref<const std::string&>());
  }
  if (const auto* x = internal::Find(j, "fieldsType"))
    internal::ReadString(*x, e.fields_type, s, "fieldsType");
  if (const auto* x = internal::Find(j, "fieldsV1")) e.fields_v1 = x->get<FieldsV1>();
  if (const auto* x = internal::Find(j, "subresource")) {
    internal::ReadString(*x, e.subresource, s, "subresource");
  }
  v = std::move(e);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const ObjectMeta& v) { j = internal::MetaToJSON(v); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, ObjectMeta& v) { internal::MetaFromJSON(j, v); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const ListMeta& v) { j = internal::MetaToJSON(v); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, ListMeta& v) { internal::MetaFromJSON(j, v); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const LabelSelectorRequirement& v) {
  j = nlohmann::json{{"key", v.key}, {"operator", v.operator_}};
  internal::WriteContainer(j, "values", v.values);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, LabelSelectorRequirement& v) {
  internal::RequireObject(j, "v1.LabelSelectorRequirement");
  LabelSelectorRequirement r;
  constexpr std::string_view s = "LabelSelectorRequirement";
  if (const auto* x = internal::Find(j, "key")) internal::ReadString(*x, r.key, s, "key");
  if (const auto* x = internal::Find(j, "operator")) {
    if (!x->is_string())
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "operator", "v1.LabelSelectorOperator");
    r.operator_ = x->get_ref<const std::string&>();
  }
  if (const auto* x = internal::Find(j, "values")) internal::ReadStringSlice(*x, r.values, s, "values");
  v = std::move(r);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const LabelSelector& v) {
  j = nlohmann::json::object();
  internal::WriteContainer(j, "matchLabels", v.match_labels);
  internal::WriteContainer(j, "matchExpressions", v.match_expressions);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, LabelSelector& v) {
  internal::RequireObject(j, "v1.LabelSelector");
  LabelSelector l;
  if (const auto* x = internal::Find(j, "matchLabels")) {
    internal::ReadStringMap(*x, l.match_labels, "LabelSelector", "matchLabels");
  }
  if (const auto* x = internal::Find(j, "matchExpressions")) {
    internal::ReadObjectSlice(*x, l.match_expressions, "LabelSelector", "matchExpressions",
                              "[]v1.LabelSelectorRequirement");
  }
  v = std::move(l);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Condition& v) {
  j = nlohmann::json{{"type", v.type},
                     {"status", v.status},
                     {"lastTransitionTime", v.last_transition_time},
                     {"reason", v.reason},
                     {"message", v.message}};
  internal::WriteInt(j, "observedGeneration", v.observed_generation);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Condition& v) {
  internal::RequireObject(j, "v1.Condition");
  Condition c;
  constexpr std::string_view s = "Condition";
  if (const auto* x = internal::Find(j, "type")) internal::ReadString(*x, c.type, s, "type");
  if (const auto* x = internal::Find(j, "status")) {
    if (!x->is_string())
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "status", "v1.ConditionStatus");
    c.status = x->get_ref<const std::string&>();
  }
  if (const auto* x = internal::Find(j, "observedGeneration")) {
    internal::ReadInt(*x, c.observed_generation, s, "observedGeneration", "int64");
  }
  if (const auto* x = internal::Find(j, "lastTransitionTime")) {
    if (!x->is_string())
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "lastTransitionTime", "string");
    c.last_transition_time = ParseRFC3339(x->get_ref<const std::string&>());
  }
  if (const auto* x = internal::Find(j, "reason")) internal::ReadString(*x, c.reason, s, "reason");
  if (const auto* x = internal::Find(j, "message")) internal::ReadString(*x, c.message, s, "message");
  v = std::move(c);
}

}  // namespace apimachinery::metav1
