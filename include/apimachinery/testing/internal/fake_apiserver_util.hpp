// Helpers of testing::FakeAPIServer that users must not name: the continue token codec (base64
// RawURLEncoding of the JSON token, as k8s.io/apiserver/pkg/storage/continue.go: EncodeContinue,
// DecodeContinue), Go's hex summary of a request body (k8s.io/apiserver/pkg/endpoints/handlers/
// rest.go: summarizeData) and the random names (k8s.io/apiserver/pkg/storage/names/generate.go,
// k8s.io/apimachinery/pkg/util/rand: String).
//
// Thread-safety: pure functions; Random is not thread-safe (the server calls it under its lock).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace apimachinery::testing::internal {

inline constexpr std::string_view kBase64URLAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Base64RawURLEncode: Go's base64.RawURLEncoding.EncodeToString (no padding).
inline std::string Base64RawURLEncode(std::string_view data) {
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

// Base64RawURLDecode: Go's base64.RawURLEncoding.DecodeString. Returns false and sets `bad_byte`
// to the offset Go's CorruptInputError reports (`illegal base64 data at input byte N`).
inline bool Base64RawURLDecode(std::string_view in, std::string& out, std::size_t& bad_byte) {
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

// SummarizeData: rest.go: summarizeData (the body as text when it starts with '{', else hex;
// cut at `max_length` bytes with " ..." appended).
inline std::string SummarizeData(std::string_view data, std::size_t max_length) {
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

// Random: the server's deterministic source of generated names and UIDs.
class Random {
 public:
  explicit Random(std::uint64_t seed) : rng_(seed) {}

  // String: n characters of util/rand's alphabet (no vowels, no confusable digits).
  std::string String(std::size_t n) {
    static constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";
    std::string out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) out.push_back(kAlphanums[Below(kAlphanums.size())]);
    return out;
  }

  // UUID: a random (version 4) UUID in its text form.
  std::string UUID() {
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

 private:
  std::size_t Below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  std::mt19937_64 rng_;
};

}  // namespace apimachinery::testing::internal
