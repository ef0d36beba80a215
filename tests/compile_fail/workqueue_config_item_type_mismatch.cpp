// Must not compile: a RateLimitingQueue<int> cannot wrap a delaying queue of another item type.
#include <memory>
#include <string>

#include "apimachinery/workqueue/delaying_queue.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

int main() {
  namespace wq = apimachinery::workqueue;
#ifdef APIMACHINERY_COMPILE_FAIL
  wq::RateLimitingQueueConfig<int> config{.delaying_queue =
                                              std::make_shared<wq::DelayingQueue<std::string>>()};
#else
  wq::RateLimitingQueueConfig<int> config{.delaying_queue = std::make_shared<wq::DelayingQueue<int>>()};
#endif
  return config.delaying_queue ? 0 : 1;
}
