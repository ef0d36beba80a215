// Must not compile: a conversion function registered for (A, B) that takes (B, A).
#include "apimachinery/conversion/converter.hpp"

struct A {};
struct B {};

int main() {
  apimachinery::conversion::Converter c;
#ifdef APIMACHINERY_COMPILE_FAIL
  c.RegisterConversionFunc<A, B>([](const B&, A&, apimachinery::conversion::Scope&) {});
#else
  c.RegisterConversionFunc<A, B>([](const A&, B&, apimachinery::conversion::Scope&) {});
#endif
}
