// validation: label key/value and DNS-1123 name checks, and field-path error values.
//
// The character rules of k8s.io/apimachinery/pkg/util/validation (and pkg/api/validate/content,
// where label-key validation lives in recent releases), written as plain scans: no regex library.
// Each Is* function returns the list of problems, empty when the value is valid; the messages are
// upstream's byte for byte and quote upstream's regular expressions verbatim.
//
//   validation::IsQualifiedName("example.com/MyName");   // {}
//   validation::IsValidLabelValue("a b");                // {"a valid label must be an empty ..."}
//   validation::IsDNS1123Subdomain("Example.com");       // {"a lowercase RFC 1123 subdomain ..."}
//
// FieldError mirrors pkg/util/validation/field.Error for the two error types the selector code
// needs (Invalid, NotSupported); what() is upstream's `<path>: <Type>: <value>: <detail>` text.
// GoQuote / GoJSONStrings render bad values the way Go's `%q` and encoding/json do.
//
// Throws: the Is* functions and the renderers only throw std::bad_alloc.
// Thread-safety: stateless free functions; FieldError is immutable after construction.
// Differences from upstream: none in the messages. GoQuote treats every valid UTF-8 code point as
// printable except the C0/C1 controls, U+00AD, U+2028, U+2029 and U+FEFF (Go consults the full
// Unicode tables); the difference only shows for exotic non-printable code points.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "apimachinery/error.hpp"

namespace apimachinery::validation {

inline constexpr std::size_t kLabelValueMaxLength = 63;
inline constexpr std::size_t kQualifiedNameMaxLength = 63;
inline constexpr std::size_t kDNS1123LabelMaxLength = 63;
inline constexpr std::size_t kDNS1123SubdomainMaxLength = 253;

inline constexpr std::string_view kQualifiedNameFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
inline constexpr std::string_view kLabelValueFmt = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
inline constexpr std::string_view kDNS1123LabelFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
inline constexpr std::string_view kDNS1123SubdomainFmt =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";

// EmptyError: "must be non-empty".
inline std::string EmptyError() { return "must be non-empty"; }
// MaxLenError: "must be no more than <n> bytes".
inline std::string MaxLenError(std::size_t n) {
  return "must be no more than " + std::to_string(n) + " bytes";
}
// RegexError renders upstream's "<msg> (e.g. 'a',  or 'b', regex used for validation is '<fmt>')".
std::string RegexError(std::string_view msg, std::string_view fmt,
                       const std::vector<std::string_view>& examples = {});

// IsQualifiedName checks a label key: an optional lowercase DNS-1123 subdomain prefix and '/',
// then a name of at most 63 bytes matching kQualifiedNameFmt (upstream content.IsLabelKey).
std::vector<std::string> IsQualifiedName(std::string_view value);
// IsValidLabelValue: at most 63 bytes, empty or matching kQualifiedNameFmt.
std::vector<std::string> IsValidLabelValue(std::string_view value);
// IsDNS1123Label: at most 63 bytes of kDNS1123LabelFmt.
std::vector<std::string> IsDNS1123Label(std::string_view value);
// IsDNS1123Subdomain: at most 253 bytes of kDNS1123SubdomainFmt.
std::vector<std::string> IsDNS1123Subdomain(std::string_view value);

// Non-allocating predicates behind the Is* functions (true when the pattern matches).
constexpr bool MatchesQualifiedNamePattern(std::string_view s) noexcept;
constexpr bool MatchesDNS1123LabelPattern(std::string_view s) noexcept;
constexpr bool MatchesDNS1123SubdomainPattern(std::string_view s) noexcept;

// GoQuote renders a string as Go's `%q` (strconv.Quote) does.
std::string GoQuote(std::string_view s);
// GoJSONStrings renders a string list as Go's encoding/json does (`["a","b"]`, `[]` when empty).
std::string GoJSONStrings(const std::vector<std::string>& values);

// FieldErrorType mirrors field.ErrorType (only the types used by the selector code).
enum class FieldErrorType { kInvalid, kNotSupported };

// FieldError mirrors field.Error. `field` is the rendered path ("values[0][x]", "key", "<nil>"),
// `bad_value` the already rendered bad value (`"a b"`, `["a","b"]`).
class FieldError : public Error {
 public:
  FieldError(FieldErrorType error_type, std::string path, std::string value, std::string text)
      : Error(Render(error_type, path, value, text)),
        type(error_type),
        field(std::move(path)),
        bad_value(std::move(value)),
        detail(std::move(text)) {}

  FieldErrorType type;
  std::string field;
  std::string bad_value;
  std::string detail;

  // Invalid builds an Invalid-value error for a string value (rendered with GoQuote).
  static FieldError Invalid(std::string field, std::string_view value, std::string detail) {
    return FieldError(FieldErrorType::kInvalid, std::move(field), GoQuote(value),
                      std::move(detail));
  }
  // Render gives upstream's Error() text: `<field>: <Type>: <value>: <detail>`.
  static std::string Render(FieldErrorType type, const std::string& field,
                            const std::string& bad_value, const std::string& detail) {
    std::string out = field;
    out += type == FieldErrorType::kInvalid ? ": Invalid value: " : ": Unsupported value: ";
    out += bad_value;
    if (!detail.empty()) {
      out += ": ";
      out += detail;
    }
    return out;
  }
};

// JoinMessages joins Is* messages with "; " as the label validators do.
inline std::string JoinMessages(const std::vector<std::string>& msgs) {
  std::string out;
  for (std::size_t i = 0; i < msgs.size(); ++i) {
    if (i) out += "; ";
    out += msgs[i];
  }
  return out;
}

namespace internal {

// DecodeRune decodes one UTF-8 code point as Go's utf8.DecodeRuneInString does: an invalid or
// truncated sequence yields U+FFFD with width 1.
struct DecodedRune {
  char32_t rune;
  std::size_t width;
};
constexpr DecodedRune DecodeRune(std::string_view s) noexcept;
// AppendRune appends the UTF-8 encoding of r (U+FFFD for invalid code points).
void AppendRune(std::string& out, char32_t r);

}  // namespace internal

// Implementation details follow.

namespace internal {

constexpr bool IsAlnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
constexpr bool IsLowerAlnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

constexpr DecodedRune DecodeRune(std::string_view s) noexcept {
  constexpr DecodedRune kError{0xFFFD, 1};
  if (s.empty()) return {0xFFFD, 0};
  const auto b0 = static_cast<unsigned char>(s[0]);
  if (b0 < 0x80) return {b0, 1};
  std::size_t need = 0;
  char32_t r = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    r = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    r = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    r = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return kError;
  }
  if (s.size() < need + 1) return kError;
  for (std::size_t i = 1; i <= need; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return kError;
    r = (r << 6) | (b & 0x3F);
  }
  return {r, need + 1};
}

inline void AppendRune(std::string& out, char32_t r) {
  if (r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) r = 0xFFFD;
  if (r < 0x80) {
    out += static_cast<char>(r);
  } else if (r < 0x800) {
    out += static_cast<char>(0xC0 | (r >> 6));
    out += static_cast<char>(0x80 | (r & 0x3F));
  } else if (r < 0x10000) {
    out += static_cast<char>(0xE0 | (r >> 12));
    out += static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (r & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (r >> 18));
    out += static_cast<char>(0x80 | ((r >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (r & 0x3F));
  }
}

inline void AppendHex(std::string& out, std::string_view prefix, std::uint32_t v, int digits) {
  constexpr char kHex[] = "0123456789abcdef";
  out += prefix;
  for (int i = digits - 1; i >= 0; --i) out += kHex[(v >> (4 * i)) & 0xF];
}

}  // namespace internal

// The name pattern ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]: non-empty, alphanumeric at both ends,
// alphanumerics, '-', '_' and '.' in between.
constexpr bool MatchesQualifiedNamePattern(std::string_view s) noexcept {
  if (s.empty() || !internal::IsAlnum(s.front()) || !internal::IsAlnum(s.back())) return false;
  for (char c : s) {
    if (!internal::IsAlnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return true;
}

constexpr bool MatchesDNS1123LabelPattern(std::string_view s) noexcept {
  if (s.empty() || !internal::IsLowerAlnum(s.front()) || !internal::IsLowerAlnum(s.back())) {
    return false;
  }
  for (char c : s) {
    if (!internal::IsLowerAlnum(c) && c != '-') return false;
  }
  return true;
}

// Dot-separated DNS-1123 labels (each non-empty).
constexpr bool MatchesDNS1123SubdomainPattern(std::string_view s) noexcept {
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = s.find('.', start);
    const std::string_view part =
        s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (!MatchesDNS1123LabelPattern(part)) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

inline std::string RegexError(std::string_view msg, std::string_view fmt,
                              const std::vector<std::string_view>& examples) {
  std::string out(msg);
  if (examples.empty()) {
    out += " (regex used for validation is '";
  } else {
    out += " (e.g. ";
    for (std::size_t i = 0; i < examples.size(); ++i) {
      if (i) out += " or ";
      out += '\'';
      out += examples[i];
      out += "', ";
    }
    out += "regex used for validation is '";
  }
  out += fmt;
  out += "')";
  return out;
}

namespace internal {
inline constexpr std::string_view kLabelKeyErrMsg =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character";
inline constexpr std::string_view kLabelValueErrMsg =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
    "'.', and must start and end with an alphanumeric character";
inline constexpr std::string_view kDNS1123LabelErrMsg =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and "
    "must start and end with an alphanumeric character";
inline constexpr std::string_view kDNS1123SubdomainErrMsg =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character";
}  // namespace internal

inline std::vector<std::string> IsDNS1123Subdomain(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123SubdomainMaxLength) errs.push_back(MaxLenError(kDNS1123SubdomainMaxLength));
  if (!MatchesDNS1123SubdomainPattern(value)) {
    errs.push_back(RegexError(internal::kDNS1123SubdomainErrMsg, kDNS1123SubdomainFmt, {"example.com"}));
  }
  return errs;
}

inline std::vector<std::string> IsDNS1123Label(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123LabelMaxLength) errs.push_back(MaxLenError(kDNS1123LabelMaxLength));
  if (!MatchesDNS1123LabelPattern(value)) {
    errs.push_back(RegexError(internal::kDNS1123LabelErrMsg, kDNS1123LabelFmt, {"my-name", "123-abc"}));
  }
  return errs;
}

inline std::vector<std::string> IsQualifiedName(std::string_view value) {
  std::vector<std::string> errs;
  std::string_view name = value;
  if (const std::size_t slash = value.find('/'); slash != std::string_view::npos) {
    const std::string_view prefix = value.substr(0, slash);
    name = value.substr(slash + 1);
    if (name.find('/') != std::string_view::npos) {
      errs.push_back("a valid label key " +
                     RegexError(internal::kLabelKeyErrMsg, kQualifiedNameFmt,
                                {"MyName", "my.name", "123-abc"}) +
                     " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return errs;
    }
    if (prefix.empty()) {
      errs.push_back("prefix part " + EmptyError());
    } else if (auto msgs = IsDNS1123Subdomain(prefix); !msgs.empty()) {
      for (auto& m : msgs) errs.push_back("prefix part " + m);
    }
  }
  if (name.empty()) {
    errs.push_back("name part " + EmptyError());
  } else if (name.size() > kQualifiedNameMaxLength) {
    errs.push_back("name part " + MaxLenError(kQualifiedNameMaxLength));
  }
  if (!MatchesQualifiedNamePattern(name)) {
    errs.push_back("name part " + RegexError(internal::kLabelKeyErrMsg, kQualifiedNameFmt,
                                             {"MyName", "my.name", "123-abc"}));
  }
  return errs;
}

inline std::vector<std::string> IsValidLabelValue(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelValueMaxLength) errs.push_back(MaxLenError(kLabelValueMaxLength));
  if (!value.empty() && !MatchesQualifiedNamePattern(value)) {
    errs.push_back(RegexError(internal::kLabelValueErrMsg, kLabelValueFmt,
                              {"MyValue", "my_value", "12345"}));
  }
  return errs;
}

inline std::string GoQuote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    const auto d = internal::DecodeRune(s.substr(i));
    if (d.rune == 0xFFFD && d.width == 1) {
      internal::AppendHex(out, "\\x", static_cast<unsigned char>(s[i]), 2);
      i += 1;
      continue;
    }
    const char32_t r = d.rune;
    switch (r) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default:
        if (r < 0x20 || r == 0x7F) {
          internal::AppendHex(out, "\\x", r, 2);
        } else if ((r >= 0x80 && r <= 0x9F) || r == 0xAD || r == 0x2028 || r == 0x2029 ||
                   r == 0xFEFF) {
          internal::AppendHex(out, "\\u", r, 4);
        } else {
          out.append(s.substr(i, d.width));
        }
    }
    i += d.width;
  }
  out += '"';
  return out;
}

inline std::string GoJSONStrings(const std::vector<std::string>& values) {
  std::string out = "[";
  for (std::size_t v = 0; v < values.size(); ++v) {
    if (v) out += ',';
    out += '"';
    const std::string_view s = values[v];
    std::size_t i = 0;
    while (i < s.size()) {
      const auto d = internal::DecodeRune(s.substr(i));
      const char32_t r = d.rune;
      if (r == 0xFFFD && d.width == 1) {
        out += "\\ufffd";
      } else if (r == '"') {
        out += "\\\"";
      } else if (r == '\\') {
        out += "\\\\";
      } else if (r == '\n') {
        out += "\\n";
      } else if (r == '\r') {
        out += "\\r";
      } else if (r == '\t') {
        out += "\\t";
      } else if (r < 0x20 || r == '<' || r == '>' || r == '&' || r == 0x2028 || r == 0x2029) {
        internal::AppendHex(out, "\\u", r, 4);
      } else {
        out.append(s.substr(i, d.width));
      }
      i += d.width;
    }
    out += '"';
  }
  out += ']';
  return out;
}

}  // namespace apimachinery::validation
