// Tests for schema/group_version.hpp: every case of k8s.io/apimachinery/pkg/runtime/schema/group_version.go
// (group_version_test.go
// plus the observed rows).
#include "apimachinery/schema/group_version.hpp"

#include <sstream>
#include <string>
#include <unordered_set>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace schema_group_version_test {

using namespace apimachinery::schema;

TEST_CASE("String formats", "[schema]") {
  CHECK(GroupVersion{"", "v1"}.String() == "v1");
  CHECK(GroupVersion{"apps", "v1"}.String() == "apps/v1");
  CHECK(GroupVersion{"apps", ""}.String() == "apps/");
  CHECK(GroupVersion{}.String().empty());
  CHECK(GroupVersionKind{"", "v1", "Pod"}.String() == "/v1, Kind=Pod");
  CHECK(GroupVersionKind{"apps", "v1", "Deployment"}.String() == "apps/v1, Kind=Deployment");
  CHECK(GroupVersionKind{}.String() == "/, Kind=");
  CHECK(GroupVersionResource{"", "v1", "pods"}.String() == "/v1, Resource=pods");
  CHECK(GroupVersionResource{"apps", "v1", "deployments"}.String() == "apps/v1, Resource=deployments");
  CHECK(GroupVersionResource{}.String() == "/, Resource=");
  CHECK(GroupKind{"", "Pod"}.String() == "Pod");
  CHECK(GroupKind{"apps", "Deployment"}.String() == "Deployment.apps");
  CHECK(GroupKind{"apps", ""}.String() == ".apps");
  CHECK(GroupResource{"", "pods"}.String() == "pods");
  CHECK(GroupResource{"apps", "deployments"}.String() == "deployments.apps");
  CHECK(GroupResource{"apps", ""}.String() == ".apps");

  CHECK(GroupVersion{"apps", "v1"}.Identifier() == "apps/v1");
  CHECK(GroupVersions{{{"", "v1"}, {"apps", "v1"}}}.Identifier() == "[v1,apps/v1]");
  CHECK(GroupVersions{}.Identifier() == "[]");
}

TEST_CASE("fmt, operator<< and hashing print and key by String()", "[schema]") {
  CHECK(fmt::format("{}", GroupVersionKind{"apps", "v1", "Deployment"}) == "apps/v1, Kind=Deployment");
  CHECK(fmt::format("[{:>8}]", GroupVersion{"", "v1"}) == "[      v1]");
  CHECK(fmt::format("{}", GroupResource{"apps", "deployments"}) == "deployments.apps");
  std::ostringstream os;
  os << GroupVersionResource{"", "v1", "pods"} << "|" << GroupKind{"apps", "Deployment"};
  CHECK(os.str() == "/v1, Resource=pods|Deployment.apps");

  std::unordered_set<GroupVersionKind> set{
      {"apps", "v1", "Deployment"}, {"apps", "v1", "Deployment"}, {"", "v1", "Pod"}};
  CHECK(set.size() == 2);
  // Fields are hashed separately: moving a character between fields changes the key.
  CHECK(std::hash<GroupVersion>{}({"a", "bc"}) != std::hash<GroupVersion>{}({"ab", "c"}));
}

TEST_CASE("Empty() is true only when every field is empty", "[schema]") {
  CHECK(GroupVersion{}.Empty());
  CHECK_FALSE(GroupVersion{"", "v1"}.Empty());
  CHECK(GroupVersionKind{}.Empty());
  CHECK_FALSE(GroupVersionKind{"", "", "Pod"}.Empty());
  CHECK(GroupVersionResource{}.Empty());
  CHECK_FALSE(GroupVersionResource{"x", "", ""}.Empty());
  CHECK(GroupKind{}.Empty());
  CHECK_FALSE(GroupKind{"apps", ""}.Empty());
  CHECK(GroupResource{}.Empty());
  CHECK_FALSE(GroupResource{"", "pods"}.Empty());
}

TEST_CASE("Builders and projections", "[schema]") {
  GroupVersion gv{"apps", "v1"};
  CHECK(gv.WithKind("Deployment") == GroupVersionKind{"apps", "v1", "Deployment"});
  CHECK(gv.WithResource("deployments") == GroupVersionResource{"apps", "v1", "deployments"});
  CHECK(GroupKind{"apps", "Deployment"}.WithVersion("v1") == GroupVersionKind{"apps", "v1", "Deployment"});
  CHECK(GroupResource{"apps", "deployments"}.WithVersion("v1") ==
        GroupVersionResource{"apps", "v1", "deployments"});
  GroupVersionKind gvk{"apps", "v1", "Deployment"};
  CHECK(gvk.GroupVersion() == gv);
  CHECK(gvk.GroupKind() == GroupKind{"apps", "Deployment"});
  GroupVersionResource gvr{"apps", "v1", "deployments"};
  CHECK(gvr.GroupVersion() == gv);
  CHECK(gvr.GroupResource() == GroupResource{"apps", "deployments"});
  CHECK(GroupVersionKind{"a", "b", "c"} < GroupVersionKind{"a", "c", "a"});
}

TEST_CASE("ParseGroupVersion", "[schema]") {
  struct Row {
    std::string input, group, version;
  };
  for (const auto& row : std::vector<Row>{{"v1", "", "v1"},
                                          {"v2", "", "v2"},
                                          {"/v1", "", "v1"},
                                          {"v1/", "v1", ""},
                                          {"v1/a", "v1", "a"},
                                          {"", "", ""},
                                          {"/", "", ""},
                                          {"apps/v1", "apps", "v1"},
                                          {"apps/", "apps", ""}}) {
    CAPTURE(row.input);
    CHECK(ParseGroupVersion(row.input) == GroupVersion{row.group, row.version});
  }
  CHECK_THROWS_MATCHES(ParseGroupVersion("/v1/"), ParseError,
                       Catch::Matchers::Message("unexpected GroupVersion string: /v1/"));
  CHECK_THROWS_MATCHES(ParseGroupVersion("a/b/c"), apimachinery::Error,
                       Catch::Matchers::Message("unexpected GroupVersion string: a/b/c"));
}

TEST_CASE("ParseGroupResource and ParseGroupKind", "[schema]") {
  CHECK(ParseGroupResource("v1") == GroupResource{"", "v1"});
  CHECK(ParseGroupResource(".v1") == GroupResource{"v1", ""});
  CHECK(ParseGroupResource("v1.") == GroupResource{"", "v1"});
  CHECK(ParseGroupResource("v1.a") == GroupResource{"a", "v1"});
  CHECK(ParseGroupResource("b.v1.a") == GroupResource{"v1.a", "b"});
  CHECK(ParseGroupKind("Pod") == GroupKind{"", "Pod"});
  CHECK(ParseGroupKind(".StatefulSet") == GroupKind{"StatefulSet", ""});
  CHECK(ParseGroupKind("StatefulSet.apps") == GroupKind{"apps", "StatefulSet"});
}

TEST_CASE("ParseResourceArg and ParseKindArg", "[schema]") {
  using Full = std::optional<GroupVersionResource>;
  struct Row {
    std::string input;
    Full full;
    GroupResource partial;
  };
  for (const auto& row : std::vector<Row>{
           {"v1", std::nullopt, {"", "v1"}},
           {".v1", std::nullopt, {"v1", ""}},
           {"v1.", std::nullopt, {"", "v1"}},
           {"v1.a", std::nullopt, {"a", "v1"}},
           {"b.v1.a", GroupVersionResource{"a", "v1", "b"}, {"v1.a", "b"}},
           {"deployments.v1.apps",
            GroupVersionResource{"apps", "v1", "deployments"},
            {"v1.apps", "deployments"}},
           {"a.b.c.d", GroupVersionResource{"c.d", "b", "a"}, {"b.c.d", "a"}},
           {"Pods.V1.Apps", GroupVersionResource{"Apps", "V1", "Pods"}, {"V1.Apps", "Pods"}},
           {"..", GroupVersionResource{"", "", ""}, {".", ""}},
           {"...", GroupVersionResource{".", "", ""}, {"..", ""}},
       }) {
    CAPTURE(row.input);
    auto [full, partial] = ParseResourceArg(row.input);
    CHECK(full == row.full);
    CHECK(partial == row.partial);
  }

  using FullKind = std::optional<GroupVersionKind>;
  struct KindRow {
    std::string input;
    FullKind full;
    GroupKind partial;
  };
  for (const auto& row : std::vector<KindRow>{
           {"Pod", std::nullopt, {"", "Pod"}},
           {".apps", std::nullopt, {"apps", ""}},
           {"Pod.", std::nullopt, {"", "Pod"}},
           {"StatefulSet.apps", std::nullopt, {"apps", "StatefulSet"}},
           {"StatefulSet.v1.apps", GroupVersionKind{"apps", "v1", "StatefulSet"}, {"v1.apps", "StatefulSet"}},
       }) {
    CAPTURE(row.input);
    auto [full, partial] = ParseKindArg(row.input);
    CHECK(full == row.full);
    CHECK(partial == row.partial);
  }
}

TEST_CASE("FromAPIVersionAndKind / ToAPIVersionAndKind", "[schema]") {
  CHECK(FromAPIVersionAndKind("apps/v1", "K") == GroupVersionKind{"apps", "v1", "K"});
  CHECK(FromAPIVersionAndKind("v1", "K") == GroupVersionKind{"", "v1", "K"});
  CHECK(FromAPIVersionAndKind("a/b/c", "K") == GroupVersionKind{"", "", "K"});
  using P = std::pair<std::string, std::string>;
  CHECK(GroupVersionKind{"", "V1", "pod"}.ToAPIVersionAndKind() == P{"V1", "pod"});
  CHECK(GroupVersionKind{}.ToAPIVersionAndKind() == P{"", ""});
  CHECK(GroupVersionKind{"", "", "K"}.ToAPIVersionAndKind() == P{"", "K"});
  CHECK(GroupVersionKind{"apps", "", "K"}.ToAPIVersionAndKind() == P{"apps/", "K"});
}

TEST_CASE("KindForGroupVersionKinds", "[schema]") {
  GroupVersions gvs{{{"batch", "v1"}, {"batch", "v2alpha1"}, {"policy", "v1beta1"}}};
  CHECK(gvs.KindForGroupVersionKinds({{"batch", "v2alpha1", "ScheduledJob"}}) ==
        GroupVersionKind{"batch", "v2alpha1", "ScheduledJob"});
  CHECK(gvs.KindForGroupVersionKinds({{"batch", "v3alpha1", "CronJob"}}) ==
        GroupVersionKind{"batch", "v1", "CronJob"});
  CHECK(gvs.KindForGroupVersionKinds({{"policy", "v1beta1", "PodDisruptionBudget"}}) ==
        GroupVersionKind{"policy", "v1beta1", "PodDisruptionBudget"});
  CHECK_FALSE(gvs.KindForGroupVersionKinds({{"apps", "v1alpha1", "StatefulSet"}}).has_value());

  GroupVersion batch{"batch", "v1"};
  CHECK(batch.KindForGroupVersionKinds({{"batch", "v2", "A"}, {"batch", "v1", "B"}}) ==
        GroupVersionKind{"batch", "v1", "B"});
  CHECK(batch.KindForGroupVersionKinds({{"batch", "v2", "A"}, {"batch", "v3", "B"}}) ==
        GroupVersionKind{"batch", "v1", "A"});
  CHECK_FALSE(batch.KindForGroupVersionKinds({}).has_value());

  GroupVersions ab{{{"a", "v1"}, {"b", "v1"}}};
  CHECK(ab.KindForGroupVersionKinds({{"b", "v2", "X"}, {"a", "v2", "Y"}}) ==
        GroupVersionKind{"a", "v1", "Y"});
  CHECK(ab.KindForGroupVersionKinds({{"b", "v2", "X"}, {"a", "v1", "Y"}}) ==
        GroupVersionKind{"a", "v1", "Y"});

  // bestMatch rows: exact input kind preferred among targets; else the first target.
  GroupVersions core{{{"", "V1"}}};
  CHECK(core.KindForGroupVersionKinds({{"", "V1", "pod"}, {"", "V2", "pod"}}) ==
        GroupVersionKind{"", "V1", "pod"});
  GroupVersions v3v4{{{"", "V3"}, {"", "V4"}}};
  CHECK(v3v4.KindForGroupVersionKinds({{"", "V1", "pod"}, {"", "V2", "pod"}}) ==
        GroupVersionKind{"", "V3", "pod"});
}

TEST_CASE("JSON wire shapes", "[schema]") {
  nlohmann::json j = GroupVersion{"apps", "v1"};
  CHECK(j == "apps/v1");
  CHECK(nlohmann::json("v1").get<GroupVersion>() == GroupVersion{"", "v1"});
  nlohmann::json k = GroupVersionKind{"apps", "v1", "Deployment"};
  CHECK(k == nlohmann::json{{"group", "apps"}, {"version", "v1"}, {"kind", "Deployment"}});
  CHECK(k.get<GroupVersionKind>() == GroupVersionKind{"apps", "v1", "Deployment"});
  nlohmann::json r = GroupVersionResource{"", "v1", "pods"};
  CHECK(r.get<GroupVersionResource>() == GroupVersionResource{"", "v1", "pods"});
  CHECK(nlohmann::json(GroupKind{"apps", "Deployment"}).get<GroupKind>() == GroupKind{"apps", "Deployment"});
  CHECK(nlohmann::json(GroupResource{"apps", "x"}).get<GroupResource>() == GroupResource{"apps", "x"});
  // Missing keys are empty, as Go's zero values.
  CHECK(nlohmann::json::object().get<GroupKind>() == GroupKind{});

  // null: the empty value (GroupVersion.UnmarshalJSON parses ""; a struct keeps its zero value).
  CHECK(nlohmann::json(nullptr).get<GroupVersion>() == GroupVersion{});
  CHECK(nlohmann::json(nullptr).get<GroupKind>() == GroupKind{});
  CHECK((nlohmann::json{{"group", nullptr}, {"kind", "K"}}.get<GroupKind>()) == GroupKind{"", "K"});

  // Bad input: the one decode error type, with the texts Go 1.26 prints for metav1's types
  // (json.Unmarshal into metav1.GroupVersion, metav1.GroupKind, ...).
  using apimachinery::util::json::DecodeError;
  CHECK_THROWS_AS(nlohmann::json(42).get<GroupVersion>(), DecodeError);
  CHECK_THROWS_WITH(nlohmann::json(42).get<GroupVersion>(),
                    "json: cannot unmarshal number into Go value of type string");
  CHECK_THROWS_AS(nlohmann::json("a/b/c").get<GroupVersion>(), DecodeError);
  CHECK_THROWS_WITH(nlohmann::json("a/b/c").get<GroupVersion>(), "unexpected GroupVersion string: a/b/c");
  CHECK_THROWS_WITH(nlohmann::json(5).get<GroupKind>(),
                    "json: cannot unmarshal number into Go value of type v1.GroupKind");
  CHECK_THROWS_WITH(nlohmann::json::array().get<GroupVersionKind>(),
                    "json: cannot unmarshal array into Go value of type v1.GroupVersionKind");
  CHECK_THROWS_WITH((nlohmann::json{{"kind", 3}}.get<GroupKind>()),
                    "json: cannot unmarshal number into Go struct field GroupKind.kind of type string");
  CHECK_THROWS_WITH((nlohmann::json{{"group", nlohmann::json::array()}}.get<GroupKind>()),
                    "json: cannot unmarshal array into Go struct field GroupKind.group of type string");
  CHECK_THROWS_WITH(
      (nlohmann::json{{"resource", true}}.get<GroupVersionResource>()),
      "json: cannot unmarshal bool into Go struct field GroupVersionResource.resource of type string");
  // A failed decode leaves the value as it was.
  GroupResource kept{"apps", "deployments"};
  CHECK_THROWS_AS((nlohmann::json{{"group", "x"}, {"resource", 1}}.get_to(kept)), DecodeError);
  CHECK(kept == GroupResource{"apps", "deployments"});
}

}  // namespace schema_group_version_test
