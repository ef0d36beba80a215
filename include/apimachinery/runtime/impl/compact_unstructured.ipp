// Definitions of the non-template functions declared in <apimachinery/runtime/compact_unstructured.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/compact_unstructured.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL CompactUnstructured::CompactUnstructured() : CompactUnstructured(Empty()) {}

APIMACHINERY_DECL CompactUnstructured::CompactUnstructured(std::shared_ptr<const util::json::Compact> doc)
    : doc_(std::move(doc)) {
  if (!doc_) doc_ = Empty();
  const util::json::ValueRef root = doc_->Root();
  if (!root.IsObject()) internal::ThrowNotAMap(root.ToJSON());
  ReadMeta();
}

APIMACHINERY_DECL CompactUnstructured::CompactUnstructured(util::json::Compact doc)
    : CompactUnstructured(std::make_shared<const util::json::Compact>(std::move(doc))) {}

APIMACHINERY_DECL CompactUnstructured::CompactUnstructured(const Unstructured& u,
                                                           std::shared_ptr<util::json::StringPool> pool)
    : CompactUnstructured(util::json::Compact::From(u.Body(), std::move(pool))) {}

APIMACHINERY_DECL util::json::ValueRef CompactUnstructured::Root() const noexcept { return doc_->Root(); }

APIMACHINERY_DECL const std::shared_ptr<const util::json::Compact>& CompactUnstructured::Document()
    const noexcept {
  return doc_;
}

APIMACHINERY_DECL Unstructured CompactUnstructured::ToUnstructured() const {
  Unstructured u(doc_->ToJSON());
  if (meta_written_) *u.GetObjectMeta() = meta_;  // folded into the content by the mirror
  return u;
}

APIMACHINERY_DECL nlohmann::json CompactUnstructured::UnstructuredContent() const {
  return meta_written_ ? ToUnstructured().UnstructuredContent() : doc_->ToJSON();
}

APIMACHINERY_DECL std::string CompactUnstructured::MarshalJSON() const {
  if (!meta_written_) return doc_->Marshal();
  return ToUnstructured().MarshalJSON();
}

APIMACHINERY_DECL CompactUnstructured CompactUnstructured::WithoutManagedFields() const {
  if (!Root().FindPath("metadata", "managedFields")) return *this;
  CompactUnstructured out(doc_->WithoutMember({"metadata", "managedFields"}));
  if (meta_written_) {
    out.meta_ = meta_;
    out.meta_.managed_fields = {};
    out.meta_written_ = true;
  }
  return out;
}

APIMACHINERY_DECL metav1::ObjectMeta CompactUnstructured::ReadObjectMeta(util::json::ValueRef md) {
  metav1::ObjectMeta m;
  if (ReadObjectMetaDirect(md, m)) return m;
  return ReadObjectMetaTree(md);
}

APIMACHINERY_DECL bool CompactUnstructured::ReadObjectMetaDirect(util::json::ValueRef md,
                                                                 metav1::ObjectMeta& out) {
  if (!md.IsObject()) return true;
  bool ok = true;
  nlohmann::json unknown;
  md.ForEachMember([&](std::string_view key, util::json::ValueRef v) {
    if (ok) ok = ReadMetaMember(key, v, out, unknown);
  });
  if (!ok) return false;
  if (unknown.is_object()) out.unknown_fields = std::move(unknown);
  return true;
}

APIMACHINERY_DECL metav1::ObjectMeta CompactUnstructured::ReadObjectMetaTree(util::json::ValueRef md) {
  if (!md.IsObject()) {
    const nlohmann::json tree = md.ToJSON();
    return internal::MetadataMirror<metav1::ObjectMeta>::Read(md ? &tree : nullptr);
  }
  std::vector<metav1::ManagedFieldsEntry> managed;
  const bool direct = ReadManagedFields(md.Find("managedFields"), managed);
  nlohmann::json tree = nlohmann::json::object();
  md.ForEachMember([&](std::string_view key, util::json::ValueRef value) {
    if (!direct || key != "managedFields") tree[std::string(key)] = value.ToJSON();
  });
  metav1::ObjectMeta m = internal::MetadataMirror<metav1::ObjectMeta>::Read(&tree);
  if (direct) m.managed_fields = std::move(managed);
  return m;
}

APIMACHINERY_DECL schema::GroupVersionKind CompactUnstructured::GetObjectKind() const {
  return internal::GVKFromStrings(std::string(Root().Find("apiVersion").String()),
                                  std::string(Root().Find("kind").String()));
}

APIMACHINERY_DECL void CompactUnstructured::SetGroupVersionKind(const schema::GroupVersionKind& gvk) {
  Unstructured u = ToUnstructured();
  u.SetGroupVersionKind(gvk);
  *this = CompactUnstructured(u);
}

APIMACHINERY_DECL std::unique_ptr<Object> CompactUnstructured::DeepCopyObject() const {
  return std::make_unique<CompactUnstructured>(*this);
}

APIMACHINERY_DECL const metav1::ObjectMeta* CompactUnstructured::GetObjectMeta() const noexcept {
  return &meta_;
}

APIMACHINERY_DECL util::TypeId CompactUnstructured::GetTypeId() const noexcept {
  return util::TypeIdOf<CompactUnstructured>();
}

APIMACHINERY_DECL bool operator==(const CompactUnstructured& a, const CompactUnstructured& b) {
  if (!a.meta_written_ && !b.meta_written_) return *a.doc_ == *b.doc_;
  return a.ToUnstructured() == b.ToUnstructured();
}

APIMACHINERY_DECL metav1::ObjectMeta* CompactUnstructured::MutableObjectMeta() noexcept {
  meta_written_ = true;
  return &meta_;
}

APIMACHINERY_DECL std::shared_ptr<const util::json::Compact> CompactUnstructured::Empty() {
  return std::make_shared<const util::json::Compact>(util::json::Compact::From(nlohmann::json::object()));
}

APIMACHINERY_DECL void CompactUnstructured::ReadMeta() { meta_ = ReadObjectMeta(Root().Find("metadata")); }

APIMACHINERY_DECL bool CompactUnstructured::ReadText(util::json::ValueRef v, std::string& out) {
  if (v.IsNull()) return true;
  if (!v.IsString()) return false;
  out = v.String();
  return true;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadInt64(util::json::ValueRef v, std::int64_t& out) {
  if (v.Kind() != util::json::ValueKind::kInteger) return false;
  out = v.Int();
  return true;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadTime(util::json::ValueRef v, metav1::Time& out) {
  if (!v.IsString()) return false;
  try {
    out = metav1::ParseRFC3339(v.String());
  } catch (const metav1::DecodeError&) {
    return false;  // TimeParseError: the tree reader decides (its lenient split)
  }
  return true;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadTextMap(util::json::ValueRef v,
                                                        std::map<std::string, std::string>& out) {
  if (v.IsNull()) return true;
  if (!v.IsObject()) return false;
  bool ok = true;
  v.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
    if (!ok) return;
    if (x.IsString()) {
      out.emplace_hint(out.end(), key, x.String());  // keys arrive sorted: the hint is exact
    } else if (x.IsNull()) {
      out.emplace_hint(out.end(), key, std::string());
    } else {
      ok = false;
    }
  });
  return ok;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadTextSlice(util::json::ValueRef v,
                                                          std::vector<std::string>& out) {
  if (v.IsNull()) return true;
  if (!v.IsArray()) return false;
  bool ok = true;
  out.reserve(v.Size());
  v.ForEachElement([&](util::json::ValueRef x) {
    if (!ok) return;
    if (!x.IsString() && !x.IsNull()) {
      ok = false;
      return;
    }
    out.emplace_back(x.String());
  });
  return ok;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadOwnerReferences(util::json::ValueRef v,
                                                                std::vector<metav1::OwnerReference>& out) {
  if (v.IsNull()) return true;
  if (!v.IsArray()) return false;
  bool ok = true;
  out.reserve(v.Size());
  v.ForEachElement([&](util::json::ValueRef entry) {
    if (!ok) return;
    metav1::OwnerReference& r = out.emplace_back();
    if (entry.IsNull()) return;
    if (!entry.IsObject()) {
      ok = false;
      return;
    }
    entry.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
      if (!ok || x.IsNull()) return;
      std::string* text = key == "apiVersion" ? &r.api_version
                          : key == "kind"     ? &r.kind
                          : key == "name"     ? &r.name
                          : key == "uid"      ? &r.uid
                                              : nullptr;
      std::optional<bool>* flag = key == "controller"           ? &r.controller
                                  : key == "blockOwnerDeletion" ? &r.block_owner_deletion
                                                                : nullptr;
      if (text != nullptr) {
        ok = ReadText(x, *text);
      } else if (flag != nullptr) {
        if (!x.IsBool()) ok = false;
        *flag = x.Bool();
      }
    });
  });
  return ok;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadMetaMember(std::string_view key, util::json::ValueRef v,
                                                           metav1::ObjectMeta& m, nlohmann::json& unknown) {
  switch (key.size()) {
    case 3:
      if (key == "uid") return ReadText(v, m.uid);
      break;
    case 4:
      if (key == "name") return ReadText(v, m.name);
      break;
    case 6:
      if (key == "labels") return ReadTextMap(v, m.labels);
      break;
    case 9:
      if (key == "namespace") return ReadText(v, m.namespace_);
      break;
    case 10:
      if (key == "generation") return v.IsNull() || ReadInt64(v, m.generation);
      if (key == "finalizers") return ReadTextSlice(v, m.finalizers);
      break;
    case 11:
      if (key == "annotations") return ReadTextMap(v, m.annotations);
      break;
    case 12:
      if (key == "generateName") return ReadText(v, m.generate_name);
      break;
    case 13:
      if (key == "managedFields") return v.IsNull() || ReadManagedFields(v, m.managed_fields);
      break;
    case 15:
      if (key == "resourceVersion") return ReadText(v, m.resource_version);
      if (key == "ownerReferences") return ReadOwnerReferences(v, m.owner_references);
      break;
    case 17:
      if (key == "creationTimestamp") return v.IsNull() || ReadTime(v, m.creation_timestamp);
      if (key == "deletionTimestamp") {
        if (v.IsNull()) return true;
        return ReadTime(v, m.deletion_timestamp.emplace());
      }
      break;
    case 26:
      if (key == "deletionGracePeriodSeconds") {
        if (v.IsNull()) return true;
        return ReadInt64(v, m.deletion_grace_period_seconds.emplace());
      }
      break;
    default:
      break;
  }
  if (!unknown.is_object()) unknown = nlohmann::json::object();
  auto& members = unknown.get_ref<nlohmann::json::object_t&>();
  members.emplace_hint(members.end(), key, v.ToJSON());  // keys arrive sorted: the hint is exact
  return true;
}

APIMACHINERY_DECL bool CompactUnstructured::ReadManagedFields(util::json::ValueRef v,
                                                              std::vector<metav1::ManagedFieldsEntry>& out) {
  if (!v.IsArray()) return false;
  bool ok = true;
  out.reserve(v.Size());
  v.ForEachElement([&](util::json::ValueRef entry) {
    if (!ok || !entry.IsObject()) {
      ok = false;
      return;
    }
    metav1::ManagedFieldsEntry& e = out.emplace_back();
    entry.ForEachMember([&](std::string_view key, util::json::ValueRef x) {
      if (x.IsNull()) return;  // as absent (Go: a null leaves the field at its zero value)
      std::string* text = key == "manager"       ? &e.manager
                          : key == "operation"   ? &e.operation
                          : key == "apiVersion"  ? &e.api_version
                          : key == "fieldsType"  ? &e.fields_type
                          : key == "subresource" ? &e.subresource
                                                 : nullptr;
      if (text != nullptr) {
        if (!x.IsString()) ok = false;
        *text = x.String();
      } else if (key == "time") {
        if (!ReadTime(x, e.time.emplace())) ok = false;
      } else if (key == "fieldsV1") {
        x.AppendMarshal(e.fields_v1.emplace().raw);
      }
    });
  });
  return ok;
}

}  // namespace apimachinery::runtime
