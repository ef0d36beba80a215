// field: the umbrella of k8s.io/apimachinery/pkg/util/validation/field (field::Path, field::Error,
// field::ErrorList, ToAggregate). See path.hpp and errors.hpp.
#pragma once

#include "apimachinery/util/validation/field/errors.hpp"
#include "apimachinery/util/validation/field/path.hpp"
