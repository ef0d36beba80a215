// Must not compile: an object an informer hands to a handler (or returns from its store) is
// std::shared_ptr<const runtime::Object>; a handler cannot modify the shared copy.
#include <memory>

#include "apimachinery/cache/shared_informer.hpp"

int main() {
  apimachinery::cache::ResourceEventHandlerFuncs handler{
      .on_add =
          [](const std::shared_ptr<const apimachinery::runtime::Object>& obj, bool) {
#ifdef APIMACHINERY_COMPILE_FAIL
            obj->GetObjectMeta()->name = "changed";
#else
            std::unique_ptr<apimachinery::runtime::Object> copy = obj->DeepCopyObject();  // copy to modify
            copy->GetObjectMeta()->name = "changed";
#endif
          },
  };
  (void)handler;
}
