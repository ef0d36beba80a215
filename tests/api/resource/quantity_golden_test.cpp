// Tests for api/resource/quantity.hpp against answers printed by Go (k8s.io/apimachinery v0.37.2,
// testdata/resource/gen): 2,500 texts through ParseQuantity (the strings of upstream's
// quantity_test.go, every number × suffix pair of a grid, random texts over the quantity
// alphabet, 19+ digit numbers with exponents up to ±10,000 and the int32-wrapping exponents) and
// 588 pairs through Add, Sub, Cmp, Mul, Neg and RoundUp.
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/api/resource/quantity.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace api_resource_quantity_golden_test {

namespace resource = apimachinery::resource;

std::vector<std::vector<std::string>> ReadTable(const std::string& name) {
  std::ifstream in(std::string(APIMACHINERY_TESTDATA_DIR) + "/resource/" + name);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::size_t start = 0;
    for (;;) {
      const std::size_t tab = line.find('\t', start);
      cols.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(std::move(cols));
  }
  return rows;
}

std::string Bits(double f) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &f, sizeof bits);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(bits));
  return buf;
}

TEST_CASE("ParseQuantity matches Go on the golden table", "[resource][quantity][golden]") {
  const auto rows = ReadTable("quantity_parse.tsv");
  REQUIRE(rows.size() > 2000);
  std::size_t errors = 0;
  for (const auto& row : rows) {
    INFO("input: '" << row[0] << "'");
    if (row[1] == "ERR") {
      ++errors;
      REQUIRE(row.size() == 3);
      try {
        (void)resource::ParseQuantity(row[0]);
        FAIL("no error");
      } catch (const resource::ParseError& e) {
        const char* kind = e.kind == resource::ParseError::Kind::Numeric  ? "numeric"
                           : e.kind == resource::ParseError::Kind::Suffix ? "suffix"
                                                                          : "format";
        CHECK(kind == row[2]);
      }
      continue;
    }
    REQUIRE(row.size() == 11);
    const resource::Quantity q = resource::ParseQuantity(row[0]);
    CHECK(q.String() == row[1]);
    CHECK(String(q.format) == row[2]);
    CHECK(std::to_string(q.Value()) == row[3]);
    CHECK(std::to_string(q.MilliValue()) == row[4]);
    CHECK(std::to_string(q.ScaledValue(resource::Nano)) == row[5]);
    CHECK(std::to_string(q.ScaledValue(resource::Kilo)) == row[6]);
    const auto i = q.AsInt64();
    CHECK((i ? "true" : "false") == row[7]);
    CHECK(std::to_string(i.value_or(0)) == row[8]);
    CHECK(std::to_string(q.Sign()) == row[9]);
    CHECK(Bits(q.AsApproximateFloat64()) == row[10]);
    // The canonical text is a fixed point (for BinarySI from the second print on: a value that is no
    // multiple of 1024 prints as digits that parse as DecimalSI) and parses back to an equal quantity, except
    // where upstream has no DecimalSI suffix for the exponent (10^21 and up print as bare digits).
    const resource::Quantity again = resource::ParseQuantity(q.String());
    if (q.format != resource::BinarySI) CHECK(again.String() == q.String());
    CHECK(resource::ParseQuantity(again.String()).String() == again.String());
    if (again != q) {
      CHECK(q.format == resource::DecimalSI);
      CHECK(q.Cmp(resource::MustParse("1e21")) * q.Sign() >= 0);
      resource::Quantity absQ = q;
      if (absQ.Sign() < 0) absQ.Neg();
      CHECK(absQ >= resource::MustParse("1e21"));
    }
  }
  CHECK(errors > 500);
}

TEST_CASE("Quantity arithmetic matches Go on the golden table", "[resource][quantity][golden]") {
  const auto rows = ReadTable("quantity_arith.tsv");
  REQUIRE(rows.size() > 500);
  for (const auto& row : rows) {
    REQUIRE(row.size() == 14);
    INFO("a: " << row[0] << " b: " << row[1]);
    const resource::Quantity a = resource::MustParse(row[0]);
    const resource::Quantity b = resource::MustParse(row[1]);
    resource::Quantity sum = a;
    sum.Add(b);
    CHECK(sum.String() == row[2]);
    resource::Quantity diff = a;
    diff.Sub(b);
    CHECK(diff.String() == row[3]);
    CHECK(std::to_string(a.Cmp(b)) == row[4]);
    resource::Quantity prod = a;
    const bool exact = prod.Mul(3);
    CHECK(prod.String() == row[5]);
    CHECK((exact ? "true" : "false") == row[6]);
    resource::Quantity neg = a;
    neg.Neg();
    CHECK(neg.String() == row[7]);
    resource::Quantity r = a;
    const bool rexact = r.RoundUp(resource::Kilo);
    CHECK(r.String() == row[8]);
    CHECK((rexact ? "true" : "false") == row[9]);
    resource::Quantity r2 = a;
    const bool r2exact = r2.RoundUp(resource::Milli);
    CHECK(r2.String() == row[10]);
    CHECK((r2exact ? "true" : "false") == row[11]);
    CHECK(String(sum.format) == row[12]);
    CHECK(String(diff.format) == row[13]);
    // Properties: a + b - b == a, a - b == -(b - a), Cmp antisymmetric.
    resource::Quantity back = sum;
    back.Sub(b);
    CHECK(back == a);
    CHECK(b.Cmp(a) == -a.Cmp(b));
  }
}

}  // namespace api_resource_quantity_golden_test
