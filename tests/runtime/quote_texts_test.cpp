#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/scheme.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_quote_texts_test {

namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;

// Each expected text is what apimachinery@v0.37.2 prints for the same call (strconv.Quote via %q,
// or the time package's own quote for time.ParseError).
TEST_CASE("Upstream %q texts use Go's quoting", "[runtime][errors]") {
  CHECK(std::string(errors::NewNotFound({"apps", "deployments"}, "a\bb\u00a0\xff").what()) ==
        R"(deployments.apps "a\bb\u00a0\xff" not found)");
  CHECK(std::string(runtime::NotRegisteredError::ForKind("s\x7f"
                                                         "ch",
                                                         {"g", "v", "K\v"})
                        .what()) == R"(no kind "K\v" is registered for version "g/v" in scheme "s\x7fch")");
  CHECK_THROWS_WITH(
      runtime::DefaultMetaV1FieldSelectorConversion("a\tb\u2028", "v"),
      R"("a\tb\u2028" is not a known field selector: only "metadata.name", "metadata.namespace")");
}

TEST_CASE("time.ParseError texts use the time package's quote", "[runtime][metav1]") {
  // time.quote escapes every byte of a non-ASCII rune and copies DEL raw.
  CHECK_THROWS_WITH(metav1::ParseRFC3339("2024-01-01T00:00:00Z\u00e9\x7f"),
                    "parsing time \"2024-01-01T00:00:00Z\\xc3\\xa9\x7f\": extra text: \"\\xc3\\xa9\x7f\"");
  CHECK_THROWS_WITH(
      metav1::ParseRFC3339("\xef\xbf\xbd"),
      R"(parsing time "\xef\xbf\xbd" as "2006-01-02T15:04:05Z07:00": cannot parse "\xef\xbf\xbd" as "2006")");
}

}  // namespace runtime_quote_texts_test
