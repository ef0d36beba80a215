#include "apimachinery/util/ascii.hpp"

#include <string>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_ascii_test {

namespace util = apimachinery::util;

TEST_CASE("ToLowerASCII lower-cases A-Z and copies every other byte", "[util][ascii]") {
  CHECK(util::ToLowerASCII("") == "");
  CHECK(util::ToLowerASCII("ConfigMap") == "configmap");
  CHECK(util::ToLowerASCII("HorizontalPodAutoscaler") == "horizontalpodautoscaler");
  CHECK(util::ToLowerASCII("az09-_.@[`{") == "az09-_.@[`{");  // the neighbours of 'A'..'Z'
  CHECK(util::ToLowerASCII("AZ") == "az");
  CHECK(util::ToLowerASCII("\xc3\x84-X") == "\xc3\x84-x");  // non-ASCII bytes unchanged (Go: "ä-x")
  CHECK(util::ToLowerASCII(std::string("A\0B", 3)) == std::string("a\0b", 3));
  // Every byte value: only 'A'..'Z' change.
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const char want = (b >= 'A' && b <= 'Z') ? static_cast<char>(b + 32) : c;
    CHECK(util::ToLowerASCII(std::string(1, c)) == std::string(1, want));
  }
}

}  // namespace util_ascii_test
