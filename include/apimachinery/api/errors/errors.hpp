// Package errors (umbrella and only header): API errors carrying a metav1::Status.
//
// Port of k8s.io/apimachinery/pkg/api/errors (errors.go). StatusError is what a REST API server
// returns and what clients reconstruct from a response; the New* constructors build the standard
// ones with upstream's exact messages, the Is* predicates classify any exception.
//
// Example:
//   try {
//     throw errors::NewNotFound({"apps", "deployments"}, "web");  // deployments.apps "web" not found
//   } catch (const std::exception& e) {
//     if (!errors::IsNotFound(e)) throw;  // else: create it
//   }
//
// Predicates: each IsXxx(e) is true when `e` is (or, inside an apimachinery::AggregateError,
// contains) a StatusError whose reason matches - or, as upstream, whose reason is not one of the
// known reasons and whose HTTP code is the matching one (IsTooManyRequests and
// IsRequestEntityTooLargeError accept the code whatever the reason, IsAlreadyExists,
// IsResourceExpired, IsServerTimeout and IsStoreReadError look at the reason only). Overloads
// taking std::exception_ptr return false for a null pointer (Go's nil error).
//
// Throws: the New* functions return the error (throw it yourself); nothing here throws except
// std::bad_alloc.
//
// Differences from upstream:
// - NewInvalid takes a field::ErrorList as upstream (errors.go: NewInvalid; one cause per error:
//   type = the ErrorType value such as "FieldValueRequired", message = ErrorBody(), field = the
//   path; message `<kind> "<name>" is invalid: <field::ToAggregate(errs)>`, the aggregate printing
//   one error as is and several, duplicates dropped, as "[a, b]"). A braced list `{...}` of
//   field::Errors (and `{}`) picks that form. A second overload takes the causes directly
//   (metav1::StatusCause{type, message, field}), for servers that relay causes they did not build
//   as field errors; its message is built the same way from "<field>: <message>" of each cause.
// - Functions taking a Go `error` take `const std::exception&` (its what()) or a string.
// - FromObject renders an unexpected object as `unexpected object: <GVK>` (Go prints the struct).
// - Go's ErrStatus member is `err_status`; Status() returns it.
//
// Thread-safety: StatusError is immutable once constructed; the functions are pure.
#pragma once

#include <cstdint>
#include <exception>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/runtime/unstructured_converter.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/validation/field/errors.hpp"

namespace apimachinery::errors {

// HTTP status codes used by the constructors (net/http names).
inline constexpr std::int32_t kStatusBadRequest = 400;
inline constexpr std::int32_t kStatusUnauthorized = 401;
inline constexpr std::int32_t kStatusForbidden = 403;
inline constexpr std::int32_t kStatusNotFound = 404;
inline constexpr std::int32_t kStatusMethodNotAllowed = 405;
inline constexpr std::int32_t kStatusNotAcceptable = 406;
inline constexpr std::int32_t kStatusConflict = 409;
inline constexpr std::int32_t kStatusGone = 410;
inline constexpr std::int32_t kStatusRequestEntityTooLarge = 413;
inline constexpr std::int32_t kStatusUnsupportedMediaType = 415;
inline constexpr std::int32_t kStatusUnprocessableEntity = 422;
inline constexpr std::int32_t kStatusTooManyRequests = 429;
inline constexpr std::int32_t kStatusInternalServerError = 500;
inline constexpr std::int32_t kStatusServiceUnavailable = 503;
inline constexpr std::int32_t kStatusGatewayTimeout = 504;

// StatusError: an error carrying a metav1::Status; what() is the status message.
class StatusError : public Error {
 public:
  explicit StatusError(metav1::Status status) : Error(status.message), err_status(std::move(status)) {}

  // Upstream: ErrStatus.
  metav1::Status err_status;

  // Status returns the status (upstream: APIStatus.Status()).
  const metav1::Status& Status() const noexcept { return err_status; }
};

// UnexpectedObjectError: FromObject was given something that is not a Status.
class UnexpectedObjectError : public Error {
 public:
  explicit UnexpectedObjectError(const schema::GroupVersionKind& gvk)
      : Error(fmt::format("unexpected object: {}", gvk.String())), object_kind(gvk) {}
  schema::GroupVersionKind object_kind;
};

// Constructors (upstream texts).
StatusError NewNotFound(const schema::GroupResource& qualified_resource, std::string_view name);
StatusError NewAlreadyExists(const schema::GroupResource& qualified_resource, std::string_view name);
StatusError NewGenerateNameConflict(const schema::GroupResource& qualified_resource, std::string_view name,
                                    int retry_after_seconds);
StatusError NewUnauthorized(std::string_view reason);
StatusError NewForbidden(const schema::GroupResource& qualified_resource, std::string_view name,
                         std::string_view err);
StatusError NewForbidden(const schema::GroupResource& qualified_resource, std::string_view name,
                         const std::exception& err);
StatusError NewConflict(const schema::GroupResource& qualified_resource, std::string_view name,
                        std::string_view err);
StatusError NewConflict(const schema::GroupResource& qualified_resource, std::string_view name,
                        const std::exception& err);
StatusError NewApplyConflict(std::vector<metav1::StatusCause> causes, std::string message);
StatusError NewGone(std::string message);
StatusError NewResourceExpired(std::string message);
StatusError NewInvalid(const schema::GroupKind& qualified_kind, std::string_view name,
                       const field::ErrorList& errs);
StatusError NewInvalid(const schema::GroupKind& qualified_kind, std::string_view name,
                       std::initializer_list<field::Error> errs);
StatusError NewInvalid(const schema::GroupKind& qualified_kind, std::string_view name,
                       const std::vector<metav1::StatusCause>& causes);
StatusError NewBadRequest(std::string reason);
StatusError NewTooManyRequests(std::string message, int retry_after_seconds);
StatusError NewServiceUnavailable(std::string reason);
StatusError NewMethodNotSupported(const schema::GroupResource& qualified_resource, std::string_view action);
StatusError NewServerTimeout(const schema::GroupResource& qualified_resource, std::string_view operation,
                             int retry_after_seconds);
StatusError NewServerTimeoutForKind(const schema::GroupKind& qualified_kind, std::string_view operation,
                                    int retry_after_seconds);
StatusError NewInternalError(std::string_view err);
StatusError NewInternalError(const std::exception& err);
StatusError NewTimeoutError(std::string_view message, int retry_after_seconds);
StatusError NewTooManyRequestsError(std::string_view message);
StatusError NewRequestEntityTooLargeError(std::string_view message);
// NewGenericServerResponse: an error for a server response without a usable Status. `verb` is the
// HTTP method ("GET", "POST", ...).
StatusError NewGenericServerResponse(int code, std::string_view verb,
                                     const schema::GroupResource& qualified_resource, std::string_view name,
                                     std::string_view server_message, int retry_after_seconds,
                                     bool is_unexpected_response);

// FromObject: a StatusError for a metav1::Status (typed, or an Unstructured of kind Status with
// apiVersion v1 or meta.k8s.io/v1); an UnexpectedObjectError otherwise. Returned, not thrown.
std::exception_ptr FromObject(const runtime::Object& obj);

// Classification. Each has a std::exception_ptr overload (null: false / unknown).
metav1::StatusReason ReasonForError(const std::exception& e);
metav1::StatusReason ReasonForError(const std::exception_ptr& e);
// AsStatusError: the first StatusError in `e` (or inside an aggregate), nullptr if none.
const StatusError* AsStatusError(const std::exception& e) noexcept;

#define APIMACHINERY_INTERNAL_DECLARE_IS(Name) \
  bool Name(const std::exception& e);          \
  bool Name(const std::exception_ptr& e);
APIMACHINERY_INTERNAL_DECLARE_IS(IsNotFound)
APIMACHINERY_INTERNAL_DECLARE_IS(IsAlreadyExists)
APIMACHINERY_INTERNAL_DECLARE_IS(IsConflict)
APIMACHINERY_INTERNAL_DECLARE_IS(IsInvalid)
APIMACHINERY_INTERNAL_DECLARE_IS(IsGone)
APIMACHINERY_INTERNAL_DECLARE_IS(IsResourceExpired)
APIMACHINERY_INTERNAL_DECLARE_IS(IsNotAcceptable)
APIMACHINERY_INTERNAL_DECLARE_IS(IsUnsupportedMediaType)
APIMACHINERY_INTERNAL_DECLARE_IS(IsMethodNotSupported)
APIMACHINERY_INTERNAL_DECLARE_IS(IsServiceUnavailable)
APIMACHINERY_INTERNAL_DECLARE_IS(IsBadRequest)
APIMACHINERY_INTERNAL_DECLARE_IS(IsUnauthorized)
APIMACHINERY_INTERNAL_DECLARE_IS(IsForbidden)
APIMACHINERY_INTERNAL_DECLARE_IS(IsTimeout)
APIMACHINERY_INTERNAL_DECLARE_IS(IsServerTimeout)
APIMACHINERY_INTERNAL_DECLARE_IS(IsInternalError)
APIMACHINERY_INTERNAL_DECLARE_IS(IsTooManyRequests)
APIMACHINERY_INTERNAL_DECLARE_IS(IsRequestEntityTooLargeError)
APIMACHINERY_INTERNAL_DECLARE_IS(IsUnexpectedServerError)
APIMACHINERY_INTERNAL_DECLARE_IS(IsUnexpectedObjectError)
APIMACHINERY_INTERNAL_DECLARE_IS(IsStoreReadError)
#undef APIMACHINERY_INTERNAL_DECLARE_IS

// HasStatusCause / StatusCause: the first cause of the given type in the error's details.
bool HasStatusCause(const std::exception& e, std::string_view cause_type);
std::optional<metav1::StatusCause> StatusCause(const std::exception& e, std::string_view cause_type);
// SuggestsClientDelay: the seconds to wait, when the error asks for a delay (upstream's (int, bool)).
std::optional<int> SuggestsClientDelay(const std::exception& e);

// Implementation details follow.

namespace internal {

inline StatusError Failure(std::int32_t code, std::string_view reason, std::string message,
                           std::optional<metav1::StatusDetails> details = std::nullopt) {
  metav1::Status s;
  s.status = std::string(metav1::kStatusFailure);
  s.code = code;
  s.reason = std::string(reason);
  s.message = std::move(message);
  s.details = std::move(details);
  return StatusError(std::move(s));
}

inline metav1::StatusDetails Details(const schema::GroupResource& gr, std::string_view name,
                                     std::int32_t retry_after = 0) {
  metav1::StatusDetails d;
  d.group = gr.group;
  d.kind = gr.resource;
  d.name = std::string(name);
  d.retry_after_seconds = retry_after;
  return d;
}

inline bool IsKnownReason(std::string_view r) {
  static constexpr std::string_view kKnown[] = {metav1::kStatusReasonUnauthorized,
                                                metav1::kStatusReasonForbidden,
                                                metav1::kStatusReasonNotFound,
                                                metav1::kStatusReasonAlreadyExists,
                                                metav1::kStatusReasonConflict,
                                                metav1::kStatusReasonGone,
                                                metav1::kStatusReasonInvalid,
                                                metav1::kStatusReasonServerTimeout,
                                                metav1::kStatusReasonStoreReadError,
                                                metav1::kStatusReasonTimeout,
                                                metav1::kStatusReasonTooManyRequests,
                                                metav1::kStatusReasonBadRequest,
                                                metav1::kStatusReasonMethodNotAllowed,
                                                metav1::kStatusReasonNotAcceptable,
                                                metav1::kStatusReasonRequestEntityTooLarge,
                                                metav1::kStatusReasonUnsupportedMediaType,
                                                metav1::kStatusReasonInternalError,
                                                metav1::kStatusReasonExpired,
                                                metav1::kStatusReasonServiceUnavailable};
  for (auto k : kKnown) {
    if (k == r) return true;
  }
  return false;
}

// ReasonOrCode: the reason matches, or the reason is unknown and the code matches.
inline bool ReasonOrCode(const std::exception& e, std::string_view reason, std::int32_t code) {
  const auto* s = AsStatusError(e);
  if (s == nullptr) return false;
  const auto& st = s->err_status;
  if (st.reason == reason) return true;
  return !IsKnownReason(st.reason) && st.code == code;
}

inline bool ReasonOnly(const std::exception& e, std::string_view reason) {
  return ReasonForError(e) == reason;
}

inline bool ReasonOrAnyCode(const std::exception& e, std::string_view reason, std::int32_t code) {
  const auto* s = AsStatusError(e);
  if (s == nullptr) return false;
  return s->err_status.reason == reason || s->err_status.code == code;
}

template <typename Pred>
bool OnPtr(const std::exception_ptr& p, Pred pred) {
  if (!p) return false;
  try {
    std::rethrow_exception(p);
  } catch (const std::exception& e) {
    return pred(e);
  } catch (...) {
    return false;
  }
}

// The Invalid status of both NewInvalid forms; `aggregate` is the aggregate's text (nullopt: none).
inline StatusError Invalid(const schema::GroupKind& gk, std::string_view name,
                           std::vector<metav1::StatusCause> causes,
                           const std::optional<std::string>& aggregate) {
  metav1::StatusDetails d;
  d.group = gk.group;
  d.kind = gk.kind;
  d.name = std::string(name);
  d.causes = std::move(causes);
  std::string message = aggregate
                            ? fmt::format("{} {} is invalid: {}", gk.String(), util::Quote(name), *aggregate)
                            : fmt::format("{} {} is invalid", gk.String(), util::Quote(name));
  return Failure(kStatusUnprocessableEntity, metav1::kStatusReasonInvalid, std::move(message), std::move(d));
}

}  // namespace internal

inline const StatusError* AsStatusError(const std::exception& e) noexcept {
  if (const auto* s = dynamic_cast<const StatusError*>(&e)) return s;
  if (const auto* agg = dynamic_cast<const AggregateError*>(&e)) {
    for (const auto& inner : agg->errors) {
      if (!inner) continue;
      try {
        std::rethrow_exception(inner);
      } catch (const std::exception& ex) {
        // The exception object outlives this handler: `inner` keeps it alive.
        if (const auto* s = AsStatusError(ex)) return s;
      } catch (...) {
      }
    }
  }
  return nullptr;
}

inline StatusError NewNotFound(const schema::GroupResource& gr, std::string_view name) {
  return internal::Failure(kStatusNotFound, metav1::kStatusReasonNotFound,
                           fmt::format("{} {} not found", gr.String(), util::Quote(name)),
                           internal::Details(gr, name));
}

inline StatusError NewAlreadyExists(const schema::GroupResource& gr, std::string_view name) {
  return internal::Failure(kStatusConflict, metav1::kStatusReasonAlreadyExists,
                           fmt::format("{} {} already exists", gr.String(), util::Quote(name)),
                           internal::Details(gr, name));
}

inline StatusError NewGenerateNameConflict(const schema::GroupResource& gr, std::string_view name,
                                           int retry_after_seconds) {
  return internal::Failure(
      kStatusConflict, metav1::kStatusReasonAlreadyExists,
      fmt::format("{} {} already exists, the server was not able to generate a unique name for the object",
                  gr.String(), util::Quote(name)),
      internal::Details(gr, name, retry_after_seconds));
}

inline StatusError NewUnauthorized(std::string_view reason) {
  std::string message(reason);
  if (message.empty()) message = "not authorized";
  return internal::Failure(kStatusUnauthorized, metav1::kStatusReasonUnauthorized, std::move(message));
}

inline StatusError NewForbidden(const schema::GroupResource& gr, std::string_view name,
                                std::string_view err) {
  std::string message;
  if (gr.Empty()) {
    message = fmt::format("forbidden: {}", err);
  } else if (name.empty()) {
    message = fmt::format("{} is forbidden: {}", gr.String(), err);
  } else {
    message = fmt::format("{} {} is forbidden: {}", gr.String(), util::Quote(name), err);
  }
  return internal::Failure(kStatusForbidden, metav1::kStatusReasonForbidden, std::move(message),
                           internal::Details(gr, name));
}
inline StatusError NewForbidden(const schema::GroupResource& gr, std::string_view name,
                                const std::exception& err) {
  return NewForbidden(gr, name, std::string_view(err.what()));
}

inline StatusError NewConflict(const schema::GroupResource& gr, std::string_view name, std::string_view err) {
  return internal::Failure(
      kStatusConflict, metav1::kStatusReasonConflict,
      fmt::format("Operation cannot be fulfilled on {} {}: {}", gr.String(), util::Quote(name), err),
      internal::Details(gr, name));
}
inline StatusError NewConflict(const schema::GroupResource& gr, std::string_view name,
                               const std::exception& err) {
  return NewConflict(gr, name, std::string_view(err.what()));
}

inline StatusError NewApplyConflict(std::vector<metav1::StatusCause> causes, std::string message) {
  metav1::StatusDetails d;
  d.causes = std::move(causes);
  return internal::Failure(kStatusConflict, metav1::kStatusReasonConflict, std::move(message), std::move(d));
}

inline StatusError NewGone(std::string message) {
  return internal::Failure(kStatusGone, metav1::kStatusReasonGone, std::move(message));
}

inline StatusError NewResourceExpired(std::string message) {
  return internal::Failure(kStatusGone, metav1::kStatusReasonExpired, std::move(message));
}

inline StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
                              const field::ErrorList& errs) {
  std::vector<metav1::StatusCause> causes;
  causes.reserve(errs.size());
  for (const auto& e : errs) {
    causes.push_back(metav1::StatusCause{std::string(field::String(e.type)), e.ErrorBody(), e.field});
  }
  std::optional<std::string> aggregate;
  if (auto agg = field::ToAggregate(errs)) aggregate = agg->what();
  return internal::Invalid(gk, name, std::move(causes), aggregate);
}

inline StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
                              std::initializer_list<field::Error> errs) {
  return NewInvalid(gk, name, field::ErrorList(errs));
}

inline StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
                              const std::vector<metav1::StatusCause>& causes) {
  // As field.ErrorList.ToAggregate() would print errors with these causes: texts
  // "<field>: <message>", duplicates removed; one text as is, several as "[a, b]".
  std::vector<std::string> texts;
  for (const auto& c : causes) {
    std::string t = c.field + ": " + c.message;
    bool seen = false;
    for (const auto& x : texts) seen = seen || x == t;
    if (!seen) texts.push_back(std::move(t));
  }
  std::optional<std::string> aggregate;
  if (!texts.empty()) {
    std::string agg = texts.front();
    if (texts.size() > 1) {
      for (std::size_t i = 1; i < texts.size(); ++i) agg += ", " + texts[i];
      agg = "[" + agg + "]";
    }
    aggregate = std::move(agg);
  }
  return internal::Invalid(gk, name, causes, aggregate);
}

inline StatusError NewBadRequest(std::string reason) {
  return internal::Failure(kStatusBadRequest, metav1::kStatusReasonBadRequest, std::move(reason));
}

inline StatusError NewTooManyRequests(std::string message, int retry_after_seconds) {
  metav1::StatusDetails d;
  d.retry_after_seconds = retry_after_seconds;
  return internal::Failure(kStatusTooManyRequests, metav1::kStatusReasonTooManyRequests, std::move(message),
                           std::move(d));
}

inline StatusError NewServiceUnavailable(std::string reason) {
  return internal::Failure(kStatusServiceUnavailable, metav1::kStatusReasonServiceUnavailable,
                           std::move(reason));
}

inline StatusError NewMethodNotSupported(const schema::GroupResource& gr, std::string_view action) {
  metav1::StatusDetails d;
  d.group = gr.group;
  d.kind = gr.resource;
  return internal::Failure(
      kStatusMethodNotAllowed, metav1::kStatusReasonMethodNotAllowed,
      fmt::format("{} is not supported on resources of kind {}", action, util::Quote(gr.String())),
      std::move(d));
}

inline StatusError NewServerTimeout(const schema::GroupResource& gr, std::string_view operation,
                                    int retry_after_seconds) {
  return internal::Failure(
      kStatusInternalServerError, metav1::kStatusReasonServerTimeout,
      fmt::format("The {} operation against {} could not be completed at this time, please try again.",
                  operation, gr.String()),
      internal::Details(gr, operation, retry_after_seconds));
}

inline StatusError NewServerTimeoutForKind(const schema::GroupKind& gk, std::string_view operation,
                                           int retry_after_seconds) {
  return NewServerTimeout(schema::GroupResource{gk.group, gk.kind}, operation, retry_after_seconds);
}

inline StatusError NewInternalError(std::string_view err) {
  metav1::StatusDetails d;
  d.causes.push_back(metav1::StatusCause{"", std::string(err), ""});
  return internal::Failure(kStatusInternalServerError, metav1::kStatusReasonInternalError,
                           fmt::format("Internal error occurred: {}", err), std::move(d));
}
inline StatusError NewInternalError(const std::exception& err) {
  return NewInternalError(std::string_view(err.what()));
}

inline StatusError NewTimeoutError(std::string_view message, int retry_after_seconds) {
  metav1::StatusDetails d;
  d.retry_after_seconds = retry_after_seconds;
  return internal::Failure(kStatusGatewayTimeout, metav1::kStatusReasonTimeout,
                           fmt::format("Timeout: {}", message), std::move(d));
}

inline StatusError NewTooManyRequestsError(std::string_view message) {
  return internal::Failure(kStatusTooManyRequests, metav1::kStatusReasonTooManyRequests,
                           fmt::format("Too many requests: {}", message));
}

inline StatusError NewRequestEntityTooLargeError(std::string_view message) {
  return internal::Failure(kStatusRequestEntityTooLarge, metav1::kStatusReasonRequestEntityTooLarge,
                           fmt::format("Request entity too large: {}", message));
}

inline StatusError NewGenericServerResponse(int code, std::string_view verb, const schema::GroupResource& gr,
                                            std::string_view name, std::string_view server_message,
                                            int retry_after_seconds, bool is_unexpected_response) {
  std::string_view reason = metav1::kStatusReasonUnknown;
  std::string message =
      fmt::format("the server responded with the status code {} but did not return more information", code);
  switch (code) {
    case kStatusConflict:
      reason = verb == "POST" ? metav1::kStatusReasonAlreadyExists : metav1::kStatusReasonConflict;
      message = "the server reported a conflict";
      break;
    case kStatusNotFound:
      reason = metav1::kStatusReasonNotFound;
      message = "the server could not find the requested resource";
      break;
    case kStatusBadRequest:
      reason = metav1::kStatusReasonBadRequest;
      message = "the server rejected our request for an unknown reason";
      break;
    case kStatusUnauthorized:
      reason = metav1::kStatusReasonUnauthorized;
      message = "the server has asked for the client to provide credentials";
      break;
    case kStatusForbidden:
      reason = metav1::kStatusReasonForbidden;
      message = std::string(server_message);
      break;
    case kStatusNotAcceptable:
      reason = metav1::kStatusReasonNotAcceptable;
      if (server_message.empty() || server_message == "unknown") {
        message = "the server was unable to respond with a content type that the client supports";
      } else {
        message = std::string(server_message);
      }
      break;
    case kStatusUnsupportedMediaType:
      reason = metav1::kStatusReasonUnsupportedMediaType;
      message = std::string(server_message);
      break;
    case kStatusMethodNotAllowed:
      reason = metav1::kStatusReasonMethodNotAllowed;
      message = "the server does not allow this method on the requested resource";
      break;
    case kStatusUnprocessableEntity:
      reason = metav1::kStatusReasonInvalid;
      message = "the server rejected our request due to an error in our request";
      break;
    case kStatusServiceUnavailable:
      reason = metav1::kStatusReasonServiceUnavailable;
      message = "the server is currently unable to handle the request";
      break;
    case kStatusGatewayTimeout:
      reason = metav1::kStatusReasonTimeout;
      message =
          "the server was unable to return a response in the time allotted, but may still be "
          "processing the request";
      break;
    case kStatusTooManyRequests:
      reason = metav1::kStatusReasonTooManyRequests;
      message = "the server has received too many requests and has asked us to try again later";
      break;
    default:
      if (code >= 500) {
        reason = metav1::kStatusReasonInternalError;
        message = fmt::format("an error on the server ({}) has prevented the request from succeeding",
                              util::Quote(server_message));
      }
  }
  std::string lower_verb(verb);
  for (auto& c : lower_verb) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (!gr.Empty() && !name.empty()) {
    message = fmt::format("{} ({} {} {})", message, lower_verb, gr.String(), name);
  } else if (!gr.Empty()) {
    message = fmt::format("{} ({} {})", message, lower_verb, gr.String());
  }
  metav1::StatusDetails d = internal::Details(gr, name, retry_after_seconds);
  if (is_unexpected_response) {
    d.causes.push_back(metav1::StatusCause{std::string(metav1::kCauseTypeUnexpectedServerResponse),
                                           std::string(server_message), ""});
  }
  return internal::Failure(static_cast<std::int32_t>(code), reason, std::move(message), std::move(d));
}

inline std::exception_ptr FromObject(const runtime::Object& obj) {
  if (const auto* s = dynamic_cast<const metav1::Status*>(&obj)) {
    return std::make_exception_ptr(StatusError(*s));
  }
  if (const auto* u = dynamic_cast<const runtime::Unstructured*>(&obj)) {
    if (u->GetKind() == "Status") {
      metav1::Status status;
      try {
        runtime::FromUnstructured(u->UnstructuredContent(), status);
      } catch (const Error&) {
        return std::current_exception();
      }
      if (status.type_meta.api_version == "v1" || status.type_meta.api_version == "meta.k8s.io/v1") {
        return std::make_exception_ptr(StatusError(std::move(status)));
      }
    }
  }
  return std::make_exception_ptr(UnexpectedObjectError(obj.GetObjectKind()));
}

inline metav1::StatusReason ReasonForError(const std::exception& e) {
  if (const auto* s = AsStatusError(e)) return s->err_status.reason;
  return std::string(metav1::kStatusReasonUnknown);
}
inline metav1::StatusReason ReasonForError(const std::exception_ptr& p) {
  metav1::StatusReason r;
  internal::OnPtr(p, [&](const std::exception& e) {
    r = ReasonForError(e);
    return true;
  });
  return r;
}

#define APIMACHINERY_INTERNAL_DEFINE_IS(Name, expr)                             \
  inline bool Name(const std::exception& e) { return (expr); }                  \
  inline bool Name(const std::exception_ptr& p) {                               \
    return internal::OnPtr(p, [](const std::exception& x) { return Name(x); }); \
  }
APIMACHINERY_INTERNAL_DEFINE_IS(IsNotFound,
                                internal::ReasonOrCode(e, metav1::kStatusReasonNotFound, kStatusNotFound))
APIMACHINERY_INTERNAL_DEFINE_IS(IsAlreadyExists, internal::ReasonOnly(e, metav1::kStatusReasonAlreadyExists))
APIMACHINERY_INTERNAL_DEFINE_IS(IsConflict,
                                internal::ReasonOrCode(e, metav1::kStatusReasonConflict, kStatusConflict))
APIMACHINERY_INTERNAL_DEFINE_IS(IsInvalid, internal::ReasonOrCode(e, metav1::kStatusReasonInvalid,
                                                                  kStatusUnprocessableEntity))
APIMACHINERY_INTERNAL_DEFINE_IS(IsGone, internal::ReasonOrCode(e, metav1::kStatusReasonGone, kStatusGone))
APIMACHINERY_INTERNAL_DEFINE_IS(IsResourceExpired, internal::ReasonOnly(e, metav1::kStatusReasonExpired))
APIMACHINERY_INTERNAL_DEFINE_IS(IsNotAcceptable, internal::ReasonOrCode(e, metav1::kStatusReasonNotAcceptable,
                                                                        kStatusNotAcceptable))
APIMACHINERY_INTERNAL_DEFINE_IS(IsUnsupportedMediaType,
                                internal::ReasonOrCode(e, metav1::kStatusReasonUnsupportedMediaType,
                                                       kStatusUnsupportedMediaType))
APIMACHINERY_INTERNAL_DEFINE_IS(IsMethodNotSupported,
                                internal::ReasonOrCode(e, metav1::kStatusReasonMethodNotAllowed,
                                                       kStatusMethodNotAllowed))
APIMACHINERY_INTERNAL_DEFINE_IS(IsServiceUnavailable,
                                internal::ReasonOrCode(e, metav1::kStatusReasonServiceUnavailable,
                                                       kStatusServiceUnavailable))
APIMACHINERY_INTERNAL_DEFINE_IS(IsBadRequest,
                                internal::ReasonOrCode(e, metav1::kStatusReasonBadRequest, kStatusBadRequest))
APIMACHINERY_INTERNAL_DEFINE_IS(IsUnauthorized, internal::ReasonOrCode(e, metav1::kStatusReasonUnauthorized,
                                                                       kStatusUnauthorized))
APIMACHINERY_INTERNAL_DEFINE_IS(IsForbidden,
                                internal::ReasonOrCode(e, metav1::kStatusReasonForbidden, kStatusForbidden))
APIMACHINERY_INTERNAL_DEFINE_IS(IsTimeout, internal::ReasonOrCode(e, metav1::kStatusReasonTimeout,
                                                                  kStatusGatewayTimeout))
APIMACHINERY_INTERNAL_DEFINE_IS(IsServerTimeout, internal::ReasonOnly(e, metav1::kStatusReasonServerTimeout))
APIMACHINERY_INTERNAL_DEFINE_IS(IsInternalError, internal::ReasonOrCode(e, metav1::kStatusReasonInternalError,
                                                                        kStatusInternalServerError))
APIMACHINERY_INTERNAL_DEFINE_IS(IsTooManyRequests,
                                internal::ReasonOrAnyCode(e, metav1::kStatusReasonTooManyRequests,
                                                          kStatusTooManyRequests))
APIMACHINERY_INTERNAL_DEFINE_IS(IsRequestEntityTooLargeError,
                                internal::ReasonOrAnyCode(e, metav1::kStatusReasonRequestEntityTooLarge,
                                                          kStatusRequestEntityTooLarge))
APIMACHINERY_INTERNAL_DEFINE_IS(IsUnexpectedServerError,
                                HasStatusCause(e, metav1::kCauseTypeUnexpectedServerResponse))
APIMACHINERY_INTERNAL_DEFINE_IS(IsUnexpectedObjectError, AnyErrorMatches(e, [](const std::exception& x) {
                                  return dynamic_cast<const UnexpectedObjectError*>(&x) != nullptr;
                                }))
APIMACHINERY_INTERNAL_DEFINE_IS(IsStoreReadError,
                                internal::ReasonOnly(e, metav1::kStatusReasonStoreReadError))
#undef APIMACHINERY_INTERNAL_DEFINE_IS

inline std::optional<metav1::StatusCause> StatusCause(const std::exception& e, std::string_view cause_type) {
  const auto* s = AsStatusError(e);
  if (s == nullptr || !s->err_status.details) return std::nullopt;
  for (const auto& c : s->err_status.details->causes) {
    if (c.type == cause_type) return c;
  }
  return std::nullopt;
}

inline bool HasStatusCause(const std::exception& e, std::string_view cause_type) {
  return StatusCause(e, cause_type).has_value();
}

inline std::optional<int> SuggestsClientDelay(const std::exception& e) {
  const auto* s = AsStatusError(e);
  if (s == nullptr || !s->err_status.details) return std::nullopt;
  const auto& st = s->err_status;
  if (st.reason == metav1::kStatusReasonServerTimeout) return st.details->retry_after_seconds;
  if (st.details->retry_after_seconds > 0) return st.details->retry_after_seconds;
  return std::nullopt;
}

}  // namespace apimachinery::errors
