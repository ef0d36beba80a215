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

#include "apimachinery/config.hpp"

namespace apimachinery::testing::internal {

inline constexpr std::string_view kBase64URLAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Base64RawURLEncode: Go's base64.RawURLEncoding.EncodeToString (no padding).
APIMACHINERY_DECL std::string Base64RawURLEncode(std::string_view data);

// Base64RawURLDecode: Go's base64.RawURLEncoding.DecodeString. Returns false and sets `bad_byte`
// to the offset Go's CorruptInputError reports (`illegal base64 data at input byte N`).
APIMACHINERY_DECL bool Base64RawURLDecode(std::string_view in, std::string& out, std::size_t& bad_byte);

// SummarizeData: rest.go: summarizeData (the body as text when it starts with '{', else hex;
// cut at `max_length` bytes with " ..." appended).
APIMACHINERY_DECL std::string SummarizeData(std::string_view data, std::size_t max_length);

// Random: the server's deterministic source of generated names and UIDs.
class Random {
 public:
  APIMACHINERY_DECL explicit Random(std::uint64_t seed);

  // String: n characters of util/rand's alphabet (no vowels, no confusable digits).
  APIMACHINERY_DECL std::string String(std::size_t n);

  // UUID: a random (version 4) UUID in its text form.
  APIMACHINERY_DECL std::string UUID();

 private:
  APIMACHINERY_DECL std::size_t Below(std::size_t n);
  std::mt19937_64 rng_;
};

}  // namespace apimachinery::testing::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/testing/internal/impl/fake_apiserver_util.ipp"
#endif
