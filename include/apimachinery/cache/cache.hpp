// Package cache (umbrella header). Filled in by the work on this package.
#pragma once
