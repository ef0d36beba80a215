// cache index functions: how an Indexer files objects under computed values.
//
// An IndexFunc maps an object to the values it is indexed under (zero, one or several strings);
// Indexers names a set of them. MetaNamespaceIndexFunc indexes by metadata.namespace_ and is
// conventionally registered under kNamespaceIndex ("namespace").
//
// Example:
//   cache::Indexers indexers{{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}};
//   cache::Indexer store(cache::MetaNamespaceKeyFunc, indexers);
//   auto pods = store.ByIndex(cache::kNamespaceIndex, "default");
//
// Upstream: k8s.io/client-go/tools/cache/index.go.
// Throws: an IndexFunc reports failure by throwing (any exception; the store propagates it and
// stays unchanged). MetaNamespaceIndexFunc throws apimachinery::Error for an object without
// metadata (upstream: `object has no meta: ...`).
// Thread-safety: index functions are called concurrently from many threads and must not mutate
// shared state.
// Differences from upstream: Go's `([]string, error)` becomes "return the values or throw";
// FieldIndexFunc (one value read from the object, filed without allocating) is not upstream;
// Indexers is a std::map (deterministic order). The Index/Indices types (value -> set of keys) are
// internal here: the store keeps inverted postings of small integer ids instead.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// IndexFunc computes the indexed values of an object. Duplicates are ignored.
using IndexFunc = std::function<std::vector<std::string>(const runtime::Object&)>;

// Indexers maps an index name to its IndexFunc.
using Indexers = std::map<std::string, IndexFunc, std::less<>>;

// FieldValueFunc reads the one value an object is indexed under, as a view into the object (valid
// while the object lives), or nullopt when the object is not indexed. May throw.
using FieldValueFunc = std::optional<std::string_view> (*)(const runtime::Object&);

// FieldIndex: an IndexFunc made of a FieldValueFunc. Called as an IndexFunc it returns the value
// copied into a vector (empty for nullopt); a ThreadSafeStore recognises it and calls `value`
// directly, so filing an object allocates nothing (no vector, no string copy).
struct FieldIndex {
  FieldValueFunc value = nullptr;
  APIMACHINERY_DECL std::vector<std::string> operator()(const runtime::Object& obj) const;
};

// FieldIndexFunc returns the IndexFunc of a single-valued index read straight from the object,
// the allocation-free form of the common `return {obj.field};` index function:
//
//   cache::Indexers indexers{{"node", cache::FieldIndexFunc(
//       [](const runtime::Object& o) -> std::optional<std::string_view> {
//         return static_cast<const Pod&>(o).spec.node_name;
//       })}};
//
// Throws apimachinery::Error for a null `value`.
IndexFunc FieldIndexFunc(FieldValueFunc value);

// FieldValueFuncOf returns the FieldValueFunc behind `fn`: FieldIndex::value, or for
// MetaNamespaceIndexFunc one reading metadata.namespace_; null for any other function.
FieldValueFunc FieldValueFuncOf(const IndexFunc& fn) noexcept;

// kNamespaceIndex is the conventional name of the namespace index.
inline constexpr std::string_view kNamespaceIndex = "namespace";

// MetaNamespaceIndexFunc indexes an object by its namespace (one value, "" for cluster-scoped).
// Throws apimachinery::Error when the object has no ObjectMeta.
std::vector<std::string> MetaNamespaceIndexFunc(const runtime::Object& obj);

// IsMetaNamespaceIndexFunc reports whether `fn` is MetaNamespaceIndexFunc itself (the query
// planner trusts such an index to answer namespace restrictions).
bool IsMetaNamespaceIndexFunc(const IndexFunc& fn) noexcept;

// Implementation details follow.

namespace internal {
// What upstream's key and index functions report for an object without metadata
// (k8s.io/client-go/tools/cache/store.go: ObjectToName's `object has no meta: %v` around
// k8s.io/apimachinery/pkg/api/meta/meta.go: Accessor's errNotObject).
inline constexpr std::string_view kNoMetaError =
    "object has no meta: object does not implement the Object interfaces";

// The namespace as a FieldValueFunc (the value MetaNamespaceIndexFunc returns, without copying).
APIMACHINERY_DECL std::optional<std::string_view> NamespaceFieldValue(const runtime::Object& obj);
}  // namespace internal

inline FieldValueFunc FieldValueFuncOf(const IndexFunc& fn) noexcept {
  if (IsMetaNamespaceIndexFunc(fn)) return &internal::NamespaceFieldValue;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
// g++ 12 at -O3 cannot see that std::function::target's manager call writes the pointer it reads.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
  const FieldIndex* field = fn.target<FieldIndex>();
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  return field != nullptr ? field->value : nullptr;
}

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/index.ipp"
#endif
