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
  void (*from_json)(const nlohmann::json&, Object&) = nullptr;
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
  explicit Scheme(std::string name = "", const char* file = __builtin_FILE(), int line = __builtin_LINE());

  // Name: the scheme's name (upstream: Name()).
  const std::string& Name() const noexcept { return scheme_name_; }

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
  void EnableConversionChains(bool enable = true) { converter_.EnableConversionChains(enable); }

  // AddTypeDefaultingFunc registers fn(T&), called by Default() for objects of type T; a later
  // registration for the same type replaces the earlier one.
  template <typename T, typename F>
  void AddTypeDefaultingFunc(F&& fn);

  // AddFieldLabelConversionFunc registers the field-label conversion of a kind.
  void AddFieldLabelConversionFunc(const schema::GroupVersionKind& gvk, FieldLabelConversionFunc fn) {
    field_label_funcs_[gvk] = std::move(fn);
  }

  // SetVersionPriority sets the preferred order of versions of one group.
  // Throws: apimachinery::Error `internal versions cannot be prioritized: <gv>` /
  // `must register versions for exactly one group: <groups>`.
  void SetVersionPriority(const std::vector<schema::GroupVersion>& versions);

  // --- queries -----------------------------------------------------------------------------------

  // New returns a new zero object of the kind; falls back to unversioned kinds by kind name.
  // Throws: NotRegisteredError.
  std::unique_ptr<Object> New(const schema::GroupVersionKind& gvk) const;

  // ObjectKinds returns (all GVKs of the object's type in registration order, unversioned?).
  // Throws: NotRegisteredError for unregistered types; MissingKindError / MissingVersionError for
  // unstructured objects without kind / apiVersion.
  std::pair<std::vector<schema::GroupVersionKind>, bool> ObjectKinds(const Object& obj) const;

  // Recognizes: the exact GVK is registered (unversioned kinds are not consulted).
  bool Recognizes(const schema::GroupVersionKind& gvk) const { return gvk_to_type_.count(gvk) > 0; }
  // IsUnversioned returns (is unversioned, is registered).
  std::pair<bool, bool> IsUnversioned(const Object& obj) const;
  // KnownTypes: kind name -> type for one exact group version.
  std::map<std::string, util::TypeId> KnownTypes(const schema::GroupVersion& gv) const;
  // AllKnownTypes: every GVK -> type.
  std::map<schema::GroupVersionKind, util::TypeId> AllKnownTypes() const;
  // VersionsForGroupKind: the group versions having that kind, in priority order.
  std::vector<schema::GroupVersion> VersionsForGroupKind(const schema::GroupKind& gk) const;
  // TypeInfoFor: the registration record of a type, or nullptr.
  const TypeInfo* TypeInfoFor(util::TypeId id) const noexcept {
    auto it = types_.find(id);
    return it == types_.end() ? nullptr : &it->second.info;
  }

  std::vector<schema::GroupVersion> PrioritizedVersionsForGroup(std::string_view group) const;
  std::vector<schema::GroupVersion> PrioritizedVersionsAllGroups() const;
  std::vector<schema::GroupVersion> PreferredVersionAllGroups() const;
  bool IsGroupRegistered(std::string_view group) const;
  bool IsVersionRegistered(const schema::GroupVersion& gv) const;

  // --- operations --------------------------------------------------------------------------------

  // Default runs the defaulting function registered for the object's type, if any.
  void Default(Object& obj) const;

  // ConvertFieldLabel converts a field selector label of a kind (default: metadata.name and
  // metadata.namespace only). Throws: apimachinery::Error.
  std::pair<std::string, std::string> ConvertFieldLabel(const schema::GroupVersionKind& gvk,
                                                        std::string_view label, std::string_view value) const;

  // Convert converts in into out through the converter, with `context` as Meta::context. Objects
  // are dispatched on their dynamic types; other values on their static types. Types need not be
  // registered. Throws: conversion::UnknownConversionError; what the functions throw.
  template <typename A, typename B>
  void Convert(const A& in, B& out, std::any context = {}) const;

  // ConvertToVersion converts to the target; never returns the input object
  // (k8s.io/apimachinery/pkg/runtime/scheme.go: Scheme.ConvertToVersion).
  std::unique_ptr<Object> ConvertToVersion(const Object& in, const GroupVersioner& target) const;
  // UnsafeConvertToVersion: like ConvertToVersion, but takes ownership and returns the very same
  // object (re-stamped) when no conversion is needed.
  std::unique_ptr<Object> UnsafeConvertToVersion(std::unique_ptr<Object> in,
                                                 const GroupVersioner& target) const;

  // Converter: the scheme's converter (upstream: Converter()).
  const conversion::Converter& Converter() const noexcept { return converter_; }
  conversion::Converter& Converter() noexcept { return converter_; }

  // IsUnstructured: obj is a runtime::Unstructured or runtime::UnstructuredList.
  static bool IsUnstructured(const Object& obj) noexcept {
    const util::TypeId id = obj.GetTypeId();
    return id == util::kTypeId<Unstructured> || id == util::kTypeId<UnstructuredList>;
  }

  // UnstructuredToTyped: the registered typed object for an Unstructured's apiVersion/kind, filled
  // from its content (upstream: unstructuredToTyped).
  // Throws: MissingKindError / MissingVersionError; NotRegisteredError; apimachinery::Error
  // `unable to convert unstructured object to <gvk>: <cause>`.
  std::unique_ptr<Object> UnstructuredToTyped(const Object& in) const;

  // TypedToUnstructured: the JSON content of a typed object, stamped with `gvk`
  // (upstream: DefaultUnstructuredConverter.ToUnstructured + SetGroupVersionKind).
  // Throws: NotRegisteredError (unknown type), apimachinery::Error (JSON not an object).
  Unstructured TypedToUnstructured(const Object& in, const schema::GroupVersionKind& gvk) const;
  // TypedContent: the JSON object of a registered typed object (its to_json), as upstream's
  // DefaultUnstructuredConverter.ToUnstructured. Throws: NotRegisteredError; apimachinery::Error.
  nlohmann::json TypedContent(const Object& in) const;

 private:
  struct TypeEntry {
    TypeInfo info;
    std::vector<schema::GroupVersionKind> gvks;  // registration order
  };

  template <typename T>
  static TypeInfo MakeTypeInfo();
  template <typename T>
  void RegisterSelfConversion();
  void RegisterStringConversions();
  void AddObservedVersion(const schema::GroupVersion& gv);
  std::unique_ptr<Object> ConvertToVersionImpl(bool copy, const Object& in, std::unique_ptr<Object> owned,
                                               const GroupVersioner& target) const;
  static void SetTargetKind(Object& obj, const schema::GroupVersionKind& gvk);

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
inline std::string CallerName(const char* file, int line) {
  std::string_view f = file ? file : "";
  // Keep the last two path components (Go prints a package-relative path).
  auto last = f.rfind('/');
  if (last != std::string_view::npos && last > 0) {
    auto prev = f.rfind('/', last - 1);
    if (prev != std::string_view::npos) f = f.substr(prev + 1);
  }
  return fmt::format("{}:{}", f, line);
}
}  // namespace internal

inline std::pair<std::string, std::string> DefaultMetaV1FieldSelectorConversion(std::string_view label,
                                                                                std::string_view value) {
  if (label == "metadata.name" || label == "metadata.namespace") {
    return {std::string(label), std::string(value)};
  }
  throw Error(fmt::format("{} is not a known field selector: only {}, {}", util::Quote(label),
                          util::Quote("metadata.name"), util::Quote("metadata.namespace")));
}

inline const GroupVersioner* TargetVersioner(const conversion::Scope& scope) noexcept {
  const conversion::Meta* m = scope.Meta();
  if (m == nullptr) return nullptr;
  if (const auto* p = std::any_cast<const GroupVersioner*>(&m->context)) return *p;
  return nullptr;
}

inline Scheme::Scheme(std::string name, const char* file, int line)
    : scheme_name_(name.empty() ? internal::CallerName(file, line) : std::move(name)) {
  RegisterStringConversions();
}

inline void Scheme::RegisterStringConversions() {
  using Strings = std::vector<std::string>;
  converter_.RegisterConversionFunc<Strings, std::string>(
      [](const Strings& in, std::string& out, conversion::Scope&) {
        out = in.empty() ? std::string() : in[0];
      });
  converter_.RegisterConversionFunc<Strings, int>([](const Strings& in, int& out, conversion::Scope&) {
    out = in.empty() ? 0 : static_cast<int>(util::ParseInt(in[0], 32, "Atoi"));
  });
  converter_.RegisterConversionFunc<Strings, bool>([](const Strings& in, bool& out, conversion::Scope&) {
    if (in.empty()) {
      out = false;
      return;
    }
    // strings.EqualFold(v, "false"): ASCII case folding, and U+017F (long s) folds to 's'.
    std::string folded = util::ToLowerASCII(in[0]);
    if (auto pos = folded.find("\xC5\xBF"); pos != std::string::npos) folded.replace(pos, 2, "s");
    out = !(in[0] == "0" || folded == "false");
  });
  converter_.RegisterConversionFunc<Strings, std::int64_t>(
      [](const Strings& in, std::int64_t& out, conversion::Scope&) {
        out = in.empty() ? 0 : util::ParseInt(in[0], 64);
      });
}

template <typename T>
TypeInfo Scheme::MakeTypeInfo() {
  TypeInfo info;
  info.id = util::kTypeId<T>;
  info.make = +[]() -> std::unique_ptr<Object> { return std::make_unique<T>(); };
  if constexpr (JSONConvertible<T>) {  // else AddKnownTypeWithName's static_assert has fired
    info.to_json =
        +[](const Object& o, nlohmann::json& j) { nlohmann::to_json(j, static_cast<const T&>(o)); };
    info.from_json = +[](const nlohmann::json& j, Object& o) { nlohmann::from_json(j, static_cast<T&>(o)); };
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

inline void Scheme::AddObservedVersion(const schema::GroupVersion& gv) {
  if (gv.version.empty() || gv.version == schema::kAPIVersionInternal) return;
  for (const auto& o : observed_versions_) {
    if (o == gv) return;
  }
  observed_versions_.push_back(gv);
}

inline void Scheme::SetVersionPriority(const std::vector<schema::GroupVersion>& versions) {
  std::set<std::string> groups;
  std::vector<std::string> order;
  for (const auto& v : versions) {
    if (v.version.empty() || v.version == schema::kAPIVersionInternal) {
      throw Error(fmt::format("internal versions cannot be prioritized: {}", v.String()));
    }
    groups.insert(v.group);
    order.push_back(v.version);
  }
  if (groups.size() != 1) {
    std::string list;
    for (const auto& g : groups) {
      if (!list.empty()) list += ", ";
      list += g;
    }
    throw Error(fmt::format("must register versions for exactly one group: {}", list));
  }
  version_priority_[*groups.begin()] = std::move(order);
}

inline std::unique_ptr<Object> Scheme::New(const schema::GroupVersionKind& gvk) const {
  if (auto it = gvk_to_type_.find(gvk); it != gvk_to_type_.end()) {
    return types_.at(it->second).info.make();
  }
  if (auto it = unversioned_kinds_.find(gvk.kind); it != unversioned_kinds_.end()) {
    return types_.at(it->second).info.make();
  }
  throw NotRegisteredError::ForKind(scheme_name_, gvk);
}

inline std::pair<std::vector<schema::GroupVersionKind>, bool> Scheme::ObjectKinds(const Object& obj) const {
  if (IsUnstructured(obj)) {
    schema::GroupVersionKind gvk = obj.GetObjectKind();
    if (gvk.kind.empty()) throw MissingKindError("unstructured object has no kind");
    if (gvk.version.empty()) throw MissingVersionError("unstructured object has no version");
    return {{gvk}, false};
  }
  const util::TypeId id = obj.GetTypeId();
  auto it = types_.find(id);
  if (it == types_.end()) throw NotRegisteredError::ForType(scheme_name_, id.name());
  return {it->second.gvks, unversioned_types_.count(id) > 0};
}

inline std::pair<bool, bool> Scheme::IsUnversioned(const Object& obj) const {
  const util::TypeId id = obj.GetTypeId();
  if (!types_.count(id)) return {false, false};
  return {unversioned_types_.count(id) > 0, true};
}

inline std::map<std::string, util::TypeId> Scheme::KnownTypes(const schema::GroupVersion& gv) const {
  std::map<std::string, util::TypeId> out;
  for (const auto& [gvk, id] : gvk_to_type_) {
    if (gvk.group == gv.group && gvk.version == gv.version) out[gvk.kind] = id;
  }
  return out;
}

inline std::map<schema::GroupVersionKind, util::TypeId> Scheme::AllKnownTypes() const {
  return {gvk_to_type_.begin(), gvk_to_type_.end()};
}

inline std::vector<schema::GroupVersion> Scheme::VersionsForGroupKind(const schema::GroupKind& gk) const {
  std::vector<schema::GroupVersion> available;
  for (const auto& [gvk, id] : gvk_to_type_) {
    if (gvk.group == gk.group && gvk.kind == gk.kind) available.push_back(gvk.GroupVersion());
  }
  std::vector<schema::GroupVersion> ret;
  for (const auto& version : PrioritizedVersionsForGroup(gk.group)) {
    for (const auto& a : available) {
      if (a == version) ret.push_back(a);
    }
  }
  return ret;
}

inline std::vector<schema::GroupVersion> Scheme::PrioritizedVersionsForGroup(std::string_view group) const {
  std::vector<schema::GroupVersion> ret;
  if (auto it = version_priority_.find(std::string(group)); it != version_priority_.end()) {
    for (const auto& v : it->second) ret.push_back({std::string(group), v});
  }
  for (const auto& observed : observed_versions_) {
    if (observed.group != group) continue;
    bool found = false;
    for (const auto& e : ret) found = found || e == observed;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

inline std::vector<schema::GroupVersion> Scheme::PrioritizedVersionsAllGroups() const {
  std::vector<schema::GroupVersion> ret;
  for (const auto& [group, versions] : version_priority_) {
    for (const auto& v : versions) ret.push_back({group, v});
  }
  for (const auto& observed : observed_versions_) {
    bool found = false;
    for (const auto& e : ret) found = found || e == observed;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

inline std::vector<schema::GroupVersion> Scheme::PreferredVersionAllGroups() const {
  std::vector<schema::GroupVersion> ret;
  for (const auto& [group, versions] : version_priority_) {
    if (!versions.empty()) ret.push_back({group, versions.front()});
  }
  for (const auto& observed : observed_versions_) {
    bool found = false;
    for (const auto& e : ret) found = found || e.group == observed.group;
    if (!found) ret.push_back(observed);
  }
  return ret;
}

inline bool Scheme::IsGroupRegistered(std::string_view group) const {
  for (const auto& o : observed_versions_) {
    if (o.group == group) return true;
  }
  return false;
}

inline bool Scheme::IsVersionRegistered(const schema::GroupVersion& gv) const {
  for (const auto& o : observed_versions_) {
    if (o == gv) return true;
  }
  return false;
}

inline void Scheme::Default(Object& obj) const {
  if (auto it = defaulter_funcs_.find(obj.GetTypeId()); it != defaulter_funcs_.end()) {
    it->second(obj);
  }
}

inline std::pair<std::string, std::string> Scheme::ConvertFieldLabel(const schema::GroupVersionKind& gvk,
                                                                     std::string_view label,
                                                                     std::string_view value) const {
  if (auto it = field_label_funcs_.find(gvk); it != field_label_funcs_.end()) {
    return it->second(label, value);
  }
  return DefaultMetaV1FieldSelectorConversion(label, value);
}

inline void Scheme::SetTargetKind(Object& obj, const schema::GroupVersionKind& gvk) {
  if (gvk.version == schema::kAPIVersionInternal) {
    obj.SetGroupVersionKind({});
    return;
  }
  obj.SetGroupVersionKind(gvk);
}

inline std::unique_ptr<Object> Scheme::ConvertToVersion(const Object& in,
                                                        const GroupVersioner& target) const {
  return ConvertToVersionImpl(true, in, nullptr, target);
}

inline std::unique_ptr<Object> Scheme::UnsafeConvertToVersion(std::unique_ptr<Object> in,
                                                              const GroupVersioner& target) const {
  if (!in) throw Error("only pointer types may be converted: <nil>");
  const Object& ref = *in;
  return ConvertToVersionImpl(false, ref, std::move(in), target);
}

inline std::unique_ptr<Object> Scheme::ConvertToVersionImpl(bool copy, const Object& in_ref,
                                                            std::unique_ptr<Object> owned,
                                                            const GroupVersioner& target) const {
  const Object* in = &in_ref;
  std::unique_ptr<Object> typed;
  if (IsUnstructured(*in)) {
    typed = UnstructuredToTyped(*in);
    in = typed.get();
    owned.reset();
    copy = false;  // the typed object is ours already
  }
  const util::TypeId id = in->GetTypeId();
  auto it = types_.find(id);
  if (it == types_.end() || it->second.gvks.empty()) {
    throw NotRegisteredError::ForType(scheme_name_, id.name());
  }
  const std::vector<schema::GroupVersionKind>& kinds = it->second.gvks;

  // copyAndSetTargetKind: the safe variant copies, the unsafe one re-stamps the same object.
  auto copy_and_set = [&](const schema::GroupVersionKind& gvk) -> std::unique_ptr<Object> {
    std::unique_ptr<Object> out;
    if (typed) {
      out = std::move(typed);
    } else if (copy || !owned) {
      out = in->DeepCopyObject();
    } else {
      out = std::move(owned);
    }
    SetTargetKind(*out, gvk);
    return out;
  };
  auto unversioned_answer = [&](const schema::GroupVersionKind& unversioned_kind) {
    if (auto g = target.KindForGroupVersionKinds({unversioned_kind})) return copy_and_set(*g);
    return copy_and_set(unversioned_kind);
  };

  std::optional<schema::GroupVersionKind> gvk = target.KindForGroupVersionKinds(kinds);
  if (!gvk) {
    if (auto u = unversioned_types_.find(id); u != unversioned_types_.end()) {
      return unversioned_answer(u->second);
    }
    throw NotRegisteredError::ForTarget(scheme_name_, id.name(), target.Identifier());
  }
  for (const auto& kind : kinds) {
    if (kind == *gvk) return copy_and_set(*gvk);
  }
  if (auto u = unversioned_types_.find(id); u != unversioned_types_.end()) {
    return unversioned_answer(u->second);
  }
  std::unique_ptr<Object> out = New(*gvk);
  const GroupVersioner* target_ptr = &target;
  conversion::Meta meta{std::any(target_ptr)};
  converter_.Convert(dynamic_cast<const void*>(in), id, dynamic_cast<void*>(out.get()), out->GetTypeId(),
                     &meta);
  SetTargetKind(*out, *gvk);
  return out;
}

}  // namespace apimachinery::runtime

// The Unstructured bridge (Scheme::Convert, UnstructuredToTyped, TypedToUnstructured).
#include "apimachinery/runtime/scheme_unstructured.hpp"  // IWYU pragma: export
