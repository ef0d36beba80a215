// Randomised check of meta/restmapper.hpp: the indexed DefaultRESTMapper must give exactly what
// a literal port of upstream's map-scanning algorithm gives (restmapper.go: ResourcesFor ..
// ResourceSingularizer), for random registrations (Add and odd AddSpecific calls, overwrites included) and
// random partial requests (prefix groups, `__internal`, upper case, unknown and empty names).
//
// The reference model below keeps upstream's maps and scans them. Where upstream's order is
// unspecified (Go map order), the model applies this port's documented rule: results sorted with
// group-versions missing from the defaults first (by group, then version), then listed ones in
// list order, then by name; a fully qualified ResourcesFor prefers the plural itself, else the
// earliest-registered plural with that singular. The test also checks that the upstream
// comparator agrees wherever it is well defined (both group-versions listed).
#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/restmapper.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_restmapper_random_test {

using namespace apimachinery;
using meta::RESTScopeName;
using schema::GroupKind;
using schema::GroupVersion;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

namespace {

std::string Lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

bool HasPrefix(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

// A literal port of upstream's DefaultRESTMapper over ordered containers.
class Model {
 public:
  explicit Model(std::vector<GroupVersion> defaults) : defaults_(std::move(defaults)) {}

  void AddSpecific(const GroupVersionKind& kind, const GroupVersionResource& plural,
                   const GroupVersionResource& singular, RESTScopeName scope) {
    bool found = false;
    for (auto& [p, s] : plural_to_singular_) {
      if (p == plural) {
        s = singular;
        found = true;
      }
    }
    if (!found) plural_to_singular_.emplace_back(plural, singular);
    resource_to_kind_[singular] = kind;
    resource_to_kind_[plural] = kind;
    kind_to_plural_[kind] = {plural, scope};
  }

  // Returns the results, or the error text.
  std::pair<std::vector<GroupVersionResource>, std::string> ResourcesFor(
      const GroupVersionResource& input) const {
    GroupVersionResource r = Coerce(input);
    if (r.resource.empty()) return {{}, "a resource must be present, got: " + r.String()};
    std::vector<GroupVersionResource> ret;
    const bool has_group = !r.group.empty(), has_version = !r.version.empty();
    if (has_group && has_version) {
      std::optional<GroupVersionResource> hit;
      for (const auto& [p, s] : plural_to_singular_) {
        if (p == r) hit = p;
      }
      if (!hit) {
        for (const auto& [p, s] : plural_to_singular_) {
          if (s == r) {
            hit = p;
            break;
          }
        }
      }
      if (hit) ret.push_back(*hit);
    } else if (has_group) {
      bool exact = false;
      for (const auto& [p, s] : plural_to_singular_) {
        if (s.group == r.group && s.resource == r.resource) {
          exact = true;
          ret.push_back(p);
        }
        if (p.group == r.group && p.resource == r.resource) {
          exact = true;
          ret.push_back(p);
        }
      }
      if (!exact) {
        for (const auto& [p, s] : plural_to_singular_) {
          if (!HasPrefix(p.group, r.group)) continue;
          if (s.resource == r.resource) ret.push_back(p);
          if (p.resource == r.resource) ret.push_back(p);
        }
      }
    } else if (has_version) {
      for (const auto& [p, s] : plural_to_singular_) {
        if (s.version == r.version && s.resource == r.resource) ret.push_back(p);
        if (p.version == r.version && p.resource == r.resource) ret.push_back(p);
      }
    } else {
      for (const auto& [p, s] : plural_to_singular_) {
        if (s.resource == r.resource) ret.push_back(p);
        if (p.resource == r.resource) ret.push_back(p);
      }
    }
    if (ret.empty()) return {{}, "no matches for " + r.String()};
    SortBy(ret, [](const GroupVersionResource& x) { return std::make_pair(x.GroupVersion(), x.resource); });
    return {ret, ""};
  }

  std::pair<std::vector<GroupVersionKind>, std::string> KindsFor(const GroupVersionResource& input) const {
    GroupVersionResource r = Coerce(input);
    if (r.resource.empty()) return {{}, "a resource must be present, got: " + r.String()};
    std::vector<GroupVersionKind> ret;
    const bool has_group = !r.group.empty(), has_version = !r.version.empty();
    if (has_group && has_version) {
      if (auto it = resource_to_kind_.find(r); it != resource_to_kind_.end()) ret.push_back(it->second);
    } else if (has_group) {
      for (const auto& [key, kind] : resource_to_kind_) {
        if (key.group == r.group && key.resource == r.resource) ret.push_back(kind);
      }
      if (ret.empty()) {
        for (const auto& [key, kind] : resource_to_kind_) {
          if (HasPrefix(key.group, r.group) && key.resource == r.resource) ret.push_back(kind);
        }
      }
    } else if (has_version) {
      for (const auto& [key, kind] : resource_to_kind_) {
        if (key.version == r.version && key.resource == r.resource) ret.push_back(kind);
      }
    } else {
      for (const auto& [key, kind] : resource_to_kind_) {
        if (key.resource == r.resource) ret.push_back(kind);
      }
    }
    if (ret.empty()) return {{}, "no matches for " + input.String()};
    SortBy(ret, [](const GroupVersionKind& x) { return std::make_pair(x.GroupVersion(), x.kind); });
    return {ret, ""};
  }

  std::pair<std::vector<meta::RESTMapping>, std::string> RESTMappings(
      const GroupKind& gk, const std::vector<std::string>& versions) const {
    std::vector<GroupVersionKind> potential;
    bool had = false;
    for (const auto& v : versions) {
      if (v.empty() || v == "__internal") continue;
      had = true;
      GroupVersionKind gvk{gk.group, v, gk.kind};
      if (kind_to_plural_.count(gvk)) {
        potential.push_back(gvk);
        break;
      }
    }
    if (!had && potential.empty()) {
      for (const auto& gv : defaults_) {
        if (gv.group == gk.group) potential.push_back(GroupVersionKind{gk.group, gv.version, gk.kind});
      }
    }
    if (potential.empty()) return {{}, meta::NoKindMatchError(gk, versions).what()};
    std::vector<meta::RESTMapping> out;
    for (const auto& gvk : potential) {
      auto it = kind_to_plural_.find(gvk);
      if (it == kind_to_plural_.end()) continue;
      out.push_back(meta::RESTMapping{it->second.first, gvk, it->second.second});
    }
    if (out.empty()) return {{}, "no matches for " + GroupVersionResource{gk.group, "", gk.kind}.String()};
    return {out, ""};
  }

  // Upstream's comparator; nullopt where it is not well defined (a GV missing from the defaults).
  std::optional<bool> UpstreamLess(const GroupVersion& a, const std::string& an, const GroupVersion& b,
                                   const std::string& bn) const {
    if (a == b) return an < bn;
    const int ra = Rank(a), rb = Rank(b);
    if (ra < 0 || rb < 0) return std::nullopt;
    return ra < rb;
  }

 private:
  static GroupVersionResource Coerce(GroupVersionResource r) {
    r.resource = Lower(r.resource);
    if (r.version == "__internal") r.version.clear();
    return r;
  }
  int Rank(const GroupVersion& gv) const {
    int rank = -1;
    for (std::size_t i = 0; i < defaults_.size(); ++i) {
      if (defaults_[i] == gv) rank = static_cast<int>(i);
    }
    return rank;
  }
  template <typename T, typename Key>
  void SortBy(std::vector<T>& v, Key key) const {
    std::stable_sort(v.begin(), v.end(), [&](const T& x, const T& y) {
      auto [xgv, xn] = key(x);
      auto [ygv, yn] = key(y);
      const int rx = Rank(xgv), ry = Rank(ygv);
      if (rx != ry) return rx < ry;
      if (rx < 0 && !(xgv == ygv)) return xgv < ygv;
      return xn < yn;
    });
  }

  std::vector<GroupVersion> defaults_;
  std::vector<std::pair<GroupVersionResource, GroupVersionResource>>
      plural_to_singular_;  // registration order
  std::map<GroupVersionResource, GroupVersionKind> resource_to_kind_;
  std::map<GroupVersionKind, std::pair<GroupVersionResource, RESTScopeName>> kind_to_plural_;
};

template <typename T>
std::string ErrorText(const meta::MapperResult<T>& r) {
  return r.error ? r.error.Message() : std::string();
}

}  // namespace

TEST_CASE("Indexed DefaultRESTMapper equals a brute-force scan", "[meta][restmapper][random]") {
  const std::vector<std::string> groups = {"", "a", "ab", "abc", "b", "apps", "apps.k8s.io"};
  const std::vector<std::string> versions = {"v1", "v2", "v1beta1"};
  const std::vector<std::string> kinds = {"Pod", "Pods",   "Endpoints", "Policy", "Thing",
                                          "Box", "Status", "S",         "Key"};
  const std::vector<std::string> req_groups = {"",  "",   "a",    "ab", "abc",
                                               "b", "ap", "apps", "x",  "apps.k8s.io"};
  const std::vector<std::string> req_versions = {"", "", "v1", "v2", "v1beta1", "__internal", "v9"};
  const std::vector<std::string> names = {"pod",    "pods",     "POD",   "Pods",   "podses", "endpoints",
                                          "policy", "policies", "thing", "things", "box",    "boxs",
                                          "status", "statuses", "s",     "ses",    "key",    "keies",
                                          "nope",   "",         "Thing"};

  std::mt19937 rng(20261129);
  auto pick = [&](const std::vector<std::string>& v) -> const std::string& {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
  };
  auto chance = [&](int percent) { return std::uniform_int_distribution<int>(0, 99)(rng) < percent; };

  int compared = 0;
  for (int round = 0; round < 60; ++round) {
    std::vector<GroupVersion> defaults;
    const int n_defaults = std::uniform_int_distribution<int>(0, 6)(rng);
    for (int i = 0; i < n_defaults; ++i) defaults.push_back(GroupVersion{pick(groups), pick(versions)});

    meta::DefaultRESTMapper mapper(defaults);
    Model model(defaults);
    const int n_adds = std::uniform_int_distribution<int>(1, 30)(rng);
    for (int i = 0; i < n_adds; ++i) {
      const GroupVersionKind kind{pick(groups), pick(versions), pick(kinds)};
      const RESTScopeName scope = chance(50) ? RESTScopeName::kNamespace : RESTScopeName::kRoot;
      if (chance(80)) {
        mapper.Add(kind, scope);
        auto [plural, singular] = meta::UnsafeGuessKindToResource(kind);
        model.AddSpecific(kind, plural, singular, scope);
      } else {
        // Odd registrations: plural and singular in other groups/versions, shared names.
        const GroupVersionResource plural{pick(groups), pick(versions), Lower(pick(names))};
        const GroupVersionResource singular{chance(50) ? plural.group : pick(groups),
                                            chance(50) ? plural.version : pick(versions), Lower(pick(names))};
        mapper.AddSpecific(kind, plural, singular, scope);
        model.AddSpecific(kind, plural, singular, scope);
      }
    }

    for (int q = 0; q < 80; ++q) {
      const GroupVersionResource req{pick(req_groups), pick(req_versions), pick(names)};
      CAPTURE(round, req);

      const auto [want_resources, want_resources_err] = model.ResourcesFor(req);
      const auto got_resources = mapper.TryResourcesFor(req);
      REQUIRE(ErrorText(got_resources) == want_resources_err);
      if (want_resources_err.empty()) REQUIRE(*got_resources.value == want_resources);

      const auto [want_kinds, want_kinds_err] = model.KindsFor(req);
      const auto got_kinds = mapper.TryKindsFor(req);
      REQUIRE(ErrorText(got_kinds) == want_kinds_err);
      if (want_kinds_err.empty()) REQUIRE(*got_kinds.value == want_kinds);

      // Where upstream's comparator is well defined, the order agrees with it.
      for (std::size_t i = 0; i + 1 < want_kinds.size(); ++i) {
        const auto& a = want_kinds[i];
        const auto& b = want_kinds[i + 1];
        if (auto less_ba = model.UpstreamLess(b.GroupVersion(), b.kind, a.GroupVersion(), a.kind)) {
          REQUIRE_FALSE(*less_ba);
        }
      }

      // The singular forms follow from the plural ones.
      const auto kind_for = mapper.TryKindFor(req);
      if (!want_kinds_err.empty()) {
        REQUIRE(ErrorText(kind_for) == want_kinds_err);
      } else if (want_kinds.size() == 1) {
        REQUIRE(kind_for.value == want_kinds.front());
      } else {
        REQUIRE(kind_for.error.code() == meta::MapperError::Code::kAmbiguousResource);
        REQUIRE(kind_for.error.matching_kinds() == want_kinds);
      }
      const auto resource_for = mapper.TryResourceFor(req);
      if (!want_resources_err.empty()) {
        REQUIRE(ErrorText(resource_for) == want_resources_err);
      } else if (want_resources.size() == 1) {
        REQUIRE(resource_for.value == want_resources.front());
      } else {
        REQUIRE(resource_for.error.code() == meta::MapperError::Code::kAmbiguousResource);
        REQUIRE(resource_for.error.matching_resources() == want_resources);
      }

      // RESTMappings for a kind (with and without versions).
      const GroupKind gk{pick(groups), pick(kinds)};
      std::vector<std::string> vs;
      const int n_versions = std::uniform_int_distribution<int>(0, 3)(rng);
      for (int i = 0; i < n_versions; ++i) vs.push_back(pick(req_versions));
      const auto [want_mappings, want_mappings_err] = model.RESTMappings(gk, vs);
      const auto got_mappings = mapper.TryRESTMappings(gk, vs);
      REQUIRE(ErrorText(got_mappings) == want_mappings_err);
      if (want_mappings_err.empty()) REQUIRE(*got_mappings.value == want_mappings);
      ++compared;
    }
  }
  CHECK(compared == 60 * 80);
}

}  // namespace meta_restmapper_random_test
