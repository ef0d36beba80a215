// metav1::Status: the result of an API call that does not return an object (errors, deletes).
//
// Port of Status, StatusDetails, StatusCause and the StatusReason / CauseType constants of
// k8s.io/apimachinery/pkg/apis/meta/v1 types.go. Status is a runtime object (kind "Status",
// apiVersion "v1"): a list-style type with `list_meta`. api/errors/errors.hpp builds StatusError on
// it.
//
// Example:
//   std::string body = R"({"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 404,
//                          "reason": "NotFound", "message": "pods \"web-0\" not found"})";
//   metav1::Status s = nlohmann::json::parse(body);
//   if (s.reason == metav1::kStatusReasonNotFound) fmt::print("{}\n", s.message);
//
// JSON: real wire keys (apiVersion, kind, metadata, status, message, reason, details{name, group,
// kind, uid, causes[{reason, message, field}], retryAfterSeconds}, code), omitempty on write,
// checked reads (metav1::DecodeError with Go's encoding/json text). to_json's document has its keys
// sorted; AppendJSON writes Go's field order, as runtime::JSONSerializer::Encode does.
//
// Differences from upstream: StatusReason and CauseType are plain std::string (servers send reasons
// this library does not know; they must survive a round trip); the known values are
// `inline constexpr std::string_view` constants named as upstream with a `k` prefix.
// StatusCause's Go member `Type` is `type`, serialized as "reason" (as upstream).
//
// Thread-safety: value types.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::metav1 {

// Status.status values.
inline constexpr std::string_view kStatusSuccess = "Success";
inline constexpr std::string_view kStatusFailure = "Failure";

// StatusReason: a machine-readable description of why an operation failed.
using StatusReason = std::string;
inline constexpr std::string_view kStatusReasonUnknown = "";
inline constexpr std::string_view kStatusReasonUnauthorized = "Unauthorized";
inline constexpr std::string_view kStatusReasonForbidden = "Forbidden";
inline constexpr std::string_view kStatusReasonNotFound = "NotFound";
inline constexpr std::string_view kStatusReasonAlreadyExists = "AlreadyExists";
inline constexpr std::string_view kStatusReasonConflict = "Conflict";
inline constexpr std::string_view kStatusReasonGone = "Gone";
inline constexpr std::string_view kStatusReasonInvalid = "Invalid";
inline constexpr std::string_view kStatusReasonServerTimeout = "ServerTimeout";
inline constexpr std::string_view kStatusReasonStoreReadError = "StorageReadError";
inline constexpr std::string_view kStatusReasonTimeout = "Timeout";
inline constexpr std::string_view kStatusReasonTooManyRequests = "TooManyRequests";
inline constexpr std::string_view kStatusReasonBadRequest = "BadRequest";
inline constexpr std::string_view kStatusReasonMethodNotAllowed = "MethodNotAllowed";
inline constexpr std::string_view kStatusReasonNotAcceptable = "NotAcceptable";
inline constexpr std::string_view kStatusReasonRequestEntityTooLarge = "RequestEntityTooLarge";
inline constexpr std::string_view kStatusReasonUnsupportedMediaType = "UnsupportedMediaType";
inline constexpr std::string_view kStatusReasonInternalError = "InternalError";
inline constexpr std::string_view kStatusReasonExpired = "Expired";
inline constexpr std::string_view kStatusReasonServiceUnavailable = "ServiceUnavailable";

// CauseType: a machine-readable description of one cause of a failure.
using CauseType = std::string;
inline constexpr std::string_view kCauseTypeFieldValueNotFound = "FieldValueNotFound";
inline constexpr std::string_view kCauseTypeFieldValueRequired = "FieldValueRequired";
inline constexpr std::string_view kCauseTypeFieldValueDuplicate = "FieldValueDuplicate";
inline constexpr std::string_view kCauseTypeFieldValueInvalid = "FieldValueInvalid";
inline constexpr std::string_view kCauseTypeFieldValueNotSupported = "FieldValueNotSupported";
inline constexpr std::string_view kCauseTypeForbidden = "FieldValueForbidden";
inline constexpr std::string_view kCauseTypeTooLong = "FieldValueTooLong";
inline constexpr std::string_view kCauseTypeTooMany = "FieldValueTooMany";
inline constexpr std::string_view kCauseTypeInternal = "InternalError";
inline constexpr std::string_view kCauseTypeTypeInvalid = "FieldValueTypeInvalid";
inline constexpr std::string_view kCauseTypeUnexpectedServerResponse = "UnexpectedServerResponse";
inline constexpr std::string_view kCauseTypeFieldManagerConflict = "FieldManagerConflict";
inline constexpr std::string_view kCauseTypeResourceVersionTooLarge = "ResourceVersionTooLarge";

// StatusCause: one cause of a failure (a field error, typically).
struct StatusCause {
  CauseType type;  // "reason"
  std::string message;
  std::string field;

  friend bool operator==(const StatusCause&, const StatusCause&) = default;
};

// StatusDetails: the object a Status is about, and its causes.
struct StatusDetails {
  std::string name;
  std::string group;
  std::string kind;
  std::string uid;
  std::vector<StatusCause> causes;
  std::int32_t retry_after_seconds = 0;  // "retryAfterSeconds"

  friend bool operator==(const StatusDetails&, const StatusDetails&) = default;
};

// Status: the return value of calls that do not return an object.
struct Status : runtime::ObjectBase<Status> {
  static constexpr std::string_view kKind = "Status";

  TypeMeta type_meta;
  ListMeta list_meta;  // "metadata"
  std::string status;  // kStatusSuccess or kStatusFailure
  std::string message;
  StatusReason reason;
  std::optional<StatusDetails> details;
  std::int32_t code = 0;

  friend bool operator==(const Status& a, const Status& b) {
    return a.type_meta == b.type_meta && a.list_meta == b.list_meta && a.status == b.status &&
           a.message == b.message && a.reason == b.reason && a.details == b.details && a.code == b.code;
  }
};

void to_json(nlohmann::json& j, const StatusCause& v);
void from_json(const nlohmann::json& j, StatusCause& v);
void to_json(nlohmann::json& j, const StatusDetails& v);
void from_json(const nlohmann::json& j, StatusDetails& v);
void to_json(nlohmann::json& j, const Status& v);
// AppendJSON: to_json's members as text, in the Go structs' order (kind, apiVersion, metadata,
// status, message, reason, details, code; types.hpp's AppendJSON); for Status, `type_meta` when
// not null replaces the object's apiVersion/kind (the serializer's stamp, TypeInfo::append_json).
void AppendJSON(std::string& out, const StatusCause& v);
void AppendJSON(std::string& out, const StatusDetails& v);
void AppendJSON(std::string& out, const Status& v, const TypeMeta* type_meta = nullptr);
void from_json(const nlohmann::json& j, Status& v);

// Implementation details follow.

inline void to_json(nlohmann::json& j, const StatusCause& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "reason", v.type);
  internal::WriteString(j, "message", v.message);
  internal::WriteString(j, "field", v.field);
}

inline void from_json(const nlohmann::json& j, StatusCause& v) {
  internal::RequireObject(j, "v1.StatusCause");
  StatusCause c;
  if (const auto* x = internal::Find(j, "reason")) internal::ReadString(*x, c.type, "StatusCause", "reason");
  if (const auto* x = internal::Find(j, "message")) {
    internal::ReadString(*x, c.message, "StatusCause", "message");
  }
  if (const auto* x = internal::Find(j, "field")) internal::ReadString(*x, c.field, "StatusCause", "field");
  v = std::move(c);
}

inline void to_json(nlohmann::json& j, const StatusDetails& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "name", v.name);
  internal::WriteString(j, "group", v.group);
  internal::WriteString(j, "kind", v.kind);
  internal::WriteString(j, "uid", v.uid);
  internal::WriteContainer(j, "causes", v.causes);
  internal::WriteInt(j, "retryAfterSeconds", v.retry_after_seconds);
}

inline void from_json(const nlohmann::json& j, StatusDetails& v) {
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

inline void to_json(nlohmann::json& j, const Status& v) {
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

inline void AppendJSON(std::string& out, const StatusCause& v) {
  bool first = true;
  out += '{';
  internal::AppendString(out, first, "reason", v.type);
  internal::AppendString(out, first, "message", v.message);
  internal::AppendString(out, first, "field", v.field);
  out += '}';
}

inline void AppendJSON(std::string& out, const StatusDetails& v) {
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

inline void AppendJSON(std::string& out, const Status& v, const TypeMeta* type_meta) {
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

inline void from_json(const nlohmann::json& j, Status& v) {
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
