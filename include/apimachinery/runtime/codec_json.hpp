// runtime::JSONSerializer: JSON bytes <-> objects through a Scheme
// (k8s.io/apimachinery/pkg/runtime/serializer/json, json.go; runtime.Encode/Decode).
//
// Example:
//   runtime::Scheme scheme;   // the widget types registered (v1, v2, their conversions)
//   schema::GroupVersion widgets_v2{"widgets.example.com", "v2"};
//   std::string bytes = R"({"apiVersion": "widgets.example.com/v1", "kind": "Widget"})";
//   runtime::JSONSerializer codec(scheme);                          // or {scheme, {.strict = true}}
//   std::unique_ptr<runtime::Object> obj = codec.Decode(bytes);     // typed v1::Widget, or Unstructured
//   std::string out = codec.Encode(*obj);                           // apiVersion/kind set
//   std::string v2 = codec.Encode(*obj, widgets_v2);                // convert, then encode
//
// Decode reads apiVersion/kind (defaults fill a missing kind, or a missing group/version, as
// upstream), then:
// - a registered kind -> a new typed object (Scheme::New) filled by the type's from_json;
// - an unregistered kind -> runtime::Unstructured (UnstructuredList when the document has an
//   "items" array), unless options.unstructured_fallback is false (then NotRegisteredError);
// - DecodeUnstructured always gives Unstructured / UnstructuredList; DecodeCompact gives an
//   object as the immutable CompactUnstructured (runtime/compact_unstructured.hpp).
// Strict mode reports unknown fields (for types whose JSON comes from APIMACHINERY_JSON_FIELDS,
// and unknown metadata keys of any type) and duplicate fields, as upstream's strict serializer:
// the object is decoded, then StrictDecodingError is thrown with the object attached
// (`strict_object()`), text `strict decoding error: unknown field "spec.foo", duplicate field "a"`.
//
// Throws:
// - metav1::DecodeError: malformed JSON (`couldn't get version/kind; json parse error: ...`), a
//   non-object document, apiVersion/kind of the wrong type, a value of the wrong type for a field
//   (`json: cannot unmarshal string into Go struct field WidgetSpec.spec.replicas of type int32`);
// - MissingKindError / MissingVersionError (`Object 'Kind' is missing in '<data>'`);
// - NotRegisteredError (unknown kind without fallback; Encode of an unregistered type);
// - StrictDecodingError (strict mode).
//
// Thread-safety: a JSONSerializer is immutable; Decode/Encode may run concurrently (the Scheme
// must not be modified meanwhile).
//
// Encode writes a typed object whose type has an ordered writer (APIMACHINERY_JSON_FIELDS types,
// metav1::Status, metav1::PartialObjectMetadata and its list) as encoding/json writes the Go
// struct: `kind`, `apiVersion`, then the fields in declaration order, map keys sorted; the text
// is appended to one string, without a document (cheaper than ToJSON then Marshal). Unstructured
// objects (Go: maps) and types with only a hand-written to_json are written from their document,
// keys sorted.
//
// Differences from upstream: no YAML; `into` only through DecodeInto (see there); typed objects
// need nlohmann to_json/from_json (APIMACHINERY_JSON_FIELDS or hand-written); unknown-field
// detection is exact only for field-list JSON; Encode stamps apiVersion/kind from the scheme when
// the object carries none (Go encodes what the object holds); a typed object whose type has only a
// hand-written to_json is written with its keys sorted (Go: the struct's order).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/group_versioner.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

// StrictDecodingErrorWithObject: a StrictDecodingError that carries the decoded object.
class StrictDecodingErrorWithObject : public StrictDecodingError {
 public:
  APIMACHINERY_DECL StrictDecodingErrorWithObject(std::vector<std::string> errs, std::shared_ptr<Object> obj);
  // strict_object: the object decoded in spite of the strict errors.
  APIMACHINERY_DECL const std::shared_ptr<Object>& strict_object() const noexcept;

 private:
  std::shared_ptr<Object> object_;
};

// JSONSerializerOptions configures a JSONSerializer. Every member has a default member initializer:
// designated initializers name only what they change (`JSONSerializer s(scheme, {.strict = true})`).
struct JSONSerializerOptions {
  bool strict = false;                // report unknown and duplicate fields
  bool pretty = false;                // Encode with two-space indentation
  bool unstructured_fallback = true;  // unregistered kinds decode to Unstructured
};

// DecodeIntoOptions: see JSONSerializer::DecodeInto.
struct DecodeIntoOptions {
  bool convert = false;  // convert a document of another kind into into's type (versioning codec)
};

class JSONSerializer {
 public:
  APIMACHINERY_DECL explicit JSONSerializer(const Scheme& scheme, JSONSerializerOptions options = {});

  // Decode: see the top of this file. `defaults` fills a missing kind / group+version.
  APIMACHINERY_DECL std::unique_ptr<Object> Decode(std::string_view data,
                                                   const schema::GroupVersionKind* defaults = nullptr) const;
  // DecodeUnstructured: always Unstructured / UnstructuredList (kind still required).
  APIMACHINERY_DECL std::unique_ptr<Object> DecodeUnstructured(std::string_view data) const;
  // DecodeCompact: as DecodeUnstructured, but an object that is not a list comes out as a
  // CompactUnstructured (a list as UnstructuredList; in strict mode, an Unstructured). Same errors.
  // Cost: one parse into the compact document; the slow path (a tree) runs only for lists, strict
  // mode and input that is refused. With `pool`, the document interns into it
  // (util::json::Compact's interning policy).
  APIMACHINERY_DECL std::unique_ptr<Object> DecodeCompact(
      std::string_view data, std::shared_ptr<util::json::StringPool> pool = nullptr) const;
  // DecodeCompactList: a list document (an object with an "items" array) with each item as a
  // CompactUnstructured, as the dynamic client decodes a list (client-go's
  // unstructured.UnstructuredJSONScheme: decodeToList): an item with neither apiVersion nor kind
  // gets the list's apiVersion and its kind without the "List" suffix; a null item is `{}`.
  // The list is never held as one document: each item is parsed into its own (peak memory: the
  // text plus the items). Strict mode does not apply (no duplicate-key or unknown-field report).
  // Throws: DecodeUnstructured's errors for a malformed document (parse errors, apiVersion/kind
  // types, MissingKindError, MissingVersionError); metav1::DecodeError for a document without an
  // "items" array (`json: cannot unmarshal <type> into Go struct field decodeList.Items of type
  // []json.RawMessage`, "object" when the key is missing) and for an item that is not an object
  // (`json: cannot unmarshal number into Go value of type map[string]interface {}`).
  // With `pool`, every item interns into it.
  APIMACHINERY_DECL CompactList
  DecodeCompactList(std::string_view data, std::shared_ptr<util::json::StringPool> pool = nullptr) const;
  // DecodeInto decodes into an existing object and returns the document's GVK (upstream:
  // runtime.DecodeInto over Serializer.Decode(data, nil, into), serializer/json/json.go; with
  // options.convert, the versioning codec's Decode with into, serializer/versioning).
  // - Unstructured / UnstructuredList `into`: its content is replaced by the document (only the
  //   kind is required, as upstream).
  // - A registered typed `into`: a missing kind or group/version is defaulted from into's first
  //   registered kind. A document of one of into's kinds is decoded into it. A document of another
  //   kind is decoded as its own registered type (its errors come first), then refused with
  //   apimachinery::Error `unable to decode <gvk> into <type>` (into untouched), or, with
  //   options.convert, defaulted (Scheme::Default) and converted into into's type through the
  //   Scheme (Scheme::Convert; NotRegisteredError for an unknown kind, UnknownConversionError
  //   without a conversion). With options.convert, a document of into's own kind is defaulted too.
  // into is replaced as a whole and only on success (strong guarantee), except that strict
  // errors are thrown (StrictDecodingErrorWithObject) after into was filled, as upstream returns
  // the filled object with the strict error.
  // Throws: as Decode; NotRegisteredError for an unregistered typed `into` (Go decodes one
  // directly by reflection; here the type's JSON hooks come from its registration).
  APIMACHINERY_DECL schema::GroupVersionKind DecodeInto(std::string_view data, Object& into,
                                                        const DecodeIntoOptions& options = {}) const;

  // Encode: the object's JSON with apiVersion/kind set. A typed object whose type has an ordered
  // writer (TypeInfo::append_json: APIMACHINERY_JSON_FIELDS types) is written with its keys in
  // Go's order, without a document (upstream: serializer/json/json.go Serializer.doEncode ->
  // encoding/json's Encoder: `kind`, `apiVersion`, then the struct's fields; map keys sorted); any
  // other object is ToJSON's document written by util::json::Marshal (keys sorted, as Go writes
  // an Unstructured's maps). Pretty output is the same text indented (json.MarshalIndent).
  APIMACHINERY_DECL std::string Encode(const Object& obj) const;
  // Encode to a target version: ConvertToVersion, then Encode.
  APIMACHINERY_DECL std::string Encode(const Object& obj, const GroupVersioner& target) const;
  // ToJSON: Encode without the text step.
  APIMACHINERY_DECL nlohmann::json ToJSON(const Object& obj) const;

  APIMACHINERY_DECL const JSONSerializerOptions& options() const noexcept;

 private:
  struct Parsed {
    nlohmann::json doc;
    schema::GroupVersionKind gvk;
    util::json::ParseRecord record;  // the duplicate keys (strict mode) and the number literals
  };
  APIMACHINERY_DECL Parsed Parse(std::string_view data, const schema::GroupVersionKind* defaults) const;
  APIMACHINERY_DECL static void RequireKind(const Parsed& p, std::string_view data, bool version);
  APIMACHINERY_DECL std::unique_ptr<Object> DecodeImpl(std::string_view data,
                                                       const schema::GroupVersionKind* defaults,
                                                       bool force_unstructured) const;
  // Fill replaces `target` (typed or Unstructured/UnstructuredList) by the document; strict mode
  // appends the unknown-field errors to `strict_errors`.
  APIMACHINERY_DECL void Fill(Parsed& p, Object& target, std::vector<std::string>& strict_errors) const;
  APIMACHINERY_DECL void FillTyped(const nlohmann::json& doc, Object& obj,
                                   const schema::GroupVersionKind& gvk, StrictFieldErrors* strict) const;
  // EncodeKind: the apiVersion/kind Encode writes: the object's own, else its registered kind
  // (the first not internal one).
  APIMACHINERY_DECL schema::GroupVersionKind EncodeKind(const Object& obj) const;
  // AppendTyped appends a typed object's text through its ordered writer; false (nothing
  // appended) when it is not a typed object with one.
  APIMACHINERY_DECL bool AppendTyped(const Object& obj, std::string& out) const;
  APIMACHINERY_DECL std::string Dump(const nlohmann::json& j) const;

  const Scheme* scheme_;
  JSONSerializerOptions options_;
};

// ObjectToUnstructured: a typed object as an Unstructured, stamped with its apiVersion/kind (or
// its first registered kind). An internal (hub) object is refused as upstream's Scheme.Convert
// refuses it without a GroupVersioner (k8s.io/apimachinery/pkg/runtime/scheme.go: Scheme.Convert,
// `unable to convert the internal object type <T> to Unstructured without providing a preferred
// version to convert to`): convert it to a version first (Scheme::ConvertToVersion), or use
// Scheme::Convert with a GroupVersioner context. Throws: NotRegisteredError; apimachinery::Error.
Unstructured ObjectToUnstructured(const Scheme& scheme, const Object& obj);
// UnstructuredToObject: the registered typed object of an Unstructured (Scheme::UnstructuredToTyped).
std::unique_ptr<Object> UnstructuredToObject(const Scheme& scheme, const Unstructured& u);

// Implementation details follow.
namespace internal {

inline constexpr std::string_view kFindKindGoType =
    "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
    "\"json:\\\"kind,omitempty\\\"\" }";

// GVKWithDefaults: upstream's gvkWithDefaults (serializer/json/json.go).
APIMACHINERY_DECL schema::GroupVersionKind GVKWithDefaults(schema::GroupVersionKind actual,
                                                           const schema::GroupVersionKind& defaults);

}  // namespace internal

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/codec_json.ipp"
#endif
