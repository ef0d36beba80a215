// Must not compile: APIMACHINERY_IGNORED_FIELDS naming a field the source type does not have (a
// typo would otherwise silence the dropped-field check).
#include "apimachinery/conversion/fields.hpp"

namespace a {
struct Spec {
  int replicas = 0;
  int color = 0;
};
APIMACHINERY_FIELDS(Spec, replicas, color)
}  // namespace a

namespace b {
struct Spec {
  int replicas = 0;
};
APIMACHINERY_FIELDS(Spec, replicas)
}  // namespace b

namespace a {
#ifdef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_IGNORED_FIELDS(Spec, b::Spec, colour)
#else
APIMACHINERY_IGNORED_FIELDS(Spec, b::Spec, color)
#endif
}  // namespace a

int main() {
  apimachinery::conversion::Converter c;
  apimachinery::conversion::RegisterGeneratedFieldConversions<a::Spec, b::Spec>(c);
}
