// util/managedfields: server-side apply and managed-fields tracking (Go's
// k8s.io/apimachinery/pkg/util/managedfields and the sigs.k8s.io/structured-merge-diff packages it
// builds on: fieldpath, typed, merge). The umbrella of the package.
#pragma once

#include "apimachinery/util/managedfields/field_manager.hpp"
#include "apimachinery/util/managedfields/fieldpath.hpp"
#include "apimachinery/util/managedfields/typed.hpp"
