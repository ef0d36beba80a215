// runtime::Object: the polymorphic root of every API object, and ObjectBase, the CRTP helper that
// turns a plain value struct into one.
//
// The object model (shared by the Scheme, the codec, the cache and admission):
// - A user type is a value struct deriving from ObjectBase<Self>, with the kind declared once:
//
// Example (namespace scope):
//     struct WidgetSpec { int replicas = 0; };
//     struct Widget : runtime::ObjectBase<Widget> {
//       static constexpr std::string_view kKind = "Widget";
//       metav1::TypeMeta type_meta;
//       metav1::ObjectMeta metadata;
//       WidgetSpec spec;
//     };
//
//   ObjectBase implements the whole Object interface from those members (a list type has
//   `metav1::ListMeta list_meta` instead of `metadata`), so users write no boilerplate. Copying
//   is the deep copy (value semantics), as Go's generated DeepCopy.
// - Objects shared between components (cache, informers, handlers) travel as
//   std::shared_ptr<const Object> (or std::shared_ptr<const T>): reading is zero-copy and mutating
//   a shared object does not compile. Copy to modify.
// - Operations that upstream performs in place (UnsafeConvertToVersion stamping the very same
//   object) take an object the caller owns exclusively: std::unique_ptr<Object>.
// - Every object has a metav1::ObjectMeta reachable through GetObjectMeta() (nullptr for lists
//   and other types without one); runtime::Unstructured keeps a typed ObjectMeta too, so the
//   cache can key, index and label-match any object without going through JSON.
// - Object derives from std::enable_shared_from_this<Object>, so code holding a plain pointer to a
//   shared object (a cache::ObjectList element) can take a reference of its own
//   (weak_from_this().lock()). A user type must not add a second enable_shared_from_this base.
// - GetTypeId() returns a cheap per-type identity (util::TypeId) that the Converter and the Scheme
//   use as their map key.
//
// Layering: this header is runtime's object model (with runtime/error.hpp and
// runtime/group_versioner.hpp), the part of package runtime that sits below apis/meta/v1, as Go's
// k8s.io/apimachinery/pkg/runtime (interfaces.go: Object) sits below pkg/apis/meta/v1: metav1's
// Status and PartialObjectMetadata derive from ObjectBase. It therefore names metav1::ObjectMeta
// and metav1::ListMeta only as declared (incomplete) types; include
// "apimachinery/apis/meta/v1/types.hpp" to read the metadata GetObjectMeta() returns (every type
// with a `metadata` member has already). See docs/design/packages.md.
//
// Differences from upstream: Go's `GetObjectKind() ObjectKind` (an interface with
// GroupVersionKind()/SetGroupVersionKind()) becomes GetObjectKind() returning the GVK by value and
// SetGroupVersionKind() on the object itself. Go reaches metadata through meta.Accessor
// (k8s.io/apimachinery/pkg/api/meta/meta.go: Accessor), a type switch on metav1.Object; here the
// object hands out its typed ObjectMeta directly (GetObjectMeta, one virtual call).
//
// Thread-safety: const member functions may be called concurrently; mutation needs exclusive
// ownership.
#pragma once

#include <memory>
#include <string_view>
#include <type_traits>

#include "apimachinery/config.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/type_id.hpp"

// Defined in apis/meta/v1/types.hpp (package metav1, above this header; see the top comment).
namespace apimachinery::metav1 {
struct ObjectMeta;
struct ListMeta;
struct TypeMeta;
}  // namespace apimachinery::metav1

namespace apimachinery::runtime {

class Object : public std::enable_shared_from_this<Object> {
 public:
  virtual ~Object() = default;

  // GetObjectKind returns the apiVersion/kind the object carries (empty when unset).
  virtual schema::GroupVersionKind GetObjectKind() const = 0;
  // SetGroupVersionKind stamps apiVersion/kind (an empty GVK clears them).
  virtual void SetGroupVersionKind(const schema::GroupVersionKind& gvk) = 0;
  // DeepCopyObject returns an independent copy with the same dynamic type.
  virtual std::unique_ptr<Object> DeepCopyObject() const = 0;
  // GetObjectMeta returns the object's metadata, or nullptr when the type has none (lists).
  virtual const metav1::ObjectMeta* GetObjectMeta() const noexcept = 0;
  APIMACHINERY_DECL metav1::ObjectMeta* GetObjectMeta() noexcept;
  // GetListMeta returns a list's metadata, or nullptr for non-list types.
  APIMACHINERY_DECL virtual const metav1::ListMeta* GetListMeta() const noexcept;
  // GetTypeId identifies the dynamic C++ type (the Converter's and Scheme's key).
  virtual util::TypeId GetTypeId() const noexcept = 0;

 protected:
  // MutableObjectMeta backs the non-const GetObjectMeta(). A type whose metadata has another
  // source of truth (runtime::Unstructured: its JSON content) overrides it to learn of writes.
  APIMACHINERY_DECL virtual metav1::ObjectMeta* MutableObjectMeta() noexcept;

  Object() = default;
  Object(const Object&) = default;
  Object(Object&&) = default;
  Object& operator=(const Object&) = default;
  Object& operator=(Object&&) = default;
};

// HasObjectMeta<T>: T has a `metadata` member of type metav1::ObjectMeta.
template <typename T>
concept HasObjectMeta = requires(const T& t) {
  { t.metadata } -> std::convertible_to<const metav1::ObjectMeta&>;
};

// HasListMeta<T>: T has a `list_meta` member of type metav1::ListMeta.
template <typename T>
concept HasListMeta = requires(const T& t) {
  { t.list_meta } -> std::convertible_to<const metav1::ListMeta&>;
};

// HasTypeMeta<T>: T has a `type_meta` member of type metav1::TypeMeta.
template <typename T>
concept HasTypeMeta = requires(T& t) {
  { t.type_meta } -> std::convertible_to<metav1::TypeMeta&>;
};

// ObjectBase<Derived> implements Object for a value struct with `type_meta` and either `metadata`
// or `list_meta` members.
template <typename Derived>
class ObjectBase : public Object {
 public:
  schema::GroupVersionKind GetObjectKind() const override {
    const auto& tm = Self().type_meta;
    return schema::FromAPIVersionAndKind(tm.api_version, tm.kind);
  }
  void SetGroupVersionKind(const schema::GroupVersionKind& gvk) override {
    auto [api_version, kind] = gvk.ToAPIVersionAndKind();
    auto& tm = Self().type_meta;
    tm.api_version = std::move(api_version);
    tm.kind = std::move(kind);
  }
  std::unique_ptr<Object> DeepCopyObject() const override { return std::make_unique<Derived>(Self()); }
  const metav1::ObjectMeta* GetObjectMeta() const noexcept override {
    if constexpr (HasObjectMeta<Derived>) {
      return &Self().metadata;
    } else {
      return nullptr;
    }
  }
  const metav1::ListMeta* GetListMeta() const noexcept override {
    if constexpr (HasListMeta<Derived>) {
      return &Self().list_meta;
    } else {
      return nullptr;
    }
  }
  util::TypeId GetTypeId() const noexcept override { return util::TypeIdOf<Derived>(); }

 private:
  const Derived& Self() const noexcept { return static_cast<const Derived&>(*this); }
  Derived& Self() noexcept { return static_cast<Derived&>(*this); }
};

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/interfaces.ipp"
#endif
