// Tests for labels/label_set.hpp: k8s.io/apimachinery/pkg/labels/labels.go (labels_test.go: Set helpers).
#include "apimachinery/labels/label_set.hpp"

#include <string>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace labels_label_set_test {

namespace labels = apimachinery::labels;

TEST_CASE("Set String and FormatLabels", "[labels][set]") {
  CHECK(labels::String({{"foo", "bar"}, {"baz", "qup"}}) == "baz=qup,foo=bar");
  CHECK(labels::String({}).empty());
  CHECK(labels::String({{"x", ""}}) == "x=");
  // Sorted as whole strings, no escaping.
  CHECK(labels::String({{"a", "1"}, {"a-b", "2"}}) == "a-b=2,a=1");
  CHECK(labels::String({{"a", "x=y,z"}}) == "a=x=y,z");
  CHECK(labels::FormatLabels({}) == "<none>");
  CHECK(labels::FormatLabels({{"foo", "bar"}}) == "foo=bar");
}

TEST_CASE("Set Has and Get", "[labels][set]") {
  const labels::Set s{{"x", ""}};
  CHECK(labels::Has(s, "x"));
  CHECK(labels::Get(s, "x").empty());
  CHECK_FALSE(labels::Has(s, "y"));
  CHECK(labels::Get(s, "y").empty());
  CHECK(labels::Lookup(s, "x") == "");
  CHECK_FALSE(labels::Lookup(s, "y"));
}

TEST_CASE("Conflicts", "[labels][set]") {
  CHECK_FALSE(labels::Conflicts({}, {}));
  CHECK_FALSE(labels::Conflicts({{"env", "test"}}, {{"infra", "true"}}));
  CHECK_FALSE(labels::Conflicts({{"env", "test"}}, {{"infra", "true"}, {"env", "test"}}));
  CHECK(labels::Conflicts({{"env", "test"}}, {{"env", "dev"}}));
  CHECK(labels::Conflicts({{"env", "test"}, {"infra", "false"}}, {{"infra", "true"}, {"color", "blue"}}));
}

TEST_CASE("Merge", "[labels][set]") {
  CHECK(labels::Merge({}, {}).empty());
  CHECK(labels::Merge({{"infra", "true"}}, {}) == labels::Set{{"infra", "true"}});
  CHECK(labels::Merge({{"infra", "true"}}, {{"env", "test"}, {"color", "blue"}}) ==
        labels::Set{{"infra", "true"}, {"env", "test"}, {"color", "blue"}});
  // The second set wins.
  CHECK(labels::Merge({{"env", "test"}, {"a", "1"}}, {{"env", "dev"}}) ==
        labels::Set{{"env", "dev"}, {"a", "1"}});
}

TEST_CASE("Equals", "[labels][set]") {
  CHECK(labels::Equals({}, {}));
  CHECK(labels::Equals({{"env", "test"}}, {{"env", "test"}}));
  CHECK_FALSE(labels::Equals({{"env", "test"}}, {{"env", "dev"}}));
  CHECK_FALSE(labels::Equals({{"env", "test"}}, {{"env", "test"}, {"a", "b"}}));
  CHECK_FALSE(labels::Equals({{"env", "test"}}, {{"infra", "test"}}));
}

}  // namespace labels_label_set_test
