// runtime::Scheme: the registry of API types (GroupVersionKind <-> C++ type), their conversions,
// defaulting functions, field-label conversions and version priorities
// (k8s.io/apimachinery/pkg/runtime, scheme.go).
//
// Example (namespace scope):
//   namespace v1 {
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     int replicas = 0;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, replicas)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   struct WidgetList : runtime::ObjectBase<WidgetList> {
//     static constexpr std::string_view kKind = "WidgetList";
//     metav1::TypeMeta type_meta;
//     metav1::ListMeta list_meta;
//     std::vector<Widget> items;
//   };
//   APIMACHINERY_FIELDS(WidgetList, (list_meta, "metadata"), items)
//   APIMACHINERY_JSON_FIELDS(WidgetList)
//   }  // namespace v1
//   namespace hub {
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     int size = 0;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, size)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   }  // namespace hub
// Example:
//   runtime::Scheme scheme("widgets");
//   scheme.AddKnownTypes<v1::Widget, v1::WidgetList>({"widgets.example.com", "v1"});
//   scheme.AddKnownTypes<hub::Widget>({"widgets.example.com", "__internal"});
//   scheme.AddConversionFunc<v1::Widget, hub::Widget>([](const v1::Widget& in, hub::Widget& out,
//                                                        conversion::Scope&) {
//     out.metadata = in.metadata;
//     out.size = in.replicas;
//   });
//   v1::Widget widget;
//   std::unique_ptr<runtime::Object> hub = scheme.ConvertToVersion(widget, runtime::InternalGroupVersioner);
//
// Types are registered with their static types: AddKnownTypes<Ts...>(gv) takes a compile-time type
// list, the kind name is T::kKind (or the unqualified C++ type name when there is none). A
// registered type T must derive from runtime::ObjectBase<T> (or otherwise implement
// runtime::Object with GetTypeId() == util::TypeIdOf<T>()), be default-constructible and copyable.
// Registering a type also registers a generated self-conversion (copy, then clear apiVersion/kind),
// as upstream does for types with DeepCopyInto. A registered type must have JSON (to_json and
// from_json found by ADL: APIMACHINERY_FIELDS + APIMACHINERY_JSON_FIELDS, or hand-written), as
// every Go type has through reflection: registering one without is a compile-time error (a
// static_assert naming the type and the missing function).
//
// A new Scheme registers upstream's NewScheme conversions from query parameters
// (k8s.io/apimachinery/pkg/runtime/conversion.go: RegisterStringConversions):
// std::vector<std::string> -> std::string (the first element, "" for none), -> int and
// -> std::int64_t (the first element by strconv.Atoi / strconv.ParseInt, 0 for none; throws
// apimachinery::Error `strconv.Atoi: parsing "x": invalid syntax` / `... value out of range`; C++
// int is 32 bits, so Atoi's range is Go's on a 32-bit platform) and -> bool (false for none, "0"
// or a case-insensitive "false"; true for anything else, "" included).
//
// ConvertToVersion / UnsafeConvertToVersion follow upstream exactly
// (k8s.io/apimachinery/pkg/runtime/scheme.go: Scheme.convertToVersion): kinds of the
// input type in registration order; target.KindForGroupVersionKinds; unversioned fallback; the
// short-circuit when the chosen GVK is one of the type's own kinds (Unsafe returns the very same
// object, safe returns a copy; both re-stamped); otherwise New(gvk) + Converter with the target as
// Meta context; an `__internal` target clears apiVersion/kind.
//
// runtime::Unstructured is understood everywhere upstream understands it (ObjectKinds,
// ConvertToVersion, Convert); the bridge's definitions are in runtime/scheme_unstructured.hpp,
// included at the end of this header.
//
// Throws: NotRegisteredError (runtime/error.hpp) for unknown types, kinds and targets;
// conversion::UnknownConversionError from conversions; SchemeRegistrationError with upstream's
// panic text for invalid registrations; apimachinery::Error (plain upstream texts) for version
// priorities and field labels.
//
// Thread-safety: register everything first (Add*, Set*, Enable*); afterwards every const member
// function may be called concurrently. Registration is not synchronised with use.
//
// Differences from upstream:
// - Go panics at registration become SchemeRegistrationError; "must be pointers to structs" checks
//   are compile-time (static_assert).
// - Types are util::TypeId (names like `ns::Type`); KnownTypes/AllKnownTypes return sorted std::map.
// - PrioritizedVersionsAllGroups/PreferredVersionAllGroups list prioritised groups in sorted group
//   order (Go: map order, unspecified).
// - ConvertToVersion takes `const Object&` and never copies the input before converting
//   (conversion functions take const&); UnsafeConvertToVersion takes ownership
//   (std::unique_ptr) so it can hand back the same object.
// - The scheme name defaults to the constructing call's file:line (Go: the caller's location).
// - EnableConversionChains() (off by default) lets ConvertToVersion run the shortest chain of
//   registered conversions (v1beta1 -> __internal -> v2) when no direct function exists.
#pragma once

#include <any>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/group_versioner.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/runtime/unstructured_converter.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/ascii.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

// KnownObject<T>: what a type must be to be registered in a Scheme.
template <typename T>
concept KnownObject = std::is_base_of_v<Object, T> && std::is_default_constructible_v<T> &&
    std::is_copy_constructible_v<T> && std::is_copy_assignable_v<T> && !std::is_abstract_v<T>;

// KindNameOf<T>: T::kKind, else the unqualified C++ type name (Go uses the struct's name).
template <typename T>
std::string KindNameOf() {
  if constexpr (requires { T::kKind; }) {
    return std::string(T::kKind);
  } else {
    std::string_view n = util::kTypeId<T>.name();
    auto lt = n.find('<');
    auto head = n.substr(0, lt);
    auto colon = head.rfind("::");
    if (colon != std::string_view::npos) n = n.substr(colon + 2);
    return std::string(n);
  }
}

// TypeInfo: what the Scheme knows about a registered C++ type (used by the codec too).
struct TypeInfo {
  util::TypeId id;
  std::unique_ptr<Object> (*make)() = nullptr;
  // JSON hooks (every registered type has them).
  void (*to_json)(const Object&, nlohmann::json&) = nullptr;
  // from_json records unknown keys into `strict` when it is not null (the type's strict form,
  // `from_json(j, v, StrictFieldErrors*)`; a type with only nlohmann's two-argument from_json
  // ignores it).
  void (*from_json)(const nlohmann::json&, Object&, StrictFieldErrors* strict) = nullptr;
  // The JSON text in Go's key order, appended to `out`, with `type_meta`'s apiVersion/kind when
  // not null (runtime/fields_json.hpp: FieldsAppendJSON); null when the type has no such writer
  // (the serializer then writes to_json's document).
  void (*append_json)(const Object&, std::string& out, const metav1::TypeMeta* type_meta) = nullptr;
  // First differing field path of two objects of this type, by JSON keys ("spec.replicas",
  // "spec.ports[1].containerPort"; "" = differ without detail).
  std::optional<std::string> (*diff)(const Object&, const Object&) = nullptr;
  // Move-assigns `from` (an object of this type) to `to` (an object of this type).
  void (*assign)(Object& to, Object&& from) = nullptr;
  // The unstructured converter's type check of content for this type (FromUnstructuredMismatch,
  // runtime/unstructured_converter.hpp); null for types without a field list.
  std::optional<std::string> (*unstructured_mismatch)(const nlohmann::json&) = nullptr;
};

// FieldLabelConversionFunc converts a field selector label/value to the internal form.
// Upstream: runtime.FieldLabelConversionFunc (returns (label, value, error): here throws).
using FieldLabelConversionFunc =
    std::function<std::pair<std::string, std::string>(std::string_view label, std::string_view value)>;

// DefaultMetaV1FieldSelectorConversion accepts metadata.name and metadata.namespace.
// Throws: apimachinery::Error `"<label>" is not a known field selector: only "metadata.name",
// "metadata.namespace"`.
std::pair<std::string, std::string> DefaultMetaV1FieldSelectorConversion(std::string_view label,
                                                                         std::string_view value);

// TargetVersioner returns the GroupVersioner a Scheme put in a conversion's Meta (during
// ConvertToVersion), or nullptr.
const GroupVersioner* TargetVersioner(const conversion::Scope& scope) noexcept;

class Scheme {
 public:
  // Scheme: `name` appears in errors; empty means the caller's file:line.
  APIMACHINERY_DECL explicit Scheme(std::string name = "", const char* file = __builtin_FILE(),
                                    int line = __builtin_LINE());

  // Name: the scheme's name (upstream: Name()).
  APIMACHINERY_DECL const std::string& Name() const noexcept;

  // --- registration ------------------------------------------------------------------------------

  // AddKnownTypes registers every T under gv.WithKind(KindNameOf<T>()).
  // Throws: SchemeRegistrationError (see AddKnownTypeWithName).
  template <typename... Ts>
  void AddKnownTypes(const schema::GroupVersion& gv);

  // AddKnownTypeWithName registers T under gvk.
  // Throws: SchemeRegistrationError `version is required on all types: <gvk> <T>` and
  // `Double registration of different types for <gvk>: old=<T1>, new=<T2> in scheme "<name>"`.
  template <typename T>
  void AddKnownTypeWithName(const schema::GroupVersionKind& gvk);

  // AddUnversionedTypes registers the types as known and unversioned in gv.
  // Throws: SchemeRegistrationError `<T> has already been registered as unversioned kind "<gvk>" -
  // kind name must be unique in scheme "<name>"`.
  template <typename... Ts>
  void AddUnversionedTypes(const schema::GroupVersion& gv);

  // AddConversionFunc / AddGeneratedConversionFunc / AddIgnoredConversionType: see
  // conversion::Converter (ignored > manual > generated).
  template <typename A, typename B, typename F>
  void AddConversionFunc(F&& fn) {
    converter_.RegisterConversionFunc<A, B>(std::forward<F>(fn));
  }
  template <typename A, typename B, typename F>
  void AddGeneratedConversionFunc(F&& fn) {
    converter_.RegisterGeneratedConversionFunc<A, B>(std::forward<F>(fn));
  }
  template <typename A, typename B>
  void AddIgnoredConversionType() {
    converter_.RegisterIgnoredConversion<A, B>();
  }
  // AddGeneratedFieldConversions registers same-name field-by-field conversions A <-> B derived
  // from APIMACHINERY_FIELDS (conversion/fields.hpp), as generated functions.
  template <typename A, typename B>
  void AddGeneratedFieldConversions() {
    conversion::RegisterGeneratedFieldConversions<A, B>(converter_);
  }
  // EnableConversionChains: see conversion::Converter::EnableConversionChains.
  APIMACHINERY_DECL void EnableConversionChains(bool enable = true);

  // AddTypeDefaultingFunc registers fn(T&), called by Default() for objects of type T; a later
  // registration for the same type replaces the earlier one.
  template <typename T, typename F>
  void AddTypeDefaultingFunc(F&& fn);

  // AddFieldLabelConversionFunc registers the field-label conversion of a kind.
  APIMACHINERY_DECL void AddFieldLabelConversionFunc(const schema::GroupVersionKind& gvk,
                                                     FieldLabelConversionFunc fn);

  // SetVersionPriority sets the preferred order of versions of one group.
  // Throws: apimachinery::Error `internal versions cannot be prioritized: <gv>` /
  // `must register versions for exactly one group: <groups>`.
  APIMACHINERY_DECL void SetVersionPriority(const std::vector<schema::GroupVersion>& versions);

  // --- queries -----------------------------------------------------------------------------------

  // New returns a new zero object of the kind; falls back to unversioned kinds by kind name.
  // Throws: NotRegisteredError.
  APIMACHINERY_DECL std::unique_ptr<Object> New(const schema::GroupVersionKind& gvk) const;

  // ObjectKinds returns (all GVKs of the object's type in registration order, unversioned?).
  // Throws: NotRegisteredError for unregistered types; MissingKindError / MissingVersionError for
  // unstructured objects without kind / apiVersion.
  APIMACHINERY_DECL std::pair<std::vector<schema::GroupVersionKind>, bool> ObjectKinds(
      const Object& obj) const;

  // Recognizes: the exact GVK is registered (unversioned kinds are not consulted).
  APIMACHINERY_DECL bool Recognizes(const schema::GroupVersionKind& gvk) const;
  // IsUnversioned returns (is unversioned, is registered).
  APIMACHINERY_DECL std::pair<bool, bool> IsUnversioned(const Object& obj) const;
  // KnownTypes: kind name -> type for one exact group version.
  APIMACHINERY_DECL std::map<std::string, util::TypeId> KnownTypes(const schema::GroupVersion& gv) const;
  // AllKnownTypes: every GVK -> type.
  APIMACHINERY_DECL std::map<schema::GroupVersionKind, util::TypeId> AllKnownTypes() const;
  // VersionsForGroupKind: the group versions having that kind, in priority order.
  APIMACHINERY_DECL std::vector<schema::GroupVersion> VersionsForGroupKind(const schema::GroupKind& gk) const;
  // TypeInfoFor: the registration record of a type, or nullptr.
  APIMACHINERY_DECL const TypeInfo* TypeInfoFor(util::TypeId id) const noexcept;

  APIMACHINERY_DECL std::vector<schema::GroupVersion> PrioritizedVersionsForGroup(
      std::string_view group) const;
  APIMACHINERY_DECL std::vector<schema::GroupVersion> PrioritizedVersionsAllGroups() const;
  APIMACHINERY_DECL std::vector<schema::GroupVersion> PreferredVersionAllGroups() const;
  APIMACHINERY_DECL bool IsGroupRegistered(std::string_view group) const;
  APIMACHINERY_DECL bool IsVersionRegistered(const schema::GroupVersion& gv) const;

  // --- operations --------------------------------------------------------------------------------

  // Default runs the defaulting function registered for the object's type, if any.
  APIMACHINERY_DECL void Default(Object& obj) const;

  // ConvertFieldLabel converts a field selector label of a kind (default: metadata.name and
  // metadata.namespace only). Throws: apimachinery::Error.
  APIMACHINERY_DECL std::pair<std::string, std::string> ConvertFieldLabel(const schema::GroupVersionKind& gvk,
                                                                          std::string_view label,
                                                                          std::string_view value) const;

  // Convert converts in into out through the converter, with `context` as Meta::context. Objects
  // are dispatched on their dynamic types; other values on their static types. Types need not be
  // registered. Throws: conversion::UnknownConversionError; what the functions throw.
  template <typename A, typename B>
  void Convert(const A& in, B& out, std::any context = {}) const;

  // ConvertToVersion converts to the target; never returns the input object
  // (k8s.io/apimachinery/pkg/runtime/scheme.go: Scheme.ConvertToVersion).
  APIMACHINERY_DECL std::unique_ptr<Object> ConvertToVersion(const Object& in,
                                                             const GroupVersioner& target) const;
  // UnsafeConvertToVersion: like ConvertToVersion, but takes ownership and returns the very same
  // object (re-stamped) when no conversion is needed.
  APIMACHINERY_DECL std::unique_ptr<Object> UnsafeConvertToVersion(std::unique_ptr<Object> in,
                                                                   const GroupVersioner& target) const;

  // Converter: the scheme's converter (upstream: Converter()).
  APIMACHINERY_DECL const conversion::Converter& Converter() const noexcept;
  APIMACHINERY_DECL conversion::Converter& Converter() noexcept;

  // IsUnstructured: obj is a runtime::Unstructured or runtime::UnstructuredList.
  APIMACHINERY_DECL static bool IsUnstructured(const Object& obj) noexcept;

  // UnstructuredToTyped: the registered typed object for an Unstructured's apiVersion/kind, filled
  // from its content (upstream: unstructuredToTyped).
  // Throws: MissingKindError / MissingVersionError; NotRegisteredError; apimachinery::Error
  // `unable to convert unstructured object to <gvk>: <cause>`.
  APIMACHINERY_DECL std::unique_ptr<Object> UnstructuredToTyped(const Object& in) const;

  // TypedToUnstructured: the JSON content of a typed object, stamped with `gvk`
  // (upstream: DefaultUnstructuredConverter.ToUnstructured + SetGroupVersionKind).
  // Throws: NotRegisteredError (unknown type), apimachinery::Error (JSON not an object).
  APIMACHINERY_DECL Unstructured TypedToUnstructured(const Object& in,
                                                     const schema::GroupVersionKind& gvk) const;
  // TypedContent: the JSON object of a registered typed object (its to_json), as upstream's
  // DefaultUnstructuredConverter.ToUnstructured. Throws: NotRegisteredError; apimachinery::Error.
  APIMACHINERY_DECL nlohmann::json TypedContent(const Object& in) const;

 private:
  struct TypeEntry {
    TypeInfo info;
    std::vector<schema::GroupVersionKind> gvks;  // registration order
  };

  template <typename T>
  static TypeInfo MakeTypeInfo();
  template <typename T>
  void RegisterSelfConversion();
  APIMACHINERY_DECL void RegisterStringConversions();
  APIMACHINERY_DECL void AddObservedVersion(const schema::GroupVersion& gv);
  APIMACHINERY_DECL std::unique_ptr<Object> ConvertToVersionImpl(bool copy, const Object& in,
                                                                 std::unique_ptr<Object> owned,
                                                                 const GroupVersioner& target) const;
  APIMACHINERY_DECL static void SetTargetKind(Object& obj, const schema::GroupVersionKind& gvk);

  std::string scheme_name_;
  std::unordered_map<schema::GroupVersionKind, util::TypeId> gvk_to_type_;
  std::unordered_map<util::TypeId, TypeEntry> types_;
  std::unordered_map<util::TypeId, schema::GroupVersionKind> unversioned_types_;
  std::unordered_map<std::string, util::TypeId> unversioned_kinds_;
  std::unordered_map<schema::GroupVersionKind, FieldLabelConversionFunc> field_label_funcs_;
  std::unordered_map<util::TypeId, std::function<void(Object&)>> defaulter_funcs_;
  conversion::Converter converter_;
  std::map<std::string, std::vector<std::string>> version_priority_;
  std::vector<schema::GroupVersion> observed_versions_;
};

// Implementation details follow.

namespace internal {
APIMACHINERY_DECL std::string CallerName(const char* file, int line);
}  // namespace internal

template <typename T>
TypeInfo Scheme::MakeTypeInfo() {
  TypeInfo info;
  info.id = util::kTypeId<T>;
  info.make = +[]() -> std::unique_ptr<Object> { return std::make_unique<T>(); };
  if constexpr (JSONConvertible<T>) {  // else AddKnownTypeWithName's static_assert has fired
    info.to_json =
        +[](const Object& o, nlohmann::json& j) { nlohmann::to_json(j, static_cast<const T&>(o)); };
    if constexpr (internal::adl::HasStrictFromJSON<T>) {
      info.from_json = +[](const nlohmann::json& j, Object& o, StrictFieldErrors* strict) {
        using internal::adl::from_json;
        from_json(j, static_cast<T&>(o), strict);
      };
    } else {
      info.from_json = +[](const nlohmann::json& j, Object& o, StrictFieldErrors*) {
        nlohmann::from_json(j, static_cast<T&>(o));
      };
    }
  }
  if constexpr (internal::adl::HasObjectAppendJSON<T>) {
    info.append_json = +[](const Object& o, std::string& out, const metav1::TypeMeta* type_meta) {
      AppendJSON(out, static_cast<const T&>(o), type_meta);
    };
  }
  if constexpr (conversion::HasFields<T> || std::equality_comparable<T>) {
    info.diff = +[](const Object& a, const Object& b) {
      return conversion::FirstDifference(static_cast<const T&>(a), static_cast<const T&>(b), std::string(),
                                         [](const auto& field) { return internal::FieldWireKey(field); });
    };
  }
  info.assign = +[](Object& to, Object&& from) { static_cast<T&>(to) = std::move(static_cast<T&>(from)); };
  if constexpr (conversion::HasFields<T>) {
    info.unstructured_mismatch = +[](const nlohmann::json& u) { return FromUnstructuredMismatch<T>(u); };
  }
  return info;
}

template <typename T>
void Scheme::RegisterSelfConversion() {
  converter_.RegisterGeneratedConversionFunc<T, T>([](const T& in, T& out, conversion::Scope&) {
    out = in;
    out.SetGroupVersionKind({});
  });
}

template <typename... Ts>
void Scheme::AddKnownTypes(const schema::GroupVersion& gv) {
  AddObservedVersion(gv);
  (AddKnownTypeWithName<Ts>(gv.WithKind(KindNameOf<Ts>())), ...);
}

template <typename T>
void Scheme::AddKnownTypeWithName(const schema::GroupVersionKind& gvk) {
  static_assert(KnownObject<T>,
                "All types must be runtime::Object value types (derive from "
                "runtime::ObjectBase<T>, default-constructible and copyable)");
  static_assert(JSONConvertible<T>,
                "runtime::Scheme: a registered type needs JSON: to_json(nlohmann::json&, const T&) and "
                "from_json(const nlohmann::json&, T&) found by ADL (APIMACHINERY_FIELDS + "
                "APIMACHINERY_JSON_FIELDS in the type's namespace, or hand-written); T is named in the "
                "instantiation context, the missing function in the notes");
  AddObservedVersion(gvk.GroupVersion());
  const util::TypeId id = util::kTypeId<T>;
  if (gvk.version.empty()) {
    throw SchemeRegistrationError(
        fmt::format("version is required on all types: {} {}", gvk.String(), id.name()));
  }
  if (auto it = gvk_to_type_.find(gvk); it != gvk_to_type_.end() && !(it->second == id)) {
    throw SchemeRegistrationError(
        fmt::format("Double registration of different types for {}: old={}, new={} in scheme {}",
                    gvk.String(), it->second.name(), id.name(), util::Quote(scheme_name_)));
  }
  gvk_to_type_[gvk] = id;
  auto [it, inserted] = types_.try_emplace(id);
  if (inserted) it->second.info = MakeTypeInfo<T>();
  for (const auto& existing : it->second.gvks) {
    if (existing == gvk) return;
  }
  it->second.gvks.push_back(gvk);
  RegisterSelfConversion<T>();
}

template <typename... Ts>
void Scheme::AddUnversionedTypes(const schema::GroupVersion& gv) {
  AddObservedVersion(gv);
  AddKnownTypes<Ts...>(gv);
  (
      [&] {
        const util::TypeId id = util::kTypeId<Ts>;
        schema::GroupVersionKind gvk = gv.WithKind(KindNameOf<Ts>());
        unversioned_types_[id] = gvk;
        if (auto old = unversioned_kinds_.find(gvk.kind);
            old != unversioned_kinds_.end() && !(old->second == id)) {
          throw SchemeRegistrationError(
              fmt::format("{} has already been registered as unversioned kind {} - kind name must be unique "
                          "in scheme {}",
                          old->second.name(), util::Quote(gvk.String()), util::Quote(scheme_name_)));
        }
        unversioned_kinds_[gvk.kind] = id;
      }(),
      ...);
}

template <typename T, typename F>
void Scheme::AddTypeDefaultingFunc(F&& fn) {
  static_assert(std::is_invocable_v<F&, T&>, "a defaulting function must be callable as f(T&)");
  defaulter_funcs_[util::kTypeId<T>] = [f = std::forward<F>(fn)](Object& o) mutable {
    f(static_cast<T&>(o));
  };
}

}  // namespace apimachinery::runtime

// The Unstructured bridge (Scheme::Convert, UnstructuredToTyped, TypedToUnstructured).
#include "apimachinery/runtime/scheme_unstructured.hpp"  // IWYU pragma: export

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/scheme.ipp"
#endif
