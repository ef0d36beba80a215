// Package metav1 (umbrella header): k8s.io/apimachinery/pkg/apis/meta/v1.
//
// The types every Kubernetes object shares: TypeMeta, ObjectMeta, ListMeta, OwnerReference
// (types.hpp), Time (time.hpp), Status (status.hpp), PartialObjectMetadata(List)
// (partial_object_metadata.hpp), with their JSON wire form. Namespace apimachinery::metav1.
//
// Differences from upstream:
// - Go's types.go is split: the metadata structs stay in types.hpp (they depend on nothing of
//   runtime), the runtime objects (Status, PartialObjectMetadata) get their own headers because they
//   derive from runtime::ObjectBase (runtime/interfaces.hpp, the layer of runtime below metav1; see
//   docs/design/packages.md). wire_meta.hpp is the lossless metadata split runtime::Unstructured
//   keeps.
// - JSON decoding is checked and throws metav1::DecodeError (decode_error.hpp) with Go's
//   encoding/json texts; ObjectMeta and ListMeta keep unknown keys in `unknown_fields`.
// - Time has second precision (see time.hpp); MicroTime (micro_time.hpp) microseconds.
// - Also here: Duration (duration.hpp), LabelSelector and Condition (types.hpp) with the
//   label-selector helpers (helpers.hpp: LabelSelectorAsSelector, ...), controller references
//   (controller_ref.hpp: NewControllerRef, GetControllerOf, IsControlledBy).
// - Unstructured lives in runtime/unstructured.hpp (namespace runtime), the pkg/api/errors family
//   in api/errors/errors.hpp (namespace errors).
#pragma once

#include "apimachinery/apis/meta/v1/controller_ref.hpp"
#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/duration.hpp"
#include "apimachinery/apis/meta/v1/helpers.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/micro_time.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/apis/meta/v1/wire_meta.hpp"
