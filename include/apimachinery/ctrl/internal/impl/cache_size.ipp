// Definitions of the non-template functions declared in <apimachinery/ctrl/internal/cache_size.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/internal/cache_size.hpp"

namespace apimachinery::ctrl::internal {

APIMACHINERY_DECL std::size_t HeapBytes(const std::string& s) noexcept {
  const char* p = s.data();
  const char* self = reinterpret_cast<const char*>(&s);
  if (p >= self && p < self + sizeof(std::string)) return 0;  // the small-string buffer
  return s.capacity() + 1;
}

APIMACHINERY_DECL std::size_t HeapBytes(const nlohmann::json& j) noexcept {
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      const auto& o = j.get_ref<const nlohmann::json::object_t&>();
      std::size_t n =
          sizeof(nlohmann::json::object_t) + o.size() * MapNodeBytes<nlohmann::json::object_t::value_type>();
      for (const auto& [k, v] : o) n += HeapBytes(k) + HeapBytes(v);
      return n;
    }
    case nlohmann::json::value_t::array: {
      const auto& a = j.get_ref<const nlohmann::json::array_t&>();
      std::size_t n = sizeof(nlohmann::json::array_t) + a.capacity() * sizeof(nlohmann::json);
      for (const auto& v : a) n += HeapBytes(v);
      return n;
    }
    case nlohmann::json::value_t::string:
      return sizeof(nlohmann::json::string_t) + HeapBytes(j.get_ref<const nlohmann::json::string_t&>());
    case nlohmann::json::value_t::binary: {
      const auto& b = j.get_binary();
      return sizeof(nlohmann::json::binary_t) + b.capacity();
    }
    default:
      return 0;
  }
}

APIMACHINERY_DECL std::size_t HeapBytes(const metav1::TypeMeta& t) noexcept {
  return HeapBytes(t.api_version) + HeapBytes(t.kind);
}

APIMACHINERY_DECL std::size_t HeapBytes(const metav1::Time&) noexcept { return 0; }

APIMACHINERY_DECL std::size_t HeapBytes(const metav1::OwnerReference& r) noexcept {
  return HeapBytes(r.api_version) + HeapBytes(r.kind) + HeapBytes(r.name) + HeapBytes(r.uid);
}

APIMACHINERY_DECL std::size_t HeapBytes(const metav1::ManagedFieldsEntry& e) noexcept {
  return HeapBytes(e.manager) + HeapBytes(e.operation) + HeapBytes(e.api_version) + HeapBytes(e.fields_type) +
         (e.fields_v1 ? HeapBytes(e.fields_v1->raw) : 0) + HeapBytes(e.subresource);
}

APIMACHINERY_DECL std::size_t HeapBytes(const metav1::ObjectMeta& m) noexcept {
  return HeapBytes(m.name) + HeapBytes(m.generate_name) + HeapBytes(m.namespace_) + HeapBytes(m.uid) +
         HeapBytes(m.resource_version) + HeapBytes(m.labels) + HeapBytes(m.annotations) +
         HeapBytes(m.owner_references) + HeapBytes(m.finalizers) + HeapBytes(m.managed_fields) +
         HeapBytes(static_cast<const nlohmann::json&>(m.unknown_fields));
}

APIMACHINERY_DECL std::size_t RetainedBytes(const runtime::Unstructured& u) noexcept {
  std::size_t n = sizeof(runtime::Unstructured) + HeapBytes(u.UnstructuredContent());
  if (const metav1::ObjectMeta* m = u.GetObjectMeta()) n += HeapBytes(*m);
  return n;
}

APIMACHINERY_DECL std::size_t RetainedBytes(const runtime::CompactUnstructured& c) noexcept {
  struct SharedBlock {  // libstdc++'s and libc++'s _Sp_counted_ptr_inplace: two counts, a vtable
    void* vtable;
    int counts[2];
    util::json::Compact doc;
  };
  return sizeof(runtime::CompactUnstructured) + HeapBytes(*c.GetObjectMeta()) + sizeof(SharedBlock) +
         c.Document()->HeapBytes();
}

APIMACHINERY_DECL std::size_t RetainedBytes(const metav1::PartialObjectMetadata& p) noexcept {
  return sizeof(metav1::PartialObjectMetadata) + HeapBytes(p.type_meta) + HeapBytes(p.metadata);
}

APIMACHINERY_DECL std::size_t UntypedRetainedBytes(const runtime::Object& o) noexcept {
  const util::TypeId id = o.GetTypeId();
  if (id == util::kTypeId<runtime::Unstructured>)
    return RetainedBytes(static_cast<const runtime::Unstructured&>(o));
  if (id == util::kTypeId<metav1::PartialObjectMetadata>)
    return RetainedBytes(static_cast<const metav1::PartialObjectMetadata&>(o));
  if (id == util::kTypeId<runtime::CompactUnstructured>)
    return RetainedBytes(static_cast<const runtime::CompactUnstructured&>(o));
  const metav1::ObjectMeta* m = o.GetObjectMeta();
  return m != nullptr ? sizeof(metav1::ObjectMeta) + HeapBytes(*m) : 0;
}

}  // namespace apimachinery::ctrl::internal
