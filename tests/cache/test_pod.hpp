// A small Pod-like type and helpers for the cache tests.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/interfaces.hpp"

namespace cache_test {

struct PodSpec {
  std::string node_name;
};

struct TestPod : apimachinery::runtime::ObjectBase<TestPod> {
  static constexpr std::string_view kKind = "Pod";
  apimachinery::metav1::TypeMeta type_meta;
  apimachinery::metav1::ObjectMeta metadata;
  PodSpec spec;
};

// A type without ObjectMeta (like a list).
struct NoMeta : apimachinery::runtime::ObjectBase<NoMeta> {
  static constexpr std::string_view kKind = "NoMeta";
  apimachinery::metav1::TypeMeta type_meta;
};

inline std::shared_ptr<const TestPod> MakePod(std::string ns, std::string name, std::string node = {},
                                              std::map<std::string, std::string> labels = {},
                                              std::map<std::string, std::string> annotations = {}) {
  auto p = std::make_shared<TestPod>();
  p->metadata.namespace_ = std::move(ns);
  p->metadata.name = std::move(name);
  p->metadata.labels = std::move(labels);
  p->metadata.annotations = std::move(annotations);
  p->spec.node_name = std::move(node);
  return p;
}

inline std::vector<std::string> NodeNameIndexFunc(const apimachinery::runtime::Object& obj) {
  const auto* pod = dynamic_cast<const TestPod*>(&obj);
  if (pod == nullptr || pod->spec.node_name.empty()) return {};
  return {pod->spec.node_name};
}

inline const TestPod& AsPod(const apimachinery::runtime::Object& obj) {
  return dynamic_cast<const TestPod&>(obj);
}

}  // namespace cache_test
