#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/meta/errors.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_errors_quote_test {

namespace meta = apimachinery::meta;

// apimachinery@v0.37.2 pkg/api/meta/errors.go: NoKindMatchError.Error quotes with %q; the expected
// text is what Go prints for the same error.
TEST_CASE("NoKindMatchError quotes kind and group as Go's %q", "[meta][errors]") {
  const meta::NoKindMatchError e({"\u00e9", std::string("K\0", 2)});
  CHECK(std::string(e.what()) == "no matches for kind \"K\\x00\" in group \"\u00e9\"");
}

}  // namespace meta_errors_quote_test
