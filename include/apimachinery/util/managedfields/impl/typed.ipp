// Definitions of the non-template functions declared in <apimachinery/util/managedfields/typed.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/managedfields/typed.hpp"

namespace apimachinery::managedfields {

APIMACHINERY_DECL const Type* Type::Field(std::string_view name) const {
  auto it = fields.find(name);
  return it == fields.end() ? nullptr : it->second.get();
}

APIMACHINERY_DECL bool Comparison::IsSame() const {
  return removed.Empty() && modified.Empty() && added.Empty();
}

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL TypeRef MakeDeducedMap() {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kMap;
  return t;
}

APIMACHINERY_DECL TypeRef MakeDeducedList() {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kList;
  t->relationship = Type::Relationship::kAtomic;
  return t;
}

APIMACHINERY_DECL const Type& DeducedMap() {
  static const TypeRef t = MakeDeducedMap();
  return *t;
}

APIMACHINERY_DECL const Type& DeducedList() {
  static const TypeRef t = MakeDeducedList();
  return *t;
}

APIMACHINERY_DECL const Type& ScalarType() {
  static const TypeRef t = [] {
    auto s = std::make_shared<Type>();
    s->kind = Type::Kind::kScalar;
    return TypeRef(s);
  }();
  return *t;
}

APIMACHINERY_DECL const Type& Resolve(const Type* t, const nlohmann::json* v) {
  const bool is_map = v == nullptr || v->is_null() || v->is_object();
  if (t != nullptr && t->kind != Type::Kind::kDeduced) {
    switch (t->kind) {
      case Type::Kind::kMap:
        if (is_map) return *t;
        break;
      case Type::Kind::kList:
        if (v == nullptr || v->is_null() || v->is_array()) return *t;
        break;
      default:
        if (v == nullptr || v->is_null() || v->is_primitive()) return *t;
        break;
    }
  }
  if (v == nullptr || v->is_null() || v->is_object()) return DeducedMap();
  if (v->is_array()) return DeducedList();
  return ScalarType();
}

APIMACHINERY_DECL const Type* MapChildType(const Type& m, std::string_view key) {
  if (const Type* f = m.Field(key)) return f;
  return m.element.get();
}

APIMACHINERY_DECL std::string Prefixed(const Path& path, std::string_view msg) {
  if (path.empty()) return std::string(msg);
  return fmt::format("{}: {}", PathString(path), msg);
}

APIMACHINERY_DECL PathElement ListItemElement(const Type& list, const nlohmann::json& item, const Path& path,
                                              std::size_t i) {
  auto fail = [&](std::string_view msg) -> ValidationError {
    return ValidationError(Prefixed(path, fmt::format("element {}: {}", i, msg)));
  };
  if (list.relationship != Type::Relationship::kAssociative)
    throw fail("invalid indexing of non-associative list");
  if (!list.keys.empty()) {
    if (item.is_null()) throw fail("associative list with keys may not have a null element");
    if (!item.is_object()) throw fail("associative list with keys may not have non-map elements");
    PathElement::KeyFields fields;
    for (const auto& k : list.keys) {
      auto it = item.find(k);
      if (it != item.end()) fields.emplace_back(k, *it);
    }
    if (fields.empty()) {
      std::string quoted;
      for (const auto& k : list.keys) quoted += (quoted.empty() ? "" : " ") + util::Quote(k);
      throw fail(
          fmt::format("associative list with keys has an element that omits all key fields [{}] (and "
                      "doesn't have default values for any key fields)",
                      quoted));
    }
    return PathElement::Key(std::move(fields));
  }
  if (item.is_object()) throw fail("associative list without keys has an element that's a map type");
  if (item.is_array()) throw fail("associative list without keys has an element that's a list type");
  return PathElement::Value(item);
}

APIMACHINERY_DECL void ToFieldSetWalk(const Type* t, const nlohmann::json& v, Path& path,
                                      std::vector<Path>& set) {
  const Type& a = Resolve(t, &v);
  switch (a.kind) {
    case Type::Kind::kList: {
      if (a.relationship == Type::Relationship::kAtomic) {
        if (!path.empty()) set.push_back(path);
        return;
      }
      if (!v.is_array()) return;
      std::vector<PathElement> pes;
      pes.reserve(v.size());
      for (std::size_t i = 0; i < v.size(); ++i) pes.push_back(ListItemElement(a, v[i], path, i));
      std::set<PathElement> seen;
      std::set<PathElement> dups;
      for (const auto& pe : pes) {
        if (!seen.insert(pe).second && dups.insert(pe).second) {
          path.push_back(pe);
          if (!path.empty()) set.push_back(path);
          path.pop_back();
        }
      }
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (dups.count(pes[i]) != 0) continue;
        path.push_back(pes[i]);
        ToFieldSetWalk(a.element.get(), v[i], path, set);
        if (!path.empty()) set.push_back(path);
        path.pop_back();
      }
      return;
    }
    case Type::Kind::kMap: {
      if (a.relationship == Type::Relationship::kAtomic) {
        if (!path.empty()) set.push_back(path);
        return;
      }
      if (!v.is_object()) return;
      for (auto it = v.begin(); it != v.end(); ++it) {
        path.push_back(PathElement::Field(it.key()));
        ToFieldSetWalk(MapChildType(a, it.key()), it.value(), path, set);
        const nlohmann::json& c = it.value();
        if (c.is_null() || (c.is_object() && c.empty()) || a.Field(it.key()) == nullptr)
          if (!path.empty()) set.push_back(path);
        path.pop_back();
      }
      return;
    }
    default:
      if (!path.empty()) set.push_back(path);
      return;
  }
}

APIMACHINERY_DECL void CompareWalker::Paths::Insert(std::vector<Path>& v, const Path& p) {
  if (!p.empty()) v.push_back(p);
}

APIMACHINERY_DECL void CompareWalker::Sink::Insert(const Path& p) { paths.Insert(v, p); }

APIMACHINERY_DECL void CompareWalker::Leaf(bool& in_leaf, const nlohmann::json* l, const nlohmann::json* r) {
  if (in_leaf) return;
  in_leaf = true;
  if (l == nullptr) {
    c.added.Insert(path);
  } else if (r == nullptr) {
    c.removed.Insert(path);
  } else if (!util::json::Equal(*l, *r)) {
    c.modified.Insert(path);
  }
}

APIMACHINERY_DECL void CompareWalker::Handle(const Type& a, bool& in_leaf, const nlohmann::json* l,
                                             const nlohmann::json* r) {
  switch (a.kind) {
    case Type::Kind::kList: {
      const nlohmann::json* ll = l != nullptr && l->is_array() ? l : nullptr;
      const nlohmann::json* rl = r != nullptr && r->is_array() ? r : nullptr;
      const bool empty = (ll == nullptr || ll->empty()) && (rl == nullptr || rl->empty());
      if (a.relationship == Type::Relationship::kAtomic || empty) {
        Leaf(in_leaf, l, r);
        return;
      }
      ListItems(a, ll, rl);
      return;
    }
    case Type::Kind::kMap: {
      const nlohmann::json* lm = l != nullptr && l->is_object() ? l : nullptr;
      const nlohmann::json* rm = r != nullptr && r->is_object() ? r : nullptr;
      const bool empty = (lm == nullptr || lm->empty()) && (rm == nullptr || rm->empty());
      if (a.relationship == Type::Relationship::kAtomic || empty) {
        Leaf(in_leaf, l, r);
        return;
      }
      auto visit = [&](const std::string& key, const nlohmann::json* lv, const nlohmann::json* rv) {
        path.push_back(PathElement::Field(key));
        Walk(MapChildType(a, key), lv, rv);
        path.pop_back();
      };
      ZipMaps(lm, rm, visit);
      return;
    }
    default:
      Leaf(in_leaf, l, r);
      return;
  }
}

APIMACHINERY_DECL void CompareWalker::ListItems(const Type& a, const nlohmann::json* l,
                                                const nlohmann::json* r) {
  // Each side's items by path element (duplicates grouped); the order of the walk does not
  // matter: the results are sets.
  using Items = std::map<PathElement, std::vector<const nlohmann::json*>>;
  Items lv;
  Items rv;
  std::set<PathElement> all;
  auto index = [&](const nlohmann::json* list, Items& out) {
    if (list == nullptr) return;
    for (std::size_t i = 0; i < list->size(); ++i) {
      PathElement pe = ListItemElement(a, (*list)[i], path, i);
      all.insert(pe);
      out[std::move(pe)].push_back(&(*list)[i]);
    }
  };
  index(l, lv);
  index(r, rv);
  auto get = [](const Items& v, const PathElement& pe) -> const std::vector<const nlohmann::json*>& {
    static const std::vector<const nlohmann::json*> kNone;
    auto it = v.find(pe);
    return it == v.end() ? kNone : it->second;
  };
  for (const auto& pe : all) {
    const auto& ll = get(lv, pe);
    const auto& rl = get(rv, pe);
    path.push_back(pe);
    if (ll.size() <= 1 && rl.size() <= 1) {
      Walk(a.element.get(), ll.empty() ? nullptr : ll[0], rl.empty() ? nullptr : rl[0]);
    } else if (ll.size() >= 2 && rl.size() >= 2) {
      bool same = ll.size() == rl.size();
      for (std::size_t i = 0; same && i < ll.size(); ++i) same = util::json::Equal(*ll[i], *rl[i]);
      if (!same) c.modified.Insert(path);
    } else if (ll.size() >= 2) {
      if (!rl.empty()) Walk(a.element.get(), nullptr, rl[0]);
      c.removed.Insert(path);
    } else {
      if (!ll.empty()) Walk(a.element.get(), ll[0], nullptr);
      c.added.Insert(path);
    }
    path.pop_back();
  }
}

APIMACHINERY_DECL void CompareWalker::Walk(const Type* t, const nlohmann::json* l, const nlohmann::json* r) {
  bool in_leaf = false;
  const Type& al = Resolve(t, l);
  const Type& ar = Resolve(t, r);
  if (r == nullptr) {
    Handle(al, in_leaf, l, r);
  } else if (l == nullptr || &al == &ar) {
    Handle(ar, in_leaf, l, r);
  } else {
    bool in_leaf2 = in_leaf;
    Handle(al, in_leaf2, l, r);
    Handle(ar, in_leaf, l, r);
  }
  if (!in_leaf) {
    if (l == nullptr) {
      c.added.Insert(path);
    } else if (r == nullptr) {
      c.removed.Insert(path);
    }
  }
}

APIMACHINERY_DECL bool MergeWalker::Handle(const Type& a, bool& in_leaf, const nlohmann::json* l,
                                           const nlohmann::json* r, std::optional<nlohmann::json>& out) {
  auto leaf = [&] {
    if (in_leaf) return;
    in_leaf = true;
    if (r != nullptr) {
      out = *r;
    } else if (l != nullptr) {
      out = *l;
    }
  };
  switch (a.kind) {
    case Type::Kind::kList: {
      const nlohmann::json* ll = l != nullptr && l->is_array() ? l : nullptr;
      const nlohmann::json* rl = r != nullptr && r->is_array() ? r : nullptr;
      const bool empty = (ll == nullptr || ll->empty()) && (rl == nullptr || rl->empty());
      if (a.relationship == Type::Relationship::kAtomic || empty) {
        leaf();
        break;
      }
      ListItems(a, ll, rl, out);
      break;
    }
    case Type::Kind::kMap: {
      const nlohmann::json* lm = l != nullptr && l->is_object() ? l : nullptr;
      const nlohmann::json* rm = r != nullptr && r->is_object() ? r : nullptr;
      const bool empty = (lm == nullptr || lm->empty()) && (rm == nullptr || rm->empty());
      if (a.relationship == Type::Relationship::kAtomic || empty) {
        leaf();
        break;
      }
      nlohmann::json m = nlohmann::json::object();
      auto visit = [&](const std::string& key, const nlohmann::json* lv, const nlohmann::json* rv) {
        path.push_back(PathElement::Field(key));
        std::optional<nlohmann::json> child = Walk(MapChildType(a, key), lv, rv);
        path.pop_back();
        if (child) m[key] = std::move(*child);
      };
      ZipMaps(lm, rm, visit);
      if (!m.empty()) out = std::move(m);
      break;
    }
    default:
      leaf();
      break;
  }
  return out.has_value();
}

APIMACHINERY_DECL const nlohmann::json* MergeWalker::Indexed::Get(const PathElement& pe, bool& found) const {
  auto it = observed.find(pe);
  found = it != observed.end();
  return found ? it->second : nullptr;
}

APIMACHINERY_DECL auto MergeWalker::Index(const Type& a, const nlohmann::json* list, bool allow_duplicates)
    -> Indexed {
  Indexed ix;
  if (list == nullptr) return ix;
  for (std::size_t i = 0; i < list->size(); ++i) {
    PathElement pe = ListItemElement(a, (*list)[i], path, i);
    bool found = false;
    ix.Get(pe, found);
    if (found && !allow_duplicates) {
      throw ValidationError(Prefixed(path, fmt::format("duplicate entries for key {}", pe.String())));
    }
    if (!found) {
      ix.observed.emplace(pe, &(*list)[i]);
    } else {
      ix.observed[pe] = nullptr;
    }
    ix.pes.push_back(std::move(pe));
  }
  return ix;
}

APIMACHINERY_DECL void MergeWalker::ListItems(const Type& a, const nlohmann::json* l, const nlohmann::json* r,
                                              std::optional<nlohmann::json>& out) {
  static const nlohmann::json kNull;
  const Indexed rhs = Index(a, r, false);
  const Indexed lhs = Index(a, l, true);
  auto value_of = [&](const Indexed& ix, const PathElement& pe) -> const nlohmann::json* {
    bool found = false;
    const nlohmann::json* v = ix.Get(pe, found);
    if (!found) return nullptr;
    return v == nullptr ? &kNull : v;  // a duplicated item merges as null
  };
  std::vector<const PathElement*> shared;
  for (const auto& pe : rhs.pes) {
    bool found = false;
    lhs.Get(pe, found);
    if (found) shared.push_back(&pe);
  }
  std::size_t next_shared_i = 0;
  const PathElement* next_shared = nullptr;
  auto advance_shared = [&] {
    next_shared = next_shared_i < shared.size() ? shared[next_shared_i++] : nullptr;
  };
  advance_shared();
  std::set<PathElement> merged_rhs;
  auto merged = [&](const PathElement& pe) { return merged_rhs.count(pe) != 0; };
  nlohmann::json items = nlohmann::json::array();
  auto merge_item = [&](const PathElement& pe, const nlohmann::json* lc, const nlohmann::json* rc) {
    path.push_back(pe);
    std::optional<nlohmann::json> o = Walk(a.element.get(), lc, rc);
    path.pop_back();
    if (o) items.push_back(std::move(*o));
  };
  const std::size_t ln = lhs.pes.size();
  const std::size_t rn = rhs.pes.size();
  for (std::size_t li = 0, ri = 0; li < ln || ri < rn;) {
    if (li < ln && ri < rn) {
      const PathElement& pe = lhs.pes[li];
      if (pe == rhs.pes[ri]) {
        merged_rhs.insert(pe);
        merge_item(pe, value_of(lhs, pe), value_of(rhs, pe));
        ++li;
        ++ri;
        advance_shared();
        continue;
      }
      bool in_rhs = false;
      rhs.Get(pe, in_rhs);
      if (in_rhs && next_shared != nullptr && !(*next_shared == pe)) {
        ++li;
        continue;
      }
    }
    if (li < ln) {
      const PathElement& pe = lhs.pes[li];
      bool in_rhs = false;
      rhs.Get(pe, in_rhs);
      if (!in_rhs) {
        merge_item(pe, &(*l)[li], nullptr);
        ++li;
        continue;
      }
      if (merged(pe)) ++li;
    }
    if (ri < rn) {
      const PathElement& pe = rhs.pes[ri];
      merged_rhs.insert(pe);
      merge_item(pe, value_of(lhs, pe), value_of(rhs, pe));
      ++ri;
      if (next_shared != nullptr && *next_shared == pe) advance_shared();
    }
  }
  if (!items.empty()) out = std::move(items);
}

APIMACHINERY_DECL std::optional<nlohmann::json> MergeWalker::Walk(const Type* t, const nlohmann::json* l,
                                                                  const nlohmann::json* r) {
  std::optional<nlohmann::json> out;
  bool in_leaf = false;
  const Type& al = Resolve(t, l);
  const Type& ar = Resolve(t, r);
  if (r == nullptr) {
    Handle(al, in_leaf, l, r, out);
  } else if (l == nullptr || &al == &ar) {
    Handle(ar, in_leaf, l, r, out);
  } else {
    bool in_leaf2 = in_leaf;
    std::optional<nlohmann::json> ignored;
    Handle(al, in_leaf2, l, r, ignored);
    Handle(ar, in_leaf, l, r, out);
  }
  return out;
}

APIMACHINERY_DECL nlohmann::json RemoveWalk(const Type* t, const nlohmann::json& v, const Set& s) {
  const Type& a = Resolve(t, &v);
  switch (a.kind) {
    case Type::Kind::kList: {
      if (!v.is_array() || v.empty() || a.relationship == Type::Relationship::kAtomic) return nullptr;
      nlohmann::json items = nlohmann::json::array();
      Path none;
      for (std::size_t i = 0; i < v.size(); ++i) {
        PathElement pe = ListItemElement(a, v[i], none, i);
        if (s.HasMember(pe)) continue;
        const Set* sub = s.ChildAt(pe);
        if (sub != nullptr && !sub->Empty()) {
          items.push_back(RemoveWalk(a.element.get(), v[i], *sub));
        } else {
          items.push_back(v[i]);
        }
      }
      if (items.empty()) return nullptr;
      return items;
    }
    case Type::Kind::kMap: {
      if (!v.is_object() || v.empty() || a.relationship == Type::Relationship::kAtomic) return nullptr;
      nlohmann::json m = nlohmann::json::object();
      for (auto it = v.begin(); it != v.end(); ++it) {
        const PathElement pe = PathElement::Field(it.key());
        if (s.HasMember(pe)) continue;
        const Set* sub = s.ChildAt(pe);
        if (sub != nullptr && !sub->Empty()) {
          m[it.key()] = RemoveWalk(MapChildType(a, it.key()), it.value(), *sub);
        } else {
          m[it.key()] = it.value();
        }
      }
      if (m.empty()) return nullptr;
      return m;
    }
    default:
      return v;
  }
}

APIMACHINERY_DECL void EnsureNamedWalk(const Set& s, const Type* t, Path& prefix, std::vector<Path>& out) {
  // set.go: Set.EnsureNamedFieldsAreMembers and SetNodeMap.EnsureNamedFieldsAreMembers.
  for (const auto& m : s.Members()) {
    prefix.push_back(m);
    out.push_back(prefix);
    prefix.pop_back();
  }
  for (const auto& c : s.Children()) {
    const Type* child_type = nullptr;
    prefix.push_back(c.pe);
    if (t != nullptr && t->kind == Type::Kind::kMap && c.pe.type == PathElement::Type::kField) {
      if (const Type* f = t->Field(c.pe.field)) {
        out.push_back(prefix);
        child_type = f;
      } else {
        child_type = t->element.get();
      }
    } else if (t != nullptr && t->kind == Type::Kind::kList) {
      child_type = t->element.get();
    }
    EnsureNamedWalk(c.set, child_type, prefix, out);
    prefix.pop_back();
  }
}

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL Set ToFieldSet(const Type& t, const nlohmann::json& v) {
  std::vector<Path> paths;
  Path path;
  internal::ToFieldSetWalk(&t, v, path, paths);
  return Set::FromPaths(std::move(paths));
}

APIMACHINERY_DECL Comparison Compare(const Type& t, const nlohmann::json& lhs, const nlohmann::json& rhs) {
  internal::CompareWalker::Paths paths;
  Path path;
  internal::CompareWalker w{{{paths, paths.removed}, {paths, paths.modified}, {paths, paths.added}}, path};
  w.Walk(&t, &lhs, &rhs);
  Comparison c;
  c.removed = Set::FromPaths(std::move(paths.removed));
  c.modified = Set::FromPaths(std::move(paths.modified));
  c.added = Set::FromPaths(std::move(paths.added));
  return c;
}

APIMACHINERY_DECL nlohmann::json Merge(const Type& t, const nlohmann::json& lhs, const nlohmann::json& rhs) {
  Path path;
  internal::MergeWalker w{path};
  std::optional<nlohmann::json> out = w.Walk(&t, &lhs, &rhs);
  return out ? std::move(*out) : nlohmann::json::object();
}

APIMACHINERY_DECL nlohmann::json RemoveItems(const Type& t, const nlohmann::json& v, const Set& s) {
  nlohmann::json out = internal::RemoveWalk(&t, v, s);
  return out.is_null() ? nlohmann::json::object() : out;
}

APIMACHINERY_DECL Set EnsureNamedFieldsAreMembers(const Set& s, const Type& t) {
  std::vector<Path> paths;
  Path prefix;
  internal::EnsureNamedWalk(s, &t, prefix, paths);
  return Set::FromPaths(std::move(paths));
}

APIMACHINERY_DECL const TypeRef& DeducedType() {
  static const TypeRef t = std::make_shared<const Type>();
  return t;
}

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL TypeRef Scalar() {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kScalar;
  return t;
}

APIMACHINERY_DECL TypeRef MapOf(TypeRef element) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kMap;
  t->element = std::move(element);
  return t;
}

APIMACHINERY_DECL TypeRef Struct(std::initializer_list<std::pair<const char*, TypeRef>> fields) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kMap;
  for (const auto& [name, type] : fields) t->fields.emplace(name, type);
  return t;
}

APIMACHINERY_DECL TypeRef ListOf(TypeRef element, Type::Relationship rel, std::vector<std::string> keys) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kList;
  t->relationship = rel;
  t->element = std::move(element);
  t->keys = std::move(keys);
  return t;
}

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL const TypeRef& ObjectMetaType() {
  using internal::Scalar;
  static const TypeRef t = [] {
    const TypeRef owner_ref = internal::Struct({{"apiVersion", Scalar()},
                                                {"blockOwnerDeletion", Scalar()},
                                                {"controller", Scalar()},
                                                {"kind", Scalar()},
                                                {"name", Scalar()},
                                                {"uid", Scalar()}});
    const TypeRef managed_entry = internal::Struct({{"apiVersion", Scalar()},
                                                    {"fieldsType", Scalar()},
                                                    {"fieldsV1", DeducedType()},
                                                    {"manager", Scalar()},
                                                    {"operation", Scalar()},
                                                    {"subresource", Scalar()},
                                                    {"time", Scalar()}});
    return internal::Struct({
        {"annotations", internal::MapOf(Scalar())},
        {"creationTimestamp", Scalar()},
        {"deletionGracePeriodSeconds", Scalar()},
        {"deletionTimestamp", Scalar()},
        {"finalizers", internal::ListOf(Scalar(), Type::Relationship::kAssociative)},
        {"generateName", Scalar()},
        {"generation", Scalar()},
        {"labels", internal::MapOf(Scalar())},
        {"managedFields", internal::ListOf(managed_entry, Type::Relationship::kAtomic)},
        {"name", Scalar()},
        {"namespace", Scalar()},
        {"ownerReferences", internal::ListOf(owner_ref, Type::Relationship::kAssociative, {"uid"})},
        {"resourceVersion", Scalar()},
        {"selfLink", Scalar()},
        {"uid", Scalar()},
    });
  }();
  return t;
}

}  // namespace apimachinery::managedfields

namespace apimachinery::managedfields::internal {

APIMACHINERY_DECL TypeRef FromOpenAPI(const nlohmann::json& s, std::size_t depth) {
  if (!s.is_object() || depth > 256) return DeducedType();
  const bool preserve = s.value("x-kubernetes-preserve-unknown-fields", false);
  const bool embedded = s.value("x-kubernetes-embedded-resource", false);
  const std::string type = s.contains("type") && s["type"].is_string() ? s["type"].get<std::string>() : "";
  auto props = s.find("properties");
  auto addl = s.find("additionalProperties");
  if (type == "array") {
    TypeRef items = s.contains("items") ? FromOpenAPI(s["items"], depth + 1) : DeducedType();
    const std::string list_type = s.value("x-kubernetes-list-type", std::string("atomic"));
    if (list_type == "set") return ListOf(items, Type::Relationship::kAssociative);
    if (list_type == "map") {
      std::vector<std::string> keys;
      if (auto k = s.find("x-kubernetes-list-map-keys"); k != s.end() && k->is_array()) {
        for (const auto& key : *k) {
          if (key.is_string()) keys.push_back(key.get<std::string>());
        }
      }
      return ListOf(items, Type::Relationship::kAssociative, std::move(keys));
    }
    return ListOf(items, Type::Relationship::kAtomic);
  }
  if (type == "object" || (props != s.end() && props->is_object()) || embedded) {
    auto t = std::make_shared<Type>();
    t->kind = Type::Kind::kMap;
    if (s.value("x-kubernetes-map-type", std::string()) == "atomic")
      t->relationship = Type::Relationship::kAtomic;
    if (props != s.end() && props->is_object()) {
      for (auto it = props->begin(); it != props->end(); ++it)
        t->fields[it.key()] = FromOpenAPI(it.value(), depth + 1);
    }
    if (embedded) {
      t->fields.try_emplace("apiVersion", Scalar());
      t->fields.try_emplace("kind", Scalar());
      t->fields.try_emplace("metadata", ObjectMetaType());
    }
    if (addl != s.end() && addl->is_object()) {
      t->element = FromOpenAPI(*addl, depth + 1);
    } else if (preserve || addl == s.end() || (addl->is_boolean() && addl->get<bool>())) {
      t->element = nullptr;  // deduced: unknown fields preserved (or kept by the fake server)
    }
    return t;
  }
  if (type.empty() && preserve) return DeducedType();
  if (type.empty() && s.value("x-kubernetes-int-or-string", false)) return Scalar();
  if (type.empty()) return DeducedType();
  return Scalar();
}

}  // namespace apimachinery::managedfields::internal

namespace apimachinery::managedfields {

APIMACHINERY_DECL TypeRef TypeFromOpenAPI(const nlohmann::json& schema) {
  if (!schema.is_object()) throw Error("managedfields: the OpenAPI schema is not an object");
  return internal::FromOpenAPI(schema, 0);
}

APIMACHINERY_DECL TypeRef ObjectType(const TypeRef& schema) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::kMap;
  if (schema && schema->kind == Type::Kind::kMap) {
    t->fields = schema->fields;
    t->element = schema->element;
    t->relationship = schema->relationship;
  }
  t->fields["apiVersion"] = internal::Scalar();
  t->fields["kind"] = internal::Scalar();
  t->fields["metadata"] = ObjectMetaType();
  return t;
}

}  // namespace apimachinery::managedfields
