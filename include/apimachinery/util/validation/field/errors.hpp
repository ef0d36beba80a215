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
  Error(ErrorType error_type, std::string path, nlohmann::json value, std::string text)
      : apimachinery::Error(Render(error_type, path, value, text)),
        type(error_type),
        field(std::move(path)),
        bad_value(std::move(value)),
        detail(std::move(text)) {}

  ErrorType type;
  std::string field;
  nlohmann::json bad_value;
  std::string detail;

  // ErrorBody is the error text without the field path (errors.go: Error.ErrorBody).
  std::string ErrorBody() const { return Body(type, bad_value, detail); }

 private:
  static std::string Body(ErrorType type, const nlohmann::json& value, const std::string& detail);
  static std::string Render(ErrorType type, const std::string& path, const nlohmann::json& value,
                            const std::string& detail) {
    return path + ": " + Body(type, value, detail);
  }
};

// ErrorList mirrors field.ErrorList.
using ErrorList = std::vector<Error>;

// ToAggregate mirrors ErrorList.ToAggregate: nullopt for an empty list, else an AggregateError of
// the errors whose texts are distinct, in order.
std::optional<AggregateError> ToAggregate(const ErrorList& list);

// The constructors of errors.go; a bad value is any JSON value (a string is printed quoted).
inline Error Invalid(const Path& path, nlohmann::json value, std::string detail) {
  return Error(ErrorType::kInvalid, path.String(), std::move(value), std::move(detail));
}
inline Error TypeInvalid(const Path& path, nlohmann::json value, std::string detail) {
  return Error(ErrorType::kTypeInvalid, path.String(), std::move(value), std::move(detail));
}
inline Error NotFound(const Path& path, nlohmann::json value) {
  return Error(ErrorType::kNotFound, path.String(), std::move(value), {});
}
inline Error Duplicate(const Path& path, nlohmann::json value) {
  return Error(ErrorType::kDuplicate, path.String(), std::move(value), {});
}
inline Error Required(const Path& path, std::string detail) {
  return Error(ErrorType::kRequired, path.String(), "", std::move(detail));
}
inline Error Forbidden(const Path& path, std::string detail) {
  return Error(ErrorType::kForbidden, path.String(), "", std::move(detail));
}
inline Error InternalError(const Path& path, std::string_view err) {
  return Error(ErrorType::kInternal, path.String(), nullptr, std::string(err));
}
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
inline void AppendGoSyntax(std::string& out, const nlohmann::json& v) {
  using T = nlohmann::json::value_t;
  switch (v.type()) {
    case T::boolean:
      out += v.get<bool>() ? "true" : "false";
      return;
    case T::number_integer:
      out += std::to_string(v.get<std::int64_t>());
      return;
    case T::number_unsigned:
      out += std::to_string(v.get<std::uint64_t>());
      return;
    case T::number_float:
      out += util::FormatFloat(v.get<double>(), 'g');
      return;
    case T::string:
      util::AppendQuote(out, v.get_ref<const std::string&>());
      return;
    case T::array: {
      out += "[]interface {}{";
      bool first = true;
      for (const auto& e : v) {
        if (!first) out += ", ";
        first = false;
        AppendGoSyntax(out, e);
      }
      out += '}';
      return;
    }
    case T::object: {
      out += "map[string]interface {}{";
      bool first = true;
      for (const auto& [k, e] : v.items()) {
        if (!first) out += ", ";
        first = false;
        util::AppendQuote(out, k);
        out += ':';
        AppendGoSyntax(out, e);
      }
      out += '}';
      return;
    }
    default:
      out += "interface {}(nil)";
      return;
  }
}

// AppendBadValue appends a composite bad value as errors.go ErrorBody renders it: json.Marshal's
// text (util::json::AppendMarshal, the library's one JSON writer), else %#v.
inline void AppendBadValue(std::string& out, const nlohmann::json& v) {
  std::string text;
  try {
    util::json::AppendMarshal(text, v, 0);
  } catch (const apimachinery::Error&) {  // not field::Error
    text.clear();
    AppendGoSyntax(text, v);
  }
  out += text;
}

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

inline std::string Error::Body(ErrorType type, const nlohmann::json& value, const std::string& detail) {
  std::string s(Message(type));
  switch (type) {
    case ErrorType::kRequired:
    case ErrorType::kForbidden:
    case ErrorType::kTooLong:
    case ErrorType::kInternal:
      break;
    default: {
      using T = nlohmann::json::value_t;
      switch (value.type()) {
        case T::discarded:
          break;  // omitValue
        case T::string:
          s += ": ";
          util::AppendQuote(s, value.get_ref<const std::string&>());
          break;
        case T::number_float:
          s += ": ";
          s += util::FormatFloat(value.get<double>(), 'g');
          break;
        default:
          s += ": ";
          internal::AppendBadValue(s, value);
      }
    }
  }
  if (!detail.empty()) {
    s += ": ";
    s += detail;
  }
  return s;
}

inline std::optional<AggregateError> ToAggregate(const ErrorList& list) {
  if (list.empty()) return std::nullopt;
  std::vector<std::exception_ptr> errs;
  std::vector<std::string_view> seen;
  for (const auto& e : list) {
    const std::string_view msg = e.what();
    bool dup = false;
    for (auto m : seen) dup = dup || m == msg;
    if (dup) continue;
    seen.push_back(msg);
    errs.push_back(std::make_exception_ptr(e));
  }
  return AggregateError(std::move(errs));
}

inline Error NotSupported(const Path& path, nlohmann::json value,
                          const std::vector<std::string>& valid_values) {
  std::string detail;
  if (!valid_values.empty()) {
    detail = "supported values: ";
    for (std::size_t i = 0; i < valid_values.size(); ++i) {
      if (i) detail += ", ";
      util::AppendQuote(detail, valid_values[i]);
    }
  }
  return Error(ErrorType::kNotSupported, path.String(), std::move(value), std::move(detail));
}

inline Error TooLong(const Path& path, long long max_length) {
  std::string msg = max_length >= 0 ? "may not be more than " + std::to_string(max_length) +
                                          (max_length == 1 ? " byte" : " bytes")
                                    : "value is too long";
  return Error(ErrorType::kTooLong, path.String(), "<value omitted>", std::move(msg));
}

inline Error TooMany(const Path& path, long long actual_quantity, long long max_quantity) {
  std::string msg = max_quantity >= 0 ? "must have at most " + std::to_string(max_quantity) +
                                            (max_quantity == 1 ? " item" : " items")
                                      : "has too many items";
  nlohmann::json actual = actual_quantity >= 0 ? nlohmann::json(actual_quantity)
                                               : nlohmann::json(nlohmann::json::value_t::discarded);
  return Error(ErrorType::kTooMany, path.String(), std::move(actual), std::move(msg));
}

}  // namespace apimachinery::field

APIMACHINERY_STRINGER(apimachinery::field, ErrorType);
