// test_support::Eventually: polls a condition every millisecond until it holds or `timeout`
// passes; the condition's last answer is the result. For what another thread makes true soon
// (an informer's store fed before its resource version moves), never as a delay.
#pragma once

#include <chrono>
#include <functional>
#include <thread>

namespace test_support {

inline bool Eventually(const std::function<bool()>& pred,
                       std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return pred();
}

}  // namespace test_support
