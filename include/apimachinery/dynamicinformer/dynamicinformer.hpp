// Package dynamicinformer (umbrella header): client-go's dynamic/dynamicinformer.
//
//   informer.hpp  DynamicSharedInformerFactory, TweakListOptionsFunc, ListerWatcherFunc,
//                 FilteredListWatch, NewFilteredListWatch
//
// Throws, thread-safety and complexity are documented in each header.
#pragma once

#include "apimachinery/dynamicinformer/informer.hpp"
