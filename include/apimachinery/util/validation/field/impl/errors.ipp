// Definitions of the non-template functions declared in <apimachinery/util/validation/field/errors.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/validation/field/errors.hpp"

namespace apimachinery::field {

APIMACHINERY_DECL Error::Error(ErrorType error_type, std::string path, nlohmann::json value, std::string text)
    : apimachinery::Error(Render(error_type, path, value, text)),
      type(error_type),
      field(std::move(path)),
      bad_value(std::move(value)),
      detail(std::move(text)) {}

APIMACHINERY_DECL std::string Error::ErrorBody() const { return Body(type, bad_value, detail); }

APIMACHINERY_DECL std::string Error::Render(ErrorType type, const std::string& path,
                                            const nlohmann::json& value, const std::string& detail) {
  return path + ": " + Body(type, value, detail);
}

APIMACHINERY_DECL Error Invalid(const Path& path, nlohmann::json value, std::string detail) {
  return Error(ErrorType::kInvalid, path.String(), std::move(value), std::move(detail));
}

APIMACHINERY_DECL Error TypeInvalid(const Path& path, nlohmann::json value, std::string detail) {
  return Error(ErrorType::kTypeInvalid, path.String(), std::move(value), std::move(detail));
}

APIMACHINERY_DECL Error NotFound(const Path& path, nlohmann::json value) {
  return Error(ErrorType::kNotFound, path.String(), std::move(value), {});
}

APIMACHINERY_DECL Error Duplicate(const Path& path, nlohmann::json value) {
  return Error(ErrorType::kDuplicate, path.String(), std::move(value), {});
}

APIMACHINERY_DECL Error Required(const Path& path, std::string detail) {
  return Error(ErrorType::kRequired, path.String(), "", std::move(detail));
}

APIMACHINERY_DECL Error Forbidden(const Path& path, std::string detail) {
  return Error(ErrorType::kForbidden, path.String(), "", std::move(detail));
}

APIMACHINERY_DECL Error InternalError(const Path& path, std::string_view err) {
  return Error(ErrorType::kInternal, path.String(), nullptr, std::string(err));
}

}  // namespace apimachinery::field

namespace apimachinery::field::internal {

APIMACHINERY_DECL void AppendGoSyntax(std::string& out, const nlohmann::json& v) {
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

APIMACHINERY_DECL void AppendBadValue(std::string& out, const nlohmann::json& v) {
  std::string text;
  try {
    util::json::AppendMarshal(text, v, 0);
  } catch (const apimachinery::Error&) {  // not field::Error
    text.clear();
    AppendGoSyntax(text, v);
  }
  out += text;
}

}  // namespace apimachinery::field::internal

namespace apimachinery::field {

APIMACHINERY_DECL std::string Error::Body(ErrorType type, const nlohmann::json& value,
                                          const std::string& detail) {
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

APIMACHINERY_DECL std::optional<AggregateError> ToAggregate(const ErrorList& list) {
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

APIMACHINERY_DECL Error NotSupported(const Path& path, nlohmann::json value,
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

APIMACHINERY_DECL Error TooLong(const Path& path, long long max_length) {
  std::string msg = max_length >= 0 ? "may not be more than " + std::to_string(max_length) +
                                          (max_length == 1 ? " byte" : " bytes")
                                    : "value is too long";
  return Error(ErrorType::kTooLong, path.String(), "<value omitted>", std::move(msg));
}

APIMACHINERY_DECL Error TooMany(const Path& path, long long actual_quantity, long long max_quantity) {
  std::string msg = max_quantity >= 0 ? "must have at most " + std::to_string(max_quantity) +
                                            (max_quantity == 1 ? " item" : " items")
                                      : "has too many items";
  nlohmann::json actual = actual_quantity >= 0 ? nlohmann::json(actual_quantity)
                                               : nlohmann::json(nlohmann::json::value_t::discarded);
  return Error(ErrorType::kTooMany, path.String(), std::move(actual), std::move(msg));
}

}  // namespace apimachinery::field
