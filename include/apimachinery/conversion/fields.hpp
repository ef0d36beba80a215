// Field lists: declare a struct's fields once, get conversion-gen's same-name field-by-field
// conversions (as *generated* functions), a field-by-field diff, and (runtime/fields_json.hpp) the
// JSON wire form.
//
// Example (namespace scope):
//   struct WidgetSpec { int replicas = 0; std::string image; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, image)     // at namespace scope, after the struct
//
// With a field list on both versions of a type (here v1 and the hub, whose spec has a color too):
//
// Example (namespace scope):
//   namespace v1 {
//   struct WidgetSpec { int replicas = 0; std::string image; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, image)
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   }  // namespace v1
//   namespace hub {
//   struct WidgetSpec { int replicas = 0; std::string image; std::string color; };
//   APIMACHINERY_FIELDS(WidgetSpec, replicas, image, color)
//   struct Widget : runtime::ObjectBase<Widget> {
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_IGNORED_FIELDS(hub::WidgetSpec, v1::WidgetSpec, color)   // see below
//   }  // namespace hub
// Example:
//   conversion::Converter converter;
//   runtime::Scheme scheme;
//   v1::WidgetSpec v1_spec{3, "nginx"};
//   hub::WidgetSpec hub_spec;
//   conversion::Scope scope(converter, nullptr);
//   conversion::AutoConvert(v1_spec, hub_spec, scope);  // in a manual function, then fix renames
//   conversion::RegisterGeneratedFieldConversions<v1::Widget, hub::Widget>(converter);
//   scheme.AddGeneratedFieldConversions<v1::Widget, hub::Widget>();   // both directions
//   v1::Widget a, b;
//   b.spec.replicas = 2;
//   conversion::FirstDifference(a, b);                  // "spec.replicas", or nullopt
//
// Each entry is a member, bare or with Go's struct tag (the text inside `json:"..."`):
//
// Example (namespace scope):
//   struct ServicePort { std::int32_t port = 0; };
//   APIMACHINERY_FIELDS(ServicePort, port)
//   struct Common { std::string type; };
//   APIMACHINERY_FIELDS(Common, type)
//   struct ServiceSpec { std::string cluster_ip; std::vector<ServicePort> ports; std::int32_t n = 0;
//                        Common common; std::string cache; std::int64_t big = 0; };
//   APIMACHINERY_FIELDS(ServiceSpec,
//                       (cluster_ip, "clusterIP,omitempty"),  // the wire key, omitempty
//                       ports,                                // bare: key "ports", omitempty
//                       (n, "n"),                             // no omitempty: 0 is written
//                       (common, ",inline"),                  // Common's fields at this level
//                       (cache, "-"),                         // not part of the JSON
//                       (big, "big,string"))                  // written as "123"
//   struct Service { metav1::ObjectMeta metadata; ServiceSpec spec; };
//   APIMACHINERY_FIELDS(Service, metadata, spec)
//
// - A bare member's key is its name in camelCase (`container_port` -> `containerPort`, a trailing
//   `_` dropped: `namespace_` -> `namespace`), and it is omitempty: what existing lists meant.
//   Acronyms need a tag: `cluster_ip` would be `clusterIp`; Go's key is `clusterIP`.
// - A tag means exactly what it means in Go: the name before the first comma is the key (empty:
//   the derived key), options `omitempty`, `string` (numbers and bools), `inline` (Kubernetes'
//   spelling of an embedded struct; the member's type needs a field list); `-` alone leaves the
//   member out. An unknown option, or a key of 96 characters or more, fails to compile (a
//   static_assert at the macro names ThrowBadTag_UnknownOptionOrKeyTooLong).
// - kFields<T> is a std::tuple of Field<T, M> (`.name` the C++ member name, `.ptr` the member
//   pointer, `.key()` the wire key, `.tag` the parsed options, `.tagged`); it is constexpr.
//
// What AutoConvert does (Go's conversion-gen autoConvert_* functions), for every field of the
// destination whose name also exists in the source (matched at compile time):
// - same type: assignment (a deep copy);
// - two types with field lists: the converter's function for the pair when one is registered (a
//   manual function wins, as conversion-gen calls Convert_X_To_Y), else AutoConvert recursively;
// - std::vector / std::map (same key) / std::optional of such: element by element;
// - anything else: Scope::Convert (the converter; `unknown conversion` when nothing is registered).
// Fields only in the source are dropped; fields only in the destination keep their value (the
// destination is usually freshly constructed). Do not list `type_meta`: the Scheme stamps it.
//
// RegisterGeneratedFieldConversions (and Scheme::AddGeneratedFieldConversions) refuse, at compile
// time, a pair that would drop data, as conversion-gen refuses to generate the public Convert_X_To_Y
// of a pair whose source has a field without a peer ("requires manual conversion"): every field of
// the source, in the pair and in every nested pair of field-list types it reaches (through
// vectors, maps and optionals), must have a same-name field in the destination. The error is a
// static_assert in GeneratedConversionUnmatchedField<From, To, &From::field>, whose template
// arguments name the field. Either write a manual function for the pair (it may call AutoConvert,
// which does not check, and fix up the rest), or declare fields dropped on purpose, in From's
// namespace after both field lists:
//
//   APIMACHINERY_IGNORED_FIELDS(hub::WidgetSpec, v1::WidgetSpec, color)   // v1 has no color
//
// (conversion-gen: `+k8s:conversion-gen=false` on the member, or a manual function). An ignored
// name that is not a field of From is a compile-time error too.
//
// The macro defines `ApimachineryFields(const Type*)` in the enclosing namespace, found by ADL, so
// it must be used in Type's own namespace (a static_assert at the macro says so otherwise); up to
// 64 fields. Throws: whatever the nested conversions throw.
// Thread-safety: stateless functions.
// Differences from upstream: Go generates code with a tool; here templates derive it. Different
// scalar types (int32 -> int64) are not converted implicitly, as conversion-gen: register a
// function for the pair or write a manual conversion. Go reads tags by reflection; here the tag is
// parsed at compile time. Field names match by C++ member name (`.name`), not by wire key.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/config.hpp"
#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/util/internal/type_traits.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::conversion {

// FieldTag: the parsed Go struct tag of one field (the part after `json:`).
struct FieldTag {
  bool omitempty = false;  // `,omitempty`: an empty value is left out when writing
  bool inline_ = false;    // `,inline`: the member's own fields are read and written at this level
  bool string = false;     // `,string`: the number or bool is written as a JSON string
  bool skip = false;       // `-`: not part of the JSON
};

namespace internal {
inline constexpr std::size_t kMaxFieldKey = 96;

// CamelCaseKey: the derived wire key of a member (`container_port` -> `containerPort`, a trailing
// `_` dropped: `namespace_` -> `namespace`).
constexpr std::size_t CamelCaseKey(std::string_view member, char* out) {
  while (!member.empty() && member.back() == '_') member.remove_suffix(1);
  std::size_t n = 0;
  bool upper = false;
  for (char c : member) {
    if (c == '_') {
      upper = true;
      continue;
    }
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    upper = false;
    out[n++] = c;
  }
  return n;
}

// ThrowBadTag: not a constant expression, so a bad tag in APIMACHINERY_FIELDS fails to compile
// with this function's name in the diagnostic.
APIMACHINERY_DECL void ThrowBadTag_UnknownOptionOrKeyTooLong();
}  // namespace internal

// Field<T, M>: one entry of a field list: the member's C++ name, its pointer, its wire key and
// the options of its Go tag.
//   name   "cluster_ip"
//   ptr    &Service::cluster_ip
//   key()  "clusterIP" (the tag's name, else the camelCase of `name`; "" for an inline member)
//   tag    FieldTag{.omitempty = true}; a bare member (no tag) is omitempty
//   tagged true when the field list gave a tag
template <typename T, typename M>
struct Field {
  std::string_view name;
  M T::*ptr;
  FieldTag tag{};
  bool tagged = false;

  // A bare member: the derived key, omitempty.
  constexpr Field(std::string_view member, M T::*p) : name(member), ptr(p) {
    tag.omitempty = true;
    key_len_ = static_cast<unsigned char>(internal::CamelCaseKey(member, key_));
  }
  // A member with a Go tag: `"clusterIP"`, `"clusterIP,omitempty"`, `",inline"`, `"n,string"`,
  // `"-"`; an empty name keeps the derived key. Unknown options do not compile.
  constexpr Field(std::string_view member, M T::*p, std::string_view go_tag)
      : name(member), ptr(p), tagged(true) {
    const std::size_t comma = go_tag.find(',');
    std::string_view key = go_tag.substr(0, comma);
    std::string_view opts = comma == std::string_view::npos ? std::string_view{} : go_tag.substr(comma + 1);
    while (!opts.empty()) {
      const std::size_t c = opts.find(',');
      const std::string_view o = opts.substr(0, c);
      if (o == "omitempty") {
        tag.omitempty = true;
      } else if (o == "inline") {
        tag.inline_ = true;
      } else if (o == "string") {
        tag.string = true;
      } else {
        internal::ThrowBadTag_UnknownOptionOrKeyTooLong();  // unknown option
      }
      opts = c == std::string_view::npos ? std::string_view{} : opts.substr(c + 1);
    }
    if (key == "-" && comma == std::string_view::npos) {
      tag.skip = true;
      return;
    }
    if (tag.inline_) return;  // no key of its own
    if (key.empty()) {
      key_len_ = static_cast<unsigned char>(internal::CamelCaseKey(member, key_));
      return;
    }
    if (key.size() >= internal::kMaxFieldKey) internal::ThrowBadTag_UnknownOptionOrKeyTooLong();
    for (std::size_t i = 0; i < key.size(); ++i) key_[i] = key[i];
    key_len_ = static_cast<unsigned char>(key.size());
  }

  // The JSON key (valid while this Field is: kFields<T> entries live for the whole program).
  constexpr std::string_view key() const noexcept { return std::string_view(key_, key_len_); }

 private:
  char key_[internal::kMaxFieldKey] = {};
  unsigned char key_len_ = 0;
};

namespace internal {
void ApimachineryFields() = delete;  // anchors unqualified lookup; real ones are found by ADL

template <typename T>
concept HasFieldList = requires {
  ApimachineryFields(static_cast<const T*>(nullptr));
};

template <typename T>
inline constexpr auto kFields = ApimachineryFields(static_cast<const T*>(nullptr));

// CheckFieldList: evaluated at compile time by APIMACHINERY_FIELDS, so a bad tag fails there.
template <typename Tuple>
constexpr bool CheckFieldList(const Tuple&) {
  return true;
}

inline constexpr std::size_t kNoField = static_cast<std::size_t>(-1);

template <typename Tuple, std::size_t... I>
constexpr std::size_t FindField(const Tuple& t, std::string_view name, std::index_sequence<I...>) {
  std::size_t r = kNoField;
  ((r == kNoField && std::get<I>(t).name == name ? (void)(r = I) : (void)0), ...);
  return r;
}

}  // namespace internal

// HasFields<T>: T has an APIMACHINERY_FIELDS list.
template <typename T>
concept HasFields = internal::HasFieldList<T>;

// kFields<T>: T's field list, a std::tuple of Field<T, M> in declaration order, for code that walks
// a type's fields (AutoConvert, FirstDifference, the field-list JSON codec runtime/fields_json.hpp).
template <HasFields T>
inline constexpr const auto& kFields = internal::kFields<T>;

// AutoConvert converts `in` into `out` field by field (see the top of this file).
template <typename A, typename B>
void AutoConvert(const A& in, B& out, Scope& scope);

// ConvertValue converts one value the way AutoConvert converts a field.
template <typename S, typename D>
void ConvertValue(const S& in, D& out, Scope& scope);

// RegisterGeneratedFieldConversions registers AutoConvert for A -> B and B -> A as generated
// functions (a manual function for either pair still wins). Compile-time error when either
// direction drops a field (see the top of this file).
template <typename A, typename B>
void RegisterGeneratedFieldConversions(Converter& c);

// GeneratedConversionDropsNothing<From, To>: every field of From (and of the nested field-list
// pairs it reaches) has a same-name field in To or is declared by APIMACHINERY_IGNORED_FIELDS.
// Evaluating it for a pair that drops a field is a compile-time error naming the field.
template <typename From, typename To>
constexpr bool GeneratedConversionDropsNothing();

// FirstDifference returns the path of the first field where a and b differ ("spec.replicas",
// "spec.ports[1].name", "metadata.labels[app]"), "" when the values differ but have no finer
// structure, or nullopt when they are equal. Types without a field list are compared with ==.
template <typename T>
std::optional<std::string> FirstDifference(const T& a, const T& b, const std::string& path = "");

// FirstDifference with the path segment of each field-list entry named by `name_of(field)` (a
// std::string or string_view; the one above uses the C++ member name). The Scheme names fields by
// their JSON keys ("spec.template.containers[1].ports[0].containerPort").
template <typename T, typename NameOf>
std::optional<std::string> FirstDifference(const T& a, const T& b, const std::string& path,
                                           const NameOf& name_of);

// Implementation details follow.

template <typename A, typename B>
void AutoConvert(const A& in, B& out, Scope& scope) {
  static_assert(HasFields<A> && HasFields<B>, "AutoConvert needs APIMACHINERY_FIELDS for both types");
  constexpr auto& fa = kFields<A>;
  constexpr auto& fb = kFields<B>;
  constexpr std::size_t na = std::tuple_size_v<std::remove_cvref_t<decltype(fa)>>;
  constexpr std::size_t nb = std::tuple_size_v<std::remove_cvref_t<decltype(fb)>>;
  [&]<std::size_t... J>(std::index_sequence<J...>) {
    (
        [&] {
          constexpr std::size_t i =
              internal::FindField(fa, std::get<J>(fb).name, std::make_index_sequence<na>{});
          if constexpr (i != internal::kNoField) {
            ConvertValue(in.*(std::get<i>(fa).ptr), out.*(std::get<J>(fb).ptr), scope);
          }
        }(),
        ...);
  }
  (std::make_index_sequence<nb>{});
}

template <typename S, typename D>
void ConvertValue(const S& in, D& out, Scope& scope) {
  if constexpr (std::is_same_v<S, D> && std::is_copy_assignable_v<D>) {
    out = in;
  } else if constexpr (HasFields<S> && HasFields<D>) {
    if (scope.converter().HasConversion(util::kTypeId<S>, util::kTypeId<D>)) {
      scope.Convert(in, out);
    } else {
      AutoConvert(in, out, scope);
    }
  } else if constexpr (util::internal::IsVector<S>::value && util::internal::IsVector<D>::value) {
    out.clear();
    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) ConvertValue(in[i], out[i], scope);
  } else if constexpr (util::internal::IsSameKeyMaps<S, D>::value) {
    out.clear();
    for (const auto& [k, v] : in) ConvertValue(v, out[k], scope);
  } else if constexpr (util::internal::IsOptional<S>::value && util::internal::IsOptional<D>::value) {
    if (!in) {
      out.reset();
    } else {
      if (!out) out.emplace();
      ConvertValue(*in, *out, scope);
    }
  } else {
    scope.Convert(in, out);
  }
}

namespace internal {
void ApimachineryIgnoredFields() = delete;  // anchors unqualified lookup; real ones are found by ADL

// IgnoredFieldList: the names given to APIMACHINERY_IGNORED_FIELDS, as written (comma-separated).
struct IgnoredFieldList {
  std::string_view names;
};

template <typename From, typename To>
concept HasIgnoredFields = requires {
  ApimachineryIgnoredFields(static_cast<const From*>(nullptr), static_cast<const To*>(nullptr));
};

// ForEachListedName calls fn(name) for each comma-separated, space-trimmed name of `list`; stops
// (returning false) when fn returns false.
template <typename Fn>
constexpr bool ForEachListedName(std::string_view list, Fn fn) {
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view name = list.substr(0, comma);
    while (!name.empty() && (name.front() == ' ' || name.front() == '\n' || name.front() == '\t')) {
      name.remove_prefix(1);
    }
    while (!name.empty() && (name.back() == ' ' || name.back() == '\n' || name.back() == '\t')) {
      name.remove_suffix(1);
    }
    if (!fn(name)) return false;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return true;
}

template <typename From, typename To>
constexpr bool IsIgnoredField(std::string_view field) {
  if constexpr (HasIgnoredFields<From, To>) {
    constexpr IgnoredFieldList list =
        ApimachineryIgnoredFields(static_cast<const From*>(nullptr), static_cast<const To*>(nullptr));
    return !ForEachListedName(list.names, [&](std::string_view n) { return n != field; });
  } else {
    return false;
  }
}

template <typename From, typename To>
constexpr bool IgnoredFieldsExist() {
  if constexpr (HasIgnoredFields<From, To>) {
    constexpr IgnoredFieldList list =
        ApimachineryIgnoredFields(static_cast<const From*>(nullptr), static_cast<const To*>(nullptr));
    constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<decltype(kFields<From>)>>;
    return ForEachListedName(list.names, [](std::string_view name) {
      return FindField(kFields<From>, name, std::make_index_sequence<n>{}) != kNoField;
    });
  } else {
    return true;
  }
}

// GeneratedConversionUnmatchedField is instantiated for a field of From without a peer in To.
template <typename From, typename To, auto Field>
struct GeneratedConversionUnmatchedField {
  static_assert(sizeof(From) == 0,
                "generated field conversion From -> To would drop the field named in this struct's "
                "template arguments (<From, To, &From::field>): To has no field of that name. As "
                "conversion-gen, this pair needs a manual conversion function (it may call "
                "conversion::AutoConvert and fix up the rest), or the field must be declared dropped "
                "on purpose: APIMACHINERY_IGNORED_FIELDS(From, To, field) in From's namespace");
  static constexpr bool value = false;
};

template <typename... Pairs>
struct SeenPairs {};
template <typename S, typename D>
struct PairTag {};

template <typename S, typename D, typename Seen>
constexpr bool PairDropsNothing();

template <typename MS, typename MD, typename Seen>
constexpr bool ValueDropsNothing() {
  // The same type is assigned whole, so nothing is dropped (the last branch).
  constexpr bool kDiffer = !std::is_same_v<MS, MD>;
  constexpr bool kElementwise =
      (util::internal::IsVector<MS>::value && util::internal::IsVector<MD>::value) ||
      (util::internal::IsOptional<MS>::value && util::internal::IsOptional<MD>::value);
  if constexpr (kDiffer && HasFields<MS> && HasFields<MD>) {
    return PairDropsNothing<MS, MD, Seen>();
  } else if constexpr (kDiffer && kElementwise) {
    return ValueDropsNothing<typename MS::value_type, typename MD::value_type, Seen>();
  } else if constexpr (kDiffer && util::internal::IsSameKeyMaps<MS, MD>::value) {
    return ValueDropsNothing<typename MS::mapped_type, typename MD::mapped_type, Seen>();
  } else {
    return true;  // other values go through Scope::Convert (a registered function, or unknown conversion)
  }
}

template <typename S, typename D, typename... Seen>
constexpr bool AlreadySeen(SeenPairs<Seen...>) {
  return (std::is_same_v<Seen, PairTag<S, D>> || ...);
}

template <typename S, typename D, typename... Seen>
constexpr auto WithPair(SeenPairs<Seen...>) {
  return SeenPairs<Seen..., PairTag<S, D>>{};
}

template <typename S, typename D, std::size_t I, typename Seen>
constexpr bool FieldDropsNothing() {
  constexpr auto field = std::get<I>(kFields<S>);
  constexpr std::size_t nd = std::tuple_size_v<std::remove_cvref_t<decltype(kFields<D>)>>;
  constexpr std::size_t j = FindField(kFields<D>, field.name, std::make_index_sequence<nd>{});
  if constexpr (j == kNoField) {
    if constexpr (IsIgnoredField<S, D>(field.name)) {
      return true;
    } else {
      return GeneratedConversionUnmatchedField<S, D, field.ptr>::value;
    }
  } else {
    using MS = std::remove_cvref_t<decltype(std::declval<const S&>().*(field.ptr))>;
    using MD = std::remove_cvref_t<decltype(std::declval<const D&>().*(std::get<j>(kFields<D>).ptr))>;
    return ValueDropsNothing<MS, MD, Seen>();
  }
}

template <typename S, typename D, typename Seen>
constexpr bool PairDropsNothing() {
  if constexpr (AlreadySeen<S, D>(Seen{})) {
    return true;  // a recursive type: this pair is being checked further up
  } else {
    static_assert(IgnoredFieldsExist<S, D>(),
                  "APIMACHINERY_IGNORED_FIELDS(From, To, ...) names a field that is not in From's "
                  "APIMACHINERY_FIELDS list");
    using Next = decltype(WithPair<S, D>(Seen{}));
    constexpr std::size_t ns = std::tuple_size_v<std::remove_cvref_t<decltype(kFields<S>)>>;
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (FieldDropsNothing<S, D, I, Next>() && ...);
    }
    (std::make_index_sequence<ns>{});
  }
}
}  // namespace internal

template <typename From, typename To>
constexpr bool GeneratedConversionDropsNothing() {
  static_assert(HasFields<From> && HasFields<To>,
                "generated field conversions need APIMACHINERY_FIELDS for both types");
  return internal::PairDropsNothing<From, To, internal::SeenPairs<>>();
}

template <typename A, typename B>
void RegisterGeneratedFieldConversions(Converter& c) {
  static_assert(GeneratedConversionDropsNothing<A, B>() && GeneratedConversionDropsNothing<B, A>(),
                "generated field conversions would drop a field (see the error above)");
  c.RegisterGeneratedConversionFunc<A, B>([](const A& in, B& out, Scope& s) { AutoConvert(in, out, s); });
  if constexpr (!std::is_same_v<A, B>) {
    c.RegisterGeneratedConversionFunc<B, A>([](const B& in, A& out, Scope& s) { AutoConvert(in, out, s); });
  }
}

namespace internal {
APIMACHINERY_DECL std::string JoinPath(const std::string& path, std::string_view name);
template <typename K>
std::string KeyString(const K& k) {
  if constexpr (std::is_convertible_v<const K&, std::string_view>) {
    return std::string(std::string_view(k));
  } else if constexpr (fmt::is_formattable<K>::value) {
    return fmt::format("{}", k);
  } else {
    return "?";
  }
}
}  // namespace internal

template <typename T>
std::optional<std::string> FirstDifference(const T& a, const T& b, const std::string& path) {
  return FirstDifference(a, b, path, [](const auto& field) { return field.name; });
}

template <typename T, typename NameOf>
std::optional<std::string> FirstDifference(const T& a, const T& b, const std::string& path,
                                           const NameOf& name_of) {
  if constexpr (HasFields<T>) {
    constexpr auto& fs = kFields<T>;
    std::optional<std::string> found;
    std::apply(
        [&](const auto&... f) {
          ((found ? void()
                  : void(found = FirstDifference(a.*(f.ptr), b.*(f.ptr), internal::JoinPath(path, name_of(f)),
                                                 name_of))),
           ...);
        },
        fs);
    return found;
  } else if constexpr (util::internal::IsVector<T>::value) {
    if (a.size() != b.size()) {
      return fmt::format("{} (length {} != {})", path, a.size(), b.size());
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (auto d = FirstDifference(a[i], b[i], fmt::format("{}[{}]", path, i), name_of)) return d;
    }
    return std::nullopt;
  } else if constexpr (util::internal::IsMap<T>::value) {
    auto ia = a.begin();
    auto ib = b.begin();
    for (; ia != a.end() && ib != b.end(); ++ia, ++ib) {
      if (ia->first != ib->first) {
        return fmt::format("{}[{}]", path,
                           internal::KeyString(ia->first < ib->first ? ia->first : ib->first));
      }
      if (auto d = FirstDifference(ia->second, ib->second,
                                   fmt::format("{}[{}]", path, internal::KeyString(ia->first)), name_of)) {
        return d;
      }
    }
    if (ia != a.end()) return fmt::format("{}[{}]", path, internal::KeyString(ia->first));
    if (ib != b.end()) return fmt::format("{}[{}]", path, internal::KeyString(ib->first));
    return std::nullopt;
  } else if constexpr (util::internal::IsOptional<T>::value) {
    if (a.has_value() != b.has_value()) return path;
    if (!a) return std::nullopt;
    return FirstDifference(*a, *b, path, name_of);
  } else if constexpr (std::equality_comparable<T>) {
    if (a == b) return std::nullopt;
    return path;
  } else {
    static_assert(std::equality_comparable<T>,
                  "FirstDifference needs a field list or operator== for every compared type");
    return std::nullopt;
  }
}

}  // namespace apimachinery::conversion

// APIMACHINERY_IGNORED_FIELDS(From, To, field, ...): converting From into To with the generated
// field conversions drops these fields of From on purpose (see the top of this file). Place it in
// From's namespace (it is found by argument-dependent lookup), after both types.
#define APIMACHINERY_IGNORED_FIELDS(From, To, ...)                                  \
  [[maybe_unused]] constexpr ::apimachinery::conversion::internal::IgnoredFieldList \
  ApimachineryIgnoredFields(const From*, const To*) {                               \
    return ::apimachinery::conversion::internal::IgnoredFieldList{#__VA_ARGS__};    \
  }

// APIMACHINERY_FIELDS(Type, member | (member, "go tag"), ...): the field list of Type (see the top
// of this file). Must be used in Type's namespace (a static_assert says so otherwise); a tag with an
// unknown option fails the second static_assert.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define APIMACHINERY_FIELDS(Type, ...)                                                                      \
  [[maybe_unused]] constexpr auto ApimachineryFields(const Type*) {                                         \
    return std::make_tuple(APIMACHINERY_INTERNAL_FOR_EACH(APIMACHINERY_INTERNAL_FIELD, Type, __VA_ARGS__)); \
  }                                                                                                         \
  static_assert(::apimachinery::conversion::internal::HasFieldList<Type>,                                   \
                "APIMACHINERY_FIELDS(" #Type ", ...) is not in the namespace that declares " #Type          \
                ": ADL cannot find it there; move it into that namespace, after the struct");               \
  static_assert((::apimachinery::conversion::internal::CheckFieldList(                                      \
                     ApimachineryFields(static_cast<const Type*>(nullptr))),                                \
                 true),                                                                                     \
                "APIMACHINERY_FIELDS(" #Type                                                                \
                ", ...): a Go tag has an unknown option or a key longer "                                   \
                "than 95 characters");
// NOLINTEND(bugprone-macro-parentheses)
// A field is `member` or `(member, "go tag")`; APIMACHINERY_INTERNAL_IS_TAGGED tells them apart (1
// when the argument is parenthesised).
#define APIMACHINERY_INTERNAL_FIELD(Type, m) \
  APIMACHINERY_INTERNAL_CAT(APIMACHINERY_INTERNAL_FIELD_, APIMACHINERY_INTERNAL_IS_TAGGED(m))(Type, m)
#define APIMACHINERY_INTERNAL_FIELD_0(Type, m) \
  ::apimachinery::conversion::Field<Type, decltype(Type::m)>(#m, &Type::m)
#define APIMACHINERY_INTERNAL_FIELD_1(Type, m) \
  APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FIELD_TAGGED_(Type, APIMACHINERY_INTERNAL_UNPAREN m))
#define APIMACHINERY_INTERNAL_FIELD_TAGGED_(...) APIMACHINERY_INTERNAL_FIELD_TAGGED(__VA_ARGS__)
#define APIMACHINERY_INTERNAL_FIELD_TAGGED(Type, m, tag) \
  ::apimachinery::conversion::Field<Type, decltype(Type::m)>(#m, &Type::m, tag "")
#define APIMACHINERY_INTERNAL_UNPAREN(...) __VA_ARGS__
#define APIMACHINERY_INTERNAL_CAT(a, b) APIMACHINERY_INTERNAL_CAT_I(a, b)
#define APIMACHINERY_INTERNAL_CAT_I(a, b) a##b
#define APIMACHINERY_INTERNAL_PROBE(...) ~, 1
#define APIMACHINERY_INTERNAL_SECOND(a, b, ...) b
#define APIMACHINERY_INTERNAL_SECOND_(...) \
  APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_SECOND(__VA_ARGS__))
#define APIMACHINERY_INTERNAL_IS_TAGGED(m) APIMACHINERY_INTERNAL_SECOND_(APIMACHINERY_INTERNAL_PROBE m, 0, ~)
#define APIMACHINERY_INTERNAL_EXPAND(x) x
#define APIMACHINERY_INTERNAL_FE_1(M, T, x) M(T, x)
#define APIMACHINERY_INTERNAL_FE_2(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_1(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_3(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_2(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_4(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_3(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_5(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_4(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_6(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_5(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_7(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_6(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_8(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_7(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_9(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_8(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_10(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_9(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_11(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_10(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_12(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_11(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_13(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_12(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_14(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_13(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_15(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_14(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_16(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_15(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_17(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_16(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_18(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_17(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_19(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_18(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_20(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_19(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_21(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_20(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_22(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_21(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_23(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_22(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_24(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_23(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_25(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_24(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_26(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_25(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_27(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_26(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_28(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_27(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_29(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_28(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_30(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_29(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_31(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_30(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_32(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_31(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_33(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_32(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_34(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_33(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_35(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_34(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_36(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_35(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_37(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_36(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_38(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_37(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_39(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_38(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_40(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_39(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_41(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_40(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_42(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_41(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_43(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_42(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_44(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_43(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_45(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_44(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_46(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_45(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_47(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_46(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_48(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_47(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_49(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_48(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_50(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_49(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_51(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_50(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_52(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_51(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_53(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_52(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_54(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_53(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_55(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_54(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_56(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_55(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_57(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_56(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_58(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_57(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_59(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_58(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_60(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_59(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_61(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_60(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_62(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_61(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_63(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_62(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_64(M, T, x, ...) \
  M(T, x), APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_63(M, T, __VA_ARGS__))
#define APIMACHINERY_INTERNAL_FE_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, \
                                      _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30,  \
                                      _31, _32, _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44,  \
                                      _45, _46, _47, _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58,  \
                                      _59, _60, _61, _62, _63, _64, NAME, ...)                               \
  NAME
#define APIMACHINERY_INTERNAL_FOR_EACH(M, T, ...)                                                         \
  APIMACHINERY_INTERNAL_EXPAND(APIMACHINERY_INTERNAL_FE_PICK(                                             \
      __VA_ARGS__, APIMACHINERY_INTERNAL_FE_64, APIMACHINERY_INTERNAL_FE_63, APIMACHINERY_INTERNAL_FE_62, \
      APIMACHINERY_INTERNAL_FE_61, APIMACHINERY_INTERNAL_FE_60, APIMACHINERY_INTERNAL_FE_59,              \
      APIMACHINERY_INTERNAL_FE_58, APIMACHINERY_INTERNAL_FE_57, APIMACHINERY_INTERNAL_FE_56,              \
      APIMACHINERY_INTERNAL_FE_55, APIMACHINERY_INTERNAL_FE_54, APIMACHINERY_INTERNAL_FE_53,              \
      APIMACHINERY_INTERNAL_FE_52, APIMACHINERY_INTERNAL_FE_51, APIMACHINERY_INTERNAL_FE_50,              \
      APIMACHINERY_INTERNAL_FE_49, APIMACHINERY_INTERNAL_FE_48, APIMACHINERY_INTERNAL_FE_47,              \
      APIMACHINERY_INTERNAL_FE_46, APIMACHINERY_INTERNAL_FE_45, APIMACHINERY_INTERNAL_FE_44,              \
      APIMACHINERY_INTERNAL_FE_43, APIMACHINERY_INTERNAL_FE_42, APIMACHINERY_INTERNAL_FE_41,              \
      APIMACHINERY_INTERNAL_FE_40, APIMACHINERY_INTERNAL_FE_39, APIMACHINERY_INTERNAL_FE_38,              \
      APIMACHINERY_INTERNAL_FE_37, APIMACHINERY_INTERNAL_FE_36, APIMACHINERY_INTERNAL_FE_35,              \
      APIMACHINERY_INTERNAL_FE_34, APIMACHINERY_INTERNAL_FE_33, APIMACHINERY_INTERNAL_FE_32,              \
      APIMACHINERY_INTERNAL_FE_31, APIMACHINERY_INTERNAL_FE_30, APIMACHINERY_INTERNAL_FE_29,              \
      APIMACHINERY_INTERNAL_FE_28, APIMACHINERY_INTERNAL_FE_27, APIMACHINERY_INTERNAL_FE_26,              \
      APIMACHINERY_INTERNAL_FE_25, APIMACHINERY_INTERNAL_FE_24, APIMACHINERY_INTERNAL_FE_23,              \
      APIMACHINERY_INTERNAL_FE_22, APIMACHINERY_INTERNAL_FE_21, APIMACHINERY_INTERNAL_FE_20,              \
      APIMACHINERY_INTERNAL_FE_19, APIMACHINERY_INTERNAL_FE_18, APIMACHINERY_INTERNAL_FE_17,              \
      APIMACHINERY_INTERNAL_FE_16, APIMACHINERY_INTERNAL_FE_15, APIMACHINERY_INTERNAL_FE_14,              \
      APIMACHINERY_INTERNAL_FE_13, APIMACHINERY_INTERNAL_FE_12, APIMACHINERY_INTERNAL_FE_11,              \
      APIMACHINERY_INTERNAL_FE_10, APIMACHINERY_INTERNAL_FE_9, APIMACHINERY_INTERNAL_FE_8,                \
      APIMACHINERY_INTERNAL_FE_7, APIMACHINERY_INTERNAL_FE_6, APIMACHINERY_INTERNAL_FE_5,                 \
      APIMACHINERY_INTERNAL_FE_4, APIMACHINERY_INTERNAL_FE_3, APIMACHINERY_INTERNAL_FE_2,                 \
      APIMACHINERY_INTERNAL_FE_1)(M, T, __VA_ARGS__))

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/conversion/impl/fields.ipp"
#endif
