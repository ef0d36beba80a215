// Two translation units that both include the umbrella header and are linked together: a
// definition in a header that forgot `inline` fails to link here.
#include <catch2/catch.hpp>

#include "apimachinery/apimachinery.hpp"

std::string OdrSecondUnitGroupVersion();

TEST_CASE("the umbrella header links from two translation units", "[odr]") {
  CHECK(apimachinery::schema::ParseGroupVersion("apps/v1").String() == OdrSecondUnitGroupVersion());
}
