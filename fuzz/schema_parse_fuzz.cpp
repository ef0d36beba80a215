// libFuzzer target for the schema package's parsers: ParseResourceArg, ParseKindArg,
// ParseGroupResource, ParseGroupKind, ParseGroupVersion and FromAPIVersionAndKind
// (k8s.io/apimachinery/pkg/runtime/schema/group_version.go).
//
// The input is the argument; when it holds a '\n', the text before the first one is also used as
// an apiVersion and the rest as a kind for FromAPIVersionAndKind. Properties checked on every input:
// - the results equal a byte-by-byte model of upstream's strings.Count/strings.SplitN/strings.Index
//   code (no shared helper with the library);
// - what the parsers split joins back to the argument (resource + "." + group, kind + "." +
//   version + "." + group, ...), and String() of a parsed value parses back to the same value;
// - ParseGroupVersion throws schema::ParseError with upstream's text exactly when the input has
//   two or more slashes (and is not "/"); nothing else is thrown by any of them;
// - to_json / from_json round-trip every parsed value (as JSON values, without dumping the text:
//   the input need not be UTF-8).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/schema/schema.hpp"

namespace {

namespace schema = apimachinery::schema;

// FailAt reports the broken property (its line) and aborts, which libFuzzer records as a crash.
[[noreturn]] void FailAt(int line) {
  std::fprintf(stderr, "%s:%d: property violated\n", __FILE__, line);
  std::abort();
}

// Go's strings.SplitN(s, sep, n) for a one-byte separator.
std::vector<std::string> SplitN(std::string_view s, char sep, std::size_t n) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == sep && out.size() + 1 < n) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(s[i]);
    }
  }
  out.push_back(cur);
  return out;
}

std::size_t Count(std::string_view s, char c) {
  std::size_t n = 0;
  for (char ch : s) n += ch == c ? 1 : 0;
  return n;
}

template <typename T>
void JSONRoundTrip(const T& v) {
  const nlohmann::json j = v;
  if (!(j.template get<T>() == v)) FailAt(__LINE__);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view arg(reinterpret_cast<const char*>(data), size);

  // ParseGroupResource / ParseGroupKind: Go splits at the first dot (strings.Index).
  const std::vector<std::string> two = SplitN(arg, '.', 2);
  const schema::GroupResource gr = schema::ParseGroupResource(arg);
  const schema::GroupKind gk = schema::ParseGroupKind(arg);
  if (two.size() == 1) {
    if (!gr.group.empty() || gr.resource != arg || !gk.group.empty() || gk.kind != arg) FailAt(__LINE__);
  } else {
    if (gr.resource != two[0] || gr.group != two[1] || gk.kind != two[0] || gk.group != two[1])
      FailAt(__LINE__);
    if (gr.resource + "." + gr.group != arg) FailAt(__LINE__);
  }
  if (gr.resource.find('.') != std::string::npos) FailAt(__LINE__);
  if (!(schema::ParseGroupResource(gr.String()) == gr) || !(schema::ParseGroupKind(gk.String()) == gk)) {
    FailAt(__LINE__);
  }
  JSONRoundTrip(gr);
  JSONRoundTrip(gk);

  // ParseResourceArg / ParseKindArg: with two or more dots, SplitN(arg, ".", 3) gives
  // resource/kind, version and group; the second result is always the group-resource/kind split.
  const auto [gvr, gr2] = schema::ParseResourceArg(arg);
  const auto [gvk, gk2] = schema::ParseKindArg(arg);
  if (!(gr2 == gr) || !(gk2 == gk)) FailAt(__LINE__);
  if (Count(arg, '.') >= 2) {
    const std::vector<std::string> three = SplitN(arg, '.', 3);
    if (three.size() != 3 || !gvr || !gvk) FailAt(__LINE__);
    if (gvr->resource != three[0] || gvr->version != three[1] || gvr->group != three[2]) FailAt(__LINE__);
    if (gvk->kind != three[0] || gvk->version != three[1] || gvk->group != three[2]) FailAt(__LINE__);
    if (gvr->resource + "." + gvr->version + "." + gvr->group != arg) FailAt(__LINE__);
    if (!(gvr->GroupResource() == schema::GroupResource{gvr->group, gvr->resource})) FailAt(__LINE__);
    JSONRoundTrip(*gvr);
    JSONRoundTrip(*gvk);
  } else if (gvr || gvk) {
    FailAt(__LINE__);
  }

  // ParseGroupVersion: "" and "/" are empty, no slash is a core version, one slash splits, more
  // slashes throw.
  const std::size_t slashes = Count(arg, '/');
  std::optional<schema::GroupVersion> gv;
  try {
    gv = schema::ParseGroupVersion(arg);
  } catch (const schema::ParseError& e) {
    if (slashes < 2) FailAt(__LINE__);
    // what() is a C string: it ends at the first NUL byte of the input.
    const std::string text = "unexpected GroupVersion string: " + std::string(arg);
    if (std::string_view(e.what()) != std::string_view(text).substr(0, text.find('\0'))) FailAt(__LINE__);
  }
  if (gv) {
    if (slashes >= 2) FailAt(__LINE__);
    if (arg.empty() || arg == "/") {
      if (!gv->Empty()) FailAt(__LINE__);
    } else if (slashes == 0) {
      if (!gv->group.empty() || gv->version != arg) FailAt(__LINE__);
    } else {
      const std::vector<std::string> parts = SplitN(arg, '/', 2);
      if (gv->group != parts[0] || gv->version != parts[1]) FailAt(__LINE__);
    }
    if (!(schema::ParseGroupVersion(gv->String()) == *gv)) FailAt(__LINE__);
    JSONRoundTrip(*gv);
  }

  // FromAPIVersionAndKind: an unparseable apiVersion keeps only the kind.
  if (const auto nl = arg.find('\n'); nl != std::string_view::npos) {
    const std::string_view api_version = arg.substr(0, nl);
    const std::string_view kind = arg.substr(nl + 1);
    const schema::GroupVersionKind k = schema::FromAPIVersionAndKind(api_version, kind);
    if (k.kind != kind) FailAt(__LINE__);
    if (Count(api_version, '/') >= 2 && api_version != "/") {
      if (!k.group.empty() || !k.version.empty()) FailAt(__LINE__);
    } else if (!(k.GroupVersion() == schema::ParseGroupVersion(api_version))) {
      FailAt(__LINE__);
    }
    JSONRoundTrip(k);
  }
  return 0;
}
