#include "apimachinery/util/fast_hash.hpp"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>

#include <catch2/catch.hpp>
#include <fmt/format.h>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_fast_hash_test {

namespace util = apimachinery::util;

// Every length the word-wise code paths distinguish (0, 1-3, 4-7, 8-16, > 16, several rounds).
constexpr std::size_t kMaxLength = 48;

std::string Text(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(static_cast<char>('a' + (i * 7) % 26));
  return s;
}

TEST_CASE("KeyEquals agrees with operator== at every length and differing position", "[util][hash]") {
  for (std::size_t n = 0; n <= kMaxLength; ++n) {
    const std::string a = Text(n);
    std::string b = a;  // another buffer, same bytes
    CHECK(util::KeyEquals(a, b));
    for (std::size_t i = 0; i < n; ++i) {
      std::string c = a;
      c[i] = static_cast<char>(c[i] ^ 0x20);
      INFO("length " << n << ", byte " << i);
      CHECK_FALSE(util::KeyEquals(a, c));
      CHECK_FALSE(util::KeyEquals(c, a));
    }
    if (n > 0) {
      CHECK_FALSE(util::KeyEquals(a, std::string_view(a).substr(0, n - 1)));
    }
  }
  // Embedded NUL bytes are ordinary bytes.
  CHECK_FALSE(util::KeyEquals(std::string_view("a\0b", 3), std::string_view("a\0c", 3)));
  CHECK(util::KeyEquals(std::string_view("a\0b", 3), std::string_view("a\0b", 3)));
}

TEST_CASE("FastHash depends on content only, and on every byte", "[util][hash]") {
  for (std::size_t n = 0; n <= kMaxLength; ++n) {
    const std::string a = Text(n);
    // The same bytes at another (unaligned) address hash the same.
    const std::string padded = "x" + a;
    CHECK(util::FastHash(a) == util::FastHash(std::string_view(padded).substr(1)));
    std::set<std::uint64_t> seen{util::FastHash(a)};
    for (std::size_t i = 0; i < n; ++i) {
      std::string c = a;
      c[i] = static_cast<char>(c[i] ^ 0x01);
      INFO("length " << n << ", byte " << i);
      CHECK(seen.insert(util::FastHash(c)).second);  // one-bit changes never collide here
    }
  }
  // The length is part of the hash: a prefix padded with NUL bytes is another key.
  CHECK(util::FastHash(std::string_view("ab", 2)) != util::FastHash(std::string_view("ab\0", 3)));
  CHECK(util::FastHash("web", 1) != util::FastHash("web"));  // the seed changes the hash
}

TEST_CASE("FastHash spreads object keys over the upper 32 bits the tables use", "[util][hash]") {
  // 100,000 keys shaped like the cache's "namespace/name": the full hashes are distinct and the
  // 32-bit tags collide about as often as random values would (n^2 / 2^33: ~1.2 expected).
  std::unordered_set<std::uint64_t> full;
  std::unordered_set<std::uint32_t> tags;
  std::size_t tag_collisions = 0;
  for (int i = 0; i < 100000; ++i) {
    const std::string key = fmt::format("namespace-{:02d}/pod-{:07d}", i % 50, i);
    const std::uint64_t h = util::FastHash(key);
    CHECK(full.insert(h).second);
    if (!tags.insert(static_cast<std::uint32_t>(h >> 32)).second) ++tag_collisions;
  }
  CHECK(tag_collisions <= 10);
}

}  // namespace util_fast_hash_test
