// Must not compile: generated field conversions for a pair whose source has a field without a
// peer (v1's `size` was renamed to `replicas` in the hub), as conversion-gen refuses the pair. The
// diagnostic names the field (&v1::WidgetSpec::size). Without APIMACHINERY_COMPILE_FAIL the field
// is declared dropped on purpose and the pair compiles.
#include "apimachinery/conversion/fields.hpp"

namespace v1 {
struct WidgetSpec {
  int size = 0;
  int paused = 0;
};
APIMACHINERY_FIELDS(WidgetSpec, size, paused)
}  // namespace v1

namespace hub {
struct WidgetSpec {
  int replicas = 0;
  int paused = 0;
};
APIMACHINERY_FIELDS(WidgetSpec, replicas, paused)
struct Widget {
  WidgetSpec spec;
};
APIMACHINERY_FIELDS(Widget, spec)
APIMACHINERY_IGNORED_FIELDS(WidgetSpec, v1::WidgetSpec, replicas)
}  // namespace hub

namespace v1 {
struct Widget {
  WidgetSpec spec;
};
APIMACHINERY_FIELDS(Widget, spec)
#ifndef APIMACHINERY_COMPILE_FAIL
APIMACHINERY_IGNORED_FIELDS(WidgetSpec, hub::WidgetSpec, size)
#endif
}  // namespace v1

int main() {
  apimachinery::conversion::Converter c;
  apimachinery::conversion::RegisterGeneratedFieldConversions<v1::Widget, hub::Widget>(c);
}
