// test_support::StatusOf: the metav1::Status of the errors::StatusError that `fn` throws; fails
// the test when it throws none (any other exception propagates and fails it too).
#pragma once

#include <utility>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"

namespace test_support {

template <class Fn>
apimachinery::metav1::Status StatusOf(Fn&& fn) {
  try {
    std::forward<Fn>(fn)();
  } catch (const apimachinery::errors::StatusError& e) {
    return e.Status();
  }
  FAIL("no StatusError thrown");
  return {};
}

}  // namespace test_support
