// Definitions of the non-template functions declared in <apimachinery/runtime/codec_json.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/codec_json.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL StrictDecodingErrorWithObject::StrictDecodingErrorWithObject(std::vector<std::string> errs,
                                                                               std::shared_ptr<Object> obj)
    : StrictDecodingError(std::move(errs)), object_(std::move(obj)) {}

APIMACHINERY_DECL const std::shared_ptr<Object>& StrictDecodingErrorWithObject::strict_object()
    const noexcept {
  return object_;
}

APIMACHINERY_DECL JSONSerializer::JSONSerializer(const Scheme& scheme, JSONSerializerOptions options)
    : scheme_(&scheme), options_(options) {}

APIMACHINERY_DECL std::unique_ptr<Object> JSONSerializer::Decode(
    std::string_view data, const schema::GroupVersionKind* defaults) const {
  return DecodeImpl(data, defaults, false);
}

APIMACHINERY_DECL std::unique_ptr<Object> JSONSerializer::DecodeUnstructured(std::string_view data) const {
  return DecodeImpl(data, nullptr, true);
}

APIMACHINERY_DECL std::string JSONSerializer::Encode(const Object& obj) const {
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

APIMACHINERY_DECL std::string JSONSerializer::Encode(const Object& obj, const GroupVersioner& target) const {
  return Encode(*scheme_->ConvertToVersion(obj, target));
}

APIMACHINERY_DECL const JSONSerializerOptions& JSONSerializer::options() const noexcept { return options_; }

APIMACHINERY_DECL std::string JSONSerializer::Dump(const nlohmann::json& j) const {
  return options_.pretty ? util::json::MarshalIndent(j, 2) : util::json::Marshal(j);
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL schema::GroupVersionKind GVKWithDefaults(schema::GroupVersionKind actual,
                                                           const schema::GroupVersionKind& defaults) {
  if (actual.kind.empty()) actual.kind = defaults.kind;
  if (actual.version.empty() && actual.group.empty()) {
    actual.group = defaults.group;
    actual.version = defaults.version;
  }
  if (actual.version.empty() && actual.group == defaults.group) actual.version = defaults.version;
  return actual;
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL JSONSerializer::Parsed JSONSerializer::Parse(
    std::string_view data, const schema::GroupVersionKind* defaults) const {
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

APIMACHINERY_DECL void JSONSerializer::RequireKind(const Parsed& p, std::string_view data, bool version) {
  if (p.gvk.kind.empty()) throw MissingKindError(std::string(data));
  if (version && p.gvk.version.empty()) throw MissingVersionError(std::string(data));
}

APIMACHINERY_DECL void JSONSerializer::FillTyped(const nlohmann::json& doc, Object& obj,
                                                 const schema::GroupVersionKind& gvk,
                                                 StrictFieldErrors* strict) const {
  const TypeInfo* info = scheme_->TypeInfoFor(obj.GetTypeId());
  if (info == nullptr || info->from_json == nullptr) {
    throw Error(
        fmt::format("no JSON decoding is available for {} ({})", gvk.String(), obj.GetTypeId().name()));
  }
  try {
    info->from_json(doc, obj, strict);
  } catch (const nlohmann::json::exception& e) {
    throw metav1::DecodeError(fmt::format("json: {}", e.what()));
  }
}

APIMACHINERY_DECL void JSONSerializer::Fill(Parsed& p, Object& target,
                                            std::vector<std::string>& strict_errors) const {
  const util::internal::JSONLiteralsScope literals(p.record.literals);  // `-0`, "number 1.50"
  std::optional<StrictFieldErrors> strict;
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
        internal::DecodeValue(*m, meta, &*strict);  // reports unknown metadata keys
        strict->Pop();
      }
    }
    static_cast<Unstructured&>(target).SetUnstructuredContent(std::move(p.doc));
  } else {
    FillTyped(p.doc, target, p.gvk, strict ? &*strict : nullptr);
  }
  if (strict) {
    strict_errors.insert(strict_errors.end(), strict->errors().begin(), strict->errors().end());
    strict_errors.insert(strict_errors.end(), p.record.duplicates.begin(), p.record.duplicates.end());
  }
}

APIMACHINERY_DECL std::unique_ptr<Object> JSONSerializer::DecodeImpl(std::string_view data,
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

APIMACHINERY_DECL std::unique_ptr<Object> JSONSerializer::DecodeCompact(
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

APIMACHINERY_DECL CompactList
JSONSerializer::DecodeCompactList(std::string_view data, std::shared_ptr<util::json::StringPool> pool) const {
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

APIMACHINERY_DECL schema::GroupVersionKind JSONSerializer::DecodeInto(
    std::string_view data, Object& into, const DecodeIntoOptions& options) const {
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

APIMACHINERY_DECL nlohmann::json JSONSerializer::ToJSON(const Object& obj) const {
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

APIMACHINERY_DECL schema::GroupVersionKind JSONSerializer::EncodeKind(const Object& obj) const {
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

APIMACHINERY_DECL bool JSONSerializer::AppendTyped(const Object& obj, std::string& out) const {
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

APIMACHINERY_DECL Unstructured ObjectToUnstructured(const Scheme& scheme, const Object& obj) {
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

APIMACHINERY_DECL std::unique_ptr<Object> UnstructuredToObject(const Scheme& scheme, const Unstructured& u) {
  return scheme.UnstructuredToTyped(u);
}

}  // namespace apimachinery::runtime
