// util::json::Scanner: Go's encoding/json scanner state machine, byte by byte; the one
// Go-compatible JSON scanner of the library.
//
// Example:
//   std::string_view text = R"({"a": [1, 2]})";
//   util::json::Scanner s;
//   for (char c : text) {
//     if (s.Step(static_cast<unsigned char>(c)) == util::json::ScanCode::kError) {
//       throw util::json::SyntaxError(s.Error());   // `invalid character ...`
//     }
//   }
//
// A port of $GOROOT/src/encoding/json/scanner.go (scanner.reset, scanner.step and the state
// functions stateBeginValue ... stateNul, pushParseState's maxNestingDepth, quoteChar): the same
// states, the same result codes and the same SyntaxError texts (`invalid character 'x' looking
// for beginning of value`, `invalid character '[' exceeded max depth`). The watch stream framer
// (watch/decoder.hpp) drives it as json.Decoder.readValue (stream.go) does; util::json::Parse
// (json.hpp) shares its depth limit, its whitespace set and SanitizeStrings.
//
// CheckValid: checkValid / json.Valid over a whole text. SanitizeStrings: the string contents Go's
// decoder would replace (decode.go: unquoteBytes) made valid for nlohmann.
//
// Throws: Step, Eof, Reset and the accessors throw nothing but std::bad_alloc (the nesting stack
// and the error text); an error is a ScanCode::kError with its text in Error(). CheckValid and
// SanitizeStrings throw std::bad_alloc.
// Cost: Step is a switch per byte; no allocation except the nesting stack (one byte per open
// container) and an error text. SanitizeStrings is one pass and one copy.
// Thread-safety: a Scanner is not thread-safe (one per stream); SanitizeStrings is pure.
// Differences from upstream: the scanner does not keep the bytes (Go's scanner does not either;
// its callers do); Step reports a character after the top-level value on the call after it
// (scanner.go's stateEndTop sets the error and returns scanEnd the same way). Also Go's
// surrogate handling is a side channel here (TakeSurrogateEscape) so the framer knows when a
// value needs SanitizeStrings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/config.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/utf8.hpp"

namespace apimachinery::util::json {

// ScanCode: scanner.go's scanContinue ... scanError.
enum class ScanCode : std::uint8_t {
  kContinue,
  kBeginLiteral,
  kBeginObject,
  kObjectKey,
  kObjectValue,
  kEndObject,
  kBeginArray,
  kArrayValue,
  kEndArray,
  kSkipSpace,
  kEnd,
  kError,
};

// kMaxNestingDepth: the deepest nesting of objects and arrays the Scanner and Parse accept
// (scanner.go's maxNestingDepth).
inline constexpr int kMaxNestingDepth = 10000;

class Scanner {
 public:
  enum class ParseState : std::uint8_t { kObjectKey, kObjectValue, kArrayValue };

  // Reset: scanner.reset (a new top-level value).
  APIMACHINERY_DECL void Reset() noexcept;

  // Step: scanner.step(c).
  APIMACHINERY_DECL ScanCode Step(unsigned char c);

  // Eof: scanner.eof: the input ended. kEnd when a complete top-level value was scanned, else
  // kError with Error() set (`unexpected end of JSON input`, or the error a final space causes:
  // `invalid character ' ' in numeric literal` for `-`, as Go).
  APIMACHINERY_DECL ScanCode Eof();

  // InString: the scanner is inside a string literal, outside an escape (the framer's fast path
  // may skip bytes other than '"', '\\' and control characters there).
  APIMACHINERY_DECL bool InString() const noexcept;
  // Depth: the number of open objects and arrays.
  APIMACHINERY_DECL std::size_t Depth() const noexcept;
  // Top: the innermost open container's state (Depth() > 0).
  APIMACHINERY_DECL ParseState Top() const noexcept;
  // Error: the SyntaxError text after ScanCode::kError.
  APIMACHINERY_DECL const std::string& Error() const noexcept;
  // TakeSurrogateEscape: whether a \u escape in [D800, DFFF] was seen since the last call.
  APIMACHINERY_DECL bool TakeSurrogateEscape() noexcept;

  // QuoteChar: scanner.go's quoteChar (the byte as a rune, in single quotes, strconv-escaped).
  APIMACHINERY_DECL static std::string QuoteChar(unsigned char c);

  APIMACHINERY_DECL static bool IsSpace(unsigned char c) noexcept;

 private:
  enum class State : std::uint8_t {
    kBeginValue,
    kBeginValueOrEmpty,
    kBeginStringOrEmpty,
    kBeginString,
    kEndValue,
    kEndTop,
    kInString,
    kInStringEsc,
    kInStringEscU,  // kInStringEscU..kInStringEscU123 are consecutive
    kInStringEscU1,
    kInStringEscU12,
    kInStringEscU123,
    kNeg,
    k1,
    k0,
    kDot,
    kDot0,
    kE,
    kESign,
    kE0,
    kT,
    kTr,
    kTru,
    kF,
    kFa,
    kFal,
    kFals,
    kN,
    kNu,
    kNul,
    kError,
  };

  APIMACHINERY_DECL static int HexValue(unsigned char c) noexcept;

  APIMACHINERY_DECL ScanCode Expect(unsigned char c, unsigned char want, State next,
                                    std::string_view context);

  APIMACHINERY_DECL ScanCode Push(unsigned char c, ParseState ps, ScanCode success);

  APIMACHINERY_DECL void Pop() noexcept;

  APIMACHINERY_DECL ScanCode Fail(unsigned char c, std::string_view context);

  State step_ = State::kBeginValue;
  std::vector<ParseState> parse_;
  bool end_top_ = false;
  bool surrogate_escape_ = false;
  std::uint32_t escape_ = 0;
  std::string err_;
};

// CheckValid: scanner.go's checkValid: the SyntaxError text of the first error in `data` as one
// JSON value (surrounded by optional whitespace), or the empty string when it is valid
// (json.Valid). Cost: one Step per byte.
APIMACHINERY_DECL std::string CheckValid(std::string_view data);

// SanitizeStrings: the JSON text `in` with the string contents Go's
// decoder would replace made valid for nlohmann: every invalid UTF-8 byte becomes U+FFFD, and
// every \u escape of a surrogate that is not half of a valid pair becomes \ufffd (Go's
// encoding/json decode.go: unquoteBytes). Cost: one pass, one copy.
APIMACHINERY_DECL std::string SanitizeStrings(std::string_view in);

}  // namespace apimachinery::util::json

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/json/impl/scanner.ipp"
#endif
