// util::json::DecodeError: the one exception for JSON that does not fit the type it is decoded
// into, in every package that decodes (Go's *json.UnmarshalTypeError and the errors a type's
// UnmarshalJSON returns).
//
// Example:
//   try {
//     nlohmann::json(42).get<schema::GroupKind>();
//   } catch (const util::json::DecodeError& e) {
//     // json: cannot unmarshal number into Go value of type v1.GroupKind
//   }
//
// Every typed reader throws it, through the checked reader (util/internal/json_read.hpp) and its
// Go texts: the field-list codec and metav1 (where it is spelt metav1::DecodeError), schema's
// kinds and resources, IntOrString, NamespacedName, and discovery (discovery::DecodeError derives
// from it and adds the document's name and path). JSON text that is not JSON throws
// util::json::SyntaxError (util/json/json.hpp) instead, as Go returns a *json.SyntaxError; a value
// whose own grammar refuses it (a Quantity, a timestamp) throws that grammar's error, as Go's
// UnmarshalJSON methods return it (resource::ParseError; metav1::TimeParseError derives from this
// type).
// Thread-safety: immutable once constructed.
#pragma once

#include "apimachinery/error.hpp"

namespace apimachinery::util::json {

// DecodeError: JSON of the wrong shape for its type (wrong JSON type, out-of-range number, missing
// kind, bad enum text). what() is Go's text where Go has one.
class DecodeError : public Error {
 public:
  using Error::Error;
};

}  // namespace apimachinery::util::json
