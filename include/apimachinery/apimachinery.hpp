// apimachinery-cpp: Kubernetes' type system and client-side caching for C++20.
//
// The one include of the public API: the umbrella header of every package (util's headers come
// with the packages that use them), testing's FakeAPIServer and round-trip checker included, so
// that a test needs this one include. Needs only the standard library, nlohmann_json and fmt.
// Packages depend downward only (a partial order: the package graph is in README.md, the rules in
// docs/design/packages.md); no library package depends on testing.
#pragma once

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/api/resource/resource.hpp"
#include "apimachinery/apis/meta/v1/v1.hpp"
#include "apimachinery/cache/cache.hpp"
#include "apimachinery/conversion/conversion.hpp"
#include "apimachinery/ctrl/ctrl.hpp"
#include "apimachinery/discovery/discovery.hpp"
#include "apimachinery/dynamic/dynamic.hpp"
#include "apimachinery/dynamicinformer/dynamicinformer.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/fields/fields.hpp"
#include "apimachinery/labels/labels.hpp"
#include "apimachinery/meta/meta.hpp"
#include "apimachinery/pager/pager.hpp"
#include "apimachinery/restmapper/restmapper.hpp"
#include "apimachinery/runtime/runtime.hpp"
#include "apimachinery/schema/schema.hpp"
#include "apimachinery/selection/selection.hpp"
#include "apimachinery/testing/testing.hpp"
#include "apimachinery/types/types.hpp"
#include "apimachinery/util/intstr/intstr.hpp"
#include "apimachinery/util/managedfields/managedfields.hpp"
#include "apimachinery/version.hpp"
#include "apimachinery/watch/watch.hpp"
#include "apimachinery/workqueue/workqueue.hpp"
