#include "apimachinery/util/format.hpp"

#include <sstream>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <fmt/format.h>

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

}  // namespace util_format_test
