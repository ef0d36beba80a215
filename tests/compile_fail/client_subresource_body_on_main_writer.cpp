// Must not compile: WithSubResourceBody is an option of subresource writes only; the main
// Writer::Update does not take it (controller-runtime: SubResourceUpdateOption is not an
// UpdateOption).
#include "apimachinery/ctrl/interfaces.hpp"

namespace ctrl = apimachinery::ctrl;

void Write(ctrl::Writer& writer, ctrl::SubResourceWriter& scale, apimachinery::runtime::Unstructured& obj,
           apimachinery::runtime::Unstructured& body) {
  scale.Update(obj, ctrl::WithSubResourceBody(body));
#ifdef APIMACHINERY_COMPILE_FAIL
  writer.Update(obj, ctrl::WithSubResourceBody(body));
#else
  writer.Update(obj);
#endif
}

int main() {}
