// libFuzzer target for resource::ParseQuantity (api/resource/quantity.hpp).
//
// Properties checked on every input:
// - ParseQuantity either returns or throws resource::ParseError (any other exception escapes and is
//   reported by libFuzzer as a crash; ASan/UBSan catch memory errors and undefined behaviour, the
//   signed overflows upstream's Go arithmetic wraps included);
// - String() parses, and from there printing is a fixed point: parse(String()).String() parses to
//   a quantity printing the same text. (String() itself is not always one, upstream neither: a
//   BinarySI value that is no multiple of 1024 prints as bare digits, "214748364812.5Ki" as
//   "219902325568000", which parses as DecimalSI and prints "219902325568k".)
// - the canonical text parses back to an equal quantity (==, hash), except where upstream itself
//   prints a DecimalSI value of 10^21 or more without a suffix (no suffix exists for the exponent;
//   quantity_test.cpp has the cases) — then the value must be that large — and except where
//   upstream's int32 exponent arithmetic wraps (a canonical exponent of ten or more digits);
// - JSON (the canonical string) round-trips; Add then Sub of the re-parsed value gives the value
//   back (or throws RangeError when the exact sum needs more than a million digits); Neg twice is the
//   identity; the accessors (Value, MilliValue, ScaledValue, AsInt64, AsApproximateFloat64, RoundUp) do not
//   fail.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/api/resource/resource.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace resource = apimachinery::resource;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  resource::Quantity q;
  try {
    q = resource::ParseQuantity(input);
  } catch (const resource::ParseError&) {
    return 0;
  }
  const std::string canonical = q.String();
  resource::Quantity again;
  try {
    again = resource::ParseQuantity(canonical);
  } catch (const resource::ParseError&) {
    std::abort();  // the canonical form must parse
  }
  const std::string second = again.String();
  try {
    if (resource::ParseQuantity(second).String() != second) std::abort();
  } catch (const resource::ParseError&) {
    std::abort();
  }
  // Upstream's exponent arithmetic is int32 and wraps: "7000.0E2147483648" prints as
  // "70e-2147483646" (Go too), which parses as 1e-9. Such canonical texts carry an exponent of at
  // least ten digits.
  const std::size_t e = canonical.find_first_of("eE");
  const bool wrapped = e != std::string::npos && canonical.size() - e > 10;
  if (second != canonical && q.format != resource::BinarySI && !wrapped) std::abort();
  if (again == q) {
    if (std::hash<resource::Quantity>{}(again) != std::hash<resource::Quantity>{}(q)) std::abort();
  } else if (!wrapped) {
    resource::Quantity magnitude = q;
    if (magnitude.Sign() < 0) magnitude.Neg();
    if (q.format != resource::DecimalSI || magnitude < resource::ParseQuantity("1e21")) std::abort();
  }

  const nlohmann::json j = q;
  if (!j.is_string() || j.get_ref<const std::string&>() != canonical) std::abort();
  const auto decoded = j.get<resource::Quantity>();  // what ParseQuantity(canonical) gave
  if (decoded != again || decoded.String() != second) std::abort();

  try {
    resource::Quantity sum = q;
    sum.Add(again);
    sum.Sub(again);
    if (sum != q) std::abort();
  } catch (const resource::RangeError&) {
    // an exact sum of more than a million digits (wrapped exponents); upstream computes for hours
  }
  resource::Quantity neg = q;
  neg.Neg();
  if (neg.Sign() != -q.Sign()) std::abort();
  neg.Neg();
  if (neg != q) std::abort();

  const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  volatile std::uint64_t sink = u(q.Value()) + u(q.MilliValue()) + u(q.ScaledValue(resource::Nano)) +
                                u(q.ScaledValue(resource::Exa)) + u(q.AsInt64().value_or(0));
  volatile double fsink = q.AsApproximateFloat64();
  (void)sink;
  (void)fsink;
  resource::Quantity rounded = q;
  rounded.RoundUp(resource::Kilo);
  if (q.Sign() >= 0 ? rounded < q : rounded > q) std::abort();  // away from zero
  return 0;
}
