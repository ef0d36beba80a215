// JSON text in and out of the runtime package: the depth limit at every decode entry point,
// documents at the limit on a small stack, Go's bytes for invalid UTF-8 and HTML characters, and
// hostile input at every public decode/encode entry point (only apimachinery::Error may escape).
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/strconv.hpp"

#include "../../examples/widgets/widgets.hpp"
#include "support/small_stack.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_json_wire_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
namespace ujson = apimachinery::util::json;
using nlohmann::json;

const runtime::Scheme& WireScheme() {
  static const runtime::Scheme* scheme = [] {
    auto* s = new runtime::Scheme();
    widgets::AddToScheme(*s);
    return s;
  }();
  return *scheme;
}

std::string Arrays(int depth) {
  return std::string(static_cast<std::size_t>(depth), '[') +
         std::string(static_cast<std::size_t>(depth), ']');
}

// A document of total nesting depth `depth`: the object itself plus depth-1 arrays under "extra".
std::string DeepDoc(std::string_view api_version, std::string_view kind, int depth) {
  return fmt::format(R"({{"apiVersion":"{}","kind":"{}","metadata":{{"name":"deep"}},"extra":{}}})",
                     api_version, kind, Arrays(depth - 1));
}

using test_support::RunOnSmallStack;

TEST_CASE("every runtime decode entry point refuses nesting deeper than 10000 with Go's text",
          "[runtime][json]") {
  const runtime::JSONSerializer lenient(WireScheme());
  const runtime::JSONSerializer strict(WireScheme(), {.strict = true});
  // Go: serializer/json Decode wraps the SyntaxError of its kind sniffing; the unstructured
  // scheme returns it bare (k8s.io/apimachinery v0.37.2, checked with a Go program).
  const std::string codec_text =
      "couldn't get version/kind; json parse error: invalid character '[' exceeded max depth";
  const std::string bare_text = "invalid character '[' exceeded max depth";
  for (const auto& [api_version, kind] :
       {std::pair{"widgets.example.com/v1", "Widget"}, std::pair{"example.com/v1", "Thing"},
        std::pair{"example.com/v1", "ThingList"}}) {
    const std::string ok = DeepDoc(api_version, kind, 10000);
    const std::string bad = DeepDoc(api_version, kind, 10001);
    INFO(kind);
    CHECK_NOTHROW(lenient.Decode(ok));
    CHECK_THROWS_WITH(lenient.Decode(bad), codec_text);
    CHECK_THROWS_WITH(strict.Decode(bad), codec_text);
    CHECK_THROWS_WITH(lenient.DecodeUnstructured(bad), codec_text);
    widgets::v1::Widget typed;
    CHECK_THROWS_WITH(lenient.DecodeInto(bad, typed), codec_text);
    runtime::Unstructured into;
    CHECK_THROWS_WITH(lenient.DecodeInto(bad, into), codec_text);
    runtime::UnstructuredList list_into;
    CHECK_THROWS_WITH(lenient.DecodeInto(bad, list_into), codec_text);
    runtime::Unstructured u;
    CHECK_NOTHROW(u.UnmarshalJSON(ok));
    CHECK_THROWS_WITH(u.UnmarshalJSON(bad), bare_text);
    runtime::UnstructuredList l;
    CHECK_THROWS_WITH(l.UnmarshalJSON(bad), bare_text);
    CHECK_THROWS_WITH(runtime::DecodeUnstructured(bad), bare_text);
    CHECK_THROWS_AS(runtime::DecodeUnstructured(bad), metav1::DecodeError);
  }
  // Deep inside metadata, and at the top level.
  CHECK_THROWS_WITH(
      lenient.Decode(R"({"apiVersion":"v1","kind":"Pod","metadata":{"labels":)" + Arrays(9999) + "}}"),
      codec_text);
  CHECK_THROWS_WITH(lenient.Decode(Arrays(10001)), codec_text);
}

TEST_CASE("a document at the depth limit decodes, copies, converts, encodes and dies on a 256 KiB stack",
          "[runtime][json]") {
  const std::string thing = DeepDoc("example.com/v1", "Thing", 10000);
  const std::string widget = DeepDoc("widgets.example.com/v1", "Widget", 10000);
  const std::string list = R"({"apiVersion":"example.com/v1","kind":"ThingList","items":[)" +
                           DeepDoc("example.com/v1", "Thing", 9998) + "]}";
  RunOnSmallStack([&] {
    const runtime::JSONSerializer codec(WireScheme());
    std::unique_ptr<runtime::Object> obj = codec.Decode(thing);
    REQUIRE(obj->GetTypeId() == apimachinery::util::kTypeId<runtime::Unstructured>);
    std::unique_ptr<runtime::Object> copy = obj->DeepCopyObject();
    const std::string encoded = codec.Encode(*copy);
    CHECK(ujson::Equal(ujson::Parse(encoded), ujson::Parse(thing)));
    auto& u = static_cast<runtime::Unstructured&>(*copy);
    CHECK(u.MarshalJSON() == encoded);
    runtime::Unstructured assigned;
    assigned = u;
    CHECK(assigned.MarshalJSON() == encoded);
    json content = u.UnstructuredContent();
    runtime::Unstructured from_content;
    from_content.SetUnstructuredContent(std::move(content));
    CHECK(from_content.MarshalJSON() == encoded);
    runtime::UnstructuredList as_list = u.ToList();
    (void)as_list;

    // Unstructured -> typed (the deep field is unknown to the type) and back.
    runtime::Unstructured uw;
    uw.UnmarshalJSON(widget);
    std::unique_ptr<runtime::Object> typed = runtime::UnstructuredToObject(WireScheme(), uw);
    CHECK(typed->GetObjectMeta()->name == "deep");
    runtime::Unstructured back = runtime::ObjectToUnstructured(WireScheme(), *typed);
    CHECK(back.GetName() == "deep");
    CHECK_NOTHROW(codec.Encode(uw));

    // Lists.
    std::unique_ptr<runtime::Object> l = codec.Decode(list);
    REQUIRE(l->GetTypeId() == apimachinery::util::kTypeId<runtime::UnstructuredList>);
    std::unique_ptr<runtime::Object> lc = l->DeepCopyObject();
    CHECK(codec.Encode(*lc).size() > 2 * 9998);
    runtime::UnstructuredList ul;
    ul.UnmarshalJSON(list);
    runtime::UnstructuredList ul2(ul);
    CHECK(ul2.MarshalJSON() == ul.MarshalJSON());
    int items = 0;
    u.SetUnstructuredContent(ujson::Parse(R"({"kind":"L","items":[)" + DeepDoc("v1", "Pod", 9998) + "]}"));
    u.EachListItem([&](runtime::Object&) { ++items; });
    CHECK(items == 1);
    const runtime::JSONSerializer pretty(WireScheme(), {.pretty = true});
    CHECK(pretty.Encode(*obj).size() > encoded.size());
  });
}

// `depth` nested arrays around `leaf`.
std::string Nest(int depth, std::string_view leaf) {
  return std::string(static_cast<std::size_t>(depth), '[') + std::string(leaf) +
         std::string(static_cast<std::size_t>(depth), ']');
}

// A Widget whose metadata holds an unknown key (object 1, metadata 2, then 9998 arrays) and a
// managedFields entry whose fieldsV1 (managedFields 3, the entry 4, then 9996 arrays) reach the depth
// limit, the innermost value being `leaf`.
std::string DeepMetaWidget(std::string_view leaf) {
  return fmt::format(
      R"({{"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{{"name":"deep","future":{},"managedFields":[{{"fieldsV1":{}}}]}}}})",
      Nest(9998, leaf), Nest(9996, leaf));
}

TEST_CASE("typed objects and Unstructured with deep metadata copy, compare and die on a 256 KiB stack",
          "[runtime][json]") {
  const std::string a = DeepMetaWidget("1");
  const std::string b = DeepMetaWidget("2");  // differs only at the deepest level
  const std::string list_a =
      R"({"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":"7","future":)" + Nest(9998, "1") +
      R"(},"items":[]})";
  const std::string list_b =
      R"({"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":"7","future":)" + Nest(9998, "2") +
      R"(},"items":[]})";
  RunOnSmallStack([&] {
    const runtime::JSONSerializer codec(WireScheme());
    // Typed: decode keeps the deep JSON in ObjectMeta's managed_fields and unknown_fields.
    widgets::v1::Widget wa;
    codec.DecodeInto(a, wa);
    widgets::v1::Widget wb;
    codec.DecodeInto(b, wb);
    REQUIRE(wa.metadata.managed_fields.size() == 1);
    REQUIRE(wa.metadata.unknown_fields.contains("future"));
    {
      widgets::v1::Widget copy(wa);  // copy constructor
      CHECK(copy.metadata == wa.metadata);
      CHECK(copy.metadata != wb.metadata);
      CHECK_FALSE(copy.metadata.managed_fields == wb.metadata.managed_fields);
      copy = wb;  // copy assignment (the old deep content is destroyed)
      CHECK(copy.metadata == wb.metadata);
      CHECK_FALSE(copy.metadata == wa.metadata);
      metav1::ObjectMeta m = wa.metadata;
      m = wb.metadata;
      CHECK(m == wb.metadata);
      std::unique_ptr<runtime::Object> dc = wa.DeepCopyObject();
      CHECK(*dc->GetObjectMeta() == wa.metadata);
      const json as_json = wa.metadata.unknown_fields;  // conversion to nlohmann::json copies too
      CHECK(ujson::Equal(as_json, wa.metadata.unknown_fields));
      CHECK(codec.Encode(copy) == codec.Encode(wb));
    }  // destruction of the copies

    // Unstructured: content and typed view both hold the deep JSON.
    runtime::Unstructured ua;
    ua.UnmarshalJSON(a);
    runtime::Unstructured ub;
    ub.UnmarshalJSON(b);
    REQUIRE(ua.GetObjectMeta()->unknown_fields.contains("future"));
    {
      runtime::Unstructured copy(ua);
      CHECK(copy == ua);
      CHECK_FALSE(copy == ub);
      copy = ub;
      CHECK(copy == ub);
      CHECK_FALSE(copy == ua);
      CHECK(*copy.GetObjectMeta() == *ub.GetObjectMeta());
      CHECK_FALSE(*copy.GetObjectMeta() == *ua.GetObjectMeta());
      // The reconciling mode compares and copies metadata snapshots.
      copy.Body()["spec"] = json{{"x", 1}};
      CHECK(copy.GetName() == "deep");
      runtime::Object& as_object = copy;
      as_object.GetObjectMeta()->labels["l"] = "v";
      CHECK(copy.GetLabels().at("l") == "v");
      runtime::Unstructured again(copy);
      CHECK(again == copy);
      CHECK(again.MarshalJSON() == copy.MarshalJSON());
    }

    // UnstructuredList: the list's metadata (ListMeta) holds the deep JSON.
    runtime::UnstructuredList la;
    la.UnmarshalJSON(list_a);
    runtime::UnstructuredList lb;
    lb.UnmarshalJSON(list_b);
    REQUIRE(la.GetListMeta()->unknown_fields.contains("future"));
    {
      runtime::UnstructuredList copy(la);
      CHECK(copy == la);
      CHECK_FALSE(copy == lb);
      copy = lb;
      CHECK(copy == lb);
      CHECK(*copy.GetListMeta() == *lb.GetListMeta());
      CHECK_FALSE(*copy.GetListMeta() == *la.GetListMeta());
    }
  });
}

TEST_CASE("encoding replaces invalid UTF-8 with \\ufffd and escapes HTML as Go's serializer",
          "[runtime][json]") {
  // Go: serializer/json Encode and Unstructured.MarshalJSON of the same content (v0.37.2).
  runtime::Unstructured u;
  u.SetAPIVersion("v1");
  u.SetKind("ConfigMap");
  u.SetName("n");
  u.Body()["data"] = json{{"a", "bad\xff<>&\u2028\u2029" + std::string("\0", 1) + "\x1f\x7f\xc3"}};
  const std::string want =
      R"({"apiVersion":"v1","data":{"a":"bad\ufffd\u003c\u003e\u0026\u2028\u2029\u0000\u001f)"
      "\x7f"
      R"(\ufffd"},"kind":"ConfigMap","metadata":{"name":"n"}})";
  CHECK(u.MarshalJSON() == want);
  const runtime::JSONSerializer codec(WireScheme());
  CHECK(codec.Encode(u) == want);
  // The issue's example: a label value and a typed object's name.
  u.SetLabels({{"k", "bad\xff"}});
  CHECK_THAT(u.MarshalJSON(), Catch::Contains(R"("labels":{"k":"bad\ufffd"})"));
  widgets::v1::Widget w;
  w.metadata.name = "w\xff";
  w.metadata.annotations = {{"a\xfe", "<b>"}};
  const std::string out = codec.Encode(w);
  CHECK_THAT(out, Catch::Contains(R"("name":"w\ufffd")"));
  CHECK_THAT(out, Catch::Contains(R"("a\ufffd":"\u003cb\u003e")"));
  // `\ufffd` decodes to a real U+FFFD, which Go encodes as its UTF-8 bytes.
  std::unique_ptr<runtime::Object> back = codec.Decode(out);
  CHECK(back->GetObjectMeta()->name == "w\xef\xbf\xbd");
  CHECK_THAT(codec.Encode(*back), Catch::Contains("\"name\":\"w\xef\xbf\xbd\""));
  // Decoding invalid UTF-8 replaces it as Go's decoder does.
  runtime::Unstructured raw;
  raw.UnmarshalJSON("{\"kind\":\"K\",\"x\":\"a\xffz\"}");
  CHECK(raw.MarshalJSON() == "{\"kind\":\"K\",\"x\":\"a\xef\xbf\xbdz\"}");
}

// Regression cases of the JSON fuzzers (fuzz/json_*_fuzz.cpp).
TEST_CASE("JSON fuzzer findings", "[runtime][json]") {
  const runtime::JSONSerializer codec(WireScheme());
  // json_roundtrip_fuzz: -0.0 encodes as "-0" (Go's float encoder), which decodes as the integer 0
  // (Go's unstructured decoding: int64 0); equal by value, and the text is stable from then on.
  const std::string in =
      R"({"apiVersion":"example.com/v1","kind":"Thing","spec":{"f":1.5,"g":-0.0,"h":0e-7,"s":"<&>","potrn":null,"b":[true,false,{}]}})";
  const std::string e1 = codec.Encode(*codec.Decode(in));
  CHECK(
      e1 ==
      R"({"apiVersion":"example.com/v1","kind":"Thing","spec":{"b":[true,false,{}],"f":1.5,"g":-0,"h":0,"potrn":null,"s":"\u003c\u0026\u003e"}})");
  const std::string e2 = codec.Encode(*codec.Decode(e1));
  CHECK(
      e2 ==
      R"({"apiVersion":"example.com/v1","kind":"Thing","spec":{"b":[true,false,{}],"f":1.5,"g":0,"h":0,"potrn":null,"s":"\u003c\u0026\u003e"}})");
  CHECK(codec.Encode(*codec.Decode(e2)) == e2);
  CHECK(ujson::Equal(static_cast<runtime::Unstructured&>(*codec.Decode(e1)).UnstructuredContent(),
                     static_cast<runtime::Unstructured&>(*codec.Decode(e2)).UnstructuredContent()));
}

// Hostile inputs: each is fed to every entry point; only apimachinery::Error may come out.
std::vector<std::string> HostileInputs() {
  const std::string widget =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"name":"w","labels":{"a":"b"},)"
      R"("creationTimestamp":"2024-01-02T03:04:05Z","ownerReferences":[{"apiVersion":"v1","kind":"K","name":"o","uid":"u"}]},)"
      R"("spec":{"replicas":3,"selector":{"a":"b"},"template":{"containers":[{"name":"c","ports":[{"containerPort":80}]}]}},)"
      R"("status":{"replicas":1}})";
  std::vector<std::string> in;
  for (std::size_t n = 0; n < widget.size(); n += 7) in.push_back(widget.substr(0, n));  // truncated
  for (std::size_t at : {1UL, 10UL, 40UL, 60UL, 100UL}) {                                // invalid UTF-8
    std::string s = widget;
    s.insert(at, "\xff\xc3");
    in.push_back(s);
  }
  const char* fields[] = {R"("replicas":)",
                          R"("containerPort":)",
                          R"("name":)",
                          R"("labels":)",
                          R"("metadata":)",
                          R"("spec":)",
                          R"("creationTimestamp":)",
                          R"("ownerReferences":)",
                          R"("kind":)",
                          R"("apiVersion":)",
                          R"("uid":)"};
  const char* values[] = {"1e400",
                          "-1e400",
                          "18446744073709551616",
                          "99999999999999999999999",
                          "-1",
                          "1.5",
                          "4294967298",
                          "\"x\"",
                          "[1]",
                          "{}",
                          "null",
                          "true",
                          "5",
                          "[[[]]]",
                          "\"\xff\""};
  for (const char* f : fields) {  // wrong types, huge numbers
    for (const char* v : values) {
      const std::size_t at = widget.find(f);
      const std::size_t value_start = at + std::string_view(f).size();
      std::size_t value_end = value_start;
      int depth = 0;
      for (; value_end < widget.size(); ++value_end) {
        const char c = widget[value_end];
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') {
          if (depth == 0) break;
          --depth;
        }
        if (c == ',' && depth == 0) break;
      }
      in.push_back(widget.substr(0, value_start) + v + widget.substr(value_end));
    }
  }
  in.push_back(DeepDoc("widgets.example.com/v1", "Widget", 10001));
  in.push_back(DeepDoc("example.com/v1", "ThingList", 10001));
  in.push_back(R"({"apiVersion":"v1","kind":"List","items":)" + Arrays(10000) + "}");
  in.push_back(std::string("\0", 1));
  in.push_back(widget + std::string("\0", 1));
  in.push_back(std::string(R"({"apiVersion":"v1","kind":"K","x":")") + std::string("\0", 1) + "\"}");
  in.push_back("\xef\xbb\xbf" + widget);
  in.push_back(R"({"apiVersion":"v1","kind":"List","items":5})");
  in.push_back(R"({"apiVersion":"v1","kind":"List","items":[1,"x",null,[]]})");
  in.push_back(
      R"({"apiVersion":"v1","kind":"List","metadata":{"resourceVersion":5,"remainingItemCount":1e400},"items":[]})");
  in.push_back(
      R"({"apiVersion":"v1","kind":"List","metadata":{"remainingItemCount":18446744073709551615},"items":[]})");
  in.push_back(
      R"({"apiVersion":"v1","kind":"Status","status":5,"code":1e300,"details":{"causes":[5,{"field":1}]}})");
  in.push_back(
      R"({"apiVersion":"v1","kind":"Status","code":99999999999,"details":{"retryAfterSeconds":-99999999999}})");
  in.push_back(R"({"metadata":{"managedFields":[{"fieldsV1":)" + Arrays(9990) + "}]}}");
  in.push_back(
      R"({"apiVersion":"v1","kind":"K","metadata":{"deletionGracePeriodSeconds":1.5,"generation":-1e19}})");
  in.push_back("[]");
  in.push_back("\"str\"");
  in.push_back("1e400");
  in.push_back("");
  return in;
}

template <typename F>
void OnlyOurErrors(const std::string& input, const char* entry, F&& fn) {
  try {
    fn();
  } catch (const apimachinery::Error&) {
    SUCCEED();  // refused with one of ours: what the test requires of hostile input
  } catch (const std::exception& e) {
    FAIL(entry << " let " << typeid(e).name() << " escape: " << e.what()
               << "\ninput: " << apimachinery::util::Quote(input.substr(0, 300)));
  } catch (...) {
    FAIL(entry << " let a non-std exception escape\ninput: "
               << apimachinery::util::Quote(input.substr(0, 300)));
  }
}

TEST_CASE(
    "hostile input at every runtime and metav1 decode/encode entry point gives only apimachinery::Error",
    "[runtime][json]") {
  const runtime::JSONSerializer lenient(WireScheme());
  const runtime::JSONSerializer strict(WireScheme(), {.strict = true});
  const runtime::JSONSerializer pretty(WireScheme(), {.pretty = true, .unstructured_fallback = false});
  for (const std::string& in : HostileInputs()) {
    for (const runtime::JSONSerializer* codec : {&lenient, &strict, &pretty}) {
      OnlyOurErrors(in, "JSONSerializer::Decode + Encode", [&] {
        std::unique_ptr<runtime::Object> obj;
        try {
          obj = codec->Decode(in);
        } catch (const runtime::StrictDecodingErrorWithObject& e) {
          obj = e.strict_object()->DeepCopyObject();
        }
        (void)codec->Encode(*obj);
        (void)codec->Encode(*obj, widgets::kV2);
      });
      OnlyOurErrors(in, "JSONSerializer::DecodeUnstructured + Encode", [&] {
        auto obj = codec->DecodeUnstructured(in);
        (void)codec->Encode(*obj);
      });
      OnlyOurErrors(in, "JSONSerializer::DecodeInto(v1::Widget) + Encode", [&] {
        widgets::v1::Widget w;
        (void)codec->DecodeInto(in, w);
        (void)codec->Encode(w);
      });
      OnlyOurErrors(in, "JSONSerializer::DecodeInto(Unstructured)", [&] {
        runtime::Unstructured u;
        (void)codec->DecodeInto(in, u);
        (void)codec->Encode(u);
      });
      OnlyOurErrors(in, "JSONSerializer::DecodeInto(UnstructuredList)", [&] {
        runtime::UnstructuredList u;
        (void)codec->DecodeInto(in, u);
        (void)codec->Encode(u);
      });
    }
    OnlyOurErrors(in, "Unstructured::UnmarshalJSON + MarshalJSON", [&] {
      runtime::Unstructured u;
      try {
        u.UnmarshalJSON(in);
      } catch (const runtime::MissingKindError&) {
      }
      (void)u.MarshalJSON();
      (void)runtime::UnstructuredToObject(WireScheme(), u);
    });
    OnlyOurErrors(in, "UnstructuredList::UnmarshalJSON + MarshalJSON", [&] {
      runtime::UnstructuredList u;
      try {
        u.UnmarshalJSON(in);
      } catch (const runtime::MissingKindError&) {
      }
      (void)u.MarshalJSON();
    });
    OnlyOurErrors(in, "runtime::DecodeUnstructured", [&] { (void)runtime::DecodeUnstructured(in); });
    OnlyOurErrors(in, "runtime::UnmarshalJSON(v1::Widget) + Encode", [&] {
      widgets::v1::Widget w;
      runtime::UnmarshalJSON(in, w);
      (void)lenient.Encode(w);
    });
    OnlyOurErrors(in, "SetUnstructuredContent / from_json", [&] {
      json doc = ujson::Parse(in);
      for (const json* part : {&doc, doc.is_object() && doc.contains("metadata") ? &doc["metadata"] : &doc}) {
        OnlyOurErrors(in, "Unstructured::SetUnstructuredContent", [&] {
          runtime::Unstructured u;
          u.SetUnstructuredContent(ujson::DeepCopy(*part));
          (void)u.MarshalJSON();
        });
        OnlyOurErrors(in, "UnstructuredList::SetUnstructuredContent", [&] {
          runtime::UnstructuredList u;
          u.SetUnstructuredContent(ujson::DeepCopy(*part));
          (void)u.MarshalJSON();
        });
        OnlyOurErrors(in, "from_json(ObjectMeta)", [&] {
          metav1::ObjectMeta m;
          from_json(*part, m);
          json j;
          to_json(j, m);
          (void)ujson::Marshal(j);
        });
        OnlyOurErrors(in, "from_json(ListMeta)", [&] {
          metav1::ListMeta m;
          from_json(*part, m);
        });
        OnlyOurErrors(in, "from_json(Status)", [&] {
          metav1::Status s;
          from_json(*part, s);
          json j;
          to_json(j, s);
          (void)ujson::Marshal(j);
        });
        OnlyOurErrors(in, "from_json(PartialObjectMetadata)", [&] {
          metav1::PartialObjectMetadata p;
          from_json(*part, p);
          json j;
          to_json(j, p);
          (void)ujson::Marshal(j);
        });
        OnlyOurErrors(in, "from_json(PartialObjectMetadataList)", [&] {
          metav1::PartialObjectMetadataList p;
          from_json(*part, p);
        });
        OnlyOurErrors(in, "from_json(v1::Widget)", [&] {
          widgets::v1::Widget w;
          from_json(*part, w);
        });
      }
    });
  }
}

}  // namespace runtime_json_wire_test
