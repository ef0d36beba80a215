// Definitions of the non-template functions declared in <apimachinery/util/validation/validation.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/validation/validation.hpp"

namespace apimachinery::validation {

APIMACHINERY_DECL std::string EmptyError() { return "must be non-empty"; }

APIMACHINERY_DECL std::string MaxLenError(std::size_t n) {
  return "must be no more than " + std::to_string(n) + " bytes";
}

APIMACHINERY_DECL std::string JoinMessages(const std::vector<std::string>& msgs) {
  std::string out;
  for (std::size_t i = 0; i < msgs.size(); ++i) {
    if (i) out += "; ";
    out += msgs[i];
  }
  return out;
}

APIMACHINERY_DECL std::string RegexError(std::string_view msg, std::string_view fmt,
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

APIMACHINERY_DECL std::vector<std::string> IsDNS1123Subdomain(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123SubdomainMaxLength) errs.push_back(MaxLenError(kDNS1123SubdomainMaxLength));
  if (!MatchesDNS1123SubdomainPattern(value)) {
    errs.push_back(RegexError(internal::kDNS1123SubdomainErrMsg, kDNS1123SubdomainFmt, {"example.com"}));
  }
  return errs;
}

APIMACHINERY_DECL std::vector<std::string> IsDNS1123Label(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kDNS1123LabelMaxLength) errs.push_back(MaxLenError(kDNS1123LabelMaxLength));
  if (!MatchesDNS1123LabelPattern(value)) {
    errs.push_back(RegexError(internal::kDNS1123LabelErrMsg, kDNS1123LabelFmt, {"my-name", "123-abc"}));
  }
  return errs;
}

APIMACHINERY_DECL std::vector<std::string> IsQualifiedName(std::string_view value) {
  std::vector<std::string> errs;
  std::string_view name = value;
  if (const std::size_t slash = value.find('/'); slash != std::string_view::npos) {
    const std::string_view prefix = value.substr(0, slash);
    name = value.substr(slash + 1);
    if (name.find('/') != std::string_view::npos) {
      errs.push_back(
          "a valid label key " +
          RegexError(internal::kLabelKeyErrMsg, kQualifiedNameFmt, {"MyName", "my.name", "123-abc"}) +
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

APIMACHINERY_DECL std::vector<std::string> IsValidLabelValue(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelValueMaxLength) errs.push_back(MaxLenError(kLabelValueMaxLength));
  if (!value.empty() && !MatchesQualifiedNamePattern(value)) {
    errs.push_back(RegexError(internal::kLabelValueErrMsg, kLabelValueFmt, {"MyValue", "my_value", "12345"}));
  }
  return errs;
}

}  // namespace apimachinery::validation
