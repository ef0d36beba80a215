#include "apimachinery/util/json/string_pool.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

// Everything below is file-local: a package's test files are compiled as one unit.
namespace util_json_string_pool_test {

using apimachinery::util::json::StringPool;

TEST_CASE("StringPool: one id per distinct string, against a map model", "[util][json][intern]") {
  StringPool pool;
  std::map<std::string, std::uint32_t> model;
  std::mt19937 rng(42);
  for (int i = 0; i < 20000; ++i) {
    // Lengths 0-128 over a small alphabet: many repeats, several chunks of bytes.
    std::string s(std::uniform_int_distribution<std::size_t>(0, 128)(rng), 'a');
    for (char& c : s) c = static_cast<char>('a' + std::uniform_int_distribution<int>(0, 3)(rng));
    if (i % 7 == 0) s.resize(s.size() % 3);  // short strings repeat most
    const std::uint32_t id = pool.Intern(s);
    REQUIRE(id != StringPool::kNone);
    REQUIRE(id < 0x80000000u);
    const auto [it, inserted] = model.emplace(s, id);
    if (!inserted) REQUIRE(it->second == id);
    REQUIRE(pool.View(id) == s);
  }
  CHECK(pool.Size() == model.size());
  for (const auto& [s, id] : model) CHECK(pool.View(id) == s);
  CHECK(pool.Bytes() > 16 * 1024);
  // Embedded NULs and every byte value are kept.
  const std::string bytes("\0\x01\xff\x80 z", 6);
  CHECK(pool.View(pool.Intern(bytes)) == bytes);
}

TEST_CASE("StringPool: limits", "[util][json][intern]") {
  CHECK_THROWS_AS(StringPool(StringPool::Options{.max_bytes = 1 << 20, .max_length = 256}),
                  std::invalid_argument);
  CHECK_THROWS_AS(StringPool(StringPool::Options{.max_bytes = (std::size_t{1} << 31) + 1, .max_length = 8}),
                  std::invalid_argument);
  StringPool max(StringPool::Options{.max_bytes = std::size_t{1} << 31, .max_length = 255});
  const std::string longest(255, 'x');
  CHECK(max.View(max.Intern(longest)) == longest);
  CHECK(max.Intern(std::string(256, 'x')) == StringPool::kNone);
  // No room at all.
  StringPool none(StringPool::Options{.max_bytes = 0, .max_length = 8});
  CHECK(none.Intern("a") == StringPool::kNone);
  CHECK(none.Size() == 0);
  // One chunk: strings are refused once it is full; the ones in it are still found.
  StringPool one(StringPool::Options{.max_bytes = 16 * 1024, .max_length = 255});
  std::vector<std::pair<std::string, std::uint32_t>> in;
  for (int i = 0;; ++i) {
    std::string s = std::to_string(i) + std::string(200, '.');
    const std::uint32_t id = one.Intern(s);
    if (id == StringPool::kNone) break;
    in.emplace_back(std::move(s), id);
  }
  CHECK(in.size() == 80);  // 10 of 202 bytes and 70 of 203 (with the length byte) fill 16,384
  for (const auto& [s, id] : in) CHECK(one.Intern(s) == id);
  // What still fits in the chunk's last bytes is taken; then nothing more.
  CHECK(one.Intern(std::string(100, 's')) != StringPool::kNone);
  CHECK(one.Intern(std::string(100, 't')) == StringPool::kNone);
}

TEST_CASE("StringPool: InternMany is Intern of each", "[util][json][intern]") {
  StringPool pool(StringPool::Options{.max_bytes = 1 << 20, .max_length = 3});
  const std::vector<std::string_view> in{"a", "bb", "a", "long", "", "bb"};
  std::vector<std::uint32_t> ids(in.size());
  pool.InternMany(in, ids);
  CHECK(ids[0] == ids[2]);
  CHECK(ids[1] == ids[5]);
  CHECK(ids[3] == StringPool::kNone);
  CHECK(pool.View(ids[4]).empty());
  CHECK(pool.Intern("bb") == ids[1]);
  CHECK(pool.Size() == 3);
}

TEST_CASE("StringPool: concurrent interning agrees on every id", "[util][json][intern][threads]") {
  StringPool pool;
  constexpr int kThreads = 4;
  constexpr int kStrings = 3001;  // prime: every thread's order is a permutation
  std::vector<std::vector<std::uint32_t>> ids(kThreads, std::vector<std::uint32_t>(kStrings));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Every thread interns the same strings in its own order, reading each back at once.
      for (int k = 0; k < kStrings; ++k) {
        const int i = (k * (2 * t + 1) + t * 977) % kStrings;
        const std::string s = "s-" + std::to_string(i) + std::string(static_cast<std::size_t>(i % 90), '#');
        const std::uint32_t id = pool.Intern(s);
        ids[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] = id;
        if (pool.View(id) != s)
          ids[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] = StringPool::kNone;
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(pool.Size() == static_cast<std::size_t>(kStrings));
  for (int t = 1; t < kThreads; ++t) CHECK(ids[static_cast<std::size_t>(t)] == ids[0]);
  for (std::uint32_t id : ids[0]) CHECK(id != StringPool::kNone);
}

}  // namespace util_json_string_pool_test
