// Must not compile: a queue option that is a duration takes a std::chrono duration, not a bare
// number whose unit the reader would have to guess (designated initializers name the member).
#include <chrono>

#include "apimachinery/workqueue/queue.hpp"

int main() {
  namespace wq = apimachinery::workqueue;
#ifdef APIMACHINERY_COMPILE_FAIL
  wq::QueueConfig config{.name = "pods", .unfinished_work_update_period = 500};
#else
  wq::QueueConfig config{.name = "pods", .unfinished_work_update_period = std::chrono::milliseconds(500)};
#endif
  return config.name.empty() ? 1 : 0;
}
