// The realistic pods of the informer and controller benchmarks (bench/go/podgen.go builds the
// same bytes): testdata/pods/pod-realistic.json (4.9 KB of JSON) varied per pod by name
// (`pod-NNNNN`), namespace (`ns-NN`, 50), uid, resourceVersion, the app/env/tier labels (each
// `app-NNNN` value on 10 of 50,000 pods) and spec.nodeName (`node-NNNN`, 1,000 nodes; pod i on
// NodeOf(i), 50 of 50,000 pods per node). Each varied value occurs once in the template, so a pod
// is the template with those values substituted.
// Throws std::runtime_error when the template misses a value or holds one twice.
// Thread-safety: a PodGen is immutable after construction (Gen() builds the shared one once).
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace apimachinery::bench {

// The data's shape (bench/go/main.go and podgen.go have the same constants).
inline constexpr int kNamespaces = 50;
inline constexpr int kNodes = 1000;
inline constexpr int kApps = 5000;
inline constexpr long long kFirstResourceVersion = 1000000000;
// The resourceVersion of every PodList (podgen.go: podListVersion).
inline constexpr long long kPodListVersion = kFirstResourceVersion + 50000;

inline int NodeOf(int i) { return static_cast<int>((static_cast<long long>(i) * 7919) % kNodes); }

// PodGen: the template cut at the values that vary; each occurs once in it.
class PodGen {
 public:
  PodGen() {
    std::ifstream in(std::string(APIMACHINERY_TESTDATA_DIR) + "/pods/pod-realistic.json", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string doc = ss.str();
    while (!doc.empty() && doc.back() == '\n') doc.pop_back();
    std::vector<std::pair<std::size_t, Field>> hits;
    for (Field f : kFields) {
      const std::string_view token = Token(f);
      const std::size_t at = doc.find(token);
      if (at == std::string::npos || doc.find(token, at + 1) != std::string::npos) {
        throw std::runtime_error(fmt::format("pod-realistic.json: {} must occur once", token));
      }
      hits.emplace_back(at, f);
    }
    std::sort(hits.begin(), hits.end());
    std::size_t at = 0;
    for (const auto& [pos, f] : hits) {
      parts_.push_back(doc.substr(at, pos - at));
      fields_.push_back(f);
      at = pos + Token(f).size();
    }
    parts_.push_back(doc.substr(at));
  }

  // AppendPod appends pod i (resourceVersion rv, on node `node`) as compact JSON.
  void AppendPod(std::string& out, int i, long long rv, int node) const {
    for (std::size_t k = 0; k < fields_.size(); ++k) {
      out += parts_[k];
      AppendValue(out, fields_[k], i, rv, node);
    }
    out += parts_.back();
  }

  // WatchStream: `adds` ADDED events, then `updates` MODIFIED events (pod j % adds on the next
  // node), one line each, resourceVersions increasing.
  std::string WatchStream(int adds, int updates) const {
    std::string b;
    long long rv = kFirstResourceVersion;
    for (int i = 0; i < adds; ++i) {
      b += R"({"type":"ADDED","object":)";
      AppendPod(b, i, ++rv, NodeOf(i));
      b += "}\n";
    }
    for (int j = 0; j < updates; ++j) {
      const int i = j % adds;
      b += R"({"type":"MODIFIED","object":)";
      AppendPod(b, i, ++rv, (NodeOf(i) + 1) % kNodes);
      b += "}\n";
    }
    return b;
  }

  // PodList: a PodList of n pods, allocated at its exact size.
  std::string PodList(int n) const {
    const std::string head =
        fmt::format(R"({{"kind":"PodList","apiVersion":"v1","metadata":{{"resourceVersion":"{}"}},"items":[)",
                    kPodListVersion);
    std::size_t size = head.size() + 2;
    std::string scratch;
    for (int i = 0; i < n; ++i) {
      scratch.clear();
      AppendPod(scratch, i, kFirstResourceVersion + i, NodeOf(i));
      size += scratch.size() + 1;
    }
    std::string b;
    b.reserve(size);
    b += head;
    for (int i = 0; i < n; ++i) {
      if (i > 0) b += ',';
      AppendPod(b, i, kFirstResourceVersion + i, NodeOf(i));
    }
    b += "]}";
    return b;
  }

 private:
  enum class Field { kName, kNamespace, kUID, kResourceVersion, kApp, kEnv, kTier, kNode };
  static constexpr Field kFields[] = {Field::kName, Field::kNamespace, Field::kUID,  Field::kResourceVersion,
                                      Field::kApp,  Field::kEnv,       Field::kTier, Field::kNode};
  static std::string_view Token(Field f) {
    switch (f) {
      case Field::kName:
        return R"("pod-00000")";
      case Field::kNamespace:
        return R"("ns-00")";
      case Field::kUID:
        return R"("632be59b-d9b4-4019-a000-e59bd9b4e019")";
      case Field::kResourceVersion:
        return R"("1000000000")";
      case Field::kApp:
        return R"("app-0000")";
      case Field::kEnv:
        return R"("prod")";
      case Field::kTier:
        return R"("frontend")";
      case Field::kNode:
        return R"("node-0000")";
    }
    return {};
  }
  static void AppendValue(std::string& out, Field f, int i, long long rv, int node) {
    auto it = std::back_inserter(out);
    switch (f) {
      case Field::kName:
        fmt::format_to(it, R"("pod-{:05d}")", i);
        break;
      case Field::kNamespace:
        fmt::format_to(it, R"("ns-{:02d}")", i % kNamespaces);
        break;
      case Field::kUID:
        fmt::format_to(it, R"("{:08x}-d9b4-4019-a000-{:012x}")", i, i);
        break;
      case Field::kResourceVersion:
        fmt::format_to(it, R"("{}")", rv);
        break;
      case Field::kApp:
        fmt::format_to(it, R"("app-{:04d}")", (i * 7) % kApps);
        break;
      case Field::kEnv:
        out += i % 2 == 0 ? R"("prod")" : R"("staging")";
        break;
      case Field::kTier:
        out += i % 3 == 0 ? R"("frontend")" : R"("backend")";
        break;
      case Field::kNode:
        fmt::format_to(it, R"("node-{:04d}")", node);
        break;
    }
  }

  std::vector<std::string> parts_;
  std::vector<Field> fields_;
};

inline const PodGen& Gen() {
  static const PodGen g;
  return g;
}

inline std::uint64_t Fnv1a(std::string_view b) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : b) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace apimachinery::bench
