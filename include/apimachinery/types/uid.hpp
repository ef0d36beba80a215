// types::UID: the unique identifier the API server assigns to every object (a UUID in text form).
//
// Port of k8s.io/apimachinery/pkg/types uid.go (`type UID string`).
//
// Differences from upstream: an alias of std::string rather than a distinct type, so that it is
// interchangeable with the std::string `uid` members of metav1::ObjectMeta and
// metav1::OwnerReference; comparison, hashing (std::hash<std::string>), printing and JSON are
// std::string's, which is what Go's named string type gives too.
#pragma once

#include <string>

namespace apimachinery::types {

using UID = std::string;

}  // namespace apimachinery::types
