// util/format: the one opt-in way to print a type with both fmt and iostreams.
//
//   namespace apimachinery::schema { struct GroupVersion { std::string String() const; ... }; }
//   APIMACHINERY_STRINGER(apimachinery::schema, GroupVersion);   // at global scope, after the type
//
// Example:
//   schema::GroupVersion gv{"apps", "v1"};   // schema/group_version.hpp declares it so
//   fmt::format("{:>12}", gv);  // "     apps/v1": String(), padded as a string would be
//   std::ostringstream out;
//   out << gv;                  // "apps/v1": String()
//
// APIMACHINERY_STRINGER(NS, T) declares `operator<<(std::ostream&, const T&)` in namespace NS (so
// argument-dependent lookup finds it: ADL does not look into enclosing namespaces) and specialises
// `fmt::formatter<NS::T>` (fmt 9.1: inheriting formatter<std::string_view>, no format_as). The
// text is util::StringOf(v): `v.String()` when T has a String() member, else `String(v)` found by
// ADL (the spelling of enum-to-string: an enum with a name table provides
// `constexpr std::string_view String(E)` in its namespace). No base class is involved, so
// aggregates keep their aggregate initialisation.
//
// Throws: whatever String() throws, and std::bad_alloc. Cost: one String() call per print.
// Thread-safety: as String().
// Differences from upstream: Go's fmt uses a String() method (fmt.Stringer) the same way.
#pragma once

#include <ostream>
#include <string_view>

#include <fmt/format.h>

namespace apimachinery::util {

// StringOf returns v.String() or, for types without that member, String(v) found by ADL.
template <typename T>
decltype(auto) StringOf(const T& v) {
  if constexpr (requires { v.String(); }) {
    return v.String();
  } else {
    return String(v);
  }
}

// StringerFormatter is the fmt::formatter body APIMACHINERY_STRINGER installs.
template <typename T>
struct StringerFormatter : fmt::formatter<std::string_view> {
  template <typename FormatContext>
  auto format(const T& v, FormatContext& ctx) const {
    const auto& text = StringOf(v);
    return fmt::formatter<std::string_view>::format(std::string_view(text), ctx);
  }
};

}  // namespace apimachinery::util

// APIMACHINERY_STRINGER(NS, T): operator<< in NS and fmt::formatter<NS::T>, both printing
// util::StringOf(v). Use at global scope; NS is the fully qualified namespace of T.
#define APIMACHINERY_STRINGER(NS, T)                              \
  namespace NS {                                                  \
  inline std::ostream& operator<<(std::ostream& os, const T& v) { \
    return os << ::apimachinery::util::StringOf(v);               \
  }                                                               \
  }                                                               \
  template <>                                                     \
  struct fmt::formatter<NS::T> : ::apimachinery::util::StringerFormatter<NS::T> {}
