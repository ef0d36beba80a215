// Package testing (umbrella header): utilities for testing code built on apimachinery-cpp, in the
// spirit of k8s.io/apimachinery/pkg/api/apitesting. Namespace apimachinery::testing.
//
// Include it from tests only: no package of the library depends on it, and the main umbrella
// apimachinery.hpp does not include it (a test utility is its own include, so a program that
// does not test conversions does not compile it).
//
// See roundtrip.hpp (CheckRoundTrip, RoundTripDifference, RoundTripError) and fake_apiserver.hpp
// (FakeAPIServer: an in-memory API server with fault injection).
#pragma once

#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/testing/roundtrip.hpp"
