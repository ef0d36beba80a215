#include "apimachinery/meta/conditions.hpp"

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_conditions_test {

namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
using metav1::Condition;

const std::string kTrue(metav1::kConditionTrue);
const std::string kFalse(metav1::kConditionFalse);
const std::string kUnknown(metav1::kConditionUnknown);

// conditions_test.go: TestSetStatusCondition.
TEST_CASE("SetStatusCondition (upstream table)", "[meta][conditions]") {
  const metav1::Time now = metav1::Unix(1714557600);
  const metav1::Time one_hour_before = metav1::Unix(1714557600 - 3600);
  const metav1::Time one_hour_after = metav1::Unix(1714557600 + 3600);
  struct Row {
    std::string name;
    std::vector<Condition> conditions;
    Condition to_add;
    bool expect_changed;
    std::vector<Condition> expected;
  };
  const std::vector<Row> rows = {
      {"should-add",
       {{.type = "first"}, {.type = "third"}},
       {.type = "second",
        .status = kTrue,
        .last_transition_time = one_hour_before,
        .reason = "reason",
        .message = "message"},
       true,
       {{.type = "first"},
        {.type = "third"},
        {.type = "second",
         .status = kTrue,
         .last_transition_time = one_hour_before,
         .reason = "reason",
         .message = "message"}}},
      {"use-supplied-time",
       {{.type = "first"}, {.type = "second", .status = kFalse}, {.type = "third"}},
       {.type = "second",
        .status = kTrue,
        .last_transition_time = one_hour_before,
        .reason = "reason",
        .message = "message"},
       true,
       {{.type = "first"},
        {.type = "second",
         .status = kTrue,
         .last_transition_time = one_hour_before,
         .reason = "reason",
         .message = "message"},
        {.type = "third"}}},
      {"update-fields",
       {{.type = "first"},
        {.type = "second", .status = kTrue, .last_transition_time = one_hour_before},
        {.type = "third"}},
       {.type = "second",
        .status = kTrue,
        .observed_generation = 3,
        .last_transition_time = one_hour_after,
        .reason = "reason",
        .message = "message"},
       true,
       {{.type = "first"},
        {.type = "second",
         .status = kTrue,
         .observed_generation = 3,
         .last_transition_time = one_hour_before,
         .reason = "reason",
         .message = "message"},
        {.type = "third"}}},
      {"nothing changes",
       {{.type = "type", .status = kTrue, .last_transition_time = one_hour_before}},
       {.type = "type", .status = kTrue, .last_transition_time = one_hour_before},
       false,
       {{.type = "type", .status = kTrue, .last_transition_time = one_hour_before}}},
  };
  for (const auto& row : rows) {
    SECTION(row.name) {
      auto conditions = row.conditions;
      CHECK(meta::SetStatusCondition(conditions, row.to_add, now) == row.expect_changed);
      CHECK(conditions == row.expected);
    }
  }
}

TEST_CASE("SetStatusCondition stamps now when no time is given", "[meta][conditions]") {
  const metav1::Time now = metav1::Unix(1714557600);
  std::vector<Condition> conditions;
  CHECK(meta::SetStatusCondition(conditions, {.type = "Ready", .status = kFalse}, now));
  REQUIRE(conditions.size() == 1);
  CHECK(conditions[0].last_transition_time == now);
  // A status change without a time takes now; a same-status update keeps the old time.
  const metav1::Time later = metav1::Unix(1714557600 + 60);
  CHECK(meta::SetStatusCondition(conditions, {.type = "Ready", .status = kTrue}, later));
  CHECK(conditions[0].last_transition_time == later);
  CHECK(meta::SetStatusCondition(conditions, {.type = "Ready", .status = kTrue, .reason = "R"},
                                 metav1::Unix(1714557600 + 120)));
  CHECK(conditions[0].last_transition_time == later);
  CHECK(conditions[0].reason == "R");
  // Without `now`: the wall clock.
  const auto before = metav1::Now();
  CHECK(meta::SetStatusCondition(conditions, {.type = "Synced", .status = kTrue}));
  CHECK(conditions[1].last_transition_time >= before);
  CHECK(conditions[1].last_transition_time <= metav1::Now());
  // Go's nil pointer.
  CHECK_FALSE(meta::SetStatusCondition(static_cast<std::vector<Condition>*>(nullptr), {.type = "x"}));
  CHECK(meta::SetStatusCondition(&conditions, {.type = "x"}, now));
  CHECK(conditions.size() == 3);
}

// conditions_test.go: TestRemoveStatusCondition.
TEST_CASE("RemoveStatusCondition (upstream table)", "[meta][conditions]") {
  std::vector<Condition> present = {{.type = "first"}, {.type = "second"}, {.type = "third"}};
  CHECK(meta::RemoveStatusCondition(present, "second"));
  CHECK(present == std::vector<Condition>{{.type = "first"}, {.type = "third"}});
  std::vector<Condition> not_present = {{.type = "first"}, {.type = "second"}, {.type = "third"}};
  CHECK_FALSE(meta::RemoveStatusCondition(not_present, "fourth"));
  CHECK(not_present == std::vector<Condition>{{.type = "first"}, {.type = "second"}, {.type = "third"}});
  std::vector<Condition> empty;
  CHECK_FALSE(meta::RemoveStatusCondition(empty, "Foo"));
  CHECK(empty.empty());
  CHECK_FALSE(meta::RemoveStatusCondition(static_cast<std::vector<Condition>*>(nullptr), "Foo"));
}

// conditions_test.go: TestFindStatusCondition and TestIsStatusConditionPresentAndEqual.
TEST_CASE("FindStatusCondition and IsStatusCondition* (upstream tables)", "[meta][conditions]") {
  const std::vector<Condition> one = {{.type = "first"}};
  CHECK(meta::FindStatusCondition(one, "second") == nullptr);
  const std::vector<Condition> two = {{.type = "first"}, {.type = "second"}};
  REQUIRE(meta::FindStatusCondition(two, "second") != nullptr);
  CHECK(*meta::FindStatusCondition(two, "second") == Condition{.type = "second"});
  CHECK(meta::FindStatusCondition(two, "second") == &two[1]);

  CHECK_FALSE(
      meta::IsStatusConditionPresentAndEqual({{.type = "first", .status = kUnknown}}, "first", kTrue));
  CHECK(meta::IsStatusConditionPresentAndEqual({{.type = "first", .status = kTrue}}, "first", kTrue));
  CHECK(meta::IsStatusConditionPresentAndEqual({{.type = "first", .status = kFalse}}, "first", kFalse));
  CHECK(meta::IsStatusConditionTrue({{.type = "a", .status = kTrue}}, "a"));
  CHECK_FALSE(meta::IsStatusConditionTrue({{.type = "a", .status = kTrue}}, "b"));
  CHECK(meta::IsStatusConditionFalse({{.type = "a", .status = kFalse}}, "a"));
  CHECK_FALSE(meta::IsStatusConditionFalse({{.type = "a", .status = kUnknown}}, "a"));
}

// Property: against a simple model (a map type -> condition), SetStatusCondition keeps one entry per
// type, reports a change exactly when a field changes, and moves the time only on a status change.
TEST_CASE("SetStatusCondition against a model", "[meta][conditions]") {
  std::mt19937 rng(13);
  const std::vector<std::string> types = {"Ready", "Synced", "Degraded"};
  const std::vector<std::string> statuses = {kTrue, kFalse, kUnknown};
  std::vector<Condition> conditions;
  std::int64_t clock = 1000;
  for (int i = 0; i < 2000; ++i) {
    Condition c{.type = types[rng() % 3],
                .status = statuses[rng() % 3],
                .observed_generation = static_cast<std::int64_t>(rng() % 3),
                .last_transition_time =
                    rng() % 2 ? metav1::Time{} : metav1::Unix(static_cast<std::int64_t>(rng() % 50) + 1),
                .reason = "r" + std::to_string(rng() % 2),
                .message = ""};
    const metav1::Time now = metav1::Unix(++clock);
    const Condition* old = meta::FindStatusCondition(conditions, c.type);
    const std::optional<Condition> before = old ? std::optional<Condition>(*old) : std::nullopt;
    const bool changed = meta::SetStatusCondition(conditions, c, now);
    const Condition* after = meta::FindStatusCondition(conditions, c.type);
    REQUIRE(after != nullptr);
    const metav1::Time expected_time = !before || before->status != c.status
                                           ? (c.last_transition_time.IsZero() ? now : c.last_transition_time)
                                           : before->last_transition_time;
    const Condition expected{c.type, c.status, c.observed_generation, expected_time, c.reason, c.message};
    REQUIRE(*after == expected);
    REQUIRE(changed == (!before || *before != expected));
  }
  CHECK(conditions.size() == 3);
}

}  // namespace meta_conditions_test
