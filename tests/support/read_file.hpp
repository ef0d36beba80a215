// test_support::ReadFile: the bytes of a file (a testdata fixture); fails the test when the file
// cannot be opened, so a missing fixture is a failure, not an empty document.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace test_support {

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  INFO(p.string());
  REQUIRE(in.is_open());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace test_support
