// Tests for watch/decoder.hpp and watch/streamwatcher.hpp: the watch stream decoder against the
// answers of client-go's own decoder stack (rest/watch/decoder.go over streaming.NewDecoder over
// the JSON framer, typed through client-go's scheme, printed by a Go program at v0.37.2), every
// split of a stream into chunks, the StreamWatcher's error handling (ports of upstream's
// streamwatcher_test.go and rest/watch/decoder_test.go), and Stop/destroy while Next is blocked.
#include "apimachinery/watch/decoder.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/watch/fake.hpp"
#include "apimachinery/watch/streamwatcher.hpp"

namespace watch_decoder_test {

namespace watch = apimachinery::watch;
namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
using namespace std::literals;
using watch::EventType;

struct Pod : runtime::ObjectBase<Pod> {
  static constexpr std::string_view kKind = "Pod";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Pod, metadata)
APIMACHINERY_JSON_FIELDS(Pod)

const runtime::Scheme& TestScheme() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("watch-test");
    scheme->AddKnownTypes<Pod>({"", "v1"});
    return scheme;
  }();
  return *s;
}

const runtime::JSONSerializer& Codec() {
  static const runtime::JSONSerializer codec(TestScheme());
  return codec;
}

// Describe: "TYPE:name" as the Go program printed it (a Status: "Status:" + its message).
std::string Describe(const watch::Event& ev) {
  std::string out(watch::String(ev.type));
  out += ':';
  if (const auto* st = dynamic_cast<const metav1::Status*>(ev.object.get())) {
    out += "Status:" + st->message;
  } else if (const metav1::ObjectMeta* m = ev.object->GetObjectMeta()) {
    out += m->name;
  }
  return out;
}

// Run decodes `input` fed in chunks of `chunk` bytes (0: all at once) until the first error,
// returning the events and the end as the Go program printed them.
std::pair<std::string, std::string> Run(std::string_view input, std::size_t chunk = 0,
                                        watch::EventStreamDecoderOptions opts = {}) {
  watch::EventStreamDecoder dec(Codec(), opts);
  std::string events;
  auto add = [&](const watch::Event& ev) {
    if (!events.empty()) events += ',';
    events += Describe(ev);
  };
  try {
    std::size_t fed = 0;
    for (;;) {
      while (auto ev = dec.Next()) add(*ev);
      if (dec.Finished()) return {events, "EOF"};
      if (fed == input.size()) {
        dec.FeedEOF();
        continue;
      }
      const std::size_t n = chunk == 0 ? input.size() : std::min(chunk, input.size() - fed);
      dec.Feed(input.substr(fed, n));
      fed += n;
    }
  } catch (const watch::UnexpectedEOFError&) {
    return {events, "UEOF"};
  } catch (const apimachinery::Error& e) {
    return {events, "ERR:"s + e.what()};
  }
}

struct GoCase {
  std::string_view input, events, end;
};

// Printed by client-go v0.37.2 (the Go program is described at the top of this file).
const std::
    vector<GoCase>
        kGoCases =
            {
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}\n{\"type\":\"MODIFIED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}\n"sv,
                 "ADDED:a,MODIFIED:a"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}{\"type\":\"DELETED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "ADDED:a,DELETED:a"sv, "EOF"sv},
                {"{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: 1 (2)\",\"reason\":\"Expired\",\"code\":410}}"sv,
                 "ERROR:Status:too old resource version: 1 (2)"sv, "EOF"sv},
                {"{\"type\":\"FOO\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: FOO"sv},
                {"{\"type\":\"\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: "sv},
                {"{\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: "sv},
                {"{\"type\":\"ADDED\"}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: unexpected end of JSON input"sv},
                {"{\"type\":\"ADDED\",\"object\":null}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: unexpected end of JSON input"sv},
                {"{\"type\":\"ADDED\",\"object\":{}}"sv, ""sv,
                 "ERR:unable to decode watch event: Object 'Kind' is missing in '{}'"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\"}}"sv, ""sv,
                 "ERR:unable to decode watch event: Object 'apiVersion' is missing in '{\"kind\":\"Pod\"}'"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\"}}"sv, ""sv,
                 "ERR:unable to decode watch event: Object 'Kind' is missing in '{\"apiVersion\":\"v1\"}'"sv},
                {"{\"type\":\"ADDED\",\"object\":5}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"{\"type\":\"ADDED\",\"object\":\"x\"}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"{\"type\":\"ADDED\",\"object\":[1]}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"{\"type\":5,\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv,
                 "ERR:json: cannot unmarshal number into Go struct field WatchEvent.type of type string"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":5,\"kind\":\"Pod\"}}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .apiVersion of type string"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"apiVersion\":5}"sv,
                 ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .apiVersion of type string"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"kind\":\"Pod\",\"apiVersion\":\"v1\"}"sv,
                 ""sv, "ERR:unable to decode to metav1.WatchEvent"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"extra\":1}"sv,
                 "ADDED:a"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"type\":\"DELETED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "DELETED:a"sv, "EOF"sv},
                {"123"sv, ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal number into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"\"str\""sv, ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"[1,2]"sv, ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"null"sv, ""sv, "ERR:got invalid watch event type: "sv},
                {"true"sv, ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal bool into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"x"sv, ""sv, "ERR:invalid character 'x' looking for beginning of value"sv},
                {"{x"sv, ""sv, "ERR:invalid character 'x' looking for beginning of object key string"sv},
                {"{\"type\":\"ADDED\",}"sv, ""sv,
                 "ERR:invalid character '}' looking for beginning of object key string"sv},
                {"{\"type\":\"ADDED\" \"object\":1}"sv, ""sv,
                 "ERR:invalid character '\"' after object key:value pair"sv},
                {"}"sv, ""sv, "ERR:invalid character '}' looking for beginning of value"sv},
                {"]"sv, ""sv, "ERR:invalid character ']' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}"sv,
                 ""sv, "UEOF"sv},
                {"{\"type\":\"ADD"sv, ""sv, "UEOF"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}\n{"sv,
                 "ADDED:a"sv, "UEOF"sv},
                {"   \n\t "sv, ""sv, "EOF"sv},
                {""sv, ""sv, "EOF"sv},
                {"{\"type\":\"ADDED\377\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: ADDED\357\277\275"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\377\376\"}}}"sv,
                 "ADDED:a\357\277\275\357\277\275"sv, "EOF"sv},
                {"\377"sv, ""sv, "ERR:invalid character '\303\277' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}\000"sv,
                 "ADDED:a"sv, "ERR:invalid character '\\x00' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}x"sv,
                 "ADDED:a"sv, "ERR:invalid character 'x' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"}}}"sv,
                 "ADDED:b"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\\u00e9\\ud800\"}}}"sv,
                 "ADDED:a\303\251\357\277\275"sv, "EOF"sv},
                {"{\"type\":\"\\u0041DDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "ADDED:a"sv, "EOF"sv},
                {"{\"Type\":\"ADDED\",\"Object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: "sv},
                {"{\"type\":\"ADDED\",\"object\":1e}"sv, ""sv,
                 "ERR:invalid character '}' in exponent of numeric literal"sv},
                {"{\"type\":\"ADDED\",\"object\":-}"sv, ""sv,
                 "ERR:invalid character '}' in numeric literal"sv},
                {"{\"type\":\"ADDED\",\"object\":01}"sv, ""sv,
                 "ERR:invalid character '1' after object key:value pair"sv},
                {"{\"type\":\"ADDED\",\"object\":\"\\x01\"}"sv, ""sv,
                 "ERR:invalid character 'x' in string escape code"sv},
                {"{\"type\":\"ADDED\",\"object\":\"\\q\"}"sv, ""sv,
                 "ERR:invalid character 'q' in string escape code"sv},
                {"{\"type\":\"ADDED\",\"object\":tru}"sv, ""sv,
                 "ERR:invalid character '}' in literal true (expecting 'e')"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"a\":1,}}"sv, ""sv,
                 "ERR:invalid character '}' looking for beginning of object key string"sv},
                {"{\"type\":\"ADDED\",\"object\":[1,]}"sv, ""sv,
                 "ERR:invalid character ']' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{1:2}}"sv, ""sv,
                 "ERR:invalid character '1' looking for beginning of object key string"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"a\" 1}}"sv, ""sv,
                 "ERR:invalid character '1' after object key"sv},
                {"{\"type\":\"ADDED\",\"object\":\"\\u12\"}"sv, ""sv,
                 "ERR:invalid character '\"' in \\u hexadecimal character escape"sv},
                {"{\"type\":\"BOOKMARK\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"resourceVersion\":\"12\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}"sv,
                 "BOOKMARK:"sv, "EOF"sv},
                {"{}"sv, ""sv, "ERR:got invalid watch event type: "sv},
                {"1 2"sv, ""sv,
                 "ERR:couldn't get version/kind; json parse error: json: cannot unmarshal number into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"kind\":\"WatchEvent\"}"sv,
                 "ADDED:a"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},\"kind\":\"WatchEvent\",\"apiVersion\":\"v1\"}"sv,
                 "ADDED:a"sv, "EOF"sv},
                {"\015\n  {\"type\" : \"ADDED\" , \"object\" : {\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}} }\015\n\015\n{\"type\":\"BOOKMARK\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}\n"sv,
                 "ADDED:a,BOOKMARK:a"sv, "EOF"sv},
                {"{\"type\":null,\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 ""sv, "ERR:got invalid watch event type: "sv},
                {"{\"type\":\"ADDED\",\"type\":null,\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "ADDED:a"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}} garbage"sv,
                 "ADDED:a"sv, "ERR:invalid character 'g' looking for beginning of value"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"\\ud83d\\ude00\\udc00\"}}}"sv,
                 "ADDED:\360\237\230\200\357\277\275"sv, "EOF"sv},
                {"{\"type\":\"ADDED\",\"object\":\"\037\"}"sv, ""sv,
                 "ERR:invalid character '\\x1f' in string literal"sv},
                {"{\"type\":\"ADDED\",\"object\":1.5e+3}"sv, ""sv,
                 "ERR:unable to decode watch event: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"sv},
                {"{\"type\":\"ADDED\",\"object\":1.}"sv, ""sv,
                 "ERR:invalid character '}' after decimal point in numeric literal"sv},
                {"{\"type\":\"ADDED\",\"object\":fals}"sv, ""sv,
                 "ERR:invalid character '}' in literal false (expecting 'e')"sv},
                {"{\"type\":\"ADDED\",\"object\":nul}"sv, ""sv,
                 "ERR:invalid character '}' in literal null (expecting 'l')"sv},
                {"{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}"sv,
                 ""sv, "UEOF"sv},
                {"{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"code\":\"x\"}}"sv,
                 ""sv,
                 "ERR:unable to decode watch event: json: cannot unmarshal string into Go struct field Status.code of type int32"sv},
                {"{\"type\":\"ERROR\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "ERROR:a"sv, "EOF"sv},
                {"{\"\\u0074ype\":\"DELETED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}}"sv,
                 "DELETED:a"sv, "EOF"sv},
                {"-"sv, ""sv, "UEOF"sv},
                {"tr"sv, ""sv, "UEOF"sv},
                {"\"abc"sv, ""sv, "UEOF"sv},
                {"{\"a\":\"b\""sv, ""sv, "UEOF"sv},
};

TEST_CASE("EventStreamDecoder gives client-go's events and errors", "[watch][decoder]") {
  for (const GoCase& c : kGoCases) {
    INFO(c.input);
    const auto [events, end] = Run(c.input);
    CHECK(events == c.events);
    CHECK(end == c.end);
  }
}

TEST_CASE("EventStreamDecoder: an object field of the wrong type is the serializer's error",
          "[watch][decoder]") {
  // Go prints `Go struct field ObjectMeta.metadata.name` (the path from the object's root);
  // runtime::JSONSerializer's typed decoding names the path from ObjectMeta: the text after the
  // prefix is the serializer's.
  const auto [events, end] =
      Run(R"({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":5}}})");
  CHECK(events.empty());
  CHECK_THAT(end, Catch::StartsWith("ERR:unable to decode watch event: json: cannot unmarshal number into Go "
                                    "struct field ObjectMeta."));
}

TEST_CASE("EventStreamDecoder: every chunking of the input gives the same result", "[watch][decoder]") {
  for (const GoCase& c : kGoCases) {
    INFO(c.input);
    for (std::size_t chunk : {1, 2, 3, 7, 64}) {
      INFO(chunk);
      const auto [events, end] = Run(c.input, chunk);
      CHECK(events == c.events);
      CHECK(end == c.end);
    }
  }
}

std::string PodEvent(std::string_view type, std::string_view name) {
  return R"({"type":")" + std::string(type) +
         R"(","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + std::string(name) +
         R"(","labels":{"a":"b \"q\" \u00e9"}}}})";
}

TEST_CASE("EventStreamDecoder: a stream split at every byte and at random sizes", "[watch][decoder]") {
  std::string stream;
  std::string want;
  const char* types[] = {"ADDED", "MODIFIED", "DELETED", "BOOKMARK"};
  for (int i = 0; i < 12; ++i) {
    stream += PodEvent(types[i % 4], "p" + std::to_string(i));
    stream += i % 3 == 0 ? "\n" : (i % 3 == 1 ? "" : " \r\n\t");
    if (!want.empty()) want += ',';
    want += std::string(types[i % 4]) + ":p" + std::to_string(i);
  }
  // Two chunks, split at every position.
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    watch::EventStreamDecoder dec(Codec());
    std::string got;
    auto drain = [&] {
      while (auto ev = dec.Next()) {
        if (!got.empty()) got += ',';
        got += Describe(*ev);
      }
    };
    dec.Feed(std::string_view(stream).substr(0, cut));
    drain();
    dec.Feed(std::string_view(stream).substr(cut));
    drain();
    dec.FeedEOF();
    drain();
    REQUIRE(dec.Finished());
    REQUIRE(got == want);
  }
  // Random chunk sizes.
  std::mt19937 rng(42);
  for (int round = 0; round < 200; ++round) {
    watch::EventStreamDecoder dec(Codec());
    std::string got;
    std::size_t pos = 0;
    while (pos < stream.size()) {
      const std::size_t n = std::min<std::size_t>(stream.size() - pos, 1 + rng() % 300);
      dec.Feed(std::string_view(stream).substr(pos, n));
      pos += n;
      while (auto ev = dec.Next()) {
        if (!got.empty()) got += ',';
        got += Describe(*ev);
      }
    }
    dec.FeedEOF();
    CHECK_FALSE(dec.Next());
    CHECK(dec.Finished());
    CHECK(got == want);
    CHECK(dec.Buffered() == 0);
  }
}

TEST_CASE("EventStreamDecoder: objects are typed through the Scheme, or Unstructured", "[watch][decoder]") {
  const std::string in =
      PodEvent("ADDED", "typed") +
      R"({"type":"MODIFIED","object":{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"}}})";
  {
    watch::EventStreamDecoder dec(Codec());
    dec.Feed(in);
    auto a = dec.Next();
    REQUIRE(a);
    const auto* pod = dynamic_cast<const Pod*>(a->object.get());
    REQUIRE(pod != nullptr);
    CHECK(pod->metadata.name == "typed");
    CHECK(pod->metadata.labels.at("a") == "b \"q\" \xc3\xa9");
    auto b = dec.Next();
    REQUIRE(b);
    const auto* u = dynamic_cast<const runtime::Unstructured*>(b->object.get());
    REQUIRE(u != nullptr);  // an unregistered kind falls back to Unstructured
    CHECK(u->GetKind() == "Widget");
  }
  {
    watch::EventStreamDecoder dec(Codec(), {.unstructured = true});
    dec.Feed(in);
    auto a = dec.Next();
    REQUIRE(a);
    const auto* u = dynamic_cast<const runtime::Unstructured*>(a->object.get());
    REQUIRE(u != nullptr);
    CHECK(u->GetName() == "typed");
  }
  {
    // compact: every object is an immutable CompactUnstructured, registered kinds too.
    watch::EventStreamDecoder dec(Codec(), {.compact = true});
    dec.Feed(in + R"({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","code":410}})");
    for (const char* name : {"typed", "w"}) {
      auto ev = dec.Next();
      REQUIRE(ev);
      const auto* c = dynamic_cast<const runtime::CompactUnstructured*>(ev->object.get());
      REQUIRE(c != nullptr);
      CHECK(c->GetObjectMeta()->name == name);
      CHECK(c->Root().FindPath("metadata", "name").String() == name);
    }
    auto err = dec.Next();
    REQUIRE(err);
    const auto* status = dynamic_cast<const metav1::Status*>(err->object.get());
    REQUIRE(status != nullptr);  // an ERROR event's Status stays a Status
    CHECK(status->code == 410);
  }
  {
    const runtime::JSONSerializer strict_kinds(TestScheme(), {.unstructured_fallback = false});
    watch::EventStreamDecoder dec(strict_kinds);
    dec.Feed(in);
    CHECK(dec.Next());
    try {
      dec.Next();
      FAIL("no throw");
    } catch (const watch::DecodeError& e) {
      CHECK_THAT(e.what(),
                 Catch::StartsWith("unable to decode watch event: no kind \"Widget\" is registered"));
      REQUIRE(e.cause());
      CHECK_THROWS_AS(std::rethrow_exception(e.cause()), runtime::NotRegisteredError);
    }
  }
}

TEST_CASE("EventStreamDecoder: an ERROR event carries a metav1::Status", "[watch][decoder]") {
  watch::EventStreamDecoder dec(Codec());
  dec.Feed(R"({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",)"
           R"j("message":"too old resource version: 5 (10)","reason":"Expired","code":410}})j");
  auto ev = dec.Next();
  REQUIRE(ev);
  CHECK(ev->type == EventType::kError);
  const auto* st = dynamic_cast<const metav1::Status*>(ev->object.get());
  REQUIRE(st != nullptr);
  CHECK(st->code == 410);
  CHECK(st->reason == "Expired");
  CHECK(st->message == "too old resource version: 5 (10)");
  CHECK(st->status == "Failure");
}

TEST_CASE("EventStreamDecoder: errors are typed; a syntax error is sticky, a bad event is not",
          "[watch][decoder]") {
  {
    watch::EventStreamDecoder dec(Codec());
    dec.Feed(R"({"type":"FOO","object":{}})" + PodEvent("ADDED", "next"));
    CHECK_THROWS_AS(dec.Next(), watch::InvalidEventTypeError);
    auto ev = dec.Next();  // the frame was consumed: the stream goes on
    REQUIRE(ev);
    CHECK(Describe(*ev) == "ADDED:next");
  }
  {
    watch::EventStreamDecoder dec(Codec());
    dec.Feed(R"({"type":5,"object":{}})");
    CHECK_THROWS_AS(dec.Next(), watch::DecodeError);
  }
  {
    watch::EventStreamDecoder dec(Codec());
    dec.Feed("{x" + PodEvent("ADDED", "never"));
    try {
      dec.Next();
      FAIL("no throw");
    } catch (const watch::SyntaxError& e) {
      CHECK(std::string(e.what()) == "invalid character 'x' looking for beginning of object key string");
      CHECK(e.offset() == 2);
    }
    CHECK_THROWS_AS(dec.Next(), watch::SyntaxError);  // sticky, as json.Decoder's error
  }
  {
    watch::EventStreamDecoder dec(Codec());
    dec.Feed(R"({"type":"ADDED","object":{"apiVersion":"v1")");
    CHECK_FALSE(dec.Next());  // needs more input
    CHECK_FALSE(dec.Finished());
    dec.FeedEOF();
    CHECK_THROWS_AS(dec.Next(), watch::UnexpectedEOFError);
  }
  {
    // Deep nesting: 10000 levels are accepted, one more is Go's "exceeded max depth".
    std::string ok =
        R"({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},"x":)";
    ok += std::string(9998, '[') + std::string(9998, ']') + "}}";
    CHECK(Run(ok) == std::pair<std::string, std::string>{"ADDED:a", "EOF"});
    const std::string deep = std::string(10001, '[') + std::string(10001, ']');
    CHECK(Run(deep).second == "ERR:invalid character '[' exceeded max depth");
  }
}

TEST_CASE("EventStreamDecoder: a frame over the size limit is ObjectTooLargeError", "[watch][decoder]") {
  const std::string ev = PodEvent("ADDED", std::string(300, 'n'));
  CHECK(Run(ev, 0, {.max_frame_bytes = ev.size()}).first.size() > 0);
  const auto [events, end] = Run(ev, 16, {.max_frame_bytes = 200});
  CHECK(events.empty());
  CHECK(end == "ERR:object to decode was longer than maximum allowed size");
}

TEST_CASE("EventStreamDecoder: random garbage never escapes as a foreign exception", "[watch][decoder]") {
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]\":,\\ abtrunlfe0123456789.-+Eu\xff\xc3\xa9\n";
  const std::string base = PodEvent("ADDED", "x");
  int clean = 0, failed = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string in = base + base;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % in.size();
      switch (rng() % 3) {
        case 0:
          in[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          in.erase(at, 1 + rng() % 5);
          break;
        default:
          in.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    try {
      const auto [events, end] = Run(in, 1 + rng() % 40);
      ++(end == "EOF" ? clean : failed);
    } catch (const std::exception& e) {
      FAIL("foreign exception for " << in << ": " << e.what());
    }
  }
  // Both outcomes occur (the edits do not always break the stream).
  CHECK(clean > 0);
  CHECK(failed > 0);
}

// ---- StreamWatcher (streamwatcher_test.go) ----

// FakeDecoder: streamwatcher_test.go's fakeDecoder: events from a channel, or an error.
class FakeDecoder final : public watch::Decoder {
 public:
  explicit FakeDecoder(std::shared_ptr<watch::RaceFreeFakeWatcher> items, std::exception_ptr err = nullptr)
      : items_(std::move(items)), err_(std::move(err)) {}
  std::optional<watch::Event> Decode() override {
    if (err_) std::rethrow_exception(err_);
    return items_->Next();
  }
  void Close() noexcept override {
    if (items_) items_->Stop();
  }

 private:
  std::shared_ptr<watch::RaceFreeFakeWatcher> items_;
  std::exception_ptr err_;
};

// FakeReporter: records the error and returns a marker object.
class FakeReporter final : public watch::Reporter {
 public:
  std::shared_ptr<const runtime::Object> AsObject(std::string_view err) const override {
    last = std::string(err);
    return marker;
  }
  mutable std::string last;
  std::shared_ptr<const runtime::Object> marker = std::make_shared<Pod>();
};

TEST_CASE("TestStreamWatcher: events pass through, Stop closes", "[watch][streamwatcher]") {
  auto items = std::make_shared<watch::RaceFreeFakeWatcher>();
  watch::StreamWatcher sw(std::make_unique<FakeDecoder>(items));
  auto pod = std::make_shared<Pod>();
  items->Add(pod);
  auto got = sw.Next();
  REQUIRE(got);
  CHECK(got->type == EventType::kAdded);
  CHECK(got->object == pod);
  sw.Stop();
  CHECK_FALSE(sw.Next());     // "Unexpected failure to close"
  CHECK(items->IsStopped());  // Stop closed the source
  CHECK_FALSE(sw.Err());
}

TEST_CASE("TestStreamWatcherError: a decode error becomes one ERROR event, then the end",
          "[watch][streamwatcher]") {
  auto reporter = std::make_shared<FakeReporter>();
  watch::StreamWatcher sw(
      std::make_unique<FakeDecoder>(nullptr, std::make_exception_ptr(apimachinery::Error("test error"))),
      reporter);
  auto evt = sw.Next();
  REQUIRE(evt);  // "unexpected close"
  CHECK(evt->type == EventType::kError);
  CHECK(evt->object == reporter->marker);
  CHECK(reporter->last == "unable to decode an event from the watch stream: test error");
  CHECK_FALSE(sw.Next());  // "unexpected open channel"
  sw.Stop();
  CHECK_FALSE(sw.Next());
  REQUIRE(sw.Err());
  CHECK_THROWS_WITH(std::rethrow_exception(sw.Err()), "test error");
}

TEST_CASE("TestStreamWatcherRace: Stop before the error is read drops it", "[watch][streamwatcher]") {
  auto reporter = std::make_shared<FakeReporter>();
  watch::StreamWatcher sw(
      std::make_unique<FakeDecoder>(nullptr, std::make_exception_ptr(apimachinery::Error("test error"))),
      reporter);
  sw.Stop();
  CHECK_FALSE(sw.Next());  // "unexpected pending send"
  CHECK(reporter->last.empty());
}

TEST_CASE("StreamWatcher: an unexpected EOF ends the watch quietly", "[watch][streamwatcher]") {
  auto [reader, writer] = watch::NewPipe();
  auto w = watch::NewStreamWatcher(std::move(reader), Codec());
  writer->Write(PodEvent("ADDED", "a") + "\n" + R"({"type":"MODIFIED","obj)");
  writer->Close();
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(Describe(*ev) == "ADDED:a");
  CHECK_FALSE(w->Next());
  REQUIRE(w->Err());
  CHECK_THROWS_AS(std::rethrow_exception(w->Err()), watch::UnexpectedEOFError);
}

TEST_CASE("StreamWatcher over a pipe: garbage is client-go's ERROR event, then the end",
          "[watch][streamwatcher]") {
  auto [reader, writer] = watch::NewPipe();
  auto w = watch::NewStreamWatcher(std::move(reader), Codec());
  writer->Write(R"({"type":"FOO","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"}}})");
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->type == EventType::kError);
  const auto* st = dynamic_cast<const metav1::Status*>(ev->object.get());
  REQUIRE(st != nullptr);
  // Printed by Go: errors.NewClientErrorReporter(500, "GET", "ClientWatchDecoding").AsObject(...).
  const nlohmann::json want = nlohmann::json::parse(
      R"({"metadata":{},"status":"Failure","message":"an error on the server (\"unable to decode an event from the watch stream: got invalid watch event type: FOO\") has prevented the request from succeeding","reason":"InternalError","details":{"causes":[{"reason":"UnexpectedServerResponse","message":"unable to decode an event from the watch stream: got invalid watch event type: FOO"},{"reason":"ClientWatchDecoding","message":"unable to decode an event from the watch stream: got invalid watch event type: FOO"}]},"code":500})");
  CHECK(nlohmann::json(*st) == want);
  CHECK_FALSE(w->Next());
  CHECK_THROWS_AS(writer->Write("more"), watch::ClosedPipeError);  // the watcher closed its reader
}

TEST_CASE("StreamWatcher: a reader error is an ERROR event, an EOFError ends quietly",
          "[watch][streamwatcher]") {
  {
    auto [reader, writer] = watch::NewPipe();
    auto w = watch::NewStreamWatcher(std::move(reader), Codec());
    writer->CloseWithError(std::make_exception_ptr(apimachinery::Error("connection reset")));
    auto ev = w->Next();
    REQUIRE(ev);
    CHECK(ev->type == EventType::kError);
    CHECK(dynamic_cast<const metav1::Status&>(*ev->object).details->causes.back().message ==
          "unable to decode an event from the watch stream: connection reset");
    CHECK_FALSE(w->Next());
  }
  {
    auto [reader, writer] = watch::NewPipe();
    auto w = watch::NewStreamWatcher(std::move(reader), Codec());
    writer->CloseWithError(std::make_exception_ptr(watch::EOFError("http2: response body closed")));
    CHECK_FALSE(w->Next());
  }
}

TEST_CASE("TestDecoder: every event type round-trips through a pipe; the source closing ends it",
          "[watch][streamwatcher]") {
  for (const char* type : {"ADDED", "DELETED", "MODIFIED", "ERROR", "BOOKMARK"}) {
    auto [reader, writer] = watch::NewPipe();
    watch::StreamDecoder dec(std::move(reader), Codec());
    std::thread producer([w = writer, type] {
      w->Write(PodEvent(type, "foo") + "\n");
      w->Close();
    });
    auto ev = dec.Decode();
    REQUIRE(ev);
    CHECK(watch::String(ev->type) == type);
    CHECK(ev->object->GetObjectMeta()->name == "foo");
    CHECK_FALSE(dec.Decode());  // the writer closed: the end of the stream
    producer.join();
    dec.Close();
  }
}

TEST_CASE("StreamWatcher: Stop from another thread wakes a Next blocked in a read", "[watch][concurrency]") {
  for (int round = 0; round < 20; ++round) {
    auto [reader, writer] = watch::NewPipe();
    auto w = watch::NewStreamWatcher(std::move(reader), Codec());
    writer->Write(PodEvent("ADDED", "first"));
    REQUIRE(w->Next());
    std::atomic<bool> ended{false};
    std::thread consumer([&, wp = w.get()] { ended = !wp->Next(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(round % 3));
    w->Stop();
    w->Stop();
    consumer.join();
    CHECK(ended.load());
    CHECK_FALSE(w->Err());
  }
}

TEST_CASE("StreamWatcher: destroying it while a Next is blocked stops it; the writer lives on",
          "[watch][concurrency]") {
  for (int round = 0; round < 20; ++round) {
    auto [reader, writer] = watch::NewPipe();
    auto w = watch::NewStreamWatcher(std::move(reader), Codec());
    std::atomic<bool> started{false};
    std::optional<watch::Event> got = watch::Event{};
    std::thread consumer([&, wp = w.get()] {
      started = true;
      got = wp->Next();
    });
    // A producer that keeps writing while the watcher goes away.
    std::atomic<bool> stop_producer{false};
    std::thread producer([&, wr = writer] {
      while (!stop_producer) {
        try {
          wr->Write(" ");
        } catch (const watch::ClosedPipeError&) {
          return;
        }
        std::this_thread::yield();
      }
    });
    while (!started) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // let the consumer block in Next
    w.reset();
    consumer.join();
    stop_producer = true;
    producer.join();
    CHECK_FALSE(got);
  }
}

TEST_CASE("StreamWatcher: a producer thread streaming events in small writes", "[watch][concurrency]") {
  auto [reader, writer] = watch::NewPipe();
  auto w = watch::NewStreamWatcher(std::move(reader), Codec());
  constexpr int kEvents = 500;
  std::thread producer([wr = writer] {
    std::string all;
    for (int i = 0; i < kEvents; ++i) all += PodEvent("MODIFIED", "p" + std::to_string(i)) + "\n";
    std::mt19937 rng(1);
    std::size_t pos = 0;
    while (pos < all.size()) {
      const std::size_t n = std::min<std::size_t>(all.size() - pos, 1 + rng() % 97);
      wr->Write(std::string_view(all).substr(pos, n));
      pos += n;
    }
    wr->Close();
  });
  int i = 0;
  while (auto ev = w->Next()) {
    CHECK(ev->object->GetObjectMeta()->name == "p" + std::to_string(i));
    ++i;
  }
  producer.join();
  CHECK(i == kEvents);
  CHECK_FALSE(w->Err());
}

}  // namespace watch_decoder_test
