// cache::Indexer: a thread-safe, indexed object store keyed by a key function, and the key
// functions themselves.
//
// Example:
//   using Pod = metav1::PartialObjectMetadata;   // any runtime::Object type
//   Pod pod;
//   pod.metadata = {.name = "web-0", .namespace_ = "default"};
//   cache::Indexer pods(cache::MetaNamespaceKeyFunc,
//                       {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}});
//   pods.Add(std::make_shared<const Pod>(pod));                  // key "default/web-0"
//   std::shared_ptr<const Pod> p = pods.GetByKeyAs<Pod>("default/web-0");   // null if absent
//   auto in_ns = pods.ByIndex(cache::kNamespaceIndex, "default");
//
// Upstream: k8s.io/client-go/tools/cache/store.go (Store, KeyFunc, MetaNamespaceKeyFunc,
// SplitMetaNamespaceKey, ExplicitKey, KeyError, NewStore/NewIndexer) and index.go (Indexer).
//
// Throws:
// - MetaNamespaceKeyFunc throws apimachinery::Error `object has no meta: object does not implement
//   the Object interfaces` for an object without ObjectMeta.
// - SplitMetaNamespaceKey throws apimachinery::Error `unexpected key format: "<key>"` (Go %q).
// - Indexer::Add/Update/Delete/Get/Replace wrap key-function failures in KeyError
//   (`couldn't create key for object <type>: <reason>`); index errors as ThreadSafeStore.
// - Indexer::Add/Update/Delete/Replace with a null object throw KeyError
//   `couldn't create key for object <nil>: object has no meta: object does not implement the
//   Object interfaces`, as client-go's cache does (store.go: cache.Add et al. return
//   KeyError{nil, err} from MetaNamespaceKeyFunc; meta.go: Accessor's errNotObject); nothing is
//   stored or removed.
// Thread-safety: Indexer is safe for concurrent use (it is a ThreadSafeStore plus a key function,
// which is called without any lock held). Complexity: see thread_safe_store.hpp.
// Differences from upstream:
// - Objects are std::shared_ptr<const runtime::Object>; List/ByIndex/Index/Select return a
//   cache::ObjectList (plain pointers kept alive by the list, object_list.hpp) instead of a
//   slice of interfaces; Get/GetByKey return null for absence
//   instead of `(item, exists, err)`.
// - KeyError prints the object's C++ type name instead of Go's %+v dump (`<nil>` for null, as Go).
// - A null object never reaches the key function (it takes a reference): the reason is always
//   MetaNamespaceKeyFunc's, where upstream passes nil to the key function and wraps its error.
// - Indexer is a concrete final class (Go: an interface implemented by `cache`); it implements
//   KeyListerGetter so a RealFIFO can use it as its known objects.
// - ExplicitKey has no runtime::Object form; use ThreadSafeStore directly for explicit keys.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/cache/index.hpp"
#include "apimachinery/cache/object_list.hpp"
#include "apimachinery/cache/thread_safe_store.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::cache {

// KeyFunc computes an object's store key, or throws.
using KeyFunc = std::function<std::string(const runtime::Object&)>;

// KeyError: a key function failed for an object (upstream KeyError{Obj, Err}).
class KeyError : public Error {
 public:
  APIMACHINERY_DECL KeyError(std::string_view type_name, std::string_view why);
  std::string object_type;
  std::string reason;
};

// MetaNamespaceKeyFunc: "<namespace>/<name>", or "<name>" for an empty namespace.
std::string MetaNamespaceKeyFunc(const runtime::Object& obj);

// SplitMetaNamespaceKey splits "<namespace>/<name>" or "<name>" into (namespace, name).
std::pair<std::string, std::string> SplitMetaNamespaceKey(std::string_view key);

// KeyListerGetter: what a FIFO needs from the store it feeds (upstream KeyListerGetter).
class KeyListerGetter {
 public:
  virtual ~KeyListerGetter() = default;
  virtual std::vector<std::string> ListKeys() const = 0;
  // GetByKey returns the object stored under `key`, or null.
  virtual std::shared_ptr<const runtime::Object> GetByKey(std::string_view key) const = 0;

 protected:
  KeyListerGetter() = default;
  KeyListerGetter(const KeyListerGetter&) = default;
  KeyListerGetter& operator=(const KeyListerGetter&) = default;
  KeyListerGetter(KeyListerGetter&&) = default;
  KeyListerGetter& operator=(KeyListerGetter&&) = default;
};

// Indexer: ThreadSafeStore keyed by a KeyFunc (upstream NewIndexer / NewStore).
class Indexer final : public KeyListerGetter {
 public:
  using ObjectPtr = std::shared_ptr<const runtime::Object>;

  APIMACHINERY_DECL explicit Indexer(KeyFunc key_func, const Indexers& indexers = {},
                                     ThreadSafeStoreOptions options = {});

  // Add inserts or replaces the object under its key.
  APIMACHINERY_DECL void Add(ObjectPtr obj);
  // Update is Add.
  APIMACHINERY_DECL void Update(ObjectPtr obj);
  // Delete removes the object's key (no-op when absent).
  APIMACHINERY_DECL void Delete(const runtime::Object& obj);
  // Delete by reference; a null object throws KeyError (see the top comment).
  APIMACHINERY_DECL void Delete(const ObjectPtr& obj);
  // List returns every stored object.
  APIMACHINERY_DECL ObjectList List() const;
  // ListKeys returns every key.
  APIMACHINERY_DECL std::vector<std::string> ListKeys() const override;
  // Get returns the stored object with the same key as `obj`, or null.
  APIMACHINERY_DECL ObjectPtr Get(const runtime::Object& obj) const;
  // GetByKey returns the object stored under `key`, or null.
  APIMACHINERY_DECL ObjectPtr GetByKey(std::string_view key) const override;
  // GetByKeyRef lends the object stored under `key` (an empty ref when absent) without touching
  // its reference count (ThreadSafeStore::GetRef): the form of Go's GetByKey, which returns a
  // pointer; Share() it to keep the object beyond a short read.
  APIMACHINERY_DECL ObjectRef GetByKeyRef(std::string_view key) const;
  // Replace swaps the content for `items` (keys computed with the key function).
  APIMACHINERY_DECL void Replace(const std::vector<ObjectPtr>& items, std::string_view resource_version = {});
  // Resync is a no-op.
  APIMACHINERY_DECL void Resync();
  // Len returns the number of stored objects.
  APIMACHINERY_DECL std::size_t Len() const;

  APIMACHINERY_DECL ObjectList Index(std::string_view index_name, const runtime::Object& obj) const;
  APIMACHINERY_DECL std::vector<std::string> IndexKeys(std::string_view index_name,
                                                       std::string_view indexed_value) const;
  APIMACHINERY_DECL std::vector<std::string> ListIndexFuncValues(std::string_view index_name) const;
  APIMACHINERY_DECL ObjectList ByIndex(std::string_view index_name, std::string_view indexed_value) const;
  APIMACHINERY_DECL Indexers GetIndexers() const;
  APIMACHINERY_DECL bool HasIndex(std::string_view index_name) const;
  APIMACHINERY_DECL void AddIndexers(const Indexers& new_indexers);
  APIMACHINERY_DECL ObjectList Select(const SelectQuery& query) const;

  // Typed access: null when absent or of another type.
  template <typename T>
  std::shared_ptr<const T> GetByKeyAs(std::string_view key) const {
    return std::dynamic_pointer_cast<const T>(store_.Get(key));
  }
  // ByIndexAs returns the objects of type T indexed under the value (others are skipped).
  template <typename T>
  std::vector<std::shared_ptr<const T>> ByIndexAs(std::string_view index_name,
                                                  std::string_view indexed_value) const;
  template <typename T>
  std::vector<std::shared_ptr<const T>> ListAs() const;

  // KeyOf applies the key function, wrapping failures in KeyError.
  APIMACHINERY_DECL std::string KeyOf(const runtime::Object& obj) const;
  APIMACHINERY_DECL const KeyFunc& GetKeyFunc() const noexcept;
  APIMACHINERY_DECL ThreadSafeStore& GetStore() noexcept;
  APIMACHINERY_DECL const ThreadSafeStore& GetStore() const noexcept;

 private:
  APIMACHINERY_DECL static bool IsMetaNamespaceKeyFunc(const KeyFunc& fn) noexcept;
  // The KeyError client-go's cache returns for a nil object.
  [[noreturn]] APIMACHINERY_DECL static void ThrowNullObject();
  // Calls fn(std::string_view key) with the object's key. With MetaNamespaceKeyFunc the key is
  // assembled in a stack buffer: no allocation on the write path.
  template <typename Fn>
  std::invoke_result_t<Fn, std::string_view> WithKey(const runtime::Object& obj, Fn&& fn) const;

  // Owning references to the elements of `list` whose dynamic type is T.
  template <typename T>
  static std::vector<std::shared_ptr<const T>> SharedOfType(const ObjectList& list) {
    std::vector<std::shared_ptr<const T>> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (dynamic_cast<const T*>(list[i]) != nullptr)
        out.push_back(std::static_pointer_cast<const T>(list.Share(i)));
    }
    return out;
  }

  KeyFunc key_func_;
  ThreadSafeStore store_;
  bool meta_namespace_keys_ = false;  // key_func_ is MetaNamespaceKeyFunc
};

// Implementation details follow.

template <typename Fn>
std::invoke_result_t<Fn, std::string_view> Indexer::WithKey(const runtime::Object& obj, Fn&& fn) const {
  if (meta_namespace_keys_) {
    if (const metav1::ObjectMeta* meta = obj.GetObjectMeta()) {
      if (meta->namespace_.empty()) return fn(std::string_view(meta->name));
      constexpr std::size_t kBuffer = 320;  // a namespace (63) + '/' + a name (253) fits
      const std::size_t n = meta->namespace_.size() + 1 + meta->name.size();
      if (n <= kBuffer) {
        // The key is a string_view of n bytes: no terminator is wanted.
        char buffer[kBuffer];
        // NOLINTNEXTLINE(bugprone-not-null-terminated-result)
        std::memcpy(buffer, meta->namespace_.data(), meta->namespace_.size());
        buffer[meta->namespace_.size()] = '/';
        // NOLINTNEXTLINE(bugprone-not-null-terminated-result)
        std::memcpy(buffer + meta->namespace_.size() + 1, meta->name.data(), meta->name.size());
        return fn(std::string_view(buffer, n));
      }
    }
  }
  const std::string key = KeyOf(obj);  // other key functions, long keys, and the error path
  return fn(std::string_view(key));
}

template <typename T>
std::vector<std::shared_ptr<const T>> Indexer::ByIndexAs(std::string_view index_name,
                                                         std::string_view indexed_value) const {
  return SharedOfType<T>(store_.ByIndex(index_name, indexed_value));
}

template <typename T>
std::vector<std::shared_ptr<const T>> Indexer::ListAs() const {
  return SharedOfType<T>(store_.List());
}

}  // namespace apimachinery::cache

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/cache/impl/store.ipp"
#endif
