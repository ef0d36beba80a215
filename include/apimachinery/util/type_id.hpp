// TypeId: a cheap identity for a C++ type, usable as a hash-map key.
//
// libstdc++ hashes std::type_index by its mangled name (tens of nanoseconds per lookup). TypeId is
// the address of a static variable in a class template: one per type, comparable and hashable in
// a few instructions, available at compile time. It also carries a readable type name (taken from
// the compiler's function signature, e.g. "apimachinery::metav1::ObjectMeta") for error messages
// such as the Converter's `converting (A) to (B): unknown conversion`.
//
// Example:
//   struct Widget {};
//   constexpr auto id = util::TypeIdOf<Widget>();
//   id.name();                      // the qualified name ("examples::Widget" for examples::Widget)
//   util::kTypeId<Widget> == id;    // the same, as a constant
//   util::TypeIdOf<const int&>();   // "int": cv-qualifiers and references are stripped
//
// cv-qualifiers and references are stripped: TypeIdOf<const T&>() == TypeIdOf<T>().
// Printing: `os << id` and fmt::format("{}", id) print name() (APIMACHINERY_STRINGER, util/format).
// Thread-safety: immutable values.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <type_traits>

#include "apimachinery/util/format.hpp"

namespace apimachinery::util {

class TypeId;

template <typename T>
constexpr TypeId TypeIdOf() noexcept;

class TypeId {
 public:
  // A null TypeId (names no type).
  constexpr TypeId() noexcept = default;

  constexpr std::string_view name() const noexcept { return name_; }
  // The readable name, as name(): what operator<< and fmt::format("{}") print.
  constexpr std::string_view String() const noexcept { return name_; }
  constexpr bool IsNull() const noexcept { return tag_ == nullptr; }
  constexpr const void* tag() const noexcept { return tag_; }

  friend constexpr bool operator==(TypeId a, TypeId b) noexcept { return a.tag_ == b.tag_; }

 private:
  template <typename T>
  friend constexpr TypeId TypeIdOf() noexcept;
  constexpr TypeId(const void* tag, std::string_view name) noexcept : tag_(tag), name_(name) {}

  const void* tag_ = nullptr;
  std::string_view name_;
};

// Implementation details follow.
namespace internal {
template <typename T>
struct TypeTag {
  static constexpr char kTag = 0;
};

// The readable name of T, cut out of __PRETTY_FUNCTION__ (g++ and clang++ agree on the shape
// "... [with T = NAME; ...]" / "... [T = NAME]").
template <typename T>
constexpr std::string_view PrettyTypeName() noexcept {
  std::string_view f = __PRETTY_FUNCTION__;
  constexpr std::string_view kKey = "T = ";
  auto start = f.find(kKey);
  if (start == std::string_view::npos) return "unknown";
  start += kKey.size();
  auto end = f.find_first_of(";]", start);
  if (end == std::string_view::npos) end = f.size();
  return f.substr(start, end - start);
}
// The name is computed once, at compile time: calling TypeIdOf<T>() at run time costs a load.
template <typename T>
inline constexpr std::string_view kTypeName = PrettyTypeName<T>();
}  // namespace internal

template <typename T>
constexpr TypeId TypeIdOf() noexcept {
  using U = std::remove_cvref_t<T>;
  return TypeId(&internal::TypeTag<U>::kTag, internal::kTypeName<U>);
}

// kTypeId<T>: TypeIdOf<T>() as a constant. Calling TypeIdOf at run time copies the name view; the
// variable template is evaluated once, at compile time (the Converter's and Scheme's map keys).
template <typename T>
inline constexpr TypeId kTypeId = TypeIdOf<T>();

}  // namespace apimachinery::util

template <>
struct std::hash<apimachinery::util::TypeId> {
  std::size_t operator()(apimachinery::util::TypeId id) const noexcept {
    // Pointers are aligned; mix the high bits down so low buckets are used evenly.
    auto v = reinterpret_cast<std::size_t>(id.tag());
    return v ^ (v >> 17);
  }
};

APIMACHINERY_STRINGER(apimachinery::util, TypeId);
