// Definitions of the non-template functions declared in <apimachinery/util/managedfields/fieldpath.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/managedfields/fieldpath.hpp"

namespace apimachinery::managedfields {

APIMACHINERY_DECL PathElement PathElement::Field(std::string name) {
  PathElement pe;
  pe.field = std::move(name);
  return pe;
}

APIMACHINERY_DECL PathElement PathElement::Key(KeyFields fields) {
  PathElement pe;
  pe.type = Type::kKey;
  std::sort(fields.begin(), fields.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  pe.key = std::move(fields);
  return pe;
}

APIMACHINERY_DECL PathElement PathElement::Value(nlohmann::json v) {
  PathElement pe;
  pe.type = Type::kValue;
  pe.value = std::move(v);
  return pe;
}

APIMACHINERY_DECL PathElement PathElement::Index(std::int64_t i) {
  PathElement pe;
  pe.type = Type::kIndex;
  pe.index = i;
  return pe;
}

APIMACHINERY_DECL bool operator==(const PathElement& a, const PathElement& b) { return a.Compare(b) == 0; }

APIMACHINERY_DECL bool operator<(const PathElement& a, const PathElement& b) { return a.Compare(b) < 0; }

APIMACHINERY_DECL std::string PathString(const Path& p) {
  std::string out;
  for (const auto& pe : p) out += pe.String();
  return out;
}

APIMACHINERY_DECL void Set::Insert(const Path& p) { Insert(p.data(), p.size()); }

APIMACHINERY_DECL const std::vector<PathElement>& Set::Members() const noexcept { return members_; }

APIMACHINERY_DECL auto Set::Children() const noexcept -> const std::vector<Child>& { return children_; }

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL int Rank(const nlohmann::json& v) {
  if (v.is_number()) return 0;
  if (v.is_string()) return 1;
  if (v.is_boolean()) return 2;
  if (v.is_array()) return 3;
  if (v.is_object()) return 4;
  return 5;
}

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL int CompareValues(const nlohmann::json& a, const nlohmann::json& b) {
  const int ra = internal::Rank(a);
  const int rb = internal::Rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      if (a.is_number_float() || b.is_number_float()) return internal::Sign(a.get<double>(), b.get<double>());
      if (a.is_number_unsigned() && b.is_number_unsigned())
        return internal::Sign(a.get<std::uint64_t>(), b.get<std::uint64_t>());
      if (a.is_number_unsigned() && a.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) return 1;
      if (b.is_number_unsigned() && b.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) return -1;
      return internal::Sign(a.get<std::int64_t>(), b.get<std::int64_t>());
    case 1: {
      const int c = a.get_ref<const std::string&>().compare(b.get_ref<const std::string&>());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case 2:
      return internal::Sign(a.get<bool>(), b.get<bool>());
    case 3: {
      const std::size_t n = std::min(a.size(), b.size());
      for (std::size_t i = 0; i < n; ++i) {
        if (int c = CompareValues(a[i], b[i]); c != 0) return c;
      }
      return internal::Sign(a.size(), b.size());
    }
    case 4: {
      // value.MapCompare: keys in order, then values; the shorter map first.
      auto ia = a.begin();
      auto ib = b.begin();
      for (; ia != a.end() && ib != b.end(); ++ia, ++ib) {
        if (int c = ia.key().compare(ib.key()); c != 0) return c < 0 ? -1 : 1;
        if (int c = CompareValues(ia.value(), ib.value()); c != 0) return c;
      }
      return internal::Sign(a.size(), b.size());
    }
    default:
      return 0;
  }
}

APIMACHINERY_DECL std::string ValueString(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_number_float()) return util::FormatFloat(v.get<double>(), 'g');
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  if (v.is_string()) return util::Quote(v.get_ref<const std::string&>());
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i > 0) out += ',';
      out += ValueString(v[i]);
    }
    return out + "]";
  }
  std::string out;
  for (auto it = v.begin(); it != v.end(); ++it)
    out += fmt::format("{}={}", it.key(), ValueString(it.value()));
  return out;
}

APIMACHINERY_DECL int PathElement::Compare(const PathElement& o) const {
  if (type != o.type) return static_cast<int>(type) < static_cast<int>(o.type) ? -1 : 1;
  switch (type) {
    case Type::kField: {
      const int c = field.compare(o.field);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case Type::kKey: {
      // value.FieldList.Compare: name by name, value by value; the shorter list first.
      const std::size_t n = std::min(key.size(), o.key.size());
      for (std::size_t i = 0; i < n; ++i) {
        if (int c = key[i].first.compare(o.key[i].first); c != 0) return c < 0 ? -1 : 1;
        if (int c = CompareValues(key[i].second, o.key[i].second); c != 0) return c;
      }
      return internal::Sign(key.size(), o.key.size());
    }
    case Type::kValue:
      return CompareValues(value, o.value);
    case Type::kIndex:
      return internal::Sign(index, o.index);
  }
  return 0;
}

APIMACHINERY_DECL std::string PathElement::String() const {
  switch (type) {
    case Type::kField:
      return "." + field;
    case Type::kKey: {
      std::string out = "[";
      for (std::size_t i = 0; i < key.size(); ++i) {
        if (i > 0) out += ',';
        out += key[i].first;
        out += '=';
        out += ValueString(key[i].second);
      }
      return out + "]";
    }
    case Type::kValue:
      return "[=" + ValueString(value) + "]";
    case Type::kIndex:
      return fmt::format("[{}]", index);
  }
  return "{{invalid path element}}";
}

APIMACHINERY_DECL std::string PathElement::Serialize() const {
  switch (type) {
    case Type::kField:
      return "f:" + field;
    case Type::kKey: {
      std::string out = "k:{";
      for (std::size_t i = 0; i < key.size(); ++i) {
        if (i > 0) out += ',';
        out += util::JSONQuote(key[i].first);
        out += ':';
        out += util::json::Marshal(key[i].second);
      }
      return out + "}";
    }
    case Type::kValue:
      return "v:" + util::json::Marshal(value);
    case Type::kIndex:
      return fmt::format("i:{}", index);
  }
  return {};
}

APIMACHINERY_DECL bool PathElement::Deserialize(std::string_view s, PathElement& out) {
  if (s.size() < 2) throw Error("key must be 2 characters long:");
  if (s[1] != ':') throw Error(fmt::format("missing colon: {}", s));
  const std::string_view rest = s.substr(2);
  auto parse = [&](std::string_view text) {
    try {
      return util::json::Parse(text);
    } catch (const std::exception& e) {
      throw Error(fmt::format("parsing key as path element: {}", e.what()));
    }
  };
  switch (s[0]) {
    case 'f':
      out = Field(std::string(rest));
      return true;
    case 'v':
      out = Value(parse(rest));
      return true;
    case 'k': {
      nlohmann::json obj = parse(rest);
      if (!obj.is_object()) throw Error(fmt::format("parsing key as path element: not an object: {}", rest));
      KeyFields fields;
      for (auto it = obj.begin(); it != obj.end(); ++it) fields.emplace_back(it.key(), it.value());
      out = Key(std::move(fields));
      return true;
    }
    case 'i': {
      out = Index(util::ParseInt(rest, 64, "Atoi"));
      return true;
    }
    default:
      return false;
  }
}

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL void InsertSorted(std::vector<PathElement>& v, const PathElement& pe) {
  if (v.empty() || v.back() < pe) {
    v.push_back(pe);
    return;
  }
  auto it = std::lower_bound(v.begin(), v.end(), pe);
  if (it == v.end() || !(*it == pe)) v.insert(it, pe);
}

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL bool Set::Empty() const {
  if (!members_.empty()) return false;
  for (const auto& c : children_) {
    if (!c.set.Empty()) return false;
  }
  return true;
}

APIMACHINERY_DECL Set* Set::Descend(const PathElement& pe) {
  if (children_.empty() || children_.back().pe < pe) {
    children_.push_back(Child{pe, Set{}});
    return &children_.back().set;
  }
  auto it = std::lower_bound(children_.begin(), children_.end(), pe,
                             [](const Child& c, const PathElement& e) { return c.pe < e; });
  if (it == children_.end() || !(it->pe == pe)) it = children_.insert(it, Child{pe, Set{}});
  return &it->set;
}

APIMACHINERY_DECL void Set::Insert(const PathElement* p, std::size_t n) {
  if (n == 0) return;
  Set* s = this;
  for (std::size_t i = 0; i + 1 < n; ++i) s = s->Descend(p[i]);
  internal::InsertSorted(s->members_, p[n - 1]);
}

APIMACHINERY_DECL Set Set::FromPaths(std::vector<Path> paths) {
  std::sort(paths.begin(), paths.end(), [](const Path& a, const Path& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (int c = a[i].Compare(b[i]); c != 0) return c < 0;
    }
    return a.size() < b.size();
  });
  Set out;
  for (const auto& p : paths) out.Insert(p);  // in order: every insert appends
  return out;
}

APIMACHINERY_DECL bool Set::HasMember(const PathElement& pe) const {
  return std::binary_search(members_.begin(), members_.end(), pe);
}

APIMACHINERY_DECL const Set* Set::ChildAt(const PathElement& pe) const {
  auto it = std::lower_bound(children_.begin(), children_.end(), pe,
                             [](const Child& c, const PathElement& e) { return c.pe < e; });
  if (it == children_.end() || !(it->pe == pe)) return nullptr;
  return &it->set;
}

APIMACHINERY_DECL bool Set::Has(const Path& p) const {
  if (p.empty()) return false;
  const Set* s = this;
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    s = s->ChildAt(p[i]);
    if (s == nullptr) return false;
  }
  return s->HasMember(p.back());
}

APIMACHINERY_DECL Set Set::WithPrefix(const PathElement& pe) const {
  const Set* s = ChildAt(pe);
  return s == nullptr ? Set{} : *s;
}

APIMACHINERY_DECL Set Set::Union(const Set& o) const {
  Set out;
  std::set_union(members_.begin(), members_.end(), o.members_.begin(), o.members_.end(),
                 std::back_inserter(out.members_));
  auto a = children_.begin();
  auto b = o.children_.begin();
  while (a != children_.end() || b != o.children_.end()) {
    if (b == o.children_.end() || (a != children_.end() && a->pe < b->pe)) {
      out.children_.push_back(*a++);
    } else if (a == children_.end() || b->pe < a->pe) {
      out.children_.push_back(*b++);
    } else {
      out.children_.push_back(Child{a->pe, a->set.Union(b->set)});
      ++a;
      ++b;
    }
  }
  return out;
}

APIMACHINERY_DECL Set Set::Intersection(const Set& o) const {
  Set out;
  std::set_intersection(members_.begin(), members_.end(), o.members_.begin(), o.members_.end(),
                        std::back_inserter(out.members_));
  auto a = children_.begin();
  auto b = o.children_.begin();
  while (a != children_.end() && b != o.children_.end()) {
    if (a->pe < b->pe) {
      ++a;
    } else if (b->pe < a->pe) {
      ++b;
    } else {
      Set s = a->set.Intersection(b->set);
      if (!s.Empty()) out.children_.push_back(Child{a->pe, std::move(s)});
      ++a;
      ++b;
    }
  }
  return out;
}

APIMACHINERY_DECL Set Set::Difference(const Set& o) const {
  Set out;
  std::set_difference(members_.begin(), members_.end(), o.members_.begin(), o.members_.end(),
                      std::back_inserter(out.members_));
  for (const auto& c : children_) {
    const Set* other = o.ChildAt(c.pe);
    Set s = other == nullptr ? c.set : c.set.Difference(*other);
    if (!s.Empty()) out.children_.push_back(Child{c.pe, std::move(s)});
  }
  return out;
}

APIMACHINERY_DECL Set Set::RecursiveDifference(const Set& o) const {
  Set out;
  std::set_difference(members_.begin(), members_.end(), o.members_.begin(), o.members_.end(),
                      std::back_inserter(out.members_));
  for (const auto& c : children_) {
    if (o.HasMember(c.pe)) continue;
    const Set* other = o.ChildAt(c.pe);
    Set s = other == nullptr ? c.set : c.set.RecursiveDifference(*other);
    if (!s.Empty()) out.children_.push_back(Child{c.pe, std::move(s)});
  }
  return out;
}

APIMACHINERY_DECL void Set::IterateFrom(Path& prefix, const std::function<void(const Path&)>& fn) const {
  for (const auto& m : members_) {
    prefix.push_back(m);
    fn(prefix);
    prefix.pop_back();
  }
  for (const auto& c : children_) {
    prefix.push_back(c.pe);
    c.set.IterateFrom(prefix, fn);
    prefix.pop_back();
  }
}

APIMACHINERY_DECL void Set::Iterate(const std::function<void(const Path&)>& fn) const {
  Path prefix;
  IterateFrom(prefix, fn);
}

APIMACHINERY_DECL std::size_t Set::Size() const {
  std::size_t n = members_.size();
  for (const auto& c : children_) n += c.set.Size();
  return n;
}

APIMACHINERY_DECL std::string Set::String() const {
  std::string out;
  Iterate([&](const Path& p) {
    out += PathString(p);
    out += '\n';
  });
  return out;
}

APIMACHINERY_DECL bool operator==(const Set& a, const Set& b) {
  if (a.members_.size() != b.members_.size() || a.children_.size() != b.children_.size()) return false;
  for (std::size_t i = 0; i < a.members_.size(); ++i) {
    if (!(a.members_[i] == b.members_[i])) return false;
  }
  for (std::size_t i = 0; i < a.children_.size(); ++i) {
    if (!(a.children_[i].pe == b.children_[i].pe) || !(a.children_[i].set == b.children_[i].set))
      return false;
  }
  return true;
}

APIMACHINERY_DECL void Set::EmitV1(std::string& out, bool include_self) const {
  bool first = true;
  auto field = [&](const PathElement& pe) {
    if (!first) out += ',';
    first = false;
    out += util::JSONQuote(pe.Serialize());
    out += ':';
  };
  if (include_self && !(members_.empty() && children_.empty())) {
    out += "\".\":{}";
    first = false;
  }
  std::size_t mi = 0;
  std::size_t ci = 0;
  while (mi < members_.size() || ci < children_.size()) {
    if (ci == children_.size() || (mi < members_.size() && members_[mi] < children_[ci].pe)) {
      field(members_[mi++]);
      out += "{}";
    } else if (mi == members_.size() || children_[ci].pe < members_[mi]) {
      field(children_[ci].pe);
      out += '{';
      children_[ci++].set.EmitV1(out, false);
      out += '}';
    } else {
      field(children_[ci].pe);
      out += '{';
      children_[ci++].set.EmitV1(out, true);
      out += '}';
      ++mi;
    }
  }
}

APIMACHINERY_DECL void Set::BuildV1(nlohmann::json& out, bool include_self) const {
  if (include_self && !(members_.empty() && children_.empty())) out["."] = nlohmann::json::object();
  for (const auto& m : members_) out[m.Serialize()] = nlohmann::json::object();
  for (const auto& c : children_) {
    nlohmann::json& sub = out[c.pe.Serialize()];
    const bool member = HasMember(c.pe);
    sub = nlohmann::json::object();
    c.set.BuildV1(sub, member);
  }
}

APIMACHINERY_DECL nlohmann::json Set::ToFieldsV1() const {
  nlohmann::json out = nlohmann::json::object();
  BuildV1(out, false);
  return out;
}

APIMACHINERY_DECL std::string Set::ToJSON() const {
  std::string out = "{";
  EmitV1(out, false);
  out += '}';
  return out;
}

// ReadV1: serialize.go readIterV1. Returns whether the subtree is (also) a member of its parent;
// `children` points at `storage` when the subtree has members or children of its own.
APIMACHINERY_DECL bool Set::ReadV1(const nlohmann::json& obj, Set*& children, Set& storage) {
  if (!obj.is_object()) throw Error("managedFields parsing: expected an object");
  bool is_member = false;
  children = nullptr;
  // Collected, then sorted once: the keys' byte order is not the elements' order (`i:10` before
  // `i:2`), and two spellings may name one element (`v:1`, `v:1.0`: merged).
  std::vector<PathElement> members;
  std::vector<Child> subtrees;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (it.key() == ".") {
      is_member = true;
      continue;
    }
    PathElement pe;
    if (!PathElement::Deserialize(it.key(), pe)) continue;  // a future element type: dropped
    Set grand_storage;
    Set* grand = nullptr;
    const bool child_is_member = ReadV1(it.value(), grand, grand_storage);
    if (child_is_member) members.push_back(pe);
    if (grand != nullptr) subtrees.push_back(Child{std::move(pe), std::move(grand_storage)});
  }
  if (!members.empty() || !subtrees.empty()) {
    children = &storage;
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    storage.members_ = std::move(members);
    std::stable_sort(subtrees.begin(), subtrees.end(),
                     [](const Child& a, const Child& b) { return a.pe < b.pe; });
    for (auto& c : subtrees) {
      if (!storage.children_.empty() && storage.children_.back().pe == c.pe) {
        storage.children_.back().set = storage.children_.back().set.Union(c.set);
      } else {
        storage.children_.push_back(std::move(c));
      }
    }
  }
  if (children == nullptr) is_member = true;
  return is_member;
}

APIMACHINERY_DECL Set Set::FromFieldsV1(const nlohmann::json& doc) {
  Set storage;
  Set* children = nullptr;
  ReadV1(doc, children, storage);
  return children == nullptr ? Set{} : std::move(storage);
}

APIMACHINERY_DECL Set Set::FromJSON(std::string_view raw) {
  nlohmann::json doc;
  try {
    doc = util::json::Parse(raw);
  } catch (const std::exception& e) {
    throw Error(fmt::format("managedFields parsing: {}", e.what()));
  }
  return FromFieldsV1(doc);
}

}  // namespace apimachinery::managedfields
