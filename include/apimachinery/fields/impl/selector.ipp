// Definitions of the non-template functions declared in <apimachinery/fields/selector.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/fields/selector.hpp"

namespace apimachinery::fields {

APIMACHINERY_DECL InvalidEscapeSequenceError::InvalidEscapeSequenceError(std::string seq)
    : ParseError("invalid field selector: invalid escape sequence: " + seq), sequence(std::move(seq)) {}

APIMACHINERY_DECL UnescapedRuneError::UnescapedRuneError(char32_t r)
    : ParseError("invalid field selector: unescaped character in value: " +
                 std::to_string(static_cast<std::uint32_t>(r))),
      rune(r) {}

APIMACHINERY_DECL Selector Selector::DeepCopySelector() const { return *this; }

APIMACHINERY_DECL Selector Selector::Make(Node n) {
  Selector s;
  s.node_ = std::make_shared<const Node>(std::move(n));
  return s;
}

APIMACHINERY_DECL bool Selector::MatchesValue(std::string_view got) const noexcept {
  return node_->kind == Kind::kHas ? got == node_->value : got != node_->value;
}

APIMACHINERY_DECL Selector Everything() noexcept { return Selector(); }

APIMACHINERY_DECL Selector Nothing() { return Selector::MakeNothing(); }

APIMACHINERY_DECL Selector OneTermEqualSelector(std::string_view k, std::string_view v) {
  return Selector::HasTerm(std::string(k), std::string(v));
}

APIMACHINERY_DECL Selector OneTermNotEqualSelector(std::string_view k, std::string_view v) {
  return Selector::NotHasTerm(std::string(k), std::string(v));
}

APIMACHINERY_DECL Selector AndSelectors(std::vector<Selector> selectors) {
  return Selector::And(std::move(selectors));
}

APIMACHINERY_DECL Selector AsSelector(const Set& fs) { return SelectorFromSet(fs); }

APIMACHINERY_DECL std::string EscapeValue(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\\' || c == ',' || c == '=') out += '\\';
    out += c;
  }
  return out;
}

APIMACHINERY_DECL std::string UnescapeValue(std::string_view s) {
  if (s.find_first_of("\\,=") == std::string_view::npos) return std::string(s);
  // Go ranges over runes here: invalid UTF-8 bytes come out as U+FFFD.
  std::string out;
  out.reserve(s.size());
  bool in_slash = false;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto d = util::DecodeRune(s.substr(i));
    const char32_t c = d.rune;
    i += d.width;
    if (in_slash) {
      if (c == '\\' || c == ',' || c == '=') {
        out += static_cast<char>(c);
      } else {
        std::string seq = "\\";
        util::AppendRune(seq, c);
        throw InvalidEscapeSequenceError(std::move(seq));
      }
      in_slash = false;
      continue;
    }
    if (c == '\\') {
      in_slash = true;
    } else if (c == ',' || c == '=') {
      throw UnescapedRuneError(c);
    } else {
      util::AppendRune(out, c);
    }
  }
  if (in_slash) throw InvalidEscapeSequenceError("\\");
  return out;
}

}  // namespace apimachinery::fields

namespace apimachinery::fields::internal {

APIMACHINERY_DECL std::vector<std::string_view> SplitTerms(std::string_view selector) {
  std::vector<std::string_view> terms;
  if (selector.empty()) return terms;
  std::size_t start = 0;
  bool in_slash = false;
  for (std::size_t i = 0; i < selector.size(); ++i) {
    const char c = selector[i];
    if (in_slash) {
      in_slash = false;
    } else if (c == '\\') {
      in_slash = true;
    } else if (c == ',') {
      terms.push_back(selector.substr(start, i - start));
      start = i + 1;
    }
  }
  terms.push_back(selector.substr(start));
  return terms;
}

APIMACHINERY_DECL std::optional<Term> SplitTerm(std::string_view term) noexcept {
  constexpr std::string_view kOps[] = {"!=", "==", "="};
  for (std::size_t i = 0; i < term.size(); ++i) {
    const std::string_view rest = term.substr(i);
    for (std::string_view op : kOps) {
      if (rest.substr(0, op.size()) == op) {
        return Term{term.substr(0, i), op, rest.substr(op.size())};
      }
    }
  }
  return std::nullopt;
}

}  // namespace apimachinery::fields::internal

namespace apimachinery::fields {

APIMACHINERY_DECL Selector Selector::HasTerm(std::string field, std::string value) {
  return Make(Node{Kind::kHas, std::move(field), std::move(value), {}});
}

APIMACHINERY_DECL Selector Selector::NotHasTerm(std::string field, std::string value) {
  return Make(Node{Kind::kNotHas, std::move(field), std::move(value), {}});
}

APIMACHINERY_DECL Selector Selector::And(std::vector<Selector> terms) {
  return Make(Node{Kind::kAnd, {}, {}, std::move(terms)});
}

APIMACHINERY_DECL Selector Selector::MakeNothing() { return Make(Node{Kind::kNothing, {}, {}, {}}); }

APIMACHINERY_DECL bool Selector::Matches(const Set& fs) const {
  if (!node_) return true;
  switch (node_->kind) {
    case Kind::kHas:
    case Kind::kNotHas: {
      auto it = fs.find(node_->field);
      return MatchesValue(it == fs.end() ? std::string_view() : std::string_view(it->second));
    }
    case Kind::kAnd:
      for (const auto& c : node_->children) {
        if (!c.Matches(fs)) return false;
      }
      return true;
    case Kind::kNothing:
      break;
  }
  return false;
}

APIMACHINERY_DECL bool Selector::Empty() const noexcept {
  if (!node_) return true;
  switch (node_->kind) {
    case Kind::kAnd:
      for (const auto& c : node_->children) {
        if (!c.Empty()) return false;
      }
      return true;
    default:
      return false;
  }
}

APIMACHINERY_DECL std::optional<std::string> Selector::RequiresExactMatch(std::string_view field) const {
  if (!node_) return std::nullopt;
  switch (node_->kind) {
    case Kind::kHas:
      if (node_->field == field) return node_->value;
      return std::nullopt;
    case Kind::kAnd:
      for (const auto& c : node_->children) {
        if (auto v = c.RequiresExactMatch(field)) return v;
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

APIMACHINERY_DECL void Selector::AppendRequirements(fields::Requirements& out) const {
  if (!node_) return;
  switch (node_->kind) {
    case Kind::kHas:
      out.push_back({selection::Operator::kEquals, node_->field, node_->value});
      break;
    case Kind::kNotHas:
      out.push_back({selection::Operator::kNotEquals, node_->field, node_->value});
      break;
    case Kind::kAnd:
      for (const auto& c : node_->children) c.AppendRequirements(out);
      break;
    case Kind::kNothing:
      break;
  }
}

APIMACHINERY_DECL fields::Requirements Selector::Requirements() const {
  fields::Requirements out;
  AppendRequirements(out);
  return out;
}

APIMACHINERY_DECL std::string Selector::String() const {
  if (!node_) return {};
  switch (node_->kind) {
    case Kind::kHas:
      return node_->field + "=" + EscapeValue(node_->value);
    case Kind::kNotHas:
      return node_->field + "!=" + EscapeValue(node_->value);
    case Kind::kAnd: {
      std::string out;
      for (std::size_t i = 0; i < node_->children.size(); ++i) {
        if (i) out += ',';
        out += node_->children[i].String();
      }
      return out;
    }
    case Kind::kNothing:
      break;
  }
  return {};
}

APIMACHINERY_DECL Selector ParseSelector(std::string_view selector) {
  return ParseAndTransformSelector(selector, [](const std::string& f, const std::string& v) {
    return std::pair<std::string, std::string>(f, v);
  });
}

APIMACHINERY_DECL Selector SelectorFromSet(const Set& fs) {
  if (fs.size() == 1) return Selector::HasTerm(fs.begin()->first, fs.begin()->second);
  std::vector<Selector> items;
  items.reserve(fs.size());
  for (const auto& [k, v] : fs) items.push_back(Selector::HasTerm(k, v));
  return Selector::And(std::move(items));
}

}  // namespace apimachinery::fields
