// Must not compile: APIMACHINERY_JSON_FIELDS used outside the type's namespace, where nlohmann's
// ADL lookup cannot find the to_json/from_json it defines; the static_assert at the macro says so.
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"

namespace example {
struct Spec {
  int replicas = 0;
};
APIMACHINERY_FIELDS(Spec, replicas)
#ifndef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_JSON_FIELDS(Spec)
#endif
}  // namespace example

#ifdef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_JSON_FIELDS(example::Spec)
#endif

int main() {
  const nlohmann::json j = example::Spec{};
  return j.size() == 1 ? 0 : 1;
}
