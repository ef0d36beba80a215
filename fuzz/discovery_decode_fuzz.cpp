// libFuzzer target for the discovery document decoders: the legacy documents
// (ParseAPIGroupList, ParseAPIResourceList, ParseAPIGroup, ParseAPIVersions; upstream's
// k8s.io/apimachinery/pkg/apis/meta/v1 types.go decoded by client-go/discovery) and the aggregated
// one (ParseAPIGroupDiscoveryList, api/apidiscovery/v2) with its conversion to the legacy shapes
// (SplitGroupsAndResources, client-go/discovery/aggregated_discovery.go).
//
// Every input is parsed once and the JSON value given to the five types' from_json; one of the five
// text decoders (Parse*, chosen by the input's length) decodes the text. Properties checked on
// every input:
// - each decoder either returns or throws discovery::DecodeError whose what() starts with
//   "discovery: cannot decode <document>: "; any other exception escapes and is reported as a
//   crash, ASan/UBSan catch memory and UB errors;
// - the text decoder refuses invalid JSON ("empty document", "invalid JSON: ..."), a non-object
//   and a `kind` of another type at the document level, and otherwise agrees with from_json (the
//   same value, or an error with the same path and reason);
// - what a decoder accepts round-trips: to_json then from_json gives an equal value (for the
//   aggregated document also through the text: dump, then ParseAPIGroupDiscoveryList);
// - an accepted aggregated document converts without throwing; the conversion keeps one APIGroup
//   per item, lists each version either in its group (and as one APIResourceList) or, when it is
//   "Stale", in `failed`; the preferred version is the group's first listed one; no list holds more
//   entries than its version's resources and subresources; every converted list and the group list
//   round-trip through to_json / from_json;
// - APIVersionsToAPIGroup keeps every version, the first one preferred.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/discovery/discovery.hpp"
#include "apimachinery/util/json/json.hpp"

namespace {

namespace discovery = apimachinery::discovery;

// FailAt reports the broken property (its line) and aborts, which libFuzzer records as a crash.
[[noreturn]] void FailAt(int line) {
  std::fprintf(stderr, "%s:%d: property violated\n", __FILE__, line);
  std::abort();
}

// to_json then from_json gives an equal value (what was accepted and encoded must decode).
template <typename T>
void ValueRoundTrip(const T& v) {
  const nlohmann::json j = v;
  T again;
  try {
    again = j.get<T>();
  } catch (const discovery::DecodeError&) {
    FailAt(__LINE__);
  }
  if (!(again == v)) FailAt(__LINE__);
}

void CheckError(const discovery::DecodeError& e, std::string_view document) {
  const std::string prefix = "discovery: cannot decode " + std::string(document) + ": ";
  if (std::string_view(e.what()).substr(0, prefix.size()) != prefix) FailAt(__LINE__);
  if (e.document != document || e.reason.empty()) FailAt(__LINE__);
}

// CheckText decodes the text with a Parse* function and compares with what the JSON value gave:
// invalid JSON, a non-object and a `kind` of another type are refused at the document, anything
// else succeeds or fails exactly as from_json did (same value, same path and reason).
template <typename T, typename Parse>
void CheckText(std::string_view input, const nlohmann::json& parsed, std::string_view kind, Parse parse,
               const std::optional<T>& from_value, const std::optional<discovery::DecodeError>& value_error) {
  constexpr std::string_view kDocument = "input.json";
  try {
    const T out = parse(input, kDocument);
    if (parsed.is_discarded() || !from_value || !(out == *from_value)) FailAt(__LINE__);
  } catch (const discovery::DecodeError& e) {
    CheckError(e, kDocument);
    if (parsed.is_discarded()) {
      if (!e.path.empty()) FailAt(__LINE__);
      // The reason is util::json's text (Go's syntax errors, or nlohmann's after "invalid JSON: ").
      if (e.reason.empty()) FailAt(__LINE__);
      return;
    }
    if (!parsed.is_object()) {
      if (!e.path.empty() || e.reason.rfind("expected a JSON object, got ", 0) != 0) FailAt(__LINE__);
      return;
    }
    if (const auto it = parsed.find("kind"); it != parsed.end() && it->is_string() &&
                                             !it->get_ref<const std::string&>().empty() &&
                                             it->get_ref<const std::string&>() != kind) {
      if (e.path != "kind") FailAt(__LINE__);
      return;
    }
    if (from_value || !value_error || e.path != value_error->path || e.reason != value_error->reason) {
      FailAt(__LINE__);
    }
  }
}

// Decode runs from_json of T on the parsed value and, when `with_text`, the Parse* function on the
// text, and checks that they agree.
template <typename T, typename Parse>
std::optional<T> Decode(std::string_view input, const nlohmann::json& parsed, std::string_view kind,
                        Parse parse, bool with_text) {
  std::optional<T> value;
  std::optional<discovery::DecodeError> error;
  if (!parsed.is_discarded()) {
    try {
      value = parsed.get<T>();
    } catch (const discovery::DecodeError& e) {
      CheckError(e, kind);
      error = e;
    }
    if (value) ValueRoundTrip(*value);
  }
  if (with_text) CheckText<T>(input, parsed, kind, parse, value, error);
  return value;
}

void CheckSplit(const discovery::APIGroupDiscoveryList& doc) {
  const discovery::SplitDiscovery split = discovery::SplitGroupsAndResources(doc);
  if (split.groups.groups.size() != doc.items.size()) FailAt(__LINE__);
  std::size_t lists = 0;
  std::size_t stale = 0;
  for (std::size_t g = 0; g < doc.items.size(); ++g) {
    const auto& item = doc.items[g];
    const auto& group = split.groups.groups[g];
    if (group.name != item.name) FailAt(__LINE__);
    std::size_t listed = 0;
    for (const auto& v : item.versions) {
      if (v.freshness == discovery::kDiscoveryFreshnessStale) {
        if (stale >= split.failed.size() || split.failed[stale].first.group != item.name ||
            split.failed[stale].first.version != v.version || !split.failed[stale].second) {
          FailAt(__LINE__);
        }
        ++stale;
        continue;
      }
      if (listed >= group.versions.size() || group.versions[listed].version != v.version) FailAt(__LINE__);
      const std::string gv = item.name.empty() ? v.version : item.name + "/" + v.version;
      if (group.versions[listed].group_version != gv) FailAt(__LINE__);
      ++listed;
      if (lists >= split.resources.size()) FailAt(__LINE__);
      const discovery::APIResourceList& list = split.resources[lists++];
      if (list.group_version != gv) FailAt(__LINE__);
      std::size_t bound = 0;
      for (const auto& r : v.resources) bound += 1 + r.subresources.size();
      if (list.resources.size() > bound) FailAt(__LINE__);
    }
    if (listed != group.versions.size()) FailAt(__LINE__);
    if (listed == 0 ? !(group.preferred_version == discovery::GroupVersionForDiscovery{})
                    : !(group.preferred_version == group.versions.front())) {
      FailAt(__LINE__);
    }
  }
  if (lists != split.resources.size() || stale != split.failed.size()) FailAt(__LINE__);

  for (const auto& list : split.resources) ValueRoundTrip(list);
  ValueRoundTrip(split.groups);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  // Parsed once; each type's from_json decodes the value. One of the five text decoders (chosen by
  // the input's length, so that every one sees every shape of input) also decodes the text.
  // The library's own parser (util::json: Go's depth limit, UTF-8 repair, BOM and NUL refused).
  nlohmann::json parsed(nlohmann::json::value_t::discarded);
  try {
    parsed = apimachinery::util::json::Parse(input);
  } catch (const apimachinery::util::json::SyntaxError&) {
  }
  const std::size_t text = size % 5;

  Decode<discovery::APIGroupList>(input, parsed, "APIGroupList", discovery::ParseAPIGroupList, text == 0);
  Decode<discovery::APIResourceList>(input, parsed, "APIResourceList", discovery::ParseAPIResourceList,
                                     text == 1);
  Decode<discovery::APIGroup>(input, parsed, "APIGroup", discovery::ParseAPIGroup, text == 2);

  if (const auto versions = Decode<discovery::APIVersions>(input, parsed, "APIVersions",
                                                           discovery::ParseAPIVersions, text == 3)) {
    const discovery::APIGroup core = discovery::APIVersionsToAPIGroup(*versions);
    if (!core.name.empty() || core.versions.size() != versions->versions.size()) FailAt(__LINE__);
    for (std::size_t i = 0; i < core.versions.size(); ++i) {
      if (core.versions[i].version != versions->versions[i] ||
          core.versions[i].group_version != versions->versions[i]) {
        FailAt(__LINE__);
      }
    }
    if (!core.versions.empty() && !(core.preferred_version == core.versions.front())) FailAt(__LINE__);
  }

  if (const auto aggregated = Decode<discovery::APIGroupDiscoveryList>(
          input, parsed, "APIGroupDiscoveryList", discovery::ParseAPIGroupDiscoveryList, text == 4)) {
    // The text form round-trips too (the encoder writes what the decoder reads).
    const nlohmann::json j = *aggregated;
    try {
      if (!(discovery::ParseAPIGroupDiscoveryList(j.dump()) == *aggregated)) FailAt(__LINE__);
    } catch (const discovery::DecodeError&) {
      FailAt(__LINE__);
    }
    CheckSplit(*aggregated);
  }
  return 0;
}
