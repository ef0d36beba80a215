#include "apimachinery/util/format.hpp"

#include <sstream>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "apimachinery/selection/selection.hpp"
#include "apimachinery/util/type_id.hpp"

namespace util_format_test::inner {

// An aggregate with a String() member, in a nested namespace.
struct Pair {
  std::string a;
  std::string b;
  std::string String() const { return a + "/" + b; }
};

// An enum with a name table.
enum class Color { kRed, kGreen };
constexpr std::string_view String(Color c) noexcept { return c == Color::kRed ? "red" : "green"; }

}  // namespace util_format_test::inner

APIMACHINERY_STRINGER(util_format_test::inner, Pair);
APIMACHINERY_STRINGER(util_format_test::inner, Color);

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_format_test {

template <typename T>
std::string Streamed(const T& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

TEST_CASE("APIMACHINERY_STRINGER gives fmt and operator<<", "[util][format]") {
  const inner::Pair p{"apps", "v1"};  // still an aggregate
  CHECK(fmt::format("{}", p) == "apps/v1");
  CHECK(fmt::format("[{:>9}]", p) == "[  apps/v1]");
  CHECK(fmt::format("[{:<8}]", inner::Color::kRed) == "[red     ]");
  CHECK(Streamed(p) == "apps/v1");
  CHECK(Streamed(inner::Color::kGreen) == "green");
  CHECK(apimachinery::util::StringOf(inner::Color::kGreen) == "green");
}

// The library's own stringers: selection::Operator (an enum with String(E)) and util::TypeId (a
// String() member) print the same text through fmt and operator<<.
TEST_CASE("selection::Operator and util::TypeId print through APIMACHINERY_STRINGER", "[util][format]") {
  using apimachinery::selection::Operator;
  const std::pair<Operator, std::string_view> ops[] = {
      {Operator::kNone, ""},           {Operator::kDoesNotExist, "!"}, {Operator::kEquals, "="},
      {Operator::kDoubleEquals, "=="}, {Operator::kIn, "in"},          {Operator::kNotEquals, "!="},
      {Operator::kNotIn, "notin"},     {Operator::kExists, "exists"},  {Operator::kGreaterThan, "gt"},
      {Operator::kLessThan, "lt"}};
  for (const auto& [op, text] : ops) {
    CAPTURE(text);
    CHECK(fmt::format("{}", op) == text);
    CHECK(Streamed(op) == text);
  }
  CHECK(fmt::format("[{:^7}]", Operator::kNotIn) == "[ notin ]");

  const auto id = apimachinery::util::kTypeId<inner::Pair>;
  CHECK(id.String() == "util_format_test::inner::Pair");
  CHECK(fmt::format("{}", id) == "util_format_test::inner::Pair");
  CHECK(Streamed(id) == "util_format_test::inner::Pair");
  CHECK(fmt::format("{}", apimachinery::util::TypeIdOf<const int&>()) == "int");
  CHECK(fmt::format("[{}]", apimachinery::util::TypeId{}) == "[]");
  CHECK(Streamed(apimachinery::util::TypeId{}).empty());
}

}  // namespace util_format_test
