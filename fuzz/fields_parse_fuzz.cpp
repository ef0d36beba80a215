// libFuzzer target for fields::ParseSelector.
//
// Properties checked on every input:
// - ParseSelector either returns or throws fields::ParseError (or a subclass); anything else escapes
//   and is reported as a crash; ASan/UBSan catch memory and UB errors;
// - String() is a fixed point after one normalisation: ParseSelector(String()) prints the same
//   text once the terms are in canonical sorted order;
// - Requirements, RequiresExactMatch and Matches work on a field set built from the requirements;
// - EscapeValue/UnescapeValue round-trip the input (after U+FFFD normalisation of invalid UTF-8).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "apimachinery/fields/fields.hpp"
#include "apimachinery/util/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fields = apimachinery::fields;
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  // Go's UnescapeValue decodes runes once the value holds an escape, turning invalid UTF-8 bytes
  // into U+FFFD, so the round trip is exact only for valid UTF-8 (first fuzz finding, kept as a
  // regression test in tests/fields).
  bool valid_utf8 = true;
  for (std::size_t i = 0; i < input.size();) {
    const auto d = apimachinery::util::DecodeRune(input.substr(i));
    if (d.rune == 0xFFFD && d.width == 1) valid_utf8 = false;
    i += d.width;
  }
  const std::string round_trip = fields::UnescapeValue(fields::EscapeValue(input));
  if (valid_utf8 && round_trip != input) std::abort();
  if (fields::UnescapeValue(fields::EscapeValue(round_trip)) != round_trip) std::abort();

  fields::Selector sel;
  try {
    sel = fields::ParseSelector(input);
  } catch (const fields::ParseError&) {
    return 0;
  }
  std::string p2;
  try {
    p2 = fields::ParseSelector(sel.String()).String();
    if (fields::ParseSelector(p2).String() != p2) std::abort();
  } catch (const fields::ParseError&) {
    std::abort();  // a printed selector must parse
  }

  fields::Set set;
  for (const auto& r : sel.Requirements()) {
    set[r.field] = r.value;
    (void)sel.RequiresExactMatch(r.field);
  }
  (void)sel.Matches(set);
  (void)sel.Matches(fields::Set{});
  (void)sel.Empty();
  return 0;
}
