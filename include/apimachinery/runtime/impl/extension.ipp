// Definitions of the non-template functions declared in <apimachinery/runtime/extension.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/extension.hpp"

namespace apimachinery::runtime {

APIMACHINERY_DECL bool operator==(const RawExtension& a, const RawExtension& b) noexcept {
  return a.raw == b.raw && a.object == b.object;
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL bool LooksLikeJSON(std::string_view raw) noexcept {
  if (raw.empty()) return false;
  switch (raw.front()) {
    case '\t':
    case '\r':
    case '\n':
    case ' ':
    case '{':
    case '[':
    case 'n':
    case 't':
    case 'f':
    case '"':
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return true;
    default:
      return false;
  }
}

APIMACHINERY_DECL void CheckRawExtension(const RawExtension& re) {
  if (re.raw.empty()) {
    if (re.object) throw Error("runtime.RawExtension: an Object without Raw needs a serializer");
    return;
  }
  if (!LooksLikeJSON(re.raw))
    throw Error("cannot convert RawExtension with unrecognized content type to unstructured");
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL std::string RawExtension::MarshalJSON() const {
  internal::CheckRawExtension(*this);
  if (raw.empty()) return "null";
  return raw;
}

APIMACHINERY_DECL void RawExtension::UnmarshalJSON(std::string_view in) {
  if (in == "null") return;
  raw.assign(in.data(), in.size());
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const RawExtension& re) {
  internal::CheckRawExtension(re);
  if (re.raw.empty()) {
    j = nullptr;
    return;
  }
  try {
    j = nlohmann::json::parse(re.raw.begin(), re.raw.end());
  } catch (const nlohmann::json::exception& e) {
    std::string_view what = e.what();
    // Drop nlohmann's "[json.exception.parse_error.101] " prefix; keep the position and reason.
    if (auto close = what.find("] ");
        !what.empty() && what.front() == '[' && close != std::string_view::npos) {
      what.remove_prefix(close + 2);
    }
    throw Error("json: error calling MarshalJSON for type runtime.RawExtension: " + std::string(what));
  }
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, RawExtension& re) {
  if (j.is_null()) return;
  // Invalid UTF-8 in a string (possible in a json built in memory) becomes U+FFFD, as Go's encoder.
  re.raw = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace apimachinery::runtime
