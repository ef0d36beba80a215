// apimachinery-cpp: Kubernetes' type system and client-side caching for C++20.
//
// The one include of the public API (API.md). Needs only the standard library, nlohmann_json and
// fmt. Packages depend downward only: schema <- meta, labels, fields <- runtime, conversion <-
// discovery, restmapper <- cache, workqueue.
#pragma once

#include "apimachinery/version.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/schema/schema.hpp"
#include "apimachinery/meta/meta.hpp"
#include "apimachinery/labels/labels.hpp"
#include "apimachinery/fields/fields.hpp"
#include "apimachinery/apis/meta/v1/v1.hpp"
#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/runtime/runtime.hpp"
#include "apimachinery/conversion/conversion.hpp"
#include "apimachinery/discovery/discovery.hpp"
#include "apimachinery/restmapper/restmapper.hpp"
#include "apimachinery/cache/cache.hpp"
#include "apimachinery/workqueue/workqueue.hpp"
