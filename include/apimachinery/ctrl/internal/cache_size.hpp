// ctrl::internal::RetainedBytes: the memory an object held by the cache retains, measured by
// walking the object: its own size plus every heap block its members own (string buffers beyond
// the small-string buffer, vector capacities, map nodes, nlohmann::json nodes), as std::allocator
// requests them from operator new. Backs ctrl::Cache::Stats().
//
//   std::size_t n = ctrl::internal::RetainedBytes(pod);   // sizeof(Pod) + what its members own
//
// What is walked: std::string, std::vector, std::map, std::optional, nlohmann::json (and
// util::json::Document), metav1::ObjectMeta / TypeMeta / OwnerReference / Time, every struct with
// an APIMACHINERY_FIELDS list (field by field, plus type_meta and metadata when the list leaves
// them out), runtime::Unstructured (its JSON content and its typed metadata view) and
// metav1::PartialObjectMetadata. Arithmetic, enum and chrono members own nothing. A class member
// of any other type counts only its sizeof (inside its parent's): give it a field list to have it
// walked.
//
// Not counted: the shared_ptr control block (one per object, 16-24 bytes), the allocator's own
// per-block overhead (malloc headers and size classes), and the store's keys and index postings.
// Upstream: none (controller-runtime reports no memory figures).
// Throws: nothing (noexcept walks). Cost: O(size of the object). Thread-safety: reads only; the
// object must not be mutated concurrently (cached objects are immutable).
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::ctrl::internal {

// MapNodeBytes<V>: the size of one red-black tree node holding a V (libstdc++ and libc++ both lay
// a node out as three links and a colour, then the value).
template <typename V>
constexpr std::size_t MapNodeBytes() noexcept {
  struct Node {
    void* links[3];
    int colour;
    alignas(V) unsigned char value[sizeof(V)];
  };
  return sizeof(Node);
}

// Every overload is declared before any is defined: the members' types live in namespace std,
// so argument-dependent lookup would not find an overload declared later.
template <typename T>
std::size_t HeapBytes(const T& v) noexcept;
std::size_t HeapBytes(const std::string& s) noexcept;
std::size_t HeapBytes(const nlohmann::json& j) noexcept;
std::size_t HeapBytes(const metav1::TypeMeta& t) noexcept;
std::size_t HeapBytes(const metav1::Time&) noexcept;
std::size_t HeapBytes(const metav1::OwnerReference& r) noexcept;
std::size_t HeapBytes(const metav1::ManagedFieldsEntry& e) noexcept;
std::size_t HeapBytes(const metav1::ObjectMeta& m) noexcept;
template <typename E>
std::size_t HeapBytes(const std::vector<E>& v) noexcept;
template <typename K, typename V, typename C, typename A>
std::size_t HeapBytes(const std::map<K, V, C, A>& m) noexcept;
template <typename E>
std::size_t HeapBytes(const std::optional<E>& o) noexcept;

template <typename E>
std::size_t HeapBytes(const std::vector<E>& v) noexcept {
  std::size_t n = v.capacity() * sizeof(E);
  for (const auto& e : v) n += HeapBytes(e);
  return n;
}
template <typename K, typename V, typename C, typename A>
std::size_t HeapBytes(const std::map<K, V, C, A>& m) noexcept {
  std::size_t n = m.size() * MapNodeBytes<typename std::map<K, V, C, A>::value_type>();
  for (const auto& [k, v] : m) n += HeapBytes(k) + HeapBytes(v);
  return n;
}
template <typename E>
std::size_t HeapBytes(const std::optional<E>& o) noexcept {
  return o ? HeapBytes(*o) : 0;
}

template <typename T, typename Tuple, std::size_t... I>
std::size_t FieldHeapBytes(const T& v, const Tuple& fields, std::index_sequence<I...>) noexcept {
  return (std::size_t{0} + ... + HeapBytes(v.*(std::get<I>(fields).ptr)));
}
template <typename T, typename M, typename Tuple, std::size_t... I>
constexpr bool ListsMemberOfType(std::index_sequence<I...>) noexcept {
  return (false || ... ||
          std::is_same_v<std::remove_cvref_t<decltype(std::declval<const T&>().*
                                                      (std::get<I>(std::declval<const Tuple&>()).ptr))>,
                         M>);
}

// HeapBytes of any other type: field lists are walked, everything else owns nothing we can see.
template <typename T>
std::size_t HeapBytes(const T& v) noexcept {
  if constexpr (std::is_base_of_v<nlohmann::json, T>) {
    return HeapBytes(static_cast<const nlohmann::json&>(v));
  } else if constexpr (conversion::HasFields<T>) {
    constexpr const auto& fields = conversion::kFields<T>;
    using Tuple = std::remove_cvref_t<decltype(fields)>;
    constexpr auto seq = std::make_index_sequence<std::tuple_size_v<Tuple>>{};
    std::size_t n = FieldHeapBytes(v, fields, seq);
    if constexpr (runtime::HasTypeMeta<T>) {
      if constexpr (!ListsMemberOfType<T, metav1::TypeMeta, Tuple>(seq)) n += HeapBytes(v.type_meta);
    }
    if constexpr (runtime::HasObjectMeta<T>) {
      if constexpr (!ListsMemberOfType<T, metav1::ObjectMeta, Tuple>(seq)) n += HeapBytes(v.metadata);
    }
    return n;
  } else {
    std::size_t n = 0;
    if constexpr (runtime::HasTypeMeta<T>) n += HeapBytes(v.type_meta);
    if constexpr (runtime::HasObjectMeta<T>) n += HeapBytes(v.metadata);
    return n;
  }
}

// RetainedBytes of a value: sizeof plus its heap.
template <typename T>
std::size_t RetainedBytes(const T& v) noexcept {
  return sizeof(T) + HeapBytes(v);
}

APIMACHINERY_DECL std::size_t RetainedBytes(const runtime::Unstructured& u) noexcept;
// A CompactUnstructured: the object, its typed metadata's heap, and its document: the block and
// the shared_ptr's control block with the Compact it holds (make_shared: one allocation). A
// document shared by copies is counted by each (the cache holds one object per document).
APIMACHINERY_DECL std::size_t RetainedBytes(const runtime::CompactUnstructured& c) noexcept;
APIMACHINERY_DECL std::size_t RetainedBytes(const metav1::PartialObjectMetadata& p) noexcept;

// SizeFunc: RetainedBytes for a runtime::Object of one dynamic type.
using SizeFunc = std::size_t (*)(const runtime::Object&) noexcept;

template <typename T>
std::size_t RetainedBytesOf(const runtime::Object& o) noexcept {
  return RetainedBytes(static_cast<const T&>(o));
}

// SizeFuncFor<T>: the SizeFunc of T.
template <typename T>
constexpr SizeFunc SizeFuncFor() noexcept {
  return &RetainedBytesOf<T>;
}

// UntypedRetainedBytes: the measure for an object whose C++ type the caller does not know
// statically: exact for Unstructured, CompactUnstructured and PartialObjectMetadata; for other types their
// metadata only (a lower bound; the cache uses the type's SizeFunc whenever it has seen the type).
APIMACHINERY_DECL std::size_t UntypedRetainedBytes(const runtime::Object& o) noexcept;

}  // namespace apimachinery::ctrl::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/internal/impl/cache_size.ipp"
#endif
