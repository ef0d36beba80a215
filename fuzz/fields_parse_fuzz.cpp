// libFuzzer target for fields::ParseSelector.
//
// Properties checked on every input:
// - ParseSelector either returns or throws fields::ParseError (or a subclass); anything else escapes
//   and is reported as a crash; ASan/UBSan catch memory and UB errors;
// - String() is a fixed point after one normalisation: ParseSelector(String()) prints the same
//   text once the terms are in canonical sorted order;
// - Requirements, RequiresExactMatch and Matches work on a field set built from the requirements;
// - EscapeValue/UnescapeValue round-trip the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "apimachinery/fields/fields.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fields = apimachinery::fields;
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  if (fields::UnescapeValue(fields::EscapeValue(input)) != input) std::abort();

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
