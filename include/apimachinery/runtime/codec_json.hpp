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
  StrictDecodingErrorWithObject(std::vector<std::string> errs, std::shared_ptr<Object> obj)
      : StrictDecodingError(std::move(errs)), object_(std::move(obj)) {}
  // strict_object: the object decoded in spite of the strict errors.
  const std::shared_ptr<Object>& strict_object() const noexcept { return object_; }

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
  explicit JSONSerializer(const Scheme& scheme, JSONSerializerOptions options = {})
      : scheme_(&scheme), options_(options) {}

  // Decode: see the top of this file. `defaults` fills a missing kind / group+version.
  std::unique_ptr<Object> Decode(std::string_view data,
                                 const schema::GroupVersionKind* defaults = nullptr) const {
    return DecodeImpl(data, defaults, false);
  }
  // DecodeUnstructured: always Unstructured / UnstructuredList (kind still required).
  std::unique_ptr<Object> DecodeUnstructured(std::string_view data) const {
    return DecodeImpl(data, nullptr, true);
  }
  // DecodeCompact: as DecodeUnstructured, but an object that is not a list comes out as a
  // CompactUnstructured (a list as UnstructuredList; in strict mode, an Unstructured). Same errors.
  // Cost: one parse into the compact document; the slow path (a tree) runs only for lists, strict
  // mode and input that is refused. With `pool`, the document interns into it
  // (util::json::Compact's interning policy).
  std::unique_ptr<Object> DecodeCompact(std::string_view data,
                                        std::shared_ptr<util::json::StringPool> pool = nullptr) const;
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
  CompactList DecodeCompactList(std::string_view data,
                                std::shared_ptr<util::json::StringPool> pool = nullptr) const;
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
  schema::GroupVersionKind DecodeInto(std::string_view data, Object& into,
                                      const DecodeIntoOptions& options = {}) const;

  // Encode: the object's JSON with apiVersion/kind set. A typed object whose type has an ordered
  // writer (TypeInfo::append_json: APIMACHINERY_JSON_FIELDS types) is written with its keys in
  // Go's order, without a document (upstream: serializer/json/json.go Serializer.doEncode ->
  // encoding/json's Encoder: `kind`, `apiVersion`, then the struct's fields; map keys sorted); any
  // other object is ToJSON's document written by util::json::Marshal (keys sorted, as Go writes
  // an Unstructured's maps). Pretty output is the same text indented (json.MarshalIndent).
  std::string Encode(const Object& obj) const {
    if (!options_.pretty && obj.GetTypeId() == util::kTypeId<CompactUnstructured>) {
      return static_cast<const CompactUnstructured&>(obj).MarshalJSON();  // without a tree
    }
    std::string out;
    if (AppendTyped(obj, out)) {
      if (!options_.pretty) return out;
      std::string pretty;
      pretty.reserve(out.size() * 2);
      util::json::AppendIndent(pretty, out, 2);
      return pretty;
    }
    return Dump(ToJSON(obj));
  }
  // Encode to a target version: ConvertToVersion, then Encode.
  std::string Encode(const Object& obj, const GroupVersioner& target) const {
    return Encode(*scheme_->ConvertToVersion(obj, target));
  }
  // ToJSON: Encode without the text step.
  nlohmann::json ToJSON(const Object& obj) const;

  const JSONSerializerOptions& options() const noexcept { return options_; }

 private:
  struct Parsed {
    nlohmann::json doc;
    schema::GroupVersionKind gvk;
    util::json::ParseRecord record;  // the duplicate keys (strict mode) and the number literals
  };
  Parsed Parse(std::string_view data, const schema::GroupVersionKind* defaults) const;
  static void RequireKind(const Parsed& p, std::string_view data, bool version);
  std::unique_ptr<Object> DecodeImpl(std::string_view data, const schema::GroupVersionKind* defaults,
                                     bool force_unstructured) const;
  // Fill replaces `target` (typed or Unstructured/UnstructuredList) by the document; strict mode
  // appends the unknown-field errors to `strict_errors`.
  void Fill(Parsed& p, Object& target, std::vector<std::string>& strict_errors) const;
  void FillTyped(const nlohmann::json& doc, Object& obj, const schema::GroupVersionKind& gvk) const;
  // EncodeKind: the apiVersion/kind Encode writes: the object's own, else its registered kind
  // (the first not internal one).
  schema::GroupVersionKind EncodeKind(const Object& obj) const;
  // AppendTyped appends a typed object's text through its ordered writer; false (nothing
  // appended) when it is not a typed object with one.
  bool AppendTyped(const Object& obj, std::string& out) const;
  std::string Dump(const nlohmann::json& j) const {
    return options_.pretty ? util::json::MarshalIndent(j, 2) : util::json::Marshal(j);
  }

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
inline schema::GroupVersionKind GVKWithDefaults(schema::GroupVersionKind actual,
                                                const schema::GroupVersionKind& defaults) {
  if (actual.kind.empty()) actual.kind = defaults.kind;
  if (actual.version.empty() && actual.group.empty()) {
    actual.group = defaults.group;
    actual.version = defaults.version;
  }
  if (actual.version.empty() && actual.group == defaults.group) actual.version = defaults.version;
  return actual;
}

}  // namespace internal

inline JSONSerializer::Parsed JSONSerializer::Parse(std::string_view data,
                                                    const schema::GroupVersionKind* defaults) const {
  Parsed p;
  try {
    p.doc = util::json::Parse(data, p.record);
  } catch (const util::json::SyntaxError& e) {
    throw metav1::DecodeError(fmt::format("couldn't get version/kind; json parse error: {}", e.what()));
  }
  if (!p.doc.is_object()) {
    throw metav1::DecodeError(
        fmt::format("couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go value of "
                    "type {}",
                    util::internal::JSONTypeName(p.doc), internal::kFindKindGoType));
  }
  std::string api_version, kind;
  for (const char* key : {"apiVersion", "kind"}) {
    auto it = p.doc.find(key);
    if (it == p.doc.end() || it->is_null()) continue;
    if (!it->is_string()) {
      throw metav1::DecodeError(
          fmt::format("couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go struct "
                      "field .{} of type string",
                      util::internal::JSONTypeName(*it), key));
    }
    (key[0] == 'a' ? api_version : kind) = it->get<std::string>();
  }
  p.gvk = schema::FromAPIVersionAndKind(api_version, kind);
  if (defaults != nullptr) p.gvk = internal::GVKWithDefaults(std::move(p.gvk), *defaults);
  return p;
}

inline void JSONSerializer::RequireKind(const Parsed& p, std::string_view data, bool version) {
  if (p.gvk.kind.empty()) throw MissingKindError(std::string(data));
  if (version && p.gvk.version.empty()) throw MissingVersionError(std::string(data));
}

inline void JSONSerializer::FillTyped(const nlohmann::json& doc, Object& obj,
                                      const schema::GroupVersionKind& gvk) const {
  const TypeInfo* info = scheme_->TypeInfoFor(obj.GetTypeId());
  if (info == nullptr || info->from_json == nullptr) {
    throw Error(
        fmt::format("no JSON decoding is available for {} ({})", gvk.String(), obj.GetTypeId().name()));
  }
  try {
    info->from_json(doc, obj);
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("json: {}", e.what()));
  }
}

inline void JSONSerializer::Fill(Parsed& p, Object& target, std::vector<std::string>& strict_errors) const {
  const util::internal::JSONLiteralsScope literals(p.record.literals);  // `-0`, "number 1.50"
  std::optional<StrictFieldsScope> strict;
  if (options_.strict) strict.emplace();
  if (target.GetTypeId() == util::kTypeId<UnstructuredList>) {
    auto& list = static_cast<UnstructuredList&>(target);
    list.SetUnstructuredContent(std::move(p.doc));
    internal::DefaultItemKinds(list);  // decodeToList
  } else if (target.GetTypeId() == util::kTypeId<Unstructured>) {
    if (strict) {
      if (auto m = p.doc.find("metadata"); m != p.doc.end() && m->is_object()) {
        metav1::ObjectMeta meta;
        strict->Push("metadata");
        internal::DecodeValue(*m, meta);  // reports unknown metadata keys
        strict->Pop();
      }
    }
    static_cast<Unstructured&>(target).SetUnstructuredContent(std::move(p.doc));
  } else {
    FillTyped(p.doc, target, p.gvk);
  }
  if (strict) {
    strict_errors.insert(strict_errors.end(), strict->errors().begin(), strict->errors().end());
    strict_errors.insert(strict_errors.end(), p.record.duplicates.begin(), p.record.duplicates.end());
  }
}

inline std::unique_ptr<Object> JSONSerializer::DecodeImpl(std::string_view data,
                                                          const schema::GroupVersionKind* defaults,
                                                          bool force_unstructured) const {
  Parsed p = Parse(data, defaults);
  RequireKind(p, data, true);
  std::unique_ptr<Object> obj;
  if (!force_unstructured) {
    try {
      obj = scheme_->New(p.gvk);  // registered, or the unversioned-kind fallback
    } catch (const NotRegisteredError&) {
      if (!options_.unstructured_fallback) throw;
    }
  }
  if (!obj) {
    auto items = p.doc.find("items");
    if (items != p.doc.end() && items->is_array()) {
      obj = std::make_unique<UnstructuredList>();
    } else {
      obj = std::make_unique<Unstructured>();
    }
  }
  std::vector<std::string> errs;
  Fill(p, *obj, errs);
  if (!errs.empty())
    throw StrictDecodingErrorWithObject(std::move(errs), std::shared_ptr<Object>(std::move(obj)));
  return obj;
}

inline std::unique_ptr<Object> JSONSerializer::DecodeCompact(
    std::string_view data, std::shared_ptr<util::json::StringPool> pool) const {
  if (!options_.strict) {
    std::optional<util::json::Compact> doc;
    try {
      doc = util::json::Compact::Parse(data, std::move(pool));
    } catch (const util::json::SyntaxError&) {
      // Refused below, with the serializer's text.
    }
    if (doc && doc->Root().IsObject() && !doc->Root().Find("items").IsArray()) {
      const util::json::ValueRef root = doc->Root();
      const util::json::ValueRef api_version = root.Find("apiVersion");
      const util::json::ValueRef kind = root.Find("kind");
      const auto string_or_null = [](util::json::ValueRef v) { return !v || v.IsNull() || v.IsString(); };
      if (string_or_null(api_version) && string_or_null(kind)) {
        const schema::GroupVersionKind gvk =
            schema::FromAPIVersionAndKind(std::string(api_version.String()), std::string(kind.String()));
        if (!gvk.kind.empty() && !gvk.version.empty())
          return std::make_unique<CompactUnstructured>(std::move(*doc));
      }
    }
  }
  return DecodeImpl(data, nullptr, true);  // the exact errors, lists and strict mode
}

inline CompactList JSONSerializer::DecodeCompactList(std::string_view data,
                                                     std::shared_ptr<util::json::StringPool> pool) const {
  std::vector<util::json::Compact> docs;
  std::optional<util::json::Compact> rest;
  try {
    rest = util::json::Compact::ParseSplitting(data, "items", docs, std::move(pool));
  } catch (const util::json::SyntaxError&) {
    (void)Parse(data, nullptr);  // throws the serializer's text
    throw;
  }
  const util::json::ValueRef root = rest->Root();
  if (!root.IsObject()) (void)Parse(data, nullptr);  // throws: not an object
  const util::json::ValueRef api_version = root.Find("apiVersion");
  const util::json::ValueRef kind = root.Find("kind");
  for (const auto& [key, v] : {std::pair{"apiVersion", api_version}, std::pair{"kind", kind}}) {
    if (v && !v.IsNull() && !v.IsString()) {
      throw metav1::DecodeError(
          fmt::format("couldn't get version/kind; json parse error: json: cannot unmarshal {} into Go struct "
                      "field .{} of type "
                      "string",
                      util::internal::JSONTypeName(v.ToJSON()), key));
    }
  }
  CompactList out;
  out.gvk = schema::FromAPIVersionAndKind(std::string(api_version.String()), std::string(kind.String()));
  if (out.gvk.kind.empty()) throw MissingKindError(std::string(data));
  if (out.gvk.version.empty()) throw MissingVersionError(std::string(data));
  const util::json::ValueRef items = root.Find("items");
  if (!items.IsArray()) {
    throw metav1::DecodeError(fmt::format(
        "json: cannot unmarshal {} into Go struct field decodeList.Items of type []json.RawMessage",
        items ? util::internal::JSONTypeName(items.ToJSON()) : std::string("object")));
  }
  if (const util::json::ValueRef md = root.Find("metadata")) {
    const nlohmann::json tree = md.ToJSON();
    out.list_meta = internal::MetadataMirror<metav1::ListMeta>::Read(&tree);
  }
  const std::string item_kind = internal::ItemKindOf(out.gvk.kind);
  const std::string list_api_version(api_version.String());
  out.items.reserve(docs.size());
  for (util::json::Compact& doc : docs) {
    const util::json::ValueRef item = doc.Root();
    if (item.IsNull()) {
      doc = util::json::Compact::From(nlohmann::json::object());
    } else if (!item.IsObject()) {
      internal::ThrowNotAMap(item.ToJSON());
    }
    if (doc.Root().Find("kind").String().empty() && doc.Root().Find("apiVersion").String().empty()) {
      doc = doc.WithStrings({{"apiVersion", list_api_version}, {"kind", item_kind}});
    }
    out.items.emplace_back(std::move(doc));
  }
  return out;
}

inline schema::GroupVersionKind JSONSerializer::DecodeInto(std::string_view data, Object& into,
                                                           const DecodeIntoOptions& options) const {
  Parsed p = Parse(data, nullptr);
  std::vector<std::string> errs;
  auto strict_error = [&](const Object& obj) {
    return StrictDecodingErrorWithObject(std::move(errs), std::shared_ptr<Object>(obj.DeepCopyObject()));
  };
  if (Scheme::IsUnstructured(into)) {
    RequireKind(p, data, false);
    schema::GroupVersionKind gvk = p.gvk;
    Fill(p, into, errs);
    if (!errs.empty()) throw strict_error(into);
    return gvk;
  }
  const TypeInfo* info = scheme_->TypeInfoFor(into.GetTypeId());
  if (info == nullptr) throw NotRegisteredError::ForType(scheme_->Name(), into.GetTypeId().name());
  const std::vector<schema::GroupVersionKind> kinds = scheme_->ObjectKinds(into).first;
  p.gvk = internal::GVKWithDefaults(std::move(p.gvk), kinds.front());
  RequireKind(p, data, true);
  schema::GroupVersionKind gvk = p.gvk;
  bool own_kind = false;
  for (const auto& k : kinds) own_kind = own_kind || k == gvk;
  std::unique_ptr<Object> fresh = info->make();
  if (own_kind) {
    Fill(p, *fresh, errs);
    if (options.convert) scheme_->Default(*fresh);
  } else {
    std::unique_ptr<Object> decoded = scheme_->New(gvk);
    Fill(p, *decoded, errs);
    if (!options.convert) {
      if (!errs.empty()) throw strict_error(*decoded);  // upstream: the strict error comes first
      throw Error(fmt::format("unable to decode {} into {}", gvk.String(), into.GetTypeId().name()));
    }
    scheme_->Default(*decoded);
    scheme_->Convert(static_cast<const Object&>(*decoded), static_cast<Object&>(*fresh));
  }
  info->assign(into, std::move(*fresh));
  if (!errs.empty()) throw strict_error(into);
  return gvk;
}

inline nlohmann::json JSONSerializer::ToJSON(const Object& obj) const {
  if (obj.GetTypeId() == util::kTypeId<Unstructured>) {
    return static_cast<const Unstructured&>(obj).UnstructuredContent();
  }
  if (obj.GetTypeId() == util::kTypeId<CompactUnstructured>) {
    return static_cast<const CompactUnstructured&>(obj).UnstructuredContent();
  }
  if (obj.GetTypeId() == util::kTypeId<UnstructuredList>) {
    return static_cast<const UnstructuredList&>(obj).UnstructuredContent();
  }
  const TypeInfo* info = scheme_->TypeInfoFor(obj.GetTypeId());
  if (info == nullptr) throw NotRegisteredError::ForType(scheme_->Name(), obj.GetTypeId().name());
  if (info->to_json == nullptr) {
    throw Error(fmt::format("no JSON encoding is available for {}", obj.GetTypeId().name()));
  }
  nlohmann::json j;
  info->to_json(obj, j);
  const schema::GroupVersionKind gvk = EncodeKind(obj);
  if (j.is_object() && gvk.version != schema::kAPIVersionInternal) {
    auto [api_version, kind] = gvk.ToAPIVersionAndKind();
    j["apiVersion"] = api_version;
    j["kind"] = kind;
  }
  return j;
}

inline schema::GroupVersionKind JSONSerializer::EncodeKind(const Object& obj) const {
  schema::GroupVersionKind gvk = obj.GetObjectKind();
  if (gvk.kind.empty() || gvk.version.empty()) {
    auto kinds = scheme_->ObjectKinds(obj).first;
    gvk = kinds.front();
    for (const auto& k : kinds) {
      if (k.version != schema::kAPIVersionInternal) {
        gvk = k;
        break;
      }
    }
  }
  return gvk;
}

inline bool JSONSerializer::AppendTyped(const Object& obj, std::string& out) const {
  if (Scheme::IsUnstructured(obj)) return false;
  const TypeInfo* info = scheme_->TypeInfoFor(obj.GetTypeId());
  if (info == nullptr || info->append_json == nullptr) return false;  // ToJSON throws or writes
  const schema::GroupVersionKind gvk = EncodeKind(obj);
  if (gvk.version == schema::kAPIVersionInternal) {
    info->append_json(obj, out, nullptr);  // the object's own apiVersion/kind, as ToJSON
  } else {
    auto [api_version, kind] = gvk.ToAPIVersionAndKind();
    const metav1::TypeMeta stamp{std::move(api_version), std::move(kind)};
    info->append_json(obj, out, &stamp);
  }
  return true;
}

inline Unstructured ObjectToUnstructured(const Scheme& scheme, const Object& obj) {
  if (obj.GetTypeId() == util::kTypeId<Unstructured>) {
    return static_cast<const Unstructured&>(obj);
  }
  if (obj.GetTypeId() == util::kTypeId<CompactUnstructured>) {
    return static_cast<const CompactUnstructured&>(obj).ToUnstructured();
  }
  schema::GroupVersionKind gvk = obj.GetObjectKind();
  if (gvk.kind.empty() || gvk.version.empty()) gvk = scheme.ObjectKinds(obj).first.front();
  if (gvk.version == schema::kAPIVersionInternal) {
    // Upstream stamps no `__internal` apiVersion: Convert without a GroupVersioner refuses.
    throw Error(fmt::format(
        "unable to convert the internal object type {} to Unstructured without providing a preferred "
        "version to convert to",
        obj.GetTypeId().name()));
  }
  return scheme.TypedToUnstructured(obj, gvk);
}

inline std::unique_ptr<Object> UnstructuredToObject(const Scheme& scheme, const Unstructured& u) {
  return scheme.UnstructuredToTyped(u);
}

}  // namespace apimachinery::runtime
