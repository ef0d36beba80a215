// Package runtime (umbrella header): the object model, unstructured objects and (from the scheme
// work) the Scheme and codecs. Port of k8s.io/apimachinery/pkg/runtime plus
// pkg/apis/meta/v1/unstructured.
//
// Differences from upstream (unstructured part): see runtime/unstructured.hpp and
// runtime/unstructured_helpers.hpp. The round-trip checker is a test utility in package testing
// (testing/testing.hpp), not included here.
#pragma once

#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/runtime/unstructured_converter.hpp"
#include "apimachinery/runtime/unstructured_helpers.hpp"

// Scheme, versioners, errors, codec (see each header's top comment).
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/group_versioner.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/scheme_restmapper.hpp"

// RawExtension (embedded objects as raw JSON).
#include "apimachinery/runtime/extension.hpp"
