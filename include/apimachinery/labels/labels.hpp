// Package labels (umbrella header): label sets and label selectors
// (k8s.io/apimachinery/pkg/labels, plus the operators of pkg/selection).
//
// Example:
//   auto sel = apimachinery::labels::Parse("app=web,env in (prod,staging)");
//   bool ok = sel.Matches(apimachinery::labels::Set{{"app", "web"}, {"env", "prod"}});
//
// See label_set.hpp (Set and its helpers), selector.hpp (Requirement, Selector, Parse) and
// selection/selection.hpp (selection::Operator, package selection, included here). Throws and thread-safety
// are documented in each header.
#pragma once

#include "apimachinery/labels/label_set.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/selection/selection.hpp"
