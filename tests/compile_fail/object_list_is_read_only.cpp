// Must not compile: the objects of a cache::ObjectList are const.
#include "apimachinery/cache/store.hpp"

int main() {
  apimachinery::cache::Indexer store(apimachinery::cache::MetaNamespaceKeyFunc);
  for (const apimachinery::runtime::Object* o : store.List()) {
#ifdef APIMACHINERY_COMPILE_FAIL
    o->SetGroupVersionKind({});
#else
    (void)o->GetObjectKind();
#endif
  }
}
