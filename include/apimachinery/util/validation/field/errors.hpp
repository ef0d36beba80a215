// field::Error: a field-level validation error (k8s.io/apimachinery/pkg/util/validation/field/errors.go).
//
// Example:
//   auto e = field::Invalid(field::NewPath("metadata", {"name"}), "a b", "must be a DNS label");
//   e.what();       // `metadata.name: Invalid value: "a b": must be a DNS label`
//   e.ErrorBody();  // `Invalid value: "a b": must be a DNS label`
//   field::ErrorList errs{e, e};
//   auto agg = field::ToAggregate(errs);  // one AggregateError, the duplicate dropped
//
// An Error holds its type, the rendered path (`field`), the bad value as JSON (`bad_value`) and a
// detail text; what() is upstream's Error() text, `<field>: <ErrorBody()>`, computed once at
// construction. ErrorBody follows errors.go: Error.ErrorBody: Required, Forbidden, TooLong and
// Internal print only the type's message; the others add the bad value, a string quoted with
// util::Quote (%q), a number or boolean as Go's %v prints it, and anything else (null, arrays,
// objects) as Go's json.Marshal prints it (util::json::AppendMarshal), or, when Marshal would fail
// (a NaN or an infinity inside), as fmt's %#v of the same interface{} tree (`[]interface {}{1,
// NaN}`); then ": <detail>" when the detail is not empty. A
// bad_value of kind `discarded` is upstream's omitValue (TooMany with an unknown quantity).
//
// ErrorType prints (operator<<, fmt) as upstream's ErrorType value, the metav1 cause type
// (`FieldValueInvalid`); Message(type) is upstream's ErrorType.String() ("Invalid value").
//
// Throws: the constructors and ErrorBody only throw std::bad_alloc.
// Thread-safety: immutable after construction (the members are public: changing one does not
// change what()).
// Differences from upstream: the ErrorTypes TooShort and TooFew and the Origin and declarative
// validation bookkeeping are not mirrored; NotSupported takes the valid values as strings; a bad
// value is JSON, so Go values that are not JSON-representable (structs printed with %#v) do not
// occur.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/validation/field/path.hpp"

namespace apimachinery::field {

// ErrorType mirrors field.ErrorType.
enum class ErrorType {
  kNotFound,
  kRequired,
  kDuplicate,
  kInvalid,
  kNotSupported,
  kForbidden,
  kTooLong,
  kTooMany,
  kInternal,
  kTypeInvalid,
};

// String returns the ErrorType's value, the metav1 cause type ("FieldValueInvalid").
constexpr std::string_view String(ErrorType t) noexcept;
// Message returns upstream's ErrorType.String(), the canonical message ("Invalid value").
constexpr std::string_view Message(ErrorType t) noexcept;

class Error : public apimachinery::Error {
 public:
  APIMACHINERY_DECL Error(ErrorType error_type, std::string path, nlohmann::json value, std::string text);

  ErrorType type;
  std::string field;
  nlohmann::json bad_value;
  std::string detail;

  // ErrorBody is the error text without the field path (errors.go: Error.ErrorBody).
  APIMACHINERY_DECL std::string ErrorBody() const;

 private:
  APIMACHINERY_DECL static std::string Body(ErrorType type, const nlohmann::json& value,
                                            const std::string& detail);
  APIMACHINERY_DECL static std::string Render(ErrorType type, const std::string& path,
                                              const nlohmann::json& value, const std::string& detail);
};

// ErrorList mirrors field.ErrorList.
using ErrorList = std::vector<Error>;

// ToAggregate mirrors ErrorList.ToAggregate: nullopt for an empty list, else an AggregateError of
// the errors whose texts are distinct, in order.
std::optional<AggregateError> ToAggregate(const ErrorList& list);

// The constructors of errors.go; a bad value is any JSON value (a string is printed quoted).
APIMACHINERY_DECL Error Invalid(const Path& path, nlohmann::json value, std::string detail);
APIMACHINERY_DECL Error TypeInvalid(const Path& path, nlohmann::json value, std::string detail);
APIMACHINERY_DECL Error NotFound(const Path& path, nlohmann::json value);
APIMACHINERY_DECL Error Duplicate(const Path& path, nlohmann::json value);
APIMACHINERY_DECL Error Required(const Path& path, std::string detail);
APIMACHINERY_DECL Error Forbidden(const Path& path, std::string detail);
APIMACHINERY_DECL Error InternalError(const Path& path, std::string_view err);
// NotSupported's detail lists the valid values, each quoted: `supported values: "a", "b"`.
Error NotSupported(const Path& path, nlohmann::json value, const std::vector<std::string>& valid_values);
// TooLong: `may not be more than <n> bytes` (`value is too long` for a negative max_length).
Error TooLong(const Path& path, long long max_length);
// TooMany: `must have at most <n> items`; a negative quantity is omitted or `has too many items`.
Error TooMany(const Path& path, long long actual_quantity, long long max_quantity);

// Implementation details follow.

namespace internal {

// AppendGoSyntax appends v as fmt's %#v prints the same value held as Go's interface{} tree
// (ErrorBody's fallback when json.Marshal fails, which only a non-finite number makes it do):
// `[]interface {}{1, "a", NaN}`, `map[string]interface {}{"k":+Inf}`, `interface {}(nil)`.
APIMACHINERY_DECL void AppendGoSyntax(std::string& out, const nlohmann::json& v);

// AppendBadValue appends a composite bad value as errors.go ErrorBody renders it: json.Marshal's
// text (util::json::AppendMarshal, the library's one JSON writer), else %#v.
APIMACHINERY_DECL void AppendBadValue(std::string& out, const nlohmann::json& v);

}  // namespace internal

constexpr std::string_view String(ErrorType t) noexcept {
  switch (t) {
    case ErrorType::kNotFound:
      return "FieldValueNotFound";
    case ErrorType::kRequired:
      return "FieldValueRequired";
    case ErrorType::kDuplicate:
      return "FieldValueDuplicate";
    case ErrorType::kInvalid:
      return "FieldValueInvalid";
    case ErrorType::kNotSupported:
      return "FieldValueNotSupported";
    case ErrorType::kForbidden:
      return "FieldValueForbidden";
    case ErrorType::kTooLong:
      return "FieldValueTooLong";
    case ErrorType::kTooMany:
      return "FieldValueTooMany";
    case ErrorType::kInternal:
      return "InternalError";
    case ErrorType::kTypeInvalid:
      return "FieldValueTypeInvalid";
  }
  return "";
}

constexpr std::string_view Message(ErrorType t) noexcept {
  switch (t) {
    case ErrorType::kNotFound:
      return "Not found";
    case ErrorType::kRequired:
      return "Required value";
    case ErrorType::kDuplicate:
      return "Duplicate value";
    case ErrorType::kInvalid:
      return "Invalid value";
    case ErrorType::kNotSupported:
      return "Unsupported value";
    case ErrorType::kForbidden:
      return "Forbidden";
    case ErrorType::kTooLong:
      return "Too long";
    case ErrorType::kTooMany:
      return "Too many";
    case ErrorType::kInternal:
      return "Internal error";
    case ErrorType::kTypeInvalid:
      return "Invalid value";
  }
  return "";
}

}  // namespace apimachinery::field

APIMACHINERY_STRINGER(apimachinery::field, ErrorType);

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/validation/field/impl/errors.ipp"
#endif
