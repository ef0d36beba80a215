// libFuzzer target for labels::Parse.
//
// Properties checked on every input:
// - Parse either returns or throws labels::ParseError (any other exception escapes and is reported
//   by libFuzzer as a crash; ASan/UBSan catch memory and UB errors);
// - the canonical String() parses back to an equal selector (round trip);
// - Matches, RequiresExactMatch and Requirements work on the result, against label sets built from
//   its own requirements (through both the Set and the Labels-concept overloads).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "apimachinery/labels/labels.hpp"

namespace {

struct View {
  const apimachinery::labels::Set* set;
  bool Has(const std::string& k) const { return set->count(k) != 0; }
  std::string_view Get(const std::string& k) const { return set->at(k); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace labels = apimachinery::labels;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  labels::Selector sel;
  try {
    sel = labels::Parse(input);
  } catch (const labels::ParseError&) {
    return 0;
  }
  const std::string canonical = sel.String();
  labels::Selector again;
  try {
    again = labels::Parse(canonical);
  } catch (const labels::ParseError&) {
    std::abort();  // the canonical form must parse
  }
  if (!(again == sel) || again.String() != canonical) std::abort();

  labels::Set with_values;
  labels::Set empty_values;
  for (const auto& r : sel.Requirements()) {
    const auto& vals = r.ValuesUnsorted();
    with_values[r.Key()] = vals.empty() ? std::string() : vals.front();
    empty_values[r.Key()] = "";
    (void)sel.RequiresExactMatch(r.Key());
  }
  for (const labels::Set* s : {&with_values, &empty_values}) {
    const bool a = sel.Matches(*s);
    const bool b = sel.Matches(View{s});
    if (a != b) std::abort();
  }
  (void)sel.Matches(labels::Set{});
  return 0;
}
