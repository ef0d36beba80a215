// Package types (umbrella header): k8s.io/apimachinery/pkg/types.
//
// NamespacedName (namespacedname.hpp) and UID (uid.hpp): the identifiers controllers key their
// work with. Namespace apimachinery::types.
#pragma once

#include "apimachinery/types/namespacedname.hpp"
#include "apimachinery/types/uid.hpp"
