// libFuzzer target: util::json::Compact against util::json::Parse, its model. For every input,
// Compact::Parse accepts exactly when Parse does, with the same SyntaxError text; for accepted
// input its Marshal equals Marshal of Parse's tree, From(tree) equals it, ToJSON equals the tree,
// a copy of every top-level member is a document that marshals as that member, and
// ParseSplitting over "items" gives that array's elements and the rest. Parsed with a StringPool
// (one small pool shared by every input, so that it fills up and runs full), the document is
// equal to the one without, marshals the same, and its copy, WithoutMember and ParseSplitting
// documents are equal to those without a pool.
// A failed property aborts (a finding).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apimachinery/error.hpp"
#include "apimachinery/util/json/compact.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/json/string_pool.hpp"

namespace {

namespace json = apimachinery::util::json;

[[noreturn]] void Fail(const char* what, const std::string& a, const std::string& b) {
  std::fprintf(stderr, "compact: %s\n  model:   %s\n  compact: %s\n", what, a.c_str(), b.c_str());
  std::abort();
}

// The pool every input interns into: 64 KiB, strings of at most 16 bytes.
const std::shared_ptr<json::StringPool>& Pool() {
  static const auto pool =
      std::make_shared<json::StringPool>(json::StringPool::Options{.max_bytes = 64 * 1024, .max_length = 16});
  return pool;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::optional<nlohmann::json> model;
  std::string model_error;
  try {
    model = json::Parse(input);
  } catch (const json::SyntaxError& e) {
    model_error = e.what();
  }
  std::optional<json::Compact> doc;
  try {
    doc = json::Compact::Parse(input);
  } catch (const json::SyntaxError& e) {
    if (model) Fail("refused what Parse accepts", json::Marshal(*model), e.what());
    if (model_error != e.what()) Fail("a different SyntaxError", model_error, e.what());
    return 0;
  }
  if (!model) Fail("accepted what Parse refuses", model_error, doc->Marshal());
  std::string want;
  try {
    want = json::Marshal(*model);
  } catch (const apimachinery::Error& e) {
    Fail("Marshal of the model failed", e.what(), doc->Marshal());
  }
  const std::string got = doc->Marshal();
  if (got != want) Fail("Marshal differs", want, got);
  if (!(json::Compact::From(*model) == *doc)) Fail("From(tree) != Parse", want, got);
  if (!json::Equal(doc->ToJSON(), *model)) Fail("ToJSON != tree", want, json::Marshal(doc->ToJSON()));
  // ParseSplitting over "items": the same elements, and the rest with an empty array there.
  std::vector<json::Compact> items;
  const json::Compact rest = json::Compact::ParseSplitting(input, "items", items);
  const auto it = model->is_object() ? model->find("items") : model->end();
  if (it != model->end() && it->is_array()) {
    if (items.size() != it->size()) Fail("ParseSplitting element count", json::Marshal(*it), rest.Marshal());
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i].Marshal() != json::Marshal((*it)[i]))
        Fail("ParseSplitting element", json::Marshal((*it)[i]), items[i].Marshal());
    }
    nlohmann::json without = *model;
    without["items"] = nlohmann::json::array();
    if (rest.Marshal() != json::Marshal(without))
      Fail("ParseSplitting rest", json::Marshal(without), rest.Marshal());
  } else if (!items.empty() || rest.Marshal() != want) {
    Fail("ParseSplitting without an items array", want, rest.Marshal());
  }
  if (model->is_object()) {
    for (const auto& [key, value] : model->items()) {
      const json::Compact member(doc->Root().Find(key));
      if (member.Marshal() != json::Marshal(value))
        Fail("member copy differs", json::Marshal(value), member.Marshal());
    }
  }
  // Interned: the same documents.
  const json::Compact pooled = json::Compact::Parse(input, Pool());
  if (!(pooled == *doc)) Fail("pooled != plain", want, pooled.Marshal());
  if (pooled.Marshal() != want) Fail("pooled Marshal differs", want, pooled.Marshal());
  if (!(json::Compact::From(*model, Pool()) == *doc)) Fail("pooled From(tree) != Parse", want, got);
  const json::Compact copy = pooled;
  if (!(copy == *doc) || copy.Pool() != pooled.Pool()) Fail("pooled copy", want, copy.Marshal());
  if (model->is_object() && !model->empty()) {
    const std::string first = model->begin().key();
    if (pooled.WithoutMember({first}).Marshal() != doc->WithoutMember({first}).Marshal())
      Fail("pooled WithoutMember", doc->WithoutMember({first}).Marshal(),
           pooled.WithoutMember({first}).Marshal());
  }
  std::vector<json::Compact> pooled_items;
  const json::Compact pooled_rest = json::Compact::ParseSplitting(input, "items", pooled_items, Pool());
  if (!(pooled_rest == rest) || pooled_items.size() != items.size())
    Fail("pooled ParseSplitting", rest.Marshal(), pooled_rest.Marshal());
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!(pooled_items[i] == items[i]))
      Fail("pooled ParseSplitting element", items[i].Marshal(), pooled_items[i].Marshal());
  }
  return 0;
}
