// Must not compile: a store's options are a ThreadSafeStoreOptions, not a bare bool whose meaning
// the reader would have to look up.
#include "apimachinery/cache/thread_safe_store.hpp"

int main() {
  namespace cache = apimachinery::cache;
#ifdef APIMACHINERY_COMPILE_FAIL
  cache::ThreadSafeStore store({}, true);
#else
  cache::ThreadSafeStore store({}, {.label_index = true});
#endif
  return store.HasLabelIndex() ? 0 : 1;
}
