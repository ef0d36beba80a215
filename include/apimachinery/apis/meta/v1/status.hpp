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
#include "apimachinery/config.hpp"
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

  APIMACHINERY_DECL friend bool operator==(const Status& a, const Status& b);
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

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/status.ipp"
#endif
