// util::json: JSON text in and out, with Go's limits and Go's bytes, safe on small stacks.
//
// Example:
//   std::string bytes = R"({"spec": {"replicas": 3}, "kind": "Widget"})";
//   nlohmann::json doc = util::json::Parse(bytes);        // depth <= 10000, else SyntaxError
//   std::string out = util::json::Marshal(doc);           // Go's json.Marshal bytes for a map
//   nlohmann::json copy = util::json::DeepCopy(doc);      // no recursion
//   bool same = util::json::Equal(doc, copy);             // no recursion
//   util::json::Document d = doc;   // a member type whose copy and == are DeepCopy and Equal
//
// The counterpart of k8s.io/apimachinery/pkg/util/json (json.go: Unmarshal, Marshal) and of the
// parts of Go's encoding/json it relies on. Every place the library turns JSON text into a
// document, a document into text, or copies an arbitrary document, goes through this header.
//
// Parse (encoding/json/scanner.go: checkValid, pushParseState; decode.go: unquote):
// - nesting deeper than kMaxNestingDepth (10000, scanner.go's maxNestingDepth) is refused with
//   Go's SyntaxError text `invalid character '[' exceeded max depth` (the character that opens the
//   10001st level). A syntax error earlier in the text is reported first, as Go scans in order.
// - invalid UTF-8 inside a string is replaced by U+FFFD, one replacement per byte that
//   utf8.DecodeRune rejects, and an escaped surrogate that is not half of a pair (`"\ud800"`) by
//   U+FFFD, as Go's decoder does (nlohmann refuses such text; Parse retries on the copy
//   util::json::SanitizeStrings (scanner.hpp) makes, so valid text pays nothing). The depth limit
//   is the Scanner's kMaxNestingDepth (scanner.hpp, the scanner the watch framer runs).
// - a number that does not fit a float64 (`1e400`) is refused with the text Go's decoder gives
//   when it decodes into interface{}: `json: cannot unmarshal number 1e400 into Go value of type
//   float64` (Go decoding into a struct ignores such a number in an unknown field).
// - other syntax errors keep nlohmann's description without its `[json.exception...]` prefix,
//   behind `invalid JSON: ` (`invalid JSON: parse error at line 1, column 3: syntax error ...`).
//
// Marshal / MarshalIndent (encoding/json/encode.go: appendString with escapeHTML, floatEncoder,
// mapEncoder; json.MarshalIndent with prefix ""): strings as util::JSONQuote (invalid bytes as
// `\ufffd`, `<` `>` `&` as `\u003c` `\u003e` `\u0026`, U+2028/U+2029 escaped: the bytes
// k8s.io/apimachinery/pkg/runtime/serializer/json writes, as json.NewEncoder escapes HTML by
// default); object keys in byte order (Go sorts map keys); integers exactly; floats as Go's
// float64 encoder (`1`, `0.5`, `1e+21`, `1e-7`, `-0`). No trailing newline (Go's Encoder adds one).
//
// DeepCopy / Equal: the copy constructor and operator== of nlohmann::json recurse once per level
// (a depth-10000 document needs several MB of stack). On a document at most 48 levels deep
// DeepCopy uses nlohmann's own; on a deeper one DeepCopy recurses at most 48 levels and copies
// what lies deeper with an explicit stack. Equal compares element by element, recursing at most
// 48 levels and comparing what lies deeper with an explicit stack. nlohmann's destructor is already
// iterative (3.10 and later).
//
// Throws: Parse: SyntaxError (derives from apimachinery::Error); Marshal: apimachinery::Error
// `json: unsupported value: +Inf` / `NaN` for a non-finite float (json.UnsupportedValueError), and
// for a binary value (never produced by Parse); std::bad_alloc.
// Cost: Parse is nlohmann's parser plus a counter per container; Marshal, DeepCopy and Equal are
// one pass with a heap stack of one frame per open container.
// Thread-safety: stateless free functions.
// Differences from upstream: syntax errors other than the depth limit keep nlohmann's texts
// (Go's are `invalid character 'x' looking for beginning of value` and so on: util::json::Scanner
// gives those, at the price of a second pass, which Parse does not pay); a byte order mark is refused
// with Go's text; a NUL byte after a complete value gets Go's text, elsewhere
// `invalid JSON: unexpected NUL byte at offset N`.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/json/scanner.hpp"
#include "apimachinery/util/number_literals.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/utf8.hpp"

namespace apimachinery::util::json {

// SyntaxError: JSON text Parse refuses (Go's *json.SyntaxError). what() is the text.
class SyntaxError : public Error {
 public:
  using Error::Error;
};

// Parse parses one JSON document (see the header comment). Throws: SyntaxError.
nlohmann::json Parse(std::string_view data);

// NumberLiterals: util::NumberLiterals (util/number_literals.hpp), which Parse(data, record) fills.
using util::NumberLiterals;

// ParseRecord: what Parse(data, record) notes beside the document: the number literals (above)
// and the duplicate object keys, as the texts of Go's strict decoder (sigs.k8s.io/json:
// UnmarshalStrict, `duplicate field "spec.template[0].name"`: the keys from the root, array
// indices as `[i]`), in document order. A duplicated key keeps its last value, as Go's decoder
// and nlohmann's parser do.
struct ParseRecord {
  NumberLiterals literals;
  std::vector<std::string> duplicates;
};

// Parse, recording what ParseRecord holds (its previous content is replaced). The same document,
// limits and errors as Parse(data). Cost: Parse's, plus the records (a duplicate's text is built
// only for a duplicate). Throws: SyntaxError.
nlohmann::json Parse(std::string_view data, ParseRecord& record);

// Marshal: compact JSON text (see the header comment). Throws: apimachinery::Error.
std::string Marshal(const nlohmann::json& v);
// MarshalIndent: Marshal with each element on its own line, indented by `indent` spaces per level
// (json.MarshalIndent(v, "", "  ") for indent 2; `{}` and `[]` stay compact).
std::string MarshalIndent(const nlohmann::json& v, int indent);
// AppendMarshal appends Marshal(v) (indent 0) or MarshalIndent(v, indent) to out.
void AppendMarshal(std::string& out, const nlohmann::json& v, int indent = 0);
// AppendIndent appends `compact` (JSON text without white space, as Marshal and the ordered
// writers produce) with each element on its own line, indented by `indent` spaces per level:
// json.Indent(dst, src, "", "  ") for indent 2, so Marshal then AppendIndent is MarshalIndent
// (encoding/json/indent.go: appendIndent; `{}` and `[]` stay compact). Text with white space
// outside strings is copied with it. Cost: one pass over the text.
void AppendIndent(std::string& out, std::string_view compact, int indent);
// AppendNumber appends Go's text for a JSON number (encoding/json/encode.go: intEncoder,
// uintEncoder, floatEncoder): integers exactly, a double as Marshal writes a document's floats
// (`1`, `0.5`, `1e+21`, `1e-7`: bitSize 64), a float as Go writes a float32 (bitSize 32: the
// shortest digits of the float32, `0.1` for 0.1f). Throws: apimachinery::Error for +Inf, -Inf and
// NaN.
void AppendNumber(std::string& out, std::int64_t v);
void AppendNumber(std::string& out, std::uint64_t v);
void AppendNumber(std::string& out, double v);
void AppendNumber(std::string& out, float v);
// The number of a document (v.is_number()).
void AppendNumber(std::string& out, const nlohmann::json& v);
// Any C++ arithmetic type but bool (int32, float, ...), widened as above.
template <typename N>
requires(std::is_arithmetic_v<N> && !std::is_same_v<N, bool> && !std::is_same_v<N, std::int64_t> &&
         !std::is_same_v<N, std::uint64_t> && !std::is_same_v<N, double> &&
         !std::is_same_v<N, float>) void AppendNumber(std::string& out, N v) {
  if constexpr (std::is_floating_point_v<N>) {
    AppendNumber(out, static_cast<double>(v));
  } else if constexpr (std::is_signed_v<N>) {
    AppendNumber(out, static_cast<std::int64_t>(v));
  } else {
    AppendNumber(out, static_cast<std::uint64_t>(v));
  }
}
// AppendKey appends an object member's key and colon, after a comma unless `first` (then clears
// `first`): the step between members when writing an object by hand (`{` and `}` are the
// caller's).
void AppendKey(std::string& out, bool& first, std::string_view key);

// DeepCopy: a copy of v, equal to nlohmann's copy constructor, without recursion.
nlohmann::json DeepCopy(const nlohmann::json& v);
// Equal: nlohmann's operator== (numbers compare by value across integer/float), without recursion.
bool Equal(const nlohmann::json& a, const nlohmann::json& b);

// Document: an nlohmann::json whose copy constructor, copy assignment and == are DeepCopy and
// Equal, so a struct holding free-form JSON (metav1::ObjectMeta's managed_fields and
// unknown_fields) stays an aggregate with defaulted copy and comparison that are safe at any depth.
// Everything else is nlohmann::json's: it converts both ways (to nlohmann::json through DeepCopy
// for an lvalue, by move for an rvalue), and the members of nlohmann::json apply.
// Cost: a copy or comparison of a document at most 48 levels deep is nlohmann's plus one scan that
// stops at depth 48; null and scalars cost a type test. Destruction is nlohmann's (iterative).
// Thread-safety: as nlohmann::json.
// Differences from upstream: none (Go's values have no recursion limits to work around).
class Document : public nlohmann::json {
 public:
  Document() = default;
  // From nlohmann::json: an lvalue is copied with DeepCopy, an rvalue moved.
  APIMACHINERY_DECL Document(const nlohmann::json& v);      // NOLINT(google-explicit-constructor)
  APIMACHINERY_DECL Document(nlohmann::json&& v) noexcept;  // NOLINT(google-explicit-constructor)
  APIMACHINERY_DECL Document(const Document& o);
  Document(Document&& o) noexcept = default;
  APIMACHINERY_DECL Document& operator=(const Document& o);
  Document& operator=(Document&& o) noexcept = default;
  APIMACHINERY_DECL Document& operator=(const nlohmann::json& v);
  APIMACHINERY_DECL Document& operator=(nlohmann::json&& v) noexcept;
  ~Document() = default;

  APIMACHINERY_DECL friend bool operator==(const Document& a, const Document& b);
  APIMACHINERY_DECL friend bool operator==(const Document& a, const nlohmann::json& b);
  template <typename Scalar>
  requires std::is_scalar_v<Scalar>
  friend bool operator==(const Document& a, Scalar b) noexcept {
    return static_cast<const nlohmann::json&>(a) == b;
  }
  APIMACHINERY_DECL friend bool operator!=(const Document& a, const Document& b);
  APIMACHINERY_DECL friend bool operator!=(const Document& a, const nlohmann::json& b);
  APIMACHINERY_DECL friend bool operator!=(const nlohmann::json& a, const Document& b);
};

// nlohmann hooks (found by ADL): `nlohmann::json j = doc;` is DeepCopy, from an rvalue a move.
void to_json(nlohmann::json& j, const Document& d);
void to_json(nlohmann::json& j, Document&& d);
void from_json(const nlohmann::json& j, Document& d);

// Implementation details follow.
namespace detail {

using Json = nlohmann::json;

// Sax: a DOM builder (nlohmann's, or RecordingBuilder) plus the depth limit. Returning false
// stops the parser.
template <typename Inner>
class Sax {
 public:
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  explicit Sax(Inner& inner) : inner_(inner) {}

  bool null() { return inner_.null(); }
  bool boolean(bool v) { return inner_.boolean(v); }
  bool number_integer(number_integer_t v) { return inner_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return inner_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& s) { return inner_.number_float(v, s); }
  bool string(string_t& v) { return inner_.string(v); }
  bool binary(binary_t& v) { return inner_.binary(v); }
  bool start_object(std::size_t n) { return Open('{') && inner_.start_object(n); }
  bool key(string_t& v) { return inner_.key(v); }
  bool end_object() {
    --depth_;
    return inner_.end_object();
  }
  bool start_array(std::size_t n) { return Open('[') && inner_.start_array(n); }
  bool end_array() {
    --depth_;
    return inner_.end_array();
  }
  template <typename Exception>
  bool parse_error(std::size_t pos, const std::string& token, const Exception& ex) {
    return inner_.parse_error(pos, token, ex);
  }

  char exceeded() const noexcept { return exceeded_; }

 private:
  bool Open(char c) {
    if (++depth_ <= kMaxNestingDepth) return true;
    exceeded_ = c;
    return false;
  }

  Inner& inner_;
  int depth_ = 0;
  char exceeded_ = 0;
};

// RecordingBuilder: a DOM builder with the effect of nlohmann's json_sax_dom_parser (the same
// document; a duplicated key keeps its last value) that also records ParseRecord's literals and
// duplicate keys. It knows where each value lands, which nlohmann's builder does not tell: an
// object member's value lives in its std::map node, stable from insertion; an array element moves
// while its array grows, so its literal waits (array, index) until the array closes.
template <typename Json>
class RecordingBuilder {
 public:
  RecordingBuilder(Json& root, NumberLiterals& literals, std::vector<std::string>& duplicates)
      : root_(root), literals_(literals), duplicates_(duplicates) {}

  bool null() { return Put(nullptr), true; }
  bool boolean(bool v) { return Put(v), true; }
  bool number_integer(typename Json::number_integer_t v) {
    Json* at = Put(v);
    if (v == 0) Note(at, "-0");  // nlohmann reads a literal without '-' as unsigned
    return true;
  }
  bool number_unsigned(typename Json::number_unsigned_t v) { return Put(v), true; }
  bool number_float(typename Json::number_float_t v, const typename Json::string_t& literal) {
    Note(Put(v), literal);
    return true;
  }
  bool string(typename Json::string_t& v) { return Put(std::move(v)), true; }
  bool binary(typename Json::binary_t& v) { return Put(std::move(v)), true; }
  bool start_object(std::size_t /*n*/) {
    frames_.push_back(Frame{Put(typename Json::value_t{Json::value_t::object}), nullptr, pending_.size()});
    return true;
  }
  bool key(typename Json::string_t& k) {
    Frame& f = frames_.back();
    auto& members = f.container->template get_ref<typename Json::object_t&>();
    auto [it, inserted] = members.try_emplace(std::move(k));
    if (!inserted) Duplicate(it->first, it->second);
    f.key = &it->first;
    member_ = &it->second;
    return true;
  }
  bool end_object() {
    frames_.pop_back();
    return true;
  }
  bool start_array(std::size_t /*n*/) {
    frames_.push_back(Frame{Put(typename Json::value_t{Json::value_t::array}), nullptr, pending_.size()});
    return true;
  }
  bool end_array() {
    // The array is complete: its elements stay where they are from now on.
    auto& elements = frames_.back().container->template get_ref<typename Json::array_t&>();
    for (std::size_t i = frames_.back().pending; i < pending_.size(); ++i) {
      literals_.Set(elements[pending_[i].index], std::move(pending_[i].literal));
    }
    pending_.resize(frames_.back().pending);
    frames_.pop_back();
    return true;
  }
  template <typename Exception>
  bool parse_error(std::size_t /*pos*/, const std::string& /*token*/, const Exception& ex) {
    throw ex;
  }

 private:
  struct Frame {
    Json* container;
    const std::string* key;  // an object's current key
    std::size_t pending;     // pending_'s size when the container opened
  };
  struct Pending {
    std::size_t index;
    std::string literal;
  };

  template <typename V>
  Json* Put(V&& v) {
    if (frames_.empty()) {
      root_ = Json(std::forward<V>(v));
      return &root_;
    }
    Json* c = frames_.back().container;
    if (c->is_array()) {
      auto& elements = c->template get_ref<typename Json::array_t&>();
      elements.emplace_back(std::forward<V>(v));
      return &elements.back();
    }
    *member_ = Json(std::forward<V>(v));
    return member_;
  }

  void Note(Json* at, std::string_view literal) {
    if (frames_.empty()) return;  // the root: moved when Parse returns it
    if (frames_.back().container->is_array()) {
      const auto& elements = frames_.back().container->template get_ref<const typename Json::array_t&>();
      pending_.push_back(Pending{elements.size() - 1, std::string(literal)});
    } else {
      literals_.Set(*at, std::string(literal));
    }
  }

  // A repeated key: the old value goes (with the literals recorded inside it, whose nodes are
  // freed), and Go's strict text names the key's path.
  void Duplicate(const std::string& key, Json& old) {
    if (!literals_.empty()) {
      std::vector<const Json*> todo{&old};
      while (!todo.empty()) {
        const Json* v = todo.back();
        todo.pop_back();
        literals_.Erase(*v);
        if (v->is_object()) {
          for (const auto& m : v->template get_ref<const typename Json::object_t&>())
            todo.push_back(&m.second);
        } else if (v->is_array()) {
          for (const auto& e : v->template get_ref<const typename Json::array_t&>()) todo.push_back(&e);
        }
      }
    }
    old = nullptr;
    std::string path;
    for (std::size_t i = 1; i < frames_.size(); ++i) {
      const Frame& parent = frames_[i - 1];
      if (parent.container->is_array()) {
        path += fmt::format("[{}]", parent.container->size() - 1);
      } else {
        if (!path.empty()) path += '.';
        path += *parent.key;
      }
    }
    if (!path.empty()) path += '.';
    path += key;
    duplicates_.push_back(fmt::format("duplicate field \"{}\"", path));
  }

  Json& root_;
  NumberLiterals& literals_;
  std::vector<std::string>& duplicates_;
  std::vector<Frame> frames_;
  std::vector<Pending> pending_;
  Json* member_ = nullptr;
};

// StripPrefix: nlohmann's what() without "[json.exception.parse_error.101] ".
APIMACHINERY_DECL std::string_view StripPrefix(std::string_view what);

template <typename MakeInner>
Json ParseWith(std::string_view data, MakeInner make_inner) {
  // nlohmann skips a byte order mark and stops at a NUL byte as if the input ended there; Go
  // refuses both.
  if (data.substr(0, 3) == "\xef\xbb\xbf") {
    throw SyntaxError("invalid character '\u00ef' looking for beginning of value");
  }
  if (const auto nul = data.find('\0'); nul != std::string_view::npos) {
    try {
      ParseWith(data.substr(0, nul), make_inner);
    } catch (const SyntaxError& e) {
      if (std::string_view(e.what()).find("end of input") == std::string_view::npos) throw;
      throw SyntaxError(fmt::format("invalid JSON: unexpected NUL byte at offset {}", nul));
    }
    throw SyntaxError("invalid character '\\x00' after top-level value");
  }
  auto attempt = [&](std::string_view text) {
    Json result;
    // make_inner returns nlohmann's DOM builder by value, or a reference to another SAX handler
    // (util::json::Compact's builder), which leaves `result` null.
    decltype(auto) inner = make_inner(result);
    Sax<std::remove_reference_t<decltype(inner)>> sax(inner);
    const bool ok = Json::sax_parse(text.begin(), text.end(), &sax);
    if (sax.exceeded() != 0) {
      throw SyntaxError(fmt::format("invalid character '{}' exceeded max depth", sax.exceeded()));
    }
    if (!ok) throw SyntaxError("invalid JSON: the parser stopped");  // nlohmann throws first
    if (result.is_discarded()) result = nullptr;                     // as nlohmann's parse
    return result;
  };
  try {
    try {
      return attempt(data);
    } catch (const Json::parse_error& e) {
      const std::string_view what = e.what();
      if (what.find("ill-formed UTF-8") == std::string_view::npos &&
          what.find("invalid string: surrogate") == std::string_view::npos) {
        throw;
      }
      return attempt(SanitizeStrings(data));
    }
  } catch (const Json::out_of_range& e) {
    // 406: "number overflow parsing '1e400'".
    const std::string_view what = e.what();
    const auto open = what.find('\'');
    if (e.id == 406 && open != std::string_view::npos && what.back() == '\'') {
      throw SyntaxError(fmt::format("json: cannot unmarshal number {} into Go value of type float64",
                                    what.substr(open + 1, what.size() - open - 2)));
    }
    throw SyntaxError(fmt::format("invalid JSON: {}", StripPrefix(what)));
  } catch (const Json::exception& e) {
    throw SyntaxError(fmt::format("invalid JSON: {}", StripPrefix(e.what())));
  }
}

// AppendFloat: floatEncoder.encode for bitSize 32 (F = float) or 64 (double): 'e' below 1e-6 and
// from 1e21 on (the bounds compared at F's precision), with `e-07` shortened to `e-7`.
template <typename F>
void AppendFloat(std::string& out, F f) {
  if (!std::isfinite(f)) {
    throw Error(fmt::format("json: unsupported value: {}", FormatFloat(static_cast<double>(f), 'g')));
  }
  const F a = std::fabs(f);
  const bool exp = a != 0 && (a < F(1e-6) || a >= F(1e21));
  std::string s = sizeof(F) == sizeof(float) ? FormatFloat32(static_cast<float>(f), exp ? 'e' : 'f')
                                             : FormatFloat(static_cast<double>(f), exp ? 'e' : 'f');
  if (exp) {
    // strconv writes at least two exponent digits; Go shortens e-07 to e-7 (not e+21).
    const std::size_t n = s.size();
    if (n >= 4 && s[n - 4] == 'e' && s[n - 3] == '-' && s[n - 2] == '0') {
      s[n - 2] = s[n - 1];
      s.pop_back();
    }
  }
  out += s;
}

}  // namespace detail

namespace detail {

APIMACHINERY_DECL void AppendScalar(std::string& out, const Json& v);

// kShallowDepth: how deep DeepCopy recurses and how deep a document Equal hands to nlohmann's
// (recursive, faster) operator==; a few KB of stack at most.
inline constexpr std::size_t kShallowDepth = 48;

// Shallow: v nests at most kShallowDepth deep (stops scanning as soon as it is deeper).
APIMACHINERY_DECL bool Shallow(const Json& v);

APIMACHINERY_DECL void NewLine(std::string& out, int indent, std::size_t level);

}  // namespace detail

namespace detail {

// DeepCopyIterative: DeepCopy with a heap stack, for any depth.
APIMACHINERY_DECL Json DeepCopyIterative(const Json& v);

// CopyRecursive: element by element down to kShallowDepth levels, then DeepCopyIterative.
APIMACHINERY_DECL Json CopyRecursive(const Json& v, std::size_t depth);

}  // namespace detail

namespace detail {

// EqualIterative: Equal with a heap stack, for any depth.
APIMACHINERY_DECL bool EqualIterative(const Json& a, const Json& b);

// EqualBounded: element by element down to kShallowDepth levels, then EqualIterative (no scan
// ahead, so a shallow document costs about nlohmann's operator==).
APIMACHINERY_DECL bool EqualBounded(const Json& a, const Json& b, std::size_t depth);

// ValueEqual: a and b compared by EqualBounded, with the scalar cases (most of a Kubernetes
// object's values) decided here without a call.
APIMACHINERY_DECL bool ValueEqual(const Json& a, const Json& b, std::size_t depth);

}  // namespace detail

}  // namespace apimachinery::util::json

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/json/impl/json.ipp"
#endif
