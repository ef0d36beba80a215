// Forwarding header: selection::Operator moved to selection/selection.hpp (its own package, Go's
// k8s.io/apimachinery/pkg/selection). Kept so that existing includes keep compiling; new code
// includes "apimachinery/selection/selection.hpp".
#pragma once

#include "apimachinery/selection/selection.hpp"
