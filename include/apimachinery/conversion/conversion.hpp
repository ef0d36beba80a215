// Package conversion (umbrella header): the Converter that maps values of one C++ type to another
// through registered functions (k8s.io/apimachinery/pkg/conversion).
//
// - converter.hpp: conversion::Converter, conversion::Scope, conversion::Meta,
//   conversion::ConversionFuncs, UnknownConversionError. Ignored > manual > generated, no
//   reflective fallback (as upstream); optional shortest-chain conversion (beyond upstream).
// - fields.hpp: APIMACHINERY_FIELDS(Type, members...) field lists, from which AutoConvert derives
//   same-name field-by-field conversions (what Go's conversion-gen generates), registered as
//   *generated* functions so that a manual function for the same pair still wins; also a
//   field-by-field diff used by the round-trip checker.
//
// Differences from upstream: functions throw instead of returning errors; "must be a pointer"
// checks are compile-time; type names are C++ names (util::TypeId::name()).
// Thread-safety: register first; concurrent const use (Convert) is safe afterwards.
#pragma once

#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/conversion/fields.hpp"
