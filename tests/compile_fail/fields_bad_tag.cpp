// Must not compile: a Go tag with an unknown option (a typo of omitempty) in APIMACHINERY_FIELDS.
#include "apimachinery/conversion/fields.hpp"

namespace example {
struct Spec {
  int replicas = 0;
};
#ifdef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_FIELDS(Spec, (replicas, "replicas,omitemtpy"))
#else
APIMACHINERY_FIELDS(Spec, (replicas, "replicas,omitempty"))
#endif
}  // namespace example

int main() { return apimachinery::conversion::HasFields<example::Spec> ? 0 : 1; }
