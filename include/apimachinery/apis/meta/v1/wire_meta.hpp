// metav1::WireMeta<Meta>: lossless split of a "metadata" JSON value into a typed ObjectMeta /
// ListMeta, driven by the same field tables as their to_json/from_json. It is what
// runtime::Unstructured and runtime::UnstructuredList keep beside their typed metadata; a user
// rarely needs it directly.
//
// Example:
//   auto doc = nlohmann::json::parse(R"({"metadata": {"name": "a", "annotations": {}}})");
//   metav1::WireMeta<metav1::ObjectMeta> wire;
//   metav1::ObjectMeta m = wire.Split(&doc["metadata"]);   // lenient, never throws DecodeError
//   std::optional<nlohmann::json> back = wire.Merge(m);     // the original JSON while m is unchanged
//
// Upstream has no counterpart: Go's Unstructured keeps the whole document as a map
// (k8s.io/apimachinery/pkg/apis/meta/v1/unstructured/unstructured.go), so nothing is lost.
//
// The typed struct is the source of truth. WireMeta remembers only what the typed struct cannot
// express about the original JSON, so that re-encoding reproduces it while it is unchanged:
// - a modelled key whose original JSON differs from the canonical (omitempty) encoding of the value
//   read from it: `"creationTimestamp": null`, `"annotations": {}`, a fractional or offset
//   timestamp, a value of the wrong type (read leniently as empty, as upstream's Unstructured
//   getters do). Merge writes the original back as long as the typed member still encodes to the
//   same canonical JSON, i.e. nobody changed it;
// - a "metadata" value that is not an object (null, a string, ...), written back while the typed
//   struct is still empty;
// - whether the "metadata" key was present at all (an empty object is written back only then).
// Unknown keys live in the typed struct's `unknown_fields`.
//
// Thread-safety: const members may be called concurrently.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"

namespace apimachinery::metav1 {

template <typename Meta>
class WireMeta {
 public:
  // Split reads `raw` (the "metadata" value, nullptr when the key is absent) leniently. A modelled
  // key of the wrong type reads as empty. Throws: only std::bad_alloc.
  Meta Split(const nlohmann::json* raw) {
    overrides_.clear();
    non_object_.reset();
    present_ = raw != nullptr;
    Meta m{};
    if (raw == nullptr) return m;
    if (!raw->is_object()) {
      non_object_ = *raw;
      return m;
    }
    for (const auto& [key, value] : raw->items()) {
      const auto* f = internal::FindMetaField<Meta>(key);
      if (f == nullptr) {
        m.unknown_fields[key] = util::json::DeepCopy(value);
        continue;
      }
      try {
        f->read(value, m);
      } catch (const DecodeError&) {
        // Lenient, as upstream's getters: the member stays empty, the original is kept below.
      }
      nlohmann::json canonical = nlohmann::json::object();
      f->write(m, canonical);
      auto it = canonical.find(key);
      if (it == canonical.end()) {
        overrides_.push_back(Override{key, value, std::nullopt});
      } else if (*it != value) {
        overrides_.push_back(Override{key, value, std::move(*it)});
      }
    }
    return m;
  }

  // Merge renders `m` with the remembered originals; nullopt means "omit the metadata key".
  std::optional<nlohmann::json> Merge(const Meta& m) const {
    if (non_object_ && m == Meta{}) return *non_object_;
    nlohmann::json out = internal::MetaToJSON(m);
    for (const auto& o : overrides_) {
      auto it = out.find(o.key);
      const bool unchanged =
          it == out.end() ? !o.canonical.has_value() : (o.canonical.has_value() && *it == *o.canonical);
      if (unchanged) out[o.key] = o.raw;
    }
    if (out.empty() && !present_) return std::nullopt;
    return out;
  }

  // MarkPresent: a setter stored a value, so an (emptied) metadata object is kept from now on, as
  // upstream's setNestedField creates the "metadata" map.
  void MarkPresent() noexcept { present_ = true; }

  friend bool operator==(const WireMeta&, const WireMeta&) = default;

 private:
  struct Override {
    std::string key;
    nlohmann::json raw;
    std::optional<nlohmann::json> canonical;  // nullopt: the canonical encoding omits the key
    friend bool operator==(const Override&, const Override&) = default;
  };
  std::vector<Override> overrides_;
  std::optional<nlohmann::json> non_object_;
  bool present_ = false;
};

}  // namespace apimachinery::metav1
