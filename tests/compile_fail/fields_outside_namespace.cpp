// Must not compile: APIMACHINERY_FIELDS used outside the type's namespace, where ADL cannot find
// it; the static_assert at the macro says so.
#include "apimachinery/conversion/fields.hpp"

namespace example {
struct Spec {
  int replicas = 0;
};
#ifndef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_FIELDS(Spec, replicas)
#endif
}  // namespace example

#ifdef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_FIELDS(example::Spec, replicas)
#endif

int main() { return apimachinery::conversion::HasFields<example::Spec> ? 0 : 1; }
