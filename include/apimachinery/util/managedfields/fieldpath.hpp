// managedfields::PathElement, Path and Set: the field paths and field sets of server-side apply,
// and their FieldsV1 form (sigs.k8s.io/structured-merge-diff/v6/fieldpath: element.go
// PathElement, path.go Path, set.go Set, serialize.go and serialize-pe.go).
//
// Example:
//   managedfields::Set s;
//   s.Insert({managedfields::PathElement::Field("spec"), managedfields::PathElement::Field("replicas")});
//   std::string raw = s.ToJSON();                       // {"f:spec":{"f:replicas":{}}}
//   managedfields::Set back = managedfields::Set::FromJSON(raw);
//   bool same = back == s;                              // true
//
// A path element is a field name (`f:name`, printed `.name`), an associative-list key (`k:{"name":
// "c"}`, printed `[name="c"]`), a set-list value (`v:"x"`, printed `[="x"]`) or a list index
// (`i:0`, printed `[0]`). A Set is a tree: at each node the path elements that are members of the
// set (leaves) and the children (subtrees); one element can be both, which FieldsV1 writes as
// `{".":{}, ...}`. Elements are kept sorted in upstream's order (PathElement.Compare: field names,
// then keys, then values, then indexes), so ToJSON writes upstream's bytes.
//
// Throws: FromJSON and PathElement::Deserialize throw apimachinery::Error with upstream's texts
// (`missing colon: x`, `key must be 2 characters long:`, ...) on malformed FieldsV1; unknown
// element types (`z:...`) are skipped, as upstream. Everything else throws only std::bad_alloc.
// Cost: set operations are linear merges of sorted vectors, O(size of both sets).
// Thread-safety: values; const members may be called concurrently.
// Differences from upstream: values in keys and set elements are nlohmann::json (Go:
// value.Value); integers and floats compare numerically, as upstream.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::managedfields {

// CompareValues: upstream's total order of values (value.go: CompareUsing): numbers (ints and
// floats numerically), then strings, booleans, lists, maps, and null last.
int CompareValues(const nlohmann::json& a, const nlohmann::json& b);

// ValueString: upstream's value.ToString (`"x"` quoted as %q, numbers as Go prints them, `null`).
std::string ValueString(const nlohmann::json& v);

// PathElement: one step of a field path.
struct PathElement {
  enum class Type : std::uint8_t { kField, kKey, kValue, kIndex };
  using KeyFields = std::vector<std::pair<std::string, nlohmann::json>>;  // sorted by name

  Type type = Type::kField;
  std::string field{};     // kField
  KeyFields key{};         // kKey
  nlohmann::json value{};  // kValue
  std::int64_t index = 0;  // kIndex

  APIMACHINERY_DECL static PathElement Field(std::string name);
  // Key: the fields are sorted by name here.
  APIMACHINERY_DECL static PathElement Key(KeyFields fields);
  APIMACHINERY_DECL static PathElement Value(nlohmann::json v);
  APIMACHINERY_DECL static PathElement Index(std::int64_t i);

  // Compare: element.go PathElement.Compare.
  APIMACHINERY_DECL int Compare(const PathElement& o) const;
  // String: `.name`, `[name="c",port=80]`, `[="x"]`, `[0]` (element.go: PathElement.String).
  APIMACHINERY_DECL std::string String() const;
  // Serialize: the FieldsV1 key `f:name`, `k:{"name":"c"}`, `v:"x"`, `i:0` (serialize-pe.go).
  APIMACHINERY_DECL std::string Serialize() const;
  // Deserialize: the inverse; throws apimachinery::Error. Returns false for an unknown type
  // letter (upstream's ErrUnknownPathElementType), which readers skip.
  APIMACHINERY_DECL static bool Deserialize(std::string_view s, PathElement& out);

  APIMACHINERY_DECL friend bool operator==(const PathElement& a, const PathElement& b);
  APIMACHINERY_DECL friend bool operator<(const PathElement& a, const PathElement& b);
};

using Path = std::vector<PathElement>;

// PathString: path.go Path.String (the elements' texts joined: `.spec.containers[name="c"].image`).
APIMACHINERY_DECL std::string PathString(const Path& p);

// Set: a set of field paths (set.go: Set).
class Set {
 public:
  struct Child;

  // The special members are defined after Child is complete (a vector of an incomplete type may
  // be declared, not destroyed).
  Set();
  Set(const Set&);
  Set(Set&&) noexcept;
  Set& operator=(const Set&);
  Set& operator=(Set&&) noexcept;
  ~Set();

  APIMACHINERY_DECL bool Empty() const;
  APIMACHINERY_DECL void Insert(const Path& p);
  // FromPaths: the set of `paths` (empty ones ignored), built in O(n log n) whatever their order
  // (Insert keeps each node's vectors sorted: paths inserted out of order cost a shift each).
  APIMACHINERY_DECL static Set FromPaths(std::vector<Path> paths);
  APIMACHINERY_DECL void Insert(const PathElement* p, std::size_t n);
  APIMACHINERY_DECL bool Has(const Path& p) const;
  // Members / Children: the elements that are leaves here, and the subtrees (sorted).
  APIMACHINERY_DECL const std::vector<PathElement>& Members() const noexcept;
  APIMACHINERY_DECL const std::vector<Child>& Children() const noexcept;
  APIMACHINERY_DECL bool HasMember(const PathElement& pe) const;
  // Child: the subtree under `pe`, or nullptr.
  APIMACHINERY_DECL const Set* ChildAt(const PathElement& pe) const;
  // WithPrefix: the subtree under `pe` (empty when none; set.go: Set.WithPrefix).
  APIMACHINERY_DECL Set WithPrefix(const PathElement& pe) const;

  APIMACHINERY_DECL Set Union(const Set& o) const;
  APIMACHINERY_DECL Set Intersection(const Set& o) const;
  // Difference: the paths of this set that are not in `o` (set.go: Set.Difference).
  APIMACHINERY_DECL Set Difference(const Set& o) const;
  // RecursiveDifference: also drops every path below a member of `o` (set.go:
  // Set.RecursiveDifference; what an exclude filter does).
  APIMACHINERY_DECL Set RecursiveDifference(const Set& o) const;

  // Iterate: every path, members before children at each node (set.go: Set.Iterate).
  APIMACHINERY_DECL void Iterate(const std::function<void(const Path&)>& fn) const;
  APIMACHINERY_DECL std::size_t Size() const;

  // ToJSON / FromJSON: the FieldsV1 bytes (serialize.go: Set.ToJSON, Set.FromJSON).
  APIMACHINERY_DECL std::string ToJSON() const;
  APIMACHINERY_DECL static Set FromJSON(std::string_view raw);
  // FromFieldsV1 / ToFieldsV1: the same as a parsed FieldsV1 object (ToFieldsV1's keys are in the
  // document's byte order, as any parsed object's).
  APIMACHINERY_DECL static Set FromFieldsV1(const nlohmann::json& doc);
  APIMACHINERY_DECL nlohmann::json ToFieldsV1() const;

  // String: one path a line, as upstream's Set.String.
  APIMACHINERY_DECL std::string String() const;

  APIMACHINERY_DECL friend bool operator==(const Set& a, const Set& b);

 private:
  APIMACHINERY_DECL static bool ReadV1(const nlohmann::json& obj, Set*& children, Set& storage);
  APIMACHINERY_DECL void EmitV1(std::string& out, bool include_self) const;
  APIMACHINERY_DECL void BuildV1(nlohmann::json& out, bool include_self) const;
  APIMACHINERY_DECL void IterateFrom(Path& prefix, const std::function<void(const Path&)>& fn) const;
  APIMACHINERY_DECL Set* Descend(const PathElement& pe);

  std::vector<PathElement> members_;
  std::vector<Child> children_;
};

struct Set::Child {
  PathElement pe;
  Set set;
};

inline Set::Set() = default;
inline Set::Set(const Set&) = default;
inline Set::Set(Set&&) noexcept = default;
inline Set& Set::operator=(const Set&) = default;
inline Set& Set::operator=(Set&&) noexcept = default;
inline Set::~Set() = default;

// ---------------------------------------------------------------------------------------------

namespace internal {

APIMACHINERY_DECL int Rank(const nlohmann::json& v);

inline int Sign(auto a, auto b) { return a < b ? -1 : (b < a ? 1 : 0); }

}  // namespace internal

// --- Set -------------------------------------------------------------------------------------

namespace internal {

// Insert `pe` into the sorted vector `v` (keeps it sorted, no duplicates).
APIMACHINERY_DECL void InsertSorted(std::vector<PathElement>& v, const PathElement& pe);

}  // namespace internal

}  // namespace apimachinery::managedfields

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/managedfields/impl/fieldpath.ipp"
#endif
