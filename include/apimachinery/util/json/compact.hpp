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

inline ValueKind KindOf(const Node& n) noexcept { return static_cast<ValueKind>(n.head & 0xFu); }
// IsNumber: a kind whose node is followed by a second one holding its 8 bytes.
inline bool IsNumber(ValueKind k) noexcept {
  return k == ValueKind::kInteger || k == ValueKind::kUnsigned || k == ValueKind::kFloat;
}
inline std::uint32_t CountOf(const Node& n) noexcept { return n.head >> kKindBits; }
// Span: the number of nodes a value occupies.
inline std::uint32_t SpanOf(const Node& n) noexcept {
  switch (KindOf(n)) {
    case ValueKind::kInteger:
    case ValueKind::kUnsigned:
    case ValueKind::kFloat:
      return 2;
    case ValueKind::kObject:
    case ValueKind::kArray:
      return n.extra;
    default:
      return 1;
  }
}

[[noreturn]] inline void TooLarge() { throw Error("json: document too large for a compact document"); }

// kPooled: set in a string node's `extra` when the string is in the document's StringPool (the
// low 31 bits are then its id); otherwise `extra` is the offset of its bytes, below 2^31. A
// document with pooled strings keeps a StringPool* in the 8 bytes before its string bytes.
// (While a Builder builds, the bit marks an interning candidate and the offset is still there.)
inline constexpr std::uint32_t kPooled = 0x80000000u;
inline constexpr std::uint32_t kMaxOffset = kPooled - 1;
// kPoolPointerBytes: the bytes the StringPool* takes before a pooled document's string bytes.
inline constexpr std::size_t kPoolPointerBytes = sizeof(const void*);

// StringOf: the bytes of string node `n` of the document whose string bytes start at `chars`.
inline std::string_view StringOf(const Node& n, const char* chars) noexcept {
  if (n.extra & kPooled) [[unlikely]] {
    const StringPool* pool;
    std::memcpy(&pool, chars - kPoolPointerBytes, kPoolPointerBytes);
    return pool->View(n.extra & ~kPooled);
  }
  return {chars + n.extra, CountOf(n)};
}

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

  ValueKind Kind() const noexcept { return node_ ? compact_detail::KindOf(*node_) : ValueKind::kAbsent; }
  bool IsAbsent() const noexcept { return node_ == nullptr; }
  explicit operator bool() const noexcept { return node_ != nullptr; }
  bool IsNull() const noexcept { return Kind() == ValueKind::kNull; }
  bool IsBool() const noexcept { return Kind() == ValueKind::kFalse || Kind() == ValueKind::kTrue; }
  bool IsNumber() const noexcept {
    const auto k = Kind();
    return k == ValueKind::kInteger || k == ValueKind::kUnsigned || k == ValueKind::kFloat;
  }
  bool IsString() const noexcept { return Kind() == ValueKind::kString; }
  bool IsObject() const noexcept { return Kind() == ValueKind::kObject; }
  bool IsArray() const noexcept { return Kind() == ValueKind::kArray; }

  bool Bool() const noexcept { return Kind() == ValueKind::kTrue; }
  // Int: an integer value (int64), or 0.
  std::int64_t Int() const noexcept { return Kind() == ValueKind::kInteger ? Bits<std::int64_t>() : 0; }
  // Unsigned: an unsigned value above INT64_MAX, or 0.
  std::uint64_t Unsigned() const noexcept {
    return Kind() == ValueKind::kUnsigned ? Bits<std::uint64_t>() : 0;
  }
  // Float: a float value, or 0.
  double Float() const noexcept { return Kind() == ValueKind::kFloat ? Bits<double>() : 0; }
  // String: a string's decoded bytes, or "".
  std::string_view String() const noexcept {
    if (Kind() != ValueKind::kString) return {};
    return compact_detail::StringOf(*node_, chars_);
  }
  // Size: the members of an object, the elements of an array, else 0.
  std::size_t Size() const noexcept {
    const auto k = Kind();
    return k == ValueKind::kObject || k == ValueKind::kArray ? compact_detail::CountOf(*node_) : 0;
  }

  // Find: the value of member `key` of an object; kAbsent when missing or not an object.
  ValueRef Find(std::string_view key) const noexcept {
    if (Kind() != ValueKind::kObject) return {};
    const compact_detail::Node* p = node_ + 1;
    for (std::uint32_t i = 0, n = compact_detail::CountOf(*node_); i < n; ++i) {
      const int c = compact_detail::StringOf(*p, chars_).compare(key);
      if (c == 0) return ValueRef(p + 1, chars_);
      if (c > 0) return {};  // keys are sorted
      p += 1 + compact_detail::SpanOf(p[1]);
    }
    return {};
  }
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
  ValueRef At(std::size_t i) const noexcept {
    if (Kind() != ValueKind::kArray || i >= Size()) return {};
    const compact_detail::Node* p = node_ + 1;
    while (i-- > 0) p += compact_detail::SpanOf(*p);
    return ValueRef(p, chars_);
  }

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
  nlohmann::json ToJSON() const;
  // AppendMarshal: appends the value's Go bytes (util::json::Marshal of ToJSON(), without building
  // it); kAbsent appends "null". Throws apimachinery::Error for a non-finite float (never produced
  // by Parse).
  void AppendMarshal(std::string& out) const;

  // Equal values: util::json::Equal of the two ToJSON() (numbers by value across kinds); kAbsent
  // equals only kAbsent. No recursion.
  friend bool operator==(const ValueRef& a, const ValueRef& b);

 private:
  friend class Compact;
  friend class compact_detail::Builder;
  ValueRef(const compact_detail::Node* node, const char* chars) noexcept : node_(node), chars_(chars) {}

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

namespace compact_detail {
inline const Node* NodeOf(ValueRef v) noexcept { return v.node_; }
inline const char* CharsOf(ValueRef v) noexcept { return v.chars_; }
inline ValueRef MakeRef(const Node* n, const char* chars) noexcept { return ValueRef(n, chars); }
}  // namespace compact_detail

// Compact: the document (see the top of this file).
class Compact {
 public:
  // An empty Compact holds the JSON null.
  Compact();
  Compact(Compact&&) noexcept = default;
  Compact& operator=(Compact&&) noexcept = default;
  // Copies copy the block (use a shared_ptr<const Compact> to share one) and intern into the
  // same pool.
  Compact(const Compact& o) : Compact(o.Root(), o.pool_) {}
  Compact& operator=(const Compact& o) {
    if (this != &o) *this = Compact(o.Root(), o.pool_);
    return *this;
  }
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
  static Compact Parse(std::string_view text, std::shared_ptr<StringPool> pool = nullptr);
  // ParseSplitting: Parse of a document whose elements of the root object's array member
  // `member` (a list's "items") become documents of their own, appended to `elements` in order;
  // the returned document keeps that member as an empty array. The elements are the last such
  // member's (duplicate keys: the last wins, as in Parse); none when the root is not an object or
  // the member is absent or not an array. The peak memory is the text plus the documents: no
  // document of the whole list exists. Throws: as Parse (`elements` unchanged).
  static Compact ParseSplitting(std::string_view text, std::string_view member,
                                std::vector<Compact>& elements, std::shared_ptr<StringPool> pool = nullptr);
  // WithStrings: a copy whose root object has each (key, value) as a string member, replacing a
  // member of that key; a document whose root is not an object is copied unchanged. Interns into
  // this document's pool.
  Compact WithStrings(std::initializer_list<std::pair<std::string_view, std::string_view>> members) const;
  // From: the document `v` (binary values are refused with `json: unsupported type: binary`, as
  // Marshal). Throws: apimachinery::Error.
  static Compact From(const nlohmann::json& v, std::shared_ptr<StringPool> pool = nullptr);
  // A document holding a copy of `v` (a value of another document, or of this one).
  explicit Compact(ValueRef v, std::shared_ptr<StringPool> pool = nullptr);

  // WithoutMember: a copy of this document without the object member at `path` (object keys from
  // the root, at least one); an equal copy when no member is there. Cost: one copy of the
  // document. Interns into this document's pool.
  Compact WithoutMember(std::initializer_list<std::string_view> path) const;

  ValueRef Root() const noexcept { return ValueRef(nodes(), chars()); }
  nlohmann::json ToJSON() const { return Root().ToJSON(); }
  std::string Marshal() const {
    std::string out;
    out.reserve(chars_bytes_ + node_count_ * 2);
    Root().AppendMarshal(out);
    return out;
  }
  // HeapBytes: the size of the one block this document owns (not the pool it shares).
  std::size_t HeapBytes() const noexcept { return CharsAt() + chars_bytes_; }
  // Pool: the StringPool holding some of this document's strings (null when none is).
  const std::shared_ptr<StringPool>& Pool() const noexcept { return pool_; }

  friend bool operator==(const Compact& a, const Compact& b) { return a.Root() == b.Root(); }

 private:
  friend class compact_detail::Builder;
  struct Unfilled {};
  explicit Compact(Unfilled) noexcept {}
  const compact_detail::Node* nodes() const noexcept {
    return reinterpret_cast<const compact_detail::Node*>(block_.get());
  }
  // CharsAt: where the string bytes start in the block.
  std::size_t CharsAt() const noexcept {
    return node_count_ * sizeof(compact_detail::Node) + (pool_ ? compact_detail::kPoolPointerBytes : 0);
  }
  const char* chars() const noexcept { return reinterpret_cast<const char*>(block_.get()) + CharsAt(); }

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
  explicit Builder(std::shared_ptr<StringPool> pool = nullptr) : pool_(std::move(pool)) {
    nodes_.reserve(64);
    if (pool_) intern_below_ = pool_->options().max_length + 1;
  }

  // The SAX interface (nlohmann::json_sax); every call returns true.
  bool null() { return Leaf(ValueKind::kNull); }
  bool boolean(bool v) { return Leaf(v ? ValueKind::kTrue : ValueKind::kFalse); }
  bool number_integer(number_integer_t v) { return Number(ValueKind::kInteger, v); }
  bool number_unsigned(number_unsigned_t v) {
    // nlohmann reports every non-negative integer as unsigned; keep the int64 kind where it fits,
    // as nlohmann's DOM does not (it keeps number_unsigned) but Equal and Marshal do not care.
    return Number(ValueKind::kUnsigned, v);
  }
  bool number_float(number_float_t v, const string_t&) { return Number(ValueKind::kFloat, v); }
  bool string(string_t& v) { return StringValue(v); }
  bool binary(binary_t&) { throw Error("json: unsupported type: binary"); }
  bool start_object(std::size_t) { return Open(ValueKind::kObject); }
  bool key(string_t& v) { return Key(v); }
  bool end_object() { return Close(); }
  bool start_array(std::size_t) { return Open(ValueKind::kArray); }
  bool end_array() { return Close(); }
  template <typename Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    throw ex;
  }

  // Copy: appends value `v` of any document.
  void Copy(ValueRef v);
  // Finish: the document built (exactly one top-level value was written).
  Compact Finish();

  // StringValue and Key: a string value, and an object member's key (the SAX calls without the
  // std::string).
  bool StringValue(std::string_view v) {
    String(v, v.size() < intern_below_ && InternedValue());
    Counted();
    return true;
  }
  bool Key(std::string_view v) {
    Frame& f = stack_.back();
    const std::uint32_t at = static_cast<std::uint32_t>(nodes_.size());
    String(v, v.size() < intern_below_);
    if (f.last_key != kNone) {
      const std::string_view prev = KeyAt(f.last_key);
      if (!(prev < v)) f.unordered = true;
    }
    f.last_key = at;
    if (pool_) f.next = RoleOfKey(v);
    return true;
  }

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
  static Role RoleOfKey(std::string_view k) noexcept {
    switch (k.size()) {
      case 4:
        return k == "kind" ? Role::kValue : Role::kNone;
      case 6:
        return k == "labels" ? Role::kLabels : Role::kNone;
      case 7:
        return k == "manager" ? Role::kValue : Role::kNone;
      case 9:
        return k == "namespace" || k == "operation" ? Role::kValue : Role::kNone;
      case 10:
        if (k == "apiVersion" || k == "fieldsType") return Role::kValue;
        return k == "finalizers" ? Role::kFinalizers : Role::kNone;
      case 11:
        if (k == "subresource") return Role::kValue;
        return k == "matchLabels" ? Role::kLabels : Role::kNone;
      default:
        return Role::kNone;
    }
  }

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
  bool InternedValue() const noexcept {
    if (stack_.empty()) return false;
    const Frame& f = stack_.back();
    if (f.object) return f.next == Role::kValue || f.role == Role::kLabels;
    return f.role == Role::kFinalizers;
  }

  // String: a string node; `candidate` marks it for interning by Finish.
  void String(std::string_view s, bool candidate) {
    if (s.size() > kMaxCount) TooLarge();
    const std::uint32_t off = Append(s);
    Push(Node{static_cast<std::uint32_t>(ValueKind::kString) | static_cast<std::uint32_t>(s.size())
                                                                   << kKindBits,
              candidate ? off | kPooled : off});
    candidates_ += candidate ? 1 : 0;
  }

  void Push(Node n) {
    if (nodes_.size() >= UINT32_MAX - 2) TooLarge();
    nodes_.push_back(n);
  }
  void Counted() {
    if (!stack_.empty()) {
      Frame& f = stack_.back();
      // An object counts a member at its value (the key came first).
      if (++f.count > kMaxCount) TooLarge();
    }
  }
  bool Leaf(ValueKind k) {
    Push(Node{static_cast<std::uint32_t>(k), 0});
    Counted();
    return true;
  }
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
  bool Open(ValueKind k) {
    Counted();
    Role role = Role::kNone;
    if (pool_ && !stack_.empty() && stack_.back().object) {
      const Role parent = stack_.back().next;
      if ((parent == Role::kLabels && k == ValueKind::kObject) ||
          (parent == Role::kFinalizers && k == ValueKind::kArray)) {
        role = parent;
      }
    }
    Frame f{static_cast<std::uint32_t>(nodes_.size())};
    f.object = k == ValueKind::kObject;
    f.role = role;
    stack_.push_back(f);
    Push(Node{static_cast<std::uint32_t>(k), 0});
    return true;
  }
  bool Close() {
    Frame f = stack_.back();
    stack_.pop_back();
    Node& n = nodes_[f.start];
    if (f.unordered) f.count = SortMembers(f.start, f.count);
    n.head |= f.count << kKindBits;
    n.extra = static_cast<std::uint32_t>(nodes_.size()) - f.start;
    return true;
  }
  std::string_view KeyAt(std::uint32_t i) const {
    return {chars_.data() + (nodes_[i].extra & ~kPooled), CountOf(nodes_[i])};
  }
  std::uint32_t Append(std::string_view s) {
    if (chars_.size() + s.size() > kMaxOffset) TooLarge();
    const auto off = static_cast<std::uint32_t>(chars_.size());
    chars_.append(s);
    return off;
  }
  // SortMembers: the members of the object at `start` sorted by key, the last of equal keys kept;
  // returns the member count.
  std::uint32_t SortMembers(std::uint32_t start, std::uint32_t count);
  // Intern: interns the candidate strings into pool_; returns whether any was pooled (their
  // nodes then hold pool ids and chars_ only the other strings).
  bool Intern();

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

inline std::uint32_t Builder::SortMembers(std::uint32_t start, std::uint32_t count) {
  std::vector<MemberRange>& members = sort_members_;  // scratch space, reused by every object
  members.clear();
  members.reserve(count);
  std::uint32_t p = start + 1;
  const auto end = static_cast<std::uint32_t>(nodes_.size());
  while (p < end) {
    const std::uint32_t next = p + 1 + SpanOf(nodes_[p + 1]);
    members.push_back(MemberRange{KeyAt(p), p, next});
    p = next;
  }
  // By key, then by position, so that the last of equal keys comes last.
  std::sort(members.begin(), members.end(), [](const MemberRange& a, const MemberRange& b) {
    const int c = a.key.compare(b.key);
    return c != 0 ? c < 0 : a.begin < b.begin;
  });
  std::vector<Node>& sorted = sort_nodes_;
  sorted.clear();
  sorted.reserve(end - start - 1);
  std::uint32_t kept = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i + 1 < members.size() && members[i + 1].key == members[i].key) continue;  // the last wins
    sorted.insert(sorted.end(), nodes_.begin() + members[i].begin, nodes_.begin() + members[i].end);
    ++kept;
  }
  nodes_.resize(start + 1);
  nodes_.insert(nodes_.end(), sorted.begin(), sorted.end());
  return kept;
}

inline void Builder::Copy(ValueRef v) {
  if (v.IsAbsent()) {
    null();
    return;
  }
  // Iterative: walk the source nodes in order, appending strings to this document.
  struct Pending {
    std::uint32_t remaining;  // values (arrays) or members (objects) still to copy
    bool object;
    bool want_key;
  };
  std::vector<Pending> open;
  const Node* p = v.node_;
  const char* chars = v.chars_;
  do {
    bool is_key = false;
    if (!open.empty()) {
      Pending& o = open.back();
      if (o.remaining == 0) {
        Close();
        open.pop_back();
        continue;
      }
      if (o.object && o.want_key) {
        is_key = true;
        o.want_key = false;
      } else {
        --o.remaining;
        o.want_key = o.object;
      }
    }
    const Node& n = *p;
    switch (KindOf(n)) {
      case ValueKind::kString: {
        const std::string_view s = StringOf(n, chars);
        if (is_key) {
          Key(s);
        } else {
          StringValue(s);
        }
        ++p;
        break;
      }
      case ValueKind::kObject:
      case ValueKind::kArray:
        Open(KindOf(n));
        open.push_back({CountOf(n), KindOf(n) == ValueKind::kObject, KindOf(n) == ValueKind::kObject});
        ++p;
        break;
      case ValueKind::kInteger:
      case ValueKind::kUnsigned:
      case ValueKind::kFloat:
        Push(n);
        Push(p[1]);
        Counted();
        p += 2;
        break;
      default:
        Leaf(KindOf(n));
        ++p;
        break;
    }
  } while (!open.empty());
}

inline bool Builder::Intern() {
  // The candidates in node order (a number's second node holds raw bits: skip it).
  std::vector<std::string_view> strings;
  strings.reserve(candidates_);
  const std::size_t n = nodes_.size();
  for (std::size_t i = 0; i < n;) {
    const Node& node = nodes_[i];
    const ValueKind k = KindOf(node);
    i += IsNumber(k) ? 2 : 1;
    if (k == ValueKind::kString && (node.extra & kPooled))
      strings.emplace_back(chars_.data() + (node.extra & ~kPooled), CountOf(node));
  }
  std::vector<std::uint32_t> ids(strings.size());
  pool_->InternMany(strings, ids);
  bool any = false;
  for (std::uint32_t id : ids) any = any || id != StringPool::kNone;
  // Rewrite the string nodes: a pooled one holds its id, the others their new offset in the
  // string bytes that remain.
  std::string kept;
  if (any) kept.reserve(chars_.size());
  std::size_t next_id = 0;
  for (std::size_t i = 0; i < n;) {
    Node& node = nodes_[i];
    const ValueKind k = KindOf(node);
    i += IsNumber(k) ? 2 : 1;
    if (k != ValueKind::kString) continue;
    const std::uint32_t id = (node.extra & kPooled) ? ids[next_id++] : StringPool::kNone;
    const std::uint32_t off = node.extra & ~kPooled;
    if (id != StringPool::kNone) {
      node.extra = kPooled | id;
    } else if (any) {
      node.extra = static_cast<std::uint32_t>(kept.size());
      kept.append(chars_, off, CountOf(node));
    } else {
      node.extra = off;
    }
  }
  if (any) chars_.swap(kept);
  return any;
}

inline Compact Builder::Finish() {
  Compact c{Compact::Unfilled{}};
  if (candidates_ != 0 && Intern()) c.pool_ = pool_;
  candidates_ = 0;
  c.node_count_ = nodes_.size();
  c.chars_bytes_ = chars_.size();
  const std::size_t at = c.CharsAt();
  c.block_ = std::make_unique_for_overwrite<std::uint32_t[]>((at + c.chars_bytes_ + 3) / 4);
  char* block = reinterpret_cast<char*>(c.block_.get());
  std::memcpy(block, nodes_.data(), c.node_count_ * sizeof(Node));
  if (c.pool_) {
    const StringPool* raw = c.pool_.get();
    std::memcpy(block + at - kPoolPointerBytes, &raw, kPoolPointerBytes);
  }
  if (!chars_.empty()) std::memcpy(block + at, chars_.data(), chars_.size());
  return c;
}

}  // namespace compact_detail

inline Compact::Compact() {
  compact_detail::Builder b;
  b.null();
  *this = b.Finish();
}

inline Compact::Compact(ValueRef v, std::shared_ptr<StringPool> pool) {
  compact_detail::Builder b(std::move(pool));
  b.Copy(v);
  *this = b.Finish();
}

namespace compact_detail {
// CopyWithout: appends `v` without the member at path[0..n) (recursive along the path only).
inline void CopyWithout(Builder& b, ValueRef v, const std::string_view* path, std::size_t n) {
  if (n == 0 || !v.IsObject()) {
    b.Copy(v);
    return;
  }
  b.start_object(v.Size());
  v.ForEachMember([&](std::string_view key, ValueRef member) {
    if (key != path[0]) {
      b.Key(key);
      b.Copy(member);
    } else if (n > 1) {
      b.Key(key);
      CopyWithout(b, member, path + 1, n - 1);
    }
  });
  b.end_object();
}
}  // namespace compact_detail

inline Compact Compact::WithoutMember(std::initializer_list<std::string_view> path) const {
  compact_detail::Builder b(pool_);
  compact_detail::CopyWithout(b, Root(), path.begin(), path.size());
  return b.Finish();
}

namespace compact_detail {

// Splitter: the SAX handler of ParseSplitting. Events go to the root builder, except those of the
// elements of the root's array member `member`, which each go to a builder of their own.
class Splitter {
 public:
  using string_t = Builder::string_t;
  using binary_t = Builder::binary_t;

  Splitter(std::string_view member, const std::shared_ptr<StringPool>& pool)
      : member_(member), root_(pool), pool_(pool) {}

  bool null() {
    return Scalar([](Builder& b) { b.null(); });
  }
  bool boolean(bool v) {
    return Scalar([&](Builder& b) { b.boolean(v); });
  }
  bool number_integer(Builder::number_integer_t v) {
    return Scalar([&](Builder& b) { b.number_integer(v); });
  }
  bool number_unsigned(Builder::number_unsigned_t v) {
    return Scalar([&](Builder& b) { b.number_unsigned(v); });
  }
  bool number_float(Builder::number_float_t v, const string_t& s) {
    return Scalar([&](Builder& b) { b.number_float(v, s); });
  }
  bool string(string_t& v) {
    return Scalar([&](Builder& b) { b.StringValue(v); });
  }
  bool binary(binary_t& v) { return root_.binary(v); }
  bool key(string_t& v) {
    if (InElement()) return element_->Key(v);
    if (depth_ == 1) {
      next_is_member_ = root_is_object_ && v == member_;
      if (next_is_member_) elements_.clear();  // a later duplicate wins
    }
    return root_.Key(v);
  }
  bool start_object(std::size_t n) { return Open(true, n); }
  bool start_array(std::size_t n) { return Open(false, n); }
  bool end_object() { return Close(true); }
  bool end_array() { return Close(false); }
  template <typename Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    throw ex;
  }

  Compact Finish() { return root_.Finish(); }
  std::vector<Compact>& Elements() noexcept { return elements_; }

 private:
  bool InElement() const noexcept { return in_member_ && depth_ >= 2; }
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
  bool Open(bool object, std::size_t n) {
    if (InElement()) {
      if (depth_ == 2) element_.emplace(pool_);
      object ? element_->start_object(n) : element_->start_array(n);
    } else {
      if (depth_ == 0) root_is_object_ = object;
      if (depth_ == 1) {
        in_member_ = next_is_member_ && !object;
        next_is_member_ = false;
      }
      object ? root_.start_object(n) : root_.start_array(n);
    }
    ++depth_;
    return true;
  }
  bool Close(bool object) {
    --depth_;
    if (InElement()) {
      object ? element_->end_object() : element_->end_array();
      if (depth_ == 2) {
        elements_.push_back(element_->Finish());
        element_.reset();
      }
      return true;
    }
    if (depth_ == 1) in_member_ = false;  // the member's array closed
    return object ? root_.end_object() : root_.end_array();
  }

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

inline Compact Compact::ParseSplitting(std::string_view text, std::string_view member,
                                       std::vector<Compact>& elements, std::shared_ptr<StringPool> pool) {
  std::optional<compact_detail::Splitter> splitter;
  detail::ParseWith(text, [&](auto&&...) -> compact_detail::Splitter& {
    splitter.emplace(member, pool);  // a fresh one for each attempt (ParseWith may retry on repaired text)
    return *splitter;
  });
  Compact rest = splitter->Finish();
  if (!rest.Root().Find(member).IsArray()) splitter->Elements().clear();  // the last value was not an array
  std::vector<Compact>& got = splitter->Elements();
  elements.insert(elements.end(), std::make_move_iterator(got.begin()), std::make_move_iterator(got.end()));
  return rest;
}

inline Compact Compact::WithStrings(
    std::initializer_list<std::pair<std::string_view, std::string_view>> members) const {
  const ValueRef root = Root();
  if (!root.IsObject()) return Compact(root, pool_);
  compact_detail::Builder b(pool_);
  b.start_object(root.Size() + members.size());
  root.ForEachMember([&](std::string_view key, ValueRef value) {
    for (const auto& [k, v] : members) {
      if (k == key) return;  // replaced
    }
    b.Key(key);
    b.Copy(value);
  });
  for (const auto& [k, v] : members) {
    b.Key(k);
    b.StringValue(v);
  }
  b.end_object();
  return b.Finish();
}

inline Compact Compact::Parse(std::string_view text, std::shared_ptr<StringPool> pool) {
  std::optional<compact_detail::Builder> builder;
  detail::ParseWith(text, [&](auto&&...) -> compact_detail::Builder& {
    builder.emplace(pool);  // a fresh builder for each attempt (ParseWith may retry on repaired text)
    return *builder;
  });
  return builder->Finish();
}

inline Compact Compact::From(const nlohmann::json& v, std::shared_ptr<StringPool> pool) {
  // The document through the SAX interface, as Parse would have produced it.
  compact_detail::Builder b(std::move(pool));
  struct Frame {
    const nlohmann::json* value;
    nlohmann::json::const_iterator it;
  };
  std::vector<Frame> stack;
  auto visit_value = [&](const nlohmann::json& x) {
    if (x.is_string()) {
      b.StringValue(x.get_ref<const std::string&>());
    } else if (x.is_object()) {
      b.start_object(x.size());
      stack.push_back({&x, x.begin()});
    } else if (x.is_array()) {
      b.start_array(x.size());
      stack.push_back({&x, x.begin()});
    } else if (x.is_null() || x.is_discarded()) {
      b.null();
    } else if (x.is_boolean()) {
      b.boolean(x.get<bool>());
    } else if (x.is_number_unsigned()) {
      b.number_unsigned(x.get<std::uint64_t>());
    } else if (x.is_number_integer()) {
      b.number_integer(x.get<std::int64_t>());
    } else if (x.is_number_float()) {
      b.number_float(x.get<double>(), {});
    } else {
      throw Error("json: unsupported type: binary");
    }
  };
  visit_value(v);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.it == f.value->end()) {
      if (f.value->is_object()) {
        b.end_object();
      } else {
        b.end_array();
      }
      stack.pop_back();
      continue;
    }
    const auto it = f.it++;
    if (f.value->is_object()) b.Key(it.key());
    visit_value(*it);
  }
  return b.Finish();
}

namespace compact_detail {

// Scalar: a number or literal node as an nlohmann::json scalar (no allocation).
inline nlohmann::json Scalar(ValueRef v) {
  switch (v.Kind()) {
    case ValueKind::kFalse:
      return false;
    case ValueKind::kTrue:
      return true;
    case ValueKind::kInteger:
      return v.Int();
    case ValueKind::kUnsigned:
      return v.Unsigned();
    case ValueKind::kFloat:
      return v.Float();
    default:
      return nullptr;
  }
}

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

inline nlohmann::json ValueRef::ToJSON() const {
  nlohmann::json root;
  std::vector<nlohmann::json*> stack;
  std::string pending_key;
  auto place = [&](nlohmann::json value) -> nlohmann::json* {
    if (stack.empty()) {
      root = std::move(value);
      return &root;
    }
    nlohmann::json& c = *stack.back();
    if (c.is_object()) return &(c[pending_key] = std::move(value));
    c.push_back(std::move(value));
    return &c.back();
  };
  compact_detail::Walk(
      *this,
      [&](ValueRef x, bool is_key) {
        if (is_key) {
          pending_key.assign(x.String());
        } else if (x.IsString()) {
          place(std::string(x.String()));
        } else {
          place(compact_detail::Scalar(x));
        }
      },
      [&](ValueRef x) {
        nlohmann::json* c = place(x.IsObject() ? nlohmann::json::object() : nlohmann::json::array());
        stack.push_back(c);
      },
      [&](ValueRef) { stack.pop_back(); });
  return root;
}

inline void ValueRef::AppendMarshal(std::string& out) const {
  // first[i]: no member written yet in the i-th open container.
  std::vector<bool> first;
  auto sep = [&] {
    if (first.empty()) return;
    if (!first.back()) out += ',';
    first.back() = false;
  };
  bool after_key = false;
  compact_detail::Walk(
      *this,
      [&](ValueRef x, bool is_key) {
        if (is_key) {
          sep();
          AppendJSONQuote(out, x.String());
          out += ':';
          after_key = true;
          return;
        }
        if (!after_key) sep();
        after_key = false;
        if (x.IsString()) {
          AppendJSONQuote(out, x.String());
        } else if (x.IsAbsent() || x.IsNull()) {
          out += "null";
        } else {
          detail::AppendScalar(out, compact_detail::Scalar(x));
        }
      },
      [&](ValueRef x) {
        if (!after_key) sep();
        after_key = false;
        out += x.IsObject() ? '{' : '[';
        first.push_back(true);
      },
      [&](ValueRef x) {
        first.pop_back();
        out += x.IsObject() ? '}' : ']';
      });
}

inline bool operator==(const ValueRef& a, const ValueRef& b) {
  if (a.IsAbsent() || b.IsAbsent()) return a.IsAbsent() == b.IsAbsent();
  // Both documents hold objects in key order, so equal values have the same walk.
  std::vector<ValueRef> left;
  compact_detail::Walk(
      a, [&](ValueRef x, bool) { left.push_back(x); }, [&](ValueRef x) { left.push_back(x); },
      [&](ValueRef) {});
  std::size_t i = 0;
  bool equal = true;
  auto same = [&](ValueRef y) {
    if (!equal) return;
    if (i >= left.size()) {
      equal = false;
      return;
    }
    const ValueRef x = left[i++];
    if (x.IsNumber() && y.IsNumber()) {
      equal = compact_detail::Scalar(x) == compact_detail::Scalar(y);
    } else if (x.Kind() != y.Kind()) {
      equal = false;
    } else if (x.IsString()) {
      equal = x.String() == y.String();
    } else if (x.IsObject() || x.IsArray()) {
      equal = x.Size() == y.Size();
    }
  };
  compact_detail::Walk(
      b, [&](ValueRef y, bool) { same(y); }, [&](ValueRef y) { same(y); }, [&](ValueRef) {});
  return equal && i == left.size();
}

}  // namespace apimachinery::util::json
