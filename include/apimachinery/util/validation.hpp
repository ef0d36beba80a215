// Forwarding header: util/validation.hpp, kept for the old spellings.
//
// The validators are in util/validation/validation.hpp (namespace apimachinery::validation), the
// field errors in util/validation/field/ (namespace apimachinery::field) and Go's quoting in
// util/strconv.hpp (namespace apimachinery::util). New code includes those headers; this one
// includes all three and keeps the old names as aliases:
//   validation::FieldError      = field::Error
//   validation::FieldErrorType  = field::ErrorType
//   validation::GoQuote         = util::Quote
//   validation::GoJSONStrings   = util::GoJSONStrings
#pragma once

#include <string>
#include <string_view>

#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/validation/field/field.hpp"
#include "apimachinery/util/validation/validation.hpp"

namespace apimachinery::validation {

using FieldError = field::Error;
using FieldErrorType = field::ErrorType;
using util::GoJSONStrings;

// GoQuote is the old spelling of util::Quote.
inline std::string GoQuote(std::string_view s) { return util::Quote(s); }

}  // namespace apimachinery::validation
