// util::internal::JoinList: Go's `%v` of a slice of fmt.Stringers, `[a b c]` (fmt/print.go:
// printValue on a slice: elements separated by one space, in brackets). Shared internals
// (util/internal/: every package may use them, users must not): the RESTMapper errors of meta and
// restmapper print GroupVersionResource/GroupVersionKind lists this way.
//
//   JoinList(std::vector<schema::GroupVersionResource>{...})   // "[apps/v1, Resource=deployments]"
//
// T needs `std::string String() const`. Throws: std::bad_alloc. Thread-safety: pure function.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace apimachinery::util::internal {

template <typename T>
std::string JoinList(const std::vector<T>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out.push_back(' ');
    out += items[i].String();
  }
  out.push_back(']');
  return out;
}

}  // namespace apimachinery::util::internal
