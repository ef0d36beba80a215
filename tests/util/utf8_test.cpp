#include "apimachinery/util/utf8.hpp"

#include <string>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_utf8_test {

namespace util = apimachinery::util;

// Go's utf8.DecodeRuneInString answers (unicode/utf8/utf8_test.go: testStrings, invalidSequenceTests).
TEST_CASE("DecodeRune follows utf8.DecodeRuneInString", "[util][utf8]") {
  struct Case {
    std::string in;
    char32_t rune;
    std::size_t width;
  };
  const Case cases[] = {
      {"", util::kRuneError, 0},
      {std::string("\0", 1), 0, 1},
      {"a", 'a', 1},
      {"\x7f", 0x7F, 1},
      {"\xc2\x80", 0x80, 2},
      {"\xdf\xbf", 0x7FF, 2},
      {"\xe0\xa0\x80", 0x800, 3},
      {"\xed\x9f\xbf", 0xD7FF, 3},
      {"\xee\x80\x80", 0xE000, 3},
      {"\xef\xbf\xbd", 0xFFFD, 3},  // a real U+FFFD is three bytes wide
      {"\xf0\x90\x80\x80", 0x10000, 4},
      {"\xf4\x8f\xbf\xbf", 0x10FFFF, 4},
      {"\x80", util::kRuneError, 1},              // lone continuation byte
      {"\xc0\x80", util::kRuneError, 1},          // overlong NUL
      {"\xc1\xbf", util::kRuneError, 1},          // overlong
      {"\xe0\x9f\xbf", util::kRuneError, 1},      // overlong
      {"\xf0\x8f\xbf\xbf", util::kRuneError, 1},  // overlong
      {"\xed\xa0\x80", util::kRuneError, 1},      // surrogate U+D800
      {"\xed\xbf\xbf", util::kRuneError, 1},      // surrogate U+DFFF
      {"\xf4\x90\x80\x80", util::kRuneError, 1},  // above U+10FFFF
      {"\xf5\x80\x80\x80", util::kRuneError, 1},
      {"\xff", util::kRuneError, 1},
      {"\xc2", util::kRuneError, 1},  // truncated
      {"\xe2\x82", util::kRuneError, 1},
      {"\xf0\x9f\x98", util::kRuneError, 1},
      {"\xe2\x82"
       "a",
       util::kRuneError, 1},
  };
  for (const auto& c : cases) {
    INFO("case " << &c - cases);
    const auto d = util::DecodeRune(c.in);
    CHECK(d.rune == c.rune);
    CHECK(d.width == c.width);
  }
  static_assert(util::DecodeRune("\xe2\x82\xac").rune == 0x20AC);
}

TEST_CASE("AppendRune and ValidRune follow unicode/utf8", "[util][utf8]") {
  std::string out;
  for (char32_t r : {char32_t{'a'}, char32_t{0x80}, char32_t{0x7FF}, char32_t{0x800}, char32_t{0xFFFF},
                     char32_t{0x10000}, char32_t{0x10FFFF}}) {
    out.clear();
    util::AppendRune(out, r);
    const auto d = util::DecodeRune(out);
    CHECK(d.rune == r);
    CHECK(d.width == out.size());
  }
  out.clear();
  util::AppendRune(out, 0xD800);  // surrogate: written as U+FFFD
  util::AppendRune(out, 0x110000);
  CHECK(out == "\xef\xbf\xbd\xef\xbf\xbd");
  CHECK(util::ValidRune(0x10FFFF));
  CHECK_FALSE(util::ValidRune(0xDFFF));
  CHECK_FALSE(util::ValidRune(0x110000));
}

}  // namespace util_utf8_test
