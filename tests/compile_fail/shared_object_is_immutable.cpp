// Must not compile: an object shared as std::shared_ptr<const T> cannot be modified in place.
#include <memory>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/interfaces.hpp"

struct Widget : apimachinery::runtime::ObjectBase<Widget> {
  static constexpr std::string_view kKind = "Widget";
  apimachinery::metav1::TypeMeta type_meta;
  apimachinery::metav1::ObjectMeta metadata;
};

int main() {
  std::shared_ptr<const Widget> shared = std::make_shared<const Widget>();
#ifdef APIMACHINERY_COMPILE_FAIL
  shared->metadata.name = "changed";
#else
  Widget copy = *shared;  // copy to modify
  copy.metadata.name = "changed";
#endif
}
