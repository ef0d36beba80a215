// Must not compile: a field-list type whose member type has neither a field list nor
// to_json/from_json; the static_assert names what is missing (not nlohmann's template errors).
#include <nlohmann/json.hpp>

#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"

namespace example {
struct Inner {
  int x = 0;
};
#ifndef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_FIELDS(Inner, x)
#endif

struct Outer {
  Inner inner;
};
APIMACHINERY_FIELDS(Outer, inner)
APIMACHINERY_JSON_FIELDS(Outer)
}  // namespace example

int main() {
  const nlohmann::json j = example::Outer{};
  example::Outer back;
  j.get_to(back);
}
