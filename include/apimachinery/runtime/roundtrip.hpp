// Forwarding header: the round-trip checker moved to package testing (testing/roundtrip.hpp,
// namespace apimachinery::testing), out of the runtime.hpp umbrella. This header keeps the old
// include path and the old spellings runtime::CheckRoundTrip, runtime::RoundTripDifference and
// runtime::RoundTripError compiling; new code includes "apimachinery/testing/testing.hpp".
// It is not part of package runtime (no runtime header includes it; see docs/design/packages.md).
#pragma once

#include "apimachinery/testing/roundtrip.hpp"

namespace apimachinery::runtime {

using testing::CheckRoundTrip;
using testing::RoundTripDifference;
using testing::RoundTripError;

}  // namespace apimachinery::runtime
