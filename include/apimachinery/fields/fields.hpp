// Package fields (umbrella header): field sets and field selectors (k8s.io/apimachinery/pkg/fields).
//
// Example:
//   auto sel = apimachinery::fields::ParseSelector("metadata.name=web-0,status.phase!=Failed");
//   bool ok = sel.Matches(apimachinery::fields::Set{{"metadata.name", "web-0"}});
//
// See field_set.hpp (Set, the Fields concept) and selector.hpp (Selector, ParseSelector, escaping).
// Throws and thread-safety are documented in each header.
#pragma once

#include "apimachinery/fields/field_set.hpp"
#include "apimachinery/fields/selector.hpp"
