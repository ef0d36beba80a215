// Definitions of the non-template functions declared in <apimachinery/util/json/compact.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/json/compact.hpp"

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL ValueKind KindOf(const Node& n) noexcept { return static_cast<ValueKind>(n.head & 0xFu); }

APIMACHINERY_DECL bool IsNumber(ValueKind k) noexcept {
  return k == ValueKind::kInteger || k == ValueKind::kUnsigned || k == ValueKind::kFloat;
}

APIMACHINERY_DECL std::uint32_t CountOf(const Node& n) noexcept { return n.head >> kKindBits; }

APIMACHINERY_DECL std::uint32_t SpanOf(const Node& n) noexcept {
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

[[noreturn]] APIMACHINERY_DECL void TooLarge() {
  throw Error("json: document too large for a compact document");
}

APIMACHINERY_DECL std::string_view StringOf(const Node& n, const char* chars) noexcept {
  if (n.extra & kPooled) [[unlikely]] {
    const StringPool* pool;
    std::memcpy(&pool, chars - kPoolPointerBytes, kPoolPointerBytes);
    return pool->View(n.extra & ~kPooled);
  }
  return {chars + n.extra, CountOf(n)};
}

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL ValueKind ValueRef::Kind() const noexcept {
  return node_ ? compact_detail::KindOf(*node_) : ValueKind::kAbsent;
}

APIMACHINERY_DECL bool ValueRef::IsAbsent() const noexcept { return node_ == nullptr; }

APIMACHINERY_DECL ValueRef::operator bool() const noexcept { return node_ != nullptr; }

APIMACHINERY_DECL bool ValueRef::IsNull() const noexcept { return Kind() == ValueKind::kNull; }

APIMACHINERY_DECL bool ValueRef::IsBool() const noexcept {
  return Kind() == ValueKind::kFalse || Kind() == ValueKind::kTrue;
}

APIMACHINERY_DECL bool ValueRef::IsNumber() const noexcept {
  const auto k = Kind();
  return k == ValueKind::kInteger || k == ValueKind::kUnsigned || k == ValueKind::kFloat;
}

APIMACHINERY_DECL bool ValueRef::IsString() const noexcept { return Kind() == ValueKind::kString; }

APIMACHINERY_DECL bool ValueRef::IsObject() const noexcept { return Kind() == ValueKind::kObject; }

APIMACHINERY_DECL bool ValueRef::IsArray() const noexcept { return Kind() == ValueKind::kArray; }

APIMACHINERY_DECL bool ValueRef::Bool() const noexcept { return Kind() == ValueKind::kTrue; }

APIMACHINERY_DECL std::int64_t ValueRef::Int() const noexcept {
  return Kind() == ValueKind::kInteger ? Bits<std::int64_t>() : 0;
}

APIMACHINERY_DECL std::uint64_t ValueRef::Unsigned() const noexcept {
  return Kind() == ValueKind::kUnsigned ? Bits<std::uint64_t>() : 0;
}

APIMACHINERY_DECL double ValueRef::Float() const noexcept {
  return Kind() == ValueKind::kFloat ? Bits<double>() : 0;
}

APIMACHINERY_DECL std::string_view ValueRef::String() const noexcept {
  if (Kind() != ValueKind::kString) return {};
  return compact_detail::StringOf(*node_, chars_);
}

APIMACHINERY_DECL std::size_t ValueRef::Size() const noexcept {
  const auto k = Kind();
  return k == ValueKind::kObject || k == ValueKind::kArray ? compact_detail::CountOf(*node_) : 0;
}

APIMACHINERY_DECL ValueRef ValueRef::Find(std::string_view key) const noexcept {
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

APIMACHINERY_DECL ValueRef ValueRef::At(std::size_t i) const noexcept {
  if (Kind() != ValueKind::kArray || i >= Size()) return {};
  const compact_detail::Node* p = node_ + 1;
  while (i-- > 0) p += compact_detail::SpanOf(*p);
  return ValueRef(p, chars_);
}

APIMACHINERY_DECL ValueRef::ValueRef(const compact_detail::Node* node, const char* chars) noexcept
    : node_(node), chars_(chars) {}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL const Node* NodeOf(ValueRef v) noexcept { return v.node_; }

APIMACHINERY_DECL const char* CharsOf(ValueRef v) noexcept { return v.chars_; }

APIMACHINERY_DECL ValueRef MakeRef(const Node* n, const char* chars) noexcept { return ValueRef(n, chars); }

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL Compact::Compact(const Compact& o) : Compact(o.Root(), o.pool_) {}

APIMACHINERY_DECL Compact& Compact::operator=(const Compact& o) {
  if (this != &o) *this = Compact(o.Root(), o.pool_);
  return *this;
}

APIMACHINERY_DECL ValueRef Compact::Root() const noexcept { return ValueRef(nodes(), chars()); }

APIMACHINERY_DECL nlohmann::json Compact::ToJSON() const { return Root().ToJSON(); }

APIMACHINERY_DECL std::string Compact::Marshal() const {
  std::string out;
  out.reserve(chars_bytes_ + node_count_ * 2);
  Root().AppendMarshal(out);
  return out;
}

APIMACHINERY_DECL std::size_t Compact::HeapBytes() const noexcept { return CharsAt() + chars_bytes_; }

APIMACHINERY_DECL const std::shared_ptr<StringPool>& Compact::Pool() const noexcept { return pool_; }

APIMACHINERY_DECL bool operator==(const Compact& a, const Compact& b) { return a.Root() == b.Root(); }

APIMACHINERY_DECL Compact::Compact(Unfilled) noexcept {}

APIMACHINERY_DECL const compact_detail::Node* Compact::nodes() const noexcept {
  return reinterpret_cast<const compact_detail::Node*>(block_.get());
}

APIMACHINERY_DECL std::size_t Compact::CharsAt() const noexcept {
  return node_count_ * sizeof(compact_detail::Node) + (pool_ ? compact_detail::kPoolPointerBytes : 0);
}

APIMACHINERY_DECL const char* Compact::chars() const noexcept {
  return reinterpret_cast<const char*>(block_.get()) + CharsAt();
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL Builder::Builder(std::shared_ptr<StringPool> pool) : pool_(std::move(pool)) {
  nodes_.reserve(64);
  if (pool_) intern_below_ = pool_->options().max_length + 1;
}

APIMACHINERY_DECL bool Builder::null() { return Leaf(ValueKind::kNull); }

APIMACHINERY_DECL bool Builder::boolean(bool v) { return Leaf(v ? ValueKind::kTrue : ValueKind::kFalse); }

APIMACHINERY_DECL bool Builder::number_integer(number_integer_t v) { return Number(ValueKind::kInteger, v); }

APIMACHINERY_DECL bool Builder::number_unsigned(number_unsigned_t v) {
  // nlohmann reports every non-negative integer as unsigned; keep the int64 kind where it fits,
  // as nlohmann's DOM does not (it keeps number_unsigned) but Equal and Marshal do not care.
  return Number(ValueKind::kUnsigned, v);
}

APIMACHINERY_DECL bool Builder::number_float(number_float_t v, const string_t&) {
  return Number(ValueKind::kFloat, v);
}

APIMACHINERY_DECL bool Builder::string(string_t& v) { return StringValue(v); }

APIMACHINERY_DECL bool Builder::binary(binary_t&) { throw Error("json: unsupported type: binary"); }

APIMACHINERY_DECL bool Builder::start_object(std::size_t) { return Open(ValueKind::kObject); }

APIMACHINERY_DECL bool Builder::key(string_t& v) { return Key(v); }

APIMACHINERY_DECL bool Builder::end_object() { return Close(); }

APIMACHINERY_DECL bool Builder::start_array(std::size_t) { return Open(ValueKind::kArray); }

APIMACHINERY_DECL bool Builder::end_array() { return Close(); }

APIMACHINERY_DECL bool Builder::StringValue(std::string_view v) {
  String(v, v.size() < intern_below_ && InternedValue());
  Counted();
  return true;
}

APIMACHINERY_DECL bool Builder::Key(std::string_view v) {
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

APIMACHINERY_DECL auto Builder::RoleOfKey(std::string_view k) noexcept -> Role {
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

APIMACHINERY_DECL bool Builder::InternedValue() const noexcept {
  if (stack_.empty()) return false;
  const Frame& f = stack_.back();
  if (f.object) return f.next == Role::kValue || f.role == Role::kLabels;
  return f.role == Role::kFinalizers;
}

APIMACHINERY_DECL void Builder::String(std::string_view s, bool candidate) {
  if (s.size() > kMaxCount) TooLarge();
  const std::uint32_t off = Append(s);
  Push(
      Node{static_cast<std::uint32_t>(ValueKind::kString) | static_cast<std::uint32_t>(s.size()) << kKindBits,
           candidate ? off | kPooled : off});
  candidates_ += candidate ? 1 : 0;
}

APIMACHINERY_DECL void Builder::Push(Node n) {
  if (nodes_.size() >= UINT32_MAX - 2) TooLarge();
  nodes_.push_back(n);
}

APIMACHINERY_DECL void Builder::Counted() {
  if (!stack_.empty()) {
    Frame& f = stack_.back();
    // An object counts a member at its value (the key came first).
    if (++f.count > kMaxCount) TooLarge();
  }
}

APIMACHINERY_DECL bool Builder::Leaf(ValueKind k) {
  Push(Node{static_cast<std::uint32_t>(k), 0});
  Counted();
  return true;
}

APIMACHINERY_DECL bool Builder::Open(ValueKind k) {
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

APIMACHINERY_DECL bool Builder::Close() {
  Frame f = stack_.back();
  stack_.pop_back();
  Node& n = nodes_[f.start];
  if (f.unordered) f.count = SortMembers(f.start, f.count);
  n.head |= f.count << kKindBits;
  n.extra = static_cast<std::uint32_t>(nodes_.size()) - f.start;
  return true;
}

APIMACHINERY_DECL std::string_view Builder::KeyAt(std::uint32_t i) const {
  return {chars_.data() + (nodes_[i].extra & ~kPooled), CountOf(nodes_[i])};
}

APIMACHINERY_DECL std::uint32_t Builder::Append(std::string_view s) {
  if (chars_.size() + s.size() > kMaxOffset) TooLarge();
  const auto off = static_cast<std::uint32_t>(chars_.size());
  chars_.append(s);
  return off;
}

APIMACHINERY_DECL std::uint32_t Builder::SortMembers(std::uint32_t start, std::uint32_t count) {
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

APIMACHINERY_DECL void Builder::Copy(ValueRef v) {
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

APIMACHINERY_DECL bool Builder::Intern() {
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

APIMACHINERY_DECL Compact Builder::Finish() {
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

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL Compact::Compact() {
  compact_detail::Builder b;
  b.null();
  *this = b.Finish();
}

APIMACHINERY_DECL Compact::Compact(ValueRef v, std::shared_ptr<StringPool> pool) {
  compact_detail::Builder b(std::move(pool));
  b.Copy(v);
  *this = b.Finish();
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL void CopyWithout(Builder& b, ValueRef v, const std::string_view* path, std::size_t n) {
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

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL Compact Compact::WithoutMember(std::initializer_list<std::string_view> path) const {
  compact_detail::Builder b(pool_);
  compact_detail::CopyWithout(b, Root(), path.begin(), path.size());
  return b.Finish();
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL Splitter::Splitter(std::string_view member, const std::shared_ptr<StringPool>& pool)
    : member_(member), root_(pool), pool_(pool) {}

APIMACHINERY_DECL bool Splitter::null() {
  return Scalar([](Builder& b) { b.null(); });
}

APIMACHINERY_DECL bool Splitter::boolean(bool v) {
  return Scalar([&](Builder& b) { b.boolean(v); });
}

APIMACHINERY_DECL bool Splitter::number_integer(Builder::number_integer_t v) {
  return Scalar([&](Builder& b) { b.number_integer(v); });
}

APIMACHINERY_DECL bool Splitter::number_unsigned(Builder::number_unsigned_t v) {
  return Scalar([&](Builder& b) { b.number_unsigned(v); });
}

APIMACHINERY_DECL bool Splitter::number_float(Builder::number_float_t v, const string_t& s) {
  return Scalar([&](Builder& b) { b.number_float(v, s); });
}

APIMACHINERY_DECL bool Splitter::string(string_t& v) {
  return Scalar([&](Builder& b) { b.StringValue(v); });
}

APIMACHINERY_DECL bool Splitter::binary(binary_t& v) { return root_.binary(v); }

APIMACHINERY_DECL bool Splitter::key(string_t& v) {
  if (InElement()) return element_->Key(v);
  if (depth_ == 1) {
    next_is_member_ = root_is_object_ && v == member_;
    if (next_is_member_) elements_.clear();  // a later duplicate wins
  }
  return root_.Key(v);
}

APIMACHINERY_DECL bool Splitter::start_object(std::size_t n) { return Open(true, n); }

APIMACHINERY_DECL bool Splitter::start_array(std::size_t n) { return Open(false, n); }

APIMACHINERY_DECL bool Splitter::end_object() { return Close(true); }

APIMACHINERY_DECL bool Splitter::end_array() { return Close(false); }

APIMACHINERY_DECL Compact Splitter::Finish() { return root_.Finish(); }

APIMACHINERY_DECL std::vector<Compact>& Splitter::Elements() noexcept { return elements_; }

APIMACHINERY_DECL bool Splitter::InElement() const noexcept { return in_member_ && depth_ >= 2; }

APIMACHINERY_DECL bool Splitter::Open(bool object, std::size_t n) {
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

APIMACHINERY_DECL bool Splitter::Close(bool object) {
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

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL Compact Compact::ParseSplitting(std::string_view text, std::string_view member,
                                                  std::vector<Compact>& elements,
                                                  std::shared_ptr<StringPool> pool) {
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

APIMACHINERY_DECL Compact
Compact::WithStrings(std::initializer_list<std::pair<std::string_view, std::string_view>> members) const {
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

APIMACHINERY_DECL Compact Compact::Parse(std::string_view text, std::shared_ptr<StringPool> pool) {
  std::optional<compact_detail::Builder> builder;
  detail::ParseWith(text, [&](auto&&...) -> compact_detail::Builder& {
    builder.emplace(pool);  // a fresh builder for each attempt (ParseWith may retry on repaired text)
    return *builder;
  });
  return builder->Finish();
}

APIMACHINERY_DECL Compact Compact::From(const nlohmann::json& v, std::shared_ptr<StringPool> pool) {
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

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::compact_detail {

APIMACHINERY_DECL nlohmann::json Scalar(ValueRef v) {
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

}  // namespace apimachinery::util::json::compact_detail

namespace apimachinery::util::json {

APIMACHINERY_DECL nlohmann::json ValueRef::ToJSON() const {
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

APIMACHINERY_DECL void ValueRef::AppendMarshal(std::string& out) const {
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

APIMACHINERY_DECL bool operator==(const ValueRef& a, const ValueRef& b) {
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
