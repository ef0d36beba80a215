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

TEST_CASE("HasUpperASCII finds an A-Z byte at any position, whatever its neighbours", "[util][ascii]") {
  CHECK_FALSE(util::HasUpperASCII(""));
  CHECK_FALSE(util::HasUpperASCII("pods"));
  CHECK(util::HasUpperASCII("Pods"));
  CHECK(util::HasUpperASCII("horizontalpodautoscaleR"));   // in the tail after the 8-byte words
  CHECK(util::HasUpperASCII("deploymeNts"));               // in the first word
  CHECK_FALSE(util::HasUpperASCII("\xc3\x84\xc3\x96-x"));  // non-ASCII upper case does not count
  // Every byte value at every position of 1..17-byte strings, amid fillers chosen to provoke a
  // carry or borrow between the 8-byte lanes: the answer is always ToLowerASCII's "changes s".
  const unsigned char fillers[] = {0x00, 'a', '@', '[', 0x7F, 0x80, 0xC1, 0xDA, 0xFF};
  std::size_t mismatches = 0;
  for (std::size_t len = 1; len <= 17; ++len) {
    for (unsigned char filler : fillers) {
      for (std::size_t pos = 0; pos < len; ++pos) {
        for (int b = 0; b < 256; ++b) {
          std::string s(len, static_cast<char>(filler));
          s[pos] = static_cast<char>(b);
          if (util::HasUpperASCII(s) != (util::ToLowerASCII(s) != s)) ++mismatches;
        }
      }
    }
  }
  CHECK(mismatches == 0);
}

}  // namespace util_ascii_test
