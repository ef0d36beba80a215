// Must not compile (g++: an error; clang++: -Wreorder-init-list, an error under the project's
// -Werror): designated initializers of an options struct name its members in declaration order,
// unlike Go's keyed struct literals.
#include <memory>

#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/queue.hpp"

int main() {
  namespace wq = apimachinery::workqueue;
  auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
#ifdef APIMACHINERY_COMPILE_FAIL
  wq::QueueConfig config{.clock = clock, .name = "pods"};
#else
  wq::QueueConfig config{.name = "pods", .clock = clock};
#endif
  return config.clock ? 0 : 1;
}
