#include "apimachinery/types/namespacedname.hpp"

#include <sstream>
#include <string>
#include <unordered_set>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/types/uid.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace types_namespacedname_test {

namespace types = apimachinery::types;
namespace metav1 = apimachinery::metav1;
using nlohmann::json;

// Answers printed by Go (String() and json.Marshal of types.NamespacedName).
TEST_CASE("NamespacedName String, printing, JSON", "[types]") {
  const types::NamespacedName n{"a", "b"};
  CHECK(n.String() == "a/b");
  CHECK(types::NamespacedName{"", "b"}.String() == "/b");
  CHECK(types::NamespacedName{}.String() == "/");
  CHECK(fmt::format("{}", n) == "a/b");
  std::ostringstream os;
  os << n;
  CHECK(os.str() == "a/b");
  CHECK(json(n).dump() == R"({"Name":"b","Namespace":"a"})");
  CHECK(json::parse(R"({"Namespace":"a","Name":"b"})").get<types::NamespacedName>() == n);
  CHECK(json(nullptr).get<types::NamespacedName>() == types::NamespacedName{});
  CHECK(n.MarshalLog() == json::parse(R"({"name":"b","namespace":"a"})"));
  CHECK(types::NamespacedName{"", "b"}.MarshalLog() == json::parse(R"({"name":"b"})"));
  CHECK_THROWS_MATCHES(
      json::parse(R"({"Name":1})").get<types::NamespacedName>(), metav1::DecodeError,
      Catch::Matchers::Message(
          "json: cannot unmarshal number into Go struct field NamespacedName.Name of type string"));
  CHECK_THROWS_MATCHES(
      json::parse("[]").get<types::NamespacedName>(), metav1::DecodeError,
      Catch::Matchers::Message("json: cannot unmarshal array into Go value of type types.NamespacedName"));
}

TEST_CASE("NamespacedName compares and hashes by both parts", "[types]") {
  const types::NamespacedName a{"ns", "x"}, b{"ns", "y"}, c{"ns2", "x"};
  CHECK(a == types::NamespacedName{"ns", "x"});
  CHECK(a != b);
  CHECK(a != c);
  CHECK(a < b);
  CHECK(b < c);
  // "a/b" + "c" and "a" + "b/c" print the same but are different keys.
  CHECK(types::NamespacedName{"a/b", "c"} != types::NamespacedName{"a", "b/c"});
  std::unordered_set<types::NamespacedName> set{a, b, c, a};
  CHECK(set.size() == 3);
  CHECK(set.count(types::NamespacedName{"ns", "y"}) == 1);
  CHECK(set.count(types::NamespacedName{"ns", ""}) == 0);
  CHECK(std::hash<types::NamespacedName>{}(a) ==
        std::hash<types::NamespacedName>{}(types::NamespacedName{"ns", "x"}));
  const types::UID uid = "6d2d3b3e-1c6b-4d4e-9a8f-0f3c2b1a0d9e";
  metav1::ObjectMeta m;
  m.uid = uid;  // the same type as ObjectMeta's uid
  CHECK(m.uid == uid);
}

}  // namespace types_namespacedname_test
