// metav1 object metadata: TypeMeta, ObjectMeta, ListMeta, OwnerReference.
//
// Port of the metadata structs of k8s.io/apimachinery/pkg/apis/meta/v1 (types.go). Every stored
// Kubernetes object carries a TypeMeta (apiVersion, kind) and an ObjectMeta (name, namespace,
// labels, resourceVersion, ...); lists carry a ListMeta. Members are snake_case; the JSON wire keys
// are upstream's camelCase, with omitempty.
//
// Thread-safety: value types.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/time.hpp"

namespace apimachinery::metav1 {

// TypeMeta: the apiVersion and kind of a serialized object.
struct TypeMeta {
  std::string api_version;  // "apiVersion"
  std::string kind;

  friend bool operator==(const TypeMeta&, const TypeMeta&) = default;
};

// OwnerReference points at the object that owns this one (garbage collection, controllers).
struct OwnerReference {
  std::string api_version;  // "apiVersion"
  std::string kind;
  std::string name;
  std::string uid;
  std::optional<bool> controller;
  std::optional<bool> block_owner_deletion;  // "blockOwnerDeletion"

  friend bool operator==(const OwnerReference&, const OwnerReference&) = default;
};

// ObjectMeta: the metadata every persisted object has.
struct ObjectMeta {
  std::string name;
  std::string generate_name;  // "generateName"
  std::string namespace_;     // "namespace" (a C++ keyword, hence the underscore)
  std::string uid;
  std::string resource_version;  // "resourceVersion"
  std::int64_t generation = 0;
  Time creation_timestamp;                                      // "creationTimestamp"
  std::optional<Time> deletion_timestamp;                       // "deletionTimestamp"
  std::optional<std::int64_t> deletion_grace_period_seconds;    // "deletionGracePeriodSeconds"
  std::map<std::string, std::string> labels;
  std::map<std::string, std::string> annotations;
  std::vector<OwnerReference> owner_references;  // "ownerReferences"
  std::vector<std::string> finalizers;
  nlohmann::json managed_fields;  // "managedFields", kept as raw JSON (null when absent)

  friend bool operator==(const ObjectMeta&, const ObjectMeta&) = default;
};

// ListMeta: the metadata of a list response.
struct ListMeta {
  std::string resource_version;  // "resourceVersion"
  std::string continue_;         // "continue"
  std::optional<std::int64_t> remaining_item_count;  // "remainingItemCount"

  friend bool operator==(const ListMeta&, const ListMeta&) = default;
};

}  // namespace apimachinery::metav1
