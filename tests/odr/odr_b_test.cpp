// Second translation unit of the ODR test (see odr_a_test.cpp).
#include "apimachinery/apimachinery.hpp"

std::string OdrSecondUnitGroupVersion() { return apimachinery::schema::GroupVersion{"apps", "v1"}.String(); }
