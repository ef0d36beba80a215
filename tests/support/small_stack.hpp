// test_support::RunOnSmallStack: runs a function on a thread with a 256 KiB stack, so a test
// proves that a parser or walker of deep input does not recurse per level. An exception thrown by
// the function is rethrown on the caller's thread.
#pragma once

#include <exception>
#include <functional>
#include <pthread.h>

#include <catch2/catch.hpp>

namespace test_support {

inline void RunOnSmallStack(const std::function<void()>& fn) {
  struct Ctx {
    const std::function<void()>* fn;
    std::exception_ptr error;
  } ctx{&fn, nullptr};
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, 256 * 1024) == 0);
  pthread_t t;
  REQUIRE(pthread_create(
              &t, &attr,
              [](void* p) -> void* {
                auto* c = static_cast<Ctx*>(p);
                try {
                  (*c->fn)();
                } catch (...) {
                  c->error = std::current_exception();
                }
                return nullptr;
              },
              &ctx) == 0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
  if (ctx.error) std::rethrow_exception(ctx.error);
}

}  // namespace test_support
