#include "apimachinery/util/strconv.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_strconv_test {

namespace util = apimachinery::util;

// Each table's right-hand side is Go's answer (go1.26.8), printed by a small Go program that
// calls strconv.Quote, json.Marshal and time.ParseError.Error (for the time package's quote) on
// the left-hand sides, and unicode.IsPrint on every code point.
struct Case {
  std::string in;
  std::string want;
};

// The input table: ASCII, every short escape, C0/C1 controls and DEL, Latin-1 (U+00A0 and U+00AD
// are not printable), format characters, noncharacters, private use, non-BMP (emoji, tags,
// variation selectors, planes 15-16), and invalid UTF-8: lone continuation and lead bytes, truncated
// sequences, overlongs, UTF-8-encoded surrogates, code points above U+10FFFF, a real U+FFFD.
const std::vector<Case>& QuoteCases() {
  static const std::vector<Case> kCases = {
      {std::string("", 0), R"go("")go"},
      {std::string("abc", 3), R"go("abc")go"},
      {std::string("a b", 3), R"go("a b")go"},
      {std::string("\"", 1), R"go("\"")go"},
      {std::string("\\", 1), R"go("\\")go"},
      {std::string("'", 1), R"go("'")go"},
      {std::string("`", 1), R"go("`")go"},
      {std::string("\"\\\"", 3), R"go("\"\\\"")go"},
      {std::string("\x07", 1), R"go("\a")go"},
      {std::string("\x08", 1), R"go("\b")go"},
      {std::string("\x0c", 1), R"go("\f")go"},
      {std::string("\x0a", 1), R"go("\n")go"},
      {std::string("\x0d", 1), R"go("\r")go"},
      {std::string("\x09", 1), R"go("\t")go"},
      {std::string("\x0b", 1), R"go("\v")go"},
      {std::string("\x00", 1), R"go("\x00")go"},
      {std::string("\x01", 1), R"go("\x01")go"},
      {std::string("\x1b", 1), R"go("\x1b")go"},
      {std::string("\x1f", 1), R"go("\x1f")go"},
      {std::string(" ", 1), R"go(" ")go"},
      {std::string("~", 1), R"go("~")go"},
      {std::string("\x7f", 1), R"go("\x7f")go"},
      {std::string("\xc2\x80", 2), R"go("\u0080")go"},
      {std::string("\xc2\x85", 2), R"go("\u0085")go"},
      {std::string("\xc2\x9f", 2), R"go("\u009f")go"},
      {std::string("\xc2\xa0", 2), R"go("\u00a0")go"},
      {std::string("\xc2\xa1", 2), R"go("¡")go"},
      {std::string("\xc2\xad", 2), R"go("\u00ad")go"},
      {std::string("\xc3\xa9", 2), R"go("é")go"},
      {std::string("\xc3\xbf", 2), R"go("ÿ")go"},
      {std::string("\xc4\x80", 2), R"go("Ā")go"},
      {std::string("\xcd\xb8", 2), R"go("\u0378")go"},
      {std::string("\xd8\x9c", 2), R"go("\u061c")go"},
      {std::string("\xe2\x80\xa8", 3), R"go("\u2028")go"},
      {std::string("\xe2\x80\xa9", 3), R"go("\u2029")go"},
      {std::string("\xe2\x80\x8b", 3), R"go("\u200b")go"},
      {std::string("\xe2\x80\x8d", 3), R"go("\u200d")go"},
      {std::string("\xe2\x81\xa0", 3), R"go("\u2060")go"},
      {std::string("\xe3\x80\x80", 3), R"go("\u3000")go"},
      {std::string("\xef\xbb\xbf", 3), R"go("\ufeff")go"},
      {std::string("\xef\xbf\xbd", 3), R"go("�")go"},
      {std::string("\xef\xbf\xbe", 3), R"go("\ufffe")go"},
      {std::string("\xef\xbf\xbf", 3), R"go("\uffff")go"},
      {std::string("\xee\x80\x80", 3), R"go("\ue000")go"},
      {std::string("\xf0\x9f\x98\x80", 4), R"go("😀")go"},
      {std::string("\xf0\x9d\x90\x80", 4), R"go("𝐀")go"},
      {std::string("\xf3\xa0\x80\x81", 4), R"go("\U000e0001")go"},
      {std::string("\xf3\xa0\x84\x80", 4), std::string("\"\xf3\xa0\x84\x80\"", 6)},
      {std::string("\xf3\xb0\x80\x80", 4), R"go("\U000f0000")go"},
      {std::string("\xf4\x8f\xbf\xbf", 4), R"go("\U0010ffff")go"},
      {std::string("\xf0\xa0\x80\x80", 4), R"go("𠀀")go"},
      {std::string("\xf0\xb1\x8d\x8a", 4), R"go("𱍊")go"},
      {std::string("\xf0\xb2\x8e\xaf", 4), R"go("𲎯")go"},
      {std::string("\xff", 1), R"go("\xff")go"},
      {std::string("\xfe", 1), R"go("\xfe")go"},
      {std::string("\x80", 1), R"go("\x80")go"},
      {std::string("\xbf", 1), R"go("\xbf")go"},
      {std::string("\xc0\x80", 2), R"go("\xc0\x80")go"},
      {std::string("\xc1\xbf", 2), R"go("\xc1\xbf")go"},
      {std::string("\xc2", 1), R"go("\xc2")go"},
      {std::string("\xe2\x82", 2), R"go("\xe2\x82")go"},
      {std::string("\xf0\x9f\x98", 3), R"go("\xf0\x9f\x98")go"},
      {std::string("\xe0\x80\x80", 3), R"go("\xe0\x80\x80")go"},
      {std::string("\xf0\x80\x80\x80", 4), R"go("\xf0\x80\x80\x80")go"},
      {std::string("\xed\xa0\x80", 3), R"go("\xed\xa0\x80")go"},
      {std::string("\xed\xbf\xbf", 3), R"go("\xed\xbf\xbf")go"},
      {std::string("\xf4\x90\x80\x80", 4), R"go("\xf4\x90\x80\x80")go"},
      {std::string("\xf5\x80\x80\x80", 4), R"go("\xf5\x80\x80\x80")go"},
      {std::string("a\xff"
                   "b",
                   3),
       R"go("a\xffb")go"},
      {std::string("\xff"
                   "abc",
                   4),
       R"go("\xffabc")go"},
      {std::string("\xc2\xa0/x/y", 6), R"go("\u00a0/x/y")go"},
      {std::string("ns/\x07name", 8), R"go("ns/\aname")go"},
      {std::string("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 9), R"go("日本語")go"},
      {std::string("\xe2\x82\xac", 3), R"go("€")go"},
      {std::string("a\xc2\xa0"
                   "b\xe2\x80\xa8"
                   "c",
                   8),
       R"go("a\u00a0b\u2028c")go"},
      {std::string("\xe2\x82\xac\xc2\x85\xff", 6), R"go("€\u0085\xff")go"},
      {std::string("<&>", 3), R"go("<&>")go"},
      {std::string("\xef\xbf\xbd\xef\xbf\xbd", 6), R"go("��")go"},
      {std::string("x\xef\xbf\xbd", 4), R"go("x�")go"},
      {std::string("\xef\xbf\xbdx", 4), R"go("�x")go"},
      {std::string("\xef\xbf", 2), R"go("\xef\xbf")go"},
      {std::string("\xf0\x9f\x87\xba\xf0\x9f\x87\xb8", 8), R"go("🇺🇸")go"},
      {std::string("e\xcc\x81", 3), std::string("\"e\xcc\x81\"", 5)},
      {std::string(
           "\xc2\x80\xc2\x81\xc2\x82\xc2\x83\xc2\x84\xc2\x85\xc2\x86\xc2\x87\xc2\x88\xc2\x89\xc2\x8a\xc2\x8b"
           "\xc2\x8c\xc2\x8d\xc2\x8e\xc2\x8f\xc2\x90\xc2\x91\xc2\x92\xc2\x93\xc2\x94\xc2\x95\xc2\x96\xc2\x97"
           "\xc2\x98\xc2\x99\xc2\x9a\xc2\x9b\xc2\x9c\xc2\x9d\xc2\x9e\xc2\x9f\xc2\xa0\xc2\xa1\xc2\xa2\xc2\xa3"
           "\xc2\xa4\xc2\xa5\xc2\xa6\xc2\xa7\xc2\xa8\xc2\xa9\xc2\xaa\xc2\xab\xc2\xac\xc2\xad\xc2\xae\xc2\xaf"
           "\xc2\xb0\xc2\xb1\xc2\xb2\xc2\xb3\xc2\xb4\xc2\xb5\xc2\xb6\xc2\xb7\xc2\xb8\xc2\xb9\xc2\xba\xc2\xbb"
           "\xc2\xbc\xc2\xbd\xc2\xbe\xc2\xbf\xc3\x80\xc3\x81\xc3\x82\xc3\x83\xc3\x84\xc3\x85\xc3\x86\xc3\x87"
           "\xc3\x88\xc3\x89\xc3\x8a\xc3\x8b\xc3\x8c\xc3\x8d\xc3\x8e\xc3\x8f\xc3\x90\xc3\x91\xc3\x92\xc3\x93"
           "\xc3\x94\xc3\x95\xc3\x96\xc3\x97\xc3\x98\xc3\x99\xc3\x9a\xc3\x9b\xc3\x9c\xc3\x9d\xc3\x9e\xc3\x9f"
           "\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5\xc3\xa6\xc3\xa7\xc3\xa8\xc3\xa9\xc3\xaa\xc3\xab"
           "\xc3\xac\xc3\xad\xc3\xae\xc3\xaf\xc3\xb0\xc3\xb1\xc3\xb2\xc3\xb3\xc3\xb4\xc3\xb5\xc3\xb6\xc3\xb7"
           "\xc3\xb8\xc3\xb9\xc3\xba\xc3\xbb\xc3\xbc\xc3\xbd\xc3\xbe\xc3\xbf",
           256),
       R"go("\u0080\u0081\u0082\u0083\u0084\u0085\u0086\u0087\u0088\u0089\u008a\u008b\u008c\u008d\u008e\u008f\u0090\u0091\u0092\u0093\u0094\u0095\u0096\u0097\u0098\u0099\u009a\u009b\u009c\u009d\u009e\u009f\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ")go"},
      {std::string("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15"
                   "\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
                   "!\"#$%&'()*+,-./"
                   "0123456789:;<=>\x3f@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f",
                   128),
       R"go("\x00\x01\x02\x03\x04\x05\x06\a\b\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f")go"},
  };
  return kCases;
}

const std::vector<Case>& JSONCases() {
  static const std::vector<Case> kCases = {
      {std::string("", 0), R"go("")go"},
      {std::string("abc", 3), R"go("abc")go"},
      {std::string("a b", 3), R"go("a b")go"},
      {std::string("\"", 1), R"go("\"")go"},
      {std::string("\\", 1), R"go("\\")go"},
      {std::string("'", 1), R"go("'")go"},
      {std::string("`", 1), R"go("`")go"},
      {std::string("\"\\\"", 3), R"go("\"\\\"")go"},
      {std::string("\x07", 1), R"go("\u0007")go"},
      {std::string("\x08", 1), R"go("\b")go"},
      {std::string("\x0c", 1), R"go("\f")go"},
      {std::string("\x0a", 1), R"go("\n")go"},
      {std::string("\x0d", 1), R"go("\r")go"},
      {std::string("\x09", 1), R"go("\t")go"},
      {std::string("\x0b", 1), R"go("\u000b")go"},
      {std::string("\x00", 1), R"go("\u0000")go"},
      {std::string("\x01", 1), R"go("\u0001")go"},
      {std::string("\x1b", 1), R"go("\u001b")go"},
      {std::string("\x1f", 1), R"go("\u001f")go"},
      {std::string(" ", 1), R"go(" ")go"},
      {std::string("~", 1), R"go("~")go"},
      {std::string("\x7f", 1), std::string("\"\x7f\"", 3)},
      {std::string("\xc2\x80", 2), std::string("\"\xc2\x80\"", 4)},
      {std::string("\xc2\x85", 2), std::string("\"\xc2\x85\"", 4)},
      {std::string("\xc2\x9f", 2), std::string("\"\xc2\x9f\"", 4)},
      {std::string("\xc2\xa0", 2), std::string("\"\xc2\xa0\"", 4)},
      {std::string("\xc2\xa1", 2), R"go("¡")go"},
      {std::string("\xc2\xad", 2), std::string("\"\xc2\xad\"", 4)},
      {std::string("\xc3\xa9", 2), R"go("é")go"},
      {std::string("\xc3\xbf", 2), R"go("ÿ")go"},
      {std::string("\xc4\x80", 2), R"go("Ā")go"},
      {std::string("\xcd\xb8", 2), std::string("\"\xcd\xb8\"", 4)},
      {std::string("\xd8\x9c", 2), std::string("\"\xd8\x9c\"", 4)},
      {std::string("\xe2\x80\xa8", 3), R"go("\u2028")go"},
      {std::string("\xe2\x80\xa9", 3), R"go("\u2029")go"},
      {std::string("\xe2\x80\x8b", 3), std::string("\"\xe2\x80\x8b\"", 5)},
      {std::string("\xe2\x80\x8d", 3), std::string("\"\xe2\x80\x8d\"", 5)},
      {std::string("\xe2\x81\xa0", 3), std::string("\"\xe2\x81\xa0\"", 5)},
      {std::string("\xe3\x80\x80", 3), std::string("\"\xe3\x80\x80\"", 5)},
      {std::string("\xef\xbb\xbf", 3), std::string("\"\xef\xbb\xbf\"", 5)},
      {std::string("\xef\xbf\xbd", 3), R"go("�")go"},
      {std::string("\xef\xbf\xbe", 3), std::string("\"\xef\xbf\xbe\"", 5)},
      {std::string("\xef\xbf\xbf", 3), std::string("\"\xef\xbf\xbf\"", 5)},
      {std::string("\xee\x80\x80", 3), std::string("\"\xee\x80\x80\"", 5)},
      {std::string("\xf0\x9f\x98\x80", 4), R"go("😀")go"},
      {std::string("\xf0\x9d\x90\x80", 4), R"go("𝐀")go"},
      {std::string("\xf3\xa0\x80\x81", 4), std::string("\"\xf3\xa0\x80\x81\"", 6)},
      {std::string("\xf3\xa0\x84\x80", 4), std::string("\"\xf3\xa0\x84\x80\"", 6)},
      {std::string("\xf3\xb0\x80\x80", 4), std::string("\"\xf3\xb0\x80\x80\"", 6)},
      {std::string("\xf4\x8f\xbf\xbf", 4), std::string("\"\xf4\x8f\xbf\xbf\"", 6)},
      {std::string("\xf0\xa0\x80\x80", 4), R"go("𠀀")go"},
      {std::string("\xf0\xb1\x8d\x8a", 4), R"go("𱍊")go"},
      {std::string("\xf0\xb2\x8e\xaf", 4), R"go("𲎯")go"},
      {std::string("\xff", 1), R"go("\ufffd")go"},
      {std::string("\xfe", 1), R"go("\ufffd")go"},
      {std::string("\x80", 1), R"go("\ufffd")go"},
      {std::string("\xbf", 1), R"go("\ufffd")go"},
      {std::string("\xc0\x80", 2), R"go("\ufffd\ufffd")go"},
      {std::string("\xc1\xbf", 2), R"go("\ufffd\ufffd")go"},
      {std::string("\xc2", 1), R"go("\ufffd")go"},
      {std::string("\xe2\x82", 2), R"go("\ufffd\ufffd")go"},
      {std::string("\xf0\x9f\x98", 3), R"go("\ufffd\ufffd\ufffd")go"},
      {std::string("\xe0\x80\x80", 3), R"go("\ufffd\ufffd\ufffd")go"},
      {std::string("\xf0\x80\x80\x80", 4), R"go("\ufffd\ufffd\ufffd\ufffd")go"},
      {std::string("\xed\xa0\x80", 3), R"go("\ufffd\ufffd\ufffd")go"},
      {std::string("\xed\xbf\xbf", 3), R"go("\ufffd\ufffd\ufffd")go"},
      {std::string("\xf4\x90\x80\x80", 4), R"go("\ufffd\ufffd\ufffd\ufffd")go"},
      {std::string("\xf5\x80\x80\x80", 4), R"go("\ufffd\ufffd\ufffd\ufffd")go"},
      {std::string("a\xff"
                   "b",
                   3),
       R"go("a\ufffdb")go"},
      {std::string("\xff"
                   "abc",
                   4),
       R"go("\ufffdabc")go"},
      {std::string("\xc2\xa0/x/y", 6), std::string("\"\xc2\xa0/x/y\"", 8)},
      {std::string("ns/\x07name", 8), R"go("ns/\u0007name")go"},
      {std::string("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 9), R"go("日本語")go"},
      {std::string("\xe2\x82\xac", 3), R"go("€")go"},
      {std::string("a\xc2\xa0"
                   "b\xe2\x80\xa8"
                   "c",
                   8),
       std::string("\"a\xc2\xa0"
                   "b\\u2028c\"",
                   13)},
      {std::string("\xe2\x82\xac\xc2\x85\xff", 6), std::string("\"\xe2\x82\xac\xc2\x85\\ufffd\"", 13)},
      {std::string("<&>", 3), R"go("\u003c\u0026\u003e")go"},
      {std::string("\xef\xbf\xbd\xef\xbf\xbd", 6), R"go("��")go"},
      {std::string("x\xef\xbf\xbd", 4), R"go("x�")go"},
      {std::string("\xef\xbf\xbdx", 4), R"go("�x")go"},
      {std::string("\xef\xbf", 2), R"go("\ufffd\ufffd")go"},
      {std::string("\xf0\x9f\x87\xba\xf0\x9f\x87\xb8", 8), R"go("🇺🇸")go"},
      {std::string("e\xcc\x81", 3), std::string("\"e\xcc\x81\"", 5)},
      {std::string(
           "\xc2\x80\xc2\x81\xc2\x82\xc2\x83\xc2\x84\xc2\x85\xc2\x86\xc2\x87\xc2\x88\xc2\x89\xc2\x8a\xc2\x8b"
           "\xc2\x8c\xc2\x8d\xc2\x8e\xc2\x8f\xc2\x90\xc2\x91\xc2\x92\xc2\x93\xc2\x94\xc2\x95\xc2\x96\xc2\x97"
           "\xc2\x98\xc2\x99\xc2\x9a\xc2\x9b\xc2\x9c\xc2\x9d\xc2\x9e\xc2\x9f\xc2\xa0\xc2\xa1\xc2\xa2\xc2\xa3"
           "\xc2\xa4\xc2\xa5\xc2\xa6\xc2\xa7\xc2\xa8\xc2\xa9\xc2\xaa\xc2\xab\xc2\xac\xc2\xad\xc2\xae\xc2\xaf"
           "\xc2\xb0\xc2\xb1\xc2\xb2\xc2\xb3\xc2\xb4\xc2\xb5\xc2\xb6\xc2\xb7\xc2\xb8\xc2\xb9\xc2\xba\xc2\xbb"
           "\xc2\xbc\xc2\xbd\xc2\xbe\xc2\xbf\xc3\x80\xc3\x81\xc3\x82\xc3\x83\xc3\x84\xc3\x85\xc3\x86\xc3\x87"
           "\xc3\x88\xc3\x89\xc3\x8a\xc3\x8b\xc3\x8c\xc3\x8d\xc3\x8e\xc3\x8f\xc3\x90\xc3\x91\xc3\x92\xc3\x93"
           "\xc3\x94\xc3\x95\xc3\x96\xc3\x97\xc3\x98\xc3\x99\xc3\x9a\xc3\x9b\xc3\x9c\xc3\x9d\xc3\x9e\xc3\x9f"
           "\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5\xc3\xa6\xc3\xa7\xc3\xa8\xc3\xa9\xc3\xaa\xc3\xab"
           "\xc3\xac\xc3\xad\xc3\xae\xc3\xaf\xc3\xb0\xc3\xb1\xc3\xb2\xc3\xb3\xc3\xb4\xc3\xb5\xc3\xb6\xc3\xb7"
           "\xc3\xb8\xc3\xb9\xc3\xba\xc3\xbb\xc3\xbc\xc3\xbd\xc3\xbe\xc3\xbf",
           256),
       std::string(
           "\"\xc2\x80\xc2\x81\xc2\x82\xc2\x83\xc2\x84\xc2\x85\xc2\x86\xc2\x87\xc2\x88\xc2\x89\xc2\x8a\xc2"
           "\x8b\xc2\x8c\xc2\x8d\xc2\x8e\xc2\x8f\xc2\x90\xc2\x91\xc2\x92\xc2\x93\xc2\x94\xc2\x95\xc2\x96\xc2"
           "\x97\xc2\x98\xc2\x99\xc2\x9a\xc2\x9b\xc2\x9c\xc2\x9d\xc2\x9e\xc2\x9f\xc2\xa0\xc2\xa1\xc2\xa2\xc2"
           "\xa3\xc2\xa4\xc2\xa5\xc2\xa6\xc2\xa7\xc2\xa8\xc2\xa9\xc2\xaa\xc2\xab\xc2\xac\xc2\xad\xc2\xae\xc2"
           "\xaf\xc2\xb0\xc2\xb1\xc2\xb2\xc2\xb3\xc2\xb4\xc2\xb5\xc2\xb6\xc2\xb7\xc2\xb8\xc2\xb9\xc2\xba\xc2"
           "\xbb\xc2\xbc\xc2\xbd\xc2\xbe\xc2\xbf\xc3\x80\xc3\x81\xc3\x82\xc3\x83\xc3\x84\xc3\x85\xc3\x86\xc3"
           "\x87\xc3\x88\xc3\x89\xc3\x8a\xc3\x8b\xc3\x8c\xc3\x8d\xc3\x8e\xc3\x8f\xc3\x90\xc3\x91\xc3\x92\xc3"
           "\x93\xc3\x94\xc3\x95\xc3\x96\xc3\x97\xc3\x98\xc3\x99\xc3\x9a\xc3\x9b\xc3\x9c\xc3\x9d\xc3\x9e\xc3"
           "\x9f\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5\xc3\xa6\xc3\xa7\xc3\xa8\xc3\xa9\xc3\xaa\xc3"
           "\xab\xc3\xac\xc3\xad\xc3\xae\xc3\xaf\xc3\xb0\xc3\xb1\xc3\xb2\xc3\xb3\xc3\xb4\xc3\xb5\xc3\xb6\xc3"
           "\xb7\xc3\xb8\xc3\xb9\xc3\xba\xc3\xbb\xc3\xbc\xc3\xbd\xc3\xbe\xc3\xbf\"",
           258)},
      {std::string("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15"
                   "\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
                   "!\"#$%&'()*+,-./"
                   "0123456789:;<=>\x3f@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f",
                   128),
       std::string("\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\"
                   "u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b"
                   "\\u001c\\u001d\\u001e\\u001f "
                   "!\\\"#$%\\u0026'()*+,-./"
                   "0123456789:;\\u003c=\\u003e\x3f@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\\\]^_`"
                   "abcdefghijklmnopqrstuvwxyz{|}~\x7f\"",
                   287)},
  };
  return kCases;
}

const std::vector<Case>& TimeQuoteCases() {
  static const std::vector<Case> kCases = {
      {std::string("", 0), R"go("")go"},
      {std::string("abc", 3), R"go("abc")go"},
      {std::string("a b", 3), R"go("a b")go"},
      {std::string("\"", 1), R"go("\"")go"},
      {std::string("\\", 1), R"go("\\")go"},
      {std::string("'", 1), R"go("'")go"},
      {std::string("`", 1), R"go("`")go"},
      {std::string("\"\\\"", 3), R"go("\"\\\"")go"},
      {std::string("\x07", 1), R"go("\x07")go"},
      {std::string("\x08", 1), R"go("\x08")go"},
      {std::string("\x0c", 1), R"go("\x0c")go"},
      {std::string("\x0a", 1), R"go("\x0a")go"},
      {std::string("\x0d", 1), R"go("\x0d")go"},
      {std::string("\x09", 1), R"go("\x09")go"},
      {std::string("\x0b", 1), R"go("\x0b")go"},
      {std::string("\x00", 1), R"go("\x00")go"},
      {std::string("\x01", 1), R"go("\x01")go"},
      {std::string("\x1b", 1), R"go("\x1b")go"},
      {std::string("\x1f", 1), R"go("\x1f")go"},
      {std::string(" ", 1), R"go(" ")go"},
      {std::string("~", 1), R"go("~")go"},
      {std::string("\x7f", 1), std::string("\"\x7f\"", 3)},
      {std::string("\xc2\x80", 2), R"go("\xc2\x80")go"},
      {std::string("\xc2\x85", 2), R"go("\xc2\x85")go"},
      {std::string("\xc2\x9f", 2), R"go("\xc2\x9f")go"},
      {std::string("\xc2\xa0", 2), R"go("\xc2\xa0")go"},
      {std::string("\xc2\xa1", 2), R"go("\xc2\xa1")go"},
      {std::string("\xc2\xad", 2), R"go("\xc2\xad")go"},
      {std::string("\xc3\xa9", 2), R"go("\xc3\xa9")go"},
      {std::string("\xc3\xbf", 2), R"go("\xc3\xbf")go"},
      {std::string("\xc4\x80", 2), R"go("\xc4\x80")go"},
      {std::string("\xcd\xb8", 2), R"go("\xcd\xb8")go"},
      {std::string("\xd8\x9c", 2), R"go("\xd8\x9c")go"},
      {std::string("\xe2\x80\xa8", 3), R"go("\xe2\x80\xa8")go"},
      {std::string("\xe2\x80\xa9", 3), R"go("\xe2\x80\xa9")go"},
      {std::string("\xe2\x80\x8b", 3), R"go("\xe2\x80\x8b")go"},
      {std::string("\xe2\x80\x8d", 3), R"go("\xe2\x80\x8d")go"},
      {std::string("\xe2\x81\xa0", 3), R"go("\xe2\x81\xa0")go"},
      {std::string("\xe3\x80\x80", 3), R"go("\xe3\x80\x80")go"},
      {std::string("\xef\xbb\xbf", 3), R"go("\xef\xbb\xbf")go"},
      {std::string("\xef\xbf\xbd", 3), R"go("\xef\xbf\xbd")go"},
      {std::string("\xef\xbf\xbe", 3), R"go("\xef\xbf\xbe")go"},
      {std::string("\xef\xbf\xbf", 3), R"go("\xef\xbf\xbf")go"},
      {std::string("\xee\x80\x80", 3), R"go("\xee\x80\x80")go"},
      {std::string("\xf0\x9f\x98\x80", 4), R"go("\xf0\x9f\x98\x80")go"},
      {std::string("\xf0\x9d\x90\x80", 4), R"go("\xf0\x9d\x90\x80")go"},
      {std::string("\xf3\xa0\x80\x81", 4), R"go("\xf3\xa0\x80\x81")go"},
      {std::string("\xf3\xa0\x84\x80", 4), R"go("\xf3\xa0\x84\x80")go"},
      {std::string("\xf3\xb0\x80\x80", 4), R"go("\xf3\xb0\x80\x80")go"},
      {std::string("\xf4\x8f\xbf\xbf", 4), R"go("\xf4\x8f\xbf\xbf")go"},
      {std::string("\xf0\xa0\x80\x80", 4), R"go("\xf0\xa0\x80\x80")go"},
      {std::string("\xf0\xb1\x8d\x8a", 4), R"go("\xf0\xb1\x8d\x8a")go"},
      {std::string("\xf0\xb2\x8e\xaf", 4), R"go("\xf0\xb2\x8e\xaf")go"},
      {std::string("\xff", 1), R"go("\xff")go"},
      {std::string("\xfe", 1), R"go("\xfe")go"},
      {std::string("\x80", 1), R"go("\x80")go"},
      {std::string("\xbf", 1), R"go("\xbf")go"},
      {std::string("\xc0\x80", 2), R"go("\xc0\x80")go"},
      {std::string("\xc1\xbf", 2), R"go("\xc1\xbf")go"},
      {std::string("\xc2", 1), R"go("\xc2")go"},
      {std::string("\xe2\x82", 2), R"go("\xe2\x82")go"},
      {std::string("\xf0\x9f\x98", 3), R"go("\xf0\x9f\x98")go"},
      {std::string("\xe0\x80\x80", 3), R"go("\xe0\x80\x80")go"},
      {std::string("\xf0\x80\x80\x80", 4), R"go("\xf0\x80\x80\x80")go"},
      {std::string("\xed\xa0\x80", 3), R"go("\xed\xa0\x80")go"},
      {std::string("\xed\xbf\xbf", 3), R"go("\xed\xbf\xbf")go"},
      {std::string("\xf4\x90\x80\x80", 4), R"go("\xf4\x90\x80\x80")go"},
      {std::string("\xf5\x80\x80\x80", 4), R"go("\xf5\x80\x80\x80")go"},
      {std::string("a\xff"
                   "b",
                   3),
       R"go("a\xffb")go"},
      {std::string("\xff"
                   "abc",
                   4),
       R"go("\xffabc")go"},
      {std::string("\xc2\xa0/x/y", 6), R"go("\xc2\xa0/x/y")go"},
      {std::string("ns/\x07name", 8), R"go("ns/\x07name")go"},
      {std::string("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 9),
       R"go("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e")go"},
      {std::string("\xe2\x82\xac", 3), R"go("\xe2\x82\xac")go"},
      {std::string("a\xc2\xa0"
                   "b\xe2\x80\xa8"
                   "c",
                   8),
       R"go("a\xc2\xa0b\xe2\x80\xa8c")go"},
      {std::string("\xe2\x82\xac\xc2\x85\xff", 6), R"go("\xe2\x82\xac\xc2\x85\xff")go"},
      {std::string("<&>", 3), R"go("<&>")go"},
      {std::string("\xef\xbf\xbd\xef\xbf\xbd", 6), R"go("\xef\xbf\xbd\xef\xbf\xbd")go"},
      {std::string("x\xef\xbf\xbd", 4), R"go("x\xef\xbf\xbd")go"},
      {std::string("\xef\xbf\xbdx", 4), R"go("\xef\xbf\xbdx")go"},
      {std::string("\xef\xbf", 2), R"go("\xef\xbf")go"},
      {std::string("\xf0\x9f\x87\xba\xf0\x9f\x87\xb8", 8), R"go("\xf0\x9f\x87\xba\xf0\x9f\x87\xb8")go"},
      {std::string("e\xcc\x81", 3), R"go("e\xcc\x81")go"},
      {std::string(
           "\xc2\x80\xc2\x81\xc2\x82\xc2\x83\xc2\x84\xc2\x85\xc2\x86\xc2\x87\xc2\x88\xc2\x89\xc2\x8a\xc2\x8b"
           "\xc2\x8c\xc2\x8d\xc2\x8e\xc2\x8f\xc2\x90\xc2\x91\xc2\x92\xc2\x93\xc2\x94\xc2\x95\xc2\x96\xc2\x97"
           "\xc2\x98\xc2\x99\xc2\x9a\xc2\x9b\xc2\x9c\xc2\x9d\xc2\x9e\xc2\x9f\xc2\xa0\xc2\xa1\xc2\xa2\xc2\xa3"
           "\xc2\xa4\xc2\xa5\xc2\xa6\xc2\xa7\xc2\xa8\xc2\xa9\xc2\xaa\xc2\xab\xc2\xac\xc2\xad\xc2\xae\xc2\xaf"
           "\xc2\xb0\xc2\xb1\xc2\xb2\xc2\xb3\xc2\xb4\xc2\xb5\xc2\xb6\xc2\xb7\xc2\xb8\xc2\xb9\xc2\xba\xc2\xbb"
           "\xc2\xbc\xc2\xbd\xc2\xbe\xc2\xbf\xc3\x80\xc3\x81\xc3\x82\xc3\x83\xc3\x84\xc3\x85\xc3\x86\xc3\x87"
           "\xc3\x88\xc3\x89\xc3\x8a\xc3\x8b\xc3\x8c\xc3\x8d\xc3\x8e\xc3\x8f\xc3\x90\xc3\x91\xc3\x92\xc3\x93"
           "\xc3\x94\xc3\x95\xc3\x96\xc3\x97\xc3\x98\xc3\x99\xc3\x9a\xc3\x9b\xc3\x9c\xc3\x9d\xc3\x9e\xc3\x9f"
           "\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5\xc3\xa6\xc3\xa7\xc3\xa8\xc3\xa9\xc3\xaa\xc3\xab"
           "\xc3\xac\xc3\xad\xc3\xae\xc3\xaf\xc3\xb0\xc3\xb1\xc3\xb2\xc3\xb3\xc3\xb4\xc3\xb5\xc3\xb6\xc3\xb7"
           "\xc3\xb8\xc3\xb9\xc3\xba\xc3\xbb\xc3\xbc\xc3\xbd\xc3\xbe\xc3\xbf",
           256),
       R"go("\xc2\x80\xc2\x81\xc2\x82\xc2\x83\xc2\x84\xc2\x85\xc2\x86\xc2\x87\xc2\x88\xc2\x89\xc2\x8a\xc2\x8b\xc2\x8c\xc2\x8d\xc2\x8e\xc2\x8f\xc2\x90\xc2\x91\xc2\x92\xc2\x93\xc2\x94\xc2\x95\xc2\x96\xc2\x97\xc2\x98\xc2\x99\xc2\x9a\xc2\x9b\xc2\x9c\xc2\x9d\xc2\x9e\xc2\x9f\xc2\xa0\xc2\xa1\xc2\xa2\xc2\xa3\xc2\xa4\xc2\xa5\xc2\xa6\xc2\xa7\xc2\xa8\xc2\xa9\xc2\xaa\xc2\xab\xc2\xac\xc2\xad\xc2\xae\xc2\xaf\xc2\xb0\xc2\xb1\xc2\xb2\xc2\xb3\xc2\xb4\xc2\xb5\xc2\xb6\xc2\xb7\xc2\xb8\xc2\xb9\xc2\xba\xc2\xbb\xc2\xbc\xc2\xbd\xc2\xbe\xc2\xbf\xc3\x80\xc3\x81\xc3\x82\xc3\x83\xc3\x84\xc3\x85\xc3\x86\xc3\x87\xc3\x88\xc3\x89\xc3\x8a\xc3\x8b\xc3\x8c\xc3\x8d\xc3\x8e\xc3\x8f\xc3\x90\xc3\x91\xc3\x92\xc3\x93\xc3\x94\xc3\x95\xc3\x96\xc3\x97\xc3\x98\xc3\x99\xc3\x9a\xc3\x9b\xc3\x9c\xc3\x9d\xc3\x9e\xc3\x9f\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5\xc3\xa6\xc3\xa7\xc3\xa8\xc3\xa9\xc3\xaa\xc3\xab\xc3\xac\xc3\xad\xc3\xae\xc3\xaf\xc3\xb0\xc3\xb1\xc3\xb2\xc3\xb3\xc3\xb4\xc3\xb5\xc3\xb6\xc3\xb7\xc3\xb8\xc3\xb9\xc3\xba\xc3\xbb\xc3\xbc\xc3\xbd\xc3\xbe\xc3\xbf")go"},
      {std::string("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15"
                   "\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
                   "!\"#$%&'()*+,-./"
                   "0123456789:;<=>\x3f@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f",
                   128),
       std::string(
           "\"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08\\x09\\x0a\\x0b\\x0c\\x0d\\x0e\\x0f\\x10\\x11\\x12"
           "\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f "
           "!\\\"#$%&'()*+,-./"
           "0123456789:;<=>\x3f@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f\"",
           228)},
  };
  return kCases;
}

// The printable code points according to Go's unicode.IsPrint, as inclusive ranges.
constexpr std::pair<char32_t, char32_t> kGoPrintable[] = {
    {0x20, 0x7e},       {0xa1, 0xac},       {0xae, 0x377},      {0x37a, 0x37f},     {0x384, 0x38a},
    {0x38c, 0x38c},     {0x38e, 0x3a1},     {0x3a3, 0x52f},     {0x531, 0x556},     {0x559, 0x58a},
    {0x58d, 0x58f},     {0x591, 0x5c7},     {0x5d0, 0x5ea},     {0x5ef, 0x5f4},     {0x606, 0x61b},
    {0x61d, 0x6dc},     {0x6de, 0x70d},     {0x710, 0x74a},     {0x74d, 0x7b1},     {0x7c0, 0x7fa},
    {0x7fd, 0x82d},     {0x830, 0x83e},     {0x840, 0x85b},     {0x85e, 0x85e},     {0x860, 0x86a},
    {0x870, 0x88e},     {0x898, 0x8e1},     {0x8e3, 0x983},     {0x985, 0x98c},     {0x98f, 0x990},
    {0x993, 0x9a8},     {0x9aa, 0x9b0},     {0x9b2, 0x9b2},     {0x9b6, 0x9b9},     {0x9bc, 0x9c4},
    {0x9c7, 0x9c8},     {0x9cb, 0x9ce},     {0x9d7, 0x9d7},     {0x9dc, 0x9dd},     {0x9df, 0x9e3},
    {0x9e6, 0x9fe},     {0xa01, 0xa03},     {0xa05, 0xa0a},     {0xa0f, 0xa10},     {0xa13, 0xa28},
    {0xa2a, 0xa30},     {0xa32, 0xa33},     {0xa35, 0xa36},     {0xa38, 0xa39},     {0xa3c, 0xa3c},
    {0xa3e, 0xa42},     {0xa47, 0xa48},     {0xa4b, 0xa4d},     {0xa51, 0xa51},     {0xa59, 0xa5c},
    {0xa5e, 0xa5e},     {0xa66, 0xa76},     {0xa81, 0xa83},     {0xa85, 0xa8d},     {0xa8f, 0xa91},
    {0xa93, 0xaa8},     {0xaaa, 0xab0},     {0xab2, 0xab3},     {0xab5, 0xab9},     {0xabc, 0xac5},
    {0xac7, 0xac9},     {0xacb, 0xacd},     {0xad0, 0xad0},     {0xae0, 0xae3},     {0xae6, 0xaf1},
    {0xaf9, 0xaff},     {0xb01, 0xb03},     {0xb05, 0xb0c},     {0xb0f, 0xb10},     {0xb13, 0xb28},
    {0xb2a, 0xb30},     {0xb32, 0xb33},     {0xb35, 0xb39},     {0xb3c, 0xb44},     {0xb47, 0xb48},
    {0xb4b, 0xb4d},     {0xb55, 0xb57},     {0xb5c, 0xb5d},     {0xb5f, 0xb63},     {0xb66, 0xb77},
    {0xb82, 0xb83},     {0xb85, 0xb8a},     {0xb8e, 0xb90},     {0xb92, 0xb95},     {0xb99, 0xb9a},
    {0xb9c, 0xb9c},     {0xb9e, 0xb9f},     {0xba3, 0xba4},     {0xba8, 0xbaa},     {0xbae, 0xbb9},
    {0xbbe, 0xbc2},     {0xbc6, 0xbc8},     {0xbca, 0xbcd},     {0xbd0, 0xbd0},     {0xbd7, 0xbd7},
    {0xbe6, 0xbfa},     {0xc00, 0xc0c},     {0xc0e, 0xc10},     {0xc12, 0xc28},     {0xc2a, 0xc39},
    {0xc3c, 0xc44},     {0xc46, 0xc48},     {0xc4a, 0xc4d},     {0xc55, 0xc56},     {0xc58, 0xc5a},
    {0xc5d, 0xc5d},     {0xc60, 0xc63},     {0xc66, 0xc6f},     {0xc77, 0xc8c},     {0xc8e, 0xc90},
    {0xc92, 0xca8},     {0xcaa, 0xcb3},     {0xcb5, 0xcb9},     {0xcbc, 0xcc4},     {0xcc6, 0xcc8},
    {0xcca, 0xccd},     {0xcd5, 0xcd6},     {0xcdd, 0xcde},     {0xce0, 0xce3},     {0xce6, 0xcef},
    {0xcf1, 0xcf3},     {0xd00, 0xd0c},     {0xd0e, 0xd10},     {0xd12, 0xd44},     {0xd46, 0xd48},
    {0xd4a, 0xd4f},     {0xd54, 0xd63},     {0xd66, 0xd7f},     {0xd81, 0xd83},     {0xd85, 0xd96},
    {0xd9a, 0xdb1},     {0xdb3, 0xdbb},     {0xdbd, 0xdbd},     {0xdc0, 0xdc6},     {0xdca, 0xdca},
    {0xdcf, 0xdd4},     {0xdd6, 0xdd6},     {0xdd8, 0xddf},     {0xde6, 0xdef},     {0xdf2, 0xdf4},
    {0xe01, 0xe3a},     {0xe3f, 0xe5b},     {0xe81, 0xe82},     {0xe84, 0xe84},     {0xe86, 0xe8a},
    {0xe8c, 0xea3},     {0xea5, 0xea5},     {0xea7, 0xebd},     {0xec0, 0xec4},     {0xec6, 0xec6},
    {0xec8, 0xece},     {0xed0, 0xed9},     {0xedc, 0xedf},     {0xf00, 0xf47},     {0xf49, 0xf6c},
    {0xf71, 0xf97},     {0xf99, 0xfbc},     {0xfbe, 0xfcc},     {0xfce, 0xfda},     {0x1000, 0x10c5},
    {0x10c7, 0x10c7},   {0x10cd, 0x10cd},   {0x10d0, 0x1248},   {0x124a, 0x124d},   {0x1250, 0x1256},
    {0x1258, 0x1258},   {0x125a, 0x125d},   {0x1260, 0x1288},   {0x128a, 0x128d},   {0x1290, 0x12b0},
    {0x12b2, 0x12b5},   {0x12b8, 0x12be},   {0x12c0, 0x12c0},   {0x12c2, 0x12c5},   {0x12c8, 0x12d6},
    {0x12d8, 0x1310},   {0x1312, 0x1315},   {0x1318, 0x135a},   {0x135d, 0x137c},   {0x1380, 0x1399},
    {0x13a0, 0x13f5},   {0x13f8, 0x13fd},   {0x1400, 0x167f},   {0x1681, 0x169c},   {0x16a0, 0x16f8},
    {0x1700, 0x1715},   {0x171f, 0x1736},   {0x1740, 0x1753},   {0x1760, 0x176c},   {0x176e, 0x1770},
    {0x1772, 0x1773},   {0x1780, 0x17dd},   {0x17e0, 0x17e9},   {0x17f0, 0x17f9},   {0x1800, 0x180d},
    {0x180f, 0x1819},   {0x1820, 0x1878},   {0x1880, 0x18aa},   {0x18b0, 0x18f5},   {0x1900, 0x191e},
    {0x1920, 0x192b},   {0x1930, 0x193b},   {0x1940, 0x1940},   {0x1944, 0x196d},   {0x1970, 0x1974},
    {0x1980, 0x19ab},   {0x19b0, 0x19c9},   {0x19d0, 0x19da},   {0x19de, 0x1a1b},   {0x1a1e, 0x1a5e},
    {0x1a60, 0x1a7c},   {0x1a7f, 0x1a89},   {0x1a90, 0x1a99},   {0x1aa0, 0x1aad},   {0x1ab0, 0x1ace},
    {0x1b00, 0x1b4c},   {0x1b50, 0x1b7e},   {0x1b80, 0x1bf3},   {0x1bfc, 0x1c37},   {0x1c3b, 0x1c49},
    {0x1c4d, 0x1c88},   {0x1c90, 0x1cba},   {0x1cbd, 0x1cc7},   {0x1cd0, 0x1cfa},   {0x1d00, 0x1f15},
    {0x1f18, 0x1f1d},   {0x1f20, 0x1f45},   {0x1f48, 0x1f4d},   {0x1f50, 0x1f57},   {0x1f59, 0x1f59},
    {0x1f5b, 0x1f5b},   {0x1f5d, 0x1f5d},   {0x1f5f, 0x1f7d},   {0x1f80, 0x1fb4},   {0x1fb6, 0x1fc4},
    {0x1fc6, 0x1fd3},   {0x1fd6, 0x1fdb},   {0x1fdd, 0x1fef},   {0x1ff2, 0x1ff4},   {0x1ff6, 0x1ffe},
    {0x2010, 0x2027},   {0x2030, 0x205e},   {0x2070, 0x2071},   {0x2074, 0x208e},   {0x2090, 0x209c},
    {0x20a0, 0x20c0},   {0x20d0, 0x20f0},   {0x2100, 0x218b},   {0x2190, 0x2426},   {0x2440, 0x244a},
    {0x2460, 0x2b73},   {0x2b76, 0x2b95},   {0x2b97, 0x2cf3},   {0x2cf9, 0x2d25},   {0x2d27, 0x2d27},
    {0x2d2d, 0x2d2d},   {0x2d30, 0x2d67},   {0x2d6f, 0x2d70},   {0x2d7f, 0x2d96},   {0x2da0, 0x2da6},
    {0x2da8, 0x2dae},   {0x2db0, 0x2db6},   {0x2db8, 0x2dbe},   {0x2dc0, 0x2dc6},   {0x2dc8, 0x2dce},
    {0x2dd0, 0x2dd6},   {0x2dd8, 0x2dde},   {0x2de0, 0x2e5d},   {0x2e80, 0x2e99},   {0x2e9b, 0x2ef3},
    {0x2f00, 0x2fd5},   {0x2ff0, 0x2ffb},   {0x3001, 0x303f},   {0x3041, 0x3096},   {0x3099, 0x30ff},
    {0x3105, 0x312f},   {0x3131, 0x318e},   {0x3190, 0x31e3},   {0x31f0, 0x321e},   {0x3220, 0xa48c},
    {0xa490, 0xa4c6},   {0xa4d0, 0xa62b},   {0xa640, 0xa6f7},   {0xa700, 0xa7ca},   {0xa7d0, 0xa7d1},
    {0xa7d3, 0xa7d3},   {0xa7d5, 0xa7d9},   {0xa7f2, 0xa82c},   {0xa830, 0xa839},   {0xa840, 0xa877},
    {0xa880, 0xa8c5},   {0xa8ce, 0xa8d9},   {0xa8e0, 0xa953},   {0xa95f, 0xa97c},   {0xa980, 0xa9cd},
    {0xa9cf, 0xa9d9},   {0xa9de, 0xa9fe},   {0xaa00, 0xaa36},   {0xaa40, 0xaa4d},   {0xaa50, 0xaa59},
    {0xaa5c, 0xaac2},   {0xaadb, 0xaaf6},   {0xab01, 0xab06},   {0xab09, 0xab0e},   {0xab11, 0xab16},
    {0xab20, 0xab26},   {0xab28, 0xab2e},   {0xab30, 0xab6b},   {0xab70, 0xabed},   {0xabf0, 0xabf9},
    {0xac00, 0xd7a3},   {0xd7b0, 0xd7c6},   {0xd7cb, 0xd7fb},   {0xf900, 0xfa6d},   {0xfa70, 0xfad9},
    {0xfb00, 0xfb06},   {0xfb13, 0xfb17},   {0xfb1d, 0xfb36},   {0xfb38, 0xfb3c},   {0xfb3e, 0xfb3e},
    {0xfb40, 0xfb41},   {0xfb43, 0xfb44},   {0xfb46, 0xfbc2},   {0xfbd3, 0xfd8f},   {0xfd92, 0xfdc7},
    {0xfdcf, 0xfdcf},   {0xfdf0, 0xfe19},   {0xfe20, 0xfe52},   {0xfe54, 0xfe66},   {0xfe68, 0xfe6b},
    {0xfe70, 0xfe74},   {0xfe76, 0xfefc},   {0xff01, 0xffbe},   {0xffc2, 0xffc7},   {0xffca, 0xffcf},
    {0xffd2, 0xffd7},   {0xffda, 0xffdc},   {0xffe0, 0xffe6},   {0xffe8, 0xffee},   {0xfffc, 0xfffd},
    {0x10000, 0x1000b}, {0x1000d, 0x10026}, {0x10028, 0x1003a}, {0x1003c, 0x1003d}, {0x1003f, 0x1004d},
    {0x10050, 0x1005d}, {0x10080, 0x100fa}, {0x10100, 0x10102}, {0x10107, 0x10133}, {0x10137, 0x1018e},
    {0x10190, 0x1019c}, {0x101a0, 0x101a0}, {0x101d0, 0x101fd}, {0x10280, 0x1029c}, {0x102a0, 0x102d0},
    {0x102e0, 0x102fb}, {0x10300, 0x10323}, {0x1032d, 0x1034a}, {0x10350, 0x1037a}, {0x10380, 0x1039d},
    {0x1039f, 0x103c3}, {0x103c8, 0x103d5}, {0x10400, 0x1049d}, {0x104a0, 0x104a9}, {0x104b0, 0x104d3},
    {0x104d8, 0x104fb}, {0x10500, 0x10527}, {0x10530, 0x10563}, {0x1056f, 0x1057a}, {0x1057c, 0x1058a},
    {0x1058c, 0x10592}, {0x10594, 0x10595}, {0x10597, 0x105a1}, {0x105a3, 0x105b1}, {0x105b3, 0x105b9},
    {0x105bb, 0x105bc}, {0x10600, 0x10736}, {0x10740, 0x10755}, {0x10760, 0x10767}, {0x10780, 0x10785},
    {0x10787, 0x107b0}, {0x107b2, 0x107ba}, {0x10800, 0x10805}, {0x10808, 0x10808}, {0x1080a, 0x10835},
    {0x10837, 0x10838}, {0x1083c, 0x1083c}, {0x1083f, 0x10855}, {0x10857, 0x1089e}, {0x108a7, 0x108af},
    {0x108e0, 0x108f2}, {0x108f4, 0x108f5}, {0x108fb, 0x1091b}, {0x1091f, 0x10939}, {0x1093f, 0x1093f},
    {0x10980, 0x109b7}, {0x109bc, 0x109cf}, {0x109d2, 0x10a03}, {0x10a05, 0x10a06}, {0x10a0c, 0x10a13},
    {0x10a15, 0x10a17}, {0x10a19, 0x10a35}, {0x10a38, 0x10a3a}, {0x10a3f, 0x10a48}, {0x10a50, 0x10a58},
    {0x10a60, 0x10a9f}, {0x10ac0, 0x10ae6}, {0x10aeb, 0x10af6}, {0x10b00, 0x10b35}, {0x10b39, 0x10b55},
    {0x10b58, 0x10b72}, {0x10b78, 0x10b91}, {0x10b99, 0x10b9c}, {0x10ba9, 0x10baf}, {0x10c00, 0x10c48},
    {0x10c80, 0x10cb2}, {0x10cc0, 0x10cf2}, {0x10cfa, 0x10d27}, {0x10d30, 0x10d39}, {0x10e60, 0x10e7e},
    {0x10e80, 0x10ea9}, {0x10eab, 0x10ead}, {0x10eb0, 0x10eb1}, {0x10efd, 0x10f27}, {0x10f30, 0x10f59},
    {0x10f70, 0x10f89}, {0x10fb0, 0x10fcb}, {0x10fe0, 0x10ff6}, {0x11000, 0x1104d}, {0x11052, 0x11075},
    {0x1107f, 0x110bc}, {0x110be, 0x110c2}, {0x110d0, 0x110e8}, {0x110f0, 0x110f9}, {0x11100, 0x11134},
    {0x11136, 0x11147}, {0x11150, 0x11176}, {0x11180, 0x111df}, {0x111e1, 0x111f4}, {0x11200, 0x11211},
    {0x11213, 0x11241}, {0x11280, 0x11286}, {0x11288, 0x11288}, {0x1128a, 0x1128d}, {0x1128f, 0x1129d},
    {0x1129f, 0x112a9}, {0x112b0, 0x112ea}, {0x112f0, 0x112f9}, {0x11300, 0x11303}, {0x11305, 0x1130c},
    {0x1130f, 0x11310}, {0x11313, 0x11328}, {0x1132a, 0x11330}, {0x11332, 0x11333}, {0x11335, 0x11339},
    {0x1133b, 0x11344}, {0x11347, 0x11348}, {0x1134b, 0x1134d}, {0x11350, 0x11350}, {0x11357, 0x11357},
    {0x1135d, 0x11363}, {0x11366, 0x1136c}, {0x11370, 0x11374}, {0x11400, 0x1145b}, {0x1145d, 0x11461},
    {0x11480, 0x114c7}, {0x114d0, 0x114d9}, {0x11580, 0x115b5}, {0x115b8, 0x115dd}, {0x11600, 0x11644},
    {0x11650, 0x11659}, {0x11660, 0x1166c}, {0x11680, 0x116b9}, {0x116c0, 0x116c9}, {0x11700, 0x1171a},
    {0x1171d, 0x1172b}, {0x11730, 0x11746}, {0x11800, 0x1183b}, {0x118a0, 0x118f2}, {0x118ff, 0x11906},
    {0x11909, 0x11909}, {0x1190c, 0x11913}, {0x11915, 0x11916}, {0x11918, 0x11935}, {0x11937, 0x11938},
    {0x1193b, 0x11946}, {0x11950, 0x11959}, {0x119a0, 0x119a7}, {0x119aa, 0x119d7}, {0x119da, 0x119e4},
    {0x11a00, 0x11a47}, {0x11a50, 0x11aa2}, {0x11ab0, 0x11af8}, {0x11b00, 0x11b09}, {0x11c00, 0x11c08},
    {0x11c0a, 0x11c36}, {0x11c38, 0x11c45}, {0x11c50, 0x11c6c}, {0x11c70, 0x11c8f}, {0x11c92, 0x11ca7},
    {0x11ca9, 0x11cb6}, {0x11d00, 0x11d06}, {0x11d08, 0x11d09}, {0x11d0b, 0x11d36}, {0x11d3a, 0x11d3a},
    {0x11d3c, 0x11d3d}, {0x11d3f, 0x11d47}, {0x11d50, 0x11d59}, {0x11d60, 0x11d65}, {0x11d67, 0x11d68},
    {0x11d6a, 0x11d8e}, {0x11d90, 0x11d91}, {0x11d93, 0x11d98}, {0x11da0, 0x11da9}, {0x11ee0, 0x11ef8},
    {0x11f00, 0x11f10}, {0x11f12, 0x11f3a}, {0x11f3e, 0x11f59}, {0x11fb0, 0x11fb0}, {0x11fc0, 0x11ff1},
    {0x11fff, 0x12399}, {0x12400, 0x1246e}, {0x12470, 0x12474}, {0x12480, 0x12543}, {0x12f90, 0x12ff2},
    {0x13000, 0x1342f}, {0x13440, 0x13455}, {0x14400, 0x14646}, {0x16800, 0x16a38}, {0x16a40, 0x16a5e},
    {0x16a60, 0x16a69}, {0x16a6e, 0x16abe}, {0x16ac0, 0x16ac9}, {0x16ad0, 0x16aed}, {0x16af0, 0x16af5},
    {0x16b00, 0x16b45}, {0x16b50, 0x16b59}, {0x16b5b, 0x16b61}, {0x16b63, 0x16b77}, {0x16b7d, 0x16b8f},
    {0x16e40, 0x16e9a}, {0x16f00, 0x16f4a}, {0x16f4f, 0x16f87}, {0x16f8f, 0x16f9f}, {0x16fe0, 0x16fe4},
    {0x16ff0, 0x16ff1}, {0x17000, 0x187f7}, {0x18800, 0x18cd5}, {0x18d00, 0x18d08}, {0x1aff0, 0x1aff3},
    {0x1aff5, 0x1affb}, {0x1affd, 0x1affe}, {0x1b000, 0x1b122}, {0x1b132, 0x1b132}, {0x1b150, 0x1b152},
    {0x1b155, 0x1b155}, {0x1b164, 0x1b167}, {0x1b170, 0x1b2fb}, {0x1bc00, 0x1bc6a}, {0x1bc70, 0x1bc7c},
    {0x1bc80, 0x1bc88}, {0x1bc90, 0x1bc99}, {0x1bc9c, 0x1bc9f}, {0x1cf00, 0x1cf2d}, {0x1cf30, 0x1cf46},
    {0x1cf50, 0x1cfc3}, {0x1d000, 0x1d0f5}, {0x1d100, 0x1d126}, {0x1d129, 0x1d172}, {0x1d17b, 0x1d1ea},
    {0x1d200, 0x1d245}, {0x1d2c0, 0x1d2d3}, {0x1d2e0, 0x1d2f3}, {0x1d300, 0x1d356}, {0x1d360, 0x1d378},
    {0x1d400, 0x1d454}, {0x1d456, 0x1d49c}, {0x1d49e, 0x1d49f}, {0x1d4a2, 0x1d4a2}, {0x1d4a5, 0x1d4a6},
    {0x1d4a9, 0x1d4ac}, {0x1d4ae, 0x1d4b9}, {0x1d4bb, 0x1d4bb}, {0x1d4bd, 0x1d4c3}, {0x1d4c5, 0x1d505},
    {0x1d507, 0x1d50a}, {0x1d50d, 0x1d514}, {0x1d516, 0x1d51c}, {0x1d51e, 0x1d539}, {0x1d53b, 0x1d53e},
    {0x1d540, 0x1d544}, {0x1d546, 0x1d546}, {0x1d54a, 0x1d550}, {0x1d552, 0x1d6a5}, {0x1d6a8, 0x1d7cb},
    {0x1d7ce, 0x1da8b}, {0x1da9b, 0x1da9f}, {0x1daa1, 0x1daaf}, {0x1df00, 0x1df1e}, {0x1df25, 0x1df2a},
    {0x1e000, 0x1e006}, {0x1e008, 0x1e018}, {0x1e01b, 0x1e021}, {0x1e023, 0x1e024}, {0x1e026, 0x1e02a},
    {0x1e030, 0x1e06d}, {0x1e08f, 0x1e08f}, {0x1e100, 0x1e12c}, {0x1e130, 0x1e13d}, {0x1e140, 0x1e149},
    {0x1e14e, 0x1e14f}, {0x1e290, 0x1e2ae}, {0x1e2c0, 0x1e2f9}, {0x1e2ff, 0x1e2ff}, {0x1e4d0, 0x1e4f9},
    {0x1e7e0, 0x1e7e6}, {0x1e7e8, 0x1e7eb}, {0x1e7ed, 0x1e7ee}, {0x1e7f0, 0x1e7fe}, {0x1e800, 0x1e8c4},
    {0x1e8c7, 0x1e8d6}, {0x1e900, 0x1e94b}, {0x1e950, 0x1e959}, {0x1e95e, 0x1e95f}, {0x1ec71, 0x1ecb4},
    {0x1ed01, 0x1ed3d}, {0x1ee00, 0x1ee03}, {0x1ee05, 0x1ee1f}, {0x1ee21, 0x1ee22}, {0x1ee24, 0x1ee24},
    {0x1ee27, 0x1ee27}, {0x1ee29, 0x1ee32}, {0x1ee34, 0x1ee37}, {0x1ee39, 0x1ee39}, {0x1ee3b, 0x1ee3b},
    {0x1ee42, 0x1ee42}, {0x1ee47, 0x1ee47}, {0x1ee49, 0x1ee49}, {0x1ee4b, 0x1ee4b}, {0x1ee4d, 0x1ee4f},
    {0x1ee51, 0x1ee52}, {0x1ee54, 0x1ee54}, {0x1ee57, 0x1ee57}, {0x1ee59, 0x1ee59}, {0x1ee5b, 0x1ee5b},
    {0x1ee5d, 0x1ee5d}, {0x1ee5f, 0x1ee5f}, {0x1ee61, 0x1ee62}, {0x1ee64, 0x1ee64}, {0x1ee67, 0x1ee6a},
    {0x1ee6c, 0x1ee72}, {0x1ee74, 0x1ee77}, {0x1ee79, 0x1ee7c}, {0x1ee7e, 0x1ee7e}, {0x1ee80, 0x1ee89},
    {0x1ee8b, 0x1ee9b}, {0x1eea1, 0x1eea3}, {0x1eea5, 0x1eea9}, {0x1eeab, 0x1eebb}, {0x1eef0, 0x1eef1},
    {0x1f000, 0x1f02b}, {0x1f030, 0x1f093}, {0x1f0a0, 0x1f0ae}, {0x1f0b1, 0x1f0bf}, {0x1f0c1, 0x1f0cf},
    {0x1f0d1, 0x1f0f5}, {0x1f100, 0x1f1ad}, {0x1f1e6, 0x1f202}, {0x1f210, 0x1f23b}, {0x1f240, 0x1f248},
    {0x1f250, 0x1f251}, {0x1f260, 0x1f265}, {0x1f300, 0x1f6d7}, {0x1f6dc, 0x1f6ec}, {0x1f6f0, 0x1f6fc},
    {0x1f700, 0x1f776}, {0x1f77b, 0x1f7d9}, {0x1f7e0, 0x1f7eb}, {0x1f7f0, 0x1f7f0}, {0x1f800, 0x1f80b},
    {0x1f810, 0x1f847}, {0x1f850, 0x1f859}, {0x1f860, 0x1f887}, {0x1f890, 0x1f8ad}, {0x1f8b0, 0x1f8b1},
    {0x1f900, 0x1fa53}, {0x1fa60, 0x1fa6d}, {0x1fa70, 0x1fa7c}, {0x1fa80, 0x1fa88}, {0x1fa90, 0x1fabd},
    {0x1fabf, 0x1fac5}, {0x1face, 0x1fadb}, {0x1fae0, 0x1fae8}, {0x1faf0, 0x1faf8}, {0x1fb00, 0x1fb92},
    {0x1fb94, 0x1fbca}, {0x1fbf0, 0x1fbf9}, {0x20000, 0x2a6df}, {0x2a700, 0x2b739}, {0x2b740, 0x2b81d},
    {0x2b820, 0x2cea1}, {0x2ceb0, 0x2ebe0}, {0x2f800, 0x2fa1d}, {0x30000, 0x3134a}, {0x31350, 0x323af},
    {0xe0100, 0xe01ef},
};

TEST_CASE("Quote matches Go's strconv.Quote", "[util][strconv]") {
  for (const auto& c : QuoteCases()) {
    INFO("input bytes: " << util::Quote(c.in) << " want " << c.want);
    CHECK(util::Quote(c.in) == c.want);
    std::string appended = "x";
    util::AppendQuote(appended, c.in);
    CHECK(appended == "x" + c.want);
  }
}

TEST_CASE("Quote: the escapes the indexer comparison found", "[util][strconv]") {
  // client-go's SplitMetaNamespaceKey error text quotes with %q.
  CHECK(util::Quote("\u00a0/x/y") == R"("\u00a0/x/y")");
  CHECK(util::Quote("\a\b\v\f") == R"("\a\b\v\f")");
  CHECK(util::Quote("\xc3\xa9\xc2\x80") == "\"\xc3\xa9\\u0080\"");
}

TEST_CASE("IsPrint matches Go's unicode.IsPrint on every code point", "[util][strconv]") {
  std::size_t range = 0;
  std::size_t mismatches = 0;
  char32_t first_mismatch = 0;
  for (char32_t r = 0; r <= 0x10FFFF + 1; ++r) {
    while (range < std::size(kGoPrintable) && kGoPrintable[range].second < r) ++range;
    const bool want = range < std::size(kGoPrintable) && kGoPrintable[range].first <= r;
    if (util::IsPrint(r) != want) {
      if (mismatches++ == 0) first_mismatch = r;
    }
  }
  INFO("first mismatch at U+" << std::hex << static_cast<unsigned>(first_mismatch));
  CHECK(mismatches == 0);
  CHECK(util::IsGraphic(0xA0));
  CHECK(util::IsGraphic(0x3000));
  CHECK_FALSE(util::IsGraphic(0xAD));
  CHECK_FALSE(util::IsPrint(0x3000));
}

TEST_CASE("JSONQuote matches Go's encoding/json", "[util][strconv]") {
  for (const auto& c : JSONCases()) {
    INFO("input: " << util::Quote(c.in));
    CHECK(util::JSONQuote(c.in) == c.want);
  }
  CHECK(util::GoJSONStrings({"a", "\x01\n\xff", "\b\f<"}) ==
        std::string("[\"a\",\"\\u0001\\n\\ufffd\",\"\\b\\f\\u003c\"]", 35));
  CHECK(util::GoJSONStrings({}) == std::string("[]", 2));
}

TEST_CASE("FormatFloat matches Go's strconv.FormatFloat(f, fmt, -1, 64)", "[util][strconv]") {
  // Go's %v (= 'g') and, for 1e-6 <= |f| < 1e21, json.Marshal (= 'f') of the same values.
  struct FloatCase {
    double f;
    const char* g;
    const char* fixed;
  };
  const FloatCase cases[] = {
      {0, "0", "0"},
      {-0.0, "-0", "-0"},
      {1, "1", "1"},
      {-1.5, "-1.5", "-1.5"},
      {0.1, "0.1", "0.1"},
      {1e-4, "0.0001", "0.0001"},
      {1.5e-5, "1.5e-05", "0.000015"},
      {123456, "123456", "123456"},
      {1234567, "1.234567e+06", "1234567"},
      {1e6, "1e+06", "1000000"},
      {1e20, "1e+20", "100000000000000000000"},
      {3.14159, "3.14159", "3.14159"},
      {100, "100", "100"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.f);
    CHECK(util::FormatFloat(c.f, 'g') == c.g);
    CHECK(util::FormatFloat(c.f, 'f') == c.fixed);
  }
  CHECK(util::FormatFloat(1e-7, 'g') == "1e-07");
  CHECK(util::FormatFloat(1e21, 'e') == "1e+21");
  CHECK(util::FormatFloat(1.2345e22, 'g') == "1.2345e+22");
  CHECK(util::FormatFloat(1e100, 'g') == "1e+100");
  CHECK(util::FormatFloat(5e-324, 'g') == "5e-324");
  CHECK(util::FormatFloat(1.7976931348623157e308, 'g') == "1.7976931348623157e+308");
}

TEST_CASE("TimeQuote matches Go's time.quote", "[util][strconv]") {
  for (const auto& c : TimeQuoteCases()) {
    INFO("input: " << util::Quote(c.in));
    CHECK(util::TimeQuote(c.in) == c.want);
  }
}

}  // namespace util_strconv_test

// strconv.ParseInt(s, 10, bits) and strconv.Atoi: answers and texts printed by Go 1.26.
TEST_CASE("ParseInt mirrors strconv.ParseInt", "[util][strconv]") {
  using apimachinery::util::NumError;
  using apimachinery::util::ParseInt;
  using apimachinery::util::ParseIntResult;
  using apimachinery::util::ParseIntStatus;
  struct Row {
    std::string_view in;
    int bits;
    std::int64_t value;
    ParseIntStatus status;
  };
  constexpr std::int64_t kMax = INT64_MAX;
  constexpr std::int64_t kMin = INT64_MIN;
  const Row rows[] = {
      {"0", 64, 0, ParseIntStatus::kOk},
      {"-0", 64, 0, ParseIntStatus::kOk},
      {"+5", 64, 5, ParseIntStatus::kOk},
      {"007", 64, 7, ParseIntStatus::kOk},
      {"", 64, 0, ParseIntStatus::kSyntax},
      {"-", 64, 0, ParseIntStatus::kSyntax},
      {"+-1", 64, 0, ParseIntStatus::kSyntax},
      {"1_000", 64, 0, ParseIntStatus::kSyntax},
      {"0x10", 64, 0, ParseIntStatus::kSyntax},
      {" 1", 64, 0, ParseIntStatus::kSyntax},
      {"1x", 64, 0, ParseIntStatus::kSyntax},
      {"9223372036854775807", 64, kMax, ParseIntStatus::kOk},
      {"9223372036854775808", 64, kMax, ParseIntStatus::kRange},
      {"-9223372036854775808", 64, kMin, ParseIntStatus::kOk},
      {"-9223372036854775809", 64, kMin, ParseIntStatus::kRange},
      {"18446744073709551615", 64, kMax, ParseIntStatus::kRange},
      // ParseUint stops at the first overflow, before it sees the bad byte.
      {"123456789012345678901x", 64, kMax, ParseIntStatus::kRange},
      {"-123456789012345678901x", 64, kMin, ParseIntStatus::kRange},
      {"12345678901234567890x", 64, 0, ParseIntStatus::kSyntax},
      {"2147483647", 32, 2147483647, ParseIntStatus::kOk},
      {"2147483648", 32, 2147483647, ParseIntStatus::kRange},
      {"-2147483648", 32, -2147483648LL, ParseIntStatus::kOk},
      {"-2147483649", 32, -2147483648LL, ParseIntStatus::kRange},
      {"4294967296x", 32, 2147483647, ParseIntStatus::kRange},
      {"4294967295x", 32, 0, ParseIntStatus::kSyntax},
      {"127", 8, 127, ParseIntStatus::kOk},
      {"-129", 8, -128, ParseIntStatus::kRange},
  };
  for (const Row& r : rows) {
    INFO(r.in << " bits " << r.bits);
    const auto got = ParseIntResult(r.in, r.bits);
    CHECK(got.value == r.value);
    CHECK(got.status == r.status);
    if (r.status == ParseIntStatus::kOk) {
      CHECK(ParseInt(r.in, r.bits) == r.value);
    } else {
      CHECK_THROWS_AS(ParseInt(r.in, r.bits), NumError);
    }
  }
  CHECK_THROWS_MATCHES(ParseInt("a", 32, "Atoi"), NumError,
                       Catch::Matchers::Message("strconv.Atoi: parsing \"a\": invalid syntax"));
  CHECK_THROWS_MATCHES(
      ParseInt("99999999999999999999"), NumError,
      Catch::Matchers::Message("strconv.ParseInt: parsing \"99999999999999999999\": value out of range"));
  CHECK_THROWS_MATCHES(ParseInt("\xff"), NumError,
                       Catch::Matchers::Message("strconv.ParseInt: parsing \"\\xff\": invalid syntax"));
  try {
    ParseInt("1e3");
  } catch (const NumError& e) {
    CHECK(e.func() == "ParseInt");
    CHECK(e.num() == "1e3");
    CHECK(e.err() == "invalid syntax");
  }
  static_assert(ParseIntResult("42", 64).value == 42);
}
