// Tests for apis/meta/v1/list_options.hpp: ListOptions / DeleteOptions / Preconditions JSON and
// the query-parameter form, against answers printed by Go (k8s.io/apimachinery v0.37.2:
// json.Marshal, scheme.ParameterCodec.EncodeParameters / DecodeParameters with client-go's scheme,
// url.Values.Encode).
#include "apimachinery/apis/meta/v1/list_options.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace apis_meta_v1_list_options_test {

namespace metav1 = apimachinery::metav1;
using nlohmann::json;

metav1::ListOptions Full() {
  return metav1::ListOptions{.label_selector = "a=b,c in (d)",
                             .field_selector = "metadata.name=x",
                             .watch = true,
                             .allow_watch_bookmarks = true,
                             .resource_version = "123",
                             .resource_version_match = std::string(metav1::kResourceVersionMatchNotOlderThan),
                             .timeout_seconds = 30,
                             .limit = 500,
                             .continue_ = "tok/en==",
                             .send_initial_events = true};
}

TEST_CASE("ListOptions: JSON and query as client-go writes them", "[metav1][list_options]") {
  CHECK(json(metav1::ListOptions{}).dump() == "{}");
  CHECK(metav1::EncodeQuery(metav1::ToQuery(metav1::ListOptions{})).empty());

  CHECK(json(Full()) ==
        json::parse(
            R"j({"labelSelector":"a=b,c in (d)","fieldSelector":"metadata.name=x","watch":true,)j"
            R"("allowWatchBookmarks":true,"resourceVersion":"123","resourceVersionMatch":"NotOlderThan",)"
            R"("timeoutSeconds":30,"limit":500,"continue":"tok/en==","sendInitialEvents":true})"));
  CHECK(metav1::EncodeQuery(metav1::ToQuery(Full())) ==
        "allowWatchBookmarks=true&continue=tok%2Fen%3D%3D&fieldSelector=metadata.name%3Dx&"
        "labelSelector=a%3Db%2Cc+in+%28d%29&limit=500&resourceVersion=123&resourceVersionMatch=NotOlderThan&"
        "sendInitialEvents=true&timeoutSeconds=30&watch=true");

  // Set optionals are written even when zero / false.
  const metav1::ListOptions zeros{.timeout_seconds = 0, .send_initial_events = false};
  CHECK(json(zeros).dump() == R"({"sendInitialEvents":false,"timeoutSeconds":0})");
  CHECK(metav1::EncodeQuery(metav1::ToQuery(zeros)) == "sendInitialEvents=false&timeoutSeconds=0");
  CHECK(metav1::EncodeQuery(metav1::ToQuery(metav1::ListOptions{.shard_selector = "x"})) ==
        "shardSelector=x");
}

TEST_CASE("ListOptions: JSON and query round trips", "[metav1][list_options]") {
  for (const metav1::ListOptions& o :
       {metav1::ListOptions{}, Full(),
        metav1::ListOptions{.timeout_seconds = 0, .send_initial_events = false},
        metav1::ListOptions{.limit = -3, .shard_selector = "s"}}) {
    CHECK(json(o).get<metav1::ListOptions>() == o);
    CHECK(metav1::ListOptionsFromQuery(metav1::ToQuery(o)) == o);
  }
}

TEST_CASE("ListOptionsFromQuery: upstream's parameter conversions", "[metav1][list_options]") {
  using Q = metav1::QueryValues;
  auto from = [](Q q) { return metav1::ListOptionsFromQuery(q); };
  // Booleans: false only for "0" and case-insensitive "false" (Convert_Slice_string_To_bool).
  for (const char* v : {"yes", "", "1", "True", "t", "anything"}) CHECK(from(Q{{"watch", {v}}}).watch);
  for (const char* v : {"0", "false", "FALSE", "False"}) CHECK_FALSE(from(Q{{"watch", {v}}}).watch);
  CHECK(from(Q{{"allowWatchBookmarks", {"t"}}}).allow_watch_bookmarks);
  CHECK(from(Q{{"sendInitialEvents", {"false"}}}).send_initial_events == false);
  CHECK(from(Q{{"sendInitialEvents", {""}}}).send_initial_events == true);
  CHECK(from(Q{{"sendInitialEvents", {"x"}}}).send_initial_events == true);
  CHECK_FALSE(from(Q{}).send_initial_events.has_value());
  // The first value wins; unknown parameters are ignored.
  CHECK(from(Q{{"limit", {"5", "6"}}}).limit == 5);
  CHECK(from(Q{{"labelSelector", {"a", "b"}}, {"unknown", {"1"}}}).label_selector == "a");
  CHECK(from(Q{{"limit", {"-3"}}}).limit == -3);
  CHECK(from(Q{{"resourceVersion", {""}}, {"continue", {"c"}}}) == metav1::ListOptions{.continue_ = "c"});
  // Integers: strconv.ParseInt's errors.
  const std::vector<std::pair<Q, std::string>> bad = {
      {Q{{"limit", {"abc"}}}, R"(strconv.ParseInt: parsing "abc": invalid syntax)"},
      {Q{{"timeoutSeconds", {"x"}}}, R"(strconv.ParseInt: parsing "x": invalid syntax)"},
      {Q{{"limit", {"99999999999999999999"}}},
       R"(strconv.ParseInt: parsing "99999999999999999999": value out of range)"},
      {Q{{"timeoutSeconds", {""}}}, R"(strconv.ParseInt: parsing "": invalid syntax)"},
      {Q{{"limit", {""}}}, R"(strconv.ParseInt: parsing "": invalid syntax)"},
      {Q{{"limit", {" 5"}}}, R"(strconv.ParseInt: parsing " 5": invalid syntax)"},
      {Q{{"limit", {"0x10"}}}, R"(strconv.ParseInt: parsing "0x10": invalid syntax)"},
      {Q{{"limit", {"-"}}}, R"(strconv.ParseInt: parsing "-": invalid syntax)"},
      {Q{{"limit", {"9223372036854775808"}}},
       R"(strconv.ParseInt: parsing "9223372036854775808": value out of range)"},
  };
  for (const auto& [q, text] : bad) {
    try {
      from(q);
      FAIL("no throw for " << text);
    } catch (const metav1::NumError& e) {
      CHECK(std::string(e.what()) == text);
    }
  }
  CHECK(from(Q{{"limit", {"9223372036854775807"}}}).limit == INT64_MAX);
  CHECK(from(Q{{"limit", {"-9223372036854775808"}}}).limit == INT64_MIN);
  CHECK(from(Q{{"limit", {"+5"}}}).limit == 5);
}

TEST_CASE("ListOptions / DeleteOptions: wrong JSON types are Go's errors", "[metav1][list_options]") {
  auto list_err = [](const char* text) {
    try {
      (void)json::parse(text).get<metav1::ListOptions>();
    } catch (const metav1::DecodeError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  auto delete_err = [](const char* text) {
    try {
      (void)json::parse(text).get<metav1::DeleteOptions>();
    } catch (const metav1::DecodeError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(list_err(R"({"limit":"5"})") ==
        "json: cannot unmarshal string into Go struct field ListOptions.limit of type int64");
  CHECK(list_err(R"({"sendInitialEvents":1})") ==
        "json: cannot unmarshal number into Go struct field ListOptions.sendInitialEvents of type bool");
  CHECK(list_err(R"({"continue":1})") ==
        "json: cannot unmarshal number into Go struct field ListOptions.continue of type string");
  CHECK(list_err("[]") == "json: cannot unmarshal array into Go value of type v1.ListOptions");
  CHECK(delete_err(R"({"gracePeriodSeconds":"x"})") ==
        "json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64");
  CHECK(
      delete_err(R"({"preconditions":{"uid":5}})") ==
      "json: cannot unmarshal number into Go struct field Preconditions.preconditions.uid of type types.UID");
  CHECK(delete_err(R"({"dryRun":"All"})") ==
        "json: cannot unmarshal string into Go struct field DeleteOptions.dryRun of type []string");
  CHECK(delete_err(R"({"preconditions":[]})") ==
        "json: cannot unmarshal array into Go struct field DeleteOptions.preconditions of type "
        "v1.Preconditions");
}

TEST_CASE("DeleteOptions: the body client-go sends", "[metav1][list_options]") {
  const metav1::DeleteOptions d{
      .preconditions = metav1::Preconditions{.uid = "u1", .resource_version = ""},
      .grace_period_seconds = 0,
      .propagation_policy = std::string(metav1::kDeletePropagationForeground),
      .dry_run = {std::string(metav1::kDryRunAll)},
      .orphan_dependents = true,
  };
  const json want = json::parse(
      R"({"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0,"preconditions":{"uid":"u1","resourceVersion":""},)"
      R"("orphanDependents":true,"propagationPolicy":"Foreground","dryRun":["All"]})");
  CHECK(json(d) == want);
  CHECK(want.get<metav1::DeleteOptions>() == d);
  CHECK(json(metav1::DeleteOptions{.preconditions = metav1::Preconditions{}}) ==
        json::parse(R"({"apiVersion":"v1","kind":"DeleteOptions","preconditions":{}})"));
  CHECK(json(metav1::Preconditions{.resource_version = "7"}).dump() == R"({"resourceVersion":"7"})");
  CHECK(json::parse(R"({"uid":"x"})").get<metav1::Preconditions>() == metav1::Preconditions{.uid = "x"});
}

TEST_CASE("Get/Create/Update/PatchOptions: JSON and query as client-go writes them",
          "[metav1][list_options]") {
  CHECK(json(metav1::GetOptions{}).dump() == "{}");
  CHECK(json(metav1::CreateOptions{}).dump() == "{}");
  CHECK(json(metav1::PatchOptions{}).dump() == "{}");
  CHECK(metav1::ToQuery(metav1::UpdateOptions{}).empty());

  const metav1::PatchOptions p{
      .dry_run = {"All"}, .force = false, .field_manager = "kubectl", .field_validation = "Strict"};
  const json want =
      json::parse(R"({"dryRun":["All"],"force":false,"fieldManager":"kubectl","fieldValidation":"Strict"})");
  CHECK(json(p) == want);
  CHECK(want.get<metav1::PatchOptions>() == p);
  CHECK(metav1::EncodeQuery(metav1::ToQuery(p)) ==
        "dryRun=All&fieldManager=kubectl&fieldValidation=Strict&force=false");
  CHECK(metav1::EncodeQuery(metav1::ToQuery(metav1::PatchOptions{.force = true})) == "force=true");

  const metav1::CreateOptions c{.dry_run = {"All", "x y"}, .field_manager = "m"};
  CHECK(json::parse(json(c).dump()).get<metav1::CreateOptions>() == c);
  CHECK(metav1::EncodeQuery(metav1::ToQuery(c)) == "dryRun=All&dryRun=x+y&fieldManager=m");
  const metav1::UpdateOptions u{.field_validation = "Warn"};
  CHECK(json(u).dump() == R"({"fieldValidation":"Warn"})");
  CHECK(json::parse(json(u).dump()).get<metav1::UpdateOptions>() == u);
  const metav1::GetOptions g{.resource_version = "0"};
  CHECK(json(g).dump() == R"({"resourceVersion":"0"})");
  CHECK(json(g).get<metav1::GetOptions>() == g);
  CHECK(metav1::EncodeQuery(metav1::ToQuery(g)) == "resourceVersion=0");
  // Unknown members (apiVersion, kind) are ignored, as Go's decoder does.
  CHECK(json::parse(R"({"kind":"CreateOptions","apiVersion":"meta.k8s.io/v1","fieldManager":"f"})")
            .get<metav1::CreateOptions>() == metav1::CreateOptions{.field_manager = "f"});
}

TEST_CASE("Get/Create/Update/PatchOptions: wrong JSON types are Go's errors", "[metav1][list_options]") {
  auto err = [](auto tag, const char* text) {
    try {
      (void)json::parse(text).get<decltype(tag)>();
    } catch (const metav1::DecodeError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(err(metav1::CreateOptions{}, R"({"fieldManager":1})") ==
        "json: cannot unmarshal number into Go struct field CreateOptions.fieldManager of type string");
  CHECK(err(metav1::CreateOptions{}, "[]") ==
        "json: cannot unmarshal array into Go value of type v1.CreateOptions");
  CHECK(err(metav1::UpdateOptions{}, R"({"dryRun":"All"})") ==
        "json: cannot unmarshal string into Go struct field UpdateOptions.dryRun of type []string");
  CHECK(err(metav1::PatchOptions{}, R"({"force":"true"})") ==
        "json: cannot unmarshal string into Go struct field PatchOptions.force of type bool");
  CHECK(err(metav1::PatchOptions{}, R"({"dryRun":[1]})") ==
        "json: cannot unmarshal number into Go struct field PatchOptions.dryRun of type string");
  CHECK(err(metav1::GetOptions{}, R"({"resourceVersion":true})") ==
        "json: cannot unmarshal bool into Go struct field GetOptions.resourceVersion of type string");
  CHECK(err(metav1::GetOptions{}, "5") ==
        "json: cannot unmarshal number into Go value of type v1.GetOptions");
}

}  // namespace apis_meta_v1_list_options_test
