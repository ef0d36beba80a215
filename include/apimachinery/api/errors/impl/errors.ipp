// Definitions of the non-template functions declared in <apimachinery/api/errors/errors.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/api/errors/errors.hpp"

namespace apimachinery::errors {

APIMACHINERY_DECL StatusError::StatusError(metav1::Status status)
    : Error(status.message), err_status(std::move(status)) {}

APIMACHINERY_DECL const metav1::Status& StatusError::Status() const noexcept { return err_status; }

APIMACHINERY_DECL UnexpectedObjectError::UnexpectedObjectError(const schema::GroupVersionKind& gvk)
    : Error(fmt::format("unexpected object: {}", gvk.String())), object_kind(gvk) {}

}  // namespace apimachinery::errors

namespace apimachinery::errors::internal {

APIMACHINERY_DECL StatusError Failure(std::int32_t code, std::string_view reason, std::string message,
                                      std::optional<metav1::StatusDetails> details) {
  metav1::Status s;
  s.status = std::string(metav1::kStatusFailure);
  s.code = code;
  s.reason = std::string(reason);
  s.message = std::move(message);
  s.details = std::move(details);
  return StatusError(std::move(s));
}

APIMACHINERY_DECL metav1::StatusDetails Details(const schema::GroupResource& gr, std::string_view name,
                                                std::int32_t retry_after) {
  metav1::StatusDetails d;
  d.group = gr.group;
  d.kind = gr.resource;
  d.name = std::string(name);
  d.retry_after_seconds = retry_after;
  return d;
}

APIMACHINERY_DECL bool IsKnownReason(std::string_view r) {
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

APIMACHINERY_DECL bool ReasonOrCode(const std::exception& e, std::string_view reason, std::int32_t code) {
  const auto* s = AsStatusError(e);
  if (s == nullptr) return false;
  const auto& st = s->err_status;
  if (st.reason == reason) return true;
  return !IsKnownReason(st.reason) && st.code == code;
}

APIMACHINERY_DECL bool ReasonOnly(const std::exception& e, std::string_view reason) {
  return ReasonForError(e) == reason;
}

APIMACHINERY_DECL bool ReasonOrAnyCode(const std::exception& e, std::string_view reason, std::int32_t code) {
  const auto* s = AsStatusError(e);
  if (s == nullptr) return false;
  return s->err_status.reason == reason || s->err_status.code == code;
}

APIMACHINERY_DECL StatusError Invalid(const schema::GroupKind& gk, std::string_view name,
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

}  // namespace apimachinery::errors::internal

namespace apimachinery::errors {

APIMACHINERY_DECL const StatusError* AsStatusError(const std::exception& e) noexcept {
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

APIMACHINERY_DECL StatusError NewNotFound(const schema::GroupResource& gr, std::string_view name) {
  return internal::Failure(kStatusNotFound, metav1::kStatusReasonNotFound,
                           fmt::format("{} {} not found", gr.String(), util::Quote(name)),
                           internal::Details(gr, name));
}

APIMACHINERY_DECL StatusError NewAlreadyExists(const schema::GroupResource& gr, std::string_view name) {
  return internal::Failure(kStatusConflict, metav1::kStatusReasonAlreadyExists,
                           fmt::format("{} {} already exists", gr.String(), util::Quote(name)),
                           internal::Details(gr, name));
}

APIMACHINERY_DECL StatusError NewGenerateNameConflict(const schema::GroupResource& gr, std::string_view name,
                                                      int retry_after_seconds) {
  return internal::Failure(
      kStatusConflict, metav1::kStatusReasonAlreadyExists,
      fmt::format("{} {} already exists, the server was not able to generate a unique name for the object",
                  gr.String(), util::Quote(name)),
      internal::Details(gr, name, retry_after_seconds));
}

APIMACHINERY_DECL StatusError NewUnauthorized(std::string_view reason) {
  std::string message(reason);
  if (message.empty()) message = "not authorized";
  return internal::Failure(kStatusUnauthorized, metav1::kStatusReasonUnauthorized, std::move(message));
}

APIMACHINERY_DECL StatusError NewForbidden(const schema::GroupResource& gr, std::string_view name,
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

APIMACHINERY_DECL StatusError NewForbidden(const schema::GroupResource& gr, std::string_view name,
                                           const std::exception& err) {
  return NewForbidden(gr, name, std::string_view(err.what()));
}

APIMACHINERY_DECL StatusError NewConflict(const schema::GroupResource& gr, std::string_view name,
                                          std::string_view err) {
  return internal::Failure(
      kStatusConflict, metav1::kStatusReasonConflict,
      fmt::format("Operation cannot be fulfilled on {} {}: {}", gr.String(), util::Quote(name), err),
      internal::Details(gr, name));
}

APIMACHINERY_DECL StatusError NewConflict(const schema::GroupResource& gr, std::string_view name,
                                          const std::exception& err) {
  return NewConflict(gr, name, std::string_view(err.what()));
}

APIMACHINERY_DECL StatusError NewApplyConflict(std::vector<metav1::StatusCause> causes, std::string message) {
  metav1::StatusDetails d;
  d.causes = std::move(causes);
  return internal::Failure(kStatusConflict, metav1::kStatusReasonConflict, std::move(message), std::move(d));
}

APIMACHINERY_DECL StatusError NewGone(std::string message) {
  return internal::Failure(kStatusGone, metav1::kStatusReasonGone, std::move(message));
}

APIMACHINERY_DECL StatusError NewResourceExpired(std::string message) {
  return internal::Failure(kStatusGone, metav1::kStatusReasonExpired, std::move(message));
}

APIMACHINERY_DECL StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
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

APIMACHINERY_DECL StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
                                         std::initializer_list<field::Error> errs) {
  return NewInvalid(gk, name, field::ErrorList(errs));
}

APIMACHINERY_DECL StatusError NewInvalid(const schema::GroupKind& gk, std::string_view name,
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

APIMACHINERY_DECL StatusError NewBadRequest(std::string reason) {
  return internal::Failure(kStatusBadRequest, metav1::kStatusReasonBadRequest, std::move(reason));
}

APIMACHINERY_DECL StatusError NewTooManyRequests(std::string message, int retry_after_seconds) {
  metav1::StatusDetails d;
  d.retry_after_seconds = retry_after_seconds;
  return internal::Failure(kStatusTooManyRequests, metav1::kStatusReasonTooManyRequests, std::move(message),
                           std::move(d));
}

APIMACHINERY_DECL StatusError NewServiceUnavailable(std::string reason) {
  return internal::Failure(kStatusServiceUnavailable, metav1::kStatusReasonServiceUnavailable,
                           std::move(reason));
}

APIMACHINERY_DECL StatusError NewMethodNotSupported(const schema::GroupResource& gr,
                                                    std::string_view action) {
  metav1::StatusDetails d;
  d.group = gr.group;
  d.kind = gr.resource;
  return internal::Failure(
      kStatusMethodNotAllowed, metav1::kStatusReasonMethodNotAllowed,
      fmt::format("{} is not supported on resources of kind {}", action, util::Quote(gr.String())),
      std::move(d));
}

APIMACHINERY_DECL StatusError NewServerTimeout(const schema::GroupResource& gr, std::string_view operation,
                                               int retry_after_seconds) {
  return internal::Failure(
      kStatusInternalServerError, metav1::kStatusReasonServerTimeout,
      fmt::format("The {} operation against {} could not be completed at this time, please try again.",
                  operation, gr.String()),
      internal::Details(gr, operation, retry_after_seconds));
}

APIMACHINERY_DECL StatusError NewServerTimeoutForKind(const schema::GroupKind& gk, std::string_view operation,
                                                      int retry_after_seconds) {
  return NewServerTimeout(schema::GroupResource{gk.group, gk.kind}, operation, retry_after_seconds);
}

APIMACHINERY_DECL StatusError NewInternalError(std::string_view err) {
  metav1::StatusDetails d;
  d.causes.push_back(metav1::StatusCause{"", std::string(err), ""});
  return internal::Failure(kStatusInternalServerError, metav1::kStatusReasonInternalError,
                           fmt::format("Internal error occurred: {}", err), std::move(d));
}

APIMACHINERY_DECL StatusError NewInternalError(const std::exception& err) {
  return NewInternalError(std::string_view(err.what()));
}

APIMACHINERY_DECL StatusError NewTimeoutError(std::string_view message, int retry_after_seconds) {
  metav1::StatusDetails d;
  d.retry_after_seconds = retry_after_seconds;
  return internal::Failure(kStatusGatewayTimeout, metav1::kStatusReasonTimeout,
                           fmt::format("Timeout: {}", message), std::move(d));
}

APIMACHINERY_DECL StatusError NewTooManyRequestsError(std::string_view message) {
  return internal::Failure(kStatusTooManyRequests, metav1::kStatusReasonTooManyRequests,
                           fmt::format("Too many requests: {}", message));
}

APIMACHINERY_DECL StatusError NewRequestEntityTooLargeError(std::string_view message) {
  return internal::Failure(kStatusRequestEntityTooLarge, metav1::kStatusReasonRequestEntityTooLarge,
                           fmt::format("Request entity too large: {}", message));
}

APIMACHINERY_DECL StatusError NewGenericServerResponse(int code, std::string_view verb,
                                                       const schema::GroupResource& gr, std::string_view name,
                                                       std::string_view server_message,
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

APIMACHINERY_DECL std::exception_ptr FromObject(const runtime::Object& obj) {
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

APIMACHINERY_DECL metav1::StatusReason ReasonForError(const std::exception& e) {
  if (const auto* s = AsStatusError(e)) return s->err_status.reason;
  return std::string(metav1::kStatusReasonUnknown);
}

APIMACHINERY_DECL metav1::StatusReason ReasonForError(const std::exception_ptr& p) {
  metav1::StatusReason r;
  internal::OnPtr(p, [&](const std::exception& e) {
    r = ReasonForError(e);
    return true;
  });
  return r;
}

APIMACHINERY_DECL std::optional<metav1::StatusCause> StatusCause(const std::exception& e,
                                                                 std::string_view cause_type) {
  const auto* s = AsStatusError(e);
  if (s == nullptr || !s->err_status.details) return std::nullopt;
  for (const auto& c : s->err_status.details->causes) {
    if (c.type == cause_type) return c;
  }
  return std::nullopt;
}

APIMACHINERY_DECL bool HasStatusCause(const std::exception& e, std::string_view cause_type) {
  return StatusCause(e, cause_type).has_value();
}

APIMACHINERY_DECL std::optional<int> SuggestsClientDelay(const std::exception& e) {
  const auto* s = AsStatusError(e);
  if (s == nullptr || !s->err_status.details) return std::nullopt;
  const auto& st = s->err_status;
  if (st.reason == metav1::kStatusReasonServerTimeout) return st.details->retry_after_seconds;
  if (st.details->retry_after_seconds > 0) return st.details->retry_after_seconds;
  return std::nullopt;
}

}  // namespace apimachinery::errors
