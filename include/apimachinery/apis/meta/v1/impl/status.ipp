// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/status.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/status.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL bool operator==(const Status& a, const Status& b) {
  return a.type_meta == b.type_meta && a.list_meta == b.list_meta && a.status == b.status &&
         a.message == b.message && a.reason == b.reason && a.details == b.details && a.code == b.code;
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const StatusCause& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "reason", v.type);
  internal::WriteString(j, "message", v.message);
  internal::WriteString(j, "field", v.field);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, StatusCause& v) {
  internal::RequireObject(j, "v1.StatusCause");
  StatusCause c;
  if (const auto* x = internal::Find(j, "reason")) internal::ReadString(*x, c.type, "StatusCause", "reason");
  if (const auto* x = internal::Find(j, "message")) {
    internal::ReadString(*x, c.message, "StatusCause", "message");
  }
  if (const auto* x = internal::Find(j, "field")) internal::ReadString(*x, c.field, "StatusCause", "field");
  v = std::move(c);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const StatusDetails& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "name", v.name);
  internal::WriteString(j, "group", v.group);
  internal::WriteString(j, "kind", v.kind);
  internal::WriteString(j, "uid", v.uid);
  internal::WriteContainer(j, "causes", v.causes);
  internal::WriteInt(j, "retryAfterSeconds", v.retry_after_seconds);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, StatusDetails& v) {
  internal::RequireObject(j, "v1.StatusDetails");
  StatusDetails d;
  constexpr std::string_view s = "StatusDetails";
  if (const auto* x = internal::Find(j, "name")) internal::ReadString(*x, d.name, s, "name");
  if (const auto* x = internal::Find(j, "group")) internal::ReadString(*x, d.group, s, "group");
  if (const auto* x = internal::Find(j, "kind")) internal::ReadString(*x, d.kind, s, "kind");
  if (const auto* x = internal::Find(j, "uid")) internal::ReadString(*x, d.uid, s, "uid");
  if (const auto* x = internal::Find(j, "causes")) {
    internal::ReadObjectSlice(*x, d.causes, s, "causes", "[]v1.StatusCause");
  }
  if (const auto* x = internal::Find(j, "retryAfterSeconds")) {
    internal::ReadInt(*x, d.retry_after_seconds, s, "retryAfterSeconds", "int32");
  }
  v = std::move(d);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Status& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "apiVersion", v.type_meta.api_version);
  internal::WriteString(j, "kind", v.type_meta.kind);
  nlohmann::json meta = v.list_meta;
  // Go's `metadata` has omitempty on a struct, which never omits: an empty ListMeta is `{}`.
  j["metadata"] = std::move(meta);
  internal::WriteString(j, "status", v.status);
  internal::WriteString(j, "message", v.message);
  internal::WriteString(j, "reason", v.reason);
  if (v.details) j["details"] = *v.details;
  internal::WriteInt(j, "code", v.code);
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const StatusCause& v) {
  bool first = true;
  out += '{';
  internal::AppendString(out, first, "reason", v.type);
  internal::AppendString(out, first, "message", v.message);
  internal::AppendString(out, first, "field", v.field);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const StatusDetails& v) {
  bool first = true;
  out += '{';
  internal::AppendString(out, first, "name", v.name);
  internal::AppendString(out, first, "group", v.group);
  internal::AppendString(out, first, "kind", v.kind);
  internal::AppendString(out, first, "uid", v.uid);
  internal::AppendSlice(out, first, "causes", v.causes);
  internal::AppendInt(out, first, "retryAfterSeconds", v.retry_after_seconds);
  out += '}';
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const Status& v, const TypeMeta* type_meta) {
  bool first = true;
  out += '{';
  AppendInlineJSON(out, first, type_meta != nullptr ? *type_meta : v.type_meta);
  util::json::AppendKey(out, first, "metadata");
  AppendJSON(out, v.list_meta);
  internal::AppendString(out, first, "status", v.status);
  internal::AppendString(out, first, "message", v.message);
  internal::AppendString(out, first, "reason", v.reason);
  if (v.details) {
    util::json::AppendKey(out, first, "details");
    AppendJSON(out, *v.details);
  }
  internal::AppendInt(out, first, "code", v.code);
  out += '}';
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Status& v) {
  internal::RequireObject(j, "v1.Status");
  Status st;
  constexpr std::string_view s = "Status";
  if (const auto* x = internal::Find(j, "apiVersion")) {
    internal::ReadString(*x, st.type_meta.api_version, s, "apiVersion");
  }
  if (const auto* x = internal::Find(j, "kind")) internal::ReadString(*x, st.type_meta.kind, s, "kind");
  if (const auto* x = internal::Find(j, "metadata")) from_json(*x, st.list_meta);
  if (const auto* x = internal::Find(j, "status")) internal::ReadString(*x, st.status, s, "status");
  if (const auto* x = internal::Find(j, "message")) internal::ReadString(*x, st.message, s, "message");
  if (const auto* x = internal::Find(j, "reason")) internal::ReadString(*x, st.reason, s, "reason");
  if (const auto* x = internal::Find(j, "details")) {
    StatusDetails d;
    from_json(*x, d);
    st.details = std::move(d);
  }
  if (const auto* x = internal::Find(j, "code")) internal::ReadInt(*x, st.code, s, "code", "int32");
  v = std::move(st);
}

}  // namespace apimachinery::metav1
