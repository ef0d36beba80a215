#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/cache/store.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_quote_texts_test {

namespace cache = apimachinery::cache;

// client-go@v0.37.2 tools/cache/store.go: SplitMetaNamespaceKey quotes the key with %q; the
// expected texts are what client-go prints for the same keys.
TEST_CASE("SplitMetaNamespaceKey quotes a bad key as Go's %q", "[cache][store]") {
  CHECK_THROWS_WITH(cache::SplitMetaNamespaceKey("\u00a0/x/y"), R"(unexpected key format: "\u00a0/x/y")");
  CHECK_THROWS_WITH(cache::SplitMetaNamespaceKey("a/\a\b\v\f/c"), R"(unexpected key format: "a/\a\b\v\f/c")");
  CHECK_THROWS_WITH(cache::SplitMetaNamespaceKey("\xff/\u0085/z"),
                    R"(unexpected key format: "\xff/\u0085/z")");
}

}  // namespace cache_quote_texts_test
