// intstr::IntOrString: a value that is an int32 or a string ("maxUnavailable: 25%" or 1), the type
// of ports and rollout budgets in Kubernetes objects.
//
// Port of k8s.io/apimachinery/pkg/util/intstr intstr.go.
//
// Example:
//   auto v = intstr::FromString("25%");
//   intstr::GetScaledValueFromIntOrPercent(&v, 10, true);   // 3 (ceil of 25% of 10)
//   nlohmann::json j = intstr::FromInt32(8080);              // 8080
//
// JSON: an Int is a JSON number, a String a JSON string (MarshalJSON); reading takes a JSON string
// as String and anything else as an int32 (UnmarshalJSON), with encoding/json's errors.
//
// Throws:
//   from_json: util::json::DecodeError (the one decode error type) with encoding/json's texts,
//     through the checked reader (util/internal/json_read.hpp): `json: cannot unmarshal number 1.5
//     into Go value of type int32`, `json: cannot unmarshal bool into Go value of type int32`
//     (object, array likewise); inside a field-list object Go's path (`Go struct field
//     Spec.spec.port of type int32`), as Go's decoder adds its context to UnmarshalJSON's error;
// intstr::Error (an apimachinery::Error) with upstream's texts:
//   to_json of a Type other than Int and String:
//     `json: error calling MarshalJSON for type intstr.IntOrString: impossible IntOrString.Type`;
//   GetScaledValueFromIntOrPercent / GetValueFromIntOrPercent: `nil value for IntOrString`,
//     `invalid value for IntOrString: invalid type: string is not a percentage`,
//     `invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax`.
// Cost: O(length of the string). Thread-safety: a value type.
//
// Differences from upstream:
// - Go's `int` is int64_t here (IntValue, the totals and results of the percentage helpers).
// - FromInt logs nothing when the value overflows int32 (upstream logs with klog); it truncates as
//   upstream does.
// - from_json sees nlohmann's decoded value: a JSON null leaves the value unchanged but sets
//   Type Int (as upstream); the text of a refused number is its literal when the document was
//   parsed with its literals (the serializer, runtime::UnmarshalJSON), else nlohmann's rendering
//   (`1000.0` for a literal `1e3`, which Go quotes verbatim).
// - No CBOR or protobuf.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/format.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/decode_error.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::intstr {

// Error: the errors of package intstr.
class Error : public apimachinery::Error {
 public:
  using apimachinery::Error::Error;
};

// Type is what an IntOrString holds (upstream: Type, an int64 with Int = 0, String = 1).
enum class Type : std::int64_t { Int = 0, String = 1 };

// String(Type): "Int" / "String" (upstream prints the number; the name reads better in messages).
constexpr std::string_view String(Type t) noexcept {
  switch (t) {
    case Type::Int:
      return "Int";
    case Type::String:
      return "String";
  }
  return "Unknown";
}

// IntOrString holds an int32 or a string (upstream: IntOrString). The default is the Int 0.
struct IntOrString {
  Type type = Type::Int;
  std::int32_t intVal = 0;
  std::string strVal;

  // String is the string, or the int in decimal (upstream: String).
  APIMACHINERY_DECL std::string String() const;
  // IntValue is the int, or the string read by strconv.Atoi (0 when it is not a number, the int64
  // limit when it overflows, as Atoi returns them) (upstream: IntValue).
  APIMACHINERY_DECL std::int64_t IntValue() const noexcept;

  APIMACHINERY_DECL friend bool operator==(const IntOrString& a, const IntOrString& b) noexcept;
};

// FromInt32 / FromString build the two kinds (upstream: FromInt32, FromString).
APIMACHINERY_DECL IntOrString FromInt32(std::int32_t val);
APIMACHINERY_DECL IntOrString FromString(std::string val);

// FromInt truncates to int32 (upstream: FromInt, deprecated in favour of FromInt32).
[[deprecated("use FromInt32")]] APIMACHINERY_DECL IntOrString FromInt(std::int64_t val);

// Parse is an Int when val is a decimal int32 (strconv.ParseInt(val, 10, 32)), else a String.
IntOrString Parse(std::string_view val);

// ValueOrDefault is *intOrPercent, or defaultValue when it is null (upstream returns a pointer).
APIMACHINERY_DECL IntOrString ValueOrDefault(const IntOrString* intOrPercent,
                                             const IntOrString& defaultValue);

// GetScaledValueFromIntOrPercent: an Int as is; a String "<n>%" as n percent of total, rounded up
// or down; any other string is an error (upstream: GetScaledValueFromIntOrPercent).
std::int64_t GetScaledValueFromIntOrPercent(const IntOrString* intOrPercent, std::int64_t total,
                                            bool roundUp);

// GetValueFromIntOrPercent: the deprecated variant that drops every '%' and treats any string as a
// percentage (upstream: GetValueFromIntOrPercent).
std::int64_t GetValueFromIntOrPercent(const IntOrString* intOrPercent, std::int64_t total, bool roundUp);

void to_json(nlohmann::json& j, const IntOrString& v);
void from_json(const nlohmann::json& j, IntOrString& v);

// Implementation details follow.

namespace detail {

// strconv.Atoi / ParseInt(s, 10, bits): value and error ("" when none), Go's clamping included.
APIMACHINERY_DECL std::int64_t ParseIntGo(std::string_view s, int bits, std::string_view fn,
                                          std::string& err);

// Go's int(f) on amd64 (the "integer indefinite" value outside the int64 range, NaN included).
APIMACHINERY_DECL std::int64_t FloatToInt(double f) noexcept;

APIMACHINERY_DECL std::int64_t ScalePercent(std::int64_t value, std::int64_t total, bool roundUp);

}  // namespace detail

}  // namespace apimachinery::intstr

APIMACHINERY_STRINGER(apimachinery::intstr, IntOrString);
APIMACHINERY_STRINGER(apimachinery::intstr, Type);

template <>
struct std::hash<apimachinery::intstr::IntOrString> {
  std::size_t operator()(const apimachinery::intstr::IntOrString& v) const noexcept {
    return v.type == apimachinery::intstr::Type::String ? std::hash<std::string>{}(v.strVal) ^ 0x9e3779b9U
                                                        : std::hash<std::int32_t>{}(v.intVal);
  }
};

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/intstr/impl/intstr.ipp"
#endif
