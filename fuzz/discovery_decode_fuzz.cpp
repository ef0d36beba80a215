// libFuzzer target for the discovery document decoders: the legacy documents
// (ParseAPIGroupList, ParseAPIResourceList, ParseAPIGroup, ParseAPIVersions; upstream's
// k8s.io/apimachinery/pkg/apis/meta/v1 types.go decoded by client-go/discovery) and the aggregated
// one (ParseAPIGroupDiscoveryList, api/apidiscovery/v2) with its conversion to the legacy shapes
// (SplitGroupsAndResources, client-go/discovery/aggregated_discovery.go).
//
// Every input is given to all five decoders. Properties checked on every input:
// - each decoder either returns or throws discovery::DecodeError whose what() starts with
//   "discovery: cannot decode <document>: "; any other exception escapes and is reported as a
//   crash, ASan/UBSan catch memory and UB errors;
// - what a decoder accepts round-trips: to_json, dump, the same decoder again gives an equal value;
// - an accepted aggregated document converts without throwing; the conversion keeps one APIGroup
//   per item, lists each version either in its group (and as one APIResourceList) or, when it is
//   "Stale", in `failed`; the preferred version is the group's first listed one; no list holds more
//   entries than its version's resources and subresources; every converted list round-trips
//   through ParseAPIResourceList and the group list through ParseAPIGroupList;
// - APIVersionsToAPIGroup keeps every version, the first one preferred.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/discovery/discovery.hpp"

namespace {

namespace discovery = apimachinery::discovery;

// FailAt reports the broken property (its line) and aborts, which libFuzzer records as a crash.
[[noreturn]] void FailAt(int line) {
  std::fprintf(stderr, "%s:%d: property violated\n", __FILE__, line);
  std::abort();
}

void CheckError(const discovery::DecodeError& e, std::string_view document) {
  const std::string prefix = "discovery: cannot decode " + std::string(document) + ": ";
  if (std::string_view(e.what()).substr(0, prefix.size()) != prefix) FailAt(__LINE__);
  if (e.document != document || e.reason.empty()) FailAt(__LINE__);
}

// Decodes `input` with `parse`; on success re-encodes the value and decodes it again.
template <typename T, typename Parse>
bool RoundTrip(std::string_view input, std::string_view document, Parse parse, T& out) {
  try {
    out = parse(input, document);
  } catch (const discovery::DecodeError& e) {
    CheckError(e, document);
    return false;
  }
  const nlohmann::json j = out;
  const std::string text = j.dump();
  T again;
  try {
    again = parse(text, document);
  } catch (const discovery::DecodeError&) {
    FailAt(__LINE__);  // what was accepted and encoded must decode
  }
  if (!(again == out)) FailAt(__LINE__);
  return true;
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

  for (const auto& list : split.resources) {
    const nlohmann::json j = list;
    if (!(discovery::ParseAPIResourceList(j.dump()) == list)) FailAt(__LINE__);
  }
  const nlohmann::json groups = split.groups;
  if (!(discovery::ParseAPIGroupList(groups.dump()) == split.groups)) FailAt(__LINE__);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  discovery::APIGroupList group_list;
  RoundTrip(input, "APIGroupList", discovery::ParseAPIGroupList, group_list);
  discovery::APIResourceList resource_list;
  RoundTrip(input, "APIResourceList", discovery::ParseAPIResourceList, resource_list);
  discovery::APIGroup group;
  RoundTrip(input, "APIGroup", discovery::ParseAPIGroup, group);

  discovery::APIVersions versions;
  if (RoundTrip(input, "APIVersions", discovery::ParseAPIVersions, versions)) {
    const discovery::APIGroup core = discovery::APIVersionsToAPIGroup(versions);
    if (!core.name.empty() || core.versions.size() != versions.versions.size()) FailAt(__LINE__);
    for (std::size_t i = 0; i < core.versions.size(); ++i) {
      if (core.versions[i].version != versions.versions[i] ||
          core.versions[i].group_version != versions.versions[i]) {
        FailAt(__LINE__);
      }
    }
    if (!core.versions.empty() && !(core.preferred_version == core.versions.front())) FailAt(__LINE__);
  }

  discovery::APIGroupDiscoveryList aggregated;
  if (RoundTrip(input, "APIGroupDiscoveryList", discovery::ParseAPIGroupDiscoveryList, aggregated)) {
    CheckSplit(aggregated);
  }
  return 0;
}
