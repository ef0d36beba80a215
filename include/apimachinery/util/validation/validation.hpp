// validation: label key/value and DNS-1123 name checks (k8s.io/apimachinery/pkg/util/validation).
//
// The character rules of k8s.io/apimachinery/pkg/util/validation/validation.go (and
// pkg/api/validate/content, where label-key validation lives in recent releases), written as plain
// scans: no regex library. Each Is* function returns the list of problems, empty when the value is
// valid; the messages are upstream's byte for byte and quote upstream's regular expressions
// verbatim.
//
// Example:
//   validation::IsQualifiedName("example.com/MyName");   // {}
//   validation::IsValidLabelValue("a b");                // {"a valid label must be an empty ..."}
//   validation::IsDNS1123Subdomain("Example.com");       // {"a lowercase RFC 1123 subdomain ..."}
//
// Field errors (pkg/util/validation/field) are in util/validation/field/; Go's %q is util::Quote
// (util/strconv.hpp).
//
// Throws: only std::bad_alloc.
// Thread-safety: stateless free functions.
// Differences from upstream: none in the messages; only the validators the library uses are
// mirrored.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"

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
APIMACHINERY_DECL std::string EmptyError();
// MaxLenError: "must be no more than <n> bytes".
APIMACHINERY_DECL std::string MaxLenError(std::size_t n);
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

// JoinMessages joins Is* messages with "; " as the label validators do.
APIMACHINERY_DECL std::string JoinMessages(const std::vector<std::string>& msgs);

// Implementation details follow.

namespace internal {

constexpr bool IsAlnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
constexpr bool IsLowerAlnum(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

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

}  // namespace apimachinery::validation

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/validation/impl/validation.ipp"
#endif
