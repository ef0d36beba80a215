// JSON from field lists: the Kubernetes wire form of a struct derived from its APIMACHINERY_FIELDS
// list (conversion/fields.hpp: wire keys and Go's tag options), read with Go's rules and texts.
//
// Example (namespace scope):
//   struct WidgetSpec { std::int32_t replicas = 0; std::string image_name; std::string cluster_ip; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, image_name, (cluster_ip, "clusterIP,omitempty"))
//   APIMACHINERY_JSON_FIELDS(WidgetSpec)  // to_json / from_json
// Example:
//   nlohmann::json j = WidgetSpec{3, "x", "y"};   // {"replicas":3,"imageName":"x","clusterIP":"y"}
//
// - Keys: each field's Field::key() (its tag's name, else the member name in camelCase). Objects
//   (types with `type_meta`) also read/write `apiVersion` and `kind` (Go's inline TypeMeta).
// - Writing (encoding/json's Marshal): an omitempty field (every bare member, and tags with
//   omitempty) is left out when empty: "" / 0 / false / empty containers / nullopt / null; a struct
//   (a type with a field list) is never empty. A field without omitempty is always written, an
//   empty container or nullopt as null (Go's nil). `,string` writes the number or bool as a JSON
//   string; `,inline` writes the member's fields at this level; `-` is never written.
// - Key order: to_json builds a nlohmann::json document, whose objects keep their keys sorted.
//   FieldsAppendJSON (and the `AppendJSON(std::string&, const Type&)` that APIMACHINERY_JSON_FIELDS
//   defines beside to_json) writes the text directly, in Go's order (encoding/json/encode.go:
//   typeFields, structEncoder.encode): `kind`, `apiVersion` (Go's embedded TypeMeta), then the
//   fields in field-list order with inline members' fields spliced in place; map keys sorted
//   (mapEncoder sorts them); nlohmann::json members through util::json::Marshal (sorted, a map in
//   Go too); metav1 types through their AppendJSON (Go's order, apis/meta/v1/types.hpp); other
//   member types with to_json through their document. The members written and the bytes of each
//   value are FieldsToJSON's: only the key order differs. runtime::JSONSerializer::Encode uses it.
//   Cost: one pass, appending to one string (no document, no per-key allocation; each field's
//   quoted key is made once per program).
// - Reading replaces the whole value: members whose key is absent (or null) are reset to their
//   default (a `-` member is left alone). Keys match case-sensitively (sigs.k8s.io/json, what
//   Kubernetes' serializer uses). Each value goes through the shared checked reader
//   (util/internal/json_read.hpp): integers must be integral and in range for their width,
//   unsigned members refuse negatives, float members refuse float32 overflow, strings and bools
//   take only their kind. A value that does not fit throws metav1::DecodeError with Go's text: the
//   innermost struct's name, the JSON keys from the document root, Go's type name
//   (`json: cannot unmarshal number 4294967298 into Go struct field WidgetSpec.spec.replicas of
//   type int32`; `... of type []v1.Container`; `... into Go value of type v1.Widget` for the
//   document itself). Unknown keys are ignored, unless the decode is handed a StrictFieldErrors,
//   which records each as `unknown field "<path>"` (the path of the key from the document root, as
//   upstream's strict decoder prints it: `spec.template.containers[0].foo`). Unknown metadata keys (kept by
//   metav1::ObjectMeta in unknown_fields) are reported the same way.
// - A member type needs a field list (APIMACHINERY_FIELDS is enough for nested types) or
//   to_json/from_json; otherwise a static_assert says so. APIMACHINERY_JSON_FIELDS outside the
//   type's namespace is a static_assert too (nlohmann would not find the functions).
//
// Throws: metav1::DecodeError (wrong types, out-of-range numbers, a non-object where an object is
// expected, a bad `,string` value with Go's `json: invalid use of ,string struct tag` text).
// Cost: one pass over the JSON; a key is found by comparing it with the type's keys in order.
// Thread-safety: stateless; strict mode is a parameter. The error context that names Go's path in a
// type error is per thread (util/internal/json_read.hpp), so hand-written readers further down
// (metav1's) name the same path without taking a parameter.
// Differences from upstream: Go decodes into the existing value (absent keys keep it); from_json
// replaces it. The first error is thrown (Go keeps decoding and returns the first type error).
// A refused number is named by its literal only where the document came with its literals
// (UnmarshalJSON, the serializer's decode; see json_read.hpp). A class type's Go name is
// `<last namespace>.<Name>` unless it declares `kGoTypeName`. Writing: a key that two fields share
// (an inline member's field named as an outer one) is written twice by FieldsAppendJSON, once by
// to_json (the later field); Go writes the shallower field (typeFields' dominantField). A float
// member: FieldsAppendJSON writes float32's shortest text, as Go's float32 encoder (0.1f as 0.1);
// to_json's document holds the float64 it converts to (0.10000000149011612), as Go's unstructured
// converter does.
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/internal/json_read.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/internal/type_traits.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

// StrictFieldErrors: what a strict decode found besides type errors: each unknown key as
// `unknown field "<path>"` (the path from the document root, as sigs.k8s.io/json's strict decoder
// prints it: `spec.template.containers[0].foo`), in document order. A decode records into it only
// when it is handed one (FieldsFromJSON's and UnmarshalJSON's `strict` parameter, the Scheme's
// TypeInfo::from_json): strict mode is a parameter of the call, never state of the thread.
// Thread-safety: one decode at a time per collector. Cost: a string per unknown key.
class StrictFieldErrors {
 public:
  // The recorded errors: the unknown keys in document order, then what Append added.
  const std::vector<std::string>& errors() const noexcept { return errors_; }

  // For decoders: enter member `segment` (an array index `[i]` when `index`), leave it, and
  // record `key` as unknown at the current path.
  APIMACHINERY_DECL void Push(std::string_view segment, bool index = false);
  APIMACHINERY_DECL void Pop();
  APIMACHINERY_DECL void Unknown(std::string_view key);
  // Appends already-formatted errors (util::json::ParseRecord::duplicates).
  void Append(const std::vector<std::string>& texts) {
    errors_.insert(errors_.end(), texts.begin(), texts.end());
  }

 private:
  std::string path_;
  std::vector<std::size_t> mark_;
  std::vector<std::string> errors_;
};

// FieldsToJSON / FieldsFromJSON: the functions behind APIMACHINERY_JSON_FIELDS.
template <typename T>
void FieldsToJSON(nlohmann::json& j, const T& v);
// FieldsFromJSON with `strict` records unknown keys there (keys that no field, inline member or
// TypeMeta takes, and ObjectMeta's unknown keys); with nullptr (what from_json passes) they are
// ignored, as Go's default decoder does.
template <typename T>
void FieldsFromJSON(const nlohmann::json& j, T& v, StrictFieldErrors* strict = nullptr);
// FieldsAppendJSON appends v's JSON text with its keys in field-list order (see the header
// comment): the members and bytes FieldsToJSON's document gives through util::json::Marshal, in
// Go's order. `type_meta`, when given, replaces v's own apiVersion/kind (the serializer's stamp).
// Throws: apimachinery::Error for a non-finite float (as Marshal).
template <typename T>
void FieldsAppendJSON(std::string& out, const T& v, const metav1::TypeMeta* type_meta = nullptr);

// UnmarshalJSON: decodes JSON text into `out` (a type with a field list, or any type with
// from_json), as Kubernetes decodes into a Go value (sigs.k8s.io/json: UnmarshalCaseSensitive
// PreserveInts): util::json::Parse's limits and syntax errors, then from_json, with a refused
// number named by its literal (`json: cannot unmarshal number 1.50 into Go struct field
// WidgetSpec.spec.replicas of type int32`) and `-0` refused for unsigned members, as the
// serializer's decode does. With `strict` (sigs.k8s.io/json's UnmarshalStrict), the unknown keys
// (field-list types and what they hold; a hand-written from_json has no strict form) and then
// duplicate keys (`duplicate field "spec.a"`) are recorded there. Differs from upstream: Go lists
// both kinds interleaved in document order; here unknown keys come first (as the serializer's
// strict error does).
// Throws: util::json::SyntaxError; metav1::DecodeError. Cost: Parse plus from_json.
template <typename T>
void UnmarshalJSON(std::string_view data, T& out, StrictFieldErrors* strict = nullptr);

// Implementation details follow.
namespace internal {

namespace adl {
void to_json() = delete;  // anchors unqualified lookup; the real ones are found by ADL
void from_json() = delete;
template <typename T>
concept HasToJSON = requires(nlohmann::json& j, const T& v) {
  to_json(j, v);
};
template <typename T>
concept HasFromJSON = requires(const nlohmann::json& j, T& v) {
  from_json(j, v);
};
// HasStrictFromJSON<T>: T's from_json has a strict form, `from_json(j, v, StrictFieldErrors*)`
// (APIMACHINERY_JSON_FIELDS defines it beside the two-argument one nlohmann calls).
template <typename T>
concept HasStrictFromJSON = requires(const nlohmann::json& j, T& v, StrictFieldErrors* strict) {
  from_json(j, v, strict);
};
void AppendJSON() = delete;
// HasAppendJSON<T>: T writes its own JSON text in Go's order (`AppendJSON(std::string&, const T&)`
// found by ADL: the metav1 types, and field-list types through APIMACHINERY_JSON_FIELDS).
template <typename T>
concept HasAppendJSON = requires(std::string& out, const T& v) {
  AppendJSON(out, v);
};
// HasObjectAppendJSON<T>: as HasAppendJSON, with an apiVersion/kind to write instead of the
// object's own (`AppendJSON(std::string&, const T&, const metav1::TypeMeta*)`): what the Scheme
// hands the serializer (TypeInfo::append_json).
template <typename T>
concept HasObjectAppendJSON = requires(std::string& out, const T& v, const metav1::TypeMeta* tm) {
  AppendJSON(out, v, tm);
};
}  // namespace adl

// kNoJSON<M>: false, for a static_assert that fires only when instantiated.
template <typename M>
inline constexpr bool kNoJSON = false;

// The Go name of T as a struct (errorContext.Struct.Name()), computed once.
template <typename T>
std::string_view StructName() {
  static const std::string name = util::internal::GoStructName<T>();
  return name;
}

template <typename M>
[[noreturn]] void ThrowTypeError(const nlohmann::json& j) {
  throw metav1::DecodeError(util::internal::UnmarshalTypeErrorText(util::internal::TypeErrorValue<M>(j),
                                                                   util::internal::GoTypeName<M>()));
}

// IsEmptyValue: Go's isEmptyValue (encoding/json/encode.go) for omitempty: false, 0, "", empty
// containers, nullopt, null; a struct (a type with a field list) is never empty. Other class types
// are empty when equal to their default value (metadata never is).
template <typename T>
bool IsEmptyValue(const T& v) {
  if constexpr (util::internal::IsOptional<T>::value) {
    return !v.has_value();
  } else if constexpr (std::is_same_v<T, nlohmann::json>) {
    return v.is_null();
  } else if constexpr (requires { v.empty(); }) {
    return v.empty();
  } else if constexpr (!conversion::HasFields<T> && !std::is_same_v<T, metav1::ObjectMeta> &&
                       std::equality_comparable<T> && std::is_default_constructible_v<T>) {
    return v == T{};
  } else {
    return false;
  }
}

template <typename M>
void DecodeValue(const nlohmann::json& j, M& out, StrictFieldErrors* strict);
template <typename T>
void WriteFields(nlohmann::json& j, const T& v);

template <typename M>
nlohmann::json EncodeValue(const M& v) {
  if constexpr (conversion::HasFields<M>) {
    nlohmann::json j;
    FieldsToJSON(j, v);
    return j;
  } else if constexpr (util::internal::IsVector<M>::value) {
    using E = typename M::value_type;
    if constexpr (std::is_arithmetic_v<E> || std::is_same_v<E, std::string>) {
      return nlohmann::json(v);
    } else {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : v) a.push_back(EncodeValue(e));
      return a;
    }
  } else if constexpr (util::internal::IsMap<M>::value) {
    using E = typename M::mapped_type;
    if constexpr (std::is_arithmetic_v<E> || std::is_same_v<E, std::string>) {
      return nlohmann::json(v);
    } else {
      nlohmann::json o = nlohmann::json::object();
      for (const auto& [k, e] : v) o[k] = EncodeValue(e);
      return o;
    }
  } else if constexpr (util::internal::IsOptional<M>::value) {
    if (!v) return nullptr;
    return EncodeValue(*v);
  } else if constexpr (adl::HasToJSON<M> || std::is_arithmetic_v<M> || std::is_same_v<M, std::string> ||
                       std::is_same_v<M, nlohmann::json> || util::internal::IsVector<M>::value ||
                       util::internal::IsMap<M>::value) {
    return nlohmann::json(v);
  } else {
    static_assert(
        kNoJSON<M>,
        "a member type of an APIMACHINERY_JSON_FIELDS type has no JSON: give it APIMACHINERY_FIELDS "
        "(in its own namespace), or to_json/from_json; the member type is the M of EncodeValue<M> "
        "in the lines above");
    return nullptr;
  }
}

// ,string (encoding/json: a number or bool written inside a JSON string).
template <typename M>
nlohmann::json EncodeQuoted(const M& v) {
  if constexpr (util::internal::IsOptional<M>::value) {
    if (!v) return nullptr;
    return EncodeQuoted(*v);
  } else {
    static_assert(std::is_arithmetic_v<M>, "the `string` tag option applies to numbers and bools");
    return nlohmann::json(v).dump();
  }
}

[[noreturn]] APIMACHINERY_DECL void ThrowInvalidStringTag(std::string_view what, const std::string& go_type);

// IsJSONNumber: `s` is a JSON number literal (encoding/json/scanner.go's grammar).
APIMACHINERY_DECL bool IsJSONNumber(std::string_view s);

// DecodeQuoted: a ,string member (encoding/json/decode.go: object's destring, literalStore with
// fromQuoted).
template <typename M>
void DecodeQuoted(const nlohmann::json& j, M& out) {
  if constexpr (util::internal::IsOptional<M>::value) {
    if (j.is_null()) {
      out.reset();
      return;
    }
    typename M::value_type x{};
    DecodeQuoted(j, x);
    out = x;
  } else {
    static_assert(std::is_arithmetic_v<M>, "the `string` tag option applies to numbers and bools");
    if (j.is_null()) {
      out = M{};
      return;
    }
    if (!j.is_string()) ThrowInvalidStringTag("unquoted value", util::internal::GoTypeName<M>());
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "null") return;
    if constexpr (std::is_same_v<M, bool>) {
      if (s == "true" || s == "false") {
        out = s == "true";
        return;
      }
      ThrowInvalidStringTag(util::Quote(s), "bool");
    } else {
      if (s == "true" || s == "false") {
        throw metav1::DecodeError(
            util::internal::UnmarshalTypeErrorText("bool", util::internal::GoTypeName<M>()));
      }
      if (s.empty() || (s[0] != '-' && (s[0] < '0' || s[0] > '9')) || !IsJSONNumber(s)) {
        ThrowInvalidStringTag(util::Quote(s), util::internal::GoTypeName<M>());
      }
      nlohmann::json n;
      bool ok = false;
      if constexpr (std::is_integral_v<M>) {
        if (s.find_first_of(".eE") == std::string::npos) {
          if (s[0] == '-') {
            std::int64_t i = 0;
            auto r = std::from_chars(s.data(), s.data() + s.size(), i);
            if (r.ec == std::errc() && r.ptr == s.data() + s.size()) {
              n = i;
              ok = util::internal::ReadValue(n, out);
            }
          } else {
            std::uint64_t u = 0;
            auto r = std::from_chars(s.data(), s.data() + s.size(), u);
            if (r.ec == std::errc() && r.ptr == s.data() + s.size()) {
              n = u;
              ok = util::internal::ReadValue(n, out);
            }
          }
        }
      } else {
        double d = 0;
        auto r = std::from_chars(s.data(), s.data() + s.size(), d);
        if (r.ec == std::errc() && r.ptr == s.data() + s.size()) {
          n = d;
          ok = util::internal::ReadValue(n, out);
        }
      }
      if (!ok) {
        throw metav1::DecodeError(
            util::internal::UnmarshalTypeErrorText("number " + s, util::internal::GoTypeName<M>()));
      }
    }
  }
}

template <typename M>
void DecodeValue(const nlohmann::json& j, M& out, StrictFieldErrors* strict) {
  if (j.is_null()) {
    out = M{};
    return;
  }
  if constexpr (conversion::HasFields<M>) {
    FieldsFromJSON(j, out, strict);
  } else if constexpr (std::is_arithmetic_v<M> || std::is_same_v<M, std::string>) {
    if (!util::internal::ReadValue(j, out)) ThrowTypeError<M>(j);
  } else if constexpr (util::internal::IsVector<M>::value) {
    if (!j.is_array()) ThrowTypeError<M>(j);
    out.clear();
    out.resize(j.size());
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (strict) strict->Push(fmt::format("[{}]", i), true);
      DecodeValue(j[i], out[i], strict);
      if (strict) strict->Pop();
    }
  } else if constexpr (util::internal::IsMap<M>::value) {
    static_assert(std::is_same_v<typename M::key_type, std::string>,
                  "the field-list JSON codec reads maps with std::string keys");
    if (!j.is_object()) ThrowTypeError<M>(j);
    out.clear();
    for (const auto& [k, v] : j.items()) {
      if (strict) strict->Push(k);
      DecodeValue(v, out[k], strict);
      if (strict) strict->Pop();
    }
  } else if constexpr (util::internal::IsOptional<M>::value) {
    out.emplace();
    DecodeValue(j, *out, strict);
  } else if constexpr (std::is_same_v<M, nlohmann::json>) {
    out = j;
  } else if constexpr (!adl::HasFromJSON<M>) {
    static_assert(
        kNoJSON<M>,
        "a member type of an APIMACHINERY_JSON_FIELDS type has no JSON: give it APIMACHINERY_FIELDS "
        "(in its own namespace), or to_json/from_json; the member type is the M of DecodeValue<M> "
        "in the lines above");
  } else {
    try {
      from_json(j, out);
    } catch (const nlohmann::json::exception&) {
      ThrowTypeError<M>(j);
    }
    if constexpr (std::is_same_v<M, metav1::ObjectMeta>) {
      if (strict && out.unknown_fields.is_object()) {
        for (const auto& [k, v] : out.unknown_fields.items()) strict->Unknown(k);
      }
    }
  }
}

// DecodeField decodes `value` into `member`, the member of field `f` of a struct that `strct`
// names in errors.
template <typename T, std::size_t I, typename M>
void DecodeField(const nlohmann::json& value, M& member, std::string_view strct, std::string_view key,
                 StrictFieldErrors* strict) {
  constexpr const auto& f = std::get<I>(conversion::kFields<T>);
  util::internal::JSONFieldScope scope(strct, key);
  if (strict) strict->Push(key);
  if constexpr (f.tag.string) {
    DecodeQuoted(value, member);
  } else {
    DecodeValue(value, member, strict);
  }
  if (strict) strict->Pop();
}

// DecodeInlineKey: looks `key` up among the fields of the inline member `m` (and its own inline
// members); decodes and returns true when found. `strct` is the outer struct, as Go names it.
template <typename M>
bool DecodeInlineKey(const std::string& key, const nlohmann::json& value, M& m, std::string_view strct,
                     StrictFieldErrors* strict) {
  constexpr auto& fields = conversion::kFields<M>;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(fields)>>;
  util::internal::JSONFieldScope embedded(strct, StructName<M>());
  bool found = false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          constexpr const auto& f = std::get<I>(fields);
          if constexpr (f.tag.inline_) {
            if (!found) found = DecodeInlineKey(key, value, m.*(f.ptr), strct, strict);
          } else if constexpr (!f.tag.skip) {
            if (!found && f.key() == key) {
              found = true;
              DecodeField<M, I>(value, m.*(f.ptr), strct, key, strict);
            }
          }
        }(),
        ...);
  }
  (std::make_index_sequence<n>{});
  return found;
}

// WriteField writes one field of `v` into the object `j` (an inline member's fields at the same
// level).
template <typename T, std::size_t I>
void WriteField(nlohmann::json& j, const T& v) {
  constexpr const auto& f = std::get<I>(conversion::kFields<T>);
  if constexpr (f.tag.skip) {
    return;
  } else {
    const auto& member = v.*(f.ptr);
    using M = std::remove_cvref_t<decltype(member)>;
    if constexpr (f.tag.inline_) {
      static_assert(conversion::HasFields<M>,
                    "an inline member (tag \",inline\") needs APIMACHINERY_FIELDS for its type");
      WriteFields(j, member);
    } else {
      if (IsEmptyValue(member)) {
        if constexpr (f.tag.omitempty) {
          return;
        } else if constexpr (util::internal::IsVector<M>::value || util::internal::IsMap<M>::value ||
                             util::internal::IsOptional<M>::value) {
          j[std::string(f.key())] = nullptr;  // Go's nil slice, map or pointer
          return;
        }
      }
      if constexpr (f.tag.string) {
        j[std::string(f.key())] = EncodeQuoted(member);
      } else {
        j[std::string(f.key())] = EncodeValue(member);
      }
    }
  }
}

template <typename T>
void WriteFields(nlohmann::json& j, const T& v) {
  constexpr auto& fields = conversion::kFields<T>;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(fields)>>;
  [&]<std::size_t... I>(std::index_sequence<I...>) { (WriteField<T, I>(j, v), ...); }
  (std::make_index_sequence<n>{});
}

// The ordered writer: AppendValue is EncodeValue as text (same members, same bytes as
// util::json::Marshal of EncodeValue's document), with the keys of field-list types in
// field-list order. What it has no shorter way for goes through EncodeValue and Marshal.
template <typename T>
void AppendFields(std::string& out, bool& first, const T& v);

// IsStringKeyMap<M>: a std::map with std::string keys in byte order.
template <typename M>
struct IsStringKeyMap : std::false_type {};
template <typename V, typename A>
struct IsStringKeyMap<std::map<std::string, V, std::less<std::string>, A>> : std::true_type {};
template <typename V, typename A>
struct IsStringKeyMap<std::map<std::string, V, std::less<>, A>> : std::true_type {};

template <typename M>
void AppendValue(std::string& out, const M& v) {
  if constexpr (conversion::HasFields<M>) {
    FieldsAppendJSON(out, v);
  } else if constexpr (std::is_same_v<M, bool>) {
    out += v ? "true" : "false";
  } else if constexpr (std::is_arithmetic_v<M>) {
    util::json::AppendNumber(out, v);
  } else if constexpr (std::is_same_v<M, std::string>) {
    util::AppendJSONQuote(out, v);
  } else if constexpr (std::is_base_of_v<nlohmann::json, M>) {
    util::json::AppendMarshal(out, v);
  } else if constexpr (util::internal::IsVector<M>::value) {
    out += '[';
    bool first = true;
    for (const auto& e : v) {
      if (!first) out += ',';
      first = false;
      AppendValue(out, static_cast<const typename M::value_type&>(e));
    }
    out += ']';
  } else if constexpr (IsStringKeyMap<M>::value) {
    out += '{';  // std::map's order is byte order: Go's sorted map keys
    bool first = true;
    for (const auto& [k, e] : v) {
      util::json::AppendKey(out, first, k);
      AppendValue(out, e);
    }
    out += '}';
  } else if constexpr (util::internal::IsOptional<M>::value) {
    if (!v) {
      out += "null";
    } else {
      AppendValue(out, *v);
    }
  } else if constexpr (adl::HasAppendJSON<M>) {
    AppendJSON(out, v);
  } else {
    util::json::AppendMarshal(out, EncodeValue(v));
  }
}

// QuotedKey: field I's `"key":`, quoted once.
template <typename T, std::size_t I>
const std::string& QuotedKey() {
  static const std::string key = util::JSONQuote(std::get<I>(conversion::kFields<T>).key()) + ':';
  return key;
}

// AppendField: WriteField as text.
template <typename T, std::size_t I>
void AppendField(std::string& out, bool& first, const T& v) {
  constexpr const auto& f = std::get<I>(conversion::kFields<T>);
  if constexpr (f.tag.skip) {
    return;
  } else {
    const auto& member = v.*(f.ptr);
    using M = std::remove_cvref_t<decltype(member)>;
    if constexpr (f.tag.inline_) {
      static_assert(conversion::HasFields<M>,
                    "an inline member (tag \",inline\") needs APIMACHINERY_FIELDS for its type");
      AppendFields(out, first, member);
    } else {
      if (IsEmptyValue(member)) {
        if constexpr (f.tag.omitempty) {
          return;
        } else if constexpr (util::internal::IsVector<M>::value || util::internal::IsMap<M>::value ||
                             util::internal::IsOptional<M>::value) {
          if (!first) out += ',';
          first = false;
          out += QuotedKey<T, I>();
          out += "null";  // Go's nil slice, map or pointer
          return;
        }
      }
      if (!first) out += ',';
      first = false;
      out += QuotedKey<T, I>();
      if constexpr (f.tag.string) {
        util::json::AppendMarshal(out, EncodeQuoted(member));
      } else {
        AppendValue(out, member);
      }
    }
  }
}

template <typename T>
void AppendFields(std::string& out, bool& first, const T& v) {
  constexpr auto& fields = conversion::kFields<T>;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(fields)>>;
  [&]<std::size_t... I>(std::index_sequence<I...>) { (AppendField<T, I>(out, first, v), ...); }
  (std::make_index_sequence<n>{});
}

}  // namespace internal

template <typename T>
void FieldsAppendJSON(std::string& out, const T& v, const metav1::TypeMeta* type_meta) {
  static_assert(conversion::HasFields<T>, "FieldsAppendJSON needs APIMACHINERY_FIELDS");
  out += '{';
  bool first = true;
  if constexpr (HasTypeMeta<T>) {
    metav1::AppendInlineJSON(out, first, type_meta != nullptr ? *type_meta : v.type_meta);
  } else {
    if (type_meta != nullptr) metav1::AppendInlineJSON(out, first, *type_meta);
  }
  internal::AppendFields(out, first, v);
  out += '}';
}

template <typename T>
void FieldsToJSON(nlohmann::json& j, const T& v) {
  static_assert(conversion::HasFields<T>, "FieldsToJSON needs APIMACHINERY_FIELDS");
  j = nlohmann::json::object();
  if constexpr (HasTypeMeta<T>) {
    if (!v.type_meta.api_version.empty()) j["apiVersion"] = v.type_meta.api_version;
    if (!v.type_meta.kind.empty()) j["kind"] = v.type_meta.kind;
  }
  internal::WriteFields(j, v);
}

template <typename T>
void FieldsFromJSON(const nlohmann::json& j, T& v, StrictFieldErrors* strict) {
  static_assert(conversion::HasFields<T>, "FieldsFromJSON needs APIMACHINERY_FIELDS");
  if (!j.is_object()) {
    throw metav1::DecodeError(util::internal::UnmarshalTypeErrorText(util::internal::JSONTypeName(j),
                                                                     util::internal::GoTypeName<T>()));
  }
  constexpr auto& fields = conversion::kFields<T>;
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(fields)>>;
  const std::string_view strct = internal::StructName<T>();
  std::array<bool, n> seen{};
  if constexpr (HasTypeMeta<T>) {
    v.type_meta = {};
  }
  // Inline members are reset first, then filled key by key.
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          if constexpr (std::get<I>(fields).tag.inline_) v.*(std::get<I>(fields).ptr) = {};
        }(),
        ...);
  }
  (std::make_index_sequence<n>{});
  for (const auto& item : j.items()) {
    // Named references, not a structured binding: clang 14 cannot capture bindings in lambdas.
    const std::string& key = item.key();
    const nlohmann::json& value = item.value();
    std::size_t idx = n;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((!std::get<I>(fields).tag.inline_ && !std::get<I>(fields).tag.skip &&
                      std::get<I>(fields).key() == key
                  ? (idx = I, true)
                  : false) ||
             ...);
    }
    (std::make_index_sequence<n>{});
    if (idx == n) {
      bool found = false;
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (
            [&] {
              constexpr const auto& f = std::get<I>(fields);
              if constexpr (f.tag.inline_) {
                if (!found) found = internal::DecodeInlineKey(key, value, v.*(f.ptr), strct, strict);
              }
            }(),
            ...);
      }
      (std::make_index_sequence<n>{});
      if (found) continue;
      if constexpr (HasTypeMeta<T>) {
        if (key == "apiVersion" || key == "kind") {
          if (!value.is_string() && !value.is_null()) {
            util::internal::JSONFieldScope embedded(strct, "TypeMeta");
            throw metav1::DecodeError(util::internal::UnmarshalFieldTypeErrorText(
                util::internal::JSONTypeName(value), strct, key, "string"));
          }
          if (value.is_string()) {
            (key == "apiVersion" ? v.type_meta.api_version : v.type_meta.kind) =
                value.template get_ref<const std::string&>();
          }
          continue;
        }
      }
      if (strict) strict->Unknown(key);
      continue;
    }
    seen[idx] = true;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((I == idx
                  ? (internal::DecodeField<T, I>(value, v.*(std::get<I>(fields).ptr), strct, key, strict),
                     true)
                  : false) ||
             ...);
    }
    (std::make_index_sequence<n>{});
  }
  // Absent keys reset their members (from_json replaces the whole value).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          if constexpr (!std::get<I>(fields).tag.inline_ && !std::get<I>(fields).tag.skip) {
            if (!seen[I]) v.*(std::get<I>(fields).ptr) = {};
          }
        }(),
        ...);
  }
  (std::make_index_sequence<n>{});
}

template <typename T>
void UnmarshalJSON(std::string_view data, T& out, StrictFieldErrors* strict) {
  util::json::ParseRecord record;
  const nlohmann::json j = util::json::Parse(data, record);
  const util::internal::JSONLiteralsScope literals(record.literals);
  try {
    if constexpr (internal::adl::HasStrictFromJSON<T>) {
      using internal::adl::from_json;
      from_json(j, out, strict);
    } else {
      j.get_to(out);
    }
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("json: {}", e.what()));
  }
  if (strict != nullptr) strict->Append(record.duplicates);
}

}  // namespace apimachinery::runtime

// APIMACHINERY_JSON_FIELDS(Type): to_json / from_json for Type from its field list (and the strict
// form `from_json(j, v, StrictFieldErrors*)` the Scheme and UnmarshalJSON call), and
// AppendJSON(out, v, type_meta = nullptr), the ordered writer (FieldsAppendJSON) the Scheme hands
// the serializer (place it after APIMACHINERY_FIELDS, in the type's namespace).
// Type names a type, which cannot be parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define APIMACHINERY_JSON_FIELDS(Type)                                                                   \
  [[maybe_unused]] inline void to_json(nlohmann::json& j, const Type& v) {                               \
    ::apimachinery::runtime::FieldsToJSON(j, v);                                                         \
  }                                                                                                      \
  [[maybe_unused]] inline void from_json(const nlohmann::json& j, Type& v) {                             \
    ::apimachinery::runtime::FieldsFromJSON(j, v);                                                       \
  }                                                                                                      \
  [[maybe_unused]] inline void from_json(const nlohmann::json& j, Type& v,                               \
                                         ::apimachinery::runtime::StrictFieldErrors* strict) {           \
    ::apimachinery::runtime::FieldsFromJSON(j, v, strict);                                               \
  }                                                                                                      \
  [[maybe_unused]] inline void AppendJSON(std::string& out, const Type& v,                               \
                                          const ::apimachinery::metav1::TypeMeta* type_meta = nullptr) { \
    ::apimachinery::runtime::FieldsAppendJSON(out, v, type_meta);                                        \
  }                                                                                                      \
  static_assert(::apimachinery::runtime::internal::adl::HasFromJSON<Type>,                               \
                "APIMACHINERY_JSON_FIELDS(" #Type ") is not in the namespace that declares " #Type       \
                ": nlohmann finds to_json/from_json by ADL only there; move it into that namespace");    \
  static_assert(::apimachinery::conversion::HasFields<Type>,                                             \
                "APIMACHINERY_JSON_FIELDS(" #Type ") needs APIMACHINERY_FIELDS(" #Type ", ...) before it");
// NOLINTEND(bugprone-macro-parentheses)

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/fields_json.ipp"
#endif
