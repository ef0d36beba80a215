// Tests for runtime/codec_json.hpp: decode by apiVersion/kind into typed objects or Unstructured,
// encode with apiVersion/kind, typed <-> Unstructured, strict mode, typed errors.
#include "apimachinery/runtime/codec_json.hpp"

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "../../examples/widgets/widgets.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_codec_json_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace conversion = apimachinery::conversion;
using apimachinery::metav1::DecodeError;
using apimachinery::util::TypeIdOf;

namespace {
const runtime::Scheme& Widgets() {
  static const runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("codec");
    widgets::AddToScheme(*scheme);
    return scheme;
  }();
  return *s;
}

std::string SampleV1JSON() {
  runtime::JSONSerializer codec(Widgets());
  return codec.Encode(widgets::SampleV1beta1(), widgets::kV1);
}
}  // namespace

TEST_CASE("Decode: registered kinds give typed objects", "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  std::string data = SampleV1JSON();
  auto obj = codec.Decode(data);
  REQUIRE(obj->GetTypeId() == TypeIdOf<widgets::v1::Widget>());
  const auto& w = static_cast<const widgets::v1::Widget&>(*obj);
  CHECK(w.GetObjectKind() == widgets::kV1.WithKind("Widget"));
  CHECK(w.spec.image == "registry.example.com/shop/frontend:1.14.2");
  CHECK(w.spec.template_.containers.size() == 2);
  CHECK(w.metadata.labels.at("tier") == "web");

  // Encode -> Decode round trip is lossless.
  auto again = codec.Decode(codec.Encode(*obj));
  CHECK_FALSE(conversion::FirstDifference(w, static_cast<const widgets::v1::Widget&>(*again)));
  CHECK(nlohmann::json::parse(codec.Encode(*again)) == nlohmann::json::parse(data));

  // Every version decodes into its own type.
  std::string b = codec.Encode(widgets::SampleV1beta1());
  CHECK(codec.Decode(b)->GetTypeId() == TypeIdOf<widgets::v1beta1::Widget>());
  std::string v2 = codec.Encode(widgets::SampleV1beta1(), widgets::kV2);
  CHECK(nlohmann::json::parse(v2).at("apiVersion") == "widgets.example.com/v2");
  CHECK(codec.Decode(v2)->GetTypeId() == TypeIdOf<widgets::v2::Widget>());
}

TEST_CASE("Decode: unregistered kinds give Unstructured (or an error when asked)", "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  const std::string pod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"x":1}})";
  auto obj = codec.Decode(pod);
  REQUIRE(obj->GetTypeId() == TypeIdOf<runtime::Unstructured>());
  const auto& u = static_cast<const runtime::Unstructured&>(*obj);
  CHECK(u.GetName() == "p");
  CHECK(u.GetKind() == "Pod");
  CHECK(u.Body().at("spec").at("x") == 1);

  const std::string list =
      R"({"apiVersion":"v1","kind":"PodList","items":[{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"}}]})";
  auto l = codec.Decode(list);
  REQUIRE(l->GetTypeId() == TypeIdOf<runtime::UnstructuredList>());
  CHECK(static_cast<const runtime::UnstructuredList&>(*l).items.size() == 1);

  // Forced: a registered kind as Unstructured.
  auto forced = codec.DecodeUnstructured(SampleV1JSON());
  REQUIRE(forced->GetTypeId() == TypeIdOf<runtime::Unstructured>());
  CHECK(static_cast<const runtime::Unstructured&>(*forced).GetName() == "frontend");

  runtime::JSONSerializer no_fallback(Widgets(),
                                      {.strict = false, .pretty = false, .unstructured_fallback = false});
  REQUIRE_THROWS_AS(no_fallback.Decode(pod), runtime::NotRegisteredError);
  REQUIRE_THROWS_WITH(no_fallback.Decode(pod),
                      "no kind \"Pod\" is registered for version \"v1\" in scheme \"codec\"");
}

TEST_CASE("Decode of a list: items without kind and apiVersion get the list's (decodeToList)",
          "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  const std::string list =
      R"({"apiVersion":"apps/v1","kind":"DeploymentList","metadata":{"resourceVersion":"7"},"items":[)"
      R"({"metadata":{"name":"a"}},{"kind":"Other","metadata":{"name":"b"}},)"
      R"({"apiVersion":"x/v2","metadata":{"name":"c"}}]})";
  for (const auto& obj : {codec.Decode(list), codec.DecodeUnstructured(list)}) {
    REQUIRE(obj->GetTypeId() == TypeIdOf<runtime::UnstructuredList>());
    const auto& l = static_cast<const runtime::UnstructuredList&>(*obj);
    REQUIRE(l.items.size() == 3);
    CHECK(l.items[0].GetKind() == "Deployment");
    CHECK(l.items[0].GetAPIVersion() == "apps/v1");
    // Only an item with neither is stamped, as upstream.
    CHECK(l.items[1].GetKind() == "Other");
    CHECK(l.items[1].GetAPIVersion().empty());
    CHECK(l.items[2].GetKind().empty());
    CHECK(l.items[2].GetAPIVersion() == "x/v2");
  }
  runtime::UnstructuredList into;
  into.UnmarshalJSON(list);
  CHECK(into.items.at(0).GroupVersionKind() == schema::GroupVersionKind{"apps", "v1", "Deployment"});
  CHECK(into.items.at(1).GetAPIVersion().empty());
}

TEST_CASE("Decode errors: malformed JSON, missing kind/version, wrong types", "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  REQUIRE_THROWS_AS(codec.Decode("{not json"), DecodeError);
  REQUIRE_THROWS_WITH(codec.Decode("{not json"),
                      Catch::StartsWith("couldn't get version/kind; json parse error: "));
  REQUIRE_THROWS_WITH(codec.Decode("[1,2]"),
                      "couldn't get version/kind; json parse error: json: cannot unmarshal array "
                      "into Go value of type struct { APIVersion string "
                      "\"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
                      "\"json:\\\"kind,omitempty\\\"\" }");
  REQUIRE_THROWS_WITH(codec.Decode(R"({"apiVersion":5,"kind":"Widget"})"),
                      "couldn't get version/kind; json parse error: json: cannot unmarshal number "
                      "into Go struct field .apiVersion of type string");

  REQUIRE_THROWS_AS(codec.Decode(R"({"apiVersion":"v1"})"), runtime::MissingKindError);
  REQUIRE_THROWS_WITH(codec.Decode(R"({"apiVersion":"v1"})"),
                      R"(Object 'Kind' is missing in '{"apiVersion":"v1"}')");
  REQUIRE_THROWS_AS(codec.Decode(R"({"kind":"Widget"})"), runtime::MissingVersionError);
  REQUIRE_THROWS_WITH(codec.Decode(R"({"kind":"Widget"})"),
                      R"(Object 'apiVersion' is missing in '{"kind":"Widget"}')");

  const std::string bad =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","spec":{"replicas":"three"}})";
  REQUIRE_THROWS_AS(codec.Decode(bad), DecodeError);
  REQUIRE_THROWS_WITH(codec.Decode(bad),
                      "json: cannot unmarshal string into Go struct field WidgetSpec.spec.replicas of "
                      "type int32");
  const std::string bad_meta =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"name":5}})";
  REQUIRE_THROWS_AS(codec.Decode(bad_meta), DecodeError);
}

TEST_CASE("Decode defaults fill a missing kind or group/version", "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  schema::GroupVersionKind def{"widgets.example.com", "v2", "Widget"};
  auto obj = codec.Decode(R"({"spec":{"color":"red"}})", &def);
  REQUIRE(obj->GetTypeId() == TypeIdOf<widgets::v2::Widget>());
  CHECK(static_cast<const widgets::v2::Widget&>(*obj).spec.color == "red");
  auto v1 = codec.Decode(R"({"apiVersion":"widgets.example.com/v1"})", &def);
  CHECK(v1->GetTypeId() == TypeIdOf<widgets::v1::Widget>());
}

TEST_CASE("Strict mode: unknown and duplicate fields", "[runtime][codec][strict]") {
  const std::string data =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget",
          "metadata":{"name":"a","name":"b","bogusMeta":1},
          "spec":{"replicas":2,"imageTypo":"x","template":{"containers":[{"name":"c","extra":true}]}}})";
  runtime::JSONSerializer lenient(Widgets());
  auto obj = lenient.Decode(data);
  const auto& w = static_cast<const widgets::v1::Widget&>(*obj);
  CHECK(w.metadata.name == "b");  // last duplicate wins, as Go
  CHECK(w.spec.replicas == 2);

  runtime::JSONSerializer strict(Widgets(), {.strict = true});
  try {
    strict.Decode(data);
    FAIL("expected StrictDecodingError");
  } catch (const runtime::StrictDecodingErrorWithObject& e) {
    CHECK(runtime::IsStrictDecodingError(e));
    CHECK(e.errors == std::vector<std::string>{"unknown field \"metadata.bogusMeta\"",
                                               "unknown field \"spec.imageTypo\"",
                                               "unknown field \"spec.template.containers[0].extra\"",
                                               "duplicate field \"metadata.name\""});
    CHECK(std::string(e.what()).rfind("strict decoding error: unknown field \"metadata.bogusMeta\", ", 0) ==
          0);
    REQUIRE(e.strict_object() != nullptr);
    CHECK(static_cast<const widgets::v1::Widget&>(*e.strict_object()).spec.replicas == 2);
  }
  // A clean document passes strict decoding.
  REQUIRE_NOTHROW(strict.Decode(SampleV1JSON()));
  // Unstructured: duplicates and unknown metadata keys.
  try {
    strict.Decode(R"({"apiVersion":"v1","kind":"Pod","spec":{"a":1,"a":2},"metadata":{"nmae":"x"}})");
    FAIL("expected StrictDecodingError");
  } catch (const runtime::StrictDecodingError& e) {
    CHECK(e.errors ==
          std::vector<std::string>{"unknown field \"metadata.nmae\"", "duplicate field \"spec.a\""});
  }
  // Duplicates inside arrays carry the index.
  try {
    strict.Decode(R"({"apiVersion":"v1","kind":"Pod","items2":[{"k":1},{"k":1,"k":2}]})");
    FAIL("expected StrictDecodingError");
  } catch (const runtime::StrictDecodingError& e) {
    CHECK(e.errors == std::vector<std::string>{"duplicate field \"items2[1].k\""});
  }
  // In a typed object: the path through arrays, and duplicates inside a duplicated value.
  try {
    strict.Decode(R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","spec":{"template":
        {"containers":[{"name":"a"},{"name":"b","name":"c"}]},"selector":{"x":"1"},"selector":{"y":"2","y":"3"}}})");
    FAIL("expected StrictDecodingError");
  } catch (const runtime::StrictDecodingErrorWithObject& e) {
    CHECK(e.errors == std::vector<std::string>{"duplicate field \"spec.template.containers[1].name\"",
                                               "duplicate field \"spec.selector\"",
                                               "duplicate field \"spec.selector.y\""});
    const auto& last = static_cast<const widgets::v1::Widget&>(*e.strict_object());
    CHECK(last.spec.template_.containers.at(1).name == "c");
    CHECK(last.spec.selector == std::map<std::string, std::string>{{"y", "3"}});
  }
}

TEST_CASE("Decode names a refused number by its literal, as Go's decoder", "[runtime][codec]") {
  // Go 1.26 (sigs.k8s.io/json, which the serializer uses): UnmarshalTypeError's "number <literal>".
  runtime::JSONSerializer codec(Widgets());
  const auto decode = [&](const std::string& replicas) {
    return codec.Decode(R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","spec":{"template":{},
        "replicas":)" + replicas +
                        "}}");
  };
  for (const std::string literal : {"1.50", "1e2", "1E2", "2.0", "-0.0", "4294967298", "1e400x"}) {
    INFO(literal);
    if (literal == "1e400x") {
      CHECK_THROWS_AS(decode(literal), DecodeError);  // a syntax error, not a number
      continue;
    }
    CHECK_THROWS_WITH(decode(literal), "json: cannot unmarshal number " + literal +
                                           " into Go struct field WidgetSpec.spec.replicas of type int32");
  }
  // `-0` is accepted by a signed member (Go's ParseInt), in an array element as in a member.
  auto w = decode("-0");
  CHECK(static_cast<const widgets::v1::Widget&>(*w).spec.replicas == 0);
  // The literal of a float inside an array is found too.
  CHECK_THROWS_WITH(codec.Decode(R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","spec":{"template":
          {"containers":[{"name":"a","ports":[{"containerPort":80},{"containerPort":8.50}]}]}}})"),
                    Catch::Contains("cannot unmarshal number 8.50 into Go struct field"));
}

TEST_CASE("Encode: apiVersion/kind set, pretty, unregistered types", "[runtime][codec]") {
  runtime::JSONSerializer codec(Widgets());
  widgets::v1::Widget w;
  w.metadata.name = "x";
  nlohmann::json j = codec.ToJSON(w);  // no TypeMeta on the object: stamped from the scheme
  CHECK(j.at("apiVersion") == "widgets.example.com/v1");
  CHECK(j.at("kind") == "Widget");
  runtime::JSONSerializer pretty(Widgets(), {.pretty = true});
  CHECK(pretty.Encode(w).find("\n  ") != std::string::npos);

  struct Stray : runtime::ObjectBase<Stray> {
    apimachinery::metav1::TypeMeta type_meta;
  };
  REQUIRE_THROWS_AS(codec.Encode(Stray{}), runtime::NotRegisteredError);

  runtime::Unstructured u(nlohmann::json{{"apiVersion", "v1"}, {"kind", "Pod"}});
  CHECK(nlohmann::json::parse(codec.Encode(u)) == nlohmann::json{{"apiVersion", "v1"}, {"kind", "Pod"}});
}

TEST_CASE("Typed <-> Unstructured through the scheme", "[runtime][codec][unstructured]") {
  const runtime::Scheme& s = Widgets();
  auto typed = s.ConvertToVersion(widgets::SampleV1beta1(), widgets::kV1);
  runtime::Unstructured u = runtime::ObjectToUnstructured(s, *typed);
  CHECK(u.GetAPIVersion() == "widgets.example.com/v1");
  CHECK(u.GetName() == "frontend");
  CHECK(u.Body().at("spec").at("image") == "registry.example.com/shop/frontend:1.14.2");
  auto back = runtime::UnstructuredToObject(s, u);
  REQUIRE(back->GetTypeId() == TypeIdOf<widgets::v1::Widget>());
  CHECK_FALSE(conversion::FirstDifference(static_cast<const widgets::v1::Widget&>(*typed),
                                          static_cast<const widgets::v1::Widget&>(*back)));

  // Unstructured -> another version through ConvertToVersion (the typed object in between).
  auto v2 = s.ConvertToVersion(u, widgets::kV2);
  REQUIRE(v2->GetTypeId() == TypeIdOf<widgets::v2::Widget>());
  CHECK(v2->GetObjectKind() == widgets::kV2.WithKind("Widget"));

  // Scheme::Convert typed -> Unstructured (versioned object: direct) and internal with a target.
  runtime::Unstructured out;
  s.Convert(*typed, out);
  CHECK(out.GetKind() == "Widget");
  auto hub = s.ConvertToVersion(*typed, runtime::InternalGroupVersioner);
  runtime::Unstructured out2;
  REQUIRE_THROWS_WITH(s.Convert(*hub, out2),
                      "unable to convert the internal object type widgets::hub::Widget to "
                      "Unstructured without providing a preferred version to convert to");
  s.Convert(*hub, out2, runtime::GroupVersioner(widgets::kV2));
  CHECK(out2.GetAPIVersion() == "widgets.example.com/v2");
  // ObjectToUnstructured of the hub object: refused as Convert without a GroupVersioner (upstream
  // never stamps an `__internal` apiVersion), also when its TypeMeta names the internal version.
  REQUIRE(hub->GetObjectKind().version.empty());
  REQUIRE_THROWS_WITH(runtime::ObjectToUnstructured(s, *hub),
                      "unable to convert the internal object type widgets::hub::Widget to "
                      "Unstructured without providing a preferred version to convert to");
  std::unique_ptr<runtime::Object> stamped = hub->DeepCopyObject();
  stamped->SetGroupVersionKind(widgets::kInternalGV.WithKind("Widget"));
  CHECK_THROWS_AS(runtime::ObjectToUnstructured(s, *stamped), apimachinery::Error);
  // A versioned object whose TypeMeta is empty gets its first registered kind.
  widgets::v1::Widget bare = static_cast<const widgets::v1::Widget&>(*typed);
  bare.type_meta = {};
  CHECK(runtime::ObjectToUnstructured(s, bare).GetAPIVersion() == "widgets.example.com/v1");

  // Unstructured of an unknown kind.
  runtime::Unstructured pod(nlohmann::json{{"apiVersion", "v1"}, {"kind", "Pod"}});
  REQUIRE_THROWS_AS(runtime::UnstructuredToObject(s, pod), runtime::NotRegisteredError);
  runtime::Unstructured nokind(nlohmann::json{{"apiVersion", "v1"}});
  REQUIRE_THROWS_WITH(s.ObjectKinds(nokind), "Object 'Kind' is missing in 'unstructured object has no kind'");
  runtime::Unstructured noversion(nlohmann::json{{"kind", "Pod"}});
  REQUIRE_THROWS_WITH(s.ObjectKinds(noversion),
                      "Object 'apiVersion' is missing in 'unstructured object has no version'");
  // Wrong field types surface with the unstructured converter's text (converter.go).
  runtime::Unstructured wrong(nlohmann::json{
      {"apiVersion", "widgets.example.com/v1"}, {"kind", "Widget"}, {"spec", {{"replicas", "x"}}}});
  REQUIRE_THROWS_WITH(runtime::UnstructuredToObject(s, wrong),
                      "unable to convert unstructured object to widgets.example.com/v1, Kind=Widget: "
                      "unrecognized type: int32");
}

}  // namespace runtime_codec_json_test
