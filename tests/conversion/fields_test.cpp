// Tests for conversion/fields.hpp: generated field conversions refuse pairs that drop a field (as
// k8s.io/code-generator's conversion-gen refuses to generate Convert_X_To_Y when a source member
// has no peer), APIMACHINERY_IGNORED_FIELDS, recursive types, and FirstDifference's naming hook.
// The refusals themselves are compile_fail tests (generated_conversion_drops_field,
// ignored_field_not_in_source).
#include "apimachinery/conversion/fields.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace conversion_fields_test {

namespace conversion = apimachinery::conversion;

namespace v1 {
struct Port {
  std::string name;
  int number = 0;
};
APIMACHINERY_FIELDS(Port, name, number)

// A recursive type (as JSONSchemaProps).
struct Node {
  std::string name;
  std::vector<Node> children;
  std::map<std::string, Port> ports;
  std::optional<Port> primary;
};
APIMACHINERY_FIELDS(Node, name, children, ports, primary)
}  // namespace v1

namespace hub {
struct Port {
  std::string name;
  int number = 0;
  std::string protocol;  // hub only
  std::string note;      // hub only
};
APIMACHINERY_FIELDS(Port, name, number, protocol, note)
// Converting the hub to v1 drops two fields on purpose.
APIMACHINERY_IGNORED_FIELDS(Port, v1::Port, protocol, note)

struct Node {
  std::string name;
  std::vector<Node> children;
  std::map<std::string, Port> ports;
  std::optional<Port> primary;
};
APIMACHINERY_FIELDS(Node, name, children, ports, primary)
}  // namespace hub

TEST_CASE("GeneratedConversionDropsNothing: nested pairs, containers, ignored fields, recursion",
          "[conversion][fields]") {
  // v1 -> hub: every v1 field has a peer; hub -> v1: protocol and note are declared dropped.
  STATIC_REQUIRE(conversion::GeneratedConversionDropsNothing<v1::Port, hub::Port>());
  STATIC_REQUIRE(conversion::GeneratedConversionDropsNothing<hub::Port, v1::Port>());
  // Reached through vectors, maps and optionals of a recursive type.
  STATIC_REQUIRE(conversion::GeneratedConversionDropsNothing<v1::Node, hub::Node>());
  STATIC_REQUIRE(conversion::GeneratedConversionDropsNothing<hub::Node, v1::Node>());
  STATIC_REQUIRE(conversion::internal::IsIgnoredField<hub::Port, v1::Port>("note"));
  STATIC_REQUIRE(conversion::internal::IsIgnoredField<hub::Port, v1::Port>("protocol"));
  STATIC_REQUIRE_FALSE(conversion::internal::IsIgnoredField<hub::Port, v1::Port>("name"));
  STATIC_REQUIRE_FALSE(conversion::internal::IsIgnoredField<hub::Port, v1::Port>("not"));
  STATIC_REQUIRE_FALSE(conversion::internal::IsIgnoredField<v1::Port, hub::Port>("protocol"));
}

TEST_CASE("Generated field conversions of a recursive type, ignored fields dropped", "[conversion][fields]") {
  conversion::Converter c;
  conversion::RegisterGeneratedFieldConversions<v1::Node, hub::Node>(c);
  hub::Node root;
  root.name = "root";
  root.primary = hub::Port{"http", 80, "TCP", "n"};
  hub::Node child;
  child.name = "child";
  child.ports["metrics"] = hub::Port{"metrics", 9090, "TCP", ""};
  root.children = {child};
  v1::Node out;
  c.Convert(root, out);
  CHECK(out.name == "root");
  REQUIRE(out.primary.has_value());
  CHECK(out.primary->number == 80);
  REQUIRE(out.children.size() == 1);
  CHECK(out.children[0].ports.at("metrics").number == 9090);
  hub::Node back;
  c.Convert(out, back);
  CHECK(back.children[0].name == "child");
  CHECK(back.primary->protocol.empty());  // dropped on the way through v1, as declared
  CHECK(conversion::FirstDifference(root, back) ==
        std::optional<std::string>("children[0].ports[metrics].protocol"));  // fields in order
}

TEST_CASE("FirstDifference names fields through the naming hook", "[conversion][fields]") {
  v1::Node a;
  a.children.resize(2);
  v1::Node b = a;
  b.children[1].ports["p"].number = 1;
  CHECK(conversion::FirstDifference(a, b) == std::optional<std::string>("children[1].ports[p]"));
  a.children[1].ports["p"];
  CHECK(conversion::FirstDifference(a, b) == std::optional<std::string>("children[1].ports[p].number"));
  auto upper = [](const auto& field) {
    std::string s(field.name);
    for (char& ch : s) ch = static_cast<char>(ch - 'a' + 'A');
    return s;
  };
  CHECK(conversion::FirstDifference(a, b, "", upper) ==
        std::optional<std::string>("CHILDREN[1].PORTS[p].NUMBER"));
  CHECK(conversion::FirstDifference(a, b, "root", upper) ==
        std::optional<std::string>("root.CHILDREN[1].PORTS[p].NUMBER"));
  CHECK_FALSE(conversion::FirstDifference(a, a, "", upper));
}

}  // namespace conversion_fields_test
