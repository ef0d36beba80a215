// managedfields::Type and the typed walks of server-side apply: the field set of a value, the
// comparison of two values, the merge of an applied configuration into a live object and the
// removal of a field set (sigs.k8s.io/structured-merge-diff/v6: schema/elements.go, typed/
// tofieldset.go, compare.go, merge.go, remove.go, helpers.go; fieldpath/set.go:
// EnsureNamedFieldsAreMembers).
//
// Example:
//   auto t = managedfields::ObjectType(nullptr);        // apiVersion, kind, ObjectMeta; the rest deduced
//   nlohmann::json live = {{"spec", {{"replicas", 1}}}};
//   nlohmann::json config = {{"spec", {{"replicas", 3}, {"paused", false}}}};
//   nlohmann::json merged = managedfields::Merge(*t, live, config);   // replicas 3, paused false
//   managedfields::Comparison c = managedfields::Compare(*t, live, merged);
//   // c.modified: .spec.replicas; c.added: .spec.paused
//
// A Type is a scalar, a map (declared fields, an element type for other keys, granular or atomic)
// or a list (atomic, a set of scalars, or an associative list keyed by some fields), or deduced:
// the value's own shape decides, maps granular and lists atomic (upstream's
// `__untyped_deduced_`, what a `x-kubernetes-preserve-unknown-fields` subtree gets). TypeFromOpenAPI
// reads a CRD's structural schema (`properties`, `additionalProperties`, `items`,
// `x-kubernetes-list-type`, `x-kubernetes-list-map-keys`, `x-kubernetes-map-type`,
// `x-kubernetes-preserve-unknown-fields`, `x-kubernetes-embedded-resource`); ObjectType is the type
// of a whole object: that schema (or a deduced one) with `apiVersion`, `kind` and ObjectMeta's
// schema under `metadata` (labels and annotations granular maps, finalizers a set, ownerReferences
// keyed by uid), as kube-apiserver builds it for a custom resource.
//
// Throws: ValidationError (an apimachinery::Error) with upstream's texts, prefixed by the path:
// `.spec.ports: element 0: associative list with keys has an element that omits all key fields
// ["port"] (and doesn't have default values for any key fields)`, `duplicate entries for key
// [port=80]` (an applied configuration only), `associative list with keys may not have non-map
// elements`, `associative list without keys has an element that's a map type`.
// Cost: every walk is one pass over both values, O(size); sets are built as sorted vectors.
// Thread-safety: Types are immutable once built and may be shared across threads.
// Differences from upstream: a value whose shape contradicts its declared type (a string where the
// schema has an object) is walked as deduced where upstream reports an error (the real server's
// schema validation rejects such objects before apply runs; this package has no validation);
// the first validation error is thrown (upstream collects them all); key defaults from the schema
// (`default` of a list-map key) are not applied.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/managedfields/fieldpath.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::managedfields {

// ValidationError: a value that cannot be walked under its type (typed/validate.go:
// ValidationError: `<path>: <message>`).
class ValidationError : public Error {
 public:
  using Error::Error;
};

struct Type;
using TypeRef = std::shared_ptr<const Type>;

struct Type {
  enum class Kind : std::uint8_t { kDeduced, kScalar, kMap, kList };
  // kMap: kSeparable (granular) or kAtomic; kList: kAtomic or kAssociative (keys empty: a set).
  enum class Relationship : std::uint8_t { kSeparable, kAtomic, kAssociative };

  Kind kind = Kind::kDeduced;
  Relationship relationship = Relationship::kSeparable;
  std::map<std::string, TypeRef, std::less<>> fields{};  // kMap: declared fields
  TypeRef element{};                                     // kMap: other keys; kList: items (null: deduced)
  std::vector<std::string> keys{};                       // kList kAssociative: the map keys

  // Field: the declared field `name`, or nullptr.
  APIMACHINERY_DECL const Type* Field(std::string_view name) const;
};

// Comparison: what changed from lhs to rhs (typed/compare.go: Comparison).
struct Comparison {
  Set removed{};
  Set modified{};
  Set added{};
  APIMACHINERY_DECL bool IsSame() const;
};

// The walks. `t` is the root type; values are whole objects.
Set ToFieldSet(const Type& t, const nlohmann::json& v);
Comparison Compare(const Type& t, const nlohmann::json& lhs, const nlohmann::json& rhs);
// Merge: `rhs` (an applied configuration: duplicates in its associative lists throw) merged into
// `lhs`: rhs wins at every leaf, granular maps and associative lists merge by key.
nlohmann::json Merge(const Type& t, const nlohmann::json& lhs, const nlohmann::json& rhs);
// RemoveItems: `v` without the paths of `s` (typed.go: TypedValue.RemoveItems).
nlohmann::json RemoveItems(const Type& t, const nlohmann::json& v, const Set& s);
// EnsureNamedFieldsAreMembers: `s` with every declared field that has children also a member.
Set EnsureNamedFieldsAreMembers(const Set& s, const Type& t);

// DeducedType: the deduced type (one shared instance).
const TypeRef& DeducedType();
// ObjectMetaType: ObjectMeta's schema (k8s.io/apimachinery/pkg/apis/meta/v1: ObjectMeta's
// listType/listMapKey markers).
const TypeRef& ObjectMetaType();
// TypeFromOpenAPI: a structural OpenAPI v3 schema (a CRD version's openAPIV3Schema) as a Type.
// Throws apimachinery::Error when `schema` is not an object.
TypeRef TypeFromOpenAPI(const nlohmann::json& schema);
// ObjectType: the type of a whole object: `schema` (null: deduced), with apiVersion, kind and
// metadata declared (metadata as ObjectMetaType).
TypeRef ObjectType(const TypeRef& schema);

// ---------------------------------------------------------------------------------------------

namespace internal {

APIMACHINERY_DECL TypeRef MakeDeducedMap();

APIMACHINERY_DECL TypeRef MakeDeducedList();

APIMACHINERY_DECL const Type& DeducedMap();

APIMACHINERY_DECL const Type& DeducedList();

APIMACHINERY_DECL const Type& ScalarType();

// Atom: the type a value is walked with (helpers.go: deduceAtom, resolveSchema). `null` and a
// missing value take the declared kind; a deduced type takes the value's shape (null: a map, as
// upstream's handleAtom picks the map of a deduced atom first).
APIMACHINERY_DECL const Type& Resolve(const Type* t, const nlohmann::json* v);

APIMACHINERY_DECL const Type* MapChildType(const Type& m, std::string_view key);

APIMACHINERY_DECL std::string Prefixed(const Path& path, std::string_view msg);

// ListItemElement: helpers.go listItemToPathElement.
APIMACHINERY_DECL PathElement ListItemElement(const Type& list, const nlohmann::json& item, const Path& path,
                                              std::size_t i);

// ZipMaps: visit(key, lhs value or null, rhs value or null) for every key of either object
// (value.MapZipUsing, unordered).
template <class Visit>
void ZipMaps(const nlohmann::json* lm, const nlohmann::json* rm, Visit&& visit) {
  if (lm != nullptr) {
    for (auto it = lm->begin(); it != lm->end(); ++it) {
      const nlohmann::json* rv = nullptr;
      if (rm != nullptr) {
        auto f = rm->find(it.key());
        if (f != rm->end()) rv = &*f;
      }
      visit(it.key(), &it.value(), rv);
    }
  }
  if (rm != nullptr) {
    for (auto it = rm->begin(); it != rm->end(); ++it) {
      if (lm != nullptr && lm->contains(it.key())) continue;
      visit(it.key(), nullptr, &it.value());
    }
  }
}

// ---- ToFieldSet (tofieldset.go) ----

APIMACHINERY_DECL void ToFieldSetWalk(const Type* t, const nlohmann::json& v, Path& path,
                                      std::vector<Path>& set);

// ---- Compare (compare.go) ----

struct CompareWalker {
  // The paths of each set, built into Sets at the end (Set::FromPaths).
  struct Paths {
    std::vector<Path> removed;
    std::vector<Path> modified;
    std::vector<Path> added;
    APIMACHINERY_DECL void Insert(std::vector<Path>& v, const Path& p);
  };
  struct Sink {
    Paths& paths;
    std::vector<Path>& v;
    APIMACHINERY_DECL void Insert(const Path& p);
  };
  struct Sinks {
    Sink removed;
    Sink modified;
    Sink added;
  };
  Sinks c;
  Path& path;

  APIMACHINERY_DECL void Leaf(bool& in_leaf, const nlohmann::json* l, const nlohmann::json* r);

  APIMACHINERY_DECL void Handle(const Type& a, bool& in_leaf, const nlohmann::json* l,
                                const nlohmann::json* r);

  APIMACHINERY_DECL void ListItems(const Type& a, const nlohmann::json* l, const nlohmann::json* r);

  APIMACHINERY_DECL void Walk(const Type* t, const nlohmann::json* l, const nlohmann::json* r);
};

// ---- Merge (merge.go, ruleKeepRHS) ----

struct MergeWalker {
  Path& path;

  // Returns whether `out` was set.
  APIMACHINERY_DECL bool Handle(const Type& a, bool& in_leaf, const nlohmann::json* l,
                                const nlohmann::json* r, std::optional<nlohmann::json>& out);

  struct Indexed {
    std::vector<PathElement> pes;
    std::map<PathElement, const nlohmann::json*> observed;  // null json*: duplicated
    APIMACHINERY_DECL const nlohmann::json* Get(const PathElement& pe, bool& found) const;
  };

  APIMACHINERY_DECL Indexed Index(const Type& a, const nlohmann::json* list, bool allow_duplicates);

  APIMACHINERY_DECL void ListItems(const Type& a, const nlohmann::json* l, const nlohmann::json* r,
                                   std::optional<nlohmann::json>& out);

  APIMACHINERY_DECL std::optional<nlohmann::json> Walk(const Type* t, const nlohmann::json* l,
                                                       const nlohmann::json* r);
};

// ---- RemoveItems (remove.go, shouldExtract false) ----

APIMACHINERY_DECL nlohmann::json RemoveWalk(const Type* t, const nlohmann::json& v, const Set& s);

APIMACHINERY_DECL void EnsureNamedWalk(const Set& s, const Type* t, Path& prefix, std::vector<Path>& out);

}  // namespace internal

namespace internal {

APIMACHINERY_DECL TypeRef Scalar();

APIMACHINERY_DECL TypeRef MapOf(TypeRef element);

APIMACHINERY_DECL TypeRef Struct(std::initializer_list<std::pair<const char*, TypeRef>> fields);

APIMACHINERY_DECL TypeRef ListOf(TypeRef element, Type::Relationship rel, std::vector<std::string> keys = {});

}  // namespace internal

namespace internal {

APIMACHINERY_DECL TypeRef FromOpenAPI(const nlohmann::json& s, std::size_t depth);

}  // namespace internal

}  // namespace apimachinery::managedfields

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/managedfields/impl/typed.ipp"
#endif
