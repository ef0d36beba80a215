// Package resource (umbrella): Quantity, the fixed-point amounts of CPU, memory and storage.
//
// Port of k8s.io/apimachinery/pkg/api/resource (quantity.go, amount.go, math.go, scale_int.go,
// suffix.go). See quantity.hpp.
#pragma once

#include "apimachinery/api/resource/quantity.hpp"
