// Definitions of the non-template functions declared in <apimachinery/util/json/json.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/json/json.hpp"

namespace apimachinery::util::json {

APIMACHINERY_DECL Document::Document(const nlohmann::json& v) : nlohmann::json(DeepCopy(v)) {}

APIMACHINERY_DECL Document::Document(nlohmann::json&& v) noexcept : nlohmann::json(std::move(v)) {}

APIMACHINERY_DECL Document& Document::operator=(const nlohmann::json& v) {
  nlohmann::json::operator=(DeepCopy(v));
  return *this;
}

APIMACHINERY_DECL Document& Document::operator=(nlohmann::json&& v) noexcept {
  nlohmann::json::operator=(std::move(v));
  return *this;
}

APIMACHINERY_DECL bool operator!=(const Document& a, const Document& b) { return !(a == b); }

APIMACHINERY_DECL bool operator!=(const Document& a, const nlohmann::json& b) { return !(a == b); }

APIMACHINERY_DECL bool operator!=(const nlohmann::json& a, const Document& b) { return !(b == a); }

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::detail {

APIMACHINERY_DECL std::string_view StripPrefix(std::string_view what) {
  if (auto close = what.find("] "); !what.empty() && what.front() == '[' && close != std::string_view::npos) {
    what.remove_prefix(close + 2);
  }
  return what;
}

}  // namespace apimachinery::util::json::detail

namespace apimachinery::util::json {

APIMACHINERY_DECL void AppendNumber(std::string& out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

APIMACHINERY_DECL void AppendNumber(std::string& out, std::uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

APIMACHINERY_DECL void AppendNumber(std::string& out, double f) { detail::AppendFloat(out, f); }

APIMACHINERY_DECL void AppendNumber(std::string& out, float f) { detail::AppendFloat(out, f); }

APIMACHINERY_DECL void AppendNumber(std::string& out, const nlohmann::json& v) {
  using Json = nlohmann::json;
  if (v.is_number_unsigned()) {
    AppendNumber(out, v.get_ref<const Json::number_unsigned_t&>());
  } else if (v.is_number_integer()) {
    AppendNumber(out, v.get_ref<const Json::number_integer_t&>());
  } else {
    AppendNumber(out, v.get_ref<const Json::number_float_t&>());
  }
}

APIMACHINERY_DECL void AppendKey(std::string& out, bool& first, std::string_view key) {
  if (!first) out += ',';
  first = false;
  AppendJSONQuote(out, key);
  out += ':';
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::detail {

APIMACHINERY_DECL void AppendScalar(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      out += "null";
      return;
    case Json::value_t::boolean:
      out += v.get_ref<const Json::boolean_t&>() ? "true" : "false";
      return;
    case Json::value_t::string:
      AppendJSONQuote(out, v.get_ref<const Json::string_t&>());
      return;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      AppendNumber(out, v);
      return;
    default:
      throw Error(fmt::format("json: unsupported type: {}", v.type_name()));
  }
}

APIMACHINERY_DECL bool Shallow(const Json& v) {
  if (!v.is_structured()) return true;
  struct Frame {
    const Json* value;
    Json::object_t::const_iterator it;
    std::size_t index;
  };
  Frame stack[kShallowDepth];
  std::size_t depth = 0;
  auto push = [&](const Json& c) {
    if (depth == kShallowDepth) return false;
    stack[depth++] =
        c.is_object() ? Frame{&c, c.get_ref<const Json::object_t&>().begin(), 0} : Frame{&c, {}, 0};
    return true;
  };
  push(v);
  while (depth > 0) {
    Frame& f = stack[depth - 1];
    const Json* child = nullptr;
    if (f.value->is_object()) {
      if (f.it == f.value->get_ref<const Json::object_t&>().end()) {
        --depth;
        continue;
      }
      child = &(f.it++)->second;
    } else {
      if (f.index == f.value->size()) {
        --depth;
        continue;
      }
      child = &(*f.value)[f.index++];
    }
    if (child->is_structured() && !push(*child)) return false;
  }
  return true;
}

APIMACHINERY_DECL void NewLine(std::string& out, int indent, std::size_t level) {
  out += '\n';
  out.append(static_cast<std::size_t>(indent) * level, ' ');
}

}  // namespace apimachinery::util::json::detail

namespace apimachinery::util::json {

APIMACHINERY_DECL nlohmann::json Parse(std::string_view data) {
  return detail::ParseWith(
      data, [](nlohmann::json& r) { return nlohmann::detail::json_sax_dom_parser<nlohmann::json>(r); });
}

APIMACHINERY_DECL nlohmann::json Parse(std::string_view data, ParseRecord& record) {
  return detail::ParseWith(data, [&record](nlohmann::json& r) {
    record.literals.Clear();
    record.duplicates.clear();
    return detail::RecordingBuilder<nlohmann::json>(r, record.literals, record.duplicates);
  });
}

APIMACHINERY_DECL void AppendMarshal(std::string& out, const nlohmann::json& v, int indent) {
  using Json = nlohmann::json;
  if (!v.is_object() && !v.is_array()) {
    detail::AppendScalar(out, v);
    return;
  }
  struct Frame {
    const Json* value;
    Json::object_t::const_iterator it;  // objects
    std::size_t index;                  // arrays
    bool first;
  };
  std::vector<Frame> stack;
  auto open = [&](const Json& c) {
    if (c.is_object()) {
      const auto& o = c.get_ref<const Json::object_t&>();
      if (o.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      stack.push_back(Frame{&c, o.begin(), 0, true});
    } else {
      const auto& a = c.get_ref<const Json::array_t&>();
      if (a.empty()) {
        out += "[]";
        return;
      }
      out += '[';
      stack.push_back(Frame{&c, {}, 0, true});
    }
  };
  open(v);
  while (!stack.empty()) {
    Frame& f = stack.back();
    const Json* child = nullptr;
    if (f.value->is_object()) {
      const auto& o = f.value->get_ref<const Json::object_t&>();
      if (f.it == o.end()) {
        if (indent > 0) detail::NewLine(out, indent, stack.size() - 1);
        out += '}';
        stack.pop_back();
        continue;
      }
      if (!f.first) out += ',';
      if (indent > 0) detail::NewLine(out, indent, stack.size());
      AppendJSONQuote(out, f.it->first);
      out += indent > 0 ? ": " : ":";
      child = &f.it->second;
      ++f.it;
    } else {
      const auto& a = f.value->get_ref<const Json::array_t&>();
      if (f.index == a.size()) {
        if (indent > 0) detail::NewLine(out, indent, stack.size() - 1);
        out += ']';
        stack.pop_back();
        continue;
      }
      if (!f.first) out += ',';
      if (indent > 0) detail::NewLine(out, indent, stack.size());
      child = &a[f.index++];
    }
    f.first = false;
    if (child->is_object() || child->is_array()) {
      open(*child);  // may reallocate the stack: `f` is not used after this
    } else {
      detail::AppendScalar(out, *child);
    }
  }
}

APIMACHINERY_DECL void AppendIndent(std::string& out, std::string_view compact, int indent) {
  std::size_t level = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < compact.size(); ++i) {
    const char c = compact[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < compact.size()) {
        out += compact[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        out += c;
        break;
      case '{':
      case '[':
        out += c;
        if (i + 1 < compact.size() && (compact[i + 1] == '}' || compact[i + 1] == ']')) {
          out += compact[++i];  // `{}` and `[]` stay compact
        } else {
          detail::NewLine(out, indent, ++level);
        }
        break;
      case ',':
        out += c;
        detail::NewLine(out, indent, level);
        break;
      case ':':
        out += ": ";
        break;
      case '}':
      case ']':
        detail::NewLine(out, indent, level > 0 ? --level : 0);
        out += c;
        break;
      default:
        out += c;
    }
  }
}

APIMACHINERY_DECL std::string Marshal(const nlohmann::json& v) {
  std::string out;
  AppendMarshal(out, v, 0);
  return out;
}

APIMACHINERY_DECL std::string MarshalIndent(const nlohmann::json& v, int indent) {
  std::string out;
  AppendMarshal(out, v, indent < 0 ? 0 : indent);
  return out;
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::detail {

APIMACHINERY_DECL Json DeepCopyIterative(const Json& v) {
  if (!v.is_structured()) return v;
  struct Frame {
    const Json* src;
    Json* dst;
    Json::object_t::const_iterator it;
    std::size_t index;
  };
  Json root(v.type());
  std::vector<Frame> stack;
  auto open = [&stack](const Json& src, Json& dst) {
    if (src.is_object()) {
      stack.push_back(Frame{&src, &dst, src.get_ref<const Json::object_t&>().begin(), 0});
    } else {
      dst.get_ref<Json::array_t&>().reserve(src.size());  // element addresses stay valid
      stack.push_back(Frame{&src, &dst, {}, 0});
    }
  };
  open(v, root);
  while (!stack.empty()) {
    Frame& f = stack.back();
    const Json* child = nullptr;
    Json* slot = nullptr;
    if (f.src->is_object()) {
      const auto& o = f.src->get_ref<const Json::object_t&>();
      if (f.it == o.end()) {
        stack.pop_back();
        continue;
      }
      child = &f.it->second;
      auto& d = f.dst->get_ref<Json::object_t&>();
      const bool container = child->is_object() || child->is_array();
      slot = container ? &d.emplace_hint(d.end(), f.it->first, Json(child->type()))->second
                       : &d.emplace_hint(d.end(), f.it->first, *child)->second;
      ++f.it;
      if (container) open(*child, *slot);
    } else {
      const auto& a = f.src->get_ref<const Json::array_t&>();
      if (f.index == a.size()) {
        stack.pop_back();
        continue;
      }
      child = &a[f.index++];
      auto& d = f.dst->get_ref<Json::array_t&>();
      const bool container = child->is_object() || child->is_array();
      if (container) {
        d.push_back(Json(child->type()));
      } else {
        d.push_back(*child);
      }
      if (container) open(*child, d.back());
    }
  }
  return root;
}

APIMACHINERY_DECL Json CopyRecursive(const Json& v, std::size_t depth) {
  if (v.is_object()) {
    if (depth == kShallowDepth) return DeepCopyIterative(v);
    Json out(Json::value_t::object);
    auto& o = out.get_ref<Json::object_t&>();
    for (const auto& [k, c] : v.get_ref<const Json::object_t&>()) {
      // (not a conditional expression: `x ? prvalue : const lvalue` is a const prvalue, copied)
      if (c.is_structured()) {
        o.emplace_hint(o.end(), k, CopyRecursive(c, depth + 1));
      } else {
        o.emplace_hint(o.end(), k, c);
      }
    }
    return out;
  }
  if (v.is_array()) {
    if (depth == kShallowDepth) return DeepCopyIterative(v);
    Json out(Json::value_t::array);
    auto& a = out.get_ref<Json::array_t&>();
    const auto& src = v.get_ref<const Json::array_t&>();
    a.reserve(src.size());
    for (const Json& c : src) {
      if (c.is_structured()) {
        a.push_back(CopyRecursive(c, depth + 1));
      } else {
        a.push_back(c);
      }
    }
    return out;
  }
  return v;
}

}  // namespace apimachinery::util::json::detail

namespace apimachinery::util::json {

APIMACHINERY_DECL nlohmann::json DeepCopy(const nlohmann::json& v) {
  // nlohmann's copy constructor (a structural copy of each std::map) is the fastest; a document
  // too deep for it is copied element by element.
  if (detail::Shallow(v)) return v;
  return detail::CopyRecursive(v, 0);
}

}  // namespace apimachinery::util::json

namespace apimachinery::util::json::detail {

APIMACHINERY_DECL bool EqualIterative(const Json& a, const Json& b) {
  struct Frame {
    const Json* a;
    const Json* b;
    Json::object_t::const_iterator ia, ib;
    std::size_t index;
  };
  auto shallow = [](const Json& x, const Json& y) {
    // Containers: same type and size (their elements are compared by the loop); else operator==.
    if (x.is_object() || x.is_array() || y.is_object() || y.is_array()) {
      return x.type() == y.type() && x.size() == y.size();
    }
    return x == y;
  };
  if (!shallow(a, b)) return false;
  if (!a.is_object() && !a.is_array()) return true;
  std::vector<Frame> stack;
  auto open = [&stack](const Json& x, const Json& y) {
    if (x.is_object()) {
      stack.push_back(Frame{&x, &y, x.get_ref<const Json::object_t&>().begin(),
                            y.get_ref<const Json::object_t&>().begin(), 0});
    } else {
      stack.push_back(Frame{&x, &y, {}, {}, 0});
    }
  };
  open(a, b);
  while (!stack.empty()) {
    Frame& f = stack.back();
    const Json* x = nullptr;
    const Json* y = nullptr;
    if (f.a->is_object()) {
      if (f.ia == f.a->get_ref<const Json::object_t&>().end()) {
        stack.pop_back();
        continue;
      }
      if (f.ia->first != f.ib->first) return false;
      x = &f.ia->second;
      y = &f.ib->second;
      ++f.ia;
      ++f.ib;
    } else {
      if (f.index == f.a->size()) {
        stack.pop_back();
        continue;
      }
      x = &(*f.a)[f.index];
      y = &(*f.b)[f.index];
      ++f.index;
    }
    if (!shallow(*x, *y)) return false;
    if (x->is_object() || x->is_array()) open(*x, *y);
  }
  return true;
}

APIMACHINERY_DECL bool ValueEqual(const Json& a, const Json& b, std::size_t depth) {
  const Json::value_t t = a.type();
  if (t == Json::value_t::string && b.type() == t) {
    return *a.get_ptr<const Json::string_t*>() == *b.get_ptr<const Json::string_t*>();
  }
  if (t == Json::value_t::object || t == Json::value_t::array) return EqualBounded(a, b, depth);
  return !b.is_structured() && a == b;  // numbers of different kinds compare by value
}

APIMACHINERY_DECL bool EqualBounded(const Json& a, const Json& b, std::size_t depth) {
  const Json::value_t t = a.type();
  if (t == Json::value_t::object) {
    if (!b.is_object()) return false;
    const auto& x = *a.get_ptr<const Json::object_t*>();
    const auto& y = *b.get_ptr<const Json::object_t*>();
    if (x.size() != y.size()) return false;
    if (depth == kShallowDepth) return EqualIterative(a, b);
    auto iy = y.begin();
    for (const auto& [k, v] : x) {
      if (k != iy->first || !ValueEqual(v, iy->second, depth + 1)) return false;
      ++iy;
    }
    return true;
  }
  if (t == Json::value_t::array) {
    if (!b.is_array()) return false;
    const auto& x = *a.get_ptr<const Json::array_t*>();
    const auto& y = *b.get_ptr<const Json::array_t*>();
    if (x.size() != y.size()) return false;
    if (depth == kShallowDepth) return EqualIterative(a, b);
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!ValueEqual(x[i], y[i], depth + 1)) return false;
    }
    return true;
  }
  return ValueEqual(a, b, depth);
}

}  // namespace apimachinery::util::json::detail

namespace apimachinery::util::json {

APIMACHINERY_DECL bool Equal(const nlohmann::json& a, const nlohmann::json& b) {
  return detail::EqualBounded(a, b, 0);
}

APIMACHINERY_DECL Document::Document(const Document& o) : nlohmann::json(DeepCopy(o)) {}

APIMACHINERY_DECL Document& Document::operator=(const Document& o) {
  if (this != &o) nlohmann::json::operator=(DeepCopy(o));
  return *this;
}

APIMACHINERY_DECL bool operator==(const Document& a, const Document& b) { return Equal(a, b); }

APIMACHINERY_DECL bool operator==(const Document& a, const nlohmann::json& b) { return Equal(a, b); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Document& d) { j = DeepCopy(d); }

APIMACHINERY_DECL void to_json(nlohmann::json& j, Document&& d) { j = static_cast<nlohmann::json&&>(d); }

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Document& d) { d = DeepCopy(j); }

}  // namespace apimachinery::util::json
