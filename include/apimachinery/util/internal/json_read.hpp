// util::internal JSON reading: the one checked reader of typed values out of nlohmann::json, and
// the texts of Go's json.UnmarshalTypeError. Shared internals (util/internal/: every package may use
// them, users must not): the field-list codec (runtime/fields_json.hpp), the metav1 wire readers
// (apis/meta/v1/internal/json.hpp) and the discovery decoders all read through it, so a value
// that does not fit its C++ member is refused the same way everywhere:
//
//   std::int32_t r = 0;
//   if (!ReadValue(j, r)) throw MyError(UnmarshalTypeErrorText(TypeErrorValue<std::int32_t>(j), "int32"));
//   // json: cannot unmarshal number 4294967298 into Go struct field WidgetSpec.spec.replicas of type int32
//
// The rules are Go's encoding/json literalStore (encoding/json/decode.go; sigs.k8s.io/json, which
// Kubernetes' serializer uses, has the same code): an integer member takes only an integral number
// within its range (1.5, 1.0, -1 for an unsigned member and 4294967298 for an int32 are refused with
// "number <literal>"); a float32 member refuses numbers that overflow float32; strings take only
// strings and bools only booleans; a value of another JSON kind is named by its kind ("string",
// "number", "bool", "array", "object").
//
// Go's error names where it happened: the innermost struct's name and the path of JSON keys from
// the document root (array indices and map keys are not part of it). JSONErrorContext keeps that
// path while a decode runs (a thread-local stack of keys, pushed by JSONFieldScope): the field-list
// codec pushes each member's key, so a hand-written reader further down (metav1::ObjectMeta's)
// reports `ObjectMeta.metadata.name` as Go does.
//
// Cost: ReadValue is a type test and a range compare; JSONFieldScope is a push and a pop on a
// thread-local vector (no allocation after the first growth). Texts are built only on failure.
// Thread-safety: the context is per thread; everything else is pure.
// Number literals: the reader sees the parsed document, whose numbers are values. Go reports a
// refused number by its literal and refuses `-0` for an unsigned member; both need the text. A
// decode that parsed with util::json::Parse(data, record) installs record.literals for the
// current thread (JSONLiteralsScope), and then:
// - `-0` is refused for unsigned members (`json: cannot unmarshal number -0 into Go struct field
//   Spec.spec.u32 of type uint32`, checked through a Go program on sigs.k8s.io/json's
//   UnmarshalCaseSensitivePreserveInts) and accepted for signed ones, as Go does;
// - "number <literal>" is the literal as written (`1.50`, `1e2`, `1E2`, `-0.0`, `1e39` into a
//   float32, `18446744073709551616`).
// Differences from upstream: a document that did not come from such a parse (built in code, or an
// Unstructured converted to a typed object) has no literals: there a refused number prints as
// nlohmann renders it (`100.0` for what was `1e2`) and an integer 0 is accepted everywhere (Go's
// unstructured converter, which that path mirrors, accepts int64 0 too).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/internal/type_traits.hpp"
#include "apimachinery/util/number_literals.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::util::internal {

// GoTypeName<T>(): Go's reflect.Type.String() of the Go type a C++ member stands for: int32,
// uint64, float32, string, bool, []string, map[string]int32, *int64 (std::optional), interface {}
// (nlohmann::json). A class type is `<last namespace>.<Name>` ("v1.WidgetSpec"; metav1 is Go's
// package v1), unless it declares `static constexpr std::string_view kGoTypeName`.
template <typename T>
std::string GoTypeName();

// GoStructName<T>(): reflect.Type.Name() of a class type: GoTypeName without the package.
template <typename T>
std::string GoStructName();

// JSONErrorContext: Go's decodeState.errorContext for the current thread: the innermost struct
// whose field is being decoded and the JSON keys from the document root to that field.
struct JSONErrorContext {
  std::string_view strct;
  std::vector<std::string_view> fields;
  // The number literals of the document being decoded (JSONLiteralsScope), or nullptr.
  const util::NumberLiterals* literals = nullptr;

  APIMACHINERY_DECL static JSONErrorContext& Current() noexcept;
  // The keys joined with '.', then `key` when not empty.
  APIMACHINERY_DECL std::string Path(std::string_view key = {}) const;
};

// JSONFieldScope: while alive, the context says: decoding field `key` of struct `strct`. The
// string_views must outlive the scope (object keys of the document, static names).
class JSONFieldScope {
 public:
  APIMACHINERY_DECL JSONFieldScope(std::string_view strct, std::string_view key);
  APIMACHINERY_DECL ~JSONFieldScope();
  JSONFieldScope(const JSONFieldScope&) = delete;
  JSONFieldScope& operator=(const JSONFieldScope&) = delete;

 private:
  JSONErrorContext& ctx_;
  std::string_view prev_;
};

// JSONLiteralsScope: while alive, ReadValue and TypeErrorValue on this thread read the number
// literals of `literals` (util::json::Parse(data, record)'s record.literals, util/json/json.hpp), which must
// outlive the scope. Scopes nest; the innermost wins.
class JSONLiteralsScope {
 public:
  APIMACHINERY_DECL explicit JSONLiteralsScope(const util::NumberLiterals& literals);
  APIMACHINERY_DECL ~JSONLiteralsScope();
  JSONLiteralsScope(const JSONLiteralsScope&) = delete;
  JSONLiteralsScope& operator=(const JSONLiteralsScope&) = delete;

 private:
  JSONErrorContext& ctx_;
  const util::NumberLiterals* prev_;
};

// NumberLiteral: the literal of number `v` in the document being decoded, or nullptr when none is
// recorded (see the top of this file).
APIMACHINERY_DECL const std::string* NumberLiteral(const nlohmann::json& v);

// UnmarshalTypeErrorText: UnmarshalTypeError.Error() at the current context:
// `json: cannot unmarshal <value> into Go struct field <Struct>.<path> of type <go_type>`, or
// `... into Go value of type <go_type>` outside any field.
APIMACHINERY_DECL std::string UnmarshalTypeErrorText(std::string_view value, std::string_view go_type);

// UnmarshalFieldTypeErrorText: the same for field `key` of struct `strct` (not pushed on the
// context: the context's keys are its prefix).
APIMACHINERY_DECL std::string UnmarshalFieldTypeErrorText(std::string_view value, std::string_view strct,
                                                          std::string_view key, std::string_view go_type);

// TypeErrorValue<T>(v): UnmarshalTypeError.Value for `v` refused by a T member: "number
// <literal>" for a number refused by a numeric member (out of range, not integral), else the JSON
// kind ("string", "number", ...).
template <typename T>
std::string TypeErrorValue(const nlohmann::json& v) {
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
    if (v.is_number()) {
      const std::string* literal = NumberLiteral(v);
      return "number " + (literal != nullptr ? *literal : v.dump());
    }
  }
  return std::string(JSONTypeName(v));
}

// ReadValue: reads the scalar `v` into `out` by Go's rules (see the top of this file); false, and
// `out` untouched, when it does not fit. T is bool, an integer type, float, double or std::string.
template <typename T>
bool ReadValue(const nlohmann::json& v, T& out) noexcept;

// Float32Overflows: `d` (a finite double) is out of float32's range after rounding to nearest
// (strconv.ParseFloat(s, 32)'s ErrRange).
APIMACHINERY_DECL bool Float32Overflows(double d) noexcept;

// Implementation details follow.

template <typename T>
bool ReadValue(const nlohmann::json& v, T& out) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) return false;
    out = v.get_ref<const bool&>();
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!v.is_string()) return false;
    out = v.get_ref<const std::string&>();
    return true;
  } else if constexpr (std::is_integral_v<T>) {
    if (v.is_number_unsigned()) {
      const std::uint64_t u = v.get_ref<const std::uint64_t&>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
      out = static_cast<T>(u);
      return true;
    }
    if (v.is_number_integer()) {
      const std::int64_t i = v.get_ref<const std::int64_t&>();
      if constexpr (std::is_unsigned_v<T>) {
        if (i < 0 ||
            static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) {
          return false;
        }
        // The signed integer 0 is `-0` when it came from text (nlohmann reads `0` as unsigned).
        if (i == 0 && NumberLiteral(v) != nullptr) return false;
      } else {
        if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            i > static_cast<std::int64_t>(std::numeric_limits<T>::max())) {
          return false;
        }
      }
      out = static_cast<T>(i);
      return true;
    }
    return false;  // floats (1.5, 1.0, integers beyond 64 bits) and non-numbers
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.is_number()) return false;
    const double d = v.get<double>();
    if constexpr (sizeof(T) < sizeof(double)) {
      if (Float32Overflows(d)) return false;
    }
    out = static_cast<T>(d);
    return true;
  } else {
    static_assert(std::is_same_v<T, bool>, "ReadValue reads bool, integers, floats and std::string");
    return false;
  }
}

template <typename T>
std::string GoTypeName() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    return "bool";
  } else if constexpr (std::is_integral_v<U>) {
    constexpr std::size_t bits = sizeof(U) * 8;
    return std::string(std::is_signed_v<U> ? "int" : "uint") + std::to_string(bits);
  } else if constexpr (std::is_floating_point_v<U>) {
    return sizeof(U) == 4 ? "float32" : "float64";
  } else if constexpr (std::is_same_v<U, std::string>) {
    return "string";
  } else if constexpr (std::is_same_v<U, nlohmann::json>) {
    return "interface {}";
  } else if constexpr (IsVector<U>::value) {
    return "[]" + GoTypeName<typename U::value_type>();
  } else if constexpr (IsMap<U>::value) {
    return "map[" + GoTypeName<typename U::key_type>() + "]" + GoTypeName<typename U::mapped_type>();
  } else if constexpr (IsOptional<U>::value) {
    return "*" + GoTypeName<typename U::value_type>();
  } else if constexpr (requires { std::string_view(U::kGoTypeName); }) {
    return std::string(U::kGoTypeName);
  } else {
    std::string_view n = util::internal::kTypeName<U>;
    if (auto lt = n.find('<'); lt != std::string_view::npos) n = n.substr(0, lt);
    const auto last = n.rfind("::");
    if (last == std::string_view::npos) return std::string(n);
    std::string_view name = n.substr(last + 2);
    std::string_view ns = n.substr(0, last);
    if (auto prev = ns.rfind("::"); prev != std::string_view::npos) ns = ns.substr(prev + 2);
    if (ns == "metav1") ns = "v1";
    std::string out(ns);
    out += '.';
    out += name;
    return out;
  }
}

template <typename T>
std::string GoStructName() {
  std::string n = GoTypeName<T>();
  if (auto dot = n.rfind('.'); dot != std::string::npos) n.erase(0, dot + 1);
  return n;
}

}  // namespace apimachinery::util::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/internal/impl/json_read.ipp"
#endif
