// cache::ReflectorStore: the interface a Reflector feeds (RealFIFO implements it)
// (k8s.io/client-go/tools/cache/reflector.go: ReflectorStore).
//
// Throws: implementations report errors by throwing (Go returns an error).
// Thread-safety: a Reflector calls Add/Update/Delete/Replace from its Run thread and Resync from
// its resync thread, so an implementation must accept Resync concurrently with the others.
// Differences from upstream: objects are std::shared_ptr<const runtime::Object> instead of
// interface{}; Replace takes the items by reference.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "apimachinery/runtime/interfaces.hpp"

namespace apimachinery::cache {

// ReflectorStore: what a Reflector feeds (reflector.go: ReflectorStore). Errors are thrown.
class ReflectorStore {
 public:
  virtual ~ReflectorStore() = default;
  virtual void Add(std::shared_ptr<const runtime::Object> obj) = 0;
  virtual void Update(std::shared_ptr<const runtime::Object> obj) = 0;
  virtual void Delete(std::shared_ptr<const runtime::Object> obj) = 0;
  // Replace: the store's contents become `items`, listed at `resource_version`.
  virtual void Replace(const std::vector<std::shared_ptr<const runtime::Object>>& items,
                       std::string_view resource_version) = 0;
  virtual void Resync() = 0;

 protected:
  ReflectorStore() = default;
  ReflectorStore(const ReflectorStore&) = default;
  ReflectorStore& operator=(const ReflectorStore&) = default;
  ReflectorStore(ReflectorStore&&) = default;
  ReflectorStore& operator=(ReflectorStore&&) = default;
};

}  // namespace apimachinery::cache
