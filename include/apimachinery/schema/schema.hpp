// Package schema: the identity types of the Kubernetes type system.
//
// Port of k8s.io/apimachinery/pkg/runtime/schema. GroupVersion, GroupKind, GroupResource,
// GroupVersionKind and GroupVersionResource with upstream's parsing and printing rules.
//
// Differences from upstream:
// - Go's `(*full, partial)` results of ParseResourceArg/ParseKindArg become
//   `std::pair<std::optional<full>, partial>`.
// - KindForGroupVersionKinds returns std::optional instead of `(gvk, ok)`.
#pragma once

#include "apimachinery/schema/group_version.hpp"
