// Package runtime (umbrella header): the object model, unstructured objects and (from the scheme
// work) the Scheme and codecs. Port of k8s.io/apimachinery/pkg/runtime plus
// pkg/apis/meta/v1/unstructured.
//
// Differences from upstream (unstructured part): see runtime/unstructured.hpp and
// runtime/unstructured_helpers.hpp. Other headers append their includes below.
#pragma once

#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured_helpers.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/runtime/unstructured_converter.hpp"
