#include "apimachinery/api/errors/errors.hpp"

#include <algorithm>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace api_errors_errors_test {

namespace errors = apimachinery::errors;
namespace field = apimachinery::field;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace runtime = apimachinery::runtime;

namespace {

const schema::GroupResource kResource{"group", "resource"};
const schema::GroupKind kKind{"group", "kind"};

}  // namespace

TEST_CASE("StatusErrorMessages", "[runtime][errors]") {
  struct Row {
    errors::StatusError err;
    std::string message;
    std::int32_t code;
    std::string reason;
  };
  const std::runtime_error cause("some error");
  const std::vector<Row> rows = {
      {errors::NewNotFound(kResource, "name"), R"(resource.group "name" not found)", 404, "NotFound"},
      {errors::NewNotFound({"", "pods"}, "p"), R"(pods "p" not found)", 404, "NotFound"},
      {errors::NewAlreadyExists(kResource, "name"), R"(resource.group "name" already exists)", 409,
       "AlreadyExists"},
      {errors::NewGenerateNameConflict(kResource, "name", 1),
       R"(resource.group "name" already exists, the server was not able to generate a unique name for the object)",
       409, "AlreadyExists"},
      {errors::NewUnauthorized("reason"), "reason", 401, "Unauthorized"},
      {errors::NewUnauthorized(""), "not authorized", 401, "Unauthorized"},
      {errors::NewForbidden(kResource, "name", cause), R"(resource.group "name" is forbidden: some error)",
       403, "Forbidden"},
      {errors::NewForbidden(kResource, "", cause), "resource.group is forbidden: some error", 403,
       "Forbidden"},
      {errors::NewForbidden({}, "name", cause), "forbidden: some error", 403, "Forbidden"},
      {errors::NewConflict(kResource, "name", cause),
       R"(Operation cannot be fulfilled on resource.group "name": some error)", 409, "Conflict"},
      {errors::NewApplyConflict({}, "apply failed"), "apply failed", 409, "Conflict"},
      {errors::NewGone("gone"), "gone", 410, "Gone"},
      {errors::NewResourceExpired("too old resource version: 1 (5)"), "too old resource version: 1 (5)", 410,
       "Expired"},
      {errors::NewInvalid(kKind, "name", {}), R"(kind.group "name" is invalid)", 422, "Invalid"},
      {errors::NewInvalid(kKind, "name", {{"FieldValueRequired", "Required value", "spec.x"}}),
       R"(kind.group "name" is invalid: spec.x: Required value)", 422, "Invalid"},
      {errors::NewInvalid(kKind, "name",
                          {{"FieldValueRequired", "Required value", "spec.x"},
                           {"FieldValueInvalid", "Invalid value: \"y\": bad", "spec.y"},
                           {"FieldValueRequired", "Required value", "spec.x"}}),
       R"(kind.group "name" is invalid: [spec.x: Required value, spec.y: Invalid value: "y": bad])", 422,
       "Invalid"},
      {errors::NewBadRequest("bad"), "bad", 400, "BadRequest"},
      {errors::NewTooManyRequests("slow down", 10), "slow down", 429, "TooManyRequests"},
      {errors::NewServiceUnavailable("down"), "down", 503, "ServiceUnavailable"},
      {errors::NewMethodNotSupported(kResource, "delete"),
       R"(delete is not supported on resources of kind "resource.group")", 405, "MethodNotAllowed"},
      {errors::NewServerTimeout(kResource, "get", 3),
       "The get operation against resource.group could not be completed at this time, please try again.", 500,
       "ServerTimeout"},
      {errors::NewServerTimeoutForKind(kKind, "list", 3),
       "The list operation against kind.group could not be completed at this time, please try again.", 500,
       "ServerTimeout"},
      {errors::NewInternalError(cause), "Internal error occurred: some error", 500, "InternalError"},
      {errors::NewTimeoutError("took too long", 5), "Timeout: took too long", 504, "Timeout"},
      {errors::NewTooManyRequestsError("busy"), "Too many requests: busy", 429, "TooManyRequests"},
      {errors::NewRequestEntityTooLargeError("big"), "Request entity too large: big", 413,
       "RequestEntityTooLarge"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.message);
    CHECK(std::string(row.err.what()) == row.message);
    CHECK(row.err.Status().message == row.message);
    CHECK(row.err.Status().status == metav1::kStatusFailure);
    CHECK(row.err.err_status.code == row.code);
    CHECK(row.err.err_status.reason == row.reason);
    CHECK(errors::ReasonForError(row.err) == row.reason);
  }
}

TEST_CASE("StatusErrorDetails", "[runtime][errors]") {
  const auto nf = errors::NewNotFound({"apps", "deployments"}, "web");
  REQUIRE(nf.err_status.details);
  CHECK(nf.err_status.details->group == "apps");
  CHECK(nf.err_status.details->kind == "deployments");
  CHECK(nf.err_status.details->name == "web");
  CHECK(nlohmann::json(nf.err_status) == nlohmann::json::parse(R"({"metadata": {}, "status": "Failure",
      "message": "deployments.apps \"web\" not found", "reason": "NotFound",
      "details": {"name": "web", "group": "apps", "kind": "deployments"}, "code": 404})"));

  const auto inv = errors::NewInvalid(kKind, "n", {{"FieldValueRequired", "Required value", "a"}});
  REQUIRE(inv.err_status.details);
  CHECK(inv.err_status.details->kind == "kind");
  REQUIRE(inv.err_status.details->causes.size() == 1);
  CHECK(errors::HasStatusCause(inv, metav1::kCauseTypeFieldValueRequired));
  CHECK(!errors::HasStatusCause(inv, metav1::kCauseTypeFieldValueInvalid));
  CHECK(errors::StatusCause(inv, "FieldValueRequired")->field == "a");

  const auto ie = errors::NewInternalError("boom");
  REQUIRE(ie.err_status.details);
  CHECK(ie.err_status.details->causes.at(0).message == "boom");

  CHECK(errors::SuggestsClientDelay(errors::NewServerTimeout(kResource, "get", 0)) == 0);
  CHECK(errors::SuggestsClientDelay(errors::NewTooManyRequests("x", 10)) == 10);
  CHECK(!errors::SuggestsClientDelay(errors::NewTooManyRequests("x", 0)));
  CHECK(!errors::SuggestsClientDelay(errors::NewNotFound(kResource, "x")));
  CHECK(!errors::SuggestsClientDelay(std::runtime_error("x")));
}

TEST_CASE("TestErrorNew", "[runtime][errors]") {
  using Pred = std::function<bool(const std::exception&)>;
  const std::vector<std::pair<std::string, Pred>> preds = {
      {"IsNotFound", [](const std::exception& e) { return errors::IsNotFound(e); }},
      {"IsAlreadyExists", [](const std::exception& e) { return errors::IsAlreadyExists(e); }},
      {"IsConflict", [](const std::exception& e) { return errors::IsConflict(e); }},
      {"IsInvalid", [](const std::exception& e) { return errors::IsInvalid(e); }},
      {"IsGone", [](const std::exception& e) { return errors::IsGone(e); }},
      {"IsResourceExpired", [](const std::exception& e) { return errors::IsResourceExpired(e); }},
      {"IsBadRequest", [](const std::exception& e) { return errors::IsBadRequest(e); }},
      {"IsForbidden", [](const std::exception& e) { return errors::IsForbidden(e); }},
      {"IsUnauthorized", [](const std::exception& e) { return errors::IsUnauthorized(e); }},
      {"IsMethodNotSupported", [](const std::exception& e) { return errors::IsMethodNotSupported(e); }},
      {"IsServiceUnavailable", [](const std::exception& e) { return errors::IsServiceUnavailable(e); }},
      {"IsServerTimeout", [](const std::exception& e) { return errors::IsServerTimeout(e); }},
      {"IsTimeout", [](const std::exception& e) { return errors::IsTimeout(e); }},
      {"IsInternalError", [](const std::exception& e) { return errors::IsInternalError(e); }},
      {"IsTooManyRequests", [](const std::exception& e) { return errors::IsTooManyRequests(e); }},
      {"IsRequestEntityTooLargeError",
       [](const std::exception& e) { return errors::IsRequestEntityTooLargeError(e); }},
  };
  struct Row {
    errors::StatusError err;
    std::vector<std::string> is;
  };
  const std::runtime_error cause("x");
  const std::vector<Row> rows = {
      {errors::NewNotFound(kResource, "n"), {"IsNotFound"}},
      {errors::NewAlreadyExists(kResource, "n"), {"IsAlreadyExists"}},
      {errors::NewConflict(kResource, "n", cause), {"IsConflict"}},
      {errors::NewInvalid(kKind, "n", {}), {"IsInvalid"}},
      {errors::NewGone("x"), {"IsGone"}},
      {errors::NewResourceExpired("x"), {"IsResourceExpired"}},
      {errors::NewBadRequest("x"), {"IsBadRequest"}},
      {errors::NewForbidden(kResource, "n", cause), {"IsForbidden"}},
      {errors::NewUnauthorized("x"), {"IsUnauthorized"}},
      {errors::NewMethodNotSupported(kResource, "get"), {"IsMethodNotSupported"}},
      {errors::NewServiceUnavailable("x"), {"IsServiceUnavailable"}},
      {errors::NewServerTimeout(kResource, "get", 1), {"IsServerTimeout"}},
      {errors::NewTimeoutError("x", 1), {"IsTimeout"}},
      {errors::NewInternalError(cause), {"IsInternalError"}},
      {errors::NewTooManyRequests("x", 1), {"IsTooManyRequests"}},
      {errors::NewTooManyRequestsError("x"), {"IsTooManyRequests"}},
      {errors::NewRequestEntityTooLargeError("x"), {"IsRequestEntityTooLargeError"}},
  };
  for (const auto& row : rows) {
    CAPTURE(row.err.what());
    for (const auto& [name, pred] : preds) {
      CAPTURE(name);
      const bool want = std::find(row.is.begin(), row.is.end(), name) != row.is.end();
      CHECK(pred(row.err) == want);
    }
  }
  // Unrelated errors match nothing.
  const std::runtime_error plain("plain");
  for (const auto& [name, pred] : preds) {
    CAPTURE(name);
    CHECK(!pred(plain));
  }
  CHECK(errors::ReasonForError(plain) == metav1::kStatusReasonUnknown);
}

TEST_CASE("IsPredicatesByCode", "[runtime][errors]") {
  // An unknown reason falls back to the HTTP code; a known reason does not.
  metav1::Status unknown;
  unknown.reason = "SomethingNew";
  unknown.code = 404;
  CHECK(errors::IsNotFound(errors::StatusError(unknown)));
  unknown.code = 409;
  CHECK(errors::IsConflict(errors::StatusError(unknown)));
  CHECK(!errors::IsAlreadyExists(errors::StatusError(unknown)));  // reason only
  unknown.code = 422;
  CHECK(errors::IsInvalid(errors::StatusError(unknown)));
  unknown.code = 410;
  CHECK(errors::IsGone(errors::StatusError(unknown)));
  CHECK(!errors::IsResourceExpired(errors::StatusError(unknown)));
  unknown.code = 504;
  CHECK(errors::IsTimeout(errors::StatusError(unknown)));
  unknown.code = 500;
  CHECK(errors::IsInternalError(errors::StatusError(unknown)));
  CHECK(!errors::IsServerTimeout(errors::StatusError(unknown)));

  metav1::Status known;
  known.reason = std::string(metav1::kStatusReasonConflict);
  known.code = 404;
  CHECK(!errors::IsNotFound(errors::StatusError(known)));
  // TooManyRequests and RequestEntityTooLarge accept the code whatever the reason.
  known.code = 429;
  CHECK(errors::IsTooManyRequests(errors::StatusError(known)));
  known.code = 413;
  CHECK(errors::IsRequestEntityTooLargeError(errors::StatusError(known)));
}

TEST_CASE("IsPredicatesWrappedAndPointers", "[runtime][errors]") {
  const auto nf = std::make_exception_ptr(errors::NewNotFound(kResource, "n"));
  CHECK(errors::IsNotFound(nf));
  CHECK(!errors::IsNotFound(std::exception_ptr()));  // Go's nil error
  CHECK(errors::ReasonForError(std::exception_ptr()) == "");
  CHECK(errors::ReasonForError(nf) == "NotFound");
  CHECK(!errors::IsConflict(nf));
  CHECK(!errors::IsNotFound(std::make_exception_ptr(42)));  // not a std::exception

  const apimachinery::AggregateError agg({std::make_exception_ptr(std::runtime_error("other")), nf});
  CHECK(errors::IsNotFound(agg));
  CHECK(errors::ReasonForError(agg) == "NotFound");
  CHECK(errors::AsStatusError(agg) != nullptr);
  CHECK(!errors::IsGone(agg));

  try {
    throw errors::NewConflict(kResource, "n", "changed");
  } catch (const apimachinery::Error& e) {  // StatusError is an apimachinery::Error
    CHECK(errors::IsConflict(e));
  }
}

TEST_CASE("NewGenericServerResponse", "[runtime][errors]") {
  struct Row {
    int code;
    std::string verb;
    std::string message;
    std::string reason;
  };
  const std::vector<Row> rows = {
      {409, "POST", "the server reported a conflict (post resource.group name)", "AlreadyExists"},
      {409, "PUT", "the server reported a conflict (put resource.group name)", "Conflict"},
      {404, "GET", "the server could not find the requested resource (get resource.group name)", "NotFound"},
      {400, "GET", "the server rejected our request for an unknown reason (get resource.group name)",
       "BadRequest"},
      {401, "GET", "the server has asked for the client to provide credentials (get resource.group name)",
       "Unauthorized"},
      {403, "GET", "msg (get resource.group name)", "Forbidden"},
      {405, "GET",
       "the server does not allow this method on the requested resource (get resource.group name)",
       "MethodNotAllowed"},
      {422, "GET", "the server rejected our request due to an error in our request (get resource.group name)",
       "Invalid"},
      {503, "GET", "the server is currently unable to handle the request (get resource.group name)",
       "ServiceUnavailable"},
      {429, "GET",
       "the server has received too many requests and has asked us to try again later (get resource.group "
       "name)",
       "TooManyRequests"},
      {500, "GET",
       R"(an error on the server ("msg") has prevented the request from succeeding (get resource.group name))",
       "InternalError"},
      {418, "GET",
       "the server responded with the status code 418 but did not return more information (get "
       "resource.group name)",
       ""},
  };
  for (const auto& row : rows) {
    CAPTURE(row.code, row.verb);
    const auto e = errors::NewGenericServerResponse(row.code, row.verb, kResource, "name", "msg", 0, true);
    CHECK(std::string(e.what()) == row.message);
    CHECK(e.err_status.reason == row.reason);
    CHECK(e.err_status.code == row.code);
    CHECK(errors::IsUnexpectedServerError(e));
  }
  const auto no_resource = errors::NewGenericServerResponse(404, "GET", {}, "", "", 0, false);
  CHECK(std::string(no_resource.what()) == "the server could not find the requested resource");
  CHECK(!errors::IsUnexpectedServerError(no_resource));
  const auto no_name = errors::NewGenericServerResponse(406, "GET", kResource, "", "unknown", 0, false);
  CHECK(std::string(no_name.what()) ==
        "the server was unable to respond with a content type that the client supports (get resource.group)");
}

TEST_CASE("FromObject", "[runtime][errors]") {
  metav1::Status st;
  st.type_meta = {"v1", "Status"};
  st.reason = std::string(metav1::kStatusReasonNotFound);
  st.message = "gone fishing";
  st.code = 404;
  const auto e1 = errors::FromObject(st);
  CHECK(errors::IsNotFound(e1));

  runtime::Unstructured u(nlohmann::json::parse(
      R"({"apiVersion": "v1", "kind": "Status", "reason": "Conflict", "code": 409, "message": "m"})"));
  const auto e2 = errors::FromObject(u);
  CHECK(errors::IsConflict(e2));
  try {
    std::rethrow_exception(e2);
  } catch (const errors::StatusError& se) {
    CHECK(std::string(se.what()) == "m");
  }

  runtime::Unstructured wrong_version(
      nlohmann::json::parse(R"({"apiVersion": "x/v9", "kind": "Status", "reason": "Conflict"})"));
  CHECK(errors::IsUnexpectedObjectError(errors::FromObject(wrong_version)));
  runtime::Unstructured pod(nlohmann::json::parse(R"({"apiVersion": "v1", "kind": "Pod"})"));
  const auto e3 = errors::FromObject(pod);
  CHECK(errors::IsUnexpectedObjectError(e3));
  CHECK(apimachinery::WhatOf(e3) == "unexpected object: /v1, Kind=Pod");
  runtime::Unstructured bad(nlohmann::json::parse(R"({"apiVersion": "v1", "kind": "Status", "code": "x"})"));
  CHECK_THROWS_AS(std::rethrow_exception(errors::FromObject(bad)), metav1::DecodeError);
}

// Upstream errors_test.go: TestNewInvalid, over a field::ErrorList: one cause per error (type, the
// path, ErrorBody() as message), the message `Kind "name" is invalid: <the error>`.
TEST_CASE("TestNewInvalid", "[runtime][errors]") {
  struct Row {
    std::optional<field::Error> err;
    std::string cause_type;
    std::string message;
  };
  const auto path = field::NewPath("field[0].name");
  const std::vector<Row> rows = {
      {field::Duplicate(path, "bar"), "FieldValueDuplicate",
       R"(Kind "name" is invalid: field[0].name: Duplicate value: "bar")"},
      {field::Invalid(path, "bar", "detail"), "FieldValueInvalid",
       R"(Kind "name" is invalid: field[0].name: Invalid value: "bar": detail)"},
      {field::NotFound(path, "bar"), "FieldValueNotFound",
       R"(Kind "name" is invalid: field[0].name: Not found: "bar")"},
      {field::NotSupported(path, "bar", {}), "FieldValueNotSupported",
       R"(Kind "name" is invalid: field[0].name: Unsupported value: "bar")"},
      {field::Required(path, ""), "FieldValueRequired",
       R"(Kind "name" is invalid: field[0].name: Required value)"},
      {std::nullopt, "", R"(Kind "name" is invalid)"},
  };
  for (const auto& row : rows) {
    CAPTURE(row.message);
    field::ErrorList errs;
    if (row.err) errs.push_back(*row.err);
    const auto err = errors::NewInvalid({"", "Kind"}, "name", errs);
    const auto& status = err.err_status;
    CHECK(status.code == 422);
    CHECK(status.reason == "Invalid");
    CHECK(status.status == "Failure");
    CHECK(status.message == row.message);
    CHECK(std::string(err.what()) == row.message);
    CHECK(errors::IsInvalid(err));
    REQUIRE(status.details);
    CHECK(status.details->group.empty());
    CHECK(status.details->kind == "Kind");
    CHECK(status.details->name == "name");
    if (!row.err) {
      CHECK(status.details->causes.empty());
      continue;
    }
    REQUIRE(status.details->causes.size() == 1);
    const auto& cause = status.details->causes.front();
    CHECK(cause.type == row.cause_type);
    CHECK(cause.field == "field[0].name");
    CHECK(cause.message == row.err->ErrorBody());
  }
}

TEST_CASE("NewInvalid over several field errors: the aggregate and one cause each", "[runtime][errors]") {
  const auto spec = field::NewPath("spec");
  const field::Error replicas =
      field::Invalid(spec.Child("replicas"), -1, "must be greater than or equal to 0");
  const field::Error image = field::Required(spec.Child("template").Child("image"), "");
  // A braced list picks the ErrorList form; the duplicate's text is printed once, its cause kept.
  const auto err = errors::NewInvalid({"apps", "Deployment"}, "web", {replicas, image, replicas});
  CHECK(
      err.err_status.message ==
      R"(Deployment.apps "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal )"
      R"(to 0, spec.template.image: Required value])");
  REQUIRE(err.err_status.details);
  const auto& causes = err.err_status.details->causes;
  REQUIRE(causes.size() == 3);
  CHECK(causes[0] == metav1::StatusCause{"FieldValueInvalid",
                                         "Invalid value: -1: must be greater than or equal to 0",
                                         "spec.replicas"});
  CHECK(causes[1] == metav1::StatusCause{"FieldValueRequired", "Required value", "spec.template.image"});
  CHECK(causes[2] == causes[0]);
  CHECK(errors::HasStatusCause(err, metav1::kCauseTypeFieldValueRequired));
  // The causes form builds the same message from the same causes.
  const auto relayed = errors::NewInvalid({"apps", "Deployment"}, "web", causes);
  CHECK(relayed.err_status.message == err.err_status.message);
  CHECK(relayed.err_status.details->causes == causes);
  // The empty braced list is the ErrorList form too: no causes, no aggregate.
  CHECK(errors::NewInvalid({"apps", "Deployment"}, "web", {}).err_status.message ==
        R"(Deployment.apps "web" is invalid)");
}

}  // namespace api_errors_errors_test
