// Package dynamic (umbrella header): client-go's dynamic client interface.
//
//   interface.hpp  Interface (get, list, watch, create, update, patch, delete of any resource as
//                  JSON), ResponseShape
//
// Implementations: testing::FakeAPIServer (Dynamic()); the HTTP client will be another.
#pragma once

#include "apimachinery/dynamic/interface.hpp"
