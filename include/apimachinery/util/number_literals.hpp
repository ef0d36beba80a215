// util::NumberLiterals: the literal text of the numbers of a parsed JSON document whose value does
// not say how they were written.
//
// Example:
//   util::json::ParseRecord record;
//   nlohmann::json doc = util::json::Parse(R"({"a":1.50,"b":-0,"c":0})", record);
//   *record.literals.Find(doc["a"]);  // "1.50"
//   *record.literals.Find(doc["b"]);  // "-0"
//   record.literals.Find(doc["c"]);   // nullptr: an unsigned 0 reads back as written
//
// Which numbers: every float (`1.50`, `1e2`, `-0.0`, and an integer beyond 64 bits such as
// `18446744073709551616`, which nlohmann holds as a float) and the integer `-0` (nlohmann holds it
// as the signed integer 0, where `0` is unsigned). Go's decoder names a number it refuses by its
// literal (encoding/json/decode.go: literalStore, `json: cannot unmarshal number 1.50 into ...`)
// and refuses `-0` for an unsigned field (strconv.ParseUint); the checked reader
// (util/internal/json_read.hpp: ReadValue, TypeErrorValue) reads them from here.
// util::json::Parse(data, record) (util/json/json.hpp) fills the table; a node is found by its
// address, so the table describes that document as long as the document is neither destroyed nor
// changed in place (moving the whole document is fine; a number at the root is not recorded, as
// its address changes when Parse returns it).
//
// Throws: Set: std::bad_alloc. Cost: one hash-table entry and one string per recorded number
// (Kubernetes objects have few floats); Find is one lookup, skipped when the table is empty.
// Thread-safety: as a standard container. Differences from upstream: Go's decoder reads the text
// itself and needs no table.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"

namespace apimachinery::util {

class NumberLiterals {
 public:
  // The literal of `v` when `v` is a recorded number, else nullptr.
  APIMACHINERY_DECL const std::string* Find(const nlohmann::json& v) const;
  APIMACHINERY_DECL bool empty() const noexcept;
  APIMACHINERY_DECL std::size_t size() const noexcept;

  // Records `literal` for the node `v` (replacing an earlier one).
  APIMACHINERY_DECL void Set(const nlohmann::json& v, std::string literal);
  // Forgets the node `v` (a value that is about to be replaced).
  APIMACHINERY_DECL void Erase(const nlohmann::json& v);
  APIMACHINERY_DECL void Clear() noexcept;

 private:
  std::unordered_map<const nlohmann::json*, std::string> by_node_;
};

}  // namespace apimachinery::util

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/impl/number_literals.ipp"
#endif
