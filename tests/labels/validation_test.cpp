// Tests for util/validation.hpp: the label key/value and DNS-1123 rules behind labels.NewRequirement
// (k8s.io/apimachinery/pkg/labels/selector.go), written as
// scans with upstream's messages.
#include "apimachinery/util/validation.hpp"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace labels_validation_test {

namespace validation = apimachinery::validation;

TEST_CASE("IsQualifiedName", "[validation]") {
  for (const std::string& ok : std::vector<std::string>{
           "simple", "now-with-dashes", "1-starts-with-num", "1234", "simple/simple",
           "now-with-dashes/simple", "now-with-dashes/now-with-dashes", "now.with.dots/simple",
           "now-with.dashes-and.dots/simple", "1-num.2-num/3-num", "1234/5678", "1.2.3.4/5678",
           "Uppercase_Is_OK_123", "example.com/Uppercase_Is_OK_123", "requests.storage-foo",
           std::string(63, 'a'), std::string(253, 'a') + "/" + std::string(63, 'b')}) {
    CAPTURE(ok);
    CHECK(validation::IsQualifiedName(ok).empty());
  }
  for (const std::string& bad : std::vector<std::string>{
           "nospecialchars%^=@", "cantendwithadash-", "-cantstartwithadash-", "only/one/slash",
           "Example.com/abc", "example_com/abc", "example.com/", "/simple", std::string(64, 'a'),
           std::string(254, 'a') + "/abc", "", "a b", std::string("a\0b", 3)}) {
    CAPTURE(bad);
    CHECK_FALSE(validation::IsQualifiedName(bad).empty());
  }
  CHECK(validation::IsQualifiedName(std::string(254, 'a') + "/abc") ==
        std::vector<std::string>{"prefix part must be no more than 253 bytes"});
  CHECK(validation::IsQualifiedName(std::string(64, 'a')) ==
        std::vector<std::string>{"name part must be no more than 63 bytes"});
  CHECK(validation::IsQualifiedName("").size() == 2);
}

TEST_CASE("IsValidLabelValue", "[validation]") {
  for (const std::string& ok :
       std::vector<std::string>{"simple", "now-with-dashes", "1-starts-with-num", "end-with-num-1", "1234",
                                std::string(63, 'a'), "", "Uppercase", "a.b_c-d"}) {
    CAPTURE(ok);
    CHECK(validation::IsValidLabelValue(ok).empty());
  }
  for (const std::string& bad : std::vector<std::string>{
           "nospecialchars%^=@", "Tama-nui-te-rā.is.Māori.sun", "\\backslashes", "-starts-with-dash",
           "ends-with-dash-", ".starts.with.dot", "ends.with.dot.", std::string(64, 'a')}) {
    CAPTURE(bad);
    CHECK_FALSE(validation::IsValidLabelValue(bad).empty());
  }
  CHECK(validation::IsValidLabelValue(std::string(64, 'a')) ==
        std::vector<std::string>{"must be no more than 63 bytes"});
}

TEST_CASE("IsDNS1123Label and IsDNS1123Subdomain", "[validation]") {
  for (const std::string& ok : std::vector<std::string>{"a", "ab", "abc", "a1", "a-1", "a--1--2--b", "0",
                                                        "01", "1-2", std::string(63, 'a')}) {
    CAPTURE(ok);
    CHECK(validation::IsDNS1123Label(ok).empty());
    CHECK(validation::IsDNS1123Subdomain(ok).empty());
  }
  for (const std::string& bad : std::vector<std::string>{"", "A", "ABC", "aBc", "A1", "a_1", "a.1", "a 1",
                                                         "-a", "a-", "1-", std::string(64, 'a')}) {
    CAPTURE(bad);
    CHECK_FALSE(validation::IsDNS1123Label(bad).empty());
  }
  for (const std::string& ok : std::vector<std::string>{"a.a", "ab.ab", "a1.a1", "a-1.a-1", "11.22.33",
                                                        "a.b.c.d.e", std::string(253, 'a')}) {
    CAPTURE(ok);
    CHECK(validation::IsDNS1123Subdomain(ok).empty());
  }
  for (const std::string& bad : std::vector<std::string>{"", "A", "a..b", ".a", "a.", "a_b.c", "a.-b", "a-.b",
                                                         "a.B", std::string(254, 'a')}) {
    CAPTURE(bad);
    CHECK_FALSE(validation::IsDNS1123Subdomain(bad).empty());
  }
  CHECK(validation::IsDNS1123Label("A") ==
        std::vector<std::string>{
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
            "and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', "
            "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"});
  CHECK(validation::IsDNS1123Subdomain(std::string(254, 'a')) ==
        std::vector<std::string>{"must be no more than 253 bytes"});
}

TEST_CASE("RegexError, GoQuote, GoJSONStrings", "[validation]") {
  CHECK(validation::RegexError("msg", "re") == "msg (regex used for validation is 're')");
  CHECK(validation::RegexError("msg", "re", {"a", "b"}) ==
        "msg (e.g. 'a',  or 'b', regex used for validation is 're')");
  CHECK(validation::GoQuote("") == "\"\"");
  CHECK(validation::GoQuote("a b") == "\"a b\"");
  CHECK(validation::GoQuote("\"\\") == "\"\\\"\\\\\"");
  CHECK(validation::GoQuote(std::string("\0\x7f\t", 3)) == "\"\\x00\\x7f\\t\"");
  CHECK(validation::GoQuote("\xe2\x82\xac\xc2\x85\xff") == "\"\xe2\x82\xac\\u0085\\xff\"");
  CHECK(validation::GoJSONStrings({}) == "[]");
  CHECK(validation::GoJSONStrings({"a", "b"}) == "[\"a\",\"b\"]");
  CHECK(validation::GoJSONStrings({"\x01\n\xff"}) == "[\"\\u0001\\n\\ufffd\"]");
}

}  // namespace labels_validation_test
