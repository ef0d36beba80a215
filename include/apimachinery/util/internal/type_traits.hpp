// util::internal type traits: which standard container a type is. Shared internals (every package
// may use util/internal/; users must not): the field-list conversions (conversion/fields.hpp) and
// the field-list JSON codec (runtime/fields_json.hpp) both dispatch on them.
//
//   util::internal::IsVector<std::vector<int>>::value                      // true
//   util::internal::IsSameKeyMaps<std::map<K, A>, std::map<K, B>>::value   // true
//
// Thread-safety: compile-time only.
#pragma once

#include <map>
#include <optional>
#include <type_traits>
#include <vector>

namespace apimachinery::util::internal {

// IsVector<T>: T is a std::vector.
template <typename T>
struct IsVector : std::false_type {};
template <typename T, typename A>
struct IsVector<std::vector<T, A>> : std::true_type {};

// IsMap<T>: T is a std::map.
template <typename T>
struct IsMap : std::false_type {};
template <typename K, typename V, typename C, typename A>
struct IsMap<std::map<K, V, C, A>> : std::true_type {};

// IsSameKeyMaps<S, D>: S and D are std::maps with the same key type.
template <typename S, typename D>
struct IsSameKeyMaps : std::false_type {};
template <typename K, typename V1, typename C1, typename A1, typename V2, typename C2, typename A2>
struct IsSameKeyMaps<std::map<K, V1, C1, A1>, std::map<K, V2, C2, A2>> : std::true_type {};

// IsOptional<T>: T is a std::optional.
template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

}  // namespace apimachinery::util::internal
