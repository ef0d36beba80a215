// Definitions of the non-template functions declared in
// <apimachinery/testing/internal/fake_apiserver_util.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/testing/internal/fake_apiserver_util.hpp"

namespace apimachinery::testing::internal {

APIMACHINERY_DECL std::string Base64RawURLEncode(std::string_view data) {
  std::string out;
  out.reserve((data.size() * 4 + 2) / 3);
  std::size_t i = 0;
  for (; i + 3 <= data.size(); i += 3) {
    const std::uint32_t v = (static_cast<std::uint32_t>(static_cast<unsigned char>(data[i])) << 16) |
                            (static_cast<std::uint32_t>(static_cast<unsigned char>(data[i + 1])) << 8) |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(data[i + 2]));
    for (int s = 18; s >= 0; s -= 6) out.push_back(kBase64URLAlphabet[(v >> s) & 63U]);
  }
  const std::size_t rest = data.size() - i;
  if (rest > 0) {
    std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(data[i])) << 16;
    if (rest == 2) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[i + 1])) << 8;
    out.push_back(kBase64URLAlphabet[(v >> 18) & 63U]);
    out.push_back(kBase64URLAlphabet[(v >> 12) & 63U]);
    if (rest == 2) out.push_back(kBase64URLAlphabet[(v >> 6) & 63U]);
  }
  return out;
}

APIMACHINERY_DECL bool Base64RawURLDecode(std::string_view in, std::string& out, std::size_t& bad_byte) {
  out.clear();
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t pos = kBase64URLAlphabet.find(in[i]);
    if (pos == std::string_view::npos) {
      bad_byte = i;
      return false;
    }
    acc = (acc << 6) | static_cast<std::uint32_t>(pos);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFFU));
    }
  }
  // A trailing single character (6 bits) cannot encode a byte; trailing bits must be zero.
  if (in.size() % 4 == 1) {
    bad_byte = in.size() - 1;
    return false;
  }
  if (bits > 0 && (acc & ((1U << bits) - 1U)) != 0) {
    bad_byte = in.size() - 1;
    return false;
  }
  return true;
}

APIMACHINERY_DECL std::string SummarizeData(std::string_view data, std::size_t max_length) {
  if (data.empty()) return "<empty>";
  const bool cut = data.size() > max_length;
  std::string_view head = cut ? data.substr(0, max_length) : data;
  std::string out;
  if (data.front() == '{') {
    out = std::string(head);
  } else {
    for (char c : head) out += fmt::format("{:02x}", static_cast<unsigned char>(c));
  }
  if (cut) out += " ...";
  return out;
}

APIMACHINERY_DECL Random::Random(std::uint64_t seed) : rng_(seed) {}

APIMACHINERY_DECL std::string Random::String(std::size_t n) {
  static constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";
  std::string out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(kAlphanums[Below(kAlphanums.size())]);
  return out;
}

APIMACHINERY_DECL std::string Random::UUID() {
  std::array<unsigned char, 16> b{};
  for (auto& x : b) x = static_cast<unsigned char>(Below(256));
  b[6] = static_cast<unsigned char>((b[6] & 0x0FU) | 0x40U);
  b[8] = static_cast<unsigned char>((b[8] & 0x3FU) | 0x80U);
  std::string out;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    out += fmt::format("{:02x}", b[i]);
  }
  return out;
}

APIMACHINERY_DECL std::size_t Random::Below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }

}  // namespace apimachinery::testing::internal
