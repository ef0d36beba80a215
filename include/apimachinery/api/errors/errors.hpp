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
#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit StatusError(metav1::Status status);

  // Upstream: ErrStatus.
  metav1::Status err_status;

  // Status returns the status (upstream: APIStatus.Status()).
  APIMACHINERY_DECL const metav1::Status& Status() const noexcept;
};

// UnexpectedObjectError: FromObject was given something that is not a Status.
class UnexpectedObjectError : public Error {
 public:
  APIMACHINERY_DECL explicit UnexpectedObjectError(const schema::GroupVersionKind& gvk);
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

APIMACHINERY_DECL StatusError Failure(std::int32_t code, std::string_view reason, std::string message,
                                      std::optional<metav1::StatusDetails> details = std::nullopt);

APIMACHINERY_DECL metav1::StatusDetails Details(const schema::GroupResource& gr, std::string_view name,
                                                std::int32_t retry_after = 0);

APIMACHINERY_DECL bool IsKnownReason(std::string_view r);

// ReasonOrCode: the reason matches, or the reason is unknown and the code matches.
APIMACHINERY_DECL bool ReasonOrCode(const std::exception& e, std::string_view reason, std::int32_t code);

APIMACHINERY_DECL bool ReasonOnly(const std::exception& e, std::string_view reason);

APIMACHINERY_DECL bool ReasonOrAnyCode(const std::exception& e, std::string_view reason, std::int32_t code);

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
APIMACHINERY_DECL StatusError Invalid(const schema::GroupKind& gk, std::string_view name,
                                      std::vector<metav1::StatusCause> causes,
                                      const std::optional<std::string>& aggregate);

}  // namespace internal

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

}  // namespace apimachinery::errors

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/api/errors/impl/errors.ipp"
#endif
