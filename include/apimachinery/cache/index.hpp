// cache index functions: how an Indexer files objects under computed values.
//
// An IndexFunc maps an object to the values it is indexed under (zero, one or several strings);
// Indexers names a set of them. MetaNamespaceIndexFunc indexes by metadata.namespace_ and is
// conventionally registered under kNamespaceIndex ("namespace").
//
//   cache::Indexers indexers{{cache::kNamespaceIndex, cache::MetaNamespaceIndexFunc}};
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
// Indexers is a std::map (deterministic order). The Index/Indices types (value -> set of keys) are
// internal here: the store keeps inverted postings of small integer ids instead.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// IndexFunc computes the indexed values of an object. Duplicates are ignored.
using IndexFunc = std::function<std::vector<std::string>(const runtime::Object&)>;

// Indexers maps an index name to its IndexFunc.
using Indexers = std::map<std::string, IndexFunc, std::less<>>;

// kNamespaceIndex is the conventional name of the namespace index.
inline constexpr std::string_view kNamespaceIndex = "namespace";

// MetaNamespaceIndexFunc indexes an object by its namespace (one value, "" for cluster-scoped).
// Throws apimachinery::Error when the object has no ObjectMeta.
std::vector<std::string> MetaNamespaceIndexFunc(const runtime::Object& obj);

// IsMetaNamespaceIndexFunc reports whether `fn` is MetaNamespaceIndexFunc itself (the query
// planner trusts such an index to answer namespace restrictions).
bool IsMetaNamespaceIndexFunc(const IndexFunc& fn) noexcept;

// Implementation details follow.

inline std::vector<std::string> MetaNamespaceIndexFunc(const runtime::Object& obj) {
  const metav1::ObjectMeta* meta = obj.GetObjectMeta();
  if (meta == nullptr) {
    throw Error("object has no meta: object does not implement the Object interfaces");
  }
  return {meta->namespace_};
}

inline bool IsMetaNamespaceIndexFunc(const IndexFunc& fn) noexcept {
  using Fn = std::vector<std::string> (*)(const runtime::Object&);
  const Fn* target = fn.target<Fn>();
  return target != nullptr && *target == &MetaNamespaceIndexFunc;
}

}  // namespace apimachinery::cache
