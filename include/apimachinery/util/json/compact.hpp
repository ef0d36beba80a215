// util::json::Compact: an immutable JSON document packed into one allocation, and ValueRef, a
// read-only view of one of its values.
//
// Example:
//   std::string bytes = R"({"spec": {"nodeName": "node-7"}})";
//   util::json::Compact doc = util::json::Compact::Parse(bytes);   // Parse's rules and errors
//   util::json::ValueRef spec = doc.Root().Find("spec");
//   std::string_view node = spec.Find("nodeName").String();          // "" when absent
//   nlohmann::json tree = doc.ToJSON();                              // the same document as Parse
//   std::string out = doc.Marshal();                                 // == util::json::Marshal(tree)
//
// What it is for: documents that are read many times and never written, above all the objects an
// informer caches (runtime::CompactUnstructured). An nlohmann::json tree spends a heap node on
// every value and a red-black-tree node on every object member: a 4.9 KB Pod is 35 KB of heap.
// A Compact document is a flat array of 8-byte nodes (a number takes two) followed by the string
// bytes, in one block: the same Pod is about 1.5 times its JSON size.
//
// Layout (docs/design/compact-json.md has the rationale):
// - Values in document order, each a node: null, false, true; an integer, unsigned or float
//   (the node, then its 8 bytes); a string (length and offset of its bytes); an object or array
//   (member or element count, and the number of nodes of the whole value, so that a reader skips
//   a value in O(1)). An object's members are key-string nodes each followed by the value.
// - Object members are sorted by key bytes with duplicate keys removed, the last one kept (what
//   nlohmann's parser and Go's decoder into a map keep). Find is a scan of the members that
//   stops at the first key past the one sought (objects are small; a Pod's largest has 11 keys).
// - Strings hold decoded text (escapes resolved, invalid UTF-8 replaced as Parse does), each
//   stored where it occurs, unless the document is built with a StringPool
//   (util/json/string_pool.hpp): then the strings of the interning policy (Compact's members say
//   which) live in the pool, shared with every other document of that pool.
//
// Parse accepts exactly what util::json::Parse accepts and throws the same SyntaxError texts
// (it runs the same driver: nlohmann's SAX parser with Parse's depth limit, UTF-8 repair, BOM and
// NUL checks); From converts an nlohmann::json document. A document whose string bytes exceed
// 2 GiB, a string of 256 MiB or more, or a container of 2^28 values or more is refused with
// apimachinery::Error `json: document too large for a compact document`.
//
// Cost: Parse is one pass (nlohmann's tokenizer) writing nodes into a growing buffer, plus a sort
// of each object whose keys do not arrive in order, plus one copy into the final block; with a
// pool, one more pass over the nodes and a pool lookup per candidate string, under one lock. Find is
// O(members); ValueRef is two pointers and copies freely. ToJSON and Marshal are one pass with an
// explicit stack (no recursion: a 10,000-deep document is safe on a small stack).
// Thread-safety: a Compact is immutable: any number of threads may read it and its views. A
// ValueRef is valid while the Compact it came from lives (moving the Compact keeps it valid).
// Differences from nlohmann::json: no mutation; numbers keep nlohmann's three kinds (integer,
// unsigned, float) and compare by value across kinds in operator==, as nlohmann's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::util::json {

class Compact;

// ValueKind: the kind of a value in a Compact document.
enum class ValueKind : std::uint8_t {
  kAbsent = 0,  // a ValueRef that refers to nothing (Find of a missing key, a default ValueRef)
  kNull,
  kFalse,
  kTrue,
  kInteger,   // int64
  kUnsigned,  // uint64 above INT64_MAX
  kFloat,     // double
  kString,
  kObject,
  kArray,
};

class ValueRef;

namespace compact_detail {

// Node: one 8-byte tape word. head = kind (4 bits) | count (28 bits: a string's length in bytes,
// a container's member or element count); extra = a string's offset, or a container's node count.
struct Node {
  std::uint32_t head;
  std::uint32_t extra;
};
static_assert(sizeof(Node) == 8);

inline constexpr std::uint32_t kKindBits = 4;
inline constexpr std::uint32_t kMaxCount = (std::uint32_t{1} << (32 - kKindBits)) - 1;

APIMACHINERY_DECL ValueKind KindOf(const Node& n) noexcept;
// IsNumber: a kind whose node is followed by a second one holding its 8 bytes.
APIMACHINERY_DECL bool IsNumber(ValueKind k) noexcept;
APIMACHINERY_DECL std::uint32_t CountOf(const Node& n) noexcept;
// Span: the number of nodes a value occupies.
APIMACHINERY_DECL std::uint32_t SpanOf(const Node& n) noexcept;

[[noreturn]] APIMACHINERY_DECL void TooLarge();

// kPooled: set in a string node's `extra` when the string is in the document's StringPool (the
// low 31 bits are then its id); otherwise `extra` is the offset of its bytes, below 2^31. A
// document with pooled strings keeps a StringPool* in the 8 bytes before its string bytes.
// (While a Builder builds, the bit marks an interning candidate and the offset is still there.)
inline constexpr std::uint32_t kPooled = 0x80000000u;
inline constexpr std::uint32_t kMaxOffset = kPooled - 1;
// kPoolPointerBytes: the bytes the StringPool* takes before a pooled document's string bytes.
inline constexpr std::size_t kPoolPointerBytes = sizeof(const void*);

// StringOf: the bytes of string node `n` of the document whose string bytes start at `chars`.
APIMACHINERY_DECL std::string_view StringOf(const Node& n, const char* chars) noexcept;

class Builder;
const Node* NodeOf(ValueRef v) noexcept;
const char* CharsOf(ValueRef v) noexcept;
ValueRef MakeRef(const Node* n, const char* chars) noexcept;

}  // namespace compact_detail

// ValueRef: a read-only view of one value of a Compact document (or of nothing: kAbsent).
// Accessors of the wrong kind return the zero value ("" / 0 / false / an empty range), never throw.
class ValueRef {
 public:
  ValueRef() = default;

  APIMACHINERY_DECL ValueKind Kind() const noexcept;
  APIMACHINERY_DECL bool IsAbsent() const noexcept;
  APIMACHINERY_DECL explicit operator bool() const noexcept;
  APIMACHINERY_DECL bool IsNull() const noexcept;
  APIMACHINERY_DECL bool IsBool() const noexcept;
  APIMACHINERY_DECL bool IsNumber() const noexcept;
  APIMACHINERY_DECL bool IsString() const noexcept;
  APIMACHINERY_DECL bool IsObject() const noexcept;
  APIMACHINERY_DECL bool IsArray() const noexcept;

  APIMACHINERY_DECL bool Bool() const noexcept;
  // Int: an integer value (int64), or 0.
  APIMACHINERY_DECL std::int64_t Int() const noexcept;
  // Unsigned: an unsigned value above INT64_MAX, or 0.
  APIMACHINERY_DECL std::uint64_t Unsigned() const noexcept;
  // Float: a float value, or 0.
  APIMACHINERY_DECL double Float() const noexcept;
  // String: a string's decoded bytes, or "".
  APIMACHINERY_DECL std::string_view String() const noexcept;
  // Size: the members of an object, the elements of an array, else 0.
  APIMACHINERY_DECL std::size_t Size() const noexcept;

  // Find: the value of member `key` of an object; kAbsent when missing or not an object.
  APIMACHINERY_DECL ValueRef Find(std::string_view key) const noexcept;
  // Find along a path of object keys: Find("spec").Find("nodeName") as FindPath("spec", "nodeName").
  template <typename... Keys>
  ValueRef FindPath(std::string_view first, Keys... rest) const noexcept {
    ValueRef v = Find(first);
    if constexpr (sizeof...(rest) == 0) {
      return v;
    } else {
      return v.FindPath(rest...);
    }
  }
  // At: element i of an array (kAbsent past the end or when not an array). O(i).
  APIMACHINERY_DECL ValueRef At(std::size_t i) const noexcept;

  // Iteration over an object's members, fn(key, value) in key order, or an array's elements,
  // fn(value); nothing for other kinds.
  template <typename Fn>
  void ForEachMember(Fn&& fn) const {
    if (Kind() != ValueKind::kObject) return;
    const compact_detail::Node* p = node_ + 1;
    for (std::uint32_t i = 0, n = compact_detail::CountOf(*node_); i < n; ++i) {
      fn(compact_detail::StringOf(*p, chars_), ValueRef(p + 1, chars_));
      p += 1 + compact_detail::SpanOf(p[1]);
    }
  }
  template <typename Fn>
  void ForEachElement(Fn&& fn) const {
    if (Kind() != ValueKind::kArray) return;
    const compact_detail::Node* p = node_ + 1;
    for (std::uint32_t i = 0, n = compact_detail::CountOf(*node_); i < n; ++i) {
      fn(ValueRef(p, chars_));
      p += compact_detail::SpanOf(*p);
    }
  }

  // ToJSON: the value as an nlohmann::json (null for kAbsent). No recursion.
  APIMACHINERY_DECL nlohmann::json ToJSON() const;
  // AppendMarshal: appends the value's Go bytes (util::json::Marshal of ToJSON(), without building
  // it); kAbsent appends "null". Throws apimachinery::Error for a non-finite float (never produced
  // by Parse).
  APIMACHINERY_DECL void AppendMarshal(std::string& out) const;

  // Equal values: util::json::Equal of the two ToJSON() (numbers by value across kinds); kAbsent
  // equals only kAbsent. No recursion.
  APIMACHINERY_DECL friend bool operator==(const ValueRef& a, const ValueRef& b);

 private:
  friend class Compact;
  friend class compact_detail::Builder;
  APIMACHINERY_DECL ValueRef(const compact_detail::Node* node, const char* chars) noexcept;

  template <typename T>
  T Bits() const noexcept {
    T v;
    std::memcpy(&v, node_ + 1, sizeof v);
    return v;
  }

  friend const compact_detail::Node* compact_detail::NodeOf(ValueRef v) noexcept;
  friend const char* compact_detail::CharsOf(ValueRef v) noexcept;
  friend ValueRef compact_detail::MakeRef(const compact_detail::Node* n, const char* chars) noexcept;

  const compact_detail::Node* node_ = nullptr;
  const char* chars_ = nullptr;
};

namespace compact_detail {}  // namespace compact_detail

// Compact: the document (see the top of this file).
class Compact {
 public:
  // An empty Compact holds the JSON null.
  APIMACHINERY_DECL Compact();
  Compact(Compact&&) noexcept = default;
  Compact& operator=(Compact&&) noexcept = default;
  // Copies copy the block (use a shared_ptr<const Compact> to share one) and intern into the
  // same pool.
  APIMACHINERY_DECL Compact(const Compact& o);
  APIMACHINERY_DECL Compact& operator=(const Compact& o);
  ~Compact() = default;

  // Every function that builds a document takes an optional StringPool: with one, the strings
  // of the interning policy below are stored in the pool (when it accepts them) instead of in
  // the document, which then holds the pool. The document is equal to the one built without a
  // pool, value for value and byte for byte once marshalled; only HeapBytes differs.
  // The interning policy (the strings that repeat across the objects of a Kubernetes cache):
  // - every object key;
  // - the string value of a member named namespace, kind, apiVersion, manager, operation,
  //   fieldsType or subresource (namespaces, type and owner kinds, managedFields entries);
  // - the string values of an object that is the value of a member named labels or matchLabels;
  // - the string elements of an array that is the value of a member named finalizers;
  // each only when no longer than the pool's Options::max_length.

  // Parse: util::json::Parse's rules and SyntaxError texts. Throws: SyntaxError; apimachinery::Error
  // (too large); std::bad_alloc.
  APIMACHINERY_DECL static Compact Parse(std::string_view text, std::shared_ptr<StringPool> pool = nullptr);
  // ParseSplitting: Parse of a document whose elements of the root object's array member
  // `member` (a list's "items") become documents of their own, appended to `elements` in order;
  // the returned document keeps that member as an empty array. The elements are the last such
  // member's (duplicate keys: the last wins, as in Parse); none when the root is not an object or
  // the member is absent or not an array. The peak memory is the text plus the documents: no
  // document of the whole list exists. Throws: as Parse (`elements` unchanged).
  APIMACHINERY_DECL static Compact ParseSplitting(std::string_view text, std::string_view member,
                                                  std::vector<Compact>& elements,
                                                  std::shared_ptr<StringPool> pool = nullptr);
  // WithStrings: a copy whose root object has each (key, value) as a string member, replacing a
  // member of that key; a document whose root is not an object is copied unchanged. Interns into
  // this document's pool.
  APIMACHINERY_DECL Compact
  WithStrings(std::initializer_list<std::pair<std::string_view, std::string_view>> members) const;
  // From: the document `v` (binary values are refused with `json: unsupported type: binary`, as
  // Marshal). Throws: apimachinery::Error.
  APIMACHINERY_DECL static Compact From(const nlohmann::json& v, std::shared_ptr<StringPool> pool = nullptr);
  // A document holding a copy of `v` (a value of another document, or of this one).
  APIMACHINERY_DECL explicit Compact(ValueRef v, std::shared_ptr<StringPool> pool = nullptr);

  // WithoutMember: a copy of this document without the object member at `path` (object keys from
  // the root, at least one); an equal copy when no member is there. Cost: one copy of the
  // document. Interns into this document's pool.
  APIMACHINERY_DECL Compact WithoutMember(std::initializer_list<std::string_view> path) const;

  APIMACHINERY_DECL ValueRef Root() const noexcept;
  APIMACHINERY_DECL nlohmann::json ToJSON() const;
  APIMACHINERY_DECL std::string Marshal() const;
  // HeapBytes: the size of the one block this document owns (not the pool it shares).
  APIMACHINERY_DECL std::size_t HeapBytes() const noexcept;
  // Pool: the StringPool holding some of this document's strings (null when none is).
  APIMACHINERY_DECL const std::shared_ptr<StringPool>& Pool() const noexcept;

  APIMACHINERY_DECL friend bool operator==(const Compact& a, const Compact& b);

 private:
  friend class compact_detail::Builder;
  struct Unfilled {};
  APIMACHINERY_DECL explicit Compact(Unfilled) noexcept;
  APIMACHINERY_DECL const compact_detail::Node* nodes() const noexcept;
  // CharsAt: where the string bytes start in the block.
  APIMACHINERY_DECL std::size_t CharsAt() const noexcept;
  APIMACHINERY_DECL const char* chars() const noexcept;

  // One block: node_count_ nodes, then (when pool_ is set) the StringPool* that pooled string
  // nodes are read through, then chars_bytes_ bytes of strings. Nodes need 4-byte alignment,
  // which operator new[] gives.
  std::unique_ptr<std::uint32_t[]> block_;
  std::size_t node_count_ = 0;
  std::size_t chars_bytes_ = 0;
  std::shared_ptr<StringPool> pool_;  // set iff a string node is pooled
};

// Implementation details follow.
namespace compact_detail {

// Builder: writes values in document order; containers are opened and closed. Used by Parse (as
// the SAX handler behind util::json::detail::ParseWith) and by From and the ValueRef copy.
class Builder {
 public:
  using Json = nlohmann::json;
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  // With a pool, Finish interns the strings of Compact's interning policy into it.
  APIMACHINERY_DECL explicit Builder(std::shared_ptr<StringPool> pool = nullptr);

  // The SAX interface (nlohmann::json_sax); every call returns true.
  APIMACHINERY_DECL bool null();
  APIMACHINERY_DECL bool boolean(bool v);
  APIMACHINERY_DECL bool number_integer(number_integer_t v);
  APIMACHINERY_DECL bool number_unsigned(number_unsigned_t v);
  APIMACHINERY_DECL bool number_float(number_float_t v, const string_t&);
  APIMACHINERY_DECL bool string(string_t& v);
  APIMACHINERY_DECL bool binary(binary_t&);
  APIMACHINERY_DECL bool start_object(std::size_t);
  APIMACHINERY_DECL bool key(string_t& v);
  APIMACHINERY_DECL bool end_object();
  APIMACHINERY_DECL bool start_array(std::size_t);
  APIMACHINERY_DECL bool end_array();
  template <typename Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    throw ex;
  }

  // Copy: appends value `v` of any document.
  APIMACHINERY_DECL void Copy(ValueRef v);
  // Finish: the document built (exactly one top-level value was written).
  APIMACHINERY_DECL Compact Finish();

  // StringValue and Key: a string value, and an object member's key (the SAX calls without the
  // std::string).
  APIMACHINERY_DECL bool StringValue(std::string_view v);
  APIMACHINERY_DECL bool Key(std::string_view v);

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;

  // Role: what the interning policy (Compact's header) makes of the value of a member, or of
  // the strings inside a container.
  enum class Role : std::uint8_t {
    kNone,
    kValue,       // the member's string value is interned (namespace, kind, ...)
    kLabels,      // an object under this key has its string values interned
    kFinalizers,  // an array under this key has its string elements interned
  };
  APIMACHINERY_DECL static Role RoleOfKey(std::string_view k) noexcept;

  struct Frame {
    std::uint32_t start;      // index of the container's node
    std::uint32_t count = 0;  // values (arrays) or members (objects) so far
    std::uint32_t last_key = kNone;
    bool unordered = false;  // an object's keys did not arrive strictly increasing
    bool object = false;
    Role role = Role::kNone;  // from the key this container is the value of (kLabels, kFinalizers)
    Role next = Role::kNone;  // an object's: RoleOfKey of its last key
  };

  // InternedValue: the string value about to be written is interned by the policy.
  APIMACHINERY_DECL bool InternedValue() const noexcept;

  // String: a string node; `candidate` marks it for interning by Finish.
  APIMACHINERY_DECL void String(std::string_view s, bool candidate);

  APIMACHINERY_DECL void Push(Node n);
  APIMACHINERY_DECL void Counted();
  APIMACHINERY_DECL bool Leaf(ValueKind k);
  template <typename T>
  bool Number(ValueKind k, T v) {
    if constexpr (std::is_same_v<T, number_unsigned_t>) {
      if (v <= static_cast<number_unsigned_t>(INT64_MAX)) {
        return Number(ValueKind::kInteger, static_cast<number_integer_t>(v));
      }
    }
    Push(Node{static_cast<std::uint32_t>(k), 0});
    Node bits{};
    std::memcpy(&bits, &v, sizeof v);
    Push(bits);
    Counted();
    return true;
  }
  APIMACHINERY_DECL bool Open(ValueKind k);
  APIMACHINERY_DECL bool Close();
  APIMACHINERY_DECL std::string_view KeyAt(std::uint32_t i) const;
  APIMACHINERY_DECL std::uint32_t Append(std::string_view s);
  // SortMembers: the members of the object at `start` sorted by key, the last of equal keys kept;
  // returns the member count.
  APIMACHINERY_DECL std::uint32_t SortMembers(std::uint32_t start, std::uint32_t count);
  // Intern: interns the candidate strings into pool_; returns whether any was pooled (their
  // nodes then hold pool ids and chars_ only the other strings).
  APIMACHINERY_DECL bool Intern();

  struct MemberRange {
    std::string_view key;
    std::uint32_t begin, end;  // [begin, end): key node and value
  };

  std::vector<Node> nodes_;
  std::string chars_;
  std::vector<MemberRange> sort_members_;
  std::vector<Node> sort_nodes_;
  std::vector<Frame> stack_;
  std::shared_ptr<StringPool> pool_;
  std::size_t intern_below_ = 0;  // the pool's max_length + 1; 0 without a pool (nothing is interned)
  std::size_t candidates_ = 0;    // string nodes marked kPooled for Intern
};

}  // namespace compact_detail

namespace compact_detail {
// CopyWithout: appends `v` without the member at path[0..n) (recursive along the path only).
APIMACHINERY_DECL void CopyWithout(Builder& b, ValueRef v, const std::string_view* path, std::size_t n);
}  // namespace compact_detail

namespace compact_detail {

// Splitter: the SAX handler of ParseSplitting. Events go to the root builder, except those of the
// elements of the root's array member `member`, which each go to a builder of their own.
class Splitter {
 public:
  using string_t = Builder::string_t;
  using binary_t = Builder::binary_t;

  APIMACHINERY_DECL Splitter(std::string_view member, const std::shared_ptr<StringPool>& pool);

  APIMACHINERY_DECL bool null();
  APIMACHINERY_DECL bool boolean(bool v);
  APIMACHINERY_DECL bool number_integer(Builder::number_integer_t v);
  APIMACHINERY_DECL bool number_unsigned(Builder::number_unsigned_t v);
  APIMACHINERY_DECL bool number_float(Builder::number_float_t v, const string_t& s);
  APIMACHINERY_DECL bool string(string_t& v);
  APIMACHINERY_DECL bool binary(binary_t& v);
  APIMACHINERY_DECL bool key(string_t& v);
  APIMACHINERY_DECL bool start_object(std::size_t n);
  APIMACHINERY_DECL bool start_array(std::size_t n);
  APIMACHINERY_DECL bool end_object();
  APIMACHINERY_DECL bool end_array();
  template <typename Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    throw ex;
  }

  APIMACHINERY_DECL Compact Finish();
  APIMACHINERY_DECL std::vector<Compact>& Elements() noexcept;

 private:
  APIMACHINERY_DECL bool InElement() const noexcept;
  template <typename Fn>
  bool Scalar(Fn&& write) {
    if (InElement()) {
      if (depth_ == 2) {  // an element that is a scalar
        Builder b(pool_);
        write(b);
        elements_.push_back(b.Finish());
      } else {
        write(*element_);
      }
    } else {
      if (depth_ == 1) next_is_member_ = false;
      write(root_);
    }
    return true;
  }
  APIMACHINERY_DECL bool Open(bool object, std::size_t n);
  APIMACHINERY_DECL bool Close(bool object);

  std::string_view member_;
  Builder root_;
  std::shared_ptr<StringPool> pool_;
  std::optional<Builder> element_;
  std::vector<Compact> elements_;
  std::size_t depth_ = 0;  // containers open before the current event
  bool root_is_object_ = false;
  bool next_is_member_ = false;  // the last root key was `member`
  bool in_member_ = false;       // inside the member's array
};

}  // namespace compact_detail

namespace compact_detail {

// Scalar: a number or literal node as an nlohmann::json scalar (no allocation).
APIMACHINERY_DECL nlohmann::json Scalar(ValueRef v);

// Walk: visits the nodes of value `v` in document order without recursion:
// on_value(ValueRef, is_key) for every key and leaf, on_open(ValueRef) / on_close(ValueRef) around
// every container's members.
template <typename OnValue, typename OnOpen, typename OnClose>
void Walk(ValueRef v, OnValue on_value, OnOpen on_open, OnClose on_close) {
  struct Pending {
    ValueRef container;
    const Node* next;
    std::uint32_t remaining;
    bool want_key;
  };
  std::vector<Pending> open;
  auto enter = [&](ValueRef x, const Node* node, const char* chars) {
    const ValueKind k = KindOf(*node);
    if (k == ValueKind::kObject || k == ValueKind::kArray) {
      on_open(x);
      open.push_back({x, node + 1, CountOf(*node), k == ValueKind::kObject});
    } else {
      on_value(x, false);
    }
    (void)chars;
  };
  if (v.IsAbsent()) {
    on_value(v, false);
    return;
  }
  enter(v, NodeOf(v), CharsOf(v));
  while (!open.empty()) {
    Pending& o = open.back();
    if (o.remaining == 0) {
      const ValueRef c = o.container;
      open.pop_back();
      on_close(c);
      continue;
    }
    const char* chars = CharsOf(o.container);
    if (o.want_key) {
      on_value(MakeRef(o.next, chars), true);
      ++o.next;
      o.want_key = false;
      continue;
    }
    const Node* node = o.next;
    --o.remaining;
    o.want_key = KindOf(*NodeOf(o.container)) == ValueKind::kObject;
    o.next = node + SpanOf(*node);
    enter(MakeRef(node, chars), node, chars);  // may reallocate `open`: `o` is not used after this
  }
}

}  // namespace compact_detail

}  // namespace apimachinery::util::json

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/json/impl/compact.ipp"
#endif
